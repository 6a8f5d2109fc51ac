package logic_test

import (
	"testing"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestMultiColouringOn6x6 checks a multi-colouring trap on a 6x6 board
// (boxes of two rows and three columns).
func TestMultiColouringOn6x6(t *testing.T) {
	g := mustGeometry(t, 2, 3)
	p := newPosition(g)
	// One chain: r1c1 = r1c4 (row 1). Another: r4c1 = r4c5 (row 4) =
	// r6c5 (column 5). r1c1 and r4c1 share column 1, so r1c4 or r4c5
	// holds 5, and r3c4 sees both.
	p.keep(unitOf(g, sudoku.Row, p.cell(1, 1)), 5, p.cell(1, 1), p.cell(1, 4))
	p.keep(unitOf(g, sudoku.Row, p.cell(4, 1)), 5, p.cell(4, 1), p.cell(4, 5))
	p.keep(unitOf(g, sudoku.Column, p.cell(1, 5)), 5, p.cell(4, 5), p.cell(6, 5))
	s := p.state(t)
	st, ok := logic.MultiColouring.Find(s)
	if !ok {
		t.Fatal("no multi-colouring")
	}
	checkStep(t, g, st, nil, removals(g, "r3c4:5"), "r1c1 and r4c1 see each other")
	checkChains(t, s, st)
}

// TestMultiColouringWrap checks the wrap: one side of a chain sees both
// sides of another, so it is false.
func TestMultiColouringWrap(t *testing.T) {
	g := sudoku.Classic()
	p := newPosition(g)
	// Chain A: r1c1 = r1c5 (row 1) = r4c5 (column 5). Chain B: r2c2 =
	// r4c2 (column 2). On A's side of r1c1 and r4c5, r1c1 sees r2c2 and
	// r4c5 sees r4c2: that side would leave chain B no 5.
	p.keep(row(1), 5, p.cell(1, 1), p.cell(1, 5))
	p.keep(col(5), 5, p.cell(1, 5), p.cell(4, 5))
	p.keep(col(2), 5, p.cell(2, 2), p.cell(4, 2))
	s := p.state(t)
	st, ok := logic.MultiColouring.Find(s)
	if !ok {
		t.Fatal("no multi-colouring")
	}
	checkStep(t, g, st, nil, removals(g, "r1c1:5 r4c5:5"), "r1c1 sees r2c2 and r4c5 sees r4c2, one on each side of the other chain, so the side of r1c1 would leave that chain no true side and is false")
	checkChains(t, s, st)
}
