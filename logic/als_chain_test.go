package logic_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// alsChainPosition is an ALS chain on 5 and 7: 5 goes in r1c1 or r1c5 in
// row 1; the set r4c5, r5c5 {5,6,7} of column 5 has its 5 seeing r1c5,
// and 7 goes in r8c5 or r8c1 in row 8, r8c5 seeing both 7 of the set. So
// r1c1 is 5 or r8c1 is 7, and the two cells see each other.
func alsChainPosition(p *position) {
	p.keep(row(1), 5, p.cell(1, 1), p.cell(1, 5))
	p.only(4, 5, 5, 6, 7)
	p.only(5, 5, 5, 6, 7)
	p.keep(row(8), 7, p.cell(8, 5), p.cell(8, 1))
}

// alsNiceLoopPosition is an ALS nice loop: the set r2c4, r2c6 {5,6,7}
// of row 2 and box 2, 7 in r1c1 or r1c5 in row 1, and 5 in r1c1 or r2c1
// in column 1. r1c5 sees every 7 of the set and r2c1 every 5, so the loop
// runs r2c1 = 5, set without 5, set with 7, r1c5 not 7, r1c1 = 7, r1c1
// not 5, r2c1 = 5; the set holds 6 either way.
func alsNiceLoopPosition(p *position) {
	p.only(2, 4, 5, 6, 7)
	p.only(2, 6, 5, 6, 7)
	p.keep(row(1), 7, p.cell(1, 1), p.cell(1, 5))
	p.keep(col(1), 5, p.cell(1, 1), p.cell(2, 1))
}

// alsNiceLoopRemovals are the removals of alsNiceLoopPosition: r1c1 is 5
// or 7, 7 leaves box 2 and 5 row 2 outside the loop, and 6 both.
const alsNiceLoopRemovals = "r1c1:1234689 r1c4:6 r1c5:6 r1c6:6 r2c1:6 r2c2:56 r2c3:56 r2c5:567 r2c7:56 r2c8:56 r2c9:56 r3c4:67 r3c5:67 r3c6:67"

// TestALSChain checks ALSChain and ALSNiceLoop alone on textbook
// positions of the classic board, of a 6x6 board (boxes of 2x3) and of
// diagonal Sudoku: the removals, the text, and the links in order with
// the set's nodes as several cells.
func TestALSChain(t *testing.T) {
	six := mustGeometry(t, 2, 3)
	type node struct {
		Digit int
		Cells string // "r4c5 r5c5"
	}
	for _, tc := range []struct {
		name   string
		rule   logic.Technique
		g      *sudoku.Geometry
		build  func(p *position)
		remove string
		nodes  []node // the chain's nodes in order, the first false
		text   string
	}{
		{
			name: "9x9", rule: logic.ALSChain, g: sudoku.Classic(), build: alsChainPosition,
			remove: "r1c1:7 r8c1:5",
			nodes:  []node{{5, "r1c1"}, {5, "r1c5"}, {5, "r4c5 r5c5"}, {7, "r4c5 r5c5"}, {7, "r8c5"}, {7, "r8c1"}},
			text:   "so 7 is in r4c5 or r5c5, so r8c5 is not 7, so r8c1 is 7; so r1c1 is 5 or r8c1 is 7",
		},
		{
			// Rows 1 and 6, and the set r3c5, r4c5 {4,5,6} of column 5
			// (two boxes).
			name: "6x6", rule: logic.ALSChain, g: six,
			build: func(p *position) {
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 5, p.cell(1, 1), p.cell(1, 5))
				p.only(3, 5, 4, 5, 6)
				p.only(4, 5, 4, 5, 6)
				p.keep(lineOf(t, p.g, sudoku.Row, 6, 1), 6, p.cell(6, 5), p.cell(6, 1))
			},
			remove: "r1c1:6 r6c1:5",
			nodes:  []node{{5, "r1c1"}, {5, "r1c5"}, {5, "r3c5 r4c5"}, {6, "r3c5 r4c5"}, {6, "r6c5"}, {6, "r6c1"}},
			text:   "so 5 is in neither r3c5 nor r4c5, so r3c5 and r4c5 in column 5 (4, 5 or 6) are left with 4 and 6, as many digits as cells, so 6 is in r3c5 or r4c5",
		},
		{
			// On diagonal Sudoku the set r3c3, r7c7 {5,6,7} lies in the
			// main diagonal alone, r1c1 and r9c9 see both its cells
			// through it, and the ends r1c9 and r9c1 see each other
			// through the other diagonal.
			name: "diagonal", rule: logic.ALSChain, g: diagonal(t),
			build: func(p *position) {
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 5, p.cell(1, 9), p.cell(1, 1))
				p.only(3, 3, 5, 6, 7)
				p.only(7, 7, 5, 6, 7)
				p.keep(lineOf(t, p.g, sudoku.Row, 9, 1), 7, p.cell(9, 9), p.cell(9, 1))
			},
			remove: "r1c9:7 r9c1:5",
			nodes:  []node{{5, "r1c9"}, {5, "r1c1"}, {5, "r3c3 r7c7"}, {7, "r3c3 r7c7"}, {7, "r9c9"}, {7, "r9c1"}},
			text:   "so r3c3 and r7c7 in diagonal 1 (5, 6 or 7) are left with 6 and 7",
		},
		{
			// A chain of sets alone (HoDoKu's ALS-Chain): the set of box
			// 1 holds 4 or lacks 1, and its 4 sees every 4 of the set of
			// box 4, which then lacks 4 and holds 1.
			name: "9x9 sets only", rule: logic.ALSChain, g: sudoku.Classic(),
			build: func(p *position) {
				p.only(1, 1, 1, 2, 3)
				p.only(1, 2, 1, 2, 3)
				p.only(2, 3, 2, 4, 5)
				p.only(3, 3, 2, 4, 5)
				p.only(5, 3, 4, 6, 7)
				p.only(6, 3, 4, 6, 7)
				p.only(5, 1, 1, 6, 8)
				p.only(6, 1, 1, 6, 8)
			},
			remove: "r2c1:1 r3c1:1",
			nodes:  []node{{1, "r1c1 r1c2"}, {4, "r2c3 r3c3"}, {4, "r5c3 r6c3"}, {1, "r5c1 r6c1"}},
			text:   "ALS chain: if 1 is in neither r1c1 nor r1c2, r1c1, r1c2, r2c3 and r3c3 in box 1 (1, 2, 3, 4 or 5) are left with 2, 3, 4 and 5, as many digits as cells, so 4 is in r2c3 or r3c3, so 4 is in neither r5c3 nor r6c3, so r5c1, r5c3, r6c1 and r6c3 in box 4 (1, 4, 6, 7 or 8) are left with 1, 6, 7 and 8, as many digits as cells, so 1 is in r5c1 or r6c1; so 1 is in r1c1 or r1c2 or 1 is in r5c1 or r6c1: remove 1 from r2c1 and r3c1.",
		},
		{
			name: "9x9", rule: logic.ALSNiceLoop, g: sudoku.Classic(), build: alsNiceLoopPosition,
			remove: alsNiceLoopRemovals,
			nodes:  []node{{5, "r1c1"}, {5, "r2c1"}, {5, "r2c4 r2c6"}, {7, "r2c4 r2c6"}, {7, "r1c5"}, {7, "r1c1"}, {5, "r1c1"}},
			text:   "and each set in it lacks one of the two digits the loop links inside it and holds all its others",
		},
		{
			// The same loop on 6x6: the set r2c4, r2c6 {4,5,6} of row 2
			// and box 2, 6 in r1c1 or r1c5, 5 in r1c1 or r2c1.
			name: "6x6", rule: logic.ALSNiceLoop, g: six,
			build: func(p *position) {
				p.only(2, 4, 4, 5, 6)
				p.only(2, 6, 4, 5, 6)
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 6, p.cell(1, 1), p.cell(1, 5))
				p.keep(lineOf(t, p.g, sudoku.Column, 1, 1), 5, p.cell(1, 1), p.cell(2, 1))
			},
			remove: "r1c1:1234 r1c4:4 r1c5:4 r1c6:4 r2c1:4 r2c2:45 r2c3:45 r2c5:456",
			nodes:  []node{{5, "r1c1"}, {5, "r2c1"}, {5, "r2c4 r2c6"}, {6, "r2c4 r2c6"}, {6, "r1c5"}, {6, "r1c1"}, {5, "r1c1"}},
			text:   "so r2c4 and r2c6 in row 2 (4, 5 or 6) are left with 4 and 6",
		},
	} {
		t.Run(tc.rule.Name()+" "+tc.name, func(t *testing.T) {
			p := newPosition(tc.g)
			tc.build(p)
			st, ok := tc.rule.Find(p.state(t))
			if !ok {
				t.Fatal("no step")
			}
			checkStep(t, tc.g, st, nil, removals(tc.g, tc.remove), tc.text)
			if len(st.Chains) != 1 {
				t.Fatalf("chains %v", st.Chains)
			}
			var got []node
			for i, l := range st.Chains[0] {
				if l.Strong != (i%2 == 0) {
					t.Errorf("link %d strong %v", i, l.Strong)
				}
				if i == 0 {
					got = append(got, node{l.From.Digit, cellNames(tc.g, l.From.Cells)})
				}
				got = append(got, node{l.To.Digit, cellNames(tc.g, l.To.Cells)})
			}
			if diff := cmp.Diff(tc.nodes, got); diff != "" {
				t.Errorf("nodes (-want +got):\n%s", diff)
			}
		})
	}
}

// cellNames names cells, separated by spaces.
func cellNames(g *sudoku.Geometry, cells []int) string {
	out := ""
	for i, c := range cells {
		if i > 0 {
			out += " "
		}
		out += g.CellName(c)
	}
	return out
}

// TestALSChainNeedsASet checks that ALSChain leaves to AIC the chains
// through no set: on the grouped AIC position of TestChainRules, whose
// cells hold every digit, no set of two to four cells exists, and AIC
// finds a chain that ALSChain must not.
func TestALSChainNeedsASet(t *testing.T) {
	p := newPosition(sudoku.Classic())
	p.keep(row(1), 5, p.cell(1, 1), p.cell(1, 7), p.cell(1, 8))
	p.keep(col(9), 5, p.cell(3, 9), p.cell(7, 9))
	s := p.state(t)
	if _, ok := logic.AIC.Find(s); !ok {
		t.Fatal("AIC finds nothing")
	}
	if st, ok := logic.ALSChain.Find(s); ok {
		t.Errorf("ALS chain without a set: %s", st.Text)
	}
}

// diagonal returns the classic board with its two main diagonals as
// houses.
func diagonal(t *testing.T) *sudoku.Geometry {
	t.Helper()
	g, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	return g
}
