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
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/cli"
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
	plot(f, points, timeout)
	return f.Close()
}

// plot writes an SVG chart of the median times, log scale, one line per
// size.
func plot(w io.Writer, points []point, timeout time.Duration) {
	const width, height, left, right, top, bottom = 640, 400, 70, 110, 30, 50
	lo, hi := math.Inf(1), float64(timeout.Milliseconds())
	for _, p := range points {
		lo = min(lo, max(p.median, 0.01))
		hi = max(hi, p.median)
	}
	lo = math.Pow(10, math.Floor(math.Log10(lo)))
	hi = math.Pow(10, math.Ceil(math.Log10(hi)))
	x := func(pct int) float64 { return left + float64(pct)/100*(width-left-right) }
	y := func(ms float64) float64 {
		f := (math.Log10(max(ms, lo)) - math.Log10(lo)) / (math.Log10(hi) - math.Log10(lo))
		return height - bottom - f*(height-top-bottom)
	}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", width, height)
	fmt.Fprintf(w, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(w, `<text x="%d" y="18">median time to solve (ms, log scale) against empty cells (%%)</text>`+"\n", left)
	for pct := 0; pct <= 100; pct += 10 {
		fmt.Fprintf(w, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/><text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n",
			x(pct), top, x(pct), height-bottom, x(pct), height-bottom+18, pct)
	}
	for v := lo; v <= hi*1.001; v *= 10 {
		fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%g</text>`+"\n",
			left, y(v), width-right, y(v), left-6, y(v)+4, v)
	}
	fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#c00" stroke-dasharray="4 4"/><text x="%d" y="%.1f" fill="#c00">time limit</text>`+"\n",
		left, y(float64(timeout.Milliseconds())), width-right, y(float64(timeout.Milliseconds())), width-right+6, y(float64(timeout.Milliseconds()))+4)
	colours := []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd"}
	sizes := []int{}
	for _, p := range points {
		if !slices.Contains(sizes, p.size) {
			sizes = append(sizes, p.size)
		}
	}
	for i, size := range sizes {
		colour := colours[i%len(colours)]
		var pts []string
		for _, p := range points {
			if p.size == size {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(p.emptyPct), y(p.median)))
			}
		}
		fmt.Fprintf(w, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", colour, strings.Join(pts, " "))
		fmt.Fprintf(w, `<text x="%d" y="%d" fill="%s">%dx%d</text>`+"\n", width-right+6, top+20+16*i, colour, size, size)
	}
	fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="middle">empty cells (%%)</text>`+"\n", (width-right+left)/2, height-10)
	fmt.Fprintln(w, "</svg>")
}
