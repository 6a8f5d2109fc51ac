// Command solve solves Sudoku puzzles of any size.
//
// It reads puzzles from the files named as arguments ("-" for standard
// input), or from standard input when it is not a terminal: one puzzle a
// line, or grids separated by blank lines, in any notation package sudoku
// reads. Given no input at all (no file, and standard input a terminal,
// /dev/null or an empty stream), it solves a built-in hard puzzle; an input
// that holds no puzzle is an error. It prints each solution, or the error
// for that puzzle, and goes on; the exit code is 1 when any puzzle failed
// and 2 for a usage or read error, or an input without puzzles.
//
//	go run ./examples/solve                        # the built-in puzzle
//	go run ./examples/solve -format line puzzles.txt
//	go run ./examples/solve -bench -workers 1 set1.txt set2.txt
//
// Flags:
//
//	-workers N   goroutines per puzzle (0: one per CPU)
//	-format F    grid (default), line (one line per puzzle: the solution in
//	             the puzzle's notation, or "error: <message>"), or json
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
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"github.com/cubedoku/cubedoku/internal/cmdinput"
	"github.com/cubedoku/cubedoku/sudoku"
)

// builtin is a well-known hard 9x9 puzzle (published by Arto Inkala in
// 2012), with a unique solution.
const builtin = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

type options struct {
	workers  int
	format   string
	hex      bool
	bench    bool
	count    bool
	limit    int
	timeout  time.Duration
	progress time.Duration
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.IntVar(&o.workers, "workers", 0, "goroutines per puzzle (0: one per CPU)")
	fs.StringVar(&o.format, "format", "grid", "output: grid, line or json")
	fs.BoolVar(&o.hex, "hex", false, "read one-character digits as hexadecimal 0-F")
	fs.BoolVar(&o.bench, "bench", false, "time every puzzle of each input and check the answers")
	fs.BoolVar(&o.count, "count", false, "count each puzzle's solutions up to -limit")
	fs.IntVar(&o.limit, "limit", 2, "how far -count counts (0: no limit)")
	fs.DurationVar(&o.timeout, "timeout", 0, "give up on a puzzle after this long (0: no limit)")
	fs.DurationVar(&o.progress, "progress", time.Second, "print the progress of a puzzle on standard error every this long (0: never)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.limit < 0 {
		fmt.Fprintf(stderr, "solve: -limit %d: want 0 or more\n", o.limit)
		return 2
	}
	if o.format != "grid" && o.format != "line" && o.format != "json" {
		fmt.Fprintf(stderr, "solve: unknown format %q (want grid, line or json)\n", o.format)
		return 2
	}
	if o.workers < 0 {
		fmt.Fprintf(stderr, "solve: -workers %d: want 0 or more\n", o.workers)
		return 2
	}
	if o.timeout < 0 || o.progress < 0 {
		fmt.Fprintf(stderr, "solve: -timeout %v, -progress %v: want 0 or more\n", o.timeout, o.progress)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	inputs, closeInputs, err := cmdinput.Open(fs.Args(), stdin, builtin)
	if err != nil {
		fmt.Fprintf(stderr, "solve: %v\n", err)
		return 2
	}
	defer closeInputs()

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	for _, in := range inputs {
		n, st := solveInput(ctx, in, o, out, stderr)
		if n == 0 && st < 2 {
			out.Flush()
			fmt.Fprintf(stderr, "solve: %s: no puzzles\n", in.Name)
			st = 2
		}
		status = max(status, st)
	}
	return status
}

// solveInput solves every puzzle of one input and returns how many it read
// and the exit status it calls for.
func solveInput(ctx context.Context, in cmdinput.Input, o options, out *bufio.Writer, errOut io.Writer) (int, int) {
	sc := in.Scanner(o.hex)
	if o.bench {
		return benchInput(ctx, sc, in, o, out, errOut)
	}
	if o.count {
		return countInput(ctx, sc, in, o, out, errOut)
	}
	status, n := 0, 0
	for sc.Scan() {
		n++
		puzzle, err := sc.Board()
		var sol *sudoku.Board
		if err == nil {
			l := limits{workers: o.workers, timeout: o.timeout, progress: errOut, every: o.progress,
				name: fmt.Sprintf("%s:%d", in.Name, sc.Line())}
			sol, err = solveOne(ctx, puzzle, l)
		}
		if err != nil {
			status = 1
		}
		report(out, o, in, sc.Line(), sol, err)
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
		err = check(puzzle, sol)
	}
	return sol, err
}

// check verifies a solution: solved, and keeping every digit of the puzzle.
func check(puzzle, sol *sudoku.Board) error {
	if !sol.Solved() {
		return fmt.Errorf("answer is not a solution: %v", sol.Validate())
	}
	for c := range puzzle.Geometry().NumCells() {
		if d := puzzle.Get(c); d != 0 && sol.Get(c) != d {
			return fmt.Errorf("answer changes %s", puzzle.Geometry().CellName(c))
		}
	}
	return nil
}

func report(out *bufio.Writer, o options, in cmdinput.Input, line int, sol *sudoku.Board, err error) {
	switch o.format {
	case "line":
		if err != nil {
			fmt.Fprintf(out, "error: %v\n", err)
		} else {
			fmt.Fprintln(out, sol.Line())
		}
	case "json":
		rec := struct {
			Input    string        `json:"input"`
			Line     int           `json:"line"`
			Solution *sudoku.Board `json:"solution,omitempty"`
			Error    string        `json:"error,omitempty"`
		}{Input: in.Name, Line: line, Solution: sol}
		if err != nil {
			rec.Error = err.Error()
		}
		data, _ := json.Marshal(rec)
		fmt.Fprintf(out, "%s\n", data)
	default:
		if err != nil {
			fmt.Fprintf(out, "%s:%d: error: %v\n\n", in.Name, line, err)
		} else {
			fmt.Fprintf(out, "%s\n", sol.Pretty())
		}
	}
}
