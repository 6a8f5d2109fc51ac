package main

import (
	"context"
	"errors"
	"time"

	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// solveExact solves b with package search on workers within limit, and
// checks the answer; solved is false when the limit came first.
func solveExact(ctx context.Context, b *sudoku.Board, workers int, limit time.Duration, opts ...search.Option) (took time.Duration, solved bool, err error) {
	rctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := time.Now()
	sol, err := search.Solve(rctx, b, append([]search.Option{search.WithWorkers(workers)}, opts...)...)
	took = time.Since(start)
	switch {
	case ctx.Err() != nil:
		return took, false, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded):
		return took, false, nil
	case err != nil:
		return took, false, err
	}
	return took, true, cli.CheckSolution(b, sol)
}
