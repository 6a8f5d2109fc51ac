package main

import (
	"context"
	"fmt"
	"io"
	"time"

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
	w := &progressWriter{out: l.progress, name: l.name, every: l.every, next: l.every, finished: finished}
	return ctx, append(opts, search.WithObserver(w.observe)), func(err error) {
		cancel()
		w.done(*st, err)
	}
}

// progressWriter prints the progress of one search, once it has run a
// while.
type progressWriter struct {
	out      io.Writer
	name     string
	every    time.Duration
	next     time.Duration // the elapsed time the next line is due at
	printed  bool
	finished string // the outcome of a search that was not stopped
}

// observe is the search's observer: it prints a line when one is due.
// It never stops the search.
func (w *progressWriter) observe(p search.Progress) error {
	if p.Elapsed < w.next {
		return nil
	}
	w.next = p.Elapsed + w.every
	w.printed = true
	fmt.Fprintf(w.out, "solve: %s: %.1f s, %d nodes (%s nodes/s), %d restarts, depth %d, %d of %d cells decided (best %d)\n",
		w.name, p.Elapsed.Seconds(), p.Nodes, rate(p.Nodes, p.Elapsed), p.Restarts, p.Depth, p.Decided, p.Cells, p.BestDecided)
	return nil
}

// done closes the progress of a search that printed any, with its outcome
// (and the tabu search's swaps and the clause-learning search's
// conflicts, when there were any).
func (w *progressWriter) done(st search.Stats, err error) {
	if !w.printed {
		return
	}
	outcome := w.finished
	if err != nil {
		outcome = "stopped: " + err.Error()
	}
	swaps := ""
	if st.Moves > 0 {
		swaps = fmt.Sprintf(", %d tabu swaps", st.Moves)
	}
	if st.Conflicts > 0 {
		swaps += fmt.Sprintf(", %d clause-learning conflicts", st.Conflicts)
	}
	fmt.Fprintf(w.out, "solve: %s: %s after %.1f s, %d nodes, %d restarts%s\n",
		w.name, outcome, st.Elapsed.Seconds(), st.Nodes, st.Restarts, swaps)
}

// rate formats nodes per elapsed time with three significant digits.
func rate(nodes int64, elapsed time.Duration) string {
	if elapsed <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.3g", float64(nodes)/elapsed.Seconds())
}
