package logic_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
)

// alsRules are the techniques of the almost-locked-set family.
var alsRules = []logic.Technique{logic.ALSXZ, logic.ALSXYWing, logic.DeathBlossom}

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
