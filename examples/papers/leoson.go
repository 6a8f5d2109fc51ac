package main

import "context"

func leoson(ctx context.Context, r *report) error { return nil }
