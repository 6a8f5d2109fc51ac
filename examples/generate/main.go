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
//	go run ./examples/generate -box 2x3 -symmetry rotate180
//	go run ./examples/generate -size 16 -n 20 -summary
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
//	-symmetry S   none, rotate180, rotate90, mirror, flip, diagonal or
//	              random (one of rotate90, rotate180, mirror, flip a puzzle)
//	-level L      simple, easy, medium, hard, expert or guessing
//	-seed N       reproduce a run: the same seed and flags give the same
//	              puzzles, with any number of workers (default: random)
//	-budget D     time limit per puzzle, such as 1s: when it ends the
//	              puzzle is printed as far as it got (still unique)
//	-attempts N   attempt limit: grids tried per puzzle for -level or
//	              -clues (0: no limit; default 1,000, or as many as
//	              -budget allows)
//	-workers N    puzzles made at once (0: one per CPU)
//	-format F     line (default), csv (a header, then a row a puzzle) or
//	              grid (the board drawn, with the details below it)
//	-solution     print each puzzle's solution beside it
//	-stats        print each puzzle's details: clues, hardest rule, steps,
//	              guesses and how often each rule was used
//	-timer        print how long each puzzle took to come, in ms: the time
//	              since the one before (grading included when -level asks)
//	-nograde      print the puzzles without grading them
//	-summary      print to standard error, at the end: the puzzles made
//	              and missed, their levels, clues (median, least, most),
//	              time per puzzle, puzzles per second, grids tried
//	-bench        the same as -summary
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
// (the closest found is printed), and 2 for a usage error.
package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	size, n, clues, attempts, workers int
	box, format                       string
	minimal, nograde, hasLevel        bool
	solution, stats, timer, summary   bool
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
	fs.TextVar(&o.symmetry, "symmetry", generate.NoSymmetry, "symmetry of the clues: none, rotate180, rotate90, mirror, flip, diagonal or random")
	fs.Func("level", "level to reach: simple, easy, medium, hard, expert or guessing", func(text string) error {
		l, err := grade.ParseLevel(text)
		o.level, o.hasLevel = l, err == nil
		return err
	})
	fs.Uint64Var(&o.seed, "seed", 0, "seed of a reproducible run (default: random)")
	fs.DurationVar(&o.budget, "budget", 0, "time per puzzle (0: none)")
	fs.IntVar(&o.attempts, "attempts", generate.DefaultAttemptLimit, "grids tried per puzzle for -level or -clues (0: no limit; unset with -budget: as many as it allows)")
	fs.IntVar(&o.workers, "workers", 0, "puzzles made at once (0: one per CPU)")
	fs.StringVar(&o.format, "format", "line", "output format: line, csv or grid")
	fs.BoolVar(&o.solution, "solution", false, "print each puzzle's solution beside it")
	fs.BoolVar(&o.stats, "stats", false, "print each puzzle's clues, rules used and steps")
	fs.BoolVar(&o.timer, "timer", false, "print how long each puzzle took to make")
	fs.BoolVar(&o.nograde, "nograde", false, "do not grade the puzzles")
	fs.BoolVar(&o.summary, "summary", false, "print a summary of the run to standard error")
	fs.BoolVar(&o.summary, "bench", false, "the same as -summary")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	usage := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "generate: "+format+"\n", args...)
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return usage("unexpected argument %q", fs.Arg(0))
	case o.n < 1:
		return usage("-n %d: want 1 or more", o.n)
	case o.format != "line" && o.format != "csv" && o.format != "grid":
		return usage("-format %q: want line, csv or grid", o.format)
	case o.stats && o.nograde:
		return usage("-stats needs the grade: drop -nograde")
	}
	g, err := geometry(o.size, o.box)
	if err != nil {
		return usage("%v", err)
	}
	opts := []generate.Option{
		generate.WithSymmetry(o.symmetry), generate.WithMinimal(o.minimal),
		generate.WithWorkers(o.workers), generate.WithTimeLimit(o.budget),
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["attempts"] {
		opts = append(opts, generate.WithAttemptLimit(o.attempts))
	}
	if !set["seed"] {
		o.seed = rand.Uint64() // drawn here, so that each puzzle's seed can be printed
	}
	opts = append(opts, generate.WithSeed(o.seed))
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
	out := newWriter(stdout, &o)
	var (
		tally  tally
		missed error
		last   = time.Now() // when the last puzzle came
	)
	for p, err := range generate.Puzzles(ctx, g, o.n, opts...) {
		if p == nil {
			fmt.Fprintf(stderr, "generate: %v\n", err)
			if errors.Is(err, sudoku.ErrInvalidArgument) {
				return 2
			}
			return 1
		}
		if err != nil {
			missed = err
		}
		gr := p.Grade
		if gr == nil && !o.nograde {
			one, err := grade.Puzzle(ctx, p.Board)
			if err != nil {
				fmt.Fprintf(stderr, "generate: grading: %v\n", err)
				return 1
			}
			gr = &one
		}
		now := time.Now()
		out.elapsed, last = now.Sub(last), now
		if err := out.write(p, gr); err != nil {
			fmt.Fprintf(stderr, "generate: %v\n", err)
			return 1
		}
		tally.add(p, gr, out.elapsed)
	}
	if err := out.flush(); err != nil {
		fmt.Fprintf(stderr, "generate: %v\n", err)
		return 1
	}
	if o.summary {
		fmt.Fprint(stderr, tally.summary(stats))
	}
	if missed != nil {
		fmt.Fprintf(stderr, "generate: %d of %d puzzles missed a target: %v\n", stats.Missed, stats.Puzzles, missed)
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

// rules are the rules of package logic in the order of their ratings,
// for the columns of the stats.
var rules = logic.Ladder(true)

// writer prints puzzles in the format of the options.
type writer struct {
	w       io.Writer
	o       *options
	csv     *csv.Writer   // for the csv format
	count   int           // puzzles written
	elapsed time.Duration // since the puzzle before the one written came
}

func newWriter(w io.Writer, o *options) *writer {
	out := &writer{w: w, o: o}
	if o.format == "csv" {
		out.csv = csv.NewWriter(w)
	}
	return out
}

// fields returns the puzzle's fields, named, in the order of the line and
// csv formats: gr is nil with -nograde.
func (out *writer) fields(p *generate.Puzzle, gr *grade.Grade) (names, values []string) {
	add := func(name, value string) {
		names = append(names, name)
		values = append(values, value)
	}
	add("puzzle", p.Board.Line())
	if out.o.solution {
		add("solution", p.Solution.Line())
	}
	if gr != nil {
		add("level", gr.Level.String())
		add("score", fmt.Sprintf("%.2f", gr.Score))
	}
	if out.o.stats {
		add("clues", strconv.Itoa(p.Clues()))
		add("hardest", gr.Hardest)
		add("steps", strconv.Itoa(gr.Steps))
		add("guesses", strconv.Itoa(gr.Guesses))
		for _, r := range rules {
			add(r.Name(), strconv.Itoa(gr.Uses[r.Name()]))
		}
	}
	if out.o.timer {
		add("ms", ms(out.elapsed))
	}
	return names, values
}

// write prints one puzzle.
func (out *writer) write(p *generate.Puzzle, gr *grade.Grade) error {
	out.count++
	names, values := out.fields(p, gr)
	switch out.o.format {
	case "csv":
		if out.count == 1 {
			if err := out.csv.Write(names); err != nil {
				return err
			}
		}
		return out.csv.Write(values)
	case "grid":
		return out.grid(p, gr)
	}
	var sb strings.Builder
	for i, v := range values {
		name := names[i]
		switch {
		case i > 0 && (name == "puzzle" || name == "solution" || name == "level" || name == "score"):
			sb.WriteByte(' ')
		case i > 0:
			if v == "0" && out.o.stats && slices.ContainsFunc(rules, func(r logic.Rule) bool { return r.Name() == name }) {
				continue // a rule not used
			}
			sb.WriteString(" " + strings.ReplaceAll(name, " ", "_") + "=")
			v = strings.ReplaceAll(v, " ", "_")
		}
		sb.WriteString(v)
	}
	_, err := fmt.Fprintln(out.w, sb.String())
	return err
}

// grid prints a puzzle drawn as a grid, its solution to its right, and
// its details below.
func (out *writer) grid(p *generate.Puzzle, gr *grade.Grade) error {
	var sb strings.Builder
	if out.count > 1 {
		sb.WriteByte('\n')
	}
	fmt.Fprintf(&sb, "Puzzle %d (seed %d)\n", out.count, generate.PuzzleSeed(out.o.seed, out.count-1))
	board := strings.Split(strings.TrimSuffix(p.Board.Pretty(), "\n"), "\n")
	if out.o.solution {
		sol := strings.Split(strings.TrimSuffix(p.Solution.Pretty(), "\n"), "\n")
		for i := range board {
			board[i] += "    " + sol[i]
		}
	}
	for _, line := range board {
		sb.WriteString(line + "\n")
	}
	if gr != nil {
		fmt.Fprintf(&sb, "Level: %s %.2f", gr.Level, gr.Score)
		if gr.Hardest != "" {
			fmt.Fprintf(&sb, " (hardest: %s, used %d times)", gr.Hardest, gr.HardestUses)
		}
		sb.WriteByte('\n')
	}
	if out.o.stats {
		fmt.Fprintf(&sb, "Clues: %d\nSteps: %d, guesses: %d\n", p.Clues(), gr.Steps, gr.Guesses)
		for _, r := range rules {
			if n := gr.Uses[r.Name()]; n > 0 {
				fmt.Fprintf(&sb, "  %s: %d\n", r.Name(), n)
			}
		}
	}
	if out.o.timer {
		fmt.Fprintf(&sb, "Time: %s ms\n", ms(out.elapsed))
	}
	_, err := io.WriteString(out.w, sb.String())
	return err
}

// flush writes what the csv writer holds.
func (out *writer) flush() error {
	if out.csv == nil {
		return nil
	}
	out.csv.Flush()
	return out.csv.Error()
}

// ms writes a duration in milliseconds.
func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 3, 64)
}

// tally gathers what the summary reports.
type tally struct {
	clues   []int
	times   []time.Duration
	levels  [grade.Guessing + 1]int
	graded  bool
	minimal int
}

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
	fmt.Fprintf(&sb, "%d puzzles in %.3f s: %.1f puzzles/s; %d workers; %d missed a target; %d attempts\n",
		len(t.clues), secs, float64(len(t.clues))/secs, st.Workers, st.Missed, st.Attempts)
	fmt.Fprintf(&sb, "clues median %d, least %d, most %d; %d minimal\n",
		t.clues[len(t.clues)/2], t.clues[0], t.clues[len(t.clues)-1], t.minimal)
	fmt.Fprintf(&sb, "time per puzzle median %s ms, least %s ms, most %s ms\n",
		ms(t.times[len(t.times)/2]), ms(t.times[0]), ms(t.times[len(t.times)-1]))
	if t.graded {
		sb.WriteString("levels:")
		for l, n := range t.levels {
			fmt.Fprintf(&sb, " %s %d", grade.Level(l), n)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
