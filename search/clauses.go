package search

import (
	"fmt"
	"math/bits"

	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/internal/sat"
	"github.com/cubedoku/cubedoku/logic"
)

// clauses is the clause-learning search of Solve and Count on boards of
// 25x25 and up (see localTurn and clausesFrom): a state's open cells as a
// problem of package sat, with a variable for each candidate of each open
// cell, exactly one of a cell's candidates true, exactly one place true
// for each digit a house misses, and at most one for each digit of a unit
// that is not a house.
// The encoding is that of the satisfiability solvers' Sudoku benchmarks
// (each cell and each house and digit exactly one), on the candidates
// that propagation left, with every "at most one" kept as a group rather
// than as the pairs of its members.
type clauses struct {
	s     *sat.Solver
	cell  []int32 // per variable
	digit []uint8 // per variable
}

// newClauses encodes the open cells of s. It returns an error wrapping
// logic.ErrContradiction when the encoding alone shows that s has no
// solution, and errStopped when stop (nil for none) returns true first:
// it is polled every encodePoll cells (a unit counts as 8).
func newClauses(s *logic.State, seed uint64, stop func() bool) (*clauses, error) {
	g := s.Geometry()
	tab := geomtab.Of(g)
	n := g.Digits()
	stride := n + 1
	id := make([]int32, g.NumCells()*stride)
	k := &clauses{}
	work := 0
	stopped := func(w int) bool {
		if work += w; work < encodePoll || stop == nil {
			return false
		}
		work = 0
		return stop()
	}
	for c := range g.NumCells() {
		if stopped(1) {
			return nil, errStopped
		}
		if s.Value(c) != 0 {
			continue
		}
		for m := s.Candidates(c); m != 0; m &= m - 1 {
			d := bits.TrailingZeros64(m) + 1
			id[c*stride+d] = int32(len(k.cell)) + 1
			k.cell = append(k.cell, int32(c))
			k.digit = append(k.digit, uint8(d))
		}
	}
	k.s = sat.New(len(k.cell), seed)
	var vars []int
	for c := range g.NumCells() {
		if stopped(1) {
			return nil, errStopped
		}
		if s.Value(c) != 0 {
			continue
		}
		vars = vars[:0]
		for d := 1; d <= n; d++ {
			if v := id[c*stride+d]; v > 0 {
				vars = append(vars, int(v-1))
			}
		}
		if !k.s.ExactlyOne(vars) {
			return nil, errEncoded
		}
	}
	for u, cells := range tab.UnitCells {
		if stopped(8) {
			return nil, errStopped
		}
		house := g.IsHouse(u)
		for d := 1; d <= n; d++ {
			vars = vars[:0]
			placed := false
			for _, c := range cells {
				if s.Value(c) == d {
					placed = true
				}
				if v := id[c*stride+d]; v > 0 {
					vars = append(vars, int(v-1))
				}
			}
			switch {
			case placed:
				// The unit holds d already: no open cell of it may (a
				// placed digit leaves its peers' candidates, so there is
				// none unless the state says otherwise).
				for _, v := range vars {
					if !k.s.Clause(sat.Neg(v)) {
						return nil, errEncoded
					}
				}
			case house:
				if !k.s.ExactlyOne(vars) {
					return nil, errEncoded
				}
			default:
				k.s.AtMostOne(vars)
			}
		}
	}
	return k, nil
}

// errEncoded is newClauses' error for a state whose encoding alone has no
// model.
var errEncoded = fmt.Errorf("%w: the clauses of the open cells have no model", logic.ErrContradiction)

// encodePoll is how many cells newClauses encodes between looks at its
// stop: encoding a 64x64 board with 60 % of its cells open (40,000
// variables) takes about 27 ms, a cell about 7 microseconds, so that a
// cancel is seen within a millisecond or two.
const encodePoll = 256

// block rules out the solver's model: every later one differs from it in
// some open cell. It reports false when no other can exist.
func (k *clauses) block() bool {
	var c []sat.Lit
	for v := range k.cell {
		if k.s.Value(v) {
			c = append(c, sat.Neg(v))
		}
	}
	return k.s.Clause(c...)
}

// state writes the model of the solver into a copy of start.
func (k *clauses) state(start *logic.State) (*logic.State, error) {
	s := start.Clone()
	for v, c := range k.cell {
		if k.s.Value(v) {
			if err := s.Assign(int(c), int(k.digit[v])); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}
