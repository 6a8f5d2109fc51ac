package main

import "context"

func chiu(ctx context.Context, r *report) error { return nil }
