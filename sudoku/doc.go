// Package sudoku is the vocabulary of the library: a [Geometry] of cells and
// all-different units, and a [Board] of digits on it.
//
// A geometry is a fixed set of cells, each taking a digit 1..N, and a list
// of units, groups of cells whose digits must all differ. The classic board
// is one geometry (81 cells, 27 units); boards with other box shapes,
// variants with extra regions, and the faces of a cube are others, built
// with [NewGeometry], [GeometryForSize] and [NewCustomGeometry]. Solvers
// elsewhere in the library work on any geometry.
//
// Boards are read with [Parse] (one puzzle) or a [Scanner] (a stream of
// them), written with [Board.Line] and [Board.Pretty], and checked with
// [Board.Validate]. Every error wraps a sentinel of this package, so
// [errors.Is] tells its kind, and parse errors say where the input is wrong.
package sudoku
