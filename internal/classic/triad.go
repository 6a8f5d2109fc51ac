package classic

import "math/bits"

// The triad rule: the three cells of a row (or a column) in one box, a
// triad, hold three different digits. So a triad where only three digits
// can go holds those three, which leaves them no place elsewhere in its row
// (column) and box; and a triad that three digits must take (every
// placement of each left in its band, or stack, uses the triad) holds no
// other digit. It runs on the horizontal triads of the three bands and on
// the vertical triads of the three stacks at once, one 9-bit triad matrix
// per unit packed in a word.

var (
	// mustTriads maps a triad matrix of one digit to the triads that
	// every placement it contains uses.
	mustTriads [512]uint16
	// withTriads maps a triad matrix to the placements (bit k for
	// permMasks[k]) that use all of its triads.
	withTriads [512]uint8
	// placementUnion maps a set of placements to the triads they use.
	placementUnion [64]uint16
	// placementCount maps a triad matrix to the number of placements it
	// contains.
	placementCount [512]uint8
)

// initTriads fills the tables of the triad rule; it needs permMasks and
// placements.
func initTriads() {
	for p := range 64 {
		for k, m := range permMasks {
			if p>>k&1 != 0 {
				placementUnion[p] |= m
			}
		}
	}
	for x := range 512 {
		all := uint16(511)
		for k, m := range permMasks {
			if uint16(x)&m == m {
				all &= m
			}
			if m&uint16(x) == uint16(x) {
				withTriads[x] |= 1 << k
			}
		}
		if placements[x] == 0 {
			all = 0
		}
		mustTriads[x] = all
		placementCount[x] = uint8(bits.OnesCount8(placements[x]))
	}
}

// stackMatrices returns the vertical triad matrices of one digit's band
// words, that of stack k at bits 9k..9k+8 (bit 3i+j of a matrix: band i,
// column j of the stack).
func stackMatrices(m0, m1, m2 uint32) uint32 {
	c0, c1, c2 := columns(m0), columns(m1), columns(m2)
	return c0&7 | (c1&7)<<3 | (c2&7)<<6 |
		(c0>>3&7)<<9 | (c1>>3&7)<<12 | (c2>>3&7)<<15 |
		(c0>>6)<<18 | (c1>>6)<<21 | (c2>>6)<<24
}

// bandMatrices returns the horizontal triad matrices of one digit's band
// words, that of band b at bits 9b..9b+8.
func bandMatrices(m0, m1, m2 uint32) uint32 {
	return bandTriads(m0) | bandTriads(m1)<<9 | bandTriads(m2)<<18
}

// triadSolve works out the triad rule on the packed matrices t of the nine
// digits (three units each), in place. It reports whether it changed any,
// and false on a contradiction, with the units (bit u) where it was found.
func triadSolve(t *[9]uint32) (changed bool, bad uint32, ok bool) {
	var ones, twos, threes, fours uint32
	for _, x := range t {
		fours |= threes & x
		threes |= twos & x
		twos |= ones & x
		ones |= x
	}
	if threes != fullBand {
		return false, unitsOf(^threes & fullBand), false
	}
	// eq3: the triads where exactly three digits can go, which must.
	eq3 := threes &^ fours
	var must [9]uint32
	var m1, m2, m3, m4 uint32
	for d, x := range t {
		m := uint32(mustTriads[x&511]) | uint32(mustTriads[x>>9&511])<<9 | uint32(mustTriads[x>>18])<<18
		must[d] = m
		m |= x & eq3
		m4 |= m3 & m
		m3 |= m2 & m
		m2 |= m1 & m
		m1 |= m
	}
	if m4 != 0 {
		return false, unitsOf(m4), false
	}
	for d, x := range t {
		known := must[d]
		m := known | x&eq3
		if x&m3&^m == 0 && m == known {
			continue
		}
		x &^= m3 &^ m
		var y uint32
		for u := uint32(0); u < 27; u += 9 {
			y |= uint32(placementUnion[placements[x>>u&511]&withTriads[m>>u&511]]) << u
		}
		if bad := 7 &^ unitsOf(y); bad != 0 {
			return false, bad, false
		}
		if y != t[d] {
			t[d] = y
			changed = true
		}
	}
	return changed, 0, true
}

// unitsOf returns the units (bit u for bits 9u..9u+8) where x has a bit.
func unitsOf(x uint32) uint32 {
	var u uint32
	if x&511 != 0 {
		u |= 1
	}
	if x>>9&511 != 0 {
		u |= 2
	}
	if x>>18 != 0 {
		u |= 4
	}
	return u
}

// triadMatrices holds the triad matrices of each digit of a state, three
// units packed in a word (see bandMatrices and stackMatrices), as the
// triad rule leaves them when it changes nothing: pickPlacement, which
// branches on the state next, reads them instead of working them out again.
type triadMatrices struct {
	bands, stacks [9]uint32
	valid         bool // they are those of the state propagate last left
}

// triads applies the triad rule once to the bands, and when that changes
// nothing, to the stacks; then it keeps the matrices in tm. It reports
// whether it removed any candidate, and false on a contradiction.
func (s *State) triads(tm *triadMatrices) (changed, ok bool) {
	var t [9]uint32
	for d := range 9 {
		t[d] = bandMatrices(s.cand[0][d], s.cand[1][d], s.cand[2][d])
	}
	changed, bad, ok := triadSolve(&t)
	if !ok {
		s.why = unitHouses(bad, &bandHouses)
		return false, false
	}
	if changed {
		for d, y := range t {
			for b := range 3 {
				if n := s.cand[b][d] & triadCells[y>>(9*b)&511]; n != s.cand[b][d] {
					s.cand[b][d] = n
					s.dirty |= 1 << (3*d + b)
				}
			}
		}
		return true, true
	}
	tm.bands = t
	for d := range 9 {
		t[d] = stackMatrices(s.cand[0][d], s.cand[1][d], s.cand[2][d])
	}
	changed, bad, ok = triadSolve(&t)
	if !ok {
		s.why = unitHouses(bad, &stackHouses)
		return false, false
	}
	if changed {
		for d, y := range t {
			// Back from stack matrices to the columns each band keeps.
			c0 := y&7 | (y>>9&7)<<3 | (y>>18&7)<<6
			c1 := y>>3&7 | (y>>12&7)<<3 | (y>>21&7)<<6
			c2 := y>>6&7 | (y>>15&7)<<3 | (y>>24&7)<<6
			for b, c := range [3]uint32{c0, c1, c2} {
				if n := s.cand[b][d] & spread(c); n != s.cand[b][d] {
					s.cand[b][d] = n
					s.dirty |= 1 << (3*d + b)
				}
			}
		}
		return true, true
	}
	tm.stacks, tm.valid = t, true
	return false, true
}

// unitHouses returns the houses of the units (bit u for unit u) in bad.
func unitHouses(bad uint32, houses *[3]uint32) uint32 {
	var why uint32
	for u := range 3 {
		if bad>>u&1 != 0 {
			why |= houses[u]
		}
	}
	return why
}
