// Package clauses is the clause-learning search of package search: the
// open cells of a search state as a problem of package sat, searched as
// satisfiability solvers search (Marques-Silva and Sakallah's conflict
// analysis; Eén and Sörensson's MiniSat). From each conflict it learns a
// clause that keeps it from the same dead end in other subtrees, which
// the exact search, which forgets, meets again and again. Its clauses
// hold every solution of the state and no more: a model is a solution,
// and a proof that there is none is one for the state.
package clauses

import (
	"fmt"
	"math/bits"

	"github.com/cubedoku/cubedoku/internal/engine"
	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/internal/sat"
	"github.com/cubedoku/cubedoku/logic"
)

// Search is the clause-learning search on a state's open cells: a
// variable for each candidate of each open cell, exactly one of a cell's
// candidates true, exactly one place true for each digit a house misses,
// and at most one for each digit of a unit that is not a house.
// The encoding is that of the satisfiability solvers' Sudoku benchmarks
// (each cell and each house and digit exactly one), on the candidates
// that propagation left, with every "at most one" kept as a group rather
// than as the pairs of its members.
type Search struct {
	s     *sat.Solver
	cell  []int32 // per variable
	digit []uint8 // per variable
}

// A Search is an engine of the portfolio.
var _ engine.Engine = (*Search)(nil)

// New encodes the open cells of s for a search of the random stream
// seed. It returns an error wrapping logic.ErrContradiction when the
// encoding alone shows that s has no solution, and engine.ErrStopped
// when stop (nil for none) reports true first: it is polled every
// encodePoll cells (a unit counts as 8).
func New(s *logic.State, seed uint64, stop engine.Stop) (*Search, error) {
	g := s.Geometry()
	tab := geomtab.Of(g)
	n := g.Digits()
	stride := n + 1
	id := make([]int32, g.NumCells()*stride)
	k := &Search{}
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
			return nil, engine.ErrStopped
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
			return nil, engine.ErrStopped
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
			return nil, engine.ErrStopped
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

// errEncoded is New's error for a state whose encoding alone has no
// model.
var errEncoded = fmt.Errorf("%w: the clauses of the open cells have no model", logic.ErrContradiction)

// encodePoll is how many cells New encodes between looks at its
// stop: encoding a 64x64 board with 60 % of its cells open (40,000
// variables) takes about 27 ms, a cell about 7 microseconds, so that a
// cancel is seen within a millisecond or two.
const encodePoll = 256

// Run searches for up to budget more conflicts (budget < 0: no limit),
// polling stop (every 16 conflicts and every 256 decisions), and reports
// Solved with a model (see State and Block), Exhausted with a proof that
// no model (or none but those blocked) is left, and Unknown when the
// budget ran out or stop reported true. A turn goes on where the last one
// ended, with what it learnt.
func (k *Search) Run(budget int64, stop engine.Stop) engine.Report {
	if budget == 0 {
		return engine.Report{}
	}
	before := k.s.Conflicts()
	status := k.s.Solve(max(budget, 0), stop)
	r := engine.Report{Steps: k.s.Conflicts() - before}
	switch status {
	case sat.Satisfiable:
		r.Status = engine.Solved
	case sat.Unsatisfiable:
		r.Status = engine.Exhausted
	}
	return r
}

// Conflicts counts the conflicts the search has met.
func (k *Search) Conflicts() int64 { return k.s.Conflicts() }

// Block rules out the model of the last Run: every later one differs
// from it in some open cell. It reports false when no other can exist.
func (k *Search) Block() bool {
	var c []sat.Lit
	for v := range k.cell {
		if k.s.Value(v) {
			c = append(c, sat.Neg(v))
		}
	}
	return k.s.Clause(c...)
}

// State writes the model of the last Run into a copy of start, which
// must be the state the search was made from.
func (k *Search) State(start *logic.State) (*logic.State, error) {
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
