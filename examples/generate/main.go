// Command generate makes Sudoku puzzles with exactly one solution, proved
// by search, and prints them as they come: by default one a line, the
// puzzle in the line notation of the solve example ('.' for an empty
// cell), then its grade (level and score, see package grade).
//
//	go run ./examples/generate                        # one minimal 9x9 puzzle
//	go run ./examples/generate -n 10 -level hard -seed 1
//	go run ./examples/generate -n 5 -level expert -solution -stats -timer
//	go run ./examples/generate -n 100 -level hard -format csv -solution -stats > hard.csv
//	go run ./examples/generate -format grid -solution -stats -level medium
//	go run ./examples/generate -format compact -nopuzzle -solution -log
//	go run ./examples/generate -box 2x3 -symmetry random
//	go run ./examples/generate -size 16 -n 20 -summary
//	go run ./examples/generate -size 25 -timeout 1s -nograde
//
// Flags:
//
//	-size N       board of N x N with the most square boxes (default 9)
//	-box RxC      boxes R cells high and C wide (2x3: a 6x6 board), or N
//	              for NxN; with -size, the two must agree
//	-n N          how many puzzles (default 1)
//	-minimal      no clue can be removed (the default without -clues or
//	              -level; with them, only minimal puzzles are kept)
//	-clues N      stop removing clues at N
//	-symmetry S   none, rotate180, rotate90, mirror, flip (top and bottom),
//	              diagonal, or random: as QQWing, one of rotate90,
//	              rotate180, mirror and flip for each puzzle
//	-level L      simple, easy, medium, hard, expert or guessing; QQWing's
//	              names are read too: intermediate is medium, and any is
//	              no target level
//	-seed N       reproduce a run: the same seed and flags give the same
//	              puzzles, with any number of workers (0, the default:
//	              random)
//	-timeout D    time limit per puzzle, such as 1s: when it ends the
//	              puzzle is printed as far as it got (still unique)
//	-attempts N   attempt limit: grids tried per puzzle for -level or
//	              -clues (0: no limit; unset: 1,000, or as many as
//	              -timeout allows)
//	-workers N    puzzles made at once (0: one per CPU)
//	-format F     line (default), csv (a header, then a row a puzzle),
//	              grid (the board drawn, with the details below it) or
//	              compact (the board's rows alone: 9 lines of 9
//	              characters for a 9x9 board, the details below)
//	-solution     print each puzzle's solution beside it
//	-nopuzzle     leave the puzzle out: with -solution, the solution alone
//	-stats        print each puzzle's details: clues, hardest rule, steps,
//	              guesses and how often each rule was used
//	-timer        print how long each puzzle took to come, in ms: the time
//	              since the one before (grading included when -level asks)
//	-log          print the steps the rules of package logic take on each
//	              puzzle, one a line, as the hint example explains them
//	-nograde      print the puzzles without grading them
//	-summary      print to standard error, at the end: the puzzles made
//	              and missed, their levels, clues (median, least, most),
//	              time per puzzle, puzzles per second, grids tried
//	-version      print the module's version
//
// In the line format the fields are separated by spaces: the puzzle, the
// solution (-solution), the level and score, then (-stats) clues=N,
// hardest=RULE, steps=N, guesses=N and one RULE=N for each rule used,
// with the spaces of rule names written as '_', then (-timer) ms=T. The
// csv format has the same columns, named in its header, with a column for
// every rule. Boards of more than 35 digits are written with numbers
// separated by spaces; use the csv or grid format for them.
//
// The exit code is 0 when every puzzle met its targets, 1 when some did not
// (the closest found is printed), 2 for a usage error, and 130 after an
// interrupt, once the puzzles made are printed.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/sudoku"
)

func main() {
	cli.Main(run)
}

type options struct {
	n, clues, attempts, workers int
	shape                       cli.Shape
	output                      cli.Output
	minimal, nograde, nopuzzle  bool
	summary, hasLevel           bool
	symmetry                    generate.Symmetry
	level                       grade.Level
	seed                        uint64
	timeout                     time.Duration
}

func run(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("generate", "", stdout, stderr)
	fs := c.Flags
	var o options
	c.ShapeVars(&o.shape, 9)
	c.CountVar(&o.n, 1, "how many puzzles")
	fs.BoolVar(&o.minimal, "minimal", false, "only puzzles from which no clue can be removed")
	fs.IntVar(&o.clues, "clues", 0, "stop removing clues at this many (0: no target)")
	fs.TextVar(&o.symmetry, "symmetry", generate.NoSymmetry, "symmetry of the clues: none, rotate180, rotate90, mirror, flip, diagonal or random")
	fs.Func("level", "level to reach: simple, easy, medium (intermediate), hard, expert, guessing or any", func(text string) error {
		var err error
		o.level, o.hasLevel, err = parseLevel(text)
		return err
	})
	c.SeedVar(&o.seed, "seed of a reproducible run")
	c.TimeoutVar(&o.timeout, 0, "time per puzzle (0: none)")
	fs.IntVar(&o.attempts, "attempts", generate.DefaultAttemptLimit, "grids tried per puzzle for -level or -clues (0: no limit; unset with -timeout: as many as it allows)")
	c.WorkersVar(&o.workers, "puzzles made at once")
	fs.StringVar(&o.output.Format, "format", "line", "output format: "+strings.Join(cli.Formats, ", "))
	fs.BoolVar(&o.output.Solution, "solution", false, "print each puzzle's solution beside it")
	fs.BoolVar(&o.nopuzzle, "nopuzzle", false, "do not print the puzzles (with -solution: the solutions alone)")
	fs.BoolVar(&o.output.Stats, "stats", false, "print each puzzle's clues, rules used and steps")
	fs.BoolVar(&o.output.Timer, "timer", false, "print how long each puzzle took to make")
	fs.BoolVar(&o.output.Log, "log", false, "print the steps the rules of package logic take on each puzzle")
	fs.BoolVar(&o.nograde, "nograde", false, "do not grade the puzzles")
	fs.BoolVar(&o.summary, "summary", false, "print a summary of the run to standard error")
	if status, ok := c.Parse(args); !ok {
		return status
	}
	o.output.Puzzle = !o.nopuzzle
	if err := o.output.Check(); err != nil {
		return c.Usage("%v", err)
	}
	switch {
	case o.output.Stats && o.nograde:
		return c.Usage("-stats needs the grade: drop -nograde")
	case o.nopuzzle && !o.output.Solution:
		return c.Usage("-nopuzzle leaves nothing to print without -solution")
	}
	g, err := o.shape.Geometry()
	if err != nil {
		return c.Usage("%v", err)
	}
	o.seed = cli.Seed(o.seed) // drawn here, so that each puzzle's seed can be printed
	opts := []generate.Option{
		generate.WithSymmetry(o.symmetry), generate.WithMinimal(o.minimal),
		generate.WithWorkers(o.workers), generate.WithTimeLimit(o.timeout), generate.WithSeed(o.seed),
	}
	if c.Set("attempts") {
		opts = append(opts, generate.WithAttemptLimit(o.attempts))
	}
	if o.hasLevel {
		opts = append(opts, generate.WithLevel(o.level))
	}
	if o.clues != 0 {
		opts = append(opts, generate.WithClues(o.clues))
	}
	var stats generate.Stats
	opts = append(opts, generate.WithStats(&stats))

	out := cli.NewWriter(stdout, o.output)
	var (
		tally  tally
		missed error
		failed error
		last   = time.Now() // when the last puzzle came
	)
	for p, err := range generate.Puzzles(ctx, g, o.n, opts...) {
		if p == nil {
			failed = err
			break
		}
		if err != nil {
			missed = err
		}
		gr := p.Grade
		if gr == nil && !o.nograde {
			one, err := grade.Puzzle(ctx, p.Board)
			if err != nil {
				failed = fmt.Errorf("grading: %w", err)
				break
			}
			gr = &one
		}
		now := time.Now()
		elapsed := now.Sub(last)
		last = now
		seed := generate.PuzzleSeed(o.seed, tally.count())
		r := cli.Record{Title: fmt.Sprintf("Puzzle %d (seed %d)", tally.count()+1, seed), Puzzle: p.Board, Solution: p.Solution, Grade: gr, Elapsed: elapsed}
		if err := out.Write(r); err != nil {
			failed = err
			break
		}
		tally.add(p, gr, elapsed)
	}
	if err := out.Flush(); err != nil && failed == nil {
		failed = err
	}
	if o.summary {
		fmt.Fprint(stderr, tally.summary(stats))
	}
	switch {
	case ctx.Err() != nil:
		return c.Exit(ctx, cli.ExitFailure)
	case errors.Is(failed, sudoku.ErrInvalidArgument):
		return c.Usage("%v", failed)
	case failed != nil:
		return c.Fail(failed)
	case missed != nil:
		return c.Fail(fmt.Errorf("%d of %d puzzles missed a target: %w", stats.Missed, stats.Puzzles, missed))
	}
	return cli.ExitOK
}

// parseLevel reads -level: a level of package grade, or one of QQWing's
// names, intermediate (our medium) and any (no target level).
func parseLevel(text string) (level grade.Level, target bool, err error) {
	switch strings.ToLower(text) {
	case "any":
		return 0, false, nil
	case "intermediate":
		return grade.Medium, true, nil
	}
	level, err = grade.ParseLevel(text)
	return level, err == nil, err
}

// tally gathers what the summary reports.
type tally struct {
	clues   []int
	times   []time.Duration
	levels  [grade.Guessing + 1]int
	graded  bool
	minimal int
}

// count returns how many puzzles the tally holds.
func (t *tally) count() int { return len(t.clues) }

func (t *tally) add(p *generate.Puzzle, gr *grade.Grade, elapsed time.Duration) {
	t.clues = append(t.clues, p.Clues())
	t.times = append(t.times, elapsed)
	if gr != nil && gr.Level >= 0 && gr.Level <= grade.Guessing {
		t.levels[gr.Level]++
		t.graded = true
	}
	if p.Minimal {
		t.minimal++
	}
}

// summary describes the run: speed, levels, clues and time per puzzle.
func (t *tally) summary(st generate.Stats) string {
	if len(t.clues) == 0 {
		return "no puzzles\n"
	}
	slices.Sort(t.clues)
	slices.Sort(t.times)
	secs := st.Elapsed.Seconds()
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d puzzles in %.3f s: %.1f puzzles/s; %d workers; %d missed a target; %d attempts; seed %d\n",
		len(t.clues), secs, float64(len(t.clues))/secs, st.Workers, st.Missed, st.Attempts, st.Seed)
	fmt.Fprintf(&sb, "clues median %d, least %d, most %d; %d minimal\n",
		cli.Median(t.clues), t.clues[0], t.clues[len(t.clues)-1], t.minimal)
	fmt.Fprintf(&sb, "time per puzzle median %.3f ms, least %.3f ms, most %.3f ms\n",
		cli.Millis(cli.Median(t.times)), cli.Millis(t.times[0]), cli.Millis(t.times[len(t.times)-1]))
	if t.graded {
		sb.WriteString("levels:")
		for l, n := range t.levels {
			fmt.Fprintf(&sb, " %s %d", grade.Level(l), n)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
