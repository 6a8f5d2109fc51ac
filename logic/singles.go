package logic

import (
	"math/bits"

	"github.com/cubedoku/cubedoku/sudoku"
)

func findNakedSingle(s *State) (Step, bool) {
	for c, m := range s.cand {
		if s.value[c] != 0 || m&(m-1) != 0 || m == 0 {
			continue
		}
		d := bits.TrailingZeros64(m) + 1
		w := s.words()
		return Step{
			Rule:   NakedSingle,
			Area:   w.cell(c),
			Cells:  []int{c},
			Digits: []int{d},
			Place:  []Placement{{c, d}},
			Text:   stepText(NakedSingle, "cell", w.cell(c), "digit", w.digit(d)),
		}, true
	}
	return Step{}, false
}

func findHiddenSingle(s *State) (Step, bool) {
	for _, u := range s.t.Houses {
		open := s.all &^ s.placed[u]
		for ; open != 0; open &= open - 1 {
			e := bits.TrailingZeros64(open)
			if s.count[u*s.n+e] != 1 {
				continue
			}
			bit := uint64(1) << uint(e)
			for _, c := range s.t.UnitCells[u] {
				if s.cand[c]&bit == 0 {
					continue
				}
				d, w := e+1, s.words()
				return Step{
					Rule:   HiddenSingle,
					Area:   w.unit(u),
					Houses: []int{u},
					Cells:  []int{c},
					Digits: []int{d},
					Place:  []Placement{{c, d}},
					Text:   stepText(HiddenSingle, "house", w.unit(u), "cell", w.cell(c), "digit", w.digit(d)),
				}, true
			}
		}
	}
	return Step{}, false
}

func findLocked(s *State) (Step, bool) {
	t := tablesOf(s.g)
	for _, o := range t.overlaps {
		open := s.all &^ (s.placed[o.from] | s.placed[o.to])
		if open == 0 {
			continue
		}
		// The digits with a place in the shared cells and none in the
		// rest of from, that the rest of to still holds. A placed cell
		// holds only its digit, which open leaves out.
		locked := s.candsOf(o.shared) & open
		if locked == 0 {
			continue
		}
		if locked &^= s.candsOf(o.fromRest); locked == 0 {
			continue
		}
		if locked &= s.candsOf(o.toRest); locked != 0 {
			e := bits.TrailingZeros64(locked)
			bit := uint64(1) << uint(e)
			rem := s.removals(o.toRest, bit, nil)
			var cells []int
			for _, c := range o.shared {
				if s.value[c] == 0 && s.cand[c]&bit != 0 {
					cells = append(cells, c)
				}
			}
			st := Step{Rule: LockedCandidates, Houses: []int{o.from, o.to}, Cells: cells, Digits: []int{e + 1}, Remove: rem}
			if s.quiet {
				return st, true
			}
			w := s.words()
			kind := ""
			switch {
			case s.g.UnitKind(o.from) == sudoku.Box:
				kind = " (pointing)"
			case s.g.UnitKind(o.to) == sudoku.Box:
				kind = " (claiming)"
			}
			st.Area = w.unit(o.from)
			st.Text = stepText(LockedCandidates, "kind", kind, "from", w.unit(o.from), "to", w.unit(o.to),
				"digit", w.digit(e+1), "cells", w.cells(cells), "removals", w.removals(rem))
			return st, true
		}
	}
	return Step{}, false
}

// candsOf returns the union of the candidates of cells.
func (s *State) candsOf(cells []int) uint64 {
	var m uint64
	for _, c := range cells {
		m |= s.cand[c]
	}
	return m
}

// inUnit reports whether cell c is in unit u.
func inUnit(s *State, u, c int) bool {
	for _, v := range s.t.CellUnits[c] {
		if v == u {
			return true
		}
	}
	return false
}
