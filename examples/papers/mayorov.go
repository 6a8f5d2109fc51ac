package main

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/sudoku"
)

func mayorov(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.heading(3, "Methods 1 and 2 on the empty six-face cube")
	r.para("Six faces of 9x9, empty, by `cube.Anneal`: method 1 is `cube.Chains` (independent chains solving face after face, the first to finish stops the rest), " +
		"method 2 `cube.Master` (every worker anneals the current face, the first solution is kept and its edges fixed on the next faces). " +
		"The paper ran 10 processes on 10 CPUs; this machine has fewer, so we give 1 worker and the parallel column.")
	limit := pick(cfg, 20*time.Second, 2*time.Second)
	paper := map[cube.Strategy][2]float64{cube.Chains: {0.444, 0.09}, cube.Master: {0.11, 0.02}}
	var out, raw [][]string
	for _, edges := range []cube.EdgeRule{cube.Match, cube.Differ} {
		c, err := cube.New(3, cube.SixFaces, edges)
		if err != nil {
			return err
		}
		for _, m := range []cube.Strategy{cube.Chains, cube.Master} {
			method := map[cube.Strategy]string{cube.Chains: "1 (chains)", cube.Master: "2 (master)"}[m]
			var by []sample
			for _, workers := range []int{1, cfg.workers} {
				var s sample
				for i := range cfg.runs {
					seed := cfg.seed + uint64(i)
					run, err := annealStrategy(ctx, c, m, workers, limit, seed)
					if err != nil {
						return err
					}
					s.add(run.took, run.solved)
					raw = append(raw, []string{edges.String(), m.String(), strconv.Itoa(workers), strconv.FormatUint(seed, 10), strconv.FormatBool(run.solved), ms(run.took)})
				}
				by = append(by, s)
			}
			theirs, ours := "—", "—"
			if edges == cube.Match {
				p := paper[m]
				theirs, ours = fmt.Sprintf("%.3g s (σ %.2g)", p[0], p[1]), ratio(secs(p[0]), by[1].mean())
				r.headlineRow("Mayorov & Whitlock", fmt.Sprintf("six faces, method %s, 10 CPUs against our %d workers", method, cfg.workers),
					fmt.Sprintf("%.3g s", p[0]), by[1].meanText(), ours)
			}
			out = append(out, []string{edges.String(), method, theirs, fmt.Sprintf("%s (σ %s) %s", by[0].meanText(), dur(by[0].sd()), by[0].count()),
				fmt.Sprintf("%s (σ %s) %s", by[1].meanText(), dur(by[1].sd()), by[1].count()), ours})
		}
	}
	r.table([]string{"edges", "method", "paper, 10 CPUs:", "ours, 1 worker:", fmt.Sprintf("ours, %d workers:", cfg.workers), "ratio:"}, out)
	r.protocol("%d runs a row (the paper: 10), seeds %d up, a run's limit %v; mean, σ and runs solved", cfg.runs, cfg.seed, limit)
	r.differs("Mayorov and Whitlock ran 10 processes on 10 CPUs; this machine has %d cores, so the parallel column has %d workers.", runtimeCores(), cfg.workers)
	if err := r.csv("mayorov-methods", []string{"edges", "method", "workers", "seed", "solved", "ms"}, raw); err != nil {
		return err
	}
	return mayorovUniqueness(ctx, r)
}

// mayorovUniqueness is the table of uniqueness of the six-face cube, by
// exact counts.
func mayorovUniqueness(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.heading(3, "How many cells can be empty")
	perStep := pick(cfg, 100, 5)
	step := pick(cfg, 5, 25)
	r.para("The six-face cube, exact. Random complete six-face cubes of 9x9 faces with a share of their cells emptied at random, each puzzle's solutions counted up to two by `search.Count`: " +
		"a proof, where the paper judged by re-solving with the annealer. Under match the stickers of one cubie are one cell (386 cells); under differ each sticker is one (486). " +
		"The paper: match unique from 0 to 49 % empty and several solutions from 50 %; differ unique from 0 to 29 %, several from 30 %.")
	var out, raw [][]string
	rules := []cube.EdgeRule{cube.Match, cube.Differ}
	ends := map[cube.EdgeRule]int{}
	geoms := map[cube.EdgeRule]*sudoku.Geometry{}
	for _, e := range rules {
		g, err := cube.NewGeometry(3, cube.SixFaces, e)
		if err != nil {
			return err
		}
		geoms[e] = g
	}
	for pct := 0; pct <= 100; pct += step {
		row := []string{fmt.Sprintf("%d %%", pct)}
		for _, e := range rules {
			u, err := cli.CountUnique(ctx, geoms[e], pct, perStep, cfg.workers, cfg.seed^uint64(e)<<48^uint64(pct)<<32)
			if err != nil {
				return err
			}
			paperSays := "unique"
			if (e == cube.Match && pct >= 50) || (e == cube.Differ && pct >= 30) {
				paperSays = "several"
			}
			row = append(row, paperSays, fmt.Sprintf("%d/%d", u, perStep))
			raw = append(raw, []string{e.String(), strconv.Itoa(pct), strconv.Itoa(perStep), strconv.Itoa(u)})
			if 2*u >= perStep {
				ends[e] = pct
			}
		}
		out = append(out, row)
	}
	r.table([]string{"empty", "match: paper", "match: unique, exact:", "differ: paper", "differ: unique, exact:"}, out)
	r.protocol("%d puzzles a step, counted on %d workers", perStep, cfg.workers)
	r.headlineRow("Mayorov & Whitlock", "six faces, match: unique up to (half or more unique)", "49 % empty", fmt.Sprintf("%d %% empty", ends[cube.Match]), "—")
	r.headlineRow("Mayorov & Whitlock", "six faces, differ: unique up to (half or more unique)", "29 % empty", fmt.Sprintf("%d %% empty", ends[cube.Differ]), "—")
	return r.csv("mayorov-uniqueness", []string{"edges", "empty_pct", "puzzles", "unique"}, raw)
}
