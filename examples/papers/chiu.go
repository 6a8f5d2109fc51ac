package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"time"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

func chiu(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.heading(3, "16x16 \"evil\" puzzles, serial and parallel")
	g16, err := sudoku.GeometryForSize(16)
	if err != nil {
		return err
	}
	// Evil in the paper's sense: minimal, no clue can go. Ours are made by
	// the generator, and the reference set is added when present.
	made, err := generate.Batch(ctx, g16, cfg.runs, generate.WithSeed(cfg.seed), generate.WithWorkers(cfg.workers))
	if err != nil {
		return err
	}
	// set is a set of puzzles timed together.
	type set struct {
		name   string
		boards []*sudoku.Board
	}
	sets := []set{{fmt.Sprintf("%d minimal 16x16 made by package generate", len(made)), nil}}
	for _, p := range made {
		sets[0].boards = append(sets[0].boards, p.Board)
	}
	lines, err := readPuzzles(cfg, "16x16-minimal-100.txt", pick(cfg, 0, 10))
	switch {
	case errors.Is(err, errSkipped):
		r.differs("../shared/puzzles/16x16-minimal-100.txt was absent, so only the generated evil puzzles were timed.")
	case err != nil:
		return err
	default:
		var bs []*sudoku.Board
		for _, l := range lines {
			b, err := sudoku.Parse(l)
			if err != nil {
				return err
			}
			bs = append(bs, b)
		}
		sets = append(sets, set{fmt.Sprintf("%d of ../shared/puzzles/16x16-minimal-100.txt", len(bs)), bs})
	}
	limit := pick(cfg, 30*time.Second, 2*time.Second)
	var out, raw [][]string
	for i, set := range sets {
		var by []sample
		for _, workers := range []int{1, cfg.workers} {
			var s sample
			for j, b := range set.boards {
				took, solved, err := solveExact(ctx, b, workers, limit)
				if err != nil {
					return err
				}
				s.add(took, solved)
				raw = append(raw, []string{set.name, strconv.Itoa(j), strconv.Itoa(workers), strconv.FormatBool(solved), ms(took)})
			}
			by = append(by, s)
		}
		max := slicesMax(by[0].times)
		out = append(out, []string{set.name, "17.5 s", "3.8 s (4 threads)", by[0].meanText() + " (max " + dur(max) + ")", by[1].meanText(),
			ratio(secs(17.5), by[0].mean()), ratio(secs(3.8), by[1].mean())})
		if i == 0 {
			r.headlineRow("Chiu, Nasiri & Rashid 2012", "16x16 evil, serial", "17.5 s", by[0].meanText(), ratio(secs(17.5), by[0].mean()))
			r.headlineRow("Chiu, Nasiri & Rashid 2012", fmt.Sprintf("16x16 evil, parallel (their 4 threads, our %d workers)", cfg.workers), "3.8 s", by[1].meanText(), ratio(secs(3.8), by[1].mean()))
		}
	}
	r.table([]string{"puzzles", "paper: serial:", "paper: parallel:", "ours: 1 worker, mean:", fmt.Sprintf("ours: %d workers, mean:", cfg.workers), "ratio serial:", "ratio parallel:"}, out)
	r.protocol("each puzzle solved once by `search.Solve` on 1 and on %d workers, a run's limit %v; the paper's parallel time is on 4 threads", cfg.workers, limit)
	r.differs("Chiu, Nasiri and Rashid's evil 16x16 is not published; ours are minimal puzzles (no clue can be removed), which is what evil meant there, and the paper's parallel figure is on 4 threads where this machine has %d cores.", runtimeCores())
	if err := r.csv("chiu-evil", []string{"set", "puzzle", "workers", "solved", "ms"}, raw); err != nil {
		return err
	}
	if err := chiuMemory(ctx, r); err != nil {
		return err
	}
	return chiuGenerator(ctx, r)
}

// slicesMax returns the largest duration, 0 for none.
func slicesMax(ts []time.Duration) time.Duration {
	var m time.Duration
	for _, t := range ts {
		m = max(m, t)
	}
	return m
}

// chiuMemory measures the peak memory of solving 25x25 puzzles, where the
// paper's solver ran out.
func chiuMemory(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.heading(3, "25x25: peak memory")
	var boards []*sudoku.Board
	source := "../shared/puzzles/25x25-unique-20.txt"
	lines, err := readPuzzles(cfg, "25x25-unique-20.txt", pick(cfg, 0, 3))
	switch {
	case errors.Is(err, errSkipped):
		n := pick(cfg, 5, 2)
		source = fmt.Sprintf("%d made by package generate (clues removed for at most 0.3 s)", n)
		for i := range n {
			b, err := generated(ctx, 25, 300*time.Millisecond, cfg.seed+uint64(i))
			if err != nil {
				return err
			}
			boards = append(boards, b)
		}
	case err != nil:
		return err
	default:
		source = fmt.Sprintf("%d of %s", len(lines), source)
		for _, l := range lines {
			b, err := sudoku.Parse(l)
			if err != nil {
				return err
			}
			boards = append(boards, b)
		}
	}
	limit := pick(cfg, 30*time.Second, 2*time.Second)
	var out [][]string
	for _, workers := range []int{1, cfg.workers} {
		var s sample
		var peak, alloc uint64
		for _, b := range boards {
			var took time.Duration
			var solved bool
			p, a, err := peakHeap(func() error {
				var err error
				took, solved, err = solveExact(ctx, b, workers, limit)
				return err
			})
			if err != nil {
				return err
			}
			s.add(took, solved)
			peak, alloc = max(peak, p), max(alloc, a)
		}
		out = append(out, []string{source, strconv.Itoa(workers), s.count(), s.meanText(), mib(peak), mib(alloc)})
		if workers == cfg.workers {
			r.headlineRow("Chiu, Nasiri & Rashid 2012", "25x25, memory", "ran out of memory", mib(peak)+" peak heap", "—")
		}
	}
	r.table([]string{"puzzles", "workers:", "solved:", "mean time:", "peak heap, most of a puzzle:", "allocated, most of a puzzle:"}, out)
	r.para("Peak heap is the most the live heap grew above where it stood before the solve, sampled every millisecond (`runtime/metrics`); allocated is all the solve allocated, freed or not.")
	r.protocol("each puzzle solved once, a run's limit %v", limit)
	return nil
}

// peakHeap runs f and returns how far the heap grew above where it stood
// before, at its highest, sampled every millisecond, and the bytes f
// allocated.
func peakHeap(f func() error) (peak, alloc uint64, err error) {
	runtime.GC()
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(samples)
	base, allocs := samples[0].Value.Uint64(), samples[1].Value.Uint64()
	var mu sync.Mutex
	top := base
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			mu.Lock()
			top = max(top, s[0].Value.Uint64())
			mu.Unlock()
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	err = f()
	close(done)
	wg.Wait()
	metrics.Read(samples)
	top = max(top, samples[0].Value.Uint64())
	return top - base, samples[1].Value.Uint64() - allocs, err
}

// mib writes bytes in MiB.
func mib(b uint64) string { return fmt.Sprintf("%.2f MiB", float64(b)/(1<<20)) }

// chiuGenerator shows the generator of the paper: a solved grid, the four
// transformations, then clues removed while the solution stays unique.
func chiuGenerator(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.heading(3, "The generator with the four transformations")
	r.para("Chiu, Nasiri and Rashid made puzzles from one solved grid by symmetry transformations, then removed clues while the solution stayed unique. " +
		"Here: a random 16x16 grid (`generate.Grid`), each of the four transformations of `generate.Transform` applied to it, then `generate.FromSolution` " +
		"removing clues in a random order down to a minimal puzzle; `search.Count` proves each unique, and the transformation of the first puzzle is checked to stay unique too.")
	g, err := sudoku.GeometryForSize(16)
	if err != nil {
		return err
	}
	grid, err := generate.Grid(ctx, g, generate.WithSeed(cfg.seed))
	if err != nil {
		return err
	}
	first, err := generate.FromSolution(ctx, grid, generate.WithSeed(cfg.seed), generate.WithWorkers(1))
	if err != nil {
		return err
	}
	out := [][]string{{"none", strconv.Itoa(first.Clues()), strconv.FormatBool(first.Minimal), "1", "—", "—"}}
	for _, t := range []generate.Transform{generate.Rotate, generate.Transpose, generate.FlipRows, generate.FlipColumns} {
		sol, err := t.Apply(grid)
		if err != nil {
			return err
		}
		start := time.Now()
		p, err := generate.FromSolution(ctx, sol, generate.WithSeed(cfg.seed), generate.WithWorkers(1))
		took := time.Since(start)
		if err != nil {
			return err
		}
		n, err := search.Count(ctx, p.Board, 2)
		if err != nil {
			return err
		}
		moved, err := t.Apply(first.Board)
		if err != nil {
			return err
		}
		m, err := search.Count(ctx, moved, 2)
		if err != nil {
			return err
		}
		out = append(out, []string{t.String(), strconv.Itoa(p.Clues()), strconv.FormatBool(p.Minimal), strconv.Itoa(n), dur(took), strconv.Itoa(m)})
	}
	r.table([]string{"transformation", "clues:", "minimal", "solutions, proved:", "time to make:", "the first puzzle transformed, solutions:"}, out)
	r.protocol("one 16x16 grid, one worker")
	return nil
}
