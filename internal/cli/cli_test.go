package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/sudoku"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0}, {[]float64{3}, 3}, {[]float64{1, 4}, 2.5}, {[]float64{1, 2, 9}, 2},
	} {
		if got := Median(tc.in); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	if got := Median([]time.Duration{time.Second, 3 * time.Second}); got != 2*time.Second {
		t.Errorf("median of durations %v", got)
	}
}

func TestShape(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		rows, cols int
		err        string
	}{
		{nil, 3, 3, ""},
		{[]string{"-size", "6"}, 2, 3, ""},
		{[]string{"-box", "2x3"}, 2, 3, ""},
		{[]string{"-box", "4"}, 4, 4, ""},
		{[]string{"-box", "3x3", "-size", "9"}, 3, 3, ""},
		{[]string{"-box", "3x3", "-size", "16"}, 0, 0, "-size asks for 16"},
		{[]string{"-size", "7"}, 0, 0, "-size 7"},
		{[]string{"-box", "2by3"}, 0, 0, "-box \"2by3\""},
	} {
		c := New("test", "", &bytes.Buffer{}, &bytes.Buffer{})
		var s Shape
		c.ShapeVars(&s, 9)
		if _, ok := c.Parse(tc.args); !ok {
			t.Fatalf("%v: not parsed", tc.args)
		}
		g, err := s.Geometry()
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: %v, want an error with %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil || g.BoxRows() != tc.rows || g.BoxCols() != tc.cols {
			t.Errorf("%v: %v, %v", tc.args, g, err)
		}
		if s.Given() != (len(tc.args) > 0) {
			t.Errorf("%v: Given %v", tc.args, s.Given())
		}
	}
}

func TestFlagsAndExit(t *testing.T) {
	var errOut bytes.Buffer
	var workers, n int
	var timeout time.Duration
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-workers", "-1"}, "test: -workers -1: want 0 to 1024\n"},
		{[]string{"-workers", "1025"}, "test: -workers 1025: want 0 to 1024\n"},
		{[]string{"-n", "0"}, "test: -n 0: want 1 or more\n"},
		{[]string{"-timeout", "-1s"}, "test: -timeout -1s: want 0 or more\n"},
		{[]string{"-timeout", "soon"}, "invalid value \"soon\" for flag -timeout"},
		{[]string{"stray"}, "test: unexpected argument \"stray\"\n"},
	} {
		errOut.Reset()
		c := New("test", "", &bytes.Buffer{}, &errOut)
		c.WorkersVar(&workers, "goroutines")
		c.CountVar(&n, 1, "how many")
		c.TimeoutVar(&timeout, time.Second, "time limit")
		if code, ok := c.Parse(tc.args); ok || code != ExitUsage || !strings.HasPrefix(errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, ok %v, %q; want a usage error %q", tc.args, code, ok, errOut.String(), tc.want)
		}
	}
	c := New("test", "", &bytes.Buffer{}, &errOut)
	c.WorkersVar(&workers, "goroutines")
	if _, ok := c.Parse([]string{"-workers", "1024"}); !ok || workers != sudoku.MaxWorkers || !c.Set("workers") || c.Set("version") {
		t.Errorf("-workers 1024: %d", workers)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if c.Exit(ctx, ExitFailure) != ExitFailure {
		t.Error("Exit changed the status of a run not interrupted")
	}
	cancel()
	errOut.Reset()
	if c.Exit(ctx, ExitOK) != ExitInterrupted || errOut.String() != "test: interrupted\n" {
		t.Errorf("interrupted: %q", errOut.String())
	}
	if Seed(0) == 0 || Seed(7) != 7 {
		t.Error("Seed")
	}
}

func TestCompact(t *testing.T) {
	b, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	got := Compact(b)
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	if len(lines) != 9 || lines[0] != "53..7...." || lines[8] != "....8..79" {
		t.Errorf("compact:\n%s", got)
	}
	if back, err := sudoku.Parse(got); err != nil || back.Line() != b.Line() {
		t.Errorf("compact does not read back: %v", err)
	}
}

func TestLogSteps(t *testing.T) {
	b, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := LogSteps(&sb, b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != b.Empty()+1 || !strings.HasPrefix(lines[0], "  1. ") || lines[len(lines)-1] != "Solved in 51 steps." {
		t.Errorf("log of %d empty cells:\n%s", b.Empty(), sb.String())
	}
}

func TestCheckSolution(t *testing.T) {
	puzzle, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	sol, _ := sudoku.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	if err := CheckSolution(puzzle, sol); err != nil {
		t.Fatal(err)
	}
	other, _ := sudoku.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	_ = other.SetGiven(0, 0)
	if err := CheckSolution(puzzle, other); err == nil || !strings.Contains(err.Error(), "empty cells") {
		t.Errorf("an empty cell: %v", err)
	}
	_ = other.SetGiven(0, 4)
	if err := CheckSolution(puzzle, other); err == nil {
		t.Error("a repeated digit accepted")
	}
	// A solution of another puzzle: every unit right, a given changed.
	swapped, _ := sudoku.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	for c := range 81 {
		_ = swapped.SetGiven(c, 10-swapped.Get(c))
	}
	if err := CheckSolution(puzzle, swapped); err == nil || !strings.Contains(err.Error(), "answer changes r1c2") {
		t.Errorf("a changed given: %v", err)
	}
}
