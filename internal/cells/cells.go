// Package cells lets the packages of this module reach the digits that a
// sudoku.Board keeps unexported, without a method call per cell: the
// exact search loads and fills 9x9 boards hundreds of thousands of times
// a second. Package sudoku sets Of and Own when it is initialised.
package cells

// Of returns the digits of b, a *sudoku.Board, one byte per cell (0 for
// an empty cell): the board's own memory, not a copy, so a caller only
// reads it, or writes to a board it has just made for itself. A nil or
// zero board reads as an empty 9x9 board that must not be written to.
var Of func(b any) []uint8

// Own returns the digits of b, a *sudoku.Board, to write to: the board's
// own memory, after making a zero board an empty 9x9 one; nil for a nil
// board.
var Own func(b any) []uint8
