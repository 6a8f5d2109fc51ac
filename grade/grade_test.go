package grade_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// sample scales a sample size down for -short and for the race detector.
func sample(n int) int { return reference.Sample(n, raceEnabled) }

func median(xs []float64) float64 {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// TestQQWingLevels grades the four QQWing levels: the median score never
// falls from one level to the next, and rises from easy to intermediate to
// expert. Run with -v for the medians and the levels given.
func TestQQWingLevels(t *testing.T) {
	var medians []float64
	names := []string{"simple", "easy", "intermediate", "expert"}
	for _, name := range names {
		ps := reference.Boards(t, "9x9-qqwing-"+name+"-1000", sample(1000))
		var scores []float64
		levels := map[grade.Level]int{}
		for _, p := range ps {
			g, err := grade.Puzzle(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Unique {
				t.Errorf("%s: not unique", p.Line())
			}
			scores = append(scores, g.Score)
			levels[g.Level]++
		}
		medians = append(medians, median(scores))
		t.Logf("qqwing %-12s median %.2f  levels %v", name, medians[len(medians)-1], levels)
	}
	for i := 1; i < len(medians); i++ {
		if medians[i] < medians[i-1] || (i >= 2 && medians[i] <= medians[i-1]) {
			t.Errorf("median of %s %.2f after %s %.2f", names[i], medians[i], names[i-1], medians[i-1])
		}
	}
}

func TestGrade(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		puzzle  string
		level   grade.Level
		hardest string
	}{
		{"simple", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", grade.Simple, "naked single"},
		{"medium", "...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......", grade.Medium, "naked pair"},
		{"guessing", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", grade.Guessing, grade.GuessRule},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := sudoku.Parse(tc.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			g, err := grade.Puzzle(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			if g.Level != tc.level || g.Hardest != tc.hardest || grade.LevelOf(g.Score) != g.Level {
				t.Errorf("got %v %.2f %q, want %v %q", g.Level, g.Score, g.Hardest, tc.level, tc.hardest)
			}
			if (g.Guesses > 0) != (tc.level == grade.Guessing) || g.HardestUses < 1 || g.Uses[g.Hardest] != g.HardestUses && g.Guesses == 0 {
				t.Errorf("guesses %d, hardest used %d times, uses %v", g.Guesses, g.HardestUses, g.Uses)
			}
			// Deterministic.
			again, err := grade.Puzzle(ctx, b)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(g, again); diff != "" {
				t.Errorf("second grade differs (-first +second):\n%s", diff)
			}
		})
	}
}

// TestWorkStaysInLevel: the work term (at most 0.09) never lifts a rule's
// rating into the next level.
func TestWorkStaysInLevel(t *testing.T) {
	for _, tech := range logic.Techniques() {
		r := tech.Rating()
		if grade.LevelOf(r) != grade.LevelOf(r+0.09) {
			t.Errorf("%v: rating %.1f is %v, with work %v", tech, r, grade.LevelOf(r), grade.LevelOf(r+0.09))
		}
	}
	if grade.LevelOf(grade.GuessRating) != grade.Guessing {
		t.Error("a guess is not Guessing")
	}
}

func TestGradeSeveralSolutions(t *testing.T) {
	g4, _ := sudoku.NewGeometry(2, 2)
	b := sudoku.NewBoard(g4)
	g, err := grade.Puzzle(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if g.Unique || g.Level != grade.Guessing || g.Guesses == 0 {
		t.Errorf("empty 4x4: %+v", g)
	}
}

func TestGradeErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := grade.Puzzle(ctx, nil); err == nil {
		t.Error("nil board: no error")
	}
	var noContext context.Context
	if _, err := grade.Puzzle(noContext, sudoku.NewBoard(nil)); err == nil {
		t.Error("nil context: no error")
	}
	conflict, _ := sudoku.Parse("11" + strings.Repeat(".", 79))
	if _, err := grade.Puzzle(ctx, conflict); !errors.Is(err, search.ErrNoSolution) {
		t.Errorf("conflicting givens: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := grade.Puzzle(cancelled, sudoku.NewBoard(nil)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: %v", err)
	}
	expired, cancel2 := context.WithDeadline(ctx, time.Now().Add(-time.Second))
	defer cancel2()
	if _, err := grade.Puzzle(expired, sudoku.NewBoard(nil)); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("expired context: %v", err)
	}
}

// TestLevelText reads back every level's name, and refuses others.
func TestLevelText(t *testing.T) {
	for l := grade.Simple; l <= grade.Guessing; l++ {
		text, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back grade.Level
		if err := back.UnmarshalText(bytes.ToUpper(text)); err != nil || back != l {
			t.Errorf("%s: read back as %v, %v", text, back, err)
		}
	}
	l := grade.Hard
	if err := l.UnmarshalText([]byte("fiendish")); err == nil || l != grade.Hard {
		t.Errorf("fiendish: %v, %v; want an error and the level unchanged", l, err)
	}
}
