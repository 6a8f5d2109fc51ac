package main

import "context"

func mayorov(ctx context.Context, r *report) error { return nil }
