// Command solve solves Sudoku puzzles of any size.
//
// It reads puzzles from the files named as arguments ("-" for standard
// input), or from standard input when it is not a terminal: one puzzle a
// line, or grids separated by blank lines, in any notation package sudoku
// reads. Given no input at all (no file, and standard input a terminal,
// /dev/null or an empty stream), it solves a built-in hard puzzle; an input
// that holds no puzzle is an error. It prints each solution, or the error
// for that puzzle, and goes on.
//
//	go run ./examples/solve                        # the built-in puzzle
//	go run ./examples/solve -format line puzzles.txt
//	go run ./examples/solve -format compact -stats -timer -log puzzles.txt
//	go run ./examples/solve -bench -workers 1 set1.txt set2.txt
//
// Flags:
//
//	-workers N   goroutines per puzzle (0: one per CPU)
//	-format F    grid (default), line (one line per puzzle: the solution in
//	             the puzzle's notation, or "error: <message>"), compact
//	             (the solution's rows alone: 9 lines of 9 characters for a
//	             9x9 board) or json
//	-puzzle      print each puzzle before its solution (in the grid format,
//	             to its left)
//	-stats       print each puzzle's grade and its details, as the generate
//	             example does: level, score, clues, hardest rule, steps,
//	             guesses and how often each rule was used
//	-timer       print how long each puzzle took to solve, in ms
//	-log         print the steps the rules of package logic take on each
//	             puzzle, one a line, as the hint example explains them
//	-hex         read one-character digits as hexadecimal 0-F (16x16)
//	-timeout D   give up on a puzzle after D (as 60s; 0: no limit), which
//	             then counts as failed (with -count too)
//	-progress D  for a puzzle that takes longer than D (default 1s), print
//	             its progress on standard error every D: nodes, restarts,
//	             depth, nodes per second, then its outcome (with the
//	             tabu search's swaps on big boards; 0: never; not with
//	             -bench)
//	-bench       solve every puzzle, check each answer, and print two lines
//	             per file: the set name, count, failures, puzzles/s, median
//	             and max microseconds per puzzle, first solving one puzzle at
//	             a time with -workers each, then as a batch: one puzzle per
//	             processor at once, each on one worker; with -count, a
//	             third line (the second) for counting each puzzle's
//	             solutions up to -limit, one at a time
//	-count       count each puzzle's solutions up to -limit instead of
//	             solving it, and print "unique", "N solutions", "at least N
//	             solutions" (the limit reached) or "no solution", with the
//	             search's nodes, guesses, dead ends and time
//	-limit N     how far -count counts (default 2, a uniqueness check; 0:
//	             no limit)
//	-version     print the module's version
//
// The exit code is 0 when every puzzle was solved, 1 when some failed, 2
// for a usage or read error, or an input without puzzles, and 130 after
// an interrupt, once what was done is printed.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"time"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/sudoku"
)

// builtin is a well-known hard 9x9 puzzle (published by Arto Inkala in
// 2012), with a unique solution.
const builtin = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

func main() {
	cli.Main(run)
}

type options struct {
	workers  int
	output   cli.Output
	hex      bool
	bench    bool
	count    bool
	limit    int
	timeout  time.Duration
	progress time.Duration
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("solve", "[file ...]", stdout, stderr)
	fs := c.Flags
	o := options{output: cli.Output{Solution: true}}
	c.WorkersVar(&o.workers, "goroutines per puzzle")
	fs.StringVar(&o.output.Format, "format", "grid", "output: grid, line, compact or json")
	fs.BoolVar(&o.output.Puzzle, "puzzle", false, "print each puzzle before its solution")
	fs.BoolVar(&o.output.Stats, "stats", false, "print each puzzle's grade, clues, rules used and steps")
	fs.BoolVar(&o.output.Timer, "timer", false, "print how long each puzzle took to solve")
	fs.BoolVar(&o.output.Log, "log", false, "print the steps the rules of package logic take on each puzzle")
	fs.BoolVar(&o.hex, "hex", false, "read one-character digits as hexadecimal 0-F")
	fs.BoolVar(&o.bench, "bench", false, "time every puzzle of each input and check the answers")
	fs.BoolVar(&o.count, "count", false, "count each puzzle's solutions up to -limit")
	c.IntVar(&o.limit, "limit", 2, 0, math.MaxInt, "how far -count counts (0: no limit)")
	c.TimeoutVar(&o.timeout, 0, "give up on a puzzle after this long (0: no limit)")
	fs.DurationVar(&o.progress, "progress", time.Second, "print the progress of a puzzle on standard error every this long (0: never)")
	if status, ok := c.Parse(args); !ok {
		return status
	}
	if err := o.check(); err != nil {
		return c.Usage("%v", err)
	}
	inputs, closeInputs, err := cli.Open(fs.Args(), stdin, builtin)
	if err != nil {
		return c.Usage("%v", err)
	}
	defer closeInputs()

	out := bufio.NewWriter(stdout)
	status := 0
	for _, in := range inputs {
		n, st := solveInput(ctx, in, o, out, stderr)
		if n == 0 && st < 2 {
			out.Flush()
			c.Errorf("%s: no puzzles", in.Name)
			st = 2
		}
		status = max(status, st)
		if ctx.Err() != nil {
			break
		}
	}
	if err := out.Flush(); err != nil {
		return c.Fail(err)
	}
	return c.Exit(ctx, status)
}

// check returns the usage error of options that do not go together.
func (o options) check() error {
	switch o.output.Format {
	case "grid", "line", "compact", "json":
	default:
		return fmt.Errorf("-format %q: want grid, line, compact or json", o.output.Format)
	}
	if o.output.Format == "json" && o.output.Log {
		return errors.New("-log prints lines of steps: not with -format json")
	}
	if (o.count || o.bench) && (o.output.Puzzle || o.output.Stats || o.output.Timer || o.output.Log) {
		return errors.New("-puzzle, -stats, -timer and -log describe solved puzzles: not with -count or -bench")
	}
	if o.progress < 0 {
		return fmt.Errorf("-progress %v: want 0 or more", o.progress)
	}
	return nil
}

// solveInput solves every puzzle of one input and returns how many it read
// and the exit status it calls for.
func solveInput(ctx context.Context, in cli.Input, o options, out *bufio.Writer, errOut io.Writer) (int, int) {
	sc := in.Scanner(o.hex)
	if o.bench {
		return benchInput(ctx, sc, in, o, out, errOut)
	}
	if o.count {
		return countInput(ctx, sc, in, o, out, errOut)
	}
	w := cli.NewWriter(out, o.output)
	status, n := 0, 0
	for sc.Scan() {
		n++
		r := cli.Record{}
		var err error
		r.Puzzle, err = sc.Board()
		if err == nil {
			l := limits{workers: o.workers, timeout: o.timeout, progress: errOut, every: o.progress,
				name: fmt.Sprintf("%s:%d", in.Name, sc.Line())}
			start := time.Now()
			r.Solution, err = solveOne(ctx, r.Puzzle, l)
			r.Elapsed = time.Since(start)
		}
		if err == nil && o.output.Stats {
			var g grade.Grade
			g, err = grade.Puzzle(ctx, r.Puzzle)
			r.Grade = &g
		}
		if err != nil {
			status = 1
		}
		if werr := report(out, w, o, in, sc.Line(), r, err); werr != nil {
			fmt.Fprintf(errOut, "solve: %v\n", werr)
			return n, 1
		}
		if errors.Is(err, context.Canceled) {
			return n, 1
		}
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(errOut, "solve: %s: %v\n", in.Name, err)
		return n, 2
	}
	return n, status
}

// solveOne solves a puzzle within l and checks the answer.
func solveOne(ctx context.Context, puzzle *sudoku.Board, l limits) (*sudoku.Board, error) {
	sol, err := solveWithin(ctx, puzzle, l)
	if err == nil {
		err = cli.CheckSolution(puzzle, sol)
	}
	return sol, err
}

// report prints one puzzle's outcome: the record through w, or err in
// the form of the format.
func report(out *bufio.Writer, w *cli.Writer, o options, in cli.Input, line int, r cli.Record, err error) error {
	switch {
	case o.output.Format == "json":
		rec := struct {
			Input    string        `json:"input"`
			Line     int           `json:"line"`
			Puzzle   *sudoku.Board `json:"puzzle,omitempty"`
			Solution *sudoku.Board `json:"solution,omitempty"`
			Grade    *grade.Grade  `json:"grade,omitempty"`
			MS       float64       `json:"ms,omitempty"`
			Error    string        `json:"error,omitempty"`
		}{Input: in.Name, Line: line, Solution: r.Solution, Grade: r.Grade}
		if o.output.Puzzle {
			rec.Puzzle = r.Puzzle
		}
		if o.output.Timer {
			rec.MS = cli.Millis(r.Elapsed)
		}
		if err != nil {
			rec.Error = err.Error()
		}
		data, jerr := json.Marshal(rec)
		if jerr != nil {
			return jerr
		}
		_, err = fmt.Fprintf(out, "%s\n", data)
		return err
	case err != nil && o.output.Format == "line":
		_, err = fmt.Fprintf(out, "error: %v\n", err)
		return err
	case err != nil:
		_, err = fmt.Fprintf(out, "%s:%d: error: %v\n\n", in.Name, line, err)
		return err
	}
	return w.Write(r)
}
