// Package alldiff filters the candidates of a search state by the
// all-different rule of each house in full (Régin's filtering).
package alldiff

import (
	"math/bits"

	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/logic"
)

// Filter filters the candidates of a state by the all-different rule of
// each house in full (Régin's filtering): a house's open cells must take
// its missing digits one each, so a candidate that no such matching uses
// can go. It finds every naked and hidden subset of every size at once
// (a set of k cells with k digits between them, or k digits with k cells
// between them), which singles and pairs see only in part.
//
// For one house it finds a matching of the open cells to the missing
// digits, then the strongly connected components of the graph with an
// edge from cell i to cell j when j's matched digit is a candidate of i:
// the candidate digit of j stays in i exactly when i and j share a
// component (a digit can move from j to i only along a cycle of such
// moves), or when j can hand its digit on, along such edges, to a cell
// with a digit no cell is matched to.
type Filter struct {
	// sig holds, for each house, a hash of its cells' candidates when it
	// was last filtered: the filter depends on them alone, so a house
	// whose hash has not changed has nothing to lose. (A collision can
	// only miss a removal, never make a wrong one.)
	sig    []uint64
	units  [][]int // the cells of each house
	houses []int

	// Scratch space for one house, indexed by the house's open cells.
	cell  [64]int    // board index
	dom   [64]uint64 // candidates
	match [64]int8   // digit index matched to the cell
	owner [64]int8   // cell matched to each digit index, -1 for none
	adj   [64]uint64 // the cells each cell's candidates lead to
	radj  [64]uint64 // the cells that lead to each cell
	keep  [64]uint64 // the digits matched in each cell's component
	seen  uint64     // digits visited by an augmenting search
}

// New returns the filter for the houses of s's geometry. A filter keeps
// what it learnt of the houses between calls of Reduce, so it serves one
// goroutine's search.
func New(s *logic.State) *Filter {
	t := geomtab.Of(s.Geometry())
	return &Filter{units: t.UnitCells, houses: t.Houses, sig: make([]uint64, len(t.UnitCells))}
}

// Reduce filters s house by house, propagating singles after each house
// that lost candidates, until no house loses any. It returns
// ErrContradiction (from logic) when a house has no matching left.
func (h *Filter) Reduce(s *logic.State) error {
	for {
		changed := false
		for _, u := range h.houses {
			lost, err := h.house(s, u)
			if err != nil {
				return err
			}
			if lost {
				changed = true
				if err := s.Propagate(); err != nil {
					return err
				}
			}
		}
		if !changed || s.Left() == 0 {
			return nil
		}
	}
}

// house filters one house, reporting whether it removed a candidate.
func (h *Filter) house(s *logic.State, u int) (bool, error) {
	k := 0
	var missing uint64
	sig := uint64(len(h.units[u]))
	for _, c := range h.units[u] {
		m := s.Candidates(c)
		sig = (sig ^ m) * sigPrime
		if m&(m-1) != 0 {
			h.cell[k], h.dom[k] = c, m
			missing |= m
			k++
		}
	}
	if k <= 2 || sig == h.sig[u] {
		// Two open cells hide no subset that singles miss; an unchanged
		// house has nothing more to lose.
		return false, nil
	}
	if bits.OnesCount64(missing) < k {
		return false, s.Eliminate(h.cell[0], h.dom[0]) // a contradiction
	}
	// A matching: greedy first, then augmenting paths.
	for m := missing; m != 0; m &= m - 1 {
		h.owner[bits.TrailingZeros64(m)] = -1
	}
	var used uint64
	for i := range k {
		if free := h.dom[i] &^ used; free != 0 {
			d := int8(bits.TrailingZeros64(free))
			h.match[i], h.owner[d] = d, int8(i)
			used |= 1 << uint(d)
		} else {
			h.match[i] = -1
		}
	}
	for i := range k {
		if h.match[i] < 0 {
			h.seen = 0
			if !h.augment(i) {
				// No matching: the house cannot be completed.
				return false, s.Eliminate(h.cell[i], h.dom[i])
			}
		}
	}
	// The graph between cells, and its components.
	for i := range k {
		h.radj[i] = 0
	}
	// A digit no cell is matched to (when the open cells have more
	// digits between them than there are cells: a cell left with one
	// candidate but not placed yet is not counted) is one any of its
	// cells may take, and a cell that can pass its digit on to such a
	// cell, along a chain of moves, may give it up.
	used = 0
	for i := range k {
		used |= 1 << uint(h.match[i])
	}
	free := missing &^ used
	var freeing uint64 // cells with a free digit
	for i := range k {
		var a uint64
		for m := h.dom[i] &^ (1 << uint(h.match[i])) &^ free; m != 0; m &= m - 1 {
			j := h.owner[bits.TrailingZeros64(m)]
			a |= 1 << uint(j)
			h.radj[j] |= 1 << uint(i)
		}
		h.adj[i] = a
		if h.dom[i]&free != 0 {
			freeing |= 1 << uint(i)
		}
	}
	h.components(k)
	if freeing != 0 {
		// The cells that reach a cell with a free digit.
		var yielding uint64
		for todo := freeing; todo != 0; {
			x := bits.TrailingZeros64(todo)
			todo &= todo - 1
			n := h.radj[x] &^ freeing &^ yielding
			yielding |= n
			todo |= n
		}
		yielding |= freeing
		keep := free
		for m := yielding; m != 0; m &= m - 1 {
			keep |= 1 << uint(h.match[bits.TrailingZeros64(m)])
		}
		for i := range k {
			h.keep[i] |= keep
		}
	}
	lost := false
	for i := range k {
		if gone := h.dom[i] &^ h.keep[i]; gone != 0 {
			if s.Candidates(h.cell[i])&gone == 0 {
				continue // already gone by propagation from an earlier one
			}
			if err := s.Eliminate(h.cell[i], gone); err != nil {
				return true, err
			}
			lost = true
		}
	}
	if lost {
		// The house is at its fixpoint now, with fewer candidates.
		sig = uint64(len(h.units[u]))
		for _, c := range h.units[u] {
			sig = (sig ^ s.Candidates(c)) * sigPrime
		}
	}
	h.sig[u] = sig
	return lost, nil
}

// sigPrime is the multiplier of the houses' hashes (FNV-1's 64-bit prime).
const sigPrime = 0x100000001b3

// augment looks for an augmenting path from open cell i, and flips it.
func (h *Filter) augment(i int) bool {
	for m := h.dom[i] &^ h.seen; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m)
		if h.seen&(1<<uint(d)) != 0 {
			continue
		}
		h.seen |= 1 << uint(d)
		if o := h.owner[d]; o < 0 || h.augment(int(o)) {
			h.match[i], h.owner[d] = int8(d), int8(i)
			return true
		}
	}
	return false
}

// components sets keep for the k cells of the graph of adj and radj:
// the component of a cell is the cells it reaches that reach it back.
func (h *Filter) components(k int) {
	rest := uint64(1)<<uint(k) - 1
	if k == 64 {
		rest = ^uint64(0)
	}
	for rest != 0 {
		v := bits.TrailingZeros64(rest)
		comp := reach(&h.adj, v, rest) & reach(&h.radj, v, rest)
		var digits uint64
		for m := comp; m != 0; m &= m - 1 {
			digits |= 1 << uint(h.match[bits.TrailingZeros64(m)])
		}
		for m := comp; m != 0; m &= m - 1 {
			h.keep[bits.TrailingZeros64(m)] = digits
		}
		rest &^= comp
	}
}

// reach returns the cells of within that v reaches in the graph of adj.
func reach(adj *[64]uint64, v int, within uint64) uint64 {
	seen := uint64(1) << uint(v)
	for todo := seen; todo != 0; {
		x := bits.TrailingZeros64(todo)
		todo &= todo - 1
		n := adj[x] & within &^ seen
		seen |= n
		todo |= n
	}
	return seen
}
