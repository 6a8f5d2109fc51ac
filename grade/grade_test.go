package grade_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
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

// TestLocalLevels grades the in-repository puzzles made at each level of
// the scale before Sudoku Explainer's (tag: that level): each is unique,
// grading is deterministic, and the median ER never falls from one level
// to the next and rises from easy on.
func TestLocalLevels(t *testing.T) {
	ers := map[string][]float64{}
	for _, p := range reference.Local(t, "9x9-levels") {
		g, err := grade.Puzzle(context.Background(), p.Board)
		if err != nil {
			t.Fatalf("line %d: %v", p.Line, err)
		}
		again, err := grade.Puzzle(context.Background(), p.Board)
		if err != nil || !g.Unique || again.ER != g.ER || again.Score != g.Score {
			t.Errorf("line %d: graded %v %.2f, unique %v; again %.2f (%v)", p.Line, g.Level, g.Score, g.Unique, again.Score, err)
		}
		ers[p.Tag] = append(ers[p.Tag], g.ER)
	}
	prev := 0.0
	for i, name := range []string{"simple", "easy", "medium", "hard", "expert", "guessing"} {
		if len(ers[name]) == 0 {
			t.Fatalf("no puzzle made at %s", name)
		}
		m := median(ers[name])
		if m < prev || (i >= 2 && m <= prev) {
			t.Errorf("median ER of the puzzles made at %s %.1f, after %.1f", name, m, prev)
		}
		prev = m
	}
}

// TestQQWingLevels is a long test, run only with CUBEDOKU_LONG=1 (see
// internal/reference): it calibrates the grader against an independent
// one. It grades the four QQWing levels: the median score never
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
	t.Parallel() // a long test: it runs beside the others
	ctx := context.Background()
	tests := []struct {
		name    string
		puzzle  string
		level   grade.Level
		hardest logic.Technique
	}{
		{"simple", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", grade.Simple, logic.HiddenSingle},
		{"medium", "...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......", grade.Medium, logic.LockedCandidates},
		// A puzzle a person solves only by nested forcing chains.
		{"nested", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", grade.Guessing, logic.NestedForcingChain},
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
				t.Errorf("got %v %.2f %v, want %v %v", g.Level, g.Score, g.Hardest, tc.level, tc.hardest)
			}
			if (g.Guesses > 0) != (tc.hardest == logic.GuessRule) || g.HardestUses < 1 || g.Uses[g.Hardest] < g.HardestUses && g.Guesses == 0 || g.ER < g.EP || g.EP < g.ED || g.ED <= 0 {
				t.Errorf("guesses %d, hardest used %d times, uses %v, ER/EP/ED %v/%v/%v", g.Guesses, g.HardestUses, g.Uses, g.ER, g.EP, g.ED)
			}
			// Deterministic: graded again, but for the nested one, which
			// TestConcurrentGrades grades three times at once.
			if tc.name == "nested" {
				return
			}
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
	if grade.LevelOf(logic.GuessRule.Rating()) != grade.Guessing {
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
	for _, err := range []error{
		func() error { _, err := grade.Puzzle(ctx, nil); return err }(),
		func() error { _, err := grade.Puzzle(noContext, sudoku.NewBoard(nil)); return err }(),
	} {
		if !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("nil argument: %v, want sudoku.ErrInvalidArgument", err)
		}
	}
	// Duplicate givens: the error names the cells, as search.Solve's does.
	conflict, _ := sudoku.Parse("11" + strings.Repeat(".", 79))
	_, err := grade.Puzzle(ctx, conflict)
	var ce *sudoku.ConflictError
	if !errors.Is(err, search.ErrNoSolution) || !errors.As(err, &ce) || len(ce.Conflicts) != 1 || ce.Conflicts[0].A != 0 || ce.Conflicts[0].B != 1 {
		t.Errorf("conflicting givens: %v; want search.ErrNoSolution and a *sudoku.ConflictError naming cells 0 and 1", err)
	}
	// Givens that propagation proves contradictory: the error says so.
	// Row 1 holds 1-8, and column 9 a 9 further down: r1c9 has no digit.
	stuck, _ := sudoku.Parse("12345678." + strings.Repeat(".", 8) + "9" + strings.Repeat(".", 63))
	if _, err := grade.Puzzle(ctx, stuck); !errors.Is(err, search.ErrNoSolution) || !errors.Is(err, logic.ErrContradiction) {
		t.Errorf("contradictory givens: %v; want search.ErrNoSolution and logic.ErrContradiction", err)
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
		if err != nil || string(text) != l.String() {
			t.Fatalf("%v: MarshalText %q, %v", l, text, err)
		}
		var back grade.Level
		if err := back.UnmarshalText(bytes.ToUpper(text)); err != nil || back != l {
			t.Errorf("%s: read back as %v, %v", text, back, err)
		}
		if parsed, err := grade.ParseLevel(l.String()); err != nil || parsed != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l, parsed, err)
		}
	}
	l := grade.Hard
	if err := l.UnmarshalText([]byte("fiendish")); !errors.Is(err, sudoku.ErrInvalidArgument) || l != grade.Hard {
		t.Errorf("fiendish: %v, %v; want an argument error and the level unchanged", l, err)
	}
	// Names are read in any case, with spaces, hyphens and underscores
	// ignored, and QQWing's level names are read as ours.
	for name, want := range map[string]grade.Level{
		"medium ": grade.Medium, "GUESS-ING": grade.Guessing, "simple": grade.Simple, "easy": grade.Easy,
		"intermediate": grade.Medium, "Intermediate": grade.Medium, "expert": grade.Expert,
	} {
		if got, err := grade.ParseLevel(name); err != nil || got != want {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	if text, _ := grade.Medium.MarshalText(); string(text) != "medium" {
		t.Errorf("Medium writes as %q, want our own name", text)
	}
	var fromJSON struct{ L grade.Level }
	if err := json.Unmarshal([]byte(`{"L":"intermediate"}`), &fromJSON); err != nil || fromJSON.L != grade.Medium {
		t.Errorf("JSON intermediate: %v, %v", fromJSON.L, err)
	}
	for _, name := range []string{"", "fiendish", "level 2", "2", "any"} {
		if _, err := grade.ParseLevel(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseLevel(%q): %v, want sudoku.ErrInvalidArgument", name, err)
		}
	}
	for _, bad := range []grade.Level{-1, grade.Guessing + 1, math.MaxInt, math.MinInt} {
		if text, err := bad.MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Level(%d).MarshalText: %q, %v; want sudoku.ErrInvalidArgument", int(bad), text, err)
		}
		if bad.String() != fmt.Sprintf("level(%d)", int(bad)) {
			t.Errorf("Level(%d).String() = %q", int(bad), bad.String())
		}
	}
}

// TestGradeJSON: a grade encodes with camelCase keys and the level's
// name, and reads back the same.
func TestGradeJSON(t *testing.T) {
	b, err := sudoku.Parse("...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......")
	if err != nil {
		t.Fatal(err)
	}
	g, err := grade.Puzzle(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]any
	if err := json.Unmarshal(data, &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"level", "score", "er", "ep", "ed", "hardest", "hardestUses", "steps", "guesses", "uses", "unique"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("no key %q in %s", k, data)
		}
	}
	if keys["level"] != "medium" || keys["hardest"] != "locked candidates" || keys["er"] != 2.6 {
		t.Errorf("level encoded as %v, hardest rule as %v", keys["level"], keys["hardest"])
	}
	if uses, ok := keys["uses"].(map[string]any); !ok || uses["hidden single"] == nil {
		t.Errorf("uses encoded as %v, want the rules' names as keys", keys["uses"])
	}
	var back grade.Grade
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(g, back); diff != "" {
		t.Errorf("read back (-written +read):\n%s", diff)
	}
	if err := json.Unmarshal([]byte(`{"level":"fiendish"}`), &back); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("unknown level in JSON: %v", err)
	}
}

// TestConcurrentGrades grades one board from several goroutines at once
// (run with -race): the board is only read, and every grade is the same.
func TestConcurrentGrades(t *testing.T) {
	t.Parallel() // a long test: it runs beside the others
	b, err := sudoku.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	if err != nil {
		t.Fatal(err)
	}
	line := b.Line()
	// Three grades at once, all the same.
	var wg sync.WaitGroup
	grades, errs := make([]grade.Grade, 3), make([]error, 3)
	for i := range grades {
		wg.Add(1)
		go func() {
			defer wg.Done()
			grades[i], errs[i] = grade.Puzzle(context.Background(), b)
		}()
	}
	wg.Wait()
	for i, g := range grades {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if !cmp.Equal(g, grades[0]) {
			t.Errorf("grade %+v, and %+v at the same time", g, grades[0])
		}
	}
	if b.Line() != line {
		t.Errorf("board changed: %s", b.Line())
	}
}

// TestExtremes calls every exported function and method of the package
// with zero values, nil and extreme numbers: each gives an error or its
// documented result, and none panics.
func TestExtremes(t *testing.T) {
	ctx := context.Background()
	for _, score := range []float64{math.NaN(), math.Inf(-1), -1, 0, math.SmallestNonzeroFloat64} {
		if l := grade.LevelOf(score); l != grade.Simple {
			t.Errorf("LevelOf(%v) = %v, want simple", score, l)
		}
	}
	for _, score := range []float64{7.5, 12, math.MaxFloat64, math.Inf(1)} {
		if l := grade.LevelOf(score); l != grade.Guessing {
			t.Errorf("LevelOf(%v) = %v, want guessing", score, l)
		}
	}
	// A score between two ranges of the scale belongs to the lower level.
	for score, want := range map[float64]grade.Level{
		1.2: grade.Simple, 1.59: grade.Simple, 1.6: grade.Easy, 2.55: grade.Easy,
		2.6: grade.Medium, 3.0: grade.Medium, 3.49: grade.Medium,
		3.5: grade.Hard, 4.49: grade.Hard, 4.5: grade.Expert, 7.49: grade.Expert, 7.5: grade.Guessing,
	} {
		if l := grade.LevelOf(score); l != want {
			t.Errorf("LevelOf(%v) = %v, want %v", score, l, want)
		}
	}
	var zero grade.Level
	if zero != grade.Simple || zero.String() != "simple" {
		t.Errorf("zero level: %v", zero)
	}
	var nilLevel *grade.Level
	if err := nilLevel.UnmarshalText([]byte("easy")); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("UnmarshalText on a nil *Level: %v", err)
	}
	if err := zero.UnmarshalText(nil); !errors.Is(err, sudoku.ErrInvalidArgument) || zero != grade.Simple {
		t.Errorf("UnmarshalText(nil): %v, %v", zero, err)
	}
	if _, err := grade.ParseLevel(strings.Repeat("x", 1<<20)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("ParseLevel of 1 MiB: %v", err)
	}
	// A board with no givens has many solutions: graded along one of
	// them. On 4x4: an empty 9x9 board takes every forcing chain at each
	// of some fifty steps, seconds, and checks nothing more.
	g4, err := sudoku.NewGeometry(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := grade.Puzzle(ctx, sudoku.NewBoard(g4)); err != nil || g.Unique || g.Level != grade.Guessing {
		t.Errorf("empty 4x4: %+v, %v", g, err)
	}
	// A board of the zero Geometry's default (9x9): a solved grid but
	// for a rectangle of two digits that may swap, two solutions.
	twice := sudoku.NewBoard(nil)
	grid := "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	for c := range 81 {
		if c != 0 && c != 1 && c != 27 && c != 28 {
			if err := twice.SetGiven(c, int(grid[c]-'0')); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g, err := grade.Puzzle(ctx, twice); err != nil || g.Unique || g.Level != grade.Guessing {
		t.Errorf("9x9 with two solutions: %+v, %v", g, err)
	}
	// A complete grid needs no step.
	full, err := search.Solve(ctx, sudoku.NewBoard(nil))
	if err != nil {
		t.Fatal(err)
	}
	full, err = sudoku.Parse(full.Line()) // every digit a given
	if err != nil {
		t.Fatal(err)
	}
	if g, err := grade.Puzzle(ctx, full); err != nil || !g.Unique || g.Steps != 0 || g.Level != grade.Simple || g.Score != 0 {
		t.Errorf("complete grid: %+v, %v", g, err)
	}
}

// FuzzParseLevel: any text is a level that writes back to a name that
// reads the same, or an argument error; nothing panics.
func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{"simple", "EASY", "Medium", "hard", "expert", "guessing", "", "fiendish", "level 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		l, err := grade.ParseLevel(name)
		if err != nil {
			if !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Fatalf("%q: %v", name, err)
			}
			return
		}
		text, err := l.MarshalText()
		if err != nil {
			t.Fatalf("%q read as %v, written %q (%v)", name, l, text, err)
		}
		var back grade.Level
		if err := back.UnmarshalText(text); err != nil || back != l {
			t.Fatalf("%q: read back as %v, %v", text, back, err)
		}
	})
}
