package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/internal/plot"
	"github.com/cubedoku/cubedoku/search"
)

// Lambert and Whitlock's constant rates (Table 3): the rate in percent,
// the average time in seconds, and whether reheats were needed.
var table3 = []struct {
	rate    int
	seconds float64
	reheats bool
}{
	{50, 562, true}, {60, 383, true}, {65, 296, true}, {70, 103, false}, {75, 55, false},
	{80, 43, false}, {85, 92, false}, {90, 80, false}, {95, 166, false}, {99, 853, false},
}

// Their dynamic schedules (Table 4), in seconds.
var table4 = []float64{286, 58, 116, 29}

// maxReheats is the paper's limit on reheats.
const maxReheats = 3

// cubeRun is one annealing run of a cube.
type cubeRun struct {
	took    time.Duration
	solved  bool
	reheats int64
	sol     *cube.Cube
}

// annealCube anneals c as one puzzle (cube.Whole: the paper's model on the
// whole cube) on one worker within limit, checking the answer.
func annealCube(ctx context.Context, c *cube.Cube, limit time.Duration, seed uint64, opts ...anneal.Option) (cubeRun, error) {
	return annealStrategy(ctx, c, cube.Whole, 1, limit, seed, opts...)
}

// annealStrategy anneals c with a strategy of package cube on workers
// within limit, checking the answer; a run that ends unsolved, stuck or
// out of time, is not an error.
func annealStrategy(ctx context.Context, c *cube.Cube, s cube.Strategy, workers int, limit time.Duration, seed uint64, opts ...anneal.Option) (cubeRun, error) {
	rctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	var st cube.Stats
	start := time.Now()
	sol, err := cube.Anneal(rctx, c, s, cube.WithSeed(seed), cube.WithWorkers(workers), cube.WithStats(&st), cube.WithAnneal(opts...))
	r := cubeRun{took: time.Since(start), reheats: st.Reheats}
	switch {
	case ctx.Err() != nil:
		return r, ctx.Err()
	case err == nil:
		if err := check(c, sol); err != nil {
			return r, err
		}
		r.solved, r.sol = true, sol
	case !errors.Is(err, anneal.ErrNotSolved) && !errors.Is(err, context.DeadlineExceeded):
		return r, err
	}
	return r, nil
}

// check verifies a cube's solution: solved, and keeping every digit of
// the puzzle.
func check(puzzle, sol *cube.Cube) error {
	if err := sol.Validate(); err != nil {
		return fmt.Errorf("answer is not a solution: %w", err)
	}
	return cli.CheckSolution(puzzle.Board(), sol.Board())
}

func lambert(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.para("The three faces meeting at a corner (Dion Church's puzzle), faces of 9x9 (n = 3), edges that match, annealed as the paper did: " +
		"the model of Lewis (2007) on the whole cube (`cube.Anneal` with `cube.Whole`: each box filled with its missing digits, swaps within a box, " +
		"cost the repeats in rows, columns and boxes across faces), one worker, at most three reheats (`anneal.Reheat{Max: 3}`); a run that gets stuck after them is n/a.")
	empty, err := cube.New(3, cube.ThreeFaces, cube.Match)
	if err != nil {
		return err
	}
	limit := pick(cfg, 20*time.Second, 2*time.Second)
	reheat := anneal.WithReheat(anneal.Reheat{Max: maxReheats, Stagnant: 20})
	var raw [][]string
	rows := func(name string, schedule anneal.Schedule) (sample, int, error) {
		var s sample
		reheated := 0
		for i := range cfg.runs {
			seed := cfg.seed + uint64(i)
			run, err := annealCube(ctx, empty, limit, seed, anneal.WithSchedule(schedule), reheat)
			if err != nil {
				return s, 0, err
			}
			s.add(run.took, run.solved)
			if run.reheats > 0 {
				reheated++
			}
			raw = append(raw, []string{name, strconv.FormatUint(seed, 10), strconv.FormatBool(run.solved), ms(run.took), strconv.FormatInt(run.reheats, 10)})
		}
		return s, reheated, nil
	}

	r.heading(3, "Table 3: constant cooling")
	var out [][]string
	var best80 sample
	for _, row := range table3 {
		sc, err := anneal.Geometric(float64(row.rate) / 100)
		if err != nil {
			return err
		}
		s, reheated, err := rows(fmt.Sprintf("constant %d%%", row.rate), sc)
		if err != nil {
			return err
		}
		if row.rate == 80 {
			best80 = s
		}
		theirs := "no"
		if row.reheats {
			theirs = "yes"
		}
		out = append(out, []string{fmt.Sprintf("%d %%", row.rate), fmt.Sprintf("%.0f s", row.seconds), theirs,
			s.meanText(), dur(s.sd()), s.count(), fmt.Sprintf("%d", reheated), ratio(secs(row.seconds), s.mean())})
	}
	r.table([]string{"rate", "paper: mean:", "paper: reheats", "ours: mean:", "ours: σ:", "solved:", "runs that reheated:", "ratio:"}, out)
	r.protocol("%d runs a rate, seeds %d to %d, one worker, at most %d reheats, a run's limit %v", cfg.runs, cfg.seed, cfg.seed+uint64(cfg.runs)-1, maxReheats, limit)
	r.headlineRow("Lambert & Whitlock 2010", "three faces, n = 3, constant 80 %", "43 s", best80.meanText(), ratio(secs(43), best80.mean()))

	r.heading(3, "Table 4: dynamic cooling, schedules A-D (Table 5)")
	out = nil
	var bestD sample
	for v := anneal.VariantA; v <= anneal.VariantD; v++ {
		sc, err := anneal.LambertWhitlock(v)
		if err != nil {
			return err
		}
		s, reheated, err := rows("schedule "+v.String(), sc)
		if err != nil {
			return err
		}
		bestD = s
		out = append(out, []string{v.String(), fmt.Sprintf("%.0f s", table4[v]), s.meanText(), dur(s.sd()), s.count(), fmt.Sprintf("%d", reheated), ratio(secs(table4[v]), s.mean())})
	}
	r.table([]string{"schedule", "paper: mean:", "ours: mean:", "ours: σ:", "solved:", "runs that reheated:", "ratio:"}, out)
	r.protocol("%d runs a schedule, seeds as above, one worker, at most %d reheats; package anneal steps between the rows of Table 5 (the paper does not say)", cfg.runs, maxReheats)
	r.headlineRow("Lambert & Whitlock 2010", "three faces, n = 3, schedule D", "29 s (σ 13)", fmt.Sprintf("%s (σ %s)", bestD.meanText(), dur(bestD.sd())), ratio(secs(29), bestD.mean()))
	if err := r.csv("lambert-tables-3-4", []string{"schedule", "seed", "solved", "ms", "reheats"}, raw); err != nil {
		return err
	}

	if err := lambertSizes(ctx, r); err != nil {
		return err
	}
	return lambertFigures(ctx, r)
}

// lambertSizes times the empty three-face cubes of n = 3, 4, 5.
func lambertSizes(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.heading(3, "Sizes: empty three-face cubes")
	sched, err := anneal.LambertWhitlock(anneal.VariantD)
	if err != nil {
		return err
	}
	paper := []string{"19 s", "over 325 s", "about 20 × n = 4"}
	limit := pick(cfg, 60*time.Second, 2*time.Second)
	boxes := pick(cfg, []int{3, 4, 5}, []int{3, 4})
	var out, raw [][]string
	var means []time.Duration
	for i, n := range boxes {
		c, err := cube.New(n, cube.ThreeFaces, cube.Match)
		if err != nil {
			return err
		}
		var s sample
		runs := cfg.runs
		for j := range runs {
			seed := cfg.seed + uint64(j)
			run, err := annealCube(ctx, c, limit, seed, anneal.WithSchedule(sched), anneal.WithReheat(anneal.Reheat{Max: maxReheats, Stagnant: 20}), anneal.WithRestarts(anneal.Unlimited))
			if err != nil {
				return err
			}
			s.add(run.took, run.solved)
			raw = append(raw, []string{strconv.Itoa(n), strconv.FormatUint(seed, 10), strconv.FormatBool(run.solved), ms(run.took), strconv.FormatInt(run.reheats, 10)})
		}
		means = append(means, s.mean())
		growth := "—"
		if i > 0 && means[i-1] > 0 && s.mean() > 0 {
			growth = fmt.Sprintf("%.1f × n = %d", float64(s.mean())/float64(means[i-1]), n-1)
		}
		theirs := "—"
		if i == 0 {
			theirs = ratio(secs(19), s.mean())
		} else if i == 1 {
			theirs = "> " + ratio(secs(325), s.mean())
		}
		out = append(out, []string{fmt.Sprintf("%d (%dx%d faces)", n, n*n, n*n), paper[i], s.meanText(), dur(s.median()), dur(s.sd()), s.count(), growth, theirs})
		switch i {
		case 0:
			r.headlineRow("Lambert & Whitlock 2010", "empty three-face cube, n = 3", "19 s", s.meanText(), theirs)
		case 1:
			r.headlineRow("Lambert & Whitlock 2010", "empty three-face cube, n = 4", "over 325 s", s.meanText(), theirs)
		}
	}
	r.table([]string{"n", "paper", "ours: mean:", "median:", "σ:", "solved:", "growth:", "ratio:"}, out)
	r.protocol("%d runs a size, one worker, schedule D, at most %d reheats then a restart from a new random filling, a run's limit %v", cfg.runs, maxReheats, limit)
	if cfg.quick {
		r.differs("with -quick the n = 5 cube is left out (its runs take seconds).")
	}
	r.differs("the empty cubes of the sizes table restart from a new random filling after three reheats instead of giving up, so that every run gives a time; the paper does not say what its runs for sizes did.")
	return r.csv("lambert-sizes", []string{"n", "seed", "solved", "ms", "reheats"}, raw)
}

// figurePuzzle makes puzzle i of a figure's bar: a random complete cube
// with pct percent of its cells, rounded, emptied at random.
func figurePuzzle(ctx context.Context, n, pct int, seed uint64) (*cube.Cube, error) {
	g, err := cube.NewGeometry(n, cube.ThreeFaces, cube.Match)
	if err != nil {
		return nil, err
	}
	grid, err := generate.Grid(ctx, g, generate.WithSeed(seed))
	if err != nil {
		return nil, err
	}
	cli.Empty(grid, (pct*g.NumCells()+50)/100, rand.New(rand.NewPCG(seed, uint64(pct))))
	return cube.FromBoard(grid, n, cube.ThreeFaces, cube.Match)
}

// lambertFigures draws figures 6 and 7 and the table of uniqueness.
func lambertFigures(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.heading(3, "Figures 6 and 7: the phase transition on the three-face cube")
	perBar := pick(cfg, 20, 3)
	step := pick(cfg, 10, 25)
	limits := map[int]time.Duration{3: pick(cfg, 2*time.Second, 250*time.Millisecond), 4: pick(cfg, 3*time.Second, 250*time.Millisecond)}
	r.para("Each bar: %d puzzles, each a random complete cube (`generate.Grid` on the cube's geometry) with that share of its cells emptied at random; "+
		"each solved by the annealer (as above, schedule D, reheats and restarts without limit) on one worker and by the exact search (`search.Solve`) on one worker, "+
		"within a limit per puzzle (n = 3: %v, n = 4: %v); a puzzle not solved within it counts as the limit and is marked. "+
		"The shaded band is where the paper saw the time rise steeply: givens falling from 50 %% to 30 %%, 50 %% to 70 %% empty. "+
		"The cells are those of the geometry: a matching edge cubie is one cell, so the n = 3 cube has 217 (the paper's array counts 243 stickers).",
		perBar, limits[3], limits[4])
	sched, err := anneal.LambertWhitlock(anneal.VariantD)
	if err != nil {
		return err
	}
	var raw, uniq [][]string
	var uniqRows [][]string
	var est, exa, estWrong, total int
	for _, f := range []struct{ fig, n int }{{6, 3}, {7, 4}} {
		limit := limits[f.n]
		ann, exact := plot.Series{Name: "annealer"}, plot.Series{Name: "exact search", Dashed: true}
		for pct := 0; pct <= 100; pct += step {
			var sa, ss sample
			var ua, ue, uw int
			for i := range perBar {
				seed := cfg.seed ^ uint64(f.n)<<40 ^ uint64(pct)<<32 + uint64(i)
				c, err := figurePuzzle(ctx, f.n, pct, seed)
				if err != nil {
					return err
				}
				run, err := annealCube(ctx, c, limit, seed, anneal.WithSchedule(sched), anneal.WithRestarts(anneal.Unlimited))
				if err != nil {
					return err
				}
				sa.addCapped(run.took, run.solved, limit)
				took, solved, err := solveExact(ctx, c.Board(), 1, limit)
				if err != nil {
					return err
				}
				ss.addCapped(took, solved, limit)
				raw = append(raw, []string{strconv.Itoa(f.n), strconv.Itoa(pct), strconv.FormatUint(seed, 10),
					strconv.FormatBool(run.solved), ms(run.took), strconv.FormatBool(solved), ms(took)})
				if f.n != 3 {
					continue
				}
				// Uniqueness: the paper's estimate (the puzzle re-solved by
				// the annealer with other random numbers, unique when every
				// run finds the same solution) beside the exact count.
				u, err := estimateUnique(ctx, c, run, limit, seed, sched)
				if err != nil {
					return err
				}
				count, err := search.Count(ctx, c.Board(), 2, search.WithWorkers(1))
				if err != nil {
					return err
				}
				if u {
					ua++
				}
				if count == 1 {
					ue++
				}
				if u && count != 1 {
					uw++
				}
				uniq = append(uniq, []string{strconv.Itoa(pct), strconv.FormatUint(seed, 10), strconv.FormatBool(u), strconv.Itoa(count)})
			}
			ann.Points = append(ann.Points, sa.point(pct))
			exact.Points = append(exact.Points, ss.point(pct))
			if f.n == 3 {
				uniqRows = append(uniqRows, []string{fmt.Sprintf("%d %%", pct), strconv.Itoa((pct*217 + 50) / 100), strconv.Itoa(perBar), strconv.Itoa(ua), strconv.Itoa(ue), strconv.Itoa(uw)})
				est, exa, estWrong, total = est+ua, exa+ue, estWrong+uw, total+perBar
			}
		}
		name := fmt.Sprintf("lambert-figure-%d", f.fig)
		if err := r.plot(name, plot.Plot{
			Title:  fmt.Sprintf("Figure %d: three faces, n = %d (%dx%d faces), match", f.fig, f.n, f.n*f.n, f.n*f.n),
			XLabel: "cells empty (%)", XMax: 100, XTick: 10,
			Band: [2]float64{50, 70}, BandLabel: "paper: steep rise",
			Limit:  ms64(limit),
			Series: []plot.Series{ann, exact},
		}); err != nil {
			return err
		}
	}
	r.headlineRow("Lambert & Whitlock 2010", "n = 3 puzzles unique: by re-solving, exactly", "re-solving only",
		fmt.Sprintf("%d by re-solving (%d of them wrongly), %d exactly, of %d", est, estWrong, exa, total), "—")
	if err := r.csv("lambert-figures", []string{"n", "empty_pct", "seed", "anneal_solved", "anneal_ms", "search_solved", "search_ms"}, raw); err != nil {
		return err
	}

	r.heading(3, "Uniqueness: the paper's estimate beside the exact count")
	r.para("On the puzzles of Figure 6 (n = 3): the paper's estimate re-solves a puzzle with other random numbers and calls it unique when every run finds the same solution; " +
		"here three annealing runs (the figure's and two more seeds). The exact count is `search.Count(ctx, b, 2)`, a proof. " +
		"The paper put the end of uniqueness at 100-120 empty cells of 243 (41-49 %).")
	r.table([]string{"empty", "cells empty:", "puzzles:", "unique by re-solving:", "unique, exact:", "estimate wrong:"}, uniqRows)
	r.protocol("%d puzzles a bar, re-solving by three annealing runs of one worker", perBar)
	return r.csv("lambert-uniqueness", []string{"empty_pct", "seed", "estimate_unique", "exact_count_to_2"}, uniq)
}

// estimateUnique re-solves c twice more with other seeds and reports
// whether every run found the first run's solution, as the paper
// estimated uniqueness; a run that does not solve gives no estimate
// (false).
func estimateUnique(ctx context.Context, c *cube.Cube, first cubeRun, limit time.Duration, seed uint64, sched anneal.Schedule) (bool, error) {
	if !first.solved {
		return false, nil
	}
	for k := uint64(1); k <= 2; k++ {
		run, err := annealCube(ctx, c, limit, seed+k<<20, anneal.WithSchedule(sched), anneal.WithRestarts(anneal.Unlimited))
		if err != nil || !run.solved {
			return false, err
		}
		if !run.sol.Board().Equal(first.sol.Board()) {
			return false, nil
		}
	}
	return true, nil
}

// ms64 is a duration in milliseconds.
func ms64(d time.Duration) float64 { return float64(d) / 1e6 }
