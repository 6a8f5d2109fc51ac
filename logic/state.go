// Package logic holds the candidate state of a puzzle — for every cell, the
// digits it may still take, as a bitmask — and the propagation that keeps
// it consistent: placing a digit removes it from the cell's peers, a cell
// left with one candidate is placed in turn (naked single), and a digit
// with one place left in a house goes there (hidden single).
//
// A contradiction (a cell with no candidate, a digit with no place in a
// house) is reported as [ErrContradiction], with details from
// [State.Contradiction]; nothing panics. The state works on any
// [sudoku.Geometry]: boards of every size, variants and cubes.
package logic

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/cubedoku/cubedoku/sudoku"
)

// ErrContradiction reports a state with no completion: a cell without
// candidates, a digit without a place in a house, or a digit placed where
// it is no longer a candidate. [State.Contradiction] tells which.
var ErrContradiction = errors.New("logic: contradiction")

// Bit returns the candidate mask of digit d (bit d-1).
func Bit(d int) uint64 { return 1 << uint(d-1) }

// Contradiction says where a state broke down.
type Contradiction struct {
	Cell  int // the cell left without candidates, or -1
	Unit  int // the house left without a place for Digit, or -1
	Digit int // the digit concerned, or 0
}

// State is the candidate state of a puzzle on a geometry. The zero State
// is not usable; make one with [NewState]. A State is not safe for
// concurrent use; copy it with [State.CopyFrom] or [State.Clone].
type State struct {
	g     *sudoku.Geometry
	all   uint64   // mask of every digit 1..N
	cand  []uint64 // candidates of each cell; one bit once placed
	value []uint8  // placed digit of each cell, 0 while open
	left  int      // cells not yet placed
	queue []int32  // cells found with one candidate, to place
	why   Contradiction
}

// NewState returns the state of board b: every digit on it placed and
// removed from its peers, and nothing more (call [State.Propagate] for
// singles). It returns ErrContradiction, wrapped with the cells concerned,
// when two digits of b conflict.
func NewState(b *sudoku.Board) (*State, error) {
	if b == nil {
		return nil, errors.New("logic: nil board")
	}
	g := b.Geometry()
	n := g.NumCells()
	s := &State{
		g:     g,
		all:   ^uint64(0) >> uint(64-g.Digits()),
		cand:  make([]uint64, n),
		value: make([]uint8, n),
		left:  n,
		queue: make([]int32, 0, 64),
	}
	for c := range s.cand {
		s.cand[c] = s.all
	}
	for c := range n {
		if d := b.Get(c); d != 0 {
			if err := s.Assign(c, d); err != nil {
				if verr := b.Validate(); verr != nil {
					return nil, fmt.Errorf("%w: %w", ErrContradiction, verr)
				}
				return nil, err
			}
		}
	}
	return s, nil
}

// Geometry returns the state's geometry.
func (s *State) Geometry() *sudoku.Geometry { return s.g }

// Candidates returns the candidate mask of cell c: bit d-1 is set when
// digit d may go there. A placed cell has exactly its digit's bit.
func (s *State) Candidates(c int) uint64 { return s.cand[c] }

// Value returns the digit placed in cell c, or 0 while c is open.
func (s *State) Value(c int) int { return int(s.value[c]) }

// Left returns the number of cells not yet placed; 0 means solved.
func (s *State) Left() int { return s.left }

// Contradiction returns where the state broke down after a method returned
// ErrContradiction. After such an error the state is no longer consistent
// and should be discarded (or overwritten with [State.CopyFrom]).
func (s *State) Contradiction() Contradiction { return s.why }

func (s *State) fail(cell, unit, digit int) error {
	s.why = Contradiction{Cell: cell, Unit: unit, Digit: digit}
	return ErrContradiction
}

// Assign places digit d in cell c and removes d from the candidates of c's
// peers. Peers left with one candidate are queued for [State.Propagate]
// but not placed yet. It returns ErrContradiction when d is not a candidate
// of c or a peer is left without candidates; an out-of-range cell or digit
// is an error too. Assigning a cell its placed digit again does nothing.
func (s *State) Assign(c, d int) error {
	if c < 0 || c >= len(s.cand) || d < 1 || d > s.g.Digits() {
		return fmt.Errorf("logic: assign %d to cell %d: %w", d, c, sudoku.ErrCellRange)
	}
	if int(s.value[c]) == d {
		return nil
	}
	bit := Bit(d)
	if s.cand[c]&bit == 0 || s.value[c] != 0 {
		return s.fail(c, -1, d)
	}
	s.cand[c] = bit
	s.value[c] = uint8(d)
	s.left--
	for _, p := range s.g.Peers(c) {
		m := s.cand[p]
		if m&bit == 0 {
			continue
		}
		m &^= bit
		s.cand[p] = m
		if m&(m-1) == 0 {
			if m == 0 {
				return s.fail(p, -1, 0)
			}
			s.queue = append(s.queue, int32(p))
		}
	}
	return nil
}

// Eliminate removes the digits of mask from the candidates of cell c. A
// cell left with one candidate is queued for [State.Propagate]; one left
// with none is ErrContradiction. Removing a placed digit is a contradiction.
func (s *State) Eliminate(c int, mask uint64) error {
	if c < 0 || c >= len(s.cand) {
		return fmt.Errorf("logic: eliminate from cell %d: %w", c, sudoku.ErrCellRange)
	}
	m := s.cand[c]
	if m&mask == 0 {
		return nil
	}
	m &^= mask
	s.cand[c] = m
	if m == 0 {
		return s.fail(c, -1, 0)
	}
	if s.value[c] != 0 {
		return s.fail(c, -1, int(s.value[c]))
	}
	if m&(m-1) == 0 {
		s.queue = append(s.queue, int32(c))
	}
	return nil
}

// PlaceSingles places every queued naked single (a cell with one candidate
// left), and the ones those placements make, until none is left.
func (s *State) PlaceSingles() error {
	for len(s.queue) > 0 {
		c := int(s.queue[len(s.queue)-1])
		s.queue = s.queue[:len(s.queue)-1]
		if s.value[c] != 0 {
			continue
		}
		m := s.cand[c]
		if m == 0 {
			return s.fail(c, -1, 0)
		}
		if err := s.Assign(c, bits.TrailingZeros64(m)+1); err != nil {
			s.queue = s.queue[:0]
			return err
		}
	}
	return nil
}

// HiddenSingles places, in every house, each digit that has one cell left
// for it, and reports how many it placed. It returns ErrContradiction when
// a digit has no place left in some house. It does not place the naked
// singles its placements make; [State.Propagate] does both.
func (s *State) HiddenSingles() (int, error) {
	placed := 0
	for _, u := range s.g.Houses() {
		cells := s.g.Unit(u).Cells
		var once, twice uint64
		for _, c := range cells {
			m := s.cand[c]
			twice |= once & m
			once |= m
		}
		if once != s.all {
			return placed, s.fail(-1, u, bits.TrailingZeros64(s.all&^once)+1)
		}
		for hidden := once &^ twice; hidden != 0; hidden &= hidden - 1 {
			bit := hidden & -hidden
			for _, c := range cells {
				if s.cand[c]&bit == 0 {
					continue
				}
				if s.value[c] == 0 {
					if err := s.Assign(c, bits.TrailingZeros64(bit)+1); err != nil {
						s.queue = s.queue[:0]
						return placed, err
					}
					placed++
				}
				break
			}
		}
	}
	return placed, nil
}

// Propagate applies naked and hidden singles until neither finds anything
// more. It returns ErrContradiction when the state has no completion that
// these rules can see.
func (s *State) Propagate() error {
	for {
		if err := s.PlaceSingles(); err != nil {
			return err
		}
		if s.left == 0 {
			return nil
		}
		n, err := s.HiddenSingles()
		if err != nil {
			return err
		}
		if n == 0 && len(s.queue) == 0 {
			return nil
		}
	}
}

// CopyFrom makes s a copy of o, reusing s's memory when it fits. Both must
// be on the same geometry or s must be a zero State.
func (s *State) CopyFrom(o *State) {
	s.g, s.all, s.left, s.why = o.g, o.all, o.left, o.why
	s.cand = append(s.cand[:0], o.cand...)
	s.value = append(s.value[:0], o.value...)
	s.queue = append(s.queue[:0], o.queue...)
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := new(State)
	c.CopyFrom(s)
	return c
}

// Fill writes every placed digit into the empty cells of b, as entries.
// b must be on the state's geometry.
func (s *State) Fill(b *sudoku.Board) error {
	if !b.Geometry().Equal(s.g) {
		return fmt.Errorf("logic: fill a %s from a state on a %s: %w", b.Geometry(), s.g, sudoku.ErrCellCount)
	}
	for c, d := range s.value {
		if d != 0 && b.Get(c) == 0 {
			if err := b.Set(c, int(d)); err != nil {
				return err
			}
		}
	}
	return nil
}
