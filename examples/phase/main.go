// Command phase measures how the time to anneal a puzzle depends on how
// many of its cells are empty: the phase transition of figures 6 and 7 of
// Lambert and Whitlock (2010).
//
//	go run ./examples/phase                              # 9x9 and 16x16, 1 s a run
//	go run ./examples/phase -sizes 9 -n 20 -timeout 1s -svg phase.svg
//	go run ./examples/phase -propagate                   # singles first
//
// For each size and each step of -percent-step percent from 0 % to 100 %
// empty it makes -n puzzles, each from its own random solved grid
// (generate.Grid) with that share of cells emptied at random, solves each
// with anneal.Solve within -timeout, and prints CSV:
//
//	size,empty_pct,runs,solved,median_ms,max_ms
//
// A run not solved within the time limit counts as the limit in the
// median and maximum. With -svg it also writes a plot of the median time
// against the share of empty cells, one line per size, on a log scale.
// Everything random comes from -seed, so a command line names its
// puzzles; with -seed 0, the default, a random seed is drawn and printed
// on standard error.
//
// The exit code is 0 after the whole table, 1 when a run fails otherwise
// than by running out of time, 2 for a usage error, and 130 after an
// interrupt, once the rows done (and their plot) are written.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/internal/plot"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func main() {
	cli.Main(run)
}

// point is one step of the table.
type point struct {
	size, emptyPct, runs, solved int
	median, max                  float64 // milliseconds
}

func run(ctx context.Context, args []string, _ io.Reader, out, errOut io.Writer) int {
	c := cli.New("phase", "", out, errOut)
	fs := c.Flags
	var (
		runs, step, workers int
		timeout             time.Duration
		seed                uint64
	)
	sizes := fs.String("sizes", "9,16", "board sizes, comma-separated")
	c.CountVar(&runs, 20, "puzzles per step")
	c.IntVar(&step, "percent-step", 10, 1, 100, "step in percent of empty cells")
	c.TimeoutVar(&timeout, time.Second, "time allowed per run (above 0)")
	c.SeedVar(&seed, "seed of the puzzles and of the runs")
	propagate := fs.Bool("propagate", false, "place naked and hidden singles before annealing")
	c.WorkersVar(&workers, "independent chains per run (1 repeats a run from -seed)")
	svg := fs.String("svg", "", "write a plot of the median times to this file")
	if status, ok := c.Parse(args); !ok {
		return status
	}
	if timeout <= 0 {
		return c.Usage("-timeout %v: want a time above 0", timeout)
	}
	var geoms []*sudoku.Geometry
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return c.Usage("-sizes %q: %v", *sizes, err)
		}
		g, err := sudoku.GeometryForSize(n)
		if err != nil {
			return c.Usage("-sizes: %v", err)
		}
		geoms = append(geoms, g)
	}
	if seed == 0 {
		seed = cli.Seed(0)
		c.Errorf("seed %d", seed)
	}
	fmt.Fprintln(out, "size,empty_pct,runs,solved,median_ms,max_ms")
	points, err := table(ctx, out, geoms, runs, step, timeout, seed, workers, *propagate)
	if *svg != "" && len(points) > 0 {
		if err := writePlot(*svg, points, timeout); err != nil {
			return c.Fail(err)
		}
	}
	if err != nil && ctx.Err() == nil {
		return c.Fail(err)
	}
	return c.Exit(ctx, cli.ExitOK)
}

// table anneals the puzzles of every size and step and prints a line of
// CSV per step as it is done. It returns the points of the steps done,
// all of them unless ctx ends or a run fails.
func table(ctx context.Context, out io.Writer, geoms []*sudoku.Geometry, runs, step int, timeout time.Duration, seed uint64, workers int, propagate bool) ([]point, error) {
	var points []point
	for _, g := range geoms {
		r := rand.New(rand.NewPCG(seed, uint64(g.Digits())))
		for pct := 0; pct <= 100; pct += step {
			p := point{size: g.Digits(), emptyPct: pct, runs: runs}
			var ms []float64
			for i := range runs {
				b, err := puzzle(ctx, g, pct, r)
				if err != nil {
					return points, err
				}
				runCtx, cancel := context.WithTimeout(ctx, timeout)
				start := time.Now()
				opts := []anneal.Option{anneal.WithSeed(seed + uint64(i)), anneal.WithWorkers(workers)}
				if propagate {
					opts = append(opts, anneal.WithPresolve(func(_ context.Context, b *sudoku.Board) (*sudoku.Board, error) {
						return logic.PlaceSingles(b)
					}))
				}
				sol, err := anneal.Solve(runCtx, b, opts...)
				took := time.Since(start)
				cancel()
				switch {
				case ctx.Err() != nil:
					return points, ctx.Err()
				case errors.Is(err, sudoku.ErrInvalidArgument):
					return points, err
				case err == nil && !sol.Solved():
					return points, fmt.Errorf("a wrong solution at %d%% empty", pct)
				case err == nil:
					p.solved++
				default:
					took = timeout
				}
				ms = append(ms, cli.Millis(took))
			}
			slices.Sort(ms)
			p.median, p.max = cli.Median(ms), ms[len(ms)-1]
			points = append(points, p)
			fmt.Fprintf(out, "%d,%d,%d,%d,%.3f,%.3f\n", p.size, p.emptyPct, p.runs, p.solved, p.median, p.max)
		}
	}
	return points, nil
}

// puzzle returns a random solved grid on g (generate.Grid, seeded from r)
// with pct percent of its cells (rounded) emptied at random; the rest are
// givens.
func puzzle(ctx context.Context, g *sudoku.Geometry, pct int, r *rand.Rand) (*sudoku.Board, error) {
	b, err := generate.Grid(ctx, g, generate.WithSeed(r.Uint64()))
	if err != nil {
		return nil, err
	}
	cli.Empty(b, (pct*g.NumCells()+50)/100, r)
	return b, nil
}

// writePlot writes the plot of the points into the named file.
func writePlot(name string, points []point, timeout time.Duration) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	chart(points, timeout).SVG(f)
	return f.Close()
}

// chart is the plot of the median times, log scale, one line per size,
// the steps where some run was not solved in time marked.
func chart(points []point, timeout time.Duration) plot.Plot {
	p := plot.Plot{
		Title:  "Median time to anneal against empty cells",
		XLabel: "empty cells (%)", XMax: 100, XTick: 10,
		Limit: cli.Millis(timeout),
	}
	for _, pt := range points {
		name := fmt.Sprintf("%dx%d", pt.size, pt.size)
		if len(p.Series) == 0 || p.Series[len(p.Series)-1].Name != name {
			p.Series = append(p.Series, plot.Series{Name: name})
		}
		s := &p.Series[len(p.Series)-1]
		s.Points = append(s.Points, plot.Point{X: float64(pt.emptyPct), MS: pt.median, Boards: pt.runs, Unsolved: pt.runs - pt.solved})
	}
	return p
}
