// Command cube solves Sudoku on the faces of a cube: three faces meeting
// at a corner or all six, with matching or differing edges.
//
// It reads a cube as its unfolded net from the files named as arguments
// ("-" for standard input), or from standard input when it is not a
// terminal; the shape of the net gives the box size and the model, and
// -edges the edge rule. Given no input, it solves the empty cube of -n,
// -faces and -edges. It prints each solution as a net, or the error for
// that input and goes on; the exit code is 1 when any cube failed and 2
// for a usage or read error.
//
//	go run ./examples/cube                              # an empty six-face 9x9 cube, matching edges
//	go run ./examples/cube -faces 3 -edges differ -n 4 -seed 7 -svg cube.svg
//	go run ./examples/cube -n 2 -faces 3 -count 0       # every filling: 5184
//	go run ./examples/cube -edges differ puzzle.txt
//	go run ./examples/cube -method anneal -faces 3 -n 4 -seed 1 -workers 1
//	go run ./examples/cube -method anneal -strategy chains -runs 20
//	go run ./examples/cube -puzzle -seed 3 -svg puzzle.svg  # a unique minimal puzzle
//
// Flags:
//
//	-faces 3|6       the model of an empty cube: three faces or six (default 6)
//	-edges R         match (default) or differ
//	-n N             box size of an empty cube, 2 to 5 (faces of N*N; default 3)
//	-method M        how to solve: search (exact, the default) or anneal
//	                 (simulated annealing, see cube.Anneal)
//	-strategy S      with anneal: master (the default, the fastest
//	                 measured), chains or whole (see cube.Strategy)
//	-seed S          with search, a nonzero seed takes a random solution
//	                 (generate.Solution: a few random digits that
//	                 propagation allows, then the search on one goroutine),
//	                 so that seeds give different solutions; with anneal, a nonzero seed
//	                 seeds the run (the same answer every time with one
//	                 worker), 0 a random seed
//	-workers N       goroutines for the search or workers of the annealing
//	                 (0: one per CPU)
//	-svg FILE        also draw the solution as an SVG image (the last cube's)
//	-count LIMIT     instead of solving, count the complete fillings up to
//	                 LIMIT (0: no limit) and print the number alone on the
//	                 last line
//	-puzzle          make a puzzle from the solution instead of printing it:
//	                 clues removed in a random order (-seed) while the
//	                 solution stays unique, proved by search, down to a
//	                 minimal puzzle; prints its net and a line with its
//	                 clues (package generate)
//	-runs K          solve the cube K times, with seeds -seed (at least 1)
//	                 and up, and print one line: how many were solved, the
//	                 median and the longest time
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/cmdinput"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

type options struct {
	faces    int
	edges    cube.EdgeRule
	n        int
	method   string
	strategy cube.Strategy
	seed     uint64
	workers  int
	svg      string
	count    int
	runs     int
	puzzle   bool
	set      map[string]bool // flags given on the command line
}

// method solves a cube puzzle, returning the solved cube.
type method func(ctx context.Context, c *cube.Cube, o options) (*cube.Cube, error)

// methods are the values of -method.
var methods = map[string]method{
	"search": solveSearch,
	"anneal": solveAnneal,
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cube", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	var edges, strategy string
	names := slices.Sorted(maps.Keys(methods))
	fs.IntVar(&o.faces, "faces", 6, "faces of an empty cube: 3 or 6")
	fs.StringVar(&edges, "edges", "match", "edge rule: match or differ")
	fs.IntVar(&o.n, "n", 3, "box size of an empty cube, 2 to 5")
	fs.StringVar(&o.method, "method", "search", "how to solve: "+strings.Join(names, " or "))
	fs.StringVar(&strategy, "strategy", "master", "with -method anneal: master, chains or whole")
	fs.Uint64Var(&o.seed, "seed", 0, "nonzero: random digits first, so seeds give different solutions")
	fs.IntVar(&o.workers, "workers", 0, "goroutines for the search or workers of the annealing (0: one per CPU)")
	fs.StringVar(&o.svg, "svg", "", "draw the solution as an SVG image in this file")
	fs.IntVar(&o.count, "count", -1, "count the fillings up to this limit (0: all) instead of solving")
	fs.BoolVar(&o.puzzle, "puzzle", false, "make a minimal puzzle with a unique solution from the solution")
	fs.IntVar(&o.runs, "runs", 1, "solve this many times with successive seeds and print the median time")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	o.set = make(map[string]bool)
	fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
	usage := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "cube: "+format+"\n", args...)
		return 2
	}
	if err := o.edges.UnmarshalText([]byte(edges)); err != nil {
		return usage("-edges %q: want match or differ", edges)
	}
	if err := o.strategy.UnmarshalText([]byte(strategy)); err != nil {
		return usage("-strategy %q: want master, chains or whole", strategy)
	}
	if o.faces != 3 && o.faces != 6 {
		return usage("-faces %d: want 3 or 6", o.faces)
	}
	if _, ok := methods[o.method]; !ok {
		return usage("-method %q: want %s", o.method, strings.Join(names, " or "))
	}
	if o.workers < 0 {
		return usage("-workers %d: want 0 or more", o.workers)
	}
	if o.runs < 1 {
		return usage("-runs %d: want 1 or more", o.runs)
	}
	if o.set["count"] && o.count < 0 {
		return usage("-count %d: want 0 (all) or more", o.count)
	}
	empty, err := cube.New(o.n, o.model(), o.edges)
	if err != nil {
		return usage("%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	inputs, closeInputs, err := cmdinput.Open(fs.Args(), stdin, empty.Net())
	if err != nil {
		return usage("%v", err)
	}
	defer closeInputs()
	status := 0
	for _, in := range inputs {
		status = max(status, runInput(ctx, in, o, stdout, stderr))
	}
	return status
}

func (o options) model() cube.Model {
	if o.faces == 3 {
		return cube.ThreeFaces
	}
	return cube.SixFaces
}

// runInput reads one cube, solves or counts it and prints the answer; it
// returns the exit status it calls for.
func runInput(ctx context.Context, in cmdinput.Input, o options, stdout, stderr io.Writer) int {
	text, err := io.ReadAll(in.R)
	if err != nil {
		fmt.Fprintf(stderr, "cube: %s: %v\n", in.Name, err)
		return 2
	}
	c, err := cube.Parse(string(text), o.edges)
	if err == nil {
		err = o.agrees(c)
	}
	if err == nil {
		err = c.Validate()
	}
	if err != nil {
		fmt.Fprintf(stdout, "%s: error: %v\n", in.Name, err)
		return 1
	}
	if o.count >= 0 {
		n, err := search.Count(ctx, c.Board(), o.count, search.WithWorkers(o.workers))
		if err != nil {
			fmt.Fprintf(stdout, "%s: error: %v\n", in.Name, err)
			return 1
		}
		fmt.Fprintln(stdout, n)
		return 0
	}
	if o.runs > 1 {
		return timeRuns(ctx, c, o, stdout)
	}
	sol, err := methods[o.method](ctx, c, o)
	if err == nil {
		err = check(c, sol)
	}
	if err != nil {
		fmt.Fprintf(stdout, "%s: error: %v\n", in.Name, err)
		return 1
	}
	if o.puzzle {
		p, err := generate.FromSolution(ctx, sol.Board(), generate.WithSeed(o.seed))
		if err == nil {
			sol, err = cube.FromBoard(p.Board, c.BoxSize(), c.Model(), c.Edges())
		}
		if err != nil {
			fmt.Fprintf(stdout, "%s: error: %v\n", in.Name, err)
			return 1
		}
		fmt.Fprint(stdout, sol.Net())
		fmt.Fprintf(stdout, "%d clues of %d cells, unique, minimal: %v\n", p.Clues(), c.Geometry().NumCells(), p.Minimal)
	} else {
		fmt.Fprint(stdout, sol.Net())
	}
	if o.svg != "" {
		if err := writeSVG(o.svg, sol); err != nil {
			fmt.Fprintf(stderr, "cube: %v\n", err)
			return 2
		}
	}
	return 0
}

// timeRuns solves the cube o.runs times with successive seeds and prints
// how many runs solved it, the median time and the longest.
func timeRuns(ctx context.Context, c *cube.Cube, o options, stdout io.Writer) int {
	var times []time.Duration
	solved := 0
	for i := range o.runs {
		run := o
		run.seed = max(o.seed, 1) + uint64(i)
		start := time.Now()
		sol, err := methods[o.method](ctx, c, run)
		times = append(times, time.Since(start))
		if err == nil && check(c, sol) == nil {
			solved++
		}
		if ctx.Err() != nil {
			break
		}
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	how := o.method
	if o.method == "anneal" {
		how += " " + o.strategy.String()
	}
	fmt.Fprintf(stdout, "%s, %s edges, %dx%d faces, %s: %d runs, %d solved, median %.3f ms, max %.3f ms\n",
		c.Model(), c.Edges(), c.Digits(), c.Digits(), how, len(times), solved, ms(median(times)), ms(times[len(times)-1]))
	if solved < len(times) {
		return 1
	}
	return 0
}

// median returns the median of sorted times.
func median(times []time.Duration) time.Duration {
	k := len(times)
	return (times[(k-1)/2] + times[k/2]) / 2
}

// agrees checks that a cube read from a net is the model and size that
// -faces and -n asked for, when they were given.
func (o options) agrees(c *cube.Cube) error {
	if o.set["faces"] && c.Model() != o.model() {
		return fmt.Errorf("the net is of %s, -faces asks for %s", c.Model(), o.model())
	}
	if o.set["n"] && c.BoxSize() != o.n {
		return fmt.Errorf("the net has faces of %dx%d, -n %d asks for %dx%d", c.Digits(), c.Digits(), o.n, o.n*o.n, o.n*o.n)
	}
	return nil
}

// solveSearch solves the cube with package search. With a seed it takes
// a random solution instead (generate.Solution: random digits first, then
// the search on one goroutine), so that seeds give different fillings.
func solveSearch(ctx context.Context, c *cube.Cube, o options) (*cube.Cube, error) {
	var (
		sol *sudoku.Board
		err error
	)
	if o.seed != 0 {
		sol, err = generate.Solution(ctx, c.Board(), generate.WithSeed(o.seed))
	} else {
		sol, err = search.Solve(ctx, c.Board(), search.WithWorkers(o.workers))
	}
	if err != nil {
		return nil, err
	}
	return cube.FromBoard(sol, c.BoxSize(), c.Model(), c.Edges())
}

// solveAnneal solves the cube by simulated annealing with -strategy,
// -workers and -seed.
func solveAnneal(ctx context.Context, c *cube.Cube, o options) (*cube.Cube, error) {
	workers := o.workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	opts := []cube.Option{cube.WithWorkers(workers)}
	if o.seed != 0 {
		opts = append(opts, cube.WithSeed(o.seed))
	}
	sol, err := cube.Anneal(ctx, c, o.strategy, opts...)
	return sol, err
}

// check verifies a solution: solved, and keeping every digit of the puzzle.
func check(puzzle, sol *cube.Cube) error {
	if err := sol.Validate(); err != nil {
		return fmt.Errorf("answer is not a solution: %w", err)
	}
	if !sol.Solved() {
		return errors.New("answer is not a solution: it has empty cells")
	}
	for cell := range puzzle.Geometry().NumCells() {
		if d := puzzle.Board().Get(cell); d != 0 && sol.Board().Get(cell) != d {
			return fmt.Errorf("answer changes %s", puzzle.Geometry().CellName(cell))
		}
	}
	return nil
}

func writeSVG(name string, c *cube.Cube) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := c.SVG(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
