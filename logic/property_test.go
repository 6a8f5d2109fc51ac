package logic_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// sample scales a sample size down for -short and for the race detector.
func sample(n int) int { return reference.Sample(n, raceEnabled) }

// checkSound walks puzzle b with the rules, easiest step first, and at
// every state asks every rule for its step: none may place a digit other
// than the solution's or remove the solution's digit. When the rules run
// out it places the solution's digit in a cell with the fewest
// candidates and goes on, so the harder rules meet many states. It
// returns how many steps each rule found.
func checkSound(t *testing.T, name string, b, sol *sudoku.Board, rules logic.Rules, found map[logic.Technique]int) {
	t.Helper()
	s, err := logic.NewState(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	// b's digits are the givens: the avoidable rectangles take part.
	if err := s.SetPuzzle(b); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	g := b.Geometry()
	for s.Left() > 0 {
		first := -1
		for i, r := range rules {
			st, ok := r.Find(s)
			if !ok {
				continue
			}
			found[st.Rule]++
			if first < 0 {
				first = i
			}
			for _, p := range st.Place {
				if want := sol.Get(p.Cell); p.Digit != want {
					t.Fatalf("%s: %s places %d in %s, the solution has %d", name, st.Text, p.Digit, g.CellName(p.Cell), want)
				}
			}
			for _, rm := range st.Remove {
				for _, d := range rm.Digits {
					if d == sol.Get(rm.Cell) {
						t.Fatalf("%s: %s removes %d from %s, the solution's digit", name, st.Text, d, g.CellName(rm.Cell))
					}
				}
			}
			if len(st.Place) == 0 && len(st.Remove) == 0 {
				t.Fatalf("%s: step changes nothing: %s", name, st.Text)
			}
		}
		if first >= 0 {
			st, _ := rules[first].Find(s)
			if err := s.Apply(st); err != nil {
				t.Fatalf("%s: %s: %v", name, st.Text, err)
			}
			continue
		}
		cell, best := -1, 65
		for c := range g.NumCells() {
			if n := len(s.Marks()[c]); s.Value(c) == 0 && n < best {
				cell, best = c, n
			}
		}
		if err := s.Assign(cell, sol.Get(cell)); err != nil {
			t.Fatalf("%s: placing the solution's digit: %v", name, err)
		}
	}
}

// TestRulesSound checks every rule on every state of puzzles with known
// solutions: the in-repository sets of unique 9x9 and 16x16 puzzles (so
// the uniqueness rules take part too), thousands from the large reference
// sets in the long run (CUBEDOKU_LONG=1), and generated puzzles on 4x4,
// 6x6, 12x12 and diagonal 9x9 boards.
func TestRulesSound(t *testing.T) {
	t.Parallel() // a long test: it runs beside the others
	found := map[logic.Technique]int{}
	sets := []struct {
		name string
		n    int
	}{
		{"9x9-qqwing-expert-1000", 1000},
		{"9x9-magictour-top1465", 800},
		{"9x9-forum-hardest-1106", 200},
		{"9x9-17clue-royle-49158", 500},
		{"16x16-minimal-100", 12},
	}
	// The in-repository sets every time (every rule is met in them; a
	// spread sample under -short and -race); the large sets of
	// ../shared/puzzles in the long run only (CUBEDOKU_LONG=1, see
	// internal/reference).
	for _, name := range []string{"9x9-levels", "9x9-techniques", "9x9-minimal", "16x16/unique"} {
		ps, sols := reference.LocalSet(t, name, 0)
		for i := 0; i < len(ps); i += len(ps) / sample(len(ps)) {
			checkSound(t, fmt.Sprintf("%s #%d", name, i+1), ps[i], sols[i], logic.Ladder(true), found)
		}
	}
	if !reference.Long() {
		sets = nil
	}
	for _, set := range sets {
		ps, sols := reference.Set(t, set.name, sample(set.n))
		for i, p := range ps {
			checkSound(t, fmt.Sprintf("%s #%d", set.name, i+1), p, sols[i], logic.Ladder(true), found)
		}
	}
	diag, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	// Under -short, fewer of the 12x12 and diagonal puzzles, whose walks
	// take the most time: a sample still meets most rules.
	checkGenerated(t, rand.New(rand.NewPCG(1, 2)), []generated{
		{mustGeometry(t, 2, 2), 300, 0},
		{mustGeometry(t, 2, 3), 1000, 0},
		{mustGeometry(t, 3, 4), 30, 3},
		{diag, 300, 30},
	}, logic.Ladder(false), found)
	t.Logf("steps found per rule: %v", found)
	if !testing.Short() && !raceEnabled {
		for _, tech := range logic.Techniques() {
			// The forcing chains: TestForcingChainsSound; the rarer
			// uniqueness types: TestMoreUniqueSound; the Franken fish, not
			// in the ladder: TestFrankenFishSound.
			if found[tech] == 0 && !forcing(tech) && !slices.Contains(moreUniqueFamily, tech) && !slices.Contains(frankenFish, tech) {
				t.Errorf("no step of %v was met: the sample does not test it", tech)
			}
		}
	}
}

// generated is a number of random puzzles to make on a geometry: a
// sample of n (see sample), at most short under -short when short > 0.
type generated struct {
	g        *sudoku.Geometry
	n, short int
}

// checkGenerated runs checkSound with rules on random puzzles of each of
// gens (see randomPuzzle).
func checkGenerated(t *testing.T, rng *rand.Rand, gens []generated, rules logic.Rules, found map[logic.Technique]int) {
	t.Helper()
	for _, gen := range gens {
		n := sample(gen.n)
		if testing.Short() && gen.short > 0 {
			n = min(n, gen.short)
		}
		for i := range n {
			p, sol := randomPuzzle(t, gen.g, rng)
			checkSound(t, fmt.Sprintf("%s #%d: %s", gen.g, i+1, p.Line()), p, sol, rules, found)
		}
	}
}

func mustGeometry(t *testing.T, r, c int) *sudoku.Geometry {
	t.Helper()
	g, err := sudoku.NewGeometry(r, c)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// randomPuzzle makes a random solved grid on g (search from a shuffled
// first row) and keeps a random 30-55% of its cells as givens. The puzzle
// may have several solutions; rules that do not assume uniqueness never
// remove a digit of any of them.
func randomPuzzle(t *testing.T, g *sudoku.Geometry, rng *rand.Rand) (puzzle, solution *sudoku.Board) {
	t.Helper()
	n := g.Digits()
	seed := sudoku.NewBoard(g)
	for c, d := range rng.Perm(n) {
		if err := seed.SetGiven(g.Cell(0, c), d+1); err != nil {
			t.Fatal(err)
		}
	}
	// A few more random digits, where they fit, vary the grid further.
	for range n {
		c := rng.IntN(g.NumCells())
		if seed.Get(c) == 0 {
			seed.SetGiven(c, 1+rng.IntN(n))
			if seed.Validate() != nil {
				seed.SetGiven(c, 0)
			}
		}
	}
	sol, err := search.Solve(context.Background(), seed, search.WithWorkers(1))
	if err != nil {
		return randomPuzzle(t, g, rng) // the extra digits left no solution
	}
	keep := 0.30 + 0.25*rng.Float64()
	puzzle = sudoku.NewBoard(g)
	for c := range g.NumCells() {
		if rng.Float64() < keep {
			if err := puzzle.SetGiven(c, sol.Get(c)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return puzzle, sol
}
