package classic

import (
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"

	"github.com/cubedoku/cubedoku/internal/reference"
)

// TestTriadRuleKeepsSolution propagates the unique puzzles of the
// in-repository 9x9 sets with and without the triad rule: with it, every
// cell must keep its solution's digit, the rule must remove candidates
// the other rules leave on some of them, and the triad matrices it keeps
// must be those of the state it leaves.
func TestTriadRuleKeepsSolution(t *testing.T) {
	removed := 0
	for _, set := range []string{"9x9-levels", "9x9-minimal"} {
		for _, p := range reference.Local(t, set) {
			if p.Count != 1 {
				continue
			}
			var plain, with State
			var tm triadMatrices
			if !plain.load(p.Board) || !with.load(p.Board) {
				t.Fatalf("%s line %d: load failed", set, p.Line)
			}
			if !plain.propagate(nil) || !with.propagate(&tm) {
				t.Fatalf("%s line %d: propagation found a contradiction in a puzzle with a solution", set, p.Line)
			}
			for c := range 81 {
				d := p.Solution.Get(c) - 1
				if with.cand[c/27][d]>>(c%27)&1 == 0 {
					t.Fatalf("%s line %d: cell %d lost its solution's digit %d", set, p.Line, c, d+1)
				}
			}
			for b := range 3 {
				for d := range 9 {
					if with.cand[b][d]&^plain.cand[b][d] != 0 {
						t.Fatalf("%s line %d: the triad rule added candidates", set, p.Line)
					}
					if with.cand[b][d] != plain.cand[b][d] {
						removed++
					}
				}
			}
			if tm.valid {
				for d := range 9 {
					m0, m1, m2 := with.cand[0][d], with.cand[1][d], with.cand[2][d]
					if tm.bands[d] != bandMatrices(m0, m1, m2) || tm.stacks[d] != stackMatrices(m0, m1, m2) {
						t.Fatalf("%s line %d: kept triad matrices of digit %d differ from the state's", set, p.Line, d+1)
					}
				}
			}
		}
	}
	if removed == 0 {
		t.Error("the triad rule removed nothing on any puzzle")
	}
}

// TestClassicFill fills boards from states loaded from the
// in-repository 9x9 puzzles, their words ordered as the search orders
// them, from the same after propagation, and from their solutions: each
// cell must get the digit placed in it, stay empty when it is open, and
// keep a digit the board already held. It runs the pure-Go rules, the
// ones that order the words (TestVectorFillMatchesScalar checks the
// vector fill against it, words ordered or not).
func TestClassicFill(t *testing.T) {
	withVector(false, func() { testClassicFill(t) })
}

func testClassicFill(t *testing.T) {
	var sr searcher
	s := &sr.stack[0]
	relabelled := 0
	for _, set := range []string{"9x9-levels", "9x9-minimal"} {
		for _, p := range reference.Local(t, set) {
			check := func(stage string) {
				t.Helper()
				var want [81]int
				for c := range 81 {
					if s.open[c/27]>>(c%27)&1 == 0 {
						for d := range 9 {
							if s.cand[c/27][d]>>(c%27)&1 != 0 {
								want[c] = int(sr.label[d]) + 1
							}
						}
					}
				}
				// Into an empty board, a zero one, and one holding a 1
				// in every seventh cell, which must keep it.
				var zero sudoku.Board
				boards := []*sudoku.Board{sudoku.NewBoard(nil), &zero, sudoku.NewBoard(nil)}
				for c := 0; c < 81; c += 7 {
					boards[2].Set(c, 1)
				}
				for i, b := range boards {
					if err := (&Solution{s, &sr.label}).Fill(b); err != nil {
						t.Fatalf("%s line %d, %s: Fill: %v", set, p.Line, stage, err)
					}
					for c := range 81 {
						w := want[c]
						if i == 2 && c%7 == 0 {
							w = 1
						}
						if got := b.Get(c); got != w {
							t.Fatalf("%s line %d, %s, board %d: cell %d holds %d, want %d", set, p.Line, stage, i, c, got, w)
						}
					}
				}
			}
			if !s.load(p.Board) {
				t.Fatalf("%s line %d: load failed", set, p.Line)
			}
			sr.order(s)
			if sr.label != identity {
				relabelled++
			}
			for c := range 81 {
				if v := p.Board.Get(c); v != 0 && s.open[c/27]>>(c%27)&1 != 0 {
					t.Fatalf("%s line %d: given %d of cell %d is open", set, p.Line, v, c)
				}
			}
			check("loaded")
			if !s.propagate(nil) {
				t.Fatalf("%s line %d: propagation found a contradiction", set, p.Line)
			}
			check("propagated")
			if p.Solution != nil {
				if !s.load(p.Solution) || !s.solved() {
					t.Fatalf("%s line %d: the solution does not load as solved", set, p.Line)
				}
				sr.order(s)
				check("solved")
			}
		}
	}
	if relabelled == 0 {
		t.Error("no puzzle had its words ordered by its givens")
	}
	g, err := sudoku.NewGeometry(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := (&Solution{s, &sr.label}).Fill(sudoku.NewBoard(g)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Fill of a 4x4 board: %v, want ErrInvalidArgument", err)
	}
}
