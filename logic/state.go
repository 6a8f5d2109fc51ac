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
//
// On top of the state, human-style rules find one deduction at a time: a
// [Rule] returns a [Step], data an app can highlight (the houses, cells
// and digits it rests on, what it places or removes) with a one-sentence
// explanation that writes digits in the board's alphabet ("G" on a
// 16x16 board), from one template per technique. The built-in rules are the [Technique] constants, from
// naked singles to X-Wings, wings, simple colouring, chains (X-chains,
// XY-chains, nice loops and AICs with grouped nodes) and, for puzzles
// known to have one solution, unique rectangles and BUG+1; [Ladder] lists
// them easiest first, but for the Franken fish ([FrankenFish]), which an
// app appends when it wants them, and where they stop a hint tries
// forcing chains ([ForcingChains]), each step told as its chains of
// implications. Every
// step says which rule found it ([Step.Rule], a Technique): a built-in
// one, a guess of a hint ([GuessRule]), or [CustomRule] for a rule of the
// caller's own, named in the step.
//
// [Hint] gives the easiest next step, configured by options ([WithRules],
// [WithUnique], [WithMarks] for the player's pencil marks, [WithSolution]
// to check the entries against, [WithLastResort]); [Step.Stage] tells it
// one [Stage] at a time. [Deduce] says how far the rules get, and
// [Rules.Reduce] is the fast path a search calls at every node; all three
// take a context. [PlaceSingles] gives the cells propagation alone
// forces. Package grade rates puzzles from the same steps. Techniques and
// stages have text forms ([ParseTechnique], [ParseStage]), so an app can
// store them and look a rule up by name.
//
// Bad arguments (a nil context, board or state, a nil rule or option,
// marks of the wrong length, a faulty step of a rule of the caller's
// own) give errors wrapping
// [sudoku.ErrInvalidArgument]; errors from the boards read keep their
// cause, so errors.As finds the [*sudoku.ConflictError] of conflicting
// digits.
package logic

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/sudoku"
)

// ErrContradiction reports a state with no completion: a cell without
// candidates, a digit without a place in a house, or a digit placed where
// it is no longer a candidate. [State.Contradiction] tells which.
var ErrContradiction = errors.New("logic: contradiction")

// Bit returns the candidate mask of digit d (bit d-1), or 0 when d is not
// a digit 1..64.
func Bit(d int) uint64 {
	if d < 1 || d > 64 {
		return 0
	}
	return 1 << uint(d-1)
}

// Contradiction says where a state broke down.
type Contradiction struct {
	Cell  int `json:"cell"`  // the cell left without candidates, or -1
	Unit  int `json:"unit"`  // the house left without a place for Digit, or -1
	Digit int `json:"digit"` // the digit concerned, or 0
}

// Describe says in words, with the names of geometry g and its digits as
// a board on g writes them by default, what broke down: "r1c7 has no
// candidate left" or "5 has no place left in row 3". [Contradiction.DescribeIn]
// writes the digits in a board's own notation.
func (c Contradiction) Describe(g *sudoku.Geometry) string {
	return c.DescribeIn(g, sudoku.Notation{})
}

// DescribeIn is [Contradiction.Describe] with the digits written as
// notation n writes them ("G has no place left in row 3" on a 16x16
// board in Base36); [State.Notation] is the notation of a state's board.
func (c Contradiction) DescribeIn(g *sudoku.Geometry, n sudoku.Notation) string {
	return c.describe(words{g, n})
}

func (c Contradiction) describe(w words) string {
	switch {
	case c.Unit >= 0:
		return w.digit(c.Digit) + " has no place left in " + w.unit(c.Unit)
	case c.Cell >= 0 && c.Digit > 0:
		return w.digit(c.Digit) + " cannot go in " + w.cell(c.Cell)
	case c.Cell >= 0:
		return w.cell(c.Cell) + " has no candidate left"
	}
	return "no contradiction"
}

// State is the candidate state of a puzzle on a geometry. The zero State
// is not usable; make one with [NewState]. A State is not safe for
// concurrent use; copy it with [State.CopyFrom] or [State.Clone].
//
// Besides the candidates it keeps, for every house and digit, the number
// of the house's cells that may hold the digit, so that a digit left with
// one place is noticed when it happens instead of by scanning.
type State struct {
	g      *sudoku.Geometry
	n      int      // digits
	all    uint64   // mask of every digit 1..N
	cand   []uint64 // candidates of each cell; one bit once placed
	value  []uint8  // placed digit of each cell, 0 while open
	count  []uint8  // [unit*n + digit-1]: cells of the house that may hold digit
	placed []uint64 // digits placed in each unit
	left   int      // cells not yet placed
	naked  []int32  // cells found with one candidate, to place
	hidden []int32  // unit*64 + digit-1 found with one place left, to place
	why    Contradiction

	notation sudoku.Notation // how the board writes digits, for texts
	t        *geomtab.Tables // g's tables, shared and read-only
	givens   []bool          // the puzzle's givens (SetPuzzle), nil when unknown; read-only
	// quiet is set on a forcing chain's branch, which reads only what
	// a step changes: the rules it applies leave Area and Text empty.
	quiet bool
}

// NewState returns the state of board b: every digit on it placed and
// removed from its peers, and nothing more (call [State.Propagate] for
// singles). It returns an error wrapping ErrContradiction when the digits
// of b cannot stand together: with the [*sudoku.ConflictError] naming the
// cells when two of them conflict, or with a description of the cell or
// house left without a candidate.
func NewState(b *sudoku.Board) (*State, error) {
	s, err := newState(b)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// newState is [NewState], but returns the state also after an error of
// ErrContradiction, for its [State.Contradiction] (nil when the digits
// conflict).
func newState(b *sudoku.Board) (*State, error) {
	if b == nil {
		return nil, contract.Invalid("logic", "NewState: nil board")
	}
	g := b.Geometry()
	cells, n := g.NumCells(), g.Digits()
	s := &State{
		g:      g,
		t:      geomtab.Of(g),
		n:      n,
		all:    digitsMask(n),
		cand:   make([]uint64, cells),
		value:  make([]uint8, cells),
		count:  make([]uint8, g.NumUnits()*n),
		placed: make([]uint64, g.NumUnits()),
		left:   cells,
		naked:  make([]int32, 0, 64),
		hidden: make([]int32, 0, 64),

		notation: b.Notation(),
	}
	for c := range s.cand {
		s.cand[c] = s.all
		if n == 1 {
			s.naked = append(s.naked, int32(c))
		}
	}
	for _, u := range s.t.Houses {
		for d := range n {
			s.count[u*n+d] = uint8(n)
		}
		if n == 1 {
			s.hidden = append(s.hidden, int32(u*64))
		}
	}
	for c := range cells {
		if d := b.Get(c); d != 0 {
			if err := s.Assign(c, d); err != nil {
				if verr := b.Validate(); verr != nil {
					return nil, fmt.Errorf("%w: %w", ErrContradiction, verr)
				}
				return s, fmt.Errorf("%w: %s", err, s.why.describe(s.words()))
			}
		}
	}
	return s, nil
}

// digitsMask returns the mask of the digits 1..n, for n from 1 to 64.
func digitsMask(n int) uint64 { return ^uint64(0) >> uint(64-n) }

// Notation returns the notation of the board the state was made from:
// step texts write digits as it does (see [sudoku.Notation.DigitText]),
// and so can a rule of the caller's own. It is the zero Notation for a
// zero or nil State.
func (s *State) Notation() sudoku.Notation {
	if s == nil {
		return sudoku.Notation{}
	}
	return s.notation
}

// Geometry returns the state's geometry (nil for a zero or nil State).
func (s *State) Geometry() *sudoku.Geometry {
	if s == nil {
		return nil
	}
	return s.g
}

// Candidates returns the candidate mask of cell c: bit d-1 is set when
// digit d may go there. A placed cell has exactly its digit's bit.
// It is 0 for a cell out of range (every cell of a zero or nil State).
func (s *State) Candidates(c int) uint64 {
	if s == nil || c < 0 || c >= len(s.cand) {
		return 0
	}
	return s.cand[c]
}

// Value returns the digit placed in cell c, or 0 while c is open (or out
// of range).
func (s *State) Value(c int) int {
	if s == nil || c < 0 || c >= len(s.value) {
		return 0
	}
	return int(s.value[c])
}

// Places returns how many cells of house u may still hold digit d (a
// placed digit counts its own cell). It is 0 for units that are not houses.
func (s *State) Places(u, d int) int {
	if s == nil || s.g == nil || !s.g.IsHouse(u) || d < 1 || d > s.n {
		return 0
	}
	return int(s.count[u*s.n+d-1])
}

// Left returns the number of cells not yet placed; 0 means solved (and
// for a zero or nil State, which has no cells).
func (s *State) Left() int {
	if s == nil {
		return 0
	}
	return s.left
}

// Contradiction returns where the state broke down after a method returned
// ErrContradiction. After such an error the state is no longer consistent
// and should be discarded (or overwritten with [State.CopyFrom]); the
// techniques find no step in it. A state that has not broken down (a zero
// or nil one included) returns the zero Contradiction.
func (s *State) Contradiction() Contradiction {
	if s == nil {
		return Contradiction{}
	}
	return s.why
}

// broken reports whether a method of s has returned ErrContradiction
// (fail sets Cell or Unit to -1, so why is no longer zero). The counts of
// places may then be more than the candidates left, since a change that
// breaks the state returns before counting what it removed.
func (s *State) broken() bool { return s.why != (Contradiction{}) }

// brokenErr is the error of function fn called on a state that has broken
// down: it wraps ErrContradiction and says where the state broke.
func (s *State) brokenErr(fn string) error {
	return contract.Errorf("logic", "%s: a state that has broken down (%s): %w", fn, s.why.describe(s.words()), ErrContradiction)
}

func (s *State) fail(cell, unit, digit int) error {
	s.why = Contradiction{Cell: cell, Unit: unit, Digit: digit}
	s.naked, s.hidden = s.naked[:0], s.hidden[:0]
	return ErrContradiction
}

// drop records that cell c can no longer hold digit index e (digit e+1)
// in the counts of its houses.
func (s *State) drop(c, e int) error {
	for _, u := range s.t.CellHouses[c] {
		i := u*s.n + e
		k := s.count[i] - 1
		s.count[i] = k
		if k <= 1 {
			if k == 0 {
				return s.fail(-1, u, e+1)
			}
			if s.placed[u]&(1<<uint(e)) == 0 {
				s.hidden = append(s.hidden, int32(u*64+e))
			}
		}
	}
	return nil
}

// Assign places digit d in cell c and removes d from the candidates of c's
// peers. Cells left with one candidate, and digits left with one place in
// a house, are queued for [State.Propagate] but not placed yet. It returns
// ErrContradiction when d is not a candidate of c, a peer is left without
// candidates or a digit without a place in a house. An out-of-range cell
// or digit is an error wrapping sudoku.ErrInvalidArgument and
// sudoku.ErrCellRange or sudoku.ErrDigitRange. Assigning a cell its placed
// digit again does nothing.
func (s *State) Assign(c, d int) error {
	if s == nil || c < 0 || c >= len(s.cand) || d < 1 || d > s.n {
		kind := sudoku.ErrCellRange
		if s != nil && c >= 0 && c < len(s.cand) {
			kind = sudoku.ErrDigitRange
		}
		return contract.Invalid("logic", "assign %d to cell %d: %w", d, c, kind)
	}
	if int(s.value[c]) == d {
		return nil
	}
	bit := uint64(1) << uint(d-1) // d is in range
	m := s.cand[c]
	if m&bit == 0 || s.value[c] != 0 {
		return s.fail(c, -1, d)
	}
	s.cand[c] = bit
	s.value[c] = uint8(d)
	s.left--
	for _, u := range s.t.CellUnits[c] {
		s.placed[u] |= bit
	}
	for rest := m &^ bit; rest != 0; rest &= rest - 1 {
		if err := s.drop(c, bits.TrailingZeros64(rest)); err != nil {
			return err
		}
	}
	for _, p := range s.t.Peers[c] {
		p := int(p)
		pm := s.cand[p]
		if pm&bit == 0 {
			continue
		}
		pm &^= bit
		s.cand[p] = pm
		if pm&(pm-1) == 0 {
			if pm == 0 {
				return s.fail(p, -1, 0)
			}
			s.naked = append(s.naked, int32(p))
		}
		if err := s.drop(p, d-1); err != nil {
			return err
		}
	}
	return nil
}

// Eliminate removes the digits of mask from the candidates of cell c. A
// cell left with one candidate, or a digit left with one place in a house,
// is queued for [State.Propagate]; a cell left with none, a digit left
// with no place, or the removal of a placed digit is ErrContradiction. A
// cell out of range is an error wrapping sudoku.ErrInvalidArgument and
// sudoku.ErrCellRange.
func (s *State) Eliminate(c int, mask uint64) error {
	if s == nil || c < 0 || c >= len(s.cand) {
		return contract.Invalid("logic", "eliminate from cell %d: %w", c, sudoku.ErrCellRange)
	}
	m := s.cand[c]
	gone := m & mask
	if gone == 0 {
		return nil
	}
	m &^= mask
	s.cand[c] = m
	if m == 0 || s.value[c] != 0 {
		return s.fail(c, -1, int(s.value[c]))
	}
	if m&(m-1) == 0 {
		s.naked = append(s.naked, int32(c))
	}
	for ; gone != 0; gone &= gone - 1 {
		if err := s.drop(c, bits.TrailingZeros64(gone)); err != nil {
			return err
		}
	}
	return nil
}

// PlaceSingles places every queued naked single (a cell with one candidate
// left), and the ones those placements make, until none is left. A zero
// or nil State has none.
func (s *State) PlaceSingles() error {
	if s == nil {
		return nil
	}
	for len(s.naked) > 0 {
		c := int(s.naked[len(s.naked)-1])
		s.naked = s.naked[:len(s.naked)-1]
		if s.value[c] != 0 {
			continue
		}
		if err := s.Assign(c, bits.TrailingZeros64(s.cand[c])+1); err != nil {
			return err
		}
	}
	return nil
}

// HiddenSingles places each digit that has one cell left for it in a
// house, and the hidden singles those placements make, and reports how
// many it placed. It does not place the naked singles its placements make;
// [State.Propagate] does both.
func (s *State) HiddenSingles() (int, error) {
	if s == nil {
		return 0, nil
	}
	placed := 0
	for len(s.hidden) > 0 {
		h := int(s.hidden[len(s.hidden)-1])
		s.hidden = s.hidden[:len(s.hidden)-1]
		u, e := h/64, h%64
		bit := uint64(1) << uint(e)
		if s.placed[u]&bit != 0 {
			continue
		}
		for _, c := range s.t.UnitCells[u] {
			if s.cand[c]&bit != 0 {
				if err := s.Assign(c, e+1); err != nil {
					return placed, err
				}
				placed++
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
	if s == nil {
		return nil
	}
	for {
		if err := s.PlaceSingles(); err != nil {
			return err
		}
		if len(s.hidden) == 0 {
			return nil
		}
		if _, err := s.HiddenSingles(); err != nil {
			return err
		}
	}
}

// CopyFrom makes s a copy of o, reusing s's memory when it fits. Both must
// be on the same geometry or s must be a zero State. A nil o makes s a
// zero State; on a nil s it does nothing.
func (s *State) CopyFrom(o *State) {
	if s == nil {
		return
	}
	if o == nil {
		*s = State{}
		return
	}
	s.g, s.t, s.n, s.all, s.left, s.why = o.g, o.t, o.n, o.all, o.left, o.why
	s.notation, s.givens = o.notation, o.givens
	s.cand = append(s.cand[:0], o.cand...)
	s.value = append(s.value[:0], o.value...)
	s.count = append(s.count[:0], o.count...)
	s.placed = append(s.placed[:0], o.placed...)
	s.naked = append(s.naked[:0], o.naked...)
	s.hidden = append(s.hidden[:0], o.hidden...)
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
	if s == nil {
		return contract.Invalid("logic", "Fill: nil State")
	}
	if b == nil {
		return contract.Invalid("logic", "Fill: nil board")
	}
	if !b.Geometry().Equal(s.g) {
		return contract.Invalid("logic", "Fill: a %s from a state on a %s: %w", b.Geometry(), s.g, sudoku.ErrCellCount)
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
