package logic

import "math/bits"

// rectangles calls fn on every rectangle of open cells a, b, c, d where
// a and b hold only the same two digits xy and see each other, and c and
// d hold both (and maybe more): [State.rectanglesFrom] with its pair. On
// a classic board that is two rows, two columns and two boxes; on any
// geometry it is the test on units. It stops, and returns true, when fn
// returns true.
func (s *State) rectangles(fn func(a, b, c, d int, xy uint64) bool) bool {
	return s.rectanglesFrom(true, fn)
}

// findUniqueRectangle2 finds a rectangle (see [State.rectangles]) whose
// two cells c and d beyond the bivalue pair both hold x, y and the same
// one extra digit z (type 2). Were neither z, all four would hold only x
// and y, which could swap; so c or d is z, and z leaves every cell that
// sees both.
func findUniqueRectangle2(s *State) (Step, bool) {
	var st Step
	found := s.rectangles(func(a, b, c, d int, xy uint64) bool {
		if s.cand[c] != s.cand[d] || bits.OnesCount64(s.cand[c]) != 3 {
			return false
		}
		z := s.cand[c] &^ xy
		rem := s.seenByAll(z, c, d)
		if len(rem) == 0 {
			return false
		}
		w := s.words()
		cells := []int{a, b, c, d}
		area := w.cells([]int{c, d})
		if h := s.sharedHouse(c, d); h >= 0 {
			area = w.unit(h)
		}
		st = Step{
			Rule:   UniqueRectangle2,
			Area:   area,
			Cells:  cells,
			Digits: digitList(xy | z),
			Remove: rem,
			Text: stepText(UniqueRectangle2, "cells", w.cells(cells), "either", w.either(xy), "c", w.cell(c), "d", w.cell(d),
				"z", w.digit(bits.TrailingZeros64(z)+1), "removals", w.removals(rem)),
		}
		return true
	})
	return st, found
}

// findUniqueRectangle3 finds a rectangle (see [State.rectangles]) whose
// two cells c and d beyond the bivalue pair hold, besides x and y, two
// extra digits in all, and share a house with a cell p holding only those
// two (type 3 with a naked pair). One of c and d holds an extra digit, or
// all four would hold only x and y, which could swap; so c and d act as
// one cell of the two extra digits, and with p they make a naked pair in
// the house: the extra digits leave its other cells.
func findUniqueRectangle3(s *State) (Step, bool) {
	var st Step
	found := s.rectangles(func(a, b, c, d int, xy uint64) bool {
		extra := (s.cand[c] | s.cand[d]) &^ xy
		if s.cand[c] == xy || s.cand[d] == xy || bits.OnesCount64(extra) != 2 {
			return false
		}
		for _, h := range s.t.CellHouses[c] {
			if !inUnit(s, h, d) {
				continue
			}
			for _, p := range s.t.UnitCells[h] {
				if p == c || p == d || s.value[p] != 0 || s.cand[p] != extra {
					continue
				}
				rem := s.removals(s.t.UnitCells[h], extra, func(o int) bool { return o == c || o == d || o == p })
				if len(rem) == 0 {
					continue
				}
				w := s.words()
				cells := []int{a, b, c, d}
				st = Step{
					Rule:   UniqueRectangle3,
					Area:   w.unit(h),
					Houses: []int{h},
					Cells:  append(cells, p),
					Digits: digitList(xy | extra),
					Remove: rem,
					Text: stepText(UniqueRectangle3, "cells", w.cells(cells), "either", w.either(xy), "house", w.unit(h),
						"c", w.cell(c), "d", w.cell(d), "p", w.cell(p), "extra", w.either(extra), "removals", w.removals(rem)),
				}
				return true
			}
		}
		return false
	})
	return st, found
}

// findUniqueRectangle4 finds a rectangle (see [State.rectangles]) whose
// two cells c and d beyond the bivalue pair both hold more than x and y,
// where x has no place but c and d in a house holding both (type 4): one
// of them is x, so neither can be y, or all four would hold only x and
// y, which could swap. y leaves c and d.
func findUniqueRectangle4(s *State) (Step, bool) {
	var st Step
	found := s.rectangles(func(a, b, c, d int, xy uint64) bool {
		if s.cand[c] == xy || s.cand[d] == xy {
			return false
		}
		for _, h := range s.t.CellHouses[c] {
			if !inUnit(s, h, d) {
				continue
			}
			// One of c and d is x, as x has no other place in h.
			for xs := xy; xs != 0; xs &= xs - 1 {
				e := bits.TrailingZeros64(xs)
				if s.count[h*s.n+e] != 2 {
					continue
				}
				x, y := uint64(1)<<uint(e), xy&^(uint64(1)<<uint(e))
				w := s.words()
				cells := []int{a, b, c, d}
				rem := s.removals([]int{c, d}, y, nil)
				st = Step{
					Rule:   UniqueRectangle4,
					Area:   w.unit(h),
					Houses: []int{h},
					Cells:  cells,
					Digits: digitList(xy),
					Remove: rem,
					Text: stepText(UniqueRectangle4, "cells", w.cells(cells), "either", w.either(xy), "house", w.unit(h),
						"c", w.cell(c), "d", w.cell(d), "x", w.digits(x), "y", w.digits(y), "removals", w.removals(rem)),
				}
				return true
			}
		}
		return false
	})
	return st, found
}

// sharedHouse returns the first house holding cells a and b, which see
// each other through one.
func (s *State) sharedHouse(a, b int) int {
	for _, h := range s.t.CellHouses[a] {
		if inUnit(s, h, b) {
			return h
		}
	}
	return -1
}

// findBUG2 finds a bivalue universal grave of type 2: every open cell
// holds two candidates but two or more, which hold three, the same extra
// digit z among them; without z in those, every digit not yet placed in
// a house would have exactly two places there. Such a grave has no
// solution or two, so on a puzzle with one solution one of them is z,
// and z leaves every cell that sees them all. Like [BUGPlusOne], it
// needs every unit to be a house.
func findBUG2(s *State) (Step, bool) {
	if !tablesOf(s.g).allHouses {
		return Step{}, false
	}
	var extra []int
	zs := s.all
	for c, m := range s.cand {
		if s.value[c] != 0 {
			continue
		}
		switch bits.OnesCount64(m) {
		case 2:
		case 3:
			extra = append(extra, c)
			zs &= m
		default:
			return Step{}, false
		}
	}
	if len(extra) < 2 {
		return Step{}, false
	}
	for ; zs != 0; zs &= zs - 1 {
		e := bits.TrailingZeros64(zs)
		if !s.graveWithout(extra, func(int) uint64 { return 1 << uint(e) }) {
			continue
		}
		z := uint64(1) << uint(e)
		rem := s.seenByAll(z, extra...)
		if len(rem) == 0 {
			continue
		}
		w := s.words()
		return Step{
			Rule:   BUG2,
			Area:   w.cell(extra[0]),
			Cells:  extra,
			Digits: []int{e + 1},
			Remove: rem,
			Text:   stepText(BUG2, "cells", w.cells(extra), "digit", w.digit(e+1), "removals", w.removals(rem)),
		}, true
	}
	return Step{}, false
}

// graveWithout reports whether every digit not yet placed in a house
// has exactly two places there once each cell extra[i] loses the digits
// of mask digits(i).
func (s *State) graveWithout(extra []int, digits func(i int) uint64) bool {
	lost := make([]int, len(s.placed)*s.n) // [house*n + digit index]
	for i, c := range extra {
		for _, h := range s.t.CellHouses[c] {
			for m := digits(i); m != 0; m &= m - 1 {
				lost[h*s.n+bits.TrailingZeros64(m)]++
			}
		}
	}
	for _, h := range s.t.Houses {
		for open := s.all &^ s.placed[h]; open != 0; open &= open - 1 {
			f := bits.TrailingZeros64(open)
			if int(s.count[h*s.n+f])-lost[h*s.n+f] != 2 {
				return false
			}
		}
	}
	return true
}

// findBUG4 finds a bivalue universal grave of type 4: every open cell
// holds two candidates but two cells c1 and c2 of one house, which hold
// three; without an extra digit e1 in c1 and e2 in c2, every digit left
// in a house would have two places there, and both would hold a digit x,
// whose places in the house would then be c1 and c2 alone. One of them
// holds its extra digit, or the grave would have no solution or two;
// the other is then x. So c1 is e1 or x, c2 is e2 or x, and their third
// candidates go. Like [BUGPlusOne], it needs every unit to be a house.
func findBUG4(s *State) (Step, bool) {
	if !tablesOf(s.g).allHouses {
		return Step{}, false
	}
	var extra []int
	for c, m := range s.cand {
		if s.value[c] != 0 {
			continue
		}
		switch bits.OnesCount64(m) {
		case 2:
		case 3:
			if len(extra) == 2 {
				return Step{}, false
			}
			extra = append(extra, c)
		default:
			return Step{}, false
		}
	}
	if len(extra) != 2 {
		return Step{}, false
	}
	c1, c2 := extra[0], extra[1]
	h := s.sharedHouse(c1, c2)
	if h < 0 {
		return Step{}, false
	}
	for m1 := s.cand[c1]; m1 != 0; m1 &= m1 - 1 {
		e1 := bits.TrailingZeros64(m1)
		for m2 := s.cand[c2]; m2 != 0; m2 &= m2 - 1 {
			e2 := bits.TrailingZeros64(m2)
			x := s.cand[c1] & s.cand[c2] &^ (1<<uint(e1) | 1<<uint(e2))
			if x == 0 || !s.graveWithout(extra, func(i int) uint64 { return 1 << uint([2]int{e1, e2}[i]) }) {
				continue
			}
			x &= -x
			var rem []Removal
			for i, c := range extra {
				keep := x | 1<<uint([2]int{e1, e2}[i])
				if gone := s.cand[c] &^ keep; gone != 0 {
					rem = append(rem, Removal{Cell: c, Digits: digitList(gone)})
				}
			}
			if len(rem) == 0 {
				continue
			}
			w := s.words()
			return Step{
				Rule:   BUG4,
				Area:   w.unit(h),
				Houses: []int{h},
				Cells:  []int{c1, c2},
				Digits: digitList(x | 1<<uint(e1) | 1<<uint(e2)),
				Remove: rem,
				Text: stepText(BUG4, "c1", w.cell(c1), "c2", w.cell(c2), "e1", w.digit(e1+1), "e2", w.digit(e2+1),
					"x", w.digits(x), "house", w.unit(h), "removals", w.removals(rem)),
			}, true
		}
	}
	return Step{}, false
}
