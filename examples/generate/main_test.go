package main

import (
	"context"
	"encoding/csv"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/cli/clitest"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

func runGenerate(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	r := clitest.Run(context.Background(), run, "", args...)
	return r.Code, r.Stdout, r.Stderr
}

// TestPuzzles reads every line back: a unique puzzle of the asked size,
// with the grade the grader gives it.
func TestPuzzles(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		cells int
		level string
	}{
		{[]string{"-seed", "1"}, 81, ""},
		{[]string{"-n", "3", "-box", "2x3", "-symmetry", "rotate180", "-minimal", "-seed", "2"}, 36, ""},
		{[]string{"-n", "2", "-level", "hard", "-seed", "3"}, 81, "hard"},
		{[]string{"-size", "4", "-n", "2", "-seed", "4", "-summary"}, 16, ""},
		{[]string{"-box", "3x3", "-size", "9", "-n", "2", "-symmetry", "random", "-level", "intermediate", "-seed", "7"}, 81, "medium"},
		{[]string{"-box", "2", "-level", "any", "-seed", "8"}, 16, ""},
	} {
		code, out, errOut := runGenerate(t, tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", tc.args, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		for _, line := range lines {
			fields := strings.Fields(line)
			if len(fields) != 3 {
				t.Fatalf("%v: line %q is not a puzzle, a level and a score", tc.args, line)
			}
			b, err := sudoku.Parse(fields[0])
			if err != nil || b.Geometry().NumCells() != tc.cells {
				t.Fatalf("%v: %q: %v", tc.args, fields[0], err)
			}
			if n, err := search.Count(context.Background(), b, 2); n != 1 || err != nil {
				t.Errorf("%v: %s has %d solutions (%v)", tc.args, fields[0], n, err)
			}
			g, err := grade.Puzzle(context.Background(), b)
			if err != nil || fields[1] != g.Level.String() || (tc.level != "" && fields[1] != tc.level) {
				t.Errorf("%v: %s printed as %s, graded %s (%v)", tc.args, fields[0], fields[1], g.Level, err)
			}
		}
		if strings.Contains(strings.Join(tc.args, " "), "-summary") != strings.Contains(errOut, "puzzles/s") {
			t.Errorf("%v: standard error %q", tc.args, errOut)
		}
	}
}

// check checks one printed puzzle against the solver and the grader: its
// fields by name, as the line and csv formats name them.
func check(t *testing.T, what string, f map[string]string) {
	t.Helper()
	ctx := context.Background()
	b, err := sudoku.Parse(f["puzzle"])
	if err != nil {
		t.Fatalf("%s: puzzle %q: %v", what, f["puzzle"], err)
	}
	if n, err := search.Count(ctx, b, 2); n != 1 || err != nil {
		t.Fatalf("%s: %s has %d solutions (%v)", what, b.Line(), n, err)
	}
	sol, err := search.Solve(ctx, b)
	if err != nil || sol.Line() != f["solution"] {
		t.Errorf("%s: solution printed %q, solved %s (%v)", what, f["solution"], sol.Line(), err)
	}
	gr, err := grade.Puzzle(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"level":   gr.Level.String(),
		"score":   strconv.FormatFloat(gr.Score, 'f', 2, 64),
		"clues":   strconv.Itoa(b.Geometry().NumCells() - b.Empty()),
		"hardest": gr.Hardest.String(),
		"steps":   strconv.Itoa(gr.Steps),
		"guesses": strconv.Itoa(gr.Guesses),
	}
	for _, r := range logic.Ladder(true) {
		want[r.Name()] = strconv.Itoa(gr.Uses[r.(logic.Technique)])
	}
	for k, v := range want {
		if f[k] != v {
			t.Errorf("%s: %s: %s printed %q, want %q", what, b.Line(), k, f[k], v)
		}
	}
	if ms, err := strconv.ParseFloat(f["ms"], 64); err != nil || ms <= 0 {
		t.Errorf("%s: ms %q (%v)", what, f["ms"], err)
	}
}

// TestFormats reads back each format with the solution, the stats and
// the timer: every field as the solver and the grader give it.
func TestFormats(t *testing.T) {
	flags := []string{"-n", "3", "-level", "expert", "-seed", "5", "-solution", "-stats", "-timer"}

	code, out, errOut := runGenerate(t, append(flags, "-format", "line")...)
	if code != 0 {
		t.Fatalf("line: exit %d, %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("line: %d lines, want 3:\n%s", len(lines), out)
	}
	for _, line := range lines {
		fields := strings.Fields(line)
		if len(fields) < 10 {
			t.Fatalf("line: %q: too few fields", line)
		}
		f := map[string]string{"puzzle": fields[0], "solution": fields[1], "level": fields[2], "score": fields[3]}
		for _, r := range logic.Ladder(true) {
			f[r.Name()] = "0" // a rule not used is not printed
		}
		for _, kv := range fields[4:] {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("line: %q: field %q is not name=value", line, kv)
			}
			f[strings.ReplaceAll(k, "_", " ")] = strings.ReplaceAll(v, "_", " ")
		}
		check(t, "line", f)
	}

	code, csvOut, errOut := runGenerate(t, append(flags, "-format", "csv")...)
	if code != 0 {
		t.Fatalf("csv: exit %d, %s", code, errOut)
	}
	records, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	if err != nil || len(records) != 4 {
		t.Fatalf("csv: %d records (%v):\n%s", len(records), err, csvOut)
	}
	for i, rec := range records[1:] {
		f := map[string]string{}
		for j, name := range records[0] {
			f[name] = rec[j]
		}
		check(t, "csv", f)
		// The same seed gives the same puzzles in every format.
		if want := strings.Fields(lines[i])[0]; f["puzzle"] != want {
			t.Errorf("csv puzzle %d: %s, line format %s", i, f["puzzle"], want)
		}
	}

	code, grid, errOut := runGenerate(t, append(flags, "-format", "grid")...)
	if code != 0 {
		t.Fatalf("grid: exit %d, %s", code, errOut)
	}
	blocks := strings.Split(strings.TrimSpace(grid), "\n\n")
	if len(blocks) != 3 {
		t.Fatalf("grid: %d blocks, want 3:\n%s", len(blocks), grid)
	}
	for i, block := range blocks {
		rows := strings.Split(block, "\n")
		var left, right []string
		for _, row := range rows[1:12] {
			l, r, ok := strings.Cut(row, "    ")
			if !ok {
				t.Fatalf("grid: row %q has no solution beside it", row)
			}
			left, right = append(left, l), append(right, r)
		}
		b, err1 := sudoku.Parse(strings.Join(left, "\n"))
		sol, err2 := sudoku.Parse(strings.Join(right, "\n"))
		if err1 != nil || err2 != nil {
			t.Fatalf("grid: %v, %v:\n%s", err1, err2, block)
		}
		if want := strings.Fields(lines[i]); b.Line() != want[0] || sol.Line() != want[1] {
			t.Errorf("grid puzzle %d: %s %s, line format %s %s", i, b.Line(), sol.Line(), want[0], want[1])
		}
		gr, err := grade.Puzzle(context.Background(), b)
		if err != nil || !strings.HasPrefix(rows[12], "Level: "+gr.Level.String()+" "+strconv.FormatFloat(gr.Score, 'f', 2, 64)) {
			t.Errorf("grid: %q, graded %s %.2f (%v)", rows[12], gr.Level, gr.Score, err)
		}
		if !strings.Contains(block, "\nClues: "+strconv.Itoa(b.Geometry().NumCells()-b.Empty())+"\n") || !strings.Contains(block, "\nTime: ") {
			t.Errorf("grid: no clue count or time in\n%s", block)
		}
	}
}

// TestSummary: the summary counts the puzzles by level.
func TestSummary(t *testing.T) {
	code, out, errOut := runGenerate(t, "-n", "4", "-level", "medium", "-seed", "6", "-summary")
	if code != 0 || len(strings.Split(strings.TrimSpace(out), "\n")) != 4 {
		t.Fatalf("exit %d, %q, %q", code, out, errOut)
	}
	for _, want := range []string{"4 puzzles in ", "puzzles/s", "0 missed a target", "clues median ", "time per puzzle median ", "levels: simple 0 easy 0 medium 4 hard 0 expert 0 guessing 0"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("summary %q lacks %q", errOut, want)
		}
	}
}

func TestSameSeedSameOutput(t *testing.T) {
	_, a, _ := runGenerate(t, "-n", "4", "-seed", "9", "-workers", "1")
	_, b, _ := runGenerate(t, "-n", "4", "-seed", "9", "-workers", "2")
	if a != b || a == "" {
		t.Errorf("1 worker:\n%s2 workers:\n%s", a, b)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-box", "2by3"}, {"-size", "7"}, {"-n", "0"}, {"-level", "fiendish"},
		{"-symmetry", "spiral"}, {"-box", "2x3", "-symmetry", "rotate90", "-workers", "-1"}, {"stray"},
		{"-format", "xml"}, {"-stats", "-nograde"}, {"-box", "3x3", "-size", "16"}, {"-workers", "1025"},
		{"-nopuzzle"}, {"-format", "csv", "-log"}, {"-bench"}, {"-budget", "1s"},
	} {
		if code, _, errOut := runGenerate(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q; want 2 and a message", args, code, errOut)
		}
	}
	// A target out of reach: the closest puzzle is printed, exit 1.
	code, out, errOut := runGenerate(t, "-clues", "17", "-attempts", "2", "-seed", "1", "-nograde")
	if code != 1 || len(strings.TrimSpace(out)) != 81 || !strings.Contains(errOut, "not reached") {
		t.Errorf("17 clues in 2 attempts: exit %d, %q, %q", code, out, errOut)
	}
}

func TestFlags(t *testing.T) {
	clitest.CheckFlags(t, "generate", run, []string{"-n", "0"}, []string{"-timeout", "-1s"}, []string{"stray"})
}

// TestInterrupt: an interrupt before the first puzzle exits 130 with a
// message.
func TestInterrupt(t *testing.T) {
	if r := clitest.CheckInterrupt(t, run, "", "-n", "3"); r.Stdout != "" {
		t.Errorf("stdout %q", r.Stdout)
	}
}

// TestSolutionAloneCompactLog: -nopuzzle -solution prints the solution
// alone, -format compact its 9 rows of 9 characters, -log the steps.
func TestSolutionAloneCompactLog(t *testing.T) {
	code, out, errOut := runGenerate(t, "-seed", "3", "-nopuzzle", "-solution", "-nograde")
	sol, err := sudoku.Parse(strings.TrimSpace(out))
	if code != 0 || err != nil || !sol.Solved() {
		t.Fatalf("exit %d, %q: %v %s", code, out, err, errOut)
	}
	code, out, errOut = runGenerate(t, "-seed", "3", "-format", "compact", "-log")
	rows := strings.Split(out, "\n")
	if code != 0 || len(rows) < 12 {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	for _, row := range rows[:9] {
		if len(row) != 9 || strings.ContainsAny(row, " |") {
			t.Errorf("row %q is not 9 characters", row)
		}
	}
	b, err := sudoku.Parse(strings.Join(rows[:9], "\n"))
	if err != nil || b.Empty() == 0 {
		t.Fatalf("compact puzzle: %v", err)
	}
	if !strings.HasPrefix(rows[10], "  1. ") || !regexp.MustCompile(`\n(Solved in|No rule applies after) \d+ steps`).MatchString(out) {
		t.Errorf("no log of steps:\n%s", out)
	}
}
