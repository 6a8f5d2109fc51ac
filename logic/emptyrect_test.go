package logic_test

import (
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestTurbotAndEmptyRectangleOn6x6 checks a turbot fish and an empty
// rectangle on a 6x6 board (boxes of two rows and three columns).
func TestTurbotAndEmptyRectangleOn6x6(t *testing.T) {
	g := mustGeometry(t, 2, 3)
	p := newPosition(g)
	// Box 1 (rows 1-2, columns 1-3) holds 5 in r1c1 or r2c3; row 5 in
	// r5c1 or r5c5; r1c1 and r5c1 share column 1.
	p.keep(unitOf(g, sudoku.Box, p.cell(1, 1)), 5, p.cell(1, 1), p.cell(2, 3))
	p.keep(unitOf(g, sudoku.Row, p.cell(5, 1)), 5, p.cell(5, 1), p.cell(5, 5))
	s := p.state(t)
	st, ok := logic.TurbotFish.Find(s)
	if !ok {
		t.Fatal("no turbot fish")
	}
	checkStep(t, g, st, nil, removals(g, "r2c5:5"), "turbot fish on 5")
	checkChains(t, s, st)

	p = newPosition(g)
	// Box 1's 5 in row 1 (r1c1, r1c2) or column 3 (r2c3); column 5's in
	// r1c5 or r4c5.
	p.keep(unitOf(g, sudoku.Box, p.cell(1, 1)), 5, p.cell(1, 1), p.cell(1, 2), p.cell(2, 3))
	p.keep(unitOf(g, sudoku.Column, p.cell(1, 5)), 5, p.cell(1, 5), p.cell(4, 5))
	s = p.state(t)
	st, ok = logic.EmptyRectangle.Find(s)
	if !ok {
		t.Fatal("no empty rectangle")
	}
	checkStep(t, g, st, nil, removals(g, "r4c3:5"), "empty rectangle on 5: in box 1, 5 goes in r1c1 and r1c2 (in row 1) or in r2c3 (in column 3)")
	checkChains(t, s, st)
}

// checkChains checks the chains of step st found in s: consecutive links
// meet, a strong link's nodes hold every place of their digit in a house,
// and a weak link's cells see each other.
func checkChains(t *testing.T, s *logic.State, st logic.Step) {
	t.Helper()
	g := s.Geometry()
	if len(st.Chains) == 0 {
		t.Fatalf("%s: no chain", st.Text)
	}
	sees := func(a, b int) bool {
		for u := range g.NumUnits() {
			cells := g.Unit(u).Cells
			if slices.Contains(cells, a) && slices.Contains(cells, b) {
				return true
			}
		}
		return false
	}
	for _, chain := range st.Chains {
		for i, l := range chain {
			if i > 0 && !slices.Equal(chain[i-1].To.Cells, l.From.Cells) {
				t.Errorf("%s: link %d does not start where link %d ends", st.Text, i, i-1)
			}
			both := append(slices.Clone(l.From.Cells), l.To.Cells...)
			if l.Strong {
				strong := false
				for u := range g.NumUnits() {
					var places []int
					for _, c := range g.Unit(u).Cells {
						if s.Value(c) == 0 && s.Candidates(c)&logic.Bit(l.From.Digit) != 0 {
							places = append(places, c)
						}
					}
					if len(places) > 0 && allOf(places, both) && allOf(both, places) {
						strong = true
					}
				}
				if !strong {
					t.Errorf("%s: link %d is no strong link", st.Text, i)
				}
				continue
			}
			for _, a := range l.From.Cells {
				for _, b := range l.To.Cells {
					if !sees(a, b) {
						t.Errorf("%s: weak link %d: %s does not see %s", st.Text, i, g.CellName(a), g.CellName(b))
					}
				}
			}
		}
	}
}

// allOf reports whether every cell of xs is in ys.
func allOf(xs, ys []int) bool {
	for _, x := range xs {
		if !slices.Contains(ys, x) {
			return false
		}
	}
	return true
}

// TestSingleDigitChains checks the chains of the classic positions of
// the chain-like single-digit patterns.
func TestSingleDigitChains(t *testing.T) {
	for _, tc := range rulePositions() {
		switch tc.rule {
		case logic.Skyscraper, logic.TwoStringKite, logic.TurbotFish, logic.EmptyRectangle, logic.MultiColouring:
		default:
			continue
		}
		p := newPosition(sudoku.Classic())
		tc.build(p)
		s := p.state(t)
		st, ok := tc.rule.Find(s)
		if !ok {
			t.Fatalf("%v: no step", tc.rule)
		}
		checkChains(t, s, st)
	}
}
