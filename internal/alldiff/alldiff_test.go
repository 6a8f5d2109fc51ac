package alldiff

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestHallHouseMatchesBruteForce: on random candidate states of boards
// with square and rectangular boxes, filtering one house keeps exactly the
// candidates that some assignment of distinct digits to the house's open
// cells uses, found by trying every assignment, and reports a
// contradiction exactly when there is none or removing the others leaves
// a digit without a place.
func TestHallHouseMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked, removed, contradictions := 0, 0, 0
	for _, box := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {3, 4}} {
		g, err := sudoku.NewGeometry(box[0], box[1])
		if err != nil {
			t.Fatal(err)
		}
		units := geomtab.Of(g).UnitCells
		for round := range 300 {
			s := randomState(t, g, rng, round%3 == 0)
			if s == nil {
				continue
			}
			for _, u := range geomtab.Of(g).Houses {
				want, ok := supported(s, units[u])
				if ok {
					// Removing what no assignment uses may still leave a
					// digit without a place in a house: a contradiction
					// too.
					e := s.Clone()
					for i, cell := range units[u] {
						if gone := e.Candidates(cell) &^ want[i]; gone != 0 && e.Eliminate(cell, gone) != nil {
							ok = false
							break
						}
					}
				}
				c := s.Clone()
				h := New(c)
				lost, err := h.house(c, u)
				checked++
				if !ok {
					if !errors.Is(err, logic.ErrContradiction) {
						t.Fatalf("%v, house %d: %v, want a contradiction", g, u, err)
					}
					contradictions++
					continue
				}
				if err != nil {
					t.Fatalf("%v, house %d: %v, want none", g, u, err)
				}
				changed := false
				for i, cell := range units[u] {
					if got := c.Candidates(cell); got != want[i] {
						t.Fatalf("%v, house %d, cell %d: candidates %b, want %b", g, u, cell, got, want[i])
					}
					if want[i] != s.Candidates(cell) {
						changed = true
					}
				}
				if lost != changed {
					t.Fatalf("%v, house %d: reported a removal %v, made one %v", g, u, lost, changed)
				}
				if lost {
					removed++
				}
			}
		}
	}
	t.Logf("%d houses checked, %d with removals, %d contradictions", checked, removed, contradictions)
	if removed == 0 || contradictions == 0 {
		t.Fatalf("%d houses checked, %d with removals, %d contradictions: the states are too easy", checked, removed, contradictions)
	}
}

// randomState returns the state of a board of g with a few givens of a
// solution, and random candidates removed from its open cells: none of
// the solution's unless wrong is set. It returns nil when the removals
// contradict singles at once.
func randomState(t *testing.T, g *sudoku.Geometry, rng *rand.Rand, wrong bool) *logic.State {
	t.Helper()
	n, br, bc := g.Digits(), g.BoxRows(), g.BoxCols()
	sol := func(c int) int { // a solved grid made by a pattern
		r, col := c/n, c%n
		return (bc*(r%br)+r/br+col)%n + 1
	}
	b := sudoku.NewBoard(g)
	for c := range g.NumCells() {
		if rng.IntN(5) == 0 {
			if err := b.Set(c, sol(c)); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, err := logic.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	for c := range g.NumCells() {
		if s.Value(c) != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			if rng.IntN(3) == 0 && (wrong || d != sol(c)) && s.Candidates(c)&^logic.Bit(d) != 0 {
				if s.Eliminate(c, logic.Bit(d)) != nil {
					return nil
				}
			}
		}
	}
	return s
}

// supported returns, for each cell of a house, the candidates that some
// assignment of distinct digits to the house's open cells (those with two
// candidates or more, as the filter sees them) uses; placed cells and
// cells with one candidate keep theirs. ok is false when there is no such
// assignment.
func supported(s *logic.State, cells []int) (keep []uint64, ok bool) {
	keep = make([]uint64, len(cells))
	var open []int
	for i, c := range cells {
		m := s.Candidates(c)
		if bits.OnesCount64(m) < 2 {
			keep[i] = m
		} else {
			open = append(open, i)
		}
	}
	if len(open) <= 2 {
		// The filter leaves such houses to singles.
		for _, i := range open {
			keep[i] = s.Candidates(cells[i])
		}
		return keep, true
	}
	// exists reports whether open cells j.. can take distinct digits
	// outside used, cell skip aside.
	var exists func(j, skip int, used uint64) bool
	exists = func(j, skip int, used uint64) bool {
		if j == len(open) {
			return true
		}
		if j == skip {
			return exists(j+1, skip, used)
		}
		for m := s.Candidates(cells[open[j]]) &^ used; m != 0; m &= m - 1 {
			if exists(j+1, skip, used|m&-m) {
				return true
			}
		}
		return false
	}
	ok = exists(0, -1, 0)
	for k, i := range open {
		for m := s.Candidates(cells[i]); m != 0; m &= m - 1 {
			if exists(0, k, m&-m) {
				keep[i] |= m & -m
			}
		}
	}
	return keep, ok
}
