package logic_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// frankenFish are the techniques of the Franken fish family.
var frankenFish = []logic.Technique{
	logic.FrankenXWing, logic.FrankenSwordfish, logic.FrankenJellyfish,
	logic.FinnedFrankenXWing, logic.FinnedFrankenSwordfish, logic.FinnedFrankenJellyfish,
}

// The Franken fish positions on the classic board, on 5, for
// rulePositions and the other geometries. Rows 2 and 3 hold 5 only in
// column 1 and box 2 (a Franken X-Wing); row 8 adds column 7 (a Franken
// Swordfish), and row 6 column 3 (a Franken Jellyfish). A fin r8c9 makes
// the Swordfish finned, r6c9 the Jellyfish.
func frankenX(p *position) {
	p.keep(row(2), 5, p.cell(2, 1), p.cell(2, 4), p.cell(2, 5))
	p.keep(row(3), 5, p.cell(3, 1), p.cell(3, 5), p.cell(3, 6))
}

func frankenSword(fin bool) func(p *position) {
	return func(p *position) {
		p.keep(row(2), 5, p.cell(2, 1), p.cell(2, 4), p.cell(2, 5))
		p.keep(row(3), 5, p.cell(3, 5), p.cell(3, 6), p.cell(3, 7))
		r8 := []int{p.cell(8, 1), p.cell(8, 7)}
		if fin {
			r8 = append(r8, p.cell(8, 9))
		}
		p.keep(row(8), 5, r8...)
	}
}

func frankenJelly(fin bool) func(p *position) {
	return func(p *position) {
		p.keep(row(2), 5, p.cell(2, 1), p.cell(2, 4), p.cell(2, 5))
		p.keep(row(3), 5, p.cell(3, 5), p.cell(3, 6), p.cell(3, 7))
		if fin {
			p.keep(row(6), 5, p.cell(6, 3), p.cell(6, 7), p.cell(6, 9))
			p.keep(row(8), 5, p.cell(8, 1), p.cell(8, 3))
		} else {
			p.keep(row(6), 5, p.cell(6, 3), p.cell(6, 7))
			p.keep(row(8), 5, p.cell(8, 1), p.cell(8, 3), p.cell(8, 7))
		}
	}
}

// finnedFrankenX: row 2 holds 5 in box 1 and column 8 but for the fin
// r2c9, and box 6 only in column 8.
func finnedFrankenX(p *position) {
	p.keep(row(2), 5, p.cell(2, 1), p.cell(2, 2), p.cell(2, 8), p.cell(2, 9))
	p.keep(box(6), 5, p.cell(4, 8), p.cell(6, 8))
}

// TestFrankenFishOtherGeometries checks Franken fish on a 6x6 board
// (boxes of two rows and three columns), a 16x16 board and a 9x9 board
// with diagonals, each the exact step of the technique's Find.
func TestFrankenFishOtherGeometries(t *testing.T) {
	g6 := mustGeometry(t, 2, 3)
	p := newPosition(g6)
	rowOf := func(p *position, r int) int { return unitOf(p.g, sudoku.Row, p.cell(r, 1)) }
	// Rows 3 and 4 hold 5 only in column 1 and box 4 (rows 3 and 4,
	// columns 4 to 6): column 1 loses its other 5s.
	p.keep(rowOf(p, 3), 5, p.cell(3, 1), p.cell(3, 4), p.cell(3, 5))
	p.keep(rowOf(p, 4), 5, p.cell(4, 1), p.cell(4, 5), p.cell(4, 6))
	st, ok := logic.FrankenXWing.Find(p.state(t))
	if !ok {
		t.Fatal("no Franken X-Wing on 6x6")
	}
	checkStep(t, g6, st, nil, removals(g6, "r1c1:5 r2c1:5 r5c1:5 r6c1:5"),
		"Franken X-Wing on 5: row 3 and row 4 share no cell, and there 5 fits only in column 1 and box 4, which share none either; each of row 3 and row 4 has its 5 in one of column 1 and box 4, so those two houses get their 5 there and nowhere else")

	// The finned Franken Swordfish of rulePositions on 16x16 (boxes of
	// four by four): rows 2, 3 and 8 hold 5 in column 1, column 10 and
	// box 2 but for the fin r8c12 in box 7, which column 10 crosses.
	g16 := mustGeometry(t, 4, 4)
	p = newPosition(g16)
	p.keep(rowOf(p, 2), 5, p.cell(2, 1), p.cell(2, 5), p.cell(2, 6))
	p.keep(rowOf(p, 3), 5, p.cell(3, 6), p.cell(3, 7), p.cell(3, 10))
	p.keep(rowOf(p, 8), 5, p.cell(8, 1), p.cell(8, 10), p.cell(8, 12))
	st, ok = logic.FinnedFrankenSwordfish.Find(p.state(t))
	if !ok {
		t.Fatal("no finned Franken Swordfish on 16x16")
	}
	checkStep(t, g16, st, nil, removals(g16, "r5c10:5 r6c10:5 r7c10:5"),
		"finned Franken Swordfish on 5: row 2, row 3 and row 8 share no cell, and there 5 fits only in column 1, column 10 and box 2, which share none either, but for the fin r8c12 in box 7")

	// The Franken Swordfish without the fin, and a Jellyfish with row 6
	// and column 3 added, plain and with the fin r6c12 in box 7: the
	// covers lose every 5 outside the bases, or those seeing the fin.
	p = newPosition(g16)
	p.keep(rowOf(p, 2), 5, p.cell(2, 1), p.cell(2, 5), p.cell(2, 6))
	p.keep(rowOf(p, 3), 5, p.cell(3, 6), p.cell(3, 7), p.cell(3, 10))
	p.keep(rowOf(p, 8), 5, p.cell(8, 1), p.cell(8, 10))
	st, ok = logic.FrankenSwordfish.Find(p.state(t))
	if !ok {
		t.Fatal("no Franken Swordfish on 16x16")
	}
	checkStep(t, g16, st, nil, outside(p, []int{2, 3, 8}, []int{1, 10}, 2),
		"Franken Swordfish on 5: row 2, row 3 and row 8 share no cell, and there 5 fits only in column 1, column 10 and box 2")
	for _, fin := range []bool{false, true} {
		p = newPosition(g16)
		p.keep(rowOf(p, 2), 5, p.cell(2, 1), p.cell(2, 5), p.cell(2, 6))
		p.keep(rowOf(p, 3), 5, p.cell(3, 6), p.cell(3, 7), p.cell(3, 10))
		p.keep(rowOf(p, 8), 5, p.cell(8, 1), p.cell(8, 3), p.cell(8, 10))
		tq, want, text := logic.FrankenJellyfish, outside(p, []int{2, 3, 6, 8}, []int{1, 3, 10}, 2), "Franken Jellyfish on 5: row 2, row 3, row 6 and row 8 share no cell, and there 5 fits only in column 1, column 3, column 10 and box 2"
		if fin {
			p.keep(rowOf(p, 6), 5, p.cell(6, 3), p.cell(6, 10), p.cell(6, 12))
			tq, want, text = logic.FinnedFrankenJellyfish, removals(g16, "r5c10:5 r7c10:5"), "finned "+text+", which share none either, but for the fin r6c12 in box 7"
		} else {
			p.keep(rowOf(p, 6), 5, p.cell(6, 3), p.cell(6, 10))
		}
		st, ok = tq.Find(p.state(t))
		if !ok {
			t.Fatalf("no %v on 16x16", tq)
		}
		checkStep(t, g16, st, nil, want, text)
	}

	// With diagonals, the finned Franken X-Wing of rulePositions: the
	// diagonals, which cross, make no family, and remove nothing more.
	d, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	p = newPosition(d)
	finnedFrankenX(p)
	st, ok = logic.FinnedFrankenXWing.Find(p.state(t))
	if !ok {
		t.Fatal("no finned Franken X-Wing with diagonals")
	}
	checkStep(t, d, st, nil, removals(d, "r1c8:5 r3c8:5"), "finned Franken X-Wing on 5: row 2 and box 6 share no cell, and there 5 fits only in column 8 and box 1, which share none either, but for the fin r2c9 in box 3")
}

// outside returns the removals of digit 5 from the cells of columns cols
// and of box b outside the rows rows, in that order: those of a Franken
// fish with these covers and bases on an empty 16x16 board.
func outside(p *position, rows, cols []int, b int) []logic.Removal {
	var out []logic.Removal
	add := func(r, c int) {
		if !slices.Contains(rows, r) {
			out = append(out, logic.Removal{Cell: p.cell(r, c), Digits: []int{5}})
		}
	}
	for _, c := range cols {
		for r := 1; r <= 16; r++ {
			add(r, c)
		}
	}
	box := unitOf(p.g, sudoku.Box, p.cell(1+(b-1)/4*4, 1+(b-1)%4*4))
	for _, c := range p.g.Unit(box).Cells {
		r, col := p.g.RowCol(c)
		add(r+1, col+1)
	}
	return out
}

// TestFrankenFishNone checks that boards without boxes have no Franken
// fish, and that a cube (whose faces' boxes share edge cells) and broken
// states give none of their searches trouble.
func TestFrankenFishNone(t *testing.T) {
	// A Latin square: the rows and columns of a 4x4 board, no box.
	var units []sudoku.Unit
	for i := range 4 {
		r, c := sudoku.Unit{Kind: sudoku.Row}, sudoku.Unit{Kind: sudoku.Column}
		for j := range 4 {
			r.Cells, c.Cells = append(r.Cells, 4*i+j), append(c.Cells, 4*j+i)
		}
		units = append(units, r, c)
	}
	latin, err := sudoku.NewCustomGeometry(sudoku.Spec{Digits: 4, Cells: 16, Rows: 4, Cols: 4, Units: units})
	if err != nil {
		t.Fatal(err)
	}
	p := newPosition(latin)
	p.keep(0, 1, 0, 1)
	for _, tq := range frankenFish {
		if st, ok := tq.Find(p.state(t)); ok {
			t.Errorf("%v on a board without boxes: %s", tq, st.Text)
		}
	}

	c, err := cube.New(3, cube.ThreeFaces, cube.Match)
	if err != nil {
		t.Fatal(err)
	}
	sol, err := search.Solve(context.Background(), c.Board())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 9))
	puzzle := sudoku.NewBoard(sol.Geometry())
	for cell := range sol.Geometry().NumCells() {
		if rng.IntN(4) == 0 {
			if err := puzzle.SetGiven(cell, sol.Get(cell)); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The cube after singles: every step of each fish keeps the
	// solution's digits.
	s, err := logic.NewState(puzzle)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Propagate(); err != nil || s.Left() == 0 {
		t.Fatalf("the cube after singles: %v, %d cells left", err, s.Left())
	}
	for _, tq := range frankenFish {
		st, ok := tq.Find(s)
		for _, rm := range st.Remove {
			if ok && slices.Contains(rm.Digits, sol.Get(rm.Cell)) {
				t.Errorf("%v on the cube removes the solution's digit: %s", tq, st.Text)
			}
		}
	}

	// A broken state finds nothing.
	s, err = logic.NewState(sudoku.NewBoard(sudoku.Classic()))
	if err != nil {
		t.Fatal(err)
	}
	s.Eliminate(0, s.Candidates(0))
	for _, tq := range frankenFish {
		if _, ok := tq.Find(s); ok {
			t.Errorf("%v on a broken state", tq)
		}
	}
}

// TestFrankenFishSound walks puzzles with known solutions with the
// singles, locked candidates and the Franken fish, which then find many
// steps, and asks every one of them at every state (see checkSound): the
// in-repository 9x9 sets (and 16x16 in the long run, CUBEDOKU_LONG=1)
// and generated 6x6, 12x12 and diagonal 9x9 puzzles. Each Franken fish
// must be met.
func TestFrankenFishSound(t *testing.T) {
	t.Parallel() // a long test: it runs beside the others
	rules := append(logic.Rules{logic.NakedSingle, logic.HiddenSingle, logic.LockedCandidates}, logic.FrankenFish()...)
	found := map[logic.Technique]int{}
	sets := []struct {
		name string
		n    int
	}{{"9x9-levels", 3}, {"9x9-minimal", 3}}
	if reference.Long() {
		sets = append(sets, struct {
			name string
			n    int
		}{"16x16/unique", 2})
	}
	for _, set := range sets {
		ps, sols := reference.LocalSet(t, set.name, 0)
		for i := 0; i < len(ps); i += max(1, len(ps)/sample(set.n)) {
			checkSound(t, fmt.Sprintf("%s #%d", set.name, i+1), ps[i], sols[i], rules, found)
		}
	}
	diag, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	checkGenerated(t, rand.New(rand.NewPCG(5, 7)), []generated{{mustGeometry(t, 2, 3), 12, 0}, {diag, 3, 0}, {mustGeometry(t, 3, 4), 2, 1}}, rules, found)
	t.Logf("steps found per rule: %v", found)
	for _, tq := range frankenFish {
		if found[tq] == 0 {
			t.Errorf("no step of %v was met: the sample does not test it", tq)
		}
	}
}

// BenchmarkFrankenFish runs Find of each Franken fish on states where the
// ladder is stuck, on 9x9 and 16x16 puzzles, and Next of the ladder with
// them appended and without them on the same states.
func BenchmarkFrankenFish(b *testing.B) {
	for _, set := range []string{"9x9-magictour-top1465", "16x16-minimal-100"} {
		states := stuckOn(b, set, logic.Ladder(false))
		for _, t := range frankenFish {
			benchRules(b, set+"/"+t.Name(), states, logic.Rules{t})
		}
		benchRules(b, set+"/ladder", states, logic.Ladder(false))
		benchRules(b, set+"/ladder and Franken fish", states, slices.Concat(logic.Ladder(false), logic.FrankenFish()))
	}
}
