package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/sudoku"
)

// benchInput reads every puzzle of one input, then solves them twice: one
// at a time with o.workers each, and as a batch with one puzzle per
// processor at once; with o.count it also counts their solutions, one at a
// time, between the two. It prints a line of figures for each pass and
// returns how many puzzles it read and the exit status.
func benchInput(ctx context.Context, sc *sudoku.Scanner, in cli.Input, o options, out *bufio.Writer, errOut io.Writer) (int, int) {
	var puzzles []*sudoku.Board
	unreadable := 0
	for sc.Scan() {
		if p, err := sc.Board(); err != nil {
			unreadable++
		} else {
			puzzles = append(puzzles, p)
		}
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(errOut, "solve: %s: %v\n", in.Name, err)
		return len(puzzles) + unreadable, 2
	}
	n := len(puzzles) + unreadable
	if n == 0 {
		return 0, 0
	}
	name := strings.TrimSuffix(filepath.Base(in.Name), ".txt")

	// One puzzle at a time.
	one := bench{count: n, failed: unreadable}
	var wall time.Duration
	for _, p := range puzzles {
		t := time.Now()
		sol, err := solveWithin(ctx, p, limits{workers: o.workers, timeout: o.timeout})
		elapsed := time.Since(t)
		one.timedOut += timedOut(err)
		one.times = append(one.times, elapsed)
		wall += elapsed
		if err == nil {
			err = cli.CheckSolution(p, sol)
		}
		if err != nil {
			one.failed++
		}
		if errors.Is(err, context.Canceled) {
			fmt.Fprintln(out, one.line(name, wall, "interrupted"))
			return n, 1
		}
	}
	workers := "one per processor"
	if o.workers > 0 {
		workers = strconv.Itoa(o.workers)
	}
	fmt.Fprintln(out, one.line(name, wall, "one at a time, workers "+workers+one.timeouts(o.timeout)))
	if o.count {
		counted, wall, interrupted := countPass(ctx, puzzles, unreadable, o)
		if interrupted {
			fmt.Fprintln(out, counted.line(name, wall, "interrupted"))
			return n, 1
		}
		fmt.Fprintln(out, counted.line(name, wall, countNote(o)+", workers "+workers+counted.timeouts(o.timeout)))
		one.failed += counted.failed - unreadable
	}

	// A batch: each processor takes the next puzzle.
	procs := runtime.GOMAXPROCS(0)
	batch := bench{count: n, failed: unreadable, times: make([]time.Duration, len(puzzles))}
	sols := make([]*sudoku.Board, len(puzzles))
	var next, batchTimedOut atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	start := time.Now()
	for range procs {
		g.Go(func() error {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(puzzles) {
					return nil
				}
				t := time.Now()
				sol, err := solveWithin(gctx, puzzles[i], limits{workers: 1, timeout: o.timeout})
				batch.times[i] = time.Since(t)
				if timedOut(err) > 0 {
					batchTimedOut.Add(1)
				}
				sols[i] = sol
				if errors.Is(err, context.Canceled) {
					return err
				}
			}
		})
	}
	err := g.Wait()
	elapsed := time.Since(start)
	for i, sol := range sols {
		if sol == nil || cli.CheckSolution(puzzles[i], sol) != nil {
			batch.failed++
		}
	}
	batch.timedOut = int(batchTimedOut.Load())
	note := fmt.Sprintf("batch, %d at a time, 1 worker each%s", procs, batch.timeouts(o.timeout))
	if err != nil {
		note = "batch interrupted"
	}
	fmt.Fprintln(out, batch.line(name, elapsed, note))
	if one.failed > 0 || batch.failed > 0 || err != nil {
		return n, 1
	}
	return n, 0
}

// bench gathers the figures of one pass over an input.
type bench struct {
	count, failed int
	timedOut      int             // of the failures, how many ran out of time
	times         []time.Duration // per puzzle solved (or tried)
}

// timedOut returns 1 when err says a solve ran out of time, else 0.
func timedOut(err error) int {
	if errors.Is(err, context.DeadlineExceeded) {
		return 1
	}
	return 0
}

// timeouts tells, for the note of a line, how many puzzles of the pass ran
// out of the time limit, if there is one.
func (b *bench) timeouts(limit time.Duration) string {
	if limit <= 0 {
		return ""
	}
	return fmt.Sprintf(", %d timed out at %v", b.timedOut, limit)
}

// line formats the figures of a pass that took wall time in all.
func (b *bench) line(name string, wall time.Duration, note string) string {
	if len(b.times) == 0 {
		return fmt.Sprintf("%s: %d puzzles, %d failed (%s)", name, b.count, b.failed, note)
	}
	slices.Sort(b.times)
	micro := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }
	rate := float64(len(b.times)) / wall.Seconds()
	rateText := strconv.FormatFloat(rate, 'f', 0, 64)
	if rate < 100 {
		rateText = strconv.FormatFloat(rate, 'g', 3, 64)
	}
	return fmt.Sprintf("%s: %d puzzles, %d failed, %s puzzles/s, median %.1f µs, max %.1f µs (%s)",
		name, b.count, b.failed, rateText, micro(cli.Median(b.times)), micro(b.times[len(b.times)-1]), note)
}
