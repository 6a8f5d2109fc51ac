package classic

// bandTriads returns the triad matrix of band word m.
func bandTriads(m uint32) uint32 {
	return uint32(rowTriads[m&511]) | uint32(rowTriads[m>>9&511])<<3 | uint32(rowTriads[m>>18])<<6
}

// pickPlacement picks a digit and a band (unit 0..2) or stack (unit 3..5)
// where the digit has few placements left, in the unit with the fewest
// placements in all, and returns them with the placements as a mask of
// permMasks indices; ok is false when every digit has one placement in
// every unit. It looks at the digits in the order of slots, the words
// of digits 1 to 9 (see searcher.label).
func (s *State) pickPlacement(tm *triadMatrices, slots *[9]uint8) (unit, d int, alts uint32, ok bool) {
	// The triad matrices of each digit, three units packed in a word.
	if !tm.valid {
		for e := range 9 {
			m0, m1, m2 := s.cand[0][e], s.cand[1][e], s.cand[2][e]
			tm.bands[e], tm.stacks[e] = bandMatrices(m0, m1, m2), stackMatrices(m0, m1, m2)
		}
	}
	bm, sm := &tm.bands, &tm.stacks
	var n [6]int
	for e := range 9 {
		b, k := bm[e], sm[e]
		n[0] += int(placementCount[b&511])
		n[1] += int(placementCount[b>>9&511])
		n[2] += int(placementCount[b>>18])
		n[3] += int(placementCount[k&511])
		n[4] += int(placementCount[k>>9&511])
		n[5] += int(placementCount[k>>18])
	}
	best, bestN := -1, 1000
	for u, c := range n {
		if c > 9 && c < bestN {
			best, bestN = u, c
		}
	}
	if best < 0 {
		return 0, 0, 0, false
	}
	mats, shift := bm, 9*best
	if best >= 3 {
		mats, shift = sm, 9*(best-3)
	}
	bd, bn := 0, uint8(100)
	for _, k := range slots {
		e := int(k)
		if c := placementCount[mats[e]>>shift&511]; c > 1 && c < bn {
			bd, bn = e, c
			if c == 2 {
				break
			}
		}
	}
	return best, bd, uint32(placements[mats[bd]>>shift&511]), true
}

// restrict keeps digit d in unit (0..2 a band, 3..5 a stack) to
// placement k.
func (s *State) restrict(unit, d, k int) {
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
