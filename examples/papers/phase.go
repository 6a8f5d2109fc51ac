package main

import "context"

func phase(ctx context.Context, r *report) error { return nil }
