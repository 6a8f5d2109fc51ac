package generate_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

func shape(tb testing.TB, rows, cols int) *sudoku.Geometry {
	tb.Helper()
	g, err := sudoku.NewGeometry(rows, cols)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

func count(tb testing.TB, b *sudoku.Board) int {
	tb.Helper()
	n, err := search.Count(context.Background(), b, 2)
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// checkPuzzle checks what every generated puzzle must be: unique, with
// the solution it reports, and minimal when it says so (removing any
// orbit of clues gives a second solution).
func checkPuzzle(tb testing.TB, p *generate.Puzzle, orbits [][]int) {
	tb.Helper()
	b, sol := p.Board, p.Solution
	if n := count(tb, b); n != 1 {
		tb.Fatalf("%s: %d solutions", b.Line(), n)
	}
	if !sol.Solved() {
		tb.Fatalf("%s: reported solution %s is not solved", b.Line(), sol.Line())
	}
	got, err := search.Solve(context.Background(), b)
	if err != nil || !got.Equal(sol) {
		tb.Fatalf("%s: solution %v (%v), reported %s", b.Line(), got, err, sol.Line())
	}
	for c := range b.Geometry().NumCells() {
		if b.Given(c) != (b.Get(c) != 0) || sol.Given(c) != b.Given(c) {
			tb.Fatalf("%s: cell %d: givens of the puzzle and of its solution differ", b.Line(), c)
		}
	}
	if p.Clues() != b.Geometry().NumCells()-b.Empty() {
		tb.Fatalf("Clues() = %d", p.Clues())
	}
	if !p.Minimal {
		return
	}
	for _, orbit := range orbits {
		if !b.Given(orbit[0]) {
			continue
		}
		less := b.Clone()
		for _, c := range orbit {
			less.SetGiven(c, 0)
		}
		if n := count(tb, less); n != 2 {
			tb.Fatalf("%s: reported minimal, but without the clues of %v it has %d solution(s)", b.Line(), orbit, n)
		}
	}
}

func singletons(g *sudoku.Geometry) [][]int {
	var orbits [][]int
	for c := range g.NumCells() {
		orbits = append(orbits, []int{c})
	}
	return orbits
}

func TestMinimalUnique(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		g      *sudoku.Geometry
		seeds  int
		inRace bool
	}{
		{shape(t, 2, 2), 30, true},
		{shape(t, 2, 3), 30, true},
		{shape(t, 3, 3), 60, true},
		{shape(t, 3, 4), 3, false},
		{shape(t, 4, 4), 2, false},
	} {
		if raceEnabled && !tc.inRace {
			continue
		}
		for seed := range uint64(tc.seeds) {
			p, err := generate.New(ctx, tc.g, generate.WithSeed(seed), generate.WithWorkers(1))
			if err != nil {
				t.Fatalf("%s, seed %d: %v", tc.g, seed, err)
			}
			if !p.Minimal || p.Symmetry != generate.NoSymmetry || p.Grade != nil {
				t.Errorf("%s, seed %d: Minimal %v, Symmetry %v, Grade %v", tc.g, seed, p.Minimal, p.Symmetry, p.Grade)
			}
			checkPuzzle(t, p, singletons(tc.g))
		}
	}
}

// mirror returns the image of cell c under a symmetry, written apart
// from the package's own.
func mirror(s generate.Symmetry, n, c int) int {
	r, k := c/n, c%n
	switch s {
	case generate.Rotate180:
		r, k = n-1-r, n-1-k
	case generate.Rotate90:
		r, k = k, n-1-r
	case generate.Mirror:
		k = n - 1 - k
	case generate.Flip:
		r = n - 1 - r
	case generate.Diagonal:
		r, k = k, r
	}
	return r*n + k
}

func TestSymmetry(t *testing.T) {
	ctx := context.Background()
	for _, g := range []*sudoku.Geometry{shape(t, 2, 3), shape(t, 3, 3)} {
		for s := generate.NoSymmetry; s <= generate.Flip; s++ {
			orbits, err := s.Orbits(g)
			if err != nil {
				t.Fatal(err)
			}
			inOrbits := 0
			for _, o := range orbits {
				inOrbits += len(o)
				for _, c := range o {
					if !slices.Contains(o, mirror(s, g.Digits(), c)) {
						t.Fatalf("%s on %s: orbit %v lacks the image of %d", s, g, o, c)
					}
				}
			}
			if inOrbits != g.NumCells() {
				t.Fatalf("%s on %s: orbits hold %d cells", s, g, inOrbits)
			}
			for seed := range uint64(8) {
				p, err := generate.New(ctx, g, generate.WithSymmetry(s), generate.WithSeed(seed))
				if err != nil {
					t.Fatalf("%s on %s, seed %d: %v", s, g, seed, err)
				}
				for c := range g.NumCells() {
					if p.Board.Given(c) != p.Board.Given(mirror(s, g.Digits(), c)) {
						t.Fatalf("%s on %s: %s is not symmetric at cell %d", s, g, p.Board.Line(), c)
					}
				}
				if !p.Minimal || p.Symmetry != s {
					t.Errorf("%s on %s, seed %d: minimal %v, symmetry %v", s, g, seed, p.Minimal, p.Symmetry)
				}
				checkPuzzle(t, p, orbits)
			}
		}
	}
}

// TestRandomSymmetry: RandomSymmetry draws, from each puzzle's seed, one
// of QQWing's four symmetries; the puzzle has it, is unique and minimal
// under it, and its seed draws the same symmetry again, alone or in a
// batch.
func TestRandomSymmetry(t *testing.T) {
	ctx := context.Background()
	qqwing := []generate.Symmetry{generate.Rotate90, generate.Rotate180, generate.Mirror, generate.Flip}
	for _, g := range []*sudoku.Geometry{shape(t, 2, 3), shape(t, 3, 3)} {
		drawn := map[generate.Symmetry]bool{}
		var st generate.Stats
		batch, err := generate.Batch(ctx, g, 16, generate.WithSymmetry(generate.RandomSymmetry), generate.WithSeed(3), generate.WithStats(&st))
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range batch {
			s := p.Symmetry
			if !slices.Contains(qqwing, s) {
				t.Fatalf("%s, puzzle %d: drew %v", g, i, s)
			}
			drawn[s] = true
			for c := range g.NumCells() {
				if p.Board.Given(c) != p.Board.Given(mirror(s, g.Digits(), c)) {
					t.Fatalf("%s on %s: %s is not symmetric at cell %d", s, g, p.Board.Line(), c)
				}
			}
			orbits, err := s.Orbits(g)
			if err != nil {
				t.Fatal(err)
			}
			checkPuzzle(t, p, orbits)
			one, err := generate.New(ctx, g, generate.WithSymmetry(generate.RandomSymmetry), generate.WithSeed(generate.PuzzleSeed(st.Seed, i)))
			if err != nil || one.Symmetry != s || !one.Board.Equal(p.Board) {
				t.Errorf("%s, puzzle %d: New with its seed gives %v, %v (%v), want %v, %s", g, i, one.Symmetry, one.Board, err, s, p.Board)
			}
		}
		if len(drawn) < 3 {
			t.Errorf("%s: 16 puzzles drew only %v", g, drawn)
		}
	}
	if _, err := generate.RandomSymmetry.Orbits(shape(t, 3, 3)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("RandomSymmetry.Orbits: %v, want an argument error", err)
	}
}

// TestAttemptLimit: without WithAttemptLimit a target out of reach ends
// after DefaultAttemptLimit attempts; WithAttemptLimit(n) after n; and
// WithAttemptLimit(0) sets no limit, so only the context ends the call.
func TestAttemptLimit(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 2, 2)
	unreachable := generate.WithClues(3) // a 4x4 puzzle needs 4 clues
	var st generate.Stats
	start := time.Now()
	p, err := generate.New(ctx, g, unreachable, generate.WithWorkers(1), generate.WithSeed(1), generate.WithStats(&st))
	took := time.Since(start)
	if !errors.Is(err, generate.ErrNotReached) || p == nil || st.Attempts != generate.DefaultAttemptLimit {
		t.Fatalf("default limit: %v after %d attempts, want ErrNotReached after %d", err, st.Attempts, generate.DefaultAttemptLimit)
	}
	if _, err := generate.New(ctx, g, unreachable, generate.WithAttemptLimit(7), generate.WithStats(&st)); !errors.Is(err, generate.ErrNotReached) || st.Attempts != 7 {
		t.Errorf("WithAttemptLimit(7): %v after %d attempts", err, st.Attempts)
	}
	// No limit: still at work when a deadline of three times what the
	// default limit took has passed.
	short, cancel := context.WithTimeout(ctx, 3*took+50*time.Millisecond)
	defer cancel()
	p, err = generate.New(short, g, unreachable, generate.WithWorkers(1), generate.WithSeed(1), generate.WithAttemptLimit(0), generate.WithStats(&st))
	if !errors.Is(err, context.DeadlineExceeded) || p != nil {
		t.Errorf("WithAttemptLimit(0): %v after %d attempts, want the deadline", err, st.Attempts)
	}
}

// TestReproducible: the same seed gives the same puzzles whatever the
// number of workers, New and Batch agree, and other seeds differ.
func TestReproducible(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	lines := func(ps []*generate.Puzzle, st generate.Stats) []string {
		var out []string
		for _, p := range ps {
			out = append(out, fmt.Sprintf("%s %s %v", p.Board.Line(), p.Solution.Line(), p.Minimal))
		}
		return append(out, fmt.Sprintf("seed %d, %d attempts, %d puzzles", st.Seed, st.Attempts, st.Puzzles))
	}
	var first []string
	for _, workers := range []int{1, 2, 4} {
		var st generate.Stats
		ps, err := generate.Batch(ctx, g, 12, generate.WithSeed(7), generate.WithWorkers(workers), generate.WithStats(&st))
		if err != nil {
			t.Fatal(err)
		}
		if st.Workers != workers || st.Seed != 7 || st.Puzzles != 12 || st.Attempts != 12 || st.Missed != 0 || st.Elapsed <= 0 {
			t.Errorf("%d workers: stats %+v", workers, st)
		}
		if first == nil {
			first = lines(ps, st)
			for i, p := range ps {
				one, err := generate.New(ctx, g, generate.WithSeed(generate.PuzzleSeed(st.Seed, i)))
				if err != nil || one.Board.Line() != p.Board.Line() {
					t.Errorf("puzzle %d: New with its seed gives %v (%v), want %s", i, one, err, p.Board.Line())
				}
			}
		} else if diff := cmp.Diff(first, lines(ps, st)); diff != "" {
			t.Errorf("%d workers give other puzzles (-1 worker +%d):\n%s", workers, workers, diff)
		}
	}
	seen := map[string]bool{}
	for _, l := range first {
		if seen[l] {
			t.Errorf("puzzle repeated in a batch: %s", l)
		}
		seen[l] = true
	}
	// A level target tries attempts on several workers; the first to
	// meet it in the order of attempts wins, whatever the workers. (One
	// seed under the race detector, which makes grading 20 times slower.)
	seeds := uint64(3)
	if raceEnabled {
		seeds = 1
	}
	for seed := range seeds {
		var want string
		for _, workers := range []int{1, 2, 4} {
			var st generate.Stats
			p, err := generate.New(ctx, g, generate.WithSeed(seed), generate.WithLevel(grade.Hard), generate.WithWorkers(workers), generate.WithStats(&st))
			if err != nil {
				t.Fatal(err)
			}
			if st.Seed != seed || st.Workers != workers || st.Puzzles != 1 || st.Missed != 0 {
				t.Errorf("level hard, seed %d, %d workers: stats %+v", seed, workers, st)
			}
			got := fmt.Sprintf("%s, %d attempts", p.Board.Line(), st.Attempts)
			if want == "" {
				want = got
			} else if got != want {
				t.Errorf("level hard, seed %d, %d workers: %s, want %s", seed, workers, got, want)
			}
		}
	}
}

func TestLevels(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	seeds := uint64(3)
	if raceEnabled {
		seeds = 1
	}
	for l := grade.Simple; l <= grade.Guessing; l++ {
		for seed := range seeds {
			p, err := generate.New(ctx, g, generate.WithLevel(l), generate.WithSeed(seed))
			if err != nil {
				t.Fatalf("%s, seed %d: %v", l, seed, err)
			}
			checkPuzzle(t, p, singletons(g))
			again, err := grade.Puzzle(ctx, p.Board)
			if err != nil {
				t.Fatal(err)
			}
			if p.Grade == nil || p.Grade.Level != l || again.Level != l || again.Score != p.Grade.Score {
				t.Errorf("%s, seed %d: %s graded %v, again %s %.2f", l, seed, p.Board.Line(), p.Grade, again.Level, again.Score)
			}
		}
	}
}

// TestLevelsEverywhere: the levels between the easiest and guessing, on
// boards of other shapes and with symmetric clues, are met exactly as the
// grader rates them, with one solution and symmetric clues.
func TestLevelsEverywhere(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		g   *sudoku.Geometry
		sym generate.Symmetry
		l   grade.Level
	}{
		{shape(t, 3, 3), generate.Rotate180, grade.Medium},
		{shape(t, 3, 3), generate.Rotate180, grade.Hard},
		{shape(t, 3, 3), generate.Mirror, grade.Expert},
		{shape(t, 3, 3), generate.NoSymmetry, grade.Hard},
		{shape(t, 2, 3), generate.NoSymmetry, grade.Medium},
		{shape(t, 2, 3), generate.Rotate180, grade.Expert},
		{shape(t, 3, 4), generate.NoSymmetry, grade.Hard},
	} {
		orbits, err := tc.sym.Orbits(tc.g)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(2) {
			name := fmt.Sprintf("%s %s on %s, seed %d", tc.l, tc.sym, tc.g, seed)
			p, err := generate.New(ctx, tc.g, generate.WithLevel(tc.l), generate.WithSymmetry(tc.sym), generate.WithSeed(seed))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkPuzzle(t, p, orbits)
			gr, err := grade.Puzzle(ctx, p.Board)
			if err != nil || gr.Level != tc.l || p.Grade == nil || p.Grade.Score != gr.Score {
				t.Errorf("%s: %s graded %s (%v), reported %v", name, p.Board.Line(), gr.Level, err, p.Grade)
			}
			for _, o := range orbits {
				for _, c := range o {
					if p.Board.Given(c) != p.Board.Given(o[0]) {
						t.Fatalf("%s: %s is not symmetric at cell %d", name, p.Board.Line(), c)
					}
				}
			}
		}
	}
}

// TestDescentLimits: a context that ends while a level is searched for
// is the context's error, with no puzzle; a time limit that ends it still
// gives a unique puzzle, at the level or with ErrNotReached.
func TestDescentLimits(t *testing.T) {
	g := shape(t, 3, 3)
	for i := range 10 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(1+i)*time.Millisecond)
		p, err := generate.New(ctx, g, generate.WithLevel(grade.Hard), generate.WithSeed(uint64(i)), generate.WithWorkers(1))
		cancel()
		switch {
		case err == nil:
			checkPuzzle(t, p, singletons(g)) // done before the deadline
		case !errors.Is(err, context.DeadlineExceeded) || p != nil:
			t.Fatalf("deadline %d ms: %v, %v", 1+i, p, err)
		}
		p, err = generate.New(context.Background(), g, generate.WithLevel(grade.Expert), generate.WithSeed(uint64(i)),
			generate.WithWorkers(1), generate.WithTimeLimit(time.Duration(i)*100*time.Microsecond))
		if err != nil && !errors.Is(err, generate.ErrNotReached) || p == nil {
			t.Fatalf("time limit %d00 us: %v, %v", i, p, err)
		}
		checkPuzzle(t, p, singletons(g))
		if gr, gerr := grade.Puzzle(context.Background(), p.Board); gerr != nil || (err == nil) != (gr.Level == grade.Expert) || p.Grade == nil || p.Grade.Level != gr.Level {
			t.Errorf("time limit %d00 us: %s graded %s (%v), reported %v, error %v", i, p.Board.Line(), gr.Level, gerr, p.Grade, err)
		}
	}
}

// TestLevelMinimal: with a level, only minimal puzzles are kept when asked.
func TestLevelMinimal(t *testing.T) {
	g := shape(t, 3, 3)
	for seed := range uint64(4) {
		p, err := generate.New(context.Background(), g, generate.WithLevel(grade.Medium), generate.WithMinimal(true), generate.WithSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		if !p.Minimal || p.Grade.Level != grade.Medium {
			t.Errorf("seed %d: minimal %v, %s", seed, p.Minimal, p.Grade.Level)
		}
		checkPuzzle(t, p, singletons(g))
	}
}

func TestRules(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	p, err := generate.New(ctx, g, generate.WithRequired(logic.XWing), generate.WithSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	checkPuzzle(t, p, singletons(g))
	if p.Grade.Uses[logic.XWing] == 0 {
		t.Errorf("required X-Wing: %s graded %+v", p.Board.Line(), p.Grade)
	}
	p, err = generate.New(ctx, g, generate.WithLevel(grade.Medium), generate.WithForbidden(logic.LockedCandidates), generate.WithSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	checkPuzzle(t, p, singletons(g))
	if p.Grade.Level != grade.Medium || p.Grade.Uses[logic.LockedCandidates] != 0 {
		t.Errorf("medium without locked candidates: %s graded %+v", p.Board.Line(), p.Grade)
	}
}

func TestClues(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	p, err := generate.New(ctx, g, generate.WithClues(32), generate.WithSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	checkPuzzle(t, p, singletons(g))
	if p.Clues() > 32 || p.Clues() < 30 {
		t.Errorf("target 32 clues: %d", p.Clues())
	}
	// 17 clues is the least a 9x9 puzzle can have, and random grids
	// almost never reach it: the best found comes with ErrNotReached.
	var st generate.Stats
	p, err = generate.New(ctx, g, generate.WithClues(17), generate.WithAttemptLimit(5), generate.WithSeed(1), generate.WithStats(&st))
	if !errors.Is(err, generate.ErrNotReached) || p == nil || st.Attempts != 5 || st.Missed != 1 || st.Puzzles != 1 {
		t.Fatalf("17 clues in 5 attempts: %v, %v, stats %+v", p, err, st)
	}
	checkPuzzle(t, p, singletons(g))
	// With minimal as well, removal goes on past the target.
	p, err = generate.New(ctx, g, generate.WithClues(40), generate.WithMinimal(true), generate.WithSeed(1))
	if err != nil || !p.Minimal {
		t.Fatalf("40 clues, minimal: %v, %v", p, err)
	}
	checkPuzzle(t, p, singletons(g))
}

// TestTimeLimit checks what a time limit promises, whatever the speed of
// the machine: a puzzle that is unique at any limit, all the clues kept
// when the limit has passed before removal starts (the first attempt
// always runs), a minimal puzzle when the limit is far off, and the
// best puzzle with ErrNotReached when a target is out of reach.
func TestTimeLimit(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	for _, d := range []time.Duration{time.Nanosecond, time.Microsecond, time.Millisecond, time.Hour} {
		p, err := generate.New(ctx, g, generate.WithTimeLimit(d), generate.WithSeed(1))
		if err != nil {
			t.Fatalf("%v: %v", d, err)
		}
		checkPuzzle(t, p, singletons(g))
		switch d {
		case time.Nanosecond:
			if p.Clues() != g.NumCells() || p.Minimal {
				t.Errorf("%v: %d clues, minimal %v; want every clue kept", d, p.Clues(), p.Minimal)
			}
		case time.Hour:
			if !p.Minimal {
				t.Errorf("%v: %d clues, not minimal", d, p.Clues())
			}
		}
	}
	// A target out of reach in a limit that has passed: the one attempt
	// made, with every clue, and ErrNotReached.
	var st generate.Stats
	p, err := generate.New(ctx, g, generate.WithClues(17), generate.WithTimeLimit(time.Nanosecond), generate.WithSeed(1), generate.WithWorkers(2), generate.WithStats(&st))
	if !errors.Is(err, generate.ErrNotReached) || p == nil || st.Attempts < 1 || st.Missed != 1 {
		t.Fatalf("17 clues in 1 ns: %v, %v, stats %+v", p, err, st)
	}
	checkPuzzle(t, p, singletons(g))
	// With a time limit and a level, removal checks by the rules, not by
	// the search, and the limit a long way off changes nothing.
	p, err = generate.New(ctx, g, generate.WithTimeLimit(time.Hour), generate.WithLevel(grade.Easy), generate.WithSeed(2))
	if err != nil || p.Grade.Level != grade.Easy {
		t.Fatalf("easy in an hour: %v, %v", p, err)
	}
	checkPuzzle(t, p, singletons(g))
}

func TestContext(t *testing.T) {
	g := shape(t, 3, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if p, err := generate.New(ctx, g); !errors.Is(err, context.Canceled) || p != nil {
		t.Errorf("cancelled: %v, %v", p, err)
	}
	if ps, err := generate.Batch(ctx, g, 4); !errors.Is(err, context.Canceled) || ps != nil {
		t.Errorf("cancelled batch: %v, %v", ps, err)
	}
	// A deadline that ends between or during the attempts of a target
	// gives the context's error, never a puzzle.
	for i := range 20 {
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(1+i%10)*time.Millisecond)
		p, err := generate.New(ctx, g, generate.WithLevel(grade.Guessing), generate.WithClues(17), generate.WithWorkers(1+i%2))
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || p != nil {
			t.Fatalf("deadline during attempts: %v, %v", p, err)
		}
	}
	// A deadline shorter than one 25x25 puzzle ends the call promptly.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	before := runtime.NumGoroutine()
	if p, err := generate.Batch(ctx, shape(t, 5, 5), 2); !errors.Is(err, context.DeadlineExceeded) || p != nil {
		t.Errorf("deadline: %v, %v", p, err)
	}
	waitGoroutines(t, before)
}

// waitGoroutines fails when goroutines started by a call outlive it.
func waitGoroutines(t *testing.T, want int) {
	t.Helper()
	for range 100 {
		if runtime.NumGoroutine() <= want {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines left running, %d before", runtime.NumGoroutine(), want)
}

func TestInvalidArguments(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	plain, err := sudoku.NewCustomGeometry(sudoku.Spec{Digits: 3, Cells: 3, Units: []sudoku.Unit{{Cells: []int{0, 1, 2}}}})
	if err != nil {
		t.Fatal(err)
	}
	var nilCtx context.Context
	for name, call := range map[string]func() error{
		"nil context":         func() error { _, err := generate.New(nilCtx, g); return err },
		"nil geometry":        func() error { _, err := generate.New(ctx, nil); return err },
		"nil option":          func() error { _, err := generate.New(ctx, g, nil); return err },
		"bad symmetry":        func() error { _, err := generate.New(ctx, g, generate.WithSymmetry(9)); return err },
		"rotate90 on 6x6-ish": func() error { _, err := generate.New(ctx, plain, generate.WithSymmetry(generate.Rotate90)); return err },
		"random with no layout": func() error {
			_, err := generate.New(ctx, plain, generate.WithSymmetry(generate.RandomSymmetry))
			return err
		},
		"zero clues":          func() error { _, err := generate.New(ctx, g, generate.WithClues(0)); return err },
		"bad level":           func() error { _, err := generate.New(ctx, g, generate.WithLevel(7)); return err },
		"negative attempts":   func() error { _, err := generate.New(ctx, g, generate.WithAttemptLimit(-1)); return err },
		"negative time limit": func() error { _, err := generate.New(ctx, g, generate.WithTimeLimit(-time.Second)); return err },
		"negative workers":    func() error { _, err := generate.New(ctx, g, generate.WithWorkers(-1)); return err },
		"bad technique":       func() error { _, err := generate.New(ctx, g, generate.WithRequired(200)); return err },
		"required, forbidden": func() error {
			_, err := generate.New(ctx, g, generate.WithRequired(logic.XWing), generate.WithForbidden(logic.XWing))
			return err
		},
		"required above level": func() error {
			_, err := generate.New(ctx, g, generate.WithRequired(logic.XWing), generate.WithLevel(grade.Easy))
			return err
		},
		"negative batch":   func() error { _, err := generate.Batch(ctx, g, -1); return err },
		"nil solution":     func() error { _, err := generate.FromSolution(ctx, nil); return err },
		"open solution":    func() error { _, err := generate.FromSolution(ctx, sudoku.NewBoard(g)); return err },
		"nil grid context": func() error { _, err := generate.Grid(nilCtx, g, generate.WithSeed(1)); return err },
		"nil transform":    func() error { _, err := generate.Rotate.Apply(nil); return err },
		"bad relabel": func() error {
			_, err := generate.Relabel(sudoku.NewBoard(g), []int{1, 2, 3, 4, 5, 6, 7, 8, 8})
			return err
		},
		"transform of a variant": func() error { _, err := generate.Rotate.Apply(sudoku.NewBoard(plain)); return err },
	} {
		if err := call(); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", name, err)
		}
	}
}

// TestOneDigit: on a geometry of one digit every clue can go, since no
// cell can hold anything else.
func TestOneDigit(t *testing.T) {
	g, err := sudoku.NewCustomGeometry(sudoku.Spec{Digits: 1, Cells: 4, Rows: 2, Cols: 2,
		Units: []sudoku.Unit{{Cells: []int{0}}, {Cells: []int{3}}}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := generate.New(context.Background(), g, generate.WithSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	if p.Clues() != 0 || !p.Minimal {
		t.Errorf("%d clues, minimal %v; want 0 and minimal", p.Clues(), p.Minimal)
	}
}

func TestFromSolution(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	grid, err := generate.Grid(ctx, g, generate.WithSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	p, err := generate.FromSolution(ctx, grid, generate.WithSeed(2), generate.WithSymmetry(generate.Rotate180))
	if err != nil {
		t.Fatal(err)
	}
	orbits, err := generate.Rotate180.Orbits(g)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Minimal {
		t.Errorf("not minimal")
	}
	checkPuzzle(t, p, orbits)
	for c := range g.NumCells() {
		if p.Board.Given(c) != p.Board.Given(mirror(generate.Rotate180, 9, c)) {
			t.Fatalf("%s is not symmetric at cell %d", p.Board.Line(), c)
		}
	}
	if !p.Solution.Equal(grid) {
		t.Errorf("solution %s, want %s", p.Solution.Line(), grid.Line())
	}
	bad := grid.Clone()
	bad.SetGiven(0, grid.Get(1))
	if _, err := generate.FromSolution(ctx, bad); !errors.Is(err, sudoku.ErrInvalidArgument) || !errors.Is(err, sudoku.ErrConflict) {
		t.Errorf("conflicting grid: %v", err)
	}
}

func TestGrid(t *testing.T) {
	ctx := context.Background()
	x, err := sudoku.AddDiagonals(shape(t, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	geometries := []*sudoku.Geometry{shape(t, 2, 2), shape(t, 2, 3), shape(t, 3, 2), shape(t, 3, 3), shape(t, 3, 4), shape(t, 4, 4), x}
	if !raceEnabled {
		geometries = append(geometries, shape(t, 5, 5), shape(t, 6, 6))
	}
	for _, g := range geometries {
		seen := map[string]bool{}
		for seed := range uint64(5) {
			grid, err := generate.Grid(ctx, g, generate.WithSeed(seed))
			if err != nil {
				t.Fatalf("%s, seed %d: %v", g, seed, err)
			}
			if !grid.Solved() || grid.Givens().Empty() != 0 {
				t.Fatalf("%s, seed %d: %s is not a complete grid of givens", g, seed, grid.Line())
			}
			again, err := generate.Grid(ctx, g, generate.WithSeed(seed))
			if err != nil || !again.Equal(grid) {
				t.Fatalf("%s, seed %d: not reproducible", g, seed)
			}
			seen[grid.Line()] = true
		}
		if len(seen) < 4 {
			t.Errorf("%s: 5 seeds gave %d grids", g, len(seen))
		}
	}
	// A geometry with no complete grid: three cells, two digits, one unit.
	none, err := sudoku.NewCustomGeometry(sudoku.Spec{Digits: 2, Cells: 3, Units: []sudoku.Unit{{Cells: []int{0, 1}}, {Cells: []int{1, 2}}, {Cells: []int{0, 2}}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := generate.Grid(ctx, none, generate.WithSeed(1)); !errors.Is(err, search.ErrNoSolution) {
		t.Errorf("no grid: %v", err)
	}
}

// TestSolution: random solutions keep the puzzle's digits, differ from
// seed to seed on a puzzle with many, and repeat for one seed.
func TestSolution(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	puzzle := sudoku.NewBoard(g)
	for c, d := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9} {
		puzzle.SetGiven(c, d)
	}
	seen := map[string]bool{}
	for seed := range uint64(6) {
		sol, err := generate.Solution(ctx, puzzle, generate.WithSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		if !sol.Solved() || sol.Givens().Line() != puzzle.Line() {
			t.Fatalf("seed %d: %s does not solve %s with its givens", seed, sol.Line(), puzzle.Line())
		}
		again, err := generate.Solution(ctx, puzzle, generate.WithSeed(seed))
		if err != nil || !again.Equal(sol) {
			t.Fatalf("seed %d: not reproducible", seed)
		}
		seen[sol.Line()] = true
	}
	if len(seen) < 5 {
		t.Errorf("6 seeds gave %d solutions", len(seen))
	}
	puzzle.SetGiven(9, 1) // a second 1 in the first column
	if _, err := generate.Solution(ctx, puzzle, generate.WithSeed(1)); !errors.Is(err, search.ErrNoSolution) {
		t.Errorf("conflicting givens: %v", err)
	}
	var nilBoard *sudoku.Board
	if _, err := generate.Solution(ctx, nilBoard, generate.WithSeed(1)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil board: %v", err)
	}
}

func TestTransforms(t *testing.T) {
	ctx := context.Background()
	for _, g := range []*sudoku.Geometry{shape(t, 2, 3), shape(t, 3, 3)} {
		p, err := generate.New(ctx, g, generate.WithSeed(1))
		if err != nil {
			t.Fatal(err)
		}
		n := g.Digits()
		for tr := generate.Rotate; tr <= generate.FlipColumns; tr++ {
			got, err := tr.Apply(p.Board)
			if err != nil {
				t.Fatal(err)
			}
			// Four quarter turns, or two of anything else, give the board back.
			times := 2
			if tr == generate.Rotate {
				times = 4
			}
			back := got
			for range times - 1 {
				if back, err = tr.Apply(back); err != nil {
					t.Fatal(err)
				}
			}
			if !back.Equal(p.Board) {
				t.Errorf("%s %d times: %s, want %s", tr, times, back.Line(), p.Board.Line())
			}
			if got.Empty() != p.Board.Empty() || count(t, got) != 1 {
				t.Errorf("%s: %s is not a unique puzzle with as many clues", tr, got.Line())
			}
			if tr == generate.Rotate && got.Get(n-1) != p.Board.Get(0) {
				t.Errorf("rotate: the top left digit is not at the top right")
			}
		}
		perm := make([]int, n)
		for i := range perm {
			perm[i] = n - i
		}
		got, err := generate.Relabel(p.Solution, perm)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Solved() || got.Get(0) != n+1-p.Solution.Get(0) {
			t.Errorf("relabel: %s from %s", got.Line(), p.Solution.Line())
		}
	}
}

func Example() {
	g, err := sudoku.GeometryForSize(9)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := generate.New(context.Background(), g, generate.WithSeed(42), generate.WithSymmetry(generate.Rotate180))
	if err != nil {
		fmt.Println(err)
		return
	}
	n, _ := search.Count(context.Background(), p.Board, 2)
	fmt.Println("solutions:", n)
	fmt.Println("minimal:", p.Minimal)
	// The same seed gives the same puzzle.
	again, _ := generate.New(context.Background(), g, generate.WithSeed(42), generate.WithSymmetry(generate.Rotate180))
	fmt.Println("same:", again.Board.Equal(p.Board))
	// Output:
	// solutions: 1
	// minimal: true
	// same: true
}

func ExampleWithLevel() {
	g := sudoku.Classic()
	p, err := generate.New(context.Background(), g, generate.WithLevel(grade.Medium), generate.WithSeed(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Grade.Level)
	// Output:
	// medium
}

// Puzzles makes puzzles as the loop asks for them, on every processor:
// break out of it at any time.
func ExamplePuzzles() {
	ctx := context.Background()
	var st generate.Stats
	for p, err := range generate.Puzzles(ctx, sudoku.Classic(), 3, generate.WithSeed(1), generate.WithStats(&st)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		n, _ := search.Count(ctx, p.Board, 2)
		fmt.Println("solutions:", n, "minimal:", p.Minimal)
	}
	fmt.Println("puzzles:", st.Puzzles, "seed:", st.Seed)
	// Output:
	// solutions: 1 minimal: true
	// solutions: 1 minimal: true
	// solutions: 1 minimal: true
	// puzzles: 3 seed: 1
}

// Every box shape gets a random grid at once, the rectangular ones too.
func ExampleGrid() {
	g, err := sudoku.NewGeometry(7, 9)
	if err != nil {
		fmt.Println(err)
		return
	}
	grid, err := generate.Grid(context.Background(), g, generate.WithSeed(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g, "solved:", grid.Solved())
	// Output:
	// 63x63 board (7x9 boxes) solved: true
}

// Batch makes puzzles on every processor and returns them in an order
// that depends on the seed only, not on which worker finished first.
func ExampleBatch() {
	ctx := context.Background()
	g := sudoku.Classic()
	ps, err := generate.Batch(ctx, g, 4, generate.WithSeed(7), generate.WithLevel(grade.Easy))
	if err != nil {
		fmt.Println(err)
		return
	}
	again, _ := generate.Batch(ctx, g, 4, generate.WithSeed(7), generate.WithLevel(grade.Easy), generate.WithWorkers(1))
	for i, p := range ps {
		fmt.Println(i, p.Grade.Level, p.Board.Equal(again[i].Board))
	}
	// Output:
	// 0 easy true
	// 1 easy true
	// 2 easy true
	// 3 easy true
}

// FromSolution makes a puzzle whose one solution is a grid of the
// caller's own, here one made by Grid.
func ExampleFromSolution() {
	ctx := context.Background()
	grid, err := generate.Grid(ctx, sudoku.Classic(), generate.WithSeed(3))
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := generate.FromSolution(ctx, grid, generate.WithSeed(3))
	if err != nil {
		fmt.Println(err)
		return
	}
	n, _ := search.Count(ctx, p.Board, 2)
	fmt.Println("solutions:", n, "same grid:", p.Solution.Equal(grid))
	// Output: solutions: 1 same grid: true
}

// A batch drawn without WithSeed reports its seed in Stats; PuzzleSeed
// then gives any one puzzle's seed, for New to make it again alone.
func ExamplePuzzleSeed() {
	ctx := context.Background()
	g := sudoku.Classic()
	var st generate.Stats
	ps, err := generate.Batch(ctx, g, 3, generate.WithStats(&st))
	if err != nil {
		fmt.Println(err)
		return
	}
	one, err := generate.New(ctx, g, generate.WithSeed(generate.PuzzleSeed(st.Seed, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("puzzle 2 again:", one.Board.Equal(ps[2].Board))
	// Output: puzzle 2 again: true
}

// RandomSymmetry draws one of QQWing's four symmetries for each puzzle;
// Puzzle.Symmetry tells which.
func ExampleRandomSymmetry() {
	ctx := context.Background()
	for seed := range uint64(3) {
		p, err := generate.New(ctx, sudoku.Classic(), generate.WithSymmetry(generate.RandomSymmetry), generate.WithSeed(seed))
		if err != nil {
			fmt.Println(err)
			return
		}
		orbits, _ := p.Symmetry.Orbits(p.Board.Geometry())
		symmetric := true
		for _, orbit := range orbits {
			for _, c := range orbit {
				symmetric = symmetric && p.Board.Given(c) == p.Board.Given(orbit[0])
			}
		}
		fmt.Println(p.Symmetry, symmetric)
	}
	// Output:
	// flip true
	// flip true
	// mirror true
}
