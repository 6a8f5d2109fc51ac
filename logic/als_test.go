package logic_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
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

var _ = sudoku.Classic
