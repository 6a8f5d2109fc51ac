package main

import (
	"context"
	"time"

	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// solveWithin solves puzzle with the given workers, giving up with
// context.DeadlineExceeded after timeout when timeout is above zero. Every
// solve of the command goes through it.
func solveWithin(ctx context.Context, puzzle *sudoku.Board, workers int, timeout time.Duration) (*sudoku.Board, error) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	return search.Solve(ctx, puzzle, search.WithWorkers(workers))
}
