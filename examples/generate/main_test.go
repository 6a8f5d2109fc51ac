package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

func runGenerate(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
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
		{[]string{"-size", "4", "-n", "2", "-seed", "4", "-bench"}, 16, ""},
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
		if strings.Contains(strings.Join(tc.args, " "), "-bench") != strings.Contains(errOut, "puzzles/s") {
			t.Errorf("%v: standard error %q", tc.args, errOut)
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
