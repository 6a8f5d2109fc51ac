package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/internal/cli/clitest"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/sudoku"
)

const easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// solve runs the command and returns its exit code, output and errors.
func solve(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	r := clitest.Run(context.Background(), run, stdin, args...)
	return r.Code, r.Stdout, r.Stderr
}

func checkSolves(t *testing.T, puzzle, solution string, opts ...sudoku.ParseOption) {
	t.Helper()
	p, err := sudoku.Parse(puzzle, opts...)
	if err != nil {
		t.Fatal(err)
	}
	s, err := sudoku.Parse(solution, append(opts, sudoku.WithGeometry(p.Geometry()))...)
	if err != nil {
		t.Fatalf("output %q: %v", solution, err)
	}
	if err := cli.CheckSolution(p, s); err != nil {
		t.Fatalf("output does not solve the puzzle: %v", err)
	}
}

func TestBuiltin(t *testing.T) {
	code, out, _ := solve(t, "")
	if code != 0 || !strings.HasPrefix(out, "8 1 2 | 7 5 3 | 6 4 9\n") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	checkSolves(t, builtin, out)
}

func TestFormats(t *testing.T) {
	input := easy + "\n" + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7*\n" +
		"55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	code, out, _ := solve(t, input, "-format", "line")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 3 {
		t.Fatalf("exit %d, %d lines:\n%s", code, len(lines), out)
	}
	checkSolves(t, easy, lines[0])
	if !strings.HasPrefix(lines[1], "error: ") || !strings.Contains(lines[1], "column 81") {
		t.Errorf("stray character: %q", lines[1])
	}
	if !strings.HasPrefix(lines[2], "error: ") || !strings.Contains(lines[2], "r1c1 and r1c2") {
		t.Errorf("duplicate givens: %q", lines[2])
	}

	code, out, _ = solve(t, easy+"\n", "-format", "json")
	var rec struct {
		Line     int
		Solution *sudoku.Board
		Error    string
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 || rec.Line != 1 || rec.Error != "" {
		t.Fatalf("json %q: %v", out, err)
	}
	checkSolves(t, easy, rec.Solution.Line())
	if !rec.Solution.Given(0) || rec.Solution.Given(2) {
		t.Error("JSON solution should tell givens from entries")
	}

	code, out, _ = solve(t, easy+"\n", "-format", "grid")
	if code != 0 || strings.Count(out, "|") != 18 {
		t.Errorf("grid output:\n%s", out)
	}
	checkSolves(t, easy, out)
}

func TestGridsAndSizes(t *testing.T) {
	p, _ := sudoku.Parse(easy)
	q, _ := sudoku.Parse(builtin)
	code, out, _ := solve(t, p.Pretty()+"\n"+q.Pretty(), "-format", "line")
	lines := strings.Fields(out)
	if code != 0 || len(lines) != 2 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	checkSolves(t, easy, lines[0])
	checkSolves(t, builtin, lines[1])

	// A 16x16 puzzle in numbers keeps its notation; the same in hex.
	g16, _ := sudoku.NewGeometry(4, 4)
	b := sudoku.NewBoard(g16)
	for c := range 16 {
		_ = b.SetGiven(c, 16-c)
	}
	_ = b.SetNotation(sudoku.Notation{Alphabet: sudoku.Decimal})
	code, out, _ = solve(t, b.Line(), "-format", "line", "-workers", "1")
	if code != 0 || len(strings.Fields(out)) != 256 {
		t.Fatalf("16x16 numbers: exit %d %q", code, out)
	}
	checkSolves(t, b.Line(), out)
	_ = b.SetNotation(sudoku.Notation{Alphabet: sudoku.Hex})
	code, out, _ = solve(t, b.Line(), "-format", "line", "-hex")
	if code != 0 || len(strings.TrimSpace(out)) != 256 || !strings.HasPrefix(out, "FEDCBA9876543210") {
		t.Fatalf("16x16 hex: exit %d %q", code, out)
	}
	checkSolves(t, b.Line(), strings.TrimSpace(out), sudoku.WithAlphabet(sudoku.Hex))
}

func TestWorkersAgree(t *testing.T) {
	_, one, _ := solve(t, builtin, "-format", "line", "-workers", "1")
	_, two, _ := solve(t, builtin, "-format", "line", "-workers", "2")
	if one != two || one == "" {
		t.Errorf("1 worker %q, 2 workers %q", one, two)
	}
}

var benchLine = regexp.MustCompile(`^(\S+): (\d+) puzzles, (\d+) failed, [0-9.]+ puzzles/s, median [0-9.]+ µs, max [0-9.]+ µs \((one at a time|batch), [^)]*\)$`)

// benchLines checks the output of -bench on one file: a line for solving
// one puzzle at a time, then one for the batch, each naming the set and
// counting its puzzles and failures.
func benchLines(t *testing.T, out, set string, puzzles int, failed bool) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines, got %q", out)
	}
	for i, mode := range []string{"one at a time", "batch"} {
		m := benchLine.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("line %d: %q", i+1, lines[i])
		}
		if m[1] != set || m[2] != strconv.Itoa(puzzles) || (m[3] != "0") != failed || m[4] != mode {
			t.Errorf("line %d: %q: want set %s, %d puzzles, failures %v, %s", i+1, lines[i], set, puzzles, failed, mode)
		}
	}
}

func TestBench(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "some.txt")
	if err := os.WriteFile(file, []byte(easy+"\n"+builtin+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := solve(t, "", "-bench", file)
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	benchLines(t, out, "some", 2, false)
	bad := reference.File(t, "bad-inputs.txt")
	code, out, _ = solve(t, "", "-bench", bad)
	if code != 1 {
		t.Errorf("bad inputs: exit %d", code)
	}
	benchLines(t, out, "bad-inputs", 17, true)
}

// TestBadInputs runs every case of the reference file of malformed
// puzzles: one line of output each; an error unless the comment says the
// puzzle has several solutions (one of them is printed).
func TestBadInputs(t *testing.T) {
	data, err := reference.ReadFile("bad-inputs.txt")
	if err != nil {
		t.Fatal(err)
	}
	var comments, inputs []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			comments = append(comments, line)
		} else {
			inputs = append(inputs, line)
		}
	}
	code, out, _ := solve(t, strings.Join(inputs, "\n"), "-format", "line")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != len(inputs) {
		t.Fatalf("exit %d, %d lines for %d inputs:\n%s", code, len(lines), len(inputs), out)
	}
	for i, line := range lines {
		solvable := strings.Contains(comments[i], "multiple solutions") || strings.Contains(comments[i], "not a square box size")
		if solvable {
			checkSolves(t, inputs[i], line)
		} else if !strings.HasPrefix(line, "error: ") {
			t.Errorf("%s: printed %q", comments[i], line)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-format", "xml"},
		{"-format", "csv"},
		{"-workers", "-1"},
		{"-workers", "1025"},
		{"-nosuchflag"},
		{"-format", "json", "-log"},
		{"-count", "-stats"},
		{"-bench", "-timer"},
		{filepath.Join(t.TempDir(), "missing.txt")},
	} {
		code, _, errOut := solve(t, easy, args...)
		if code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
		if strings.HasSuffix(args[0], "missing.txt") && !strings.Contains(errOut, "missing.txt") {
			t.Errorf("message %q should name the file", errOut)
		}
	}
}

// An input that holds no puzzle is an error; only the absence of any input
// means the built-in puzzle.
func TestEmptyInputs(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.txt")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		stdin string
		args  []string
		name  string
	}{
		{"\n\n  \n", nil, "stdin"},
		{"# only a comment\n", nil, "stdin"},
		{"", []string{"-"}, "stdin"},
		{"", []string{empty}, "empty.txt"},
		{easy, []string{"-format", "line", empty, "-"}, "empty.txt"},
	} {
		code, out, errOut := solve(t, tc.stdin, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.name+": no puzzles") {
			t.Errorf("stdin %q, args %v: exit %d, stderr %q", tc.stdin, tc.args, code, errOut)
		}
		if strings.Contains(out, "8 1 2") {
			t.Errorf("stdin %q, args %v: solved the built-in puzzle", tc.stdin, tc.args)
		}
		if len(tc.args) > 2 {
			checkSolves(t, easy, strings.TrimSpace(out))
		}
	}
}

func TestFlags(t *testing.T) {
	clitest.CheckFlags(t, "solve", run, []string{"-limit", "-1"}, []string{"-timeout", "-1s"}, []string{"-workers", "1025"})
}

// TestInterrupt: an interrupt stops the command with 130 after what was
// done is printed.
func TestInterrupt(t *testing.T) {
	r := clitest.CheckInterrupt(t, run, easy, "-format", "line")
	if !strings.HasPrefix(r.Stdout, "error: ") || !strings.Contains(r.Stdout, "canceled") {
		t.Errorf("stdout %q: want the puzzle's error", r.Stdout)
	}
}

// TestStatsTimerLog: -stats prints the grade and its details, -timer the
// time, -log the steps; -format compact the solution's rows alone.
func TestStatsTimerLog(t *testing.T) {
	code, out, errOut := solve(t, easy, "-format", "line", "-stats", "-timer")
	fields := strings.Fields(out)
	if code != 0 || len(fields) < 8 {
		t.Fatalf("exit %d: %q %s", code, out, errOut)
	}
	p, _ := sudoku.Parse(easy)
	g, err := grade.Puzzle(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	checkSolves(t, easy, fields[0])
	if fields[1] != g.Level.String() || fields[3] != "clues=30" || !strings.HasPrefix(fields[len(fields)-1], "ms=") {
		t.Errorf("line %q; graded %s", out, g.Level)
	}
	code, out, _ = solve(t, easy, "-format", "compact", "-log")
	rows := strings.Split(out, "\n")
	if code != 0 || len(rows[0]) != 9 || !strings.HasPrefix(rows[9], "  1. ") || !strings.Contains(out, "\nSolved in 51 steps.\n") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	checkSolves(t, easy, strings.Join(rows[:9], "\n"))
	code, out, _ = solve(t, easy, "-format", "json", "-stats", "-timer", "-puzzle")
	var rec struct {
		Puzzle *sudoku.Board
		Grade  *grade.Grade
		MS     float64
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 || rec.Grade == nil || rec.Grade.Level != g.Level || rec.MS <= 0 ||
		rec.Puzzle == nil || rec.Puzzle.Line() != easy {
		t.Errorf("json %q: %v", out, err)
	}
	// -puzzle: the puzzle, then its solution.
	code, out, _ = solve(t, easy, "-format", "line", "-puzzle")
	if fields := strings.Fields(out); code != 0 || len(fields) != 2 || fields[0] != easy {
		t.Fatalf("exit %d: %q", code, out)
	} else {
		checkSolves(t, easy, fields[1])
	}
}
