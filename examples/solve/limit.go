package main

import (
	"context"
	"io"
	"time"

	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// limits says how a search of the command (a solve or a count) is
// bounded and watched.
type limits struct {
	workers int
	// timeout, when above zero, ends a search with
	// context.DeadlineExceeded after that long.
	timeout time.Duration
	// progress, when not nil, is where a search that runs longer than
	// every prints a line of progress, then another every interval.
	progress io.Writer
	every    time.Duration
	name     string // the puzzle's name in progress lines, as "file:3"
}

// solveWithin solves puzzle within the limits l sets. Every solve of the
// command goes through it.
func solveWithin(ctx context.Context, puzzle *sudoku.Board, l limits) (*sudoku.Board, error) {
	var st search.Stats
	ctx, opts, done := l.start(ctx, &st, "solved")
	sol, err := search.Solve(ctx, puzzle, opts...)
	done(err)
	return sol, err
}

// countWithin counts the solutions of puzzle up to limit within the
// limits l sets, with the search's figures in st. Every count of the
// command goes through it.
func countWithin(ctx context.Context, puzzle *sudoku.Board, limit int, l limits, st *search.Stats) (int, error) {
	ctx, opts, done := l.start(ctx, st, "counted")
	n, err := search.Count(ctx, puzzle, limit, opts...)
	done(err)
	return n, err
}

// start returns the context and the options of one search within l, its
// figures going to st, and the function to call with the search's error
// once it has returned: it ends the timeout, and the progress lines with
// the outcome (finished, as "solved", or stopped).
func (l limits) start(ctx context.Context, st *search.Stats, finished string) (context.Context, []search.Option, func(error)) {
	cancel := context.CancelFunc(func() {})
	if l.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, l.timeout)
	}
	opts := []search.Option{search.WithWorkers(l.workers), search.WithStats(st)}
	if l.progress == nil || l.every <= 0 {
		return ctx, opts, func(error) { cancel() }
	}
	p := cli.NewProgress(l.progress, "solve: "+l.name, l.every, finished)
	return ctx, append(opts, search.WithObserver(p.Observe)), func(err error) {
		cancel()
		p.Done(*st, err)
	}
}
