package logic_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// alsRules are the techniques of the almost-locked-set family, and the
// chains through almost locked sets.
var alsRules = []logic.Technique{logic.ALSXZ, logic.ALSXYWing, logic.DeathBlossom, logic.SueDeCoq, logic.ALSChain, logic.ALSNiceLoop}

// stuckStates returns the states of up to n puzzles of a reference set
// where the built-in rules rated below the almost-locked-set family are
// stuck, the states those rules are asked about on hard puzzles.
func stuckStates(tb testing.TB, set string, n int) []*logic.State {
	tb.Helper()
	var simpler logic.Rules
	for _, r := range logic.Ladder(false) {
		if r.(logic.Technique).Rating() < logic.ALSXZ.Rating() {
			simpler = append(simpler, r)
		}
	}
	var out []*logic.State
	for _, p := range reference.Boards(tb, set, n) {
		s, err := logic.NewState(p)
		if err != nil {
			tb.Fatal(err)
		}
		if _, err := simpler.Reduce(context.Background(), s); err != nil {
			tb.Fatal(err)
		}
		if s.Left() > 0 {
			out = append(out, s)
		}
	}
	return out
}

// BenchmarkALS asks each rule of the family for its step on magictour
// and 16x16 states where the simpler rules are stuck.
func BenchmarkALS(b *testing.B) {
	for _, set := range []string{"9x9-magictour-top1465", "16x16-minimal-100"} {
		states := stuckStates(b, set, 100)
		if len(states) == 0 {
			b.Skipf("%s: no stuck state", set)
		}
		for _, rule := range alsRules {
			b.Run(set+"/"+rule.Name(), func(b *testing.B) {
				i := 0
				for b.Loop() {
					rule.Find(states[i%len(states)])
					i++
				}
			})
		}
	}
}

// alsXZPosition is an ALS-XZ: A = r1c1 {1,2}, B = r1c7 {1,4}, r2c8
// {2,4,5}, r2c9 {2,5} in box 3, joined by 1 (its only place in B sees
// r1c1); the 2 of A or of B leaves the cells seeing all three 2s.
func alsXZPosition(p *position) {
	p.only(1, 1, 1, 2)
	p.only(1, 7, 1, 4)
	p.only(2, 8, 2, 4, 5)
	p.only(2, 9, 2, 5)
}

// alsXYWingPosition is an ALS-XY-Wing: C = r5c5 {1,2}; A = r5c1 {1,4},
// r4c2 {3,4} in box 4, joined to C by 1; B = r1c5 {2,5,6}, r2c4 {3,6},
// r3c6 {5,6} in box 2, joined to C by 2; the 3 of A or B leaves the cells
// seeing r4c2 and r2c4.
func alsXYWingPosition(p *position) {
	p.only(5, 5, 1, 2)
	p.only(5, 1, 1, 4)
	p.only(4, 2, 3, 4)
	p.only(1, 5, 2, 5, 6)
	p.only(2, 4, 3, 6)
	p.only(3, 6, 5, 6)
}

// TestALSOtherPositions checks the steps of the family on positions
// besides those of the ladder walk: a doubly linked ALS-XZ (on 9x9 and
// 6x6), and each rule on a 6x6 board (2x3 boxes).
func TestALSOtherPositions(t *testing.T) {
	six := mustGeometry(t, 2, 3)
	for _, tc := range []techniquePosition{
		{
			// A = r1c1 {1,5}, r1c4 {2,5} in row 1 and B = r2c2 {1,6},
			// r2c5 {2,6} in row 2, joined by 1 (box 1) and by 2 (box 2).
			name: "doubly linked", g: sudoku.Classic(), rule: logic.ALSXZ,
			build: func(p *position) {
				p.only(1, 1, 1, 5)
				p.only(1, 4, 2, 5)
				p.only(2, 2, 1, 6)
				p.only(2, 5, 2, 6)
			},
			remove: "r1c2:15 r1c3:15 r1c5:25 r1c6:25 r1c7:5 r1c8:5 r1c9:5 " +
				"r2c1:16 r2c3:16 r2c4:26 r2c6:26 r2c7:6 r2c8:6 r2c9:6 " +
				"r3c1:1 r3c2:1 r3c3:1 r3c4:2 r3c5:2 r3c6:2",
			text: "every 1 and 2 of one sees every 1 and 2 of the other, for both digits, so each set holds one of them and all its other digits",
		},
		{
			// The doubly linked case on 6x6: A = r1c1 {1,5}, r1c4 {2,5}
			// in row 1 and B = r2c2 {1,6}, r2c5 {2,6} in row 2, joined by
			// 1 (box 1) and by 2 (box 2).
			name: "doubly linked 6x6", g: six, rule: logic.ALSXZ,
			build: func(p *position) {
				p.only(1, 1, 1, 5)
				p.only(1, 4, 2, 5)
				p.only(2, 2, 1, 6)
				p.only(2, 5, 2, 6)
			},
			remove: "r1c2:15 r1c3:15 r1c5:25 r1c6:25 r2c1:16 r2c3:16 r2c4:26 r2c6:26",
			text:   "for both digits, so each set holds one of them and all its other digits",
		},
		{
			name: "6x6", g: six, rule: logic.ALSXZ,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(1, 4, 1, 4)
				p.only(2, 5, 2, 4, 5)
				p.only(2, 6, 2, 5)
			},
			remove: "r1c5:2 r1c6:2 r2c1:2 r2c2:2 r2c3:2",
		},
		{
			name: "6x6", g: six, rule: logic.ALSXYWing,
			build:  alsXYWing6,
			remove: "r2c2:3 r4c4:3",
		},
		{
			name: "6x6", g: six, rule: logic.DeathBlossom,
			build: func(p *position) {
				alsXYWing6(p)
				p.only(3, 5, 1, 2, 5)
				p.only(4, 6, 3, 5)
			},
			remove: "r4c4:3",
		},
		{
			// Row 1 and box 1 (r1-2, c1-3) cross in r1c1-3.
			name: "6x6", g: six, rule: logic.SueDeCoq,
			build: func(p *position) {
				p.only(1, 1, 1, 2, 3)
				p.only(1, 2, 2, 3, 4)
				p.only(1, 5, 1, 2)
				p.only(2, 2, 3, 4)
			},
			remove: "r1c3:1234 r1c4:12 r1c6:12 r2c1:34 r2c3:34",
		},
	} {
		t.Run(tc.rule.Name()+" "+tc.name, func(t *testing.T) { checkPosition(t, tc) })
	}
}

// alsXYWing6 is an ALS-XY-Wing on a 6x6 board: C = r3c5 {1,2}; A = r3c1
// {1,4}, r4c2 {3,4} in box 3, joined to C by 1; B = r1c5 {2,5,6}, r2c4
// {3,6}, r1c6 {5,6} in box 2, joined to C by 2; the 3 of A or B leaves
// the cells seeing r4c2 and r2c4.
func alsXYWing6(p *position) {
	p.only(3, 5, 1, 2)
	p.only(3, 1, 1, 4)
	p.only(4, 2, 3, 4)
	p.only(1, 5, 2, 5, 6)
	p.only(2, 4, 3, 6)
	p.only(1, 6, 5, 6)
}

// sueDeCoqPosition is a Sue de Coq: r1c1 {1,2,3}, r1c2 {2,3,4} where row
// 1 and box 1 cross, with r1c5 {1,2} in row 1 and r2c2 {3,4} in box 1.
func sueDeCoqPosition(p *position) {
	p.only(1, 1, 1, 2, 3)
	p.only(1, 2, 2, 3, 4)
	p.only(1, 5, 1, 2)
	p.only(2, 2, 3, 4)
}
