package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/internal/plot"
	"github.com/cubedoku/cubedoku/sudoku"
)

// solver solves a board within limit on workers and reports how long it
// took and whether it solved it.
type solver func(ctx context.Context, b *sudoku.Board, workers int, limit time.Duration) (time.Duration, bool, error)

func searchSolver(ctx context.Context, b *sudoku.Board, workers int, limit time.Duration) (time.Duration, bool, error) {
	return solveExact(ctx, b, workers, limit)
}

func annealSolver(ctx context.Context, b *sudoku.Board, workers int, limit time.Duration) (time.Duration, bool, error) {
	rctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	start := time.Now()
	sol, err := anneal.Solve(rctx, b, anneal.WithWorkers(workers))
	took := time.Since(start)
	switch {
	case ctx.Err() != nil:
		return took, false, ctx.Err()
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, anneal.ErrNotSolved):
		return took, false, nil
	case err != nil:
		return took, false, err
	}
	return took, true, cli.CheckSolution(b, sol)
}

func phase(ctx context.Context, r *report) error {
	cfg := r.cfg
	sizes := pick(cfg, []int{9, 16, 25, 36, 49, 64}, []int{9, 16, 25})
	perStep := pick(cfg, 5, 2)
	step := pick(cfg, 10, 20)
	r.para("The papers measured the phase transition on the three-face cube only (Lambert and Whitlock's Figures 6 and 7, above). Each step: %d boards, each a random complete grid (`generate.Grid`) with that share of its cells emptied at random "+
		"(most have many solutions past the middle), solved by the exact search (`search.Solve`) and by the annealer (`anneal.Solve`, schedule D, reheats and restarts without limit), "+
		"each on %d workers within %v a board; a board not solved within it counts as the limit and is marked. "+
		"The annealer goes on to the next size while it solves at least three boards in four of a size.", perStep, cfg.workers, cfg.timeout)
	var out, raw [][]string
	run := func(name string, solve solver, n int) (plot.Series, int, error) {
		s := plot.Series{Name: fmt.Sprintf("%dx%d", n, n)}
		unsolved := 0
		for pct := 0; pct <= 100; pct += step {
			var smp sample
			for i := range perStep {
				seed := cfg.seed ^ uint64(n)<<40 + uint64(pct)<<20 + uint64(i)
				b, err := phaseBoard(ctx, n, pct, seed)
				if err != nil {
					return s, 0, err
				}
				took, solved, err := solve(ctx, b, cfg.workers, cfg.timeout)
				if err != nil {
					return s, 0, err
				}
				smp.addCapped(took, solved, cfg.timeout)
				raw = append(raw, []string{name, strconv.Itoa(n), strconv.Itoa(pct), strconv.FormatUint(seed, 10), strconv.FormatBool(solved), ms(took)})
			}
			unsolved += smp.runs - smp.solved
			s.Points = append(s.Points, smp.point(pct))
		}
		return s, unsolved, nil
	}
	peak := func(s plot.Series) string {
		top := s.Points[0]
		for _, p := range s.Points {
			if p.MS > top.MS {
				top = p
			}
		}
		return fmt.Sprintf("%g %% (%s)", top.X, dur(time.Duration(top.MS*1e6)))
	}
	var exact, annealed []plot.Series
	rows := map[int][]string{}
	boards := perStep * (100/step + 1)
	for _, n := range sizes {
		s, unsolved, err := run("search", searchSolver, n)
		if err != nil {
			return err
		}
		exact = append(exact, s)
		rows[n] = []string{fmt.Sprintf("%dx%d", n, n), peak(s), fmt.Sprintf("%d/%d", unsolved, boards), "not run", ""}
	}
	for _, n := range sizes {
		s, unsolved, err := run("anneal", annealSolver, n)
		if err != nil {
			return err
		}
		annealed = append(annealed, s)
		rows[n][3], rows[n][4] = peak(s), fmt.Sprintf("%d/%d", unsolved, boards)
		if 4*unsolved > boards {
			break // it no longer solves three boards in four
		}
	}
	for _, n := range sizes {
		out = append(out, rows[n])
	}
	for _, f := range []struct {
		name, title string
		s           []plot.Series
	}{
		{"phase-exact", fmt.Sprintf("Exact search, %d workers: flat boards 9x9 to %dx%d", cfg.workers, sizes[len(sizes)-1], sizes[len(sizes)-1]), exact},
		{"phase-anneal", fmt.Sprintf("Annealer, %d workers: flat boards", cfg.workers), annealed},
	} {
		if err := r.plot(f.name, plot.Plot{Title: f.title, XLabel: "cells empty (%)", XMax: 100, XTick: 10, Limit: ms64(cfg.timeout), Series: f.s, Peaks: true}); err != nil {
			return err
		}
	}
	r.table([]string{"board", "exact: peak (median there)", "exact: not solved:", "annealer: peak (median there)", "annealer: not solved:"}, out)
	r.protocol("%d boards a step of %d %%, %d workers, %v a board", perStep, step, cfg.workers, cfg.timeout)
	last := exact[len(exact)-1]
	r.headlineRow("beyond the papers", fmt.Sprintf("exact search, %s boards: peak of the phase transition", last.Name), "not measured", peak(last), "—")
	return r.csv("phase", []string{"solver", "size", "empty_pct", "seed", "solved", "ms"}, raw)
}
