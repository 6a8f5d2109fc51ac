package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// countText says how many solutions a count of n up to limit found:
// "no solution", "unique", "N solutions", or "at least N solutions" when
// the count reached the limit (and the limit is above 1).
func countText(n, limit int) string {
	switch {
	case n == 0:
		return "no solution"
	case n == 1 && limit != 1:
		return "unique"
	case limit > 0 && n >= limit:
		if n == 1 {
			return "at least 1 solution"
		}
		return fmt.Sprintf("at least %d solutions", n)
	}
	return fmt.Sprintf("%d solutions", n)
}

// statsText formats the figures of one search.
func statsText(st search.Stats) string {
	return fmt.Sprintf("nodes %d, guesses %d, dead ends %d, %.1f µs",
		st.Nodes, st.Guesses, st.DeadEnds, float64(st.Elapsed.Nanoseconds())/1e3)
}

// countInput counts the solutions of every puzzle of one input up to
// o.limit and prints, for each, how many it has and the search's
// figures. It returns how many puzzles it read and the exit status: 1
// when a puzzle could not be read or counted.
func countInput(ctx context.Context, sc *sudoku.Scanner, in cli.Input, o options, out *bufio.Writer, errOut io.Writer) (int, int) {
	status, n := 0, 0
	for sc.Scan() {
		n++
		var (
			count int
			st    search.Stats
		)
		puzzle, err := sc.Board()
		if err == nil {
			l := limits{workers: o.workers, timeout: o.timeout, progress: errOut, every: o.progress,
				name: fmt.Sprintf("%s:%d", in.Name, sc.Line())}
			count, err = countWithin(ctx, puzzle, o.limit, l, &st)
		}
		if err != nil {
			status = 1
		}
		switch o.output.Format {
		case "json":
			rec := struct {
				Input     string        `json:"input"`
				Line      int           `json:"line"`
				Solutions int           `json:"solutions"`
				Limit     int           `json:"limit"`
				Stats     *search.Stats `json:"stats,omitempty"`
				Error     string        `json:"error,omitempty"`
			}{Input: in.Name, Line: sc.Line(), Solutions: count, Limit: o.limit}
			if puzzle != nil {
				rec.Stats = &st
			}
			if err != nil {
				rec.Error = err.Error()
			}
			data, _ := json.Marshal(rec)
			fmt.Fprintf(out, "%s\n", data)
		default:
			if err != nil && puzzle == nil {
				fmt.Fprintf(out, "%s:%d: error: %v\n", in.Name, sc.Line(), err)
			} else if err != nil {
				fmt.Fprintf(out, "%s:%d: error: %v (%s counted; %s)\n", in.Name, sc.Line(), err, countText(count, 0), statsText(st))
			} else {
				fmt.Fprintf(out, "%s:%d: %s (%s)\n", in.Name, sc.Line(), countText(count, o.limit), statsText(st))
			}
		}
		if errors.Is(err, context.Canceled) {
			return n, 1
		}
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(errOut, "solve: %s: %v\n", in.Name, err)
		return n, 2
	}
	return n, status
}

// countPass counts the solutions of every puzzle up to o.limit, one at a
// time with o.workers each, and returns the pass's figures for
// bench.line; unreadable puzzles, errors and puzzles without a solution
// count as failed. interrupted is set when ctx was canceled.
func countPass(ctx context.Context, puzzles []*sudoku.Board, unreadable int, o options) (b bench, wall time.Duration, interrupted bool) {
	b = bench{count: len(puzzles) + unreadable, failed: unreadable}
	for _, p := range puzzles {
		t := time.Now()
		var st search.Stats
		n, err := countWithin(ctx, p, o.limit, limits{workers: o.workers, timeout: o.timeout}, &st)
		elapsed := time.Since(t)
		b.times = append(b.times, elapsed)
		wall += elapsed
		if err != nil || n == 0 {
			b.failed++
			b.timedOut += timedOut(err)
		}
		if errors.Is(err, context.Canceled) {
			return b, wall, true
		}
	}
	return b, wall, false
}

// countNote names a count pass in its bench line.
func countNote(o options) string {
	if o.limit == 0 {
		return "count all, one at a time"
	}
	return fmt.Sprintf("count to %d, one at a time", o.limit)
}
