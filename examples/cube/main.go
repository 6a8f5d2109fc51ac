// Command cube solves Sudoku on the faces of a cube: three faces meeting
// at a corner or all six, with matching or differing edges.
//
// It reads a cube as its unfolded net from the files named as arguments
// ("-" for standard input), or from standard input when it is not a
// terminal; the shape of the net gives the box size and the model, and
// -edges the edge rule. Given no input, it solves the empty cube of -box
// (or -size), -faces and -edges. It prints each solution as a net, or the
// error for that input and goes on; the exit code is 1 when any cube
// failed, 2 for a usage or read error, and 130 after an interrupt, once
// what was done is printed.
//
//	go run ./examples/cube                              # an empty six-face 9x9 cube, matching edges
//	go run ./examples/cube -faces 3 -edges differ -box 4 -seed 7 -svg cube.svg
//	go run ./examples/cube -box 2 -faces 3 -count -limit 0  # every filling: 5184
//	go run ./examples/cube -edges differ puzzle.txt
//	go run ./examples/cube -method anneal -faces 3 -box 4 -seed 1 -workers 1
//	go run ./examples/cube -method anneal -strategy chains -n 20
//	go run ./examples/cube -puzzle -seed 3 -svg puzzle.svg  # a unique minimal puzzle
//
// Flags:
//
//	-faces 3|6       the model of an empty cube: three faces or six (default 6)
//	-edges R         match (default) or differ
//	-box N           box size of an empty cube, 2 to 5 (faces of N*N x N*N;
//	                 default 3), or
//	-size S          the size of its faces: 4, 9 (the default), 16 or 25
//	-method M        how to solve: search (exact, the default) or anneal
//	                 (simulated annealing, see cube.Anneal)
//	-strategy S      with anneal: master (the default, the fastest
//	                 measured), chains or whole (see cube.Strategy)
//	-seed S          the seed of the solution: with search, a few random
//	                 digits that propagation allows come first, then the
//	                 search on one goroutine (generate.Solution), so that
//	                 seeds give different solutions; with anneal, the seed
//	                 of the run (the same answer every time with one
//	                 worker); 0, the default, draws a random seed
//	-workers N       goroutines for -count or workers of the annealing
//	                 (0: one per CPU)
//	-svg FILE        also draw the solution as an SVG image (the last cube's)
//	-count           instead of solving, count the complete fillings up to
//	                 -limit and print the number alone on the last line
//	-limit N         how far -count counts (default 2; 0: no limit)
//	-puzzle          make a puzzle from the solution instead of printing it:
//	                 clues removed in a random order (-seed) while the
//	                 solution stays unique, proved by search, down to a
//	                 minimal puzzle; prints its net and a line with its
//	                 clues (package generate)
//	-n K             solve the cube K times, with seeds -seed and up, and
//	                 print one line: how many were solved, the median and
//	                 the longest time
//	-version         print the module's version
package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/search"
)

func main() {
	cli.Main(run)
}

type options struct {
	faces    int
	edges    cube.EdgeRule
	shape    cli.Shape
	box      int // the box size of -box or -size
	method   string
	strategy cube.Strategy
	seed     uint64
	workers  int
	svg      string
	count    bool
	limit    int
	runs     int
	puzzle   bool
	set      func(name string) bool // reports a flag given on the command line
}

// method solves a cube puzzle, returning the solved cube.
type method func(ctx context.Context, c *cube.Cube, o options) (*cube.Cube, error)

// methods are the values of -method.
var methods = map[string]method{
	"search": solveSearch,
	"anneal": solveAnneal,
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cmd := cli.New("cube", "[file ...]", stdout, stderr)
	fs := cmd.Flags
	var o options
	var edges, strategy string
	names := slices.Sorted(maps.Keys(methods))
	fs.IntVar(&o.faces, "faces", 6, "faces of an empty cube: 3 or 6")
	fs.StringVar(&edges, "edges", "match", "edge rule: match or differ")
	cmd.ShapeVars(&o.shape, 9)
	fs.StringVar(&o.method, "method", "search", "how to solve: "+strings.Join(names, " or "))
	fs.StringVar(&strategy, "strategy", "master", "with -method anneal: master, chains or whole")
	cmd.SeedVar(&o.seed, "seed of the solution: random digits first with search, the run's with anneal")
	cmd.WorkersVar(&o.workers, "goroutines for -count or workers of the annealing")
	fs.StringVar(&o.svg, "svg", "", "draw the solution as an SVG image in this file")
	fs.BoolVar(&o.count, "count", false, "count the fillings up to -limit instead of solving")
	cmd.IntVar(&o.limit, "limit", 2, 0, math.MaxInt, "how far -count counts (0: no limit)")
	fs.BoolVar(&o.puzzle, "puzzle", false, "make a minimal puzzle with a unique solution from the solution")
	cmd.CountVar(&o.runs, 1, "solve this many times with successive seeds and print the median time")
	if status, ok := cmd.Parse(args); !ok {
		return status
	}
	o.set = cmd.Set
	if err := o.edges.UnmarshalText([]byte(edges)); err != nil {
		return cmd.Usage("-edges %q: want match or differ", edges)
	}
	if err := o.strategy.UnmarshalText([]byte(strategy)); err != nil {
		return cmd.Usage("-strategy %q: want master, chains or whole", strategy)
	}
	if o.faces != 3 && o.faces != 6 {
		return cmd.Usage("-faces %d: want 3 or 6", o.faces)
	}
	if _, ok := methods[o.method]; !ok {
		return cmd.Usage("-method %q: want %s", o.method, strings.Join(names, " or "))
	}
	if o.count && (o.puzzle || o.runs > 1 || o.svg != "") {
		return cmd.Usage("-count counts instead of solving: not with -puzzle, -n or -svg")
	}
	box, err := o.shape.CubeBox()
	if err != nil {
		return cmd.Usage("%v", err)
	}
	o.box = box
	empty, err := cube.New(o.box, o.model(), o.edges)
	if err != nil {
		return cmd.Usage("%v", err)
	}
	o.seed = cli.Seed(o.seed)

	inputs, closeInputs, err := cli.Open(fs.Args(), stdin, empty.Net())
	if err != nil {
		return cmd.Usage("%v", err)
	}
	defer closeInputs()
	status := 0
	for _, in := range inputs {
		status = max(status, runInput(ctx, in, o, stdout, stderr))
		if ctx.Err() != nil {
			break
		}
	}
	return cmd.Exit(ctx, status)
}

func (o options) model() cube.Model {
	if o.faces == 3 {
		return cube.ThreeFaces
	}
	return cube.SixFaces
}

// runInput reads one cube, solves or counts it and prints the answer; it
// returns the exit status it calls for.
func runInput(ctx context.Context, in cli.Input, o options, stdout, stderr io.Writer) int {
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
	if o.count {
		n, err := search.Count(ctx, c.Board(), o.limit, search.WithWorkers(o.workers))
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
			return 1
		}
	}
	return 0
}

// timeRuns solves the cube o.runs times with successive seeds and prints
// how many runs solved it, the median time and the longest; after an
// interrupt, those of the runs done.
func timeRuns(ctx context.Context, c *cube.Cube, o options, stdout io.Writer) int {
	var times []time.Duration
	solved := 0
	for i := range o.runs {
		run := o
		run.seed = o.seed + uint64(i)
		start := time.Now()
		sol, err := methods[o.method](ctx, c, run)
		if ctx.Err() != nil && i > 0 {
			break // the run cut short is not timed
		}
		times = append(times, time.Since(start))
		if err == nil && check(c, sol) == nil {
			solved++
		}
		if ctx.Err() != nil {
			break
		}
	}
	slices.Sort(times)
	how := o.method
	if o.method == "anneal" {
		how += " " + o.strategy.String()
	}
	fmt.Fprintf(stdout, "%s, %s edges, %dx%d faces, %s: %d runs, %d solved, median %.3f ms, max %.3f ms\n",
		c.Model(), c.Edges(), c.Digits(), c.Digits(), how, len(times), solved, cli.Millis(cli.Median(times)), cli.Millis(times[len(times)-1]))
	if solved < len(times) {
		return 1
	}
	return 0
}

// agrees checks that a cube read from a net is the model and size that
// -faces and -box (or -size) asked for, when they were given.
func (o options) agrees(c *cube.Cube) error {
	if o.set("faces") && c.Model() != o.model() {
		return fmt.Errorf("the net is of %s, -faces asks for %s", c.Model(), o.model())
	}
	if o.shape.Given() && c.BoxSize() != o.box {
		return fmt.Errorf("the net has faces of %dx%d, -box and -size ask for %dx%d", c.Digits(), c.Digits(), o.box*o.box, o.box*o.box)
	}
	return nil
}

// solveSearch solves the cube with a random solution from the seed
// (generate.Solution: random digits first, then the search on one
// goroutine), so that seeds give different fillings.
func solveSearch(ctx context.Context, c *cube.Cube, o options) (*cube.Cube, error) {
	sol, err := generate.Solution(ctx, c.Board(), generate.WithSeed(o.seed))
	if err != nil {
		return nil, err
	}
	return cube.FromBoard(sol, c.BoxSize(), c.Model(), c.Edges())
}

// solveAnneal solves the cube by simulated annealing with -strategy,
// -workers and -seed.
func solveAnneal(ctx context.Context, c *cube.Cube, o options) (*cube.Cube, error) {
	opts := []cube.Option{cube.WithWorkers(o.workers), cube.WithSeed(o.seed)}
	sol, err := cube.Anneal(ctx, c, o.strategy, opts...)
	return sol, err
}

// check verifies a solution: solved, and keeping every digit of the puzzle.
func check(puzzle, sol *cube.Cube) error {
	if err := sol.Validate(); err != nil {
		return fmt.Errorf("answer is not a solution: %w", err)
	}
	return cli.CheckSolution(puzzle.Board(), sol.Board())
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
