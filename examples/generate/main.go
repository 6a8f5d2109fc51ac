// Command generate makes Sudoku puzzles with exactly one solution, proved
// by search, and prints one a line: the puzzle in the line notation of the
// solve example ('.' for an empty cell), then its grade (level and score,
// see package grade) after a space.
//
//	go run ./examples/generate                        # one minimal 9x9 puzzle
//	go run ./examples/generate -n 10 -level hard -seed 1
//	go run ./examples/generate -box 2x3 -symmetry rotate180
//	go run ./examples/generate -size 16 -n 20 -bench
//	go run ./examples/generate -size 25 -budget 1s -nograde
//
// Flags:
//
//	-size N       board of N x N with the most square boxes (default 9)
//	-box RxC      boxes R cells high and C wide instead (2x3: a 6x6 board)
//	-n N          how many puzzles (default 1)
//	-minimal      no clue can be removed (the default without -clues or
//	              -level; with them, only minimal puzzles are kept)
//	-clues N      stop removing clues at N
//	-symmetry S   none, rotate180, rotate90, mirror or diagonal
//	-level L      simple, easy, medium, hard, expert or guessing
//	-seed N       reproduce a run: the same seed and flags give the same
//	              puzzles, with any number of workers (default: random)
//	-budget D     time limit per puzzle, such as 1s: when it ends the
//	              puzzle is printed as far as it got (still unique)
//	-attempts N   attempt limit: grids tried per puzzle for -level or
//	              -clues (0: 1,000, or as many as -budget allows)
//	-workers N    puzzles made at once (0: one per CPU)
//	-nograde      print the puzzles without grading them
//	-bench        print to standard error how long generation took:
//	              puzzles per second, the clues' median, least and most,
//	              and the grids tried (attempts) for all the puzzles
//
// The exit code is 0 when every puzzle met its targets, 1 when some did not
// (the closest found is printed), and 2 for a usage error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/sudoku"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	size, n, clues, attempts, workers int
	box                               string
	minimal, nograde, bench, hasLevel bool
	symmetry                          generate.Symmetry
	level                             grade.Level
	seed                              uint64
	budget                            time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.IntVar(&o.size, "size", 9, "board of N x N with the most square boxes")
	fs.StringVar(&o.box, "box", "", "box shape RxC (rows x columns), instead of -size")
	fs.IntVar(&o.n, "n", 1, "how many puzzles")
	fs.BoolVar(&o.minimal, "minimal", false, "only puzzles from which no clue can be removed")
	fs.IntVar(&o.clues, "clues", 0, "stop removing clues at this many (0: no target)")
	fs.TextVar(&o.symmetry, "symmetry", generate.NoSymmetry, "symmetry of the clues: none, rotate180, rotate90, mirror or diagonal")
	fs.Func("level", "level to reach: simple, easy, medium, hard, expert or guessing", func(text string) error {
		l, err := grade.ParseLevel(text)
		o.level, o.hasLevel = l, err == nil
		return err
	})
	fs.Uint64Var(&o.seed, "seed", 0, "seed of a reproducible run (default: random)")
	fs.DurationVar(&o.budget, "budget", 0, "time per puzzle (0: none)")
	fs.IntVar(&o.attempts, "attempts", 0, "grids tried per puzzle for -level or -clues (0: the default)")
	fs.IntVar(&o.workers, "workers", 0, "puzzles made at once (0: one per CPU)")
	fs.BoolVar(&o.nograde, "nograde", false, "do not grade the puzzles")
	fs.BoolVar(&o.bench, "bench", false, "print generation speed to standard error")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "generate: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	g, err := geometry(o.size, o.box)
	if err != nil {
		fmt.Fprintf(stderr, "generate: %v\n", err)
		return 2
	}
	if o.n < 1 {
		fmt.Fprintf(stderr, "generate: -n %d: want 1 or more\n", o.n)
		return 2
	}
	opts := []generate.Option{
		generate.WithSymmetry(o.symmetry), generate.WithMinimal(o.minimal),
		generate.WithWorkers(o.workers), generate.WithTimeLimit(o.budget), generate.WithAttemptLimit(o.attempts),
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["seed"] {
		opts = append(opts, generate.WithSeed(o.seed))
	}
	if o.hasLevel {
		opts = append(opts, generate.WithLevel(o.level))
	}
	if o.clues != 0 {
		opts = append(opts, generate.WithClues(o.clues))
	}

	var stats generate.Stats
	opts = append(opts, generate.WithStats(&stats))

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	puzzles, err := generate.Batch(ctx, g, o.n, opts...)
	missed := errors.Is(err, generate.ErrNotReached)
	if err != nil && !missed {
		fmt.Fprintf(stderr, "generate: %v\n", err)
		if errors.Is(err, sudoku.ErrInvalidArgument) {
			return 2
		}
		return 1
	}
	for _, p := range puzzles {
		line := p.Board.Line()
		if !o.nograde {
			gr := p.Grade
			if gr == nil {
				one, err := grade.Puzzle(ctx, p.Board)
				if err != nil {
					fmt.Fprintf(stderr, "generate: grading: %v\n", err)
					return 1
				}
				gr = &one
			}
			line += fmt.Sprintf(" %s %.2f", gr.Level, gr.Score)
		}
		fmt.Fprintln(stdout, line)
	}
	if o.bench {
		fmt.Fprintln(stderr, summary(puzzles, stats))
	}
	if missed {
		fmt.Fprintf(stderr, "generate: %v\n", err)
		return 1
	}
	return 0
}

// geometry returns the board of -box when set, else that of -size.
func geometry(size int, box string) (*sudoku.Geometry, error) {
	if box == "" {
		return sudoku.GeometryForSize(size)
	}
	r, c, ok := strings.Cut(box, "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil {
		return nil, fmt.Errorf("-box %q: want rows x columns, such as 2x3", box)
	}
	return sudoku.NewGeometry(rows, cols)
}

// summary describes the speed of a batch and its puzzles' clues.
func summary(puzzles []*generate.Puzzle, st generate.Stats) string {
	clues := make([]int, len(puzzles))
	minimal := 0
	for i, p := range puzzles {
		clues[i] = p.Clues()
		if p.Minimal {
			minimal++
		}
	}
	slices.Sort(clues)
	secs := st.Elapsed.Seconds()
	return fmt.Sprintf("%d puzzles in %.3f s: %.1f puzzles/s; clues median %d, least %d, most %d; %d minimal; %d attempts; %d workers",
		len(puzzles), secs, float64(len(puzzles))/secs,
		clues[len(clues)/2], clues[0], clues[len(clues)-1], minimal, st.Attempts, st.Workers)
}
