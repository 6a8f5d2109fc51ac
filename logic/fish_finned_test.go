package logic_test

import (
	"context"
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// singleDigitPatterns are the techniques of the single-digit patterns
// family.
var singleDigitPatterns = []logic.Technique{
	logic.TurbotFish, logic.EmptyRectangle, logic.FinnedXWing,
	logic.FinnedSwordfish, logic.FinnedJellyfish, logic.MultiColouring,
}

// BenchmarkSingleDigitPatterns runs Find of each single-digit pattern on
// states where the ladder without them is stuck, on 9x9 and 16x16
// puzzles.
func BenchmarkSingleDigitPatterns(b *testing.B) {
	var before logic.Rules
	for _, r := range logic.Ladder(false) {
		if !slices.Contains(singleDigitPatterns, r.(logic.Technique)) {
			before = append(before, r)
		}
	}
	for _, set := range []string{"9x9-magictour-top1465", "16x16-minimal-100"} {
		states := stuckOn(b, set, before)
		for _, t := range singleDigitPatterns {
			benchRules(b, set+"/"+t.Name(), states, logic.Rules{t})
		}
	}
}

// stuckOn returns the states where rules are stuck on up to 100 puzzles
// of a reference set.
func stuckOn(b *testing.B, set string, rules logic.Rules) []*logic.State {
	b.Helper()
	var states []*logic.State
	for _, p := range reference.Boards(b, set, 100) {
		s, err := logic.NewState(p)
		if err != nil {
			b.Fatal(err)
		}
		res, err := logic.DeduceState(context.Background(), s, p, rules...)
		if err != nil {
			b.Fatal(err)
		}
		if !res.Solved {
			states = append(states, s)
		}
	}
	return states
}

// benchRules runs, as the benchmark name, Next of rules on the states in
// turn (none: nothing to run).
func benchRules(b *testing.B, name string, states []*logic.State, rules logic.Rules) {
	if len(states) == 0 {
		return
	}
	b.Run(name, func(b *testing.B) {
		i := 0
		for b.Loop() {
			rules.Next(states[i%len(states)])
			i++
		}
	})
}

// TestFinnedFishOtherGeometries checks finned fish on a 6x6 board (boxes
// of two rows and three columns) and a finned X-Wing whose fin lies off
// the boxes' grid on a 9x9 board with diagonals.
func TestFinnedFishOtherGeometries(t *testing.T) {
	g := mustGeometry(t, 2, 3)
	p := newPosition(g)
	// Rows 1 and 4, columns 2 and 5, a fin at r4c6 in the box of rows 3
	// and 4, columns 4 to 6: the 5 of column 5 in r3 sees it.
	p.keep(unitOf(g, sudoku.Row, p.cell(1, 1)), 5, p.cell(1, 2), p.cell(1, 5))
	p.keep(unitOf(g, sudoku.Row, p.cell(4, 1)), 5, p.cell(4, 2), p.cell(4, 5), p.cell(4, 6))
	st, ok := logic.FinnedXWing.Find(p.state(t))
	if !ok {
		t.Fatal("no finned X-Wing on 6x6")
	}
	checkStep(t, g, st, nil, removals(g, "r3c5:5"), "finned X-Wing on 5: in row 1 and row 4, 5 fits only in column 2 and column 5 but for the fin r4c6")

	d, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	p = newPosition(d)
	p.keep(row(2), 5, p.cell(2, 3), p.cell(2, 8))
	p.keep(row(7), 5, p.cell(7, 3), p.cell(7, 8), p.cell(7, 9))
	st, ok = logic.FinnedXWing.Find(p.state(t))
	if !ok {
		t.Fatal("no finned X-Wing with diagonals")
	}
	// r2c8 and r8c8 as on the classic board, and r2c8 is no removal: it
	// is a base cell.
	checkStep(t, d, st, nil, removals(d, "r8c8:5 r9c8:5"), "but for the fin r7c9 in box 9")
}

// TestFinnedSwordfishSashimi checks a sashimi Swordfish on a 16x16
// board: row 9 has one place in the covers besides its fin.
func TestFinnedSwordfishSashimi(t *testing.T) {
	g := mustGeometry(t, 4, 4)
	p := newPosition(g)
	rowOf := func(r int) int { return unitOf(g, sudoku.Row, p.cell(r, 1)) }
	p.keep(rowOf(1), 5, p.cell(1, 1), p.cell(1, 6))
	p.keep(rowOf(5), 5, p.cell(5, 6), p.cell(5, 11))
	p.keep(rowOf(9), 5, p.cell(9, 1), p.cell(9, 10))
	st, ok := logic.FinnedSwordfish.Find(p.state(t))
	if !ok {
		t.Fatal("no finned Swordfish on 16x16")
	}
	// Two sashimi Swordfish: the first found takes covers 1, 6 and 10,
	// with r5c11 the fin of row 5 (one place left there, r5c6); column 10
	// in the fin's box (rows 5 to 8, columns 9 to 12) loses 5.
	checkStep(t, g, st, nil, removals(g, "r6c10:5 r7c10:5 r8c10:5"), "finned Swordfish (sashimi) on 5: in row 1, row 5 and row 9, 5 fits only in column 1, column 6 and column 10 but for the fin r5c11 in box 7")
}
