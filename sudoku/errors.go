package sudoku

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/cubedoku/cubedoku/internal/contract"
)

// Sentinel errors. Every error this package makes wraps one of them, so
// callers can test the kind of a failure with [errors.Is]. (Malformed JSON
// is the exception: [Board.UnmarshalJSON] passes on encoding/json's error.)
var (
	// ErrEmptyInput reports text that holds no cells at all.
	ErrEmptyInput = errors.New("sudoku: empty input")
	// ErrBadCharacter reports a character that is neither a digit of the
	// notation, an empty-cell marker nor decoration.
	ErrBadCharacter = errors.New("sudoku: unexpected character")
	// ErrCellCount reports input whose number of cells does not make a board
	// (or does not match the geometry it was read with).
	ErrCellCount = errors.New("sudoku: wrong number of cells")
	// ErrDigitRange reports a digit outside 1..N for the board it belongs to.
	ErrDigitRange = errors.New("sudoku: digit out of range")
	// ErrCellRange reports a cell index or row/column outside the board.
	ErrCellRange = errors.New("sudoku: cell out of range")
	// ErrGivenCell reports an attempt to change a given with [Board.Set].
	ErrGivenCell = errors.New("sudoku: cell is a given")
	// ErrSize reports a board size or box shape this package does not build.
	ErrSize = errors.New("sudoku: unsupported size")
	// ErrGeometry reports an invalid custom geometry specification.
	ErrGeometry = errors.New("sudoku: invalid geometry")
	// ErrTooLarge reports puzzle text longer than the limit on one
	// puzzle's text ([DefaultTextLimit], or as [WithTextLimit] sets).
	ErrTooLarge = errors.New("sudoku: puzzle text too large")
	// ErrConflict reports two cells of one unit holding the same digit.
	// Errors of type [*ConflictError] match it.
	ErrConflict = errors.New("sudoku: conflicting digits")
	// ErrInvalidArgument reports an argument a function cannot take: a nil
	// context, board, geometry or option, a count or option value out of
	// range, an unknown name. It is the one argument error of the whole
	// library: every package wraps this same value, so
	// errors.Is(err, sudoku.ErrInvalidArgument) holds for a bad argument to
	// any call, whatever package made the error. Messages read
	// "package: what: invalid argument".
	ErrInvalidArgument = contract.ErrInvalidArgument
)

// MaxWorkers is the largest worker count any option of the library
// accepts (search, generate, anneal, cube): a larger one is an error
// wrapping [ErrInvalidArgument], checked before anything is allocated
// for the workers.
const MaxWorkers = contract.MaxWorkers

// ParseError describes malformed puzzle text: what is wrong and where.
// Line and Column are 1-based and count bytes of the input. Column is zero
// when the error concerns a puzzle as a whole (such as a wrong cell count);
// Line is then the puzzle's first line when a [Scanner] read it, else zero.
// In JSON it is an object with camelCase keys (line, column, msg); the kind
// is left out, since an error value has no JSON form.
type ParseError struct {
	Line   int    `json:"line"`   // line of the offending character or puzzle, or 0
	Column int    `json:"column"` // column of the offending character, or 0
	Msg    string `json:"msg"`    // what is wrong, in words
	Err    error  `json:"-"`      // the sentinel kind, such as ErrBadCharacter
}

// Error returns "sudoku: line L, column C: " and the message, leaving out
// the position parts that are zero.
func (e *ParseError) Error() string {
	switch {
	case e == nil:
		return "sudoku: <nil ParseError>"
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("sudoku: line %d, column %d: %s", e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("sudoku: line %d: %s", e.Line, e.Msg)
	}
	return "sudoku: " + e.Msg
}

// Unwrap returns the sentinel kind of the error.
func (e *ParseError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// Conflict is one pair of cells in one unit that hold the same digit.
type Conflict struct {
	A     int `json:"a"`     // the first of the two cells
	B     int `json:"b"`     // the second, A < B
	Digit int `json:"digit"` // the digit both hold
	Unit  int `json:"unit"`  // index of a unit holding both cells
}

// ConflictError lists every pair of cells that break a unit's all-different
// rule. It matches [ErrConflict] under [errors.Is].
type ConflictError struct {
	Conflicts []Conflict `json:"conflicts"`
	g         *Geometry
	n         Notation // how the board writes its digits
}

// Error names every conflicting pair of cells and the unit they share.
func (e *ConflictError) Error() string {
	if e == nil {
		return "sudoku: <nil ConflictError>"
	}
	var sb strings.Builder
	sb.WriteString("sudoku: ")
	if len(e.Conflicts) == 1 {
		sb.WriteString("conflict: ")
	} else {
		fmt.Fprintf(&sb, "%d conflicts: ", len(e.Conflicts))
	}
	const shown = 8
	for i, c := range e.Conflicts {
		if i == shown {
			fmt.Fprintf(&sb, "; and %d more", len(e.Conflicts)-shown)
			break
		}
		if i > 0 {
			sb.WriteString("; ")
		}
		if e.g == nil { // built by hand, without a geometry to name cells
			fmt.Fprintf(&sb, "cells %d and %d both hold %d (unit %d)", c.A, c.B, c.Digit, c.Unit)
			continue
		}
		digit := e.n.DigitText(e.g, c.Digit)
		if digit == "" { // no digit of the geometry: say the number
			digit = strconv.Itoa(c.Digit)
		}
		fmt.Fprintf(&sb, "%s and %s both hold %s (%s)",
			e.g.CellName(c.A), e.g.CellName(c.B), digit, e.g.UnitName(c.Unit))
	}
	return sb.String()
}

// Is reports whether target is [ErrConflict].
func (e *ConflictError) Is(target error) bool { return target == ErrConflict }
