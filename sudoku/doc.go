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
// Reading costs memory in proportion to the puzzles kept: one puzzle's text
// is bounded by [DefaultTextLimit] (or [WithTextLimit]), refused with
// [ErrTooLarge] before it is read, and the Scanner streams, handing out a
// puzzle written on one line as soon as its line ends.
//
// A geometry is shared by every board on it and by every goroutine, and no
// caller can change it: its methods give out copies ([Geometry.Peers],
// [Geometry.Units]) or read one value at a time without allocating
// ([Geometry.Peer], [Geometry.UnitCell]). Values an app stores have text
// and JSON forms: boards, and the enumerations [UnitKind] and [Alphabet]
// by name ([ParseUnitKind], [ParseAlphabet]). A bad argument to any
// function of the package is an error wrapping [ErrInvalidArgument].
package sudoku
