package search

import (
	"testing"

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
			var plain, with classicState
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

// TestClassicDigits reads the placed digits of states loaded from the
// in-repository 9x9 puzzles, of the same after propagation, and of their
// solutions: each must give the digit of every placed cell and 0 for the
// open ones.
func TestClassicDigits(t *testing.T) {
	for _, set := range []string{"9x9-levels", "9x9-minimal"} {
		for _, p := range reference.Local(t, set) {
			var s classicState
			if !s.load(p.Board) {
				t.Fatalf("%s line %d: load failed", set, p.Line)
			}
			check := func(stage string) {
				var got [81]int
				s.digits(&got)
				for c := range 81 {
					want := 0
					if s.open[c/27]>>(c%27)&1 == 0 {
						for d := range 9 {
							if s.cand[c/27][d]>>(c%27)&1 != 0 {
								want = d + 1
							}
						}
					}
					if got[c] != want {
						t.Fatalf("%s line %d, %s: cell %d reads %d, want %d", set, p.Line, stage, c, got[c], want)
					}
				}
			}
			check("loaded")
			for c := range 81 {
				if v := p.Board.Get(c); v != 0 && s.open[c/27]>>(c%27)&1 != 0 {
					t.Fatalf("%s line %d: given %d of cell %d is open", set, p.Line, v, c)
				}
			}
			if !s.propagate(nil) {
				t.Fatalf("%s line %d: propagation found a contradiction", set, p.Line)
			}
			check("propagated")
			if p.Solution != nil {
				if !s.load(p.Solution) || !s.solved() {
					t.Fatalf("%s line %d: the solution does not load as solved", set, p.Line)
				}
				var got [81]int
				s.digits(&got)
				for c := range 81 {
					if got[c] != p.Solution.Get(c) {
						t.Fatalf("%s line %d: solution cell %d reads %d, want %d", set, p.Line, c, got[c], p.Solution.Get(c))
					}
				}
			}
		}
	}
}
