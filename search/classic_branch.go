package search

import "math/bits"

// bandTriads returns the triad matrix of band word m.
func bandTriads(m uint32) uint32 {
	return uint32(rowTriads[m&511]) | uint32(rowTriads[m>>9&511])<<3 | uint32(rowTriads[m>>18])<<6
}

// stackTriads returns the triad matrix of stack k of one digit's words.
func stackTriads(m0, m1, m2 uint32, k int) uint32 {
	c0, c1, c2 := columns(m0)>>(3*k)&7, columns(m1)>>(3*k)&7, columns(m2)>>(3*k)&7
	return c0 | c1<<3 | c2<<6
}

// pickPlacement picks a digit and a band (unit 0..2) or stack (unit 3..5)
// where the digit has few placements left, in the unit with the fewest
// placements in all, and returns them with the placements as a mask of
// permMasks indices; ok is false when every digit has one placement in
// every unit.
func (s *classicState) pickPlacement() (unit, d int, alts uint32, ok bool) {
	var count [6][9]uint8
	best, bestN := -1, 1000
	for b := range 3 {
		n := 0
		for e := range 9 {
			c := uint8(bits.OnesCount8(placements[bandTriads(s.cand[b][e])]))
			count[b][e] = c
			n += int(c)
		}
		if n > 9 && n < bestN {
			best, bestN = b, n
		}
	}
	for k := range 3 {
		n := 0
		for e := range 9 {
			c := uint8(bits.OnesCount8(placements[stackTriads(s.cand[0][e], s.cand[1][e], s.cand[2][e], k)]))
			count[3+k][e] = c
			n += int(c)
		}
		if n > 9 && n < bestN {
			best, bestN = 3+k, n
		}
	}
	if best < 0 {
		return 0, 0, 0, false
	}
	bd, bn := 0, uint8(100)
	for e := range 9 {
		if c := count[best][e]; c > 1 && c < bn {
			bd, bn = e, c
			if c == 2 {
				break
			}
		}
	}
	var t uint32
	if best < 3 {
		t = bandTriads(s.cand[best][bd])
	} else {
		t = stackTriads(s.cand[0][bd], s.cand[1][bd], s.cand[2][bd], best-3)
	}
	return best, bd, uint32(placements[t]), true
}

// restrict keeps digit d in unit (0..2 a band, 3..5 a stack) to
// placement k.
func (s *classicState) restrict(unit, d, k int) {
	pm := uint32(permMasks[k])
	if unit < 3 {
		s.cand[unit][d] &= triadCells[pm]
		s.dirty |= 1 << (3*d + unit)
		return
	}
	st := unit - 3
	other := uint32(511) &^ (7 << (3 * st))
	for i := range 3 {
		s.cand[i][d] &= spread(other | (pm>>(3*i)&7)<<(3*st))
	}
	s.dirty |= 7 << (3 * d)
}
