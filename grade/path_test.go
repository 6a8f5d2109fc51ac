package grade_test

import (
	"context"
	"math"
	"testing"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestLengthBonus: SE's bonus grows by 0.1 past each of the lengths 4, 6,
// 8, 12, 16, 24, 32, 48.
func TestLengthBonus(t *testing.T) {
	for length, want := range map[int]float64{
		-1: 0, 0: 0, 4: 0, 5: 0.1, 6: 0.1, 7: 0.2, 8: 0.2, 9: 0.3, 12: 0.3,
		13: 0.4, 16: 0.4, 17: 0.5, 24: 0.5, 25: 0.6, 32: 0.6, 33: 0.7, 48: 0.7, 49: 0.8,
	} {
		if got := grade.LengthBonus(length); math.Abs(got-want) > 1e-9 {
			t.Errorf("LengthBonus(%d) = %v, want %v", length, got, want)
		}
	}
}

// TestStepRating rates the variants SE tells apart: a hidden single in a
// row or in a box, a full house, a chain step with its length bonus, and
// BUG type 3 by the size of its naked set.
func TestStepRating(t *testing.T) {
	b, s := stateOf(t, ratedPuzzle)
	g := s.Geometry()
	st, ok := logic.HiddenSingle.Find(s)
	if !ok || g.UnitKind(st.Houses[0]) == sudoku.Box {
		t.Fatalf("hidden single %q, want one in a line", st.Text)
	}
	if r := grade.StepRating(s, st); r != 1.5 {
		t.Errorf("%q rated %v, want 1.5", st.Text, r)
	}
	for _, u := range g.CellUnits(st.Place[0].Cell) {
		if g.UnitKind(u) == sudoku.Box {
			st.Houses = []int{u}
		}
	}
	if r := grade.StepRating(s, st); r != 1.2 && s.Places(st.Houses[0], st.Digits[0]) == 1 {
		t.Errorf("the same digit's last place in its box rated %v, want 1.2", r)
	}
	// A naked single in the last open cell of a house is a full house:
	// row 1 filled from its solution, 534678912, but for r1c9.
	full := b.Clone()
	for col, d := range map[int]int{2: 4, 3: 6, 5: 8, 6: 9, 7: 1} {
		if err := full.SetGiven(g.Cell(0, col), d); err != nil {
			t.Fatal(err)
		}
	}
	fs, err := logic.NewState(full)
	if err != nil {
		t.Fatal(err)
	}
	last := logic.Step{Rule: logic.NakedSingle, Cells: []int{g.Cell(0, 8)}, Digits: []int{2},
		Place: []logic.Placement{{Cell: g.Cell(0, 8), Digit: 2}}}
	if r := grade.StepRating(fs, last); r != 1.0 {
		t.Errorf("full house rated %v, want 1.0", r)
	}
	// A chain of five links whose ends see the removal has SE's length 6:
	// 0.1 above its base rating.
	chain := logic.Step{Rule: logic.Skyscraper, Chains: [][]logic.Link{make([]logic.Link, 5)}}
	if r := grade.StepRating(s, chain); r != 6.7 {
		t.Errorf("chain of five links rated %v, want 6.7", r)
	}
	// A forcing chain counts facts, not links, as SE does: a fact derived
	// from two others is one fact. Each branch here holds its premise
	// and 24 facts, 25 in all, of which a fact with two parents adds a
	// 26th link; the two branches make 50, less the premise and the fact
	// proved counted by both: SE's length 48, 0.7 above the base 8.5.
	fc := logic.Step{Rule: logic.DynamicForcingChain, Chains: [][]logic.Link{branch(24, true), branch(24, true)}}
	if r := grade.StepRating(s, fc); r != 9.2 {
		t.Errorf("dynamic forcing chain of two branches of 25 facts rated %v, want 9.2", r)
	}
	// The chains inside a nested one add their facts: two of 50 more
	// make 148, 1.1 above the base 9.5 (SE: from 129 to 192).
	nested := logic.Step{Rule: logic.NestedForcingChain, Chains: fc.Chains, Inner: [][]logic.Link{branch(49, false), branch(49, false)}}
	if r := grade.StepRating(s, nested); r != 10.6 {
		t.Errorf("nested forcing chain of 48 facts with 100 inside rated %v, want 10.6", r)
	}
	// A step read from elsewhere may have links with no cell: rated, not
	// a panic.
	if r := grade.StepRating(s, logic.Step{Rule: logic.CellForcingChain, Chains: [][]logic.Link{make([]logic.Link, 3)}}); r != 8.0 {
		t.Errorf("cell forcing chain of three empty links rated %v, want 8.0", r)
	}
	if r := grade.StepRating(s, logic.Step{Rule: logic.XWing}); r != 3.2 {
		t.Errorf("X-Wing rated %v, want 3.2", r)
	}
	// SE rates a BUG type 3 by the size of its naked set: its digits.
	for digits, want := range map[int]float64{2: 5.8, 3: 5.9, 4: 6.0, 6: 6.2} {
		st := logic.Step{Rule: logic.BUG3, Digits: make([]int, digits)}
		if r := grade.StepRating(s, st); r != want {
			t.Errorf("BUG type 3 with %d digits rated %v, want %v", digits, r, want)
		}
	}
}

// TestOtherGeometries grades puzzles of other sizes along SE's path: each
// grade is whole (ED <= EP <= ER, a step or a guess for every open cell),
// and on a board with diagonals the grader fails cleanly or grades too.
func TestOtherGeometries(t *testing.T) {
	t.Parallel() // a long test: it runs beside the others
	ctx := context.Background()
	for _, set := range []string{"4x4", "6x6", "8x8", "12x12", "16x16"} {
		for _, b := range reference.LocalBoards(t, set, 2, "unique") {
			g, err := grade.Puzzle(ctx, b)
			if err != nil {
				t.Fatalf("%s: %v", set, err)
			}
			if g.ED > g.EP || g.EP > g.ER || g.ER <= 0 || g.Steps+g.Guesses == 0 {
				t.Errorf("%s %s: %+v", set, b.Line(), g)
			}
		}
	}
	for _, b := range reference.LocalBoards(t, "9x9-levels", 3) {
		dg, err := sudoku.AddDiagonals(b.Geometry())
		if err != nil {
			t.Fatal(err)
		}
		d, err := sudoku.Parse(b.Line(), sudoku.WithGeometry(dg))
		if err != nil {
			continue // the givens break a diagonal
		}
		if g, err := grade.Puzzle(ctx, d); err == nil && (g.ED > g.EP || g.EP > g.ER) {
			t.Errorf("with diagonals %s: %+v", d.Line(), g)
		}
	}
}

// branch returns the links of a forcing chain's branch from r1c1 = 1 to n
// facts in cells 1 to n, each a step on from the one before; with twice,
// the last fact also rests on the premise.
func branch(n int, twice bool) []logic.Link {
	node := func(c int) logic.Node { return logic.Node{Cells: []int{c}, Digit: 1} }
	var links []logic.Link
	for c := 1; c <= n; c++ {
		links = append(links, logic.Link{From: node(c - 1), To: node(c), Strong: c%2 == 0})
	}
	if twice {
		links = append(links, logic.Link{From: node(0), To: node(n), Strong: n%2 == 0})
	}
	return links
}

// ratedPuzzle is the puzzle whose state the rating tests rate steps in.
const ratedPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// stateOf returns the board of line and its state.
func stateOf(tb testing.TB, line string) (*sudoku.Board, *logic.State) {
	tb.Helper()
	b, err := sudoku.Parse(line)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := logic.NewState(b)
	if err != nil {
		tb.Fatal(err)
	}
	return b, s
}
