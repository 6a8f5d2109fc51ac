package cube

import (
	"errors"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Sentinel errors. Every error this package makes wraps one of them (or
// one of package sudoku's; [Anneal]'s also wrap [anneal.ErrNotSolved], and
// [logic.ErrContradiction] for givens that contradict), so callers can
// test the kind of a failure with [errors.Is]. Malformed nets are reported
// as a [*sudoku.ParseError] (with the line and column) whose kind is one
// of these or of package sudoku's; conflicting digits by [Cube.Validate]
// as a [*sudoku.ConflictError]. Malformed JSON is passed on from
// encoding/json. A bad argument (a box size outside 2..5, an unknown
// model, edge rule, face or strategy, a nil board, a board that is not on
// the cube's geometry) wraps [sudoku.ErrInvalidArgument], the library's
// one argument error.
var (
	// ErrSize reports a box size outside 2..5. It wraps [sudoku.ErrSize].
	// The error for a size passed to [New], [NewGeometry] or [FromBoard]
	// also wraps [sudoku.ErrInvalidArgument], as [sudoku.NewGeometry]'s
	// does; one for a size read from JSON is input, not an argument, and
	// does not.
	ErrSize error = &kind{"cube: unsupported box size", sudoku.ErrSize}
	// ErrLayout reports text whose lines of cells do not make the net of a
	// cube: a wrong number of cells in a line, or of lines. It wraps
	// [sudoku.ErrCellCount].
	ErrLayout error = &kind{"cube: lines of cells do not make a net", sudoku.ErrCellCount}
	// ErrMismatch reports two copies of one shared cell (the stickers of
	// one cubie under the Match rule) that hold different digits.
	ErrMismatch = errors.New("cube: copies of a shared cell differ")
)

// pkg names the package in its errors.
const pkg = "cube"

// kind is a sentinel error of this package that also matches a sentinel of
// package sudoku, so callers who only know package sudoku's kinds still
// recognise it.
type kind struct {
	msg  string
	also error
}

func (k *kind) Error() string { return k.msg }

func (k *kind) Is(target error) bool { return target == k.also }
