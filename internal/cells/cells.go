// Package cells lets the packages of this module reach the digits that a
// sudoku.Board keeps unexported, without a method call per cell: the
// exact search loads and fills 9x9 boards hundreds of thousands of times
// a second. Package sudoku calls Register when it is initialised.
package cells

// access holds the functions Register set, for the board type B of
// package sudoku, which this package cannot name without an import cycle.
type access[B any] struct {
	of, own func(*B) []uint8
}

// registered is the *access[B] of Register; Of and Own assert it back to
// the same B.
var registered any

// Register sets the functions behind Of and Own. It is called once, by
// package sudoku's initialisation, with B its Board.
func Register[B any](of, own func(*B) []uint8) {
	registered = &access[B]{of: of, own: own}
}

// Of returns the digits of b, a *sudoku.Board, one byte per cell (0 for
// an empty cell): the board's own memory, not a copy, so a caller only
// reads it, or writes to a board it has just made for itself. A nil or
// zero board reads as an empty 9x9 board that must not be written to. B
// is the type Register was given; another one is a bug of the module and
// panics.
func Of[B any](b *B) []uint8 { return registered.(*access[B]).of(b) }

// Own returns the digits of b, a *sudoku.Board, to write to: the board's
// own memory, after making a zero board an empty 9x9 one; nil for a nil
// board.
func Own[B any](b *B) []uint8 { return registered.(*access[B]).own(b) }
