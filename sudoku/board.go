package sudoku

import (
	"fmt"
	"slices"

	"github.com/cubedoku/cubedoku/internal/cells"
	"github.com/cubedoku/cubedoku/internal/contract"
)

func init() {
	cells.Register(
		func(b *Board) []uint8 { return b.view().digits },
		func(b *Board) []uint8 {
			if b.init() != nil {
				return nil
			}
			return b.digits
		})
}

// Board is a grid of digits on a [Geometry]: 0 for an empty cell, 1..N
// otherwise, and for each cell whether it is a given (a clue of the
// puzzle) or an entry. A Board is not safe for concurrent mutation.
//
// The zero Board is an empty classic 9x9 board; [NewBoard] and [Parse]
// make boards of any geometry. A nil *Board reads as the zero Board (an
// empty 9x9 board), and the methods that change a board return an error
// wrapping [ErrInvalidArgument] on it (ClearEntries does nothing). Every
// error for an argument out of range (a cell, a digit, a notation) wraps
// ErrInvalidArgument as well as its own sentinel, such as [ErrCellRange].
type Board struct {
	g        *Geometry
	digits   []uint8
	given    []bool
	notation Notation
}

// NewBoard returns an empty board on g. A nil g means the classic 9x9.
func NewBoard(g *Geometry) *Board {
	if g == nil {
		g = Classic()
	}
	return alloc(g)
}

// classicCells is a board of 81 cells with its cells in the same block of
// memory, so that making one takes one allocation instead of three:
// solvers and generators make such boards by the thousand a second.
type classicCells struct {
	Board
	digits [81]uint8
	given  [81]bool
}

// alloc returns an empty board on g.
func alloc(g *Geometry) *Board {
	if g.cells == 81 {
		// Field by field: copying a whole Board, a struct with pointers,
		// into it would call the runtime's bulk write barrier.
		c := new(classicCells)
		c.g, c.Board.digits, c.Board.given = g, c.digits[:], c.given[:]
		return &c.Board
	}
	return &Board{g: g, digits: make([]uint8, g.cells), given: make([]bool, g.cells)}
}

// init makes the zero Board an empty 9x9 board, before a change. It
// fails on a nil b.
func (b *Board) init() error {
	if b == nil {
		return contract.Invalid("sudoku", "change a nil *Board")
	}
	if b.g == nil {
		*b = *NewBoard(nil)
	}
	return nil
}

// emptyView is the empty 9x9 board that a zero or nil Board reads as.
// Nothing writes to it.
var emptyView = NewBoard(nil)

// view returns b, or for a zero or nil Board an empty 9x9 board to read,
// so that reading never changes a Board (concurrent reads stay safe).
func (b *Board) view() *Board {
	if b != nil && b.g != nil {
		return b
	}
	return emptyView
}

// Geometry returns the board's geometry.
func (b *Board) Geometry() *Geometry {
	b = b.view()
	return b.g
}

// Notation returns the notation the board was read in, used by
// [Board.Line], [Board.Pretty] and [Board.MarshalText].
func (b *Board) Notation() Notation { return b.view().notation }

// SetNotation sets the notation used to write the board. It returns an
// error wrapping [ErrSize] when the alphabet cannot write the board's
// digits, and one wrapping [ErrBadCharacter] for an empty-cell mark other
// than those [Notation] lists.
func (b *Board) SetNotation(n Notation) error {
	if err := b.init(); err != nil {
		return err
	}
	if n.Alphabet > Decimal {
		return fmt.Errorf("%w: unknown alphabet %d: %w", ErrSize, n.Alphabet, ErrInvalidArgument)
	}
	if !(n.Empty == 0 || n.Empty == '.' || n.Empty == '_' || n.Empty == '0' && n.Alphabet != Hex) {
		want := "'.', '_' or '0'"
		if n.Alphabet == Hex {
			want = "'.' or '_'"
		}
		return fmt.Errorf("%w: %q cannot mark an empty cell in %s (want %s): %w", ErrBadCharacter, n.Empty, n.Alphabet, want, ErrInvalidArgument)
	}
	if b.g.digits > n.Alphabet.MaxDigits() {
		return fmt.Errorf("%w: the %s alphabet writes at most %d digits, the board has %d: %w",
			ErrSize, n.Alphabet, n.Alphabet.MaxDigits(), b.g.digits, ErrInvalidArgument)
	}
	b.notation = n
	return nil
}

// Get returns the digit in cell c (0 if empty or out of range).
func (b *Board) Get(c int) int {
	if b == nil || c < 0 || c >= len(b.digits) {
		return 0
	}
	return int(b.digits[c])
}

// Given reports whether cell c holds a given.
func (b *Board) Given(c int) bool {
	return b != nil && c >= 0 && c < len(b.given) && b.given[c]
}

// Set puts digit d (0 to clear) in cell c as an entry. It fails, changing
// nothing, when c or d is out of range or c holds a given.
func (b *Board) Set(c, d int) error {
	if err := b.check(c, d); err != nil {
		return err
	}
	if b.given[c] {
		return fmt.Errorf("%w: %s", ErrGivenCell, b.g.CellName(c))
	}
	b.digits[c] = uint8(d)
	return nil
}

// FillEmpty writes digits[c] into every empty cell c of b, as an entry,
// as a solver does with its answer: cells that hold a digit keep it, and a
// digit of 0 leaves its cell empty. It fails, changing nothing, unless
// digits has one digit in range for each cell.
func (b *Board) FillEmpty(digits []int) error {
	if err := b.init(); err != nil {
		return err
	}
	if len(digits) != b.g.cells {
		return fmt.Errorf("%w: %d digits for %d cells: %w", ErrCellCount, len(digits), b.g.cells, ErrInvalidArgument)
	}
	for c, d := range digits {
		if uint(d) > uint(b.g.digits) {
			return fmt.Errorf("%w: %d in %s (digits are 1 to %d): %w", ErrDigitRange, d, b.g.CellName(c), b.g.digits, ErrInvalidArgument)
		}
	}
	// Written without a branch on which cells are empty, which follows
	// no pattern a processor could predict.
	own := b.digits[:len(digits)]
	for c, d := range digits {
		x := own[c]
		if x == 0 {
			x = uint8(d)
		}
		own[c] = x
	}
	return nil
}

// SetGiven puts digit d in cell c as a given, or with d = 0 empties the
// cell and makes it an ordinary cell again. It fails, changing nothing,
// when c or d is out of range.
func (b *Board) SetGiven(c, d int) error {
	if err := b.check(c, d); err != nil {
		return err
	}
	b.digits[c] = uint8(d)
	b.given[c] = d != 0
	return nil
}

func (b *Board) check(c, d int) error {
	if err := b.init(); err != nil {
		return err
	}
	if c < 0 || c >= b.g.cells {
		return fmt.Errorf("%w: cell %d of %d: %w", ErrCellRange, c, b.g.cells, ErrInvalidArgument)
	}
	if d < 0 || d > b.g.digits {
		return fmt.Errorf("%w: %d in %s (digits are 1 to %d): %w", ErrDigitRange, d, b.g.CellName(c), b.g.digits, ErrInvalidArgument)
	}
	return nil
}

// Digits returns a copy of the board's digits, one per cell, 0 for empty.
func (b *Board) Digits() []int {
	b = b.view()
	out := make([]int, len(b.digits))
	for i, d := range b.digits {
		out[i] = int(d)
	}
	return out
}

// Givens returns the board's puzzle: a board with the givens only.
func (b *Board) Givens() *Board {
	p := b.Clone()
	for c, g := range p.given {
		if !g {
			p.digits[c] = 0
		}
	}
	return p
}

// ClearEntries empties every cell that is not a given.
func (b *Board) ClearEntries() {
	if b == nil {
		return
	}
	for c, g := range b.given {
		if !g {
			b.digits[c] = 0
		}
	}
}

// Empty returns the number of empty cells.
func (b *Board) Empty() int {
	b = b.view()
	n := 0
	for _, d := range b.digits {
		if d == 0 {
			n++
		}
	}
	return n
}

// Filled reports whether every cell holds a digit.
func (b *Board) Filled() bool { return b.Empty() == 0 }

// Solved reports whether every cell holds a digit and no unit repeats one.
func (b *Board) Solved() bool { return b.Filled() && b.Validate() == nil }

// Clone returns an independent copy of the board.
func (b *Board) Clone() *Board {
	b = b.view()
	c := alloc(b.g)
	copy(c.digits, b.digits)
	copy(c.given, b.given)
	c.notation = b.notation
	return c
}

// Equal reports whether b and o have equal geometries and the same digit
// in every cell. Which cells are givens is not compared, so a solved puzzle
// equals the same solution read from text.
func (b *Board) Equal(o *Board) bool {
	if b == nil || o == nil {
		return b == o
	}
	b = b.view()
	o = o.view()
	return b.g.Equal(o.g) && slices.Equal(b.digits, o.digits)
}

// Validate checks that no unit holds a digit twice. It returns nil or a
// [*ConflictError] naming every conflicting pair of cells (each pair once,
// with one unit that holds both).
func (b *Board) Validate() error {
	b = b.view()
	var conflicts []Conflict
	type pair struct{ a, b int }
	var seen map[pair]bool
	first := make([]int, b.g.digits+1) // first cell (1-based) holding each digit in the unit
	for ui, u := range b.g.units {
		clear(first)
		for _, c := range u.Cells {
			d := b.digits[c]
			if d == 0 {
				continue
			}
			if first[d] == 0 {
				first[d] = c + 1
				continue
			}
			// Report every earlier holder of d in this unit, not only the first.
			for _, p := range u.Cells {
				if p == c {
					break
				}
				if b.digits[p] != d {
					continue
				}
				k := pair{min(p, c), max(p, c)}
				if seen == nil {
					seen = make(map[pair]bool)
				}
				if seen[k] {
					continue
				}
				seen[k] = true
				conflicts = append(conflicts, Conflict{A: k.a, B: k.b, Digit: int(d), Unit: ui})
			}
		}
	}
	if conflicts == nil {
		return nil
	}
	return &ConflictError{Conflicts: conflicts, g: b.g, n: b.notation}
}
