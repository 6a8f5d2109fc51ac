package logic

import (
	"errors"
	"slices"
	"strings"

	"github.com/cubedoku/cubedoku/sudoku"
)

// WrongEntryError is the error [Hint] returns when the player's entries
// or pencil marks cannot lead to the solution: it names the cells at
// fault, for an app to highlight, and matches [ErrWrongEntry] under
// [errors.Is]. [errors.As] finds it:
//
//	var we *logic.WrongEntryError
//	if errors.As(err, &we) {
//		highlight(we.Cells)
//	}
type WrongEntryError struct {
	// Cells are the cells at fault, in increasing order: entries that
	// differ from the solution, cells whose pencil marks leave out the
	// solution's digit, entries that conflict with another digit (givens
	// are never at fault), or the open cell the entries and marks left
	// without a candidate, or the open cells of a house they left without
	// a place for a digit.
	Cells []int `json:"cells"`
	// Err is the cause when there is one: an error wrapping
	// [ErrContradiction], with the [*sudoku.ConflictError] of conflicting
	// digits; nil when the cells were checked against a solution.
	Err error `json:"-"`

	msg string
}

// Error says what is wrong, naming the cells: "logic: entries contradict
// the solution: r1c3 holds 2, not the solution's digit". A nil e says
// only [ErrWrongEntry]'s words.
func (e *WrongEntryError) Error() string {
	if e == nil || e.msg == "" {
		return ErrWrongEntry.Error()
	}
	return ErrWrongEntry.Error() + ": " + e.msg
}

// Is reports whether target is [ErrWrongEntry].
func (e *WrongEntryError) Is(target error) bool { return target == ErrWrongEntry }

// Unwrap returns the cause, [WrongEntryError.Err] (nil for a nil e).
func (e *WrongEntryError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// wrongFromContradiction turns err, an error of building a state from the
// digits of b and marks that wraps ErrContradiction, into a
// *WrongEntryError naming the cells at fault: the entries of a
// *sudoku.ConflictError, else the cell or house the state s broke down in
// (s may be nil).
func wrongFromContradiction(err error, b *sudoku.Board, s *State) *WrongEntryError {
	g := b.Geometry()
	why, haveWhy := s.Contradiction(), s != nil
	var cells []int
	var ce *sudoku.ConflictError
	switch {
	case errors.As(err, &ce):
		for _, c := range ce.Conflicts {
			for _, x := range []int{c.A, c.B} {
				if !b.Given(x) {
					cells = append(cells, x)
				}
			}
		}
	case haveWhy && why.Cell >= 0 && why.Cell < g.NumCells():
		cells = []int{why.Cell}
	case haveWhy && why.Unit >= 0 && why.Unit < g.NumUnits():
		for i := range g.UnitSize(why.Unit) {
			if c := g.UnitCell(why.Unit, i); b.Get(c) == 0 {
				cells = append(cells, c)
			}
		}
	}
	slices.Sort(cells)
	cells = slices.Compact(cells)
	msg := err.Error()
	// The cause's text follows; drop the sentinel's own words from it.
	msg = strings.TrimPrefix(msg, ErrContradiction.Error()+": ")
	return &WrongEntryError{Cells: cells, Err: err, msg: msg}
}
