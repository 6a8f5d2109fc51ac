// Command phase measures how the time to anneal a puzzle depends on how
// many of its cells are empty: the phase transition of figures 6 and 7 of
// Lambert and Whitlock (2010).
//
//	go run ./examples/phase                              # 9x9 and 16x16, 1 s a run
//	go run ./examples/phase -sizes 9 -runs 20 -budget 1s -svg phase.svg
//	go run ./examples/phase -propagate                   # singles first
//
// For each size and each step of -step percent from 0 % to 100 % empty it
// makes -runs puzzles, each from its own random solved grid with that
// share of cells emptied at random, solves each with anneal.Solve within
// -budget, and prints CSV:
//
//	size,empty_pct,runs,solved,median_ms,max_ms
//
// A run not solved within the budget counts as the budget in the median
// and maximum. With -svg it also writes a plot of the median time against
// the share of empty cells, one line per size, on a log scale. Everything
// random comes from -seed, so a command line names its puzzles.
//
// Random solved grids are made without search: the pattern grid (digit
// (bc*(r mod br) + r div br + c) mod N in row r, column c, for boxes br
// high and bc wide) with its digits relabelled, rows shuffled within
// bands, bands shuffled, columns shuffled within stacks and stacks
// shuffled, all of which keep a grid solved.
package main

import (
	"context"
	"errors"
	"flag"
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
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "phase:", err)
		os.Exit(2)
	}
}

// point is one step of the table.
type point struct {
	size, emptyPct, runs, solved int
	median, max                  float64 // milliseconds
}

func run(args []string, out, errOut io.Writer) error {
	fs := flag.NewFlagSet("phase", flag.ContinueOnError)
	fs.SetOutput(errOut)
	sizes := fs.String("sizes", "9,16", "board sizes, comma-separated")
	runs := fs.Int("runs", 20, "puzzles per step")
	step := fs.Int("step", 10, "step in percent of empty cells")
	budget := fs.Duration("budget", time.Second, "time allowed per run")
	seed := fs.Uint64("seed", 1, "seed of the puzzles and of the runs")
	propagate := fs.Bool("propagate", false, "place naked and hidden singles before annealing")
	workers := fs.Int("workers", 1, "independent chains per run (1 repeats a run from -seed)")
	svg := fs.String("svg", "", "write a plot of the median times to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *runs < 1 || *step < 1 || *step > 100 || *budget <= 0 || *workers < 0 {
		return fmt.Errorf("want -runs >= 1, 1 <= -step <= 100, -budget > 0, -workers >= 0")
	}
	var geoms []*sudoku.Geometry
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return fmt.Errorf("-sizes: %w", err)
		}
		g, err := sudoku.GeometryForSize(n)
		if err != nil {
			return err
		}
		geoms = append(geoms, g)
	}
	fmt.Fprintln(out, "size,empty_pct,runs,solved,median_ms,max_ms")
	var points []point
	for _, g := range geoms {
		r := rand.New(rand.NewPCG(*seed, uint64(g.Digits())))
		for pct := 0; pct <= 100; pct += *step {
			p := point{size: g.Digits(), emptyPct: pct, runs: *runs}
			var ms []float64
			for i := range *runs {
				b, err := puzzle(g, pct, r)
				if err != nil {
					return err
				}
				ctx, cancel := context.WithTimeout(context.Background(), *budget)
				start := time.Now()
				opts := []anneal.Option{anneal.WithSeed(*seed + uint64(i)), anneal.WithWorkers(*workers)}
				if *propagate {
					opts = append(opts, anneal.WithPresolve(func(_ context.Context, b *sudoku.Board) (*sudoku.Board, error) {
						return logic.PlaceSingles(b)
					}))
				}
				sol, err := anneal.Solve(ctx, b, opts...)
				took := time.Since(start)
				cancel()
				if errors.Is(err, sudoku.ErrInvalidArgument) {
					return err
				}
				if err == nil {
					if !sol.Solved() {
						return fmt.Errorf("a wrong solution at %d%% empty", pct)
					}
					p.solved++
				} else {
					took = *budget
				}
				ms = append(ms, float64(took.Microseconds())/1000)
			}
			slices.Sort(ms)
			p.median, p.max = median(ms), ms[len(ms)-1]
			points = append(points, p)
			fmt.Fprintf(out, "%d,%d,%d,%d,%.3f,%.3f\n", p.size, p.emptyPct, p.runs, p.solved, p.median, p.max)
		}
	}
	if *svg != "" {
		f, err := os.Create(*svg)
		if err != nil {
			return err
		}
		plot(f, points, *budget)
		return f.Close()
	}
	return nil
}

// puzzle returns a random solved grid on g with pct percent of its cells
// (rounded) emptied at random; the rest are givens.
func puzzle(g *sudoku.Geometry, pct int, r *rand.Rand) (*sudoku.Board, error) {
	n, br, bc := g.Digits(), g.BoxRows(), g.BoxCols()
	rows := shuffled(n/br, br, r) // bands of br rows
	cols := shuffled(n/bc, bc, r) // stacks of bc columns
	label := r.Perm(n)
	b := sudoku.NewBoard(g)
	cells := r.Perm(n * n)
	empty := (pct*n*n + 50) / 100
	for _, c := range cells[empty:] {
		row, col := rows[c/n], cols[c%n]
		d := (bc*(row%br) + row/br + col) % n
		if err := b.SetGiven(c, label[d]+1); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// shuffled returns an order of groups*size lines that shuffles the groups
// and the lines within each group.
func shuffled(groups, size int, r *rand.Rand) []int {
	out := make([]int, 0, groups*size)
	for _, grp := range r.Perm(groups) {
		for _, i := range r.Perm(size) {
			out = append(out, grp*size+i)
		}
	}
	return out
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}

// plot writes an SVG chart of the median times, log scale, one line per
// size.
func plot(w io.Writer, points []point, budget time.Duration) {
	const width, height, left, right, top, bottom = 640, 400, 70, 110, 30, 50
	lo, hi := math.Inf(1), float64(budget.Milliseconds())
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
	fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#c00" stroke-dasharray="4 4"/><text x="%d" y="%.1f" fill="#c00">budget</text>`+"\n",
		left, y(float64(budget.Milliseconds())), width-right, y(float64(budget.Milliseconds())), width-right+6, y(float64(budget.Milliseconds()))+4)
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
