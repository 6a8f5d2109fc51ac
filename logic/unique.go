package logic

import (
	"math/bits"
	"slices"
)

// findUniqueRectangle finds a rectangle (see [State.rectangles]), four
// open cells that could all hold only {x,y} and that every unit meets
// evenly, where only one cell has more candidates. Swapping x and y in
// them would then give a second solution, so on a puzzle with one
// solution that cell cannot be x or y (type 1). Any geometry qualifies:
// the test is on its units.
func findUniqueRectangle(s *State) (Step, bool) {
	var st Step
	found := s.rectangles(func(a, b, c, d int, xy uint64) bool {
		// Exactly one of c and d has more than x and y.
		extra := c
		switch {
		case s.cand[c] == xy && s.cand[d] != xy:
			extra = d
		case s.cand[c] != xy && s.cand[d] == xy:
		default:
			return false
		}
		w := s.words()
		rem := []Removal{{Cell: extra, Digits: digitList(xy)}}
		cells := []int{a, b, c, d}
		st = Step{
			Rule:   UniqueRectangle,
			Area:   w.cell(extra),
			Cells:  cells,
			Digits: digitList(xy),
			Remove: rem,
			Text: stepText(UniqueRectangle, "cells", w.cells(cells), "either", w.either(xy), "extra", w.cell(extra),
				"removals", w.removals(rem)),
		}
		return true
	})
	return st, found
}

// balanced reports whether every unit holds as many of q[0], q[1] as of
// q[2], q[3]: then swapping two digits placed crosswise in them keeps
// every unit whole.
func (s *State) balanced(q [4]int) bool {
	for _, c := range q {
		for _, u := range s.t.CellUnits[c] {
			sum := 0
			for j, o := range q {
				if inUnit(s, u, o) {
					if j < 2 {
						sum++
					} else {
						sum--
					}
				}
			}
			if sum != 0 {
				return false
			}
		}
	}
	return true
}

// findBUG finds a bivalue universal grave plus one: every open cell but
// one holds two candidates and, with one candidate z taken from that cell,
// every digit not yet placed in a house would have exactly two places
// there. Such a grave has no solution or two (each cell can take its other
// digit), so on a puzzle with one solution the extra cell holds z. It
// needs every unit to be a house.
func findBUG(s *State) (Step, bool) {
	if !tablesOf(s.g).allHouses {
		return Step{}, false
	}
	extra := -1
	for c, m := range s.cand {
		if s.value[c] != 0 {
			continue
		}
		switch bits.OnesCount64(m) {
		case 2:
		case 3:
			if extra >= 0 {
				return Step{}, false
			}
			extra = c
		default:
			return Step{}, false
		}
	}
	if extra < 0 {
		return Step{}, false
	}
	houses := s.t.CellHouses[extra]
	for zs := s.cand[extra]; zs != 0; zs &= zs - 1 {
		e := bits.TrailingZeros64(zs)
		ok := true
		for _, h := range s.t.Houses {
			open := s.all &^ s.placed[h]
			for ; open != 0 && ok; open &= open - 1 {
				f := bits.TrailingZeros64(open)
				n := int(s.count[h*s.n+f])
				if f == e && slices.Contains(houses, h) {
					n--
				}
				ok = n == 2
			}
			if !ok {
				break
			}
		}
		if !ok {
			continue
		}
		w := s.words()
		return Step{
			Rule:   BUGPlusOne,
			Area:   w.cell(extra),
			Cells:  []int{extra},
			Digits: []int{e + 1},
			Place:  []Placement{{extra, e + 1}},
			Text:   stepText(BUGPlusOne, "cell", w.cell(extra), "digit", w.digit(e+1)),
		}, true
	}
	return Step{}, false
}
