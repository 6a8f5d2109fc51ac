// Package classic is the search of package search on the classic 9x9
// board: the candidates of each digit are kept as bitboards, one 27-bit
// word per band of three rows, so that the rules below work on a whole
// band of a digit at once, and a guess copies the whole state (124 bytes)
// instead of undoing changes.
//
// In a band word, bit 9*r+c stands for row r of the band (0..2) and column
// c (0..8); the cell of board index x is bit x%27 of band x/27. A placed
// digit keeps its own cell and no other digit has it, so every row, column
// and box of a digit always holds at least one bit while the puzzle is
// solvable, and a placed cell is the only bit of its houses.
//
// Propagation applies, for each digit whose bits changed:
//
//   - the band rule: the nine triads of a band (a row's three cells in one
//     box) must admit a way to put the digit once in each row and once in
//     each box; triads used by none of the six ways are removed. This finds
//     locked candidates (pointing and claiming) along rows, and more;
//   - the stack rule: the same on the vertical triads of a stack of three
//     columns, for locked candidates along columns;
//   - hidden singles: a row, column or box with a single open cell for the
//     digit places it;
//
// and then, across digits, naked singles: a cell with one digit left,
// and last, at the root of a board left wide open and once the search has
// met a dead end, the triad rule: the three cells of a triad hold three
// different digits (see State.triads).
//
// On an amd64 processor with AVX2, all but the triad rule run on the nine
// digits at once, in rounds, in assembly (see vectorPropagate), and a
// board is read, and a solution written, a band of 27 cells at a time
// (vectorLoad, vectorFill); the pure-Go code serves every other processor,
// and builds with the purego tag. The rules only remove candidates, so
// whatever order applies them, they stop at the same state, and the
// search visits the same nodes either way (until it weighs its branching
// by the houses of its dead ends, which the two may name differently).
//
// The search branches on the digits of a cell, or, on a board left wide
// open at the root and once it has met a few dead ends, on the placements
// of one digit in a band or a stack: which of the six ways of putting it
// once in each row (column) and box the digit takes (see
// searcher.choose).
package classic

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"sync"
	"time"

	"github.com/cubedoku/cubedoku/internal/cells"
	"github.com/cubedoku/cubedoku/sudoku"
)

const (
	fullBand = 1<<27 - 1
)

// State is the candidate state of a classic 9x9 board. Its words are
// those of the nine digits in the order the search gives them (see
// searcher.label); below, digit d+1 is that of word d.
type State struct {
	cand [3][9]uint32 // cand[b][d]: cells of band b where digit d+1 may be
	// dirty has bit 3*d+b set when the cells of digit d+1 in band b
	// changed since the digit rules last had nothing more to do with it.
	dirty uint32
	// why holds, after a contradiction, the houses where it was found:
	// bit r for row r, 9+c for column c, 18+x for box x.
	why  uint32
	open [3]uint32 // cells not yet placed, per band
	// stacked holds, for each digit, the columns its cells took in each
	// band (bit 9*b+c for column c of band b) when the stack rule last
	// found nothing to remove: while they are the same, it would find
	// nothing again (see digit).
	stacked [9]uint32
}

var (
	// rowTriads maps the nine bits of one row to its three triads: bit k
	// is set when box k of the row holds a bit.
	rowTriads [512]uint8
	// lineups maps a 3x3 matrix of triads (bit 3*i+j for row i and
	// column j) to the union of the permutation matrices it contains: the
	// triads that some placement of one digit per row and per column of
	// the matrix uses. 0 means no placement exists.
	lineups [512]uint16
	// triadCells maps a set of band triads (bit 3*r+k: row r, box k) to
	// the cells they hold.
	triadCells [512]uint32
	// permMasks are the six placements of one digit in a band (or a
	// stack) as triad matrices: bit 3*i+j for row i (band i) and box j
	// (column j of the stack).
	permMasks [6]uint16
	// placements maps a triad matrix to the placements it contains, bit
	// k for permMasks[k].
	placements [512]uint8
	// keptCells maps the triads of one digit in a band (bit 3*r+k: row r,
	// box k) to the cells of the triads that some placement of the digit
	// in the band uses (the cells of lineups[t]), for bandRule.
	keptCells [512]uint32
	// loneRow maps the nine bits of a row to themselves when at most one
	// is set, else to 0.
	loneRow [512]uint16
	// cellHouses, bandHouses and stackHouses hold the houses (as in
	// State.why) of each cell, of each band's rows and boxes, and
	// of each stack's columns and boxes.
	cellHouses  [81]uint32
	bandHouses  [3]uint32
	stackHouses [3]uint32
	// peers lists, for each cell, the other cells of its row,
	// column and box, as band words.
	peers [81][3]uint32
	// rowsAndBoxes maps a set of band triads (bit 3*r+k: row r, box k)
	// to the cells of their rows and boxes, and triadHouses to how many
	// rows (low four bits) and boxes (high four) they take.
	rowsAndBoxes [512]uint32
	triadHouses  [512]uint8
	// spreadBits maps eight bits to the eight bytes of a word, bit j to
	// bit 0 of byte j.
	spreadBits [256]uint64
)

func init() {
	for x := range 256 {
		for j := range 8 {
			spreadBits[x] |= uint64(x>>j&1) << (8 * j)
		}
	}
	for x := range 512 {
		if x&(x-1) == 0 {
			loneRow[x] = uint16(x)
		}
		for k := range 3 {
			if x>>(3*k)&7 != 0 {
				rowTriads[x] |= 1 << k
			}
			for r := range 3 {
				if x>>(3*r+k)&1 != 0 {
					triadCells[x] |= 7 << (9*r + 3*k)
				}
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for k, p := range perms {
		permMasks[k] = uint16(1<<p[0] | 1<<(3+p[1]) | 1<<(6+p[2]))
	}
	for x := range 512 {
		for k, m := range permMasks {
			if uint16(x)&m == m {
				lineups[x] |= m
				placements[x] |= 1 << k
			}
		}
		keptCells[x] = triadCells[lineups[x]]
		for r := range 3 {
			for k := range 3 {
				if x>>(3*r+k)&1 != 0 {
					rowsAndBoxes[x] |= 511<<(9*r) | triadCells[1<<k|1<<(3+k)|1<<(6+k)]
				}
			}
		}
		rows, boxes := 0, 0
		for i := range 3 {
			if x>>(3*i)&7 != 0 {
				rows++
			}
			if x>>i&(1|1<<3|1<<6) != 0 {
				boxes++
			}
		}
		triadHouses[x] = uint8(rows | boxes<<4)
	}
	for x := range 3 {
		bandHouses[x] = 7<<(3*x) | 7<<(18+3*x)
		stackHouses[x] = 7<<(9+3*x) | (1|1<<3|1<<6)<<(18+x)
	}
	for c := range 81 {
		r, k := c/9, c%9
		cellHouses[c] = 1<<r | 1<<(9+k) | 1<<(18+r/3*3+k/3)
		for p := range 81 {
			pr, pk := p/9, p%9
			if p != c && (pr == r || pk == k || (pr/3 == r/3 && pk/3 == k/3)) {
				peers[c][p/27] |= 1 << (p % 27)
			}
		}
	}
	initTriads()
}

// solved reports whether every cell is placed.
func (s *State) solved() bool {
	return s.open[0]|s.open[1]|s.open[2] == 0
}

// openCells returns how many cells are not yet placed.
func (s *State) openCells() int {
	return bits.OnesCount32(s.open[0]) + bits.OnesCount32(s.open[1]) + bits.OnesCount32(s.open[2])
}

// place puts digit d (0..8) in cell i of band b. It reports false when d
// can no longer go there; placing a digit already placed there does
// nothing.
func (s *State) place(d, b, i int) bool {
	bit := uint32(1) << i
	band := &s.cand[b]
	if band[d]&bit == 0 {
		s.why = cellHouses[27*b+i]
		return false
	}
	if s.open[b]&bit == 0 {
		return true
	}
	s.open[b] &^= bit
	if !useVector { // the vector rules look at every digit
		s.dirty |= 7<<(3*d) | (band[0]>>i&1|(band[1]>>i&1)<<3|(band[2]>>i&1)<<6|
			(band[3]>>i&1)<<9|(band[4]>>i&1)<<12|(band[5]>>i&1)<<15|
			(band[6]>>i&1)<<18|(band[7]>>i&1)<<21|(band[8]>>i&1)<<24)<<b
	}
	band[0] &^= bit
	band[1] &^= bit
	band[2] &^= bit
	band[3] &^= bit
	band[4] &^= bit
	band[5] &^= bit
	band[6] &^= bit
	band[7] &^= bit
	band[8] &^= bit
	p := &peers[27*b+i]
	s.cand[0][d] &^= p[0]
	s.cand[1][d] &^= p[1]
	s.cand[2][d] &^= p[2]
	band[d] |= bit
	return true
}

// load makes s the state of board b's digits, before propagation: what
// placing each digit in turn on an empty board would make, computed a
// digit at a time. It reports false when two equal digits share a house.
// With the vector rules it leaves the cells the digits see, and two in a
// house, to them: it only sets the digits in their cells, every digit in
// every open cell, and dirty to unseen.
func (s *State) load(b *sudoku.Board) bool {
	if useVector {
		var digits [96]uint8
		copy(digits[:], cells.Of(b)[:81])
		vectorLoad(&digits, &s.cand, &s.open)
		s.dirty = unseen
		return true
	}
	// The board's digits bit-sliced, eight cells at a time: bit i of
	// sliced[k] is bit k of cell i's digit. Nothing in it branches on
	// the pattern of the givens, which no processor could predict.
	digits := cells.Of(b)[:81]
	var lo, hi [4]uint64 // cells 0 to 63, and 64 to 80
	for i := 0; i < 64; i += 8 {
		u := binary.LittleEndian.Uint64(digits[i:])
		lo[0] |= gatherBytes(u) << i
		lo[1] |= gatherBytes(u>>1) << i
		lo[2] |= gatherBytes(u>>2) << i
		lo[3] |= gatherBytes(u>>3) << i
	}
	u0, u1 := binary.LittleEndian.Uint64(digits[64:]), binary.LittleEndian.Uint64(digits[72:])
	last := uint64(digits[80])
	for k := range 4 {
		hi[k] = gatherBytes(u0>>k) | gatherBytes(u1>>k)<<8 | (last>>k&1)<<16
	}
	var sliced [4][3]uint32 // per bit, per band
	for k := range 4 {
		sliced[k] = [3]uint32{uint32(lo[k]) & fullBand, uint32(lo[k]>>27) & fullBand, uint32(lo[k]>>54|hi[k]<<10) & fullBand}
	}
	for k := range 3 {
		s.open[k] = fullBand &^ (sliced[0][k] | sliced[1][k] | sliced[2][k] | sliced[3][k])
	}
	for d := range 9 {
		v := uint32(d + 1)
		// The cells of digit v: those whose four bits are v's. A mask
		// of ones where v has a bit keeps a word, of zeros flips it.
		m0, m1, m2, m3 := v&1-1, v>>1&1-1, v>>2&1-1, v>>3&1-1
		g0 := fullBand & (sliced[0][0] ^ m0) & (sliced[1][0] ^ m1) & (sliced[2][0] ^ m2) & (sliced[3][0] ^ m3)
		g1 := fullBand & (sliced[0][1] ^ m0) & (sliced[1][1] ^ m1) & (sliced[2][1] ^ m2) & (sliced[3][1] ^ m3)
		g2 := fullBand & (sliced[0][2] ^ m0) & (sliced[1][2] ^ m1) & (sliced[2][2] ^ m2) & (sliced[3][2] ^ m3)
		// No two in a house: as many rows, boxes and columns hold them
		// as there are.
		t0, t1, t2 := bandTriads(g0), bandTriads(g1), bandTriads(g2)
		n0, n1, n2 := bits.OnesCount32(g0), bits.OnesCount32(g1), bits.OnesCount32(g2)
		c0, c1, c2 := columns(g0), columns(g1), columns(g2)
		if int(triadHouses[t0]) != n0*0x11 || int(triadHouses[t1]) != n1*0x11 || int(triadHouses[t2]) != n2*0x11 ||
			bits.OnesCount32(c0|c1|c2) != n0+n1+n2 {
			return false
		}
		// The cells the givens see: their rows and boxes, and their
		// columns in every band.
		seen := spread(c0 | c1 | c2)
		s.cand[0][d] = s.open[0]&^(seen|rowsAndBoxes[t0]) | g0
		s.cand[1][d] = s.open[1]&^(seen|rowsAndBoxes[t1]) | g1
		s.cand[2][d] = s.open[2]&^(seen|rowsAndBoxes[t2]) | g2
	}
	s.dirty = 1<<27 - 1
	return true
}

// unseen is State.dirty when load has left the cells the placed digits
// see, and what two placed digits in a house contradict, to the vector
// rules (see vectorPropagate).
const unseen = 1 << 31

// gatherBytes returns bit 0 of each byte of u, byte j's as bit j. The
// product moves byte j's bit to bit 56+j, and no two of its terms meet.
func gatherBytes(u uint64) uint64 {
	return (u & 0x0101010101010101) * 0x0102040810204080 >> 56
}

// narrow removes from each empty cell c of b the digits that marks[c]
// does not hold, unless it holds none (see WithMarks); word k holds digit
// label[k]+1.
func (s *State) narrow(b *sudoku.Board, marks []uint64, label *[9]uint8) {
	for c, m := range marks {
		if m&(1<<9-1) == 0 || b.Get(c) != 0 {
			continue
		}
		bit := uint32(1) << (c % 27)
		for d := range 9 {
			if m>>label[d]&1 == 0 && s.cand[c/27][d]&bit != 0 {
				s.cand[c/27][d] &^= bit
				s.dirty |= 1 << (3*d + c/27)
			}
		}
	}
}

// propagate applies the rules until none changes anything, the triad rule
// (see triads) last, once, and only when tm is not nil; tm then keeps the
// triad matrices if the rule found nothing. It reports false on a
// contradiction.
func (s *State) propagate(tm *triadMatrices) bool {
	if tm != nil {
		tm.valid = false
	}
	for {
		if !s.singles() {
			return false
		}
		if tm == nil || s.solved() {
			return true
		}
		changed, ok := s.triads(tm)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
		// Once per call: what it finds is propagated, but the rule
		// itself does not run again, which on the hardest puzzles costs
		// more than the nodes it would save.
		tm = nil
	}
}

// useVector is whether singles runs vectorPropagate, where the processor
// has it; tests turn it off to check one against the other.
var useVector = hasVector

// singles applies the digit rules (see digit) and naked singles until
// they change nothing. It reports false on a contradiction.
func (s *State) singles() bool {
	if useVector {
		return s.vectorSingles()
	}
	for {
		for s.dirty != 0 {
			d := bits.TrailingZeros32(s.dirty) / 3
			changed := s.dirty >> (3 * d) & 7
			s.dirty &^= 7 << (3 * d)
			if !s.digit(d, changed) {
				return false
			}
		}
		progress, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if !progress {
			return true
		}
	}
}

// vectorSingles is singles on all nine digits at once (see
// vectorPropagate).
func (s *State) vectorSingles() bool {
	placed := s.dirty&unseen != 0
	s.dirty = 0
	r := vectorPropagate(&s.cand, &s.open, placed)
	if r > 0 {
		return true
	}
	s.vectorWhy(r)
	return false
}

// vectorWhy sets why after vectorPropagate returned r for a
// contradiction, from the state where its rounds stopped: the bands where
// a digit has no cell left, or the first cell without a digit, or placed
// with two.
func (s *State) vectorWhy(r int) {
	s.why = 0
	for b := range s.cand {
		ones, twos := onesTwos(&s.cand[b])
		switch {
		case r == -1:
			for _, w := range s.cand[b] {
				if w == 0 {
					s.why |= bandHouses[b]
					break
				}
			}
		case ones != fullBand && s.why == 0:
			s.why = cellHouses[27*b+bits.TrailingZeros32(^ones&fullBand)]
		case twos&^s.open[b] != 0 && s.why == 0:
			s.why = cellHouses[27*b+bits.TrailingZeros32(twos&^s.open[b])]
		}
	}
}

// bandRule applies the band rule to band word m of one digit, returning
// the word left, 0 when the digit has no place in some row or box.
func bandRule(m uint32) uint32 {
	return m & keptCells[bandTriads(m)]
}

// columns returns the columns of band word m that hold a bit.
func columns(m uint32) uint32 { return (m | m>>9 | m>>18) & 511 }

// spread returns the cells of a band in the columns of col.
func spread(col uint32) uint32 { return col | col<<9 | col<<18 }

// rowSingles returns the cells of band word m that are alone in their row.
func rowSingles(m uint32) uint32 {
	return uint32(loneRow[m&511]) | uint32(loneRow[m>>9&511])<<9 | uint32(loneRow[m>>18])<<18
}

// emptyHouses returns the houses of the bands (or stacks) whose word is
// 0, for State.why.
func emptyHouses(words [3]uint32, houses *[3]uint32) uint32 {
	var why uint32
	for i, w := range words {
		if w == 0 {
			why |= houses[i]
		}
	}
	return why
}

// digit applies the band rule, the stack rule and hidden singles to digit
// d until they change nothing; changed holds bit b when band b of the
// digit changed since they last did (the band rule needs to run on those
// bands only). It reports false on a contradiction.
func (s *State) digit(d int, changed uint32) bool {
	m0, m1, m2 := s.cand[0][d], s.cand[1][d], s.cand[2][d]
	if m0&s.open[0]|m1&s.open[1]|m2&s.open[2] == 0 {
		// No open cell left for the digit: it must be placed in all
		// nine rows, or a band has lost it.
		if bits.OnesCount32(m0)+bits.OnesCount32(m1)+bits.OnesCount32(m2) != 9 {
			s.why = bandHouses[0] | bandHouses[1] | bandHouses[2]
			return false
		}
		return true
	}
	for {
		if changed&1 != 0 {
			m0 = bandRule(m0)
		}
		if changed&2 != 0 {
			m1 = bandRule(m1)
		}
		if changed&4 != 0 {
			m2 = bandRule(m2)
		}
		if m0 == 0 || m1 == 0 || m2 == 0 {
			s.why = emptyHouses([3]uint32{m0, m1, m2}, &bandHouses)
			return false
		}
		// The stack rule, on the columns of each stack in each band. It
		// depends on those columns alone, so while they are those it
		// last left as they were, it has nothing to remove: their cells
		// have only shrunk since.
		c0, c1, c2 := columns(m0), columns(m1), columns(m2)
		n0, n1, n2 := m0, m1, m2
		if cols := c0 | c1<<9 | c2<<18; cols != s.stacked[d] {
			a0 := uint32(lineups[c0&7|(c1&7)<<3|(c2&7)<<6])
			a1 := uint32(lineups[c0>>3&7|(c1>>3&7)<<3|(c2>>3&7)<<6])
			a2 := uint32(lineups[c0>>6|(c1>>6)<<3|(c2>>6)<<6])
			if a0 == 0 || a1 == 0 || a2 == 0 {
				s.why = emptyHouses([3]uint32{a0, a1, a2}, &stackHouses)
				return false
			}
			n0 = m0 & spread(a0&7|(a1&7)<<3|(a2&7)<<6)
			n1 = m1 & spread(a0>>3&7|(a1>>3&7)<<3|(a2>>3&7)<<6)
			n2 = m2 & spread(a0>>6|(a1>>6)<<3|(a2>>6)<<6)
			if n0 == m0 && n1 == m1 && n2 == m2 {
				s.stacked[d] = cols
			}
		}

		// Hidden singles: with both rules at their fixpoint, a box or a
		// column with one cell for the digit leaves it alone in its row
		// too, so looking at rows finds them all (when they are not at
		// their fixpoint, the loop runs again). Each is placed at once:
		// its cell leaves the open cells and the other digits, its
		// column the digit's other bands; the band rule then clears its
		// row and box.
		h0 := rowSingles(n0) & s.open[0]
		h1 := rowSingles(n1) & s.open[1]
		h2 := rowSingles(n2) & s.open[2]
		if h0|h1|h2 != 0 {
			if h0 != 0 {
				s.fix(0, h0)
			}
			if h1 != 0 {
				s.fix(1, h1)
			}
			if h2 != 0 {
				s.fix(2, h2)
			}
			n0 &^= spread(columns(h1 | h2))
			n1 &^= spread(columns(h0 | h2))
			n2 &^= spread(columns(h0 | h1))
		}
		changed = 0
		if n0 != m0 || h0 != 0 {
			changed |= 1
		}
		if n1 != m1 || h1 != 0 {
			changed |= 2
		}
		if n2 != m2 || h2 != 0 {
			changed |= 4
		}
		m0, m1, m2 = n0, n1, n2
		if changed == 0 {
			break
		}
	}
	s.cand[0][d], s.cand[1][d], s.cand[2][d] = m0, m1, m2
	s.dirty &^= 7 << (3 * d) // set by fix, for the digit's own cells
	return true
}

// fix takes the cells h of band b out of the open cells and out of every
// digit, marking the digits that lose one; the caller puts its own digit
// back.
func (s *State) fix(b int, h uint32) {
	s.open[b] &^= h
	band := &s.cand[b]
	// (x&h + fullBand) has bit 27 set exactly when x&h is not 0.
	lost := (band[0]&h+fullBand)>>27 | (band[1]&h+fullBand)>>27<<3 |
		(band[2]&h+fullBand)>>27<<6 | (band[3]&h+fullBand)>>27<<9 |
		(band[4]&h+fullBand)>>27<<12 | (band[5]&h+fullBand)>>27<<15 |
		(band[6]&h+fullBand)>>27<<18 | (band[7]&h+fullBand)>>27<<21 |
		(band[8]&h+fullBand)>>27<<24
	s.dirty |= lost << b
	band[0] &^= h
	band[1] &^= h
	band[2] &^= h
	band[3] &^= h
	band[4] &^= h
	band[5] &^= h
	band[6] &^= h
	band[7] &^= h
	band[8] &^= h
}

// nakedSingles places every open cell left with one digit. It reports
// whether it placed any, and false on a contradiction (a cell with none).
func (s *State) nakedSingles() (progress, ok bool) {
	for b := range 3 {
		ones, twos := onesTwos(&s.cand[b])
		if ones != fullBand {
			s.why = cellHouses[27*b+bits.TrailingZeros32(^ones&fullBand)]
			return false, false
		}
		for lone := ones &^ twos & s.open[b]; lone != 0; lone &= lone - 1 {
			i := bits.TrailingZeros32(lone)
			bit := uint32(1) << i
			d := 0
			for d < 9 && s.cand[b][d]&bit == 0 {
				d++
			}
			if d == 9 {
				s.why = cellHouses[27*b+i]
				return false, false
			}
			if !s.place(d, b, i) {
				return false, false
			}
			progress = true
		}
	}
	return progress, true
}

// onesTwos returns the cells of a band that at least one of the nine
// digits' words w holds, and those that at least two hold, combined as a
// tree for the processor to work on several words at once.
func onesTwos(w *[9]uint32) (ones, twos uint32) {
	o01, t01 := w[0]|w[1], w[0]&w[1]
	o23, t23 := w[2]|w[3], w[2]&w[3]
	o45, t45 := w[4]|w[5], w[4]&w[5]
	o67, t67 := w[6]|w[7], w[6]&w[7]
	o03, t03 := o01|o23, t01|t23|o01&o23
	o47, t47 := o45|o67, t45|t67|o45&o67
	o07, t07 := o03|o47, t03|t47|o03&o47
	return o07 | w[8], t07 | o07&w[8]
}

// onesTwosThrees is onesTwos with the cells that at least three words
// hold.
func onesTwosThrees(w *[9]uint32) (ones, twos, threes uint32) {
	o01, t01 := w[0]|w[1], w[0]&w[1]
	o23, t23 := w[2]|w[3], w[2]&w[3]
	o45, t45 := w[4]|w[5], w[4]&w[5]
	o67, t67 := w[6]|w[7], w[6]&w[7]
	o03, t03, h03 := o01|o23, t01|t23|o01&o23, t01&o23|o01&t23
	o47, t47, h47 := o45|o67, t45|t67|o45&o67, t45&o67|o45&t67
	o07, t07, h07 := o03|o47, t03|t47|o03&o47, h03|h47|t03&o47|o03&t47
	return o07 | w[8], t07 | o07&w[8], h07 | t07&w[8]
}

// pick returns an open cell with the fewest digits left (band and cell
// within it) and those digits as a mask (bit d for digit d+1). A cell with
// two is taken as soon as one is found.
func (s *State) pick(weight *[27]int32) (b, i int, digits uint32) {
	if weight == nil {
		for band := range 3 {
			_, twos, threes := onesTwosThrees(&s.cand[band])
			if two := twos &^ threes & s.open[band]; two != 0 {
				i := bits.TrailingZeros32(two)
				return band, i, s.digitsAt(band, i)
			}
		}
	}
	// The fewest digits per weight: n/w < best/bestW.
	best, bestW := int32(10), int32(1)
	for band := range 3 {
		for open := s.open[band]; open != 0; open &= open - 1 {
			cell := bits.TrailingZeros32(open)
			ds := s.digitsAt(band, cell)
			n := int32(bits.OnesCount32(ds))
			w := int32(1)
			if weight != nil {
				for h := cellHouses[27*band+cell]; h != 0; h &= h - 1 {
					w += weight[bits.TrailingZeros32(h)]
				}
			}
			if n*bestW < best*w {
				best, bestW, b, i, digits = n, w, band, cell, ds
			}
		}
	}
	return b, i, digits
}

// digitsAt returns the digits left in cell i of band b.
func (s *State) digitsAt(b, i int) uint32 {
	var ds uint32
	for d, m := range &s.cand[b] {
		ds |= (m >> i & 1) << d
	}
	return ds
}

// Solution is a solution Search reached, as its visit sees it: valid
// until visit returns.
type Solution struct {
	s     *State
	label *[9]uint8
}

// Fill writes the solution's digits into the empty cells of b, a classic
// board, as entries.
func (x *Solution) Fill(b *sudoku.Board) error {
	return x.s.fill(b, x.label)
}

// fill writes the placed digits into the empty cells of b, a classic
// board, as entries; word k holds digit label[k]+1.
func (s *State) fill(b *sudoku.Board, label *[9]uint8) error {
	out := cells.Own(b)
	if len(out) != 81 {
		return fmt.Errorf("search: fill a board of %d cells with a 9x9 solution: %w", len(out), sudoku.ErrInvalidArgument)
	}
	if useVector {
		var digits [9]uint8
		for k, l := range label {
			digits[k] = l + 1
		}
		var buf [96]uint8
		copy(buf[:], out)
		vectorFill(&s.cand, &s.open, &digits, &buf)
		copy(out, buf[:81])
		return nil
	}
	// The placed digits bit-sliced over the 81 cells (see load), then
	// eight cells at a time: spreadBits moves each one's bits to its
	// byte, and a cell that holds a digit keeps it.
	var lo, hi [4]uint64
	for k, w := range s.sliced(label) {
		lo[k] = uint64(w[0]) | uint64(w[1])<<27 | uint64(w[2])<<54
		hi[k] = uint64(w[2]) >> 10
	}
	for i := 0; i < 80; i += 8 {
		v := &lo
		if i >= 64 {
			v = &hi
		}
		j := i % 64
		placed := spreadBits[v[0]>>j&255] | spreadBits[v[1]>>j&255]<<1 |
			spreadBits[v[2]>>j&255]<<2 | spreadBits[v[3]>>j&255]<<3
		old := binary.LittleEndian.Uint64(out[i:])
		// Bit 7 of a byte of old+0x7f.. is set when the byte is not 0
		// (digits are below 0x80, so no byte carries into the next).
		kept := ((old + 0x7f7f7f7f7f7f7f7f) & 0x8080808080808080 >> 7) * 0xff
		binary.LittleEndian.PutUint64(out[i:], old&kept|placed&^kept)
	}
	if out[80] == 0 {
		out[80] = uint8(hi[0]>>16&1 | hi[1]>>16&1<<1 | hi[2]>>16&1<<2 | hi[3]>>16&1<<3)
	}
	return nil
}

// sliced returns the placed digits bit-sliced per band: bit i of
// [k][b] is bit k of the digit (1..9) placed in cell i of band b, 0 for
// the open cells; word k holds digit label[k]+1.
func (s *State) sliced(label *[9]uint8) (out [4][3]uint32) {
	for b := range s.cand {
		w, placed := s.cand[b], fullBand&^s.open[b]
		if *label != identity {
			for k, l := range label {
				w[l] = s.cand[b][k]
			}
		}
		out[0][b] = (w[0] | w[2] | w[4] | w[6] | w[8]) & placed
		out[1][b] = (w[1] | w[2] | w[5] | w[6]) & placed
		out[2][b] = (w[3] | w[4] | w[5] | w[6]) & placed
		out[3][b] = (w[7] | w[8]) & placed
	}
	return out
}

// searcher searches a classic board depth first on its own stack of
// states, one per depth: a guess either places a cell (81 at most) or
// takes at least one of its placements from a digit in a band or a stack
// (5 each of 9 digits in 6 of them), so 352 suffice.
type searcher struct {
	stack   [352]State
	visit   func(*Solution) bool
	limit   int64         // with no visit: the count at which to stop, 0 for none
	fill    *sudoku.Board // with no visit: the board the first solution fills, if any
	stop    stopper
	counts  Result // Halted: visit returned false
	stopped bool   // visit returned false, or the search must end
	// weight counts the contradictions met in each house (bits of
	// State.why), once weighted.
	weight   [27]int32
	weighted bool
	// wide is set when propagation at the root left at least
	// wideOpen cells open.
	wide bool
	// matrices are the triad matrices of the state propagation left
	// last, when valid (see triadMatrices).
	matrices triadMatrices
	// label maps the words of the states to the board's digits: word k
	// holds digit label[k]+1; slots is its inverse (see order).
	label, slots [9]uint8
	relabelled   bool     // label is not identity
	sol          Solution // what visit sees
}

var searches = sync.Pool{New: func() any { return new(searcher) }}

// poll is how many nodes the classic search runs between looks at
// its context (a node takes well under a microsecond).
const poll = 64

func (sr *searcher) dfs(d int) {
	s := &sr.stack[d]
	for {
		if s.solved() {
			sr.counts.Solutions++
			if sr.visit == nil {
				if sr.fill != nil && sr.counts.Solutions == 1 {
					s.fill(sr.fill, &sr.label) // cannot fail: fill is a classic board
				}
				if sr.counts.Solutions == sr.limit {
					sr.stopped, sr.counts.Halted = true, true
				}
			} else if sr.sol = (Solution{s, &sr.label}); !sr.visit(&sr.sol) {
				sr.stopped, sr.counts.Halted = true, true
			}
			return
		}
		var c choice
		sr.choose(s, &c)
		if c.alts&(c.alts-1) != 0 {
			sr.counts.Guesses++
		}
		// Every alternative but the last is tried on a copy; the last on s.
		for ; c.alts&(c.alts-1) != 0; c.alts &= c.alts - 1 {
			if sr.node() {
				return
			}
			child := &sr.stack[d+1]
			*child = *s
			if !child.take(&c, bits.TrailingZeros32(c.alts), sr.triads()) {
				sr.deadEnd(child)
				continue
			}
			sr.dfs(d + 1)
			if sr.stopped {
				return
			}
		}
		if sr.node() {
			return
		}
		if !s.take(&c, bits.TrailingZeros32(c.alts), sr.triads()) {
			sr.deadEnd(s)
			return
		}
	}
}

// choice is what the classic search branches on: the digits of a
// cell (cell set), or the placements of a digit in a band or a stack.
type choice struct {
	cell    bool
	band, i int    // a cell: cell i of band band
	unit, d int    // a placement: digit d in unit (see pickPlacement)
	alts    uint32 // the alternatives: digits (bit d for digit d+1), or placements
	// slots, when not nil, holds the words of the digits of a cell
	// (see searcher.label).
	slots *[9]uint8
}

// identity is searcher.label when the words hold the digits in order.
var identity = [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}

// sparse is how many givens a board has at most for the classic search
// to order the words by the digits' givens (see order).
const sparse = 27

// order sets label and slots for a search from s, just loaded (see
// byGivens). The vector rules look at every digit at once, and keep the
// digits' own order.
func (sr *searcher) order(s *State) {
	sr.label, sr.slots, sr.relabelled = identity, identity, false
	if !useVector && s.openCells() >= 81-sparse {
		sr.byGivens(s)
	}
}

// byGivens gives the digits of s, a board of at most sparse givens just
// loaded, to the words in the order of how many givens they have, most
// first, and sets label and slots to match. The pure-Go rules go through
// the dirty digits in the order of their words, and on such a board, where
// propagation at the root does most of the work, starting with the
// digits that have the fewest places left finds the singles sooner,
// whatever the labels of the puzzle. On denser boards that order costs
// more than it saves, and order keeps the digits' own.
func (sr *searcher) byGivens(s *State) {
	sr.relabelled = true
	var byGivens [10]uint16 // the digits with n givens, bit d for digit d+1
	for d := range 9 {
		n := bits.OnesCount32(s.cand[0][d]&^s.open[0]) + bits.OnesCount32(s.cand[1][d]&^s.open[1]) +
			bits.OnesCount32(s.cand[2][d]&^s.open[2])
		byGivens[n] |= 1 << d
	}
	cand, k := s.cand, 0
	for n := 9; n >= 0; n-- {
		for ds := byGivens[n]; ds != 0; ds &= ds - 1 {
			d := bits.TrailingZeros16(ds)
			sr.label[k], sr.slots[d] = uint8(d), uint8(k)
			s.cand[0][k], s.cand[1][k], s.cand[2][k] = cand[0][d], cand[1][d], cand[2][d]
			k++
		}
	}
}

// placementsAfter is how many dead ends the classic search meets
// before it branches on placements instead of cells (see choose).
const placementsAfter = 3

// wideOpen is how many cells propagation at the root must leave
// open for the classic search to branch on placements from the start (see
// choose). Most of the hardest known puzzles (the forum's hardest lists,
// magictour's top 1465) leave 48 to 63; the boards with several solutions
// of Serg's benchmark, 31 to 47.
const wideOpen = 48

// choose sets c to what to branch on in s. Until the search has met a few
// dead ends it takes a cell (see pick): boards with several solutions,
// as a generator makes by the thousand, rarely meet one, and cells reach
// their solutions in the fewest nodes; but on a board left wide open at
// the root (see wideOpen) it skips this. Then, until it weighs its
// branching, it takes the placement of a digit in a band or a stack (see
// pickPlacement), which on the hardest known puzzles halves the tree.
func (sr *searcher) choose(s *State, c *choice) {
	if !sr.weighted && (sr.wide || sr.counts.DeadEnds >= placementsAfter) {
		if unit, d, alts, ok := s.pickPlacement(&sr.matrices, &sr.slots); ok {
			*c = choice{unit: unit, d: d, alts: alts}
			return
		}
	}
	var weight *[27]int32
	if sr.weighted {
		weight = &sr.weight
	}
	b, i, ds := s.pick(weight)
	if !sr.relabelled {
		*c = choice{cell: true, band: b, i: i, alts: ds}
		return
	}
	// The digits on the board, lowest first, so that the search goes the
	// same way whatever order the words are in.
	var alts uint32
	for ; ds != 0; ds &= ds - 1 {
		alts |= 1 << sr.label[bits.TrailingZeros32(ds)]
	}
	*c = choice{cell: true, band: b, i: i, alts: alts, slots: &sr.slots}
}

// take applies alternative k of c to s and propagates, reporting false on
// a contradiction.
func (s *State) take(c *choice, k int, tm *triadMatrices) bool {
	if c.cell {
		if c.slots != nil {
			k = int(c.slots[k])
		}
		if !s.place(k, c.band, c.i) {
			return false
		}
	} else {
		s.restrict(c.unit, c.d, k)
	}
	return s.propagate(tm)
}

// weightAfter is how many dead ends the classic search meets
// before it weighs its branching by them. The hardest known puzzles need
// about 120, and branching on the first cell with two digits is the
// fastest way through them; a search that keeps failing far longer is
// stuck below a wrong early guess, or on a board whose few digits already
// contradict each other, and weights lead it out.
const weightAfter = 1024

// deadEnd counts a state that propagation proved contradictory, and adds
// weight to the houses where it broke down: once weighted, the search
// branches where it keeps failing (the dom/wdeg rule, as in the general
// search), which ends the sparse contradictory boards that took it
// millions of nodes in a few thousand.
func (sr *searcher) deadEnd(s *State) {
	sr.counts.DeadEnds++
	sr.weighted = sr.counts.DeadEnds >= weightAfter
	for h := s.why; h != 0; h &= h - 1 {
		sr.weight[bits.TrailingZeros32(h)]++
	}
}

// wideTriadsAfter and triadsAfter are how many dead ends
// the classic search meets before its propagation applies the triad rule
// (see State.triads) below the root, on a board left wide open at
// the root (see wideOpen) and on the others: on the hardest puzzles
// the rule saves a quarter to a third of the nodes, while boards with
// several solutions, which rarely meet a dead end, gain nothing from it
// and would pay a fifth more per node.
const (
	wideTriadsAfter = 1
	triadsAfter     = 10
)

// triads returns what propagation keeps the triad matrices in when it
// applies the triad rule, nil when it does not; a state it leaves without
// them has them worked out again by pickPlacement.
func (sr *searcher) triads() *triadMatrices {
	sr.matrices.valid = false
	after := int64(triadsAfter)
	if sr.wide {
		after = wideTriadsAfter
	}
	if sr.counts.DeadEnds < after {
		return nil
	}
	return &sr.matrices
}

// node counts a node and reports whether the search must end.
func (sr *searcher) node() bool {
	sr.counts.Nodes++
	if sr.counts.Nodes%poll == 0 && sr.stop.now(sr.counts.Nodes) {
		sr.stopped = true
	}
	return sr.stopped
}

// stopper tells the classic search when to give up: when done is
// closed, when the deadline has passed, or when it has searched more
// nodes than the limit. It is the general search's stopper for a single
// goroutine, with nothing to share and so nothing to allocate per call.
type stopper struct {
	done     <-chan struct{}
	deadline time.Time // zero for none
	limit    int64     // node limit, 0 for none
	expired  bool      // the deadline passed
	exceeded bool      // the node limit was passed
}

// now reports whether the search must end after nodes nodes.
func (st *stopper) now(nodes int64) bool {
	select {
	case <-st.done:
		return true
	default:
	}
	if !st.deadline.IsZero() && !time.Now().Before(st.deadline) {
		st.expired = true
		return true
	}
	if st.limit > 0 && nodes > st.limit {
		st.exceeded = true
		return true
	}
	return false
}

// Is reports whether g is the classic 9x9 geometry, which this search
// serves.
func Is(g *sudoku.Geometry) bool {
	return g.IsStandard() && g.BoxRows() == 3 && g.BoxCols() == 3
}

// Result is how a search ended, and what it counted.
type Result struct {
	// Nodes counts the states searched, the root included; Guesses the
	// choices with more than one alternative; DeadEnds the states that
	// propagation proved contradictory; Solutions the solutions reached.
	Nodes, Guesses, DeadEnds, Solutions int64
	Halted                              bool // visit returned false, or the count reached its limit
	Expired                             bool // the context's deadline passed first
	Exceeded                            bool // the node limit was reached first
}

// Search searches every completion of b, a board on the classic geometry
// (see Is), narrowed to marks when they are set (one mask per cell, of
// the right length; a mask of 0 is no mark), on the calling goroutine. It
// calls visit for each solution until it returns false, ctx ends, or the
// search has run past nodeLimit nodes (0: no limit); with a nil visit it
// only counts them, up to limit (0: no limit), and fills the empty cells
// of fill, when not nil, with the first. ok is false when propagation at
// the root proves that b has no solution; the search has not run then.
func Search(ctx context.Context, b *sudoku.Board, marks []uint64, nodeLimit int64, visit func(*Solution) bool, limit int, fill *sudoku.Board) (r Result, ok bool) {
	sr := searches.Get().(*searcher)
	defer func() {
		sr.visit, sr.fill, sr.sol = nil, nil, Solution{}
		searches.Put(sr)
	}()
	s := &sr.stack[0]
	ok = s.load(b)
	if ok {
		sr.order(s)
	}
	if ok && marks != nil {
		s.narrow(b, marks, &sr.label)
	}
	// The triad rule at the root only on a board the other rules leave
	// wide open (see wideOpen): on the others it finds little, for its
	// cost, before the search has met a dead end.
	if ok {
		sr.matrices.valid = false
		ok = s.propagate(nil)
		if ok && s.openCells() >= wideOpen {
			ok = s.propagate(&sr.matrices)
		}
	}
	if !ok {
		return Result{}, false
	}
	sr.wide = s.openCells() >= wideOpen
	sr.visit, sr.limit, sr.fill = visit, int64(limit), fill
	deadline, _ := ctx.Deadline()
	sr.stop = stopper{done: ctx.Done(), deadline: deadline, limit: nodeLimit}
	sr.counts = Result{Nodes: 1}
	sr.stopped = false
	sr.weight, sr.weighted = [27]int32{}, false
	sr.dfs(0)
	r = sr.counts
	r.Expired, r.Exceeded = sr.stop.expired, sr.stop.exceeded
	return r, true
}
