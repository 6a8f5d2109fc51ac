// Package cube is Sudoku on the faces of a cube: the three-face puzzle of
// Dion Church and its six-face generalisation, with matching or differing
// edges, as studied by Lambert and Whitlock (2010) and Mayorov and
// Whitlock.
//
// Picture an m x m x m cube of small cubies, m = n*n for a box side n from
// 2 to 5 ([Cube.BoxSize]; m is [Cube.Digits], the digits and the side of a
// face). Each face of the model is an m x m Sudoku with n x n boxes, and
// a cell of a face is a sticker on a surface cubie. The stickers of one
// cubie (two on an edge, three at a corner) are across an edge from each
// other. Under the edge rule [Match] they hold one digit, so they are one
// cell of the geometry, in the rows, columns and boxes of two or three
// faces; under [Differ] they are distinct cells that together make a
// small unit of kind [sudoku.Edge]. The model [SixFaces] covers the whole
// cube; [ThreeFaces] keeps the up, front and right faces, which meet at
// one corner, so only the three edges between them carry the rule.
//
// The faces are placed and oriented as in the unfolded net, a cross:
//
//	      up
//	left  front  right  back
//	      down
//
// Each face is drawn as seen from outside the cube; up's bottom row meets
// front's top row, down's top row meets front's bottom row, and around the
// middle each face's right column meets the next one's left column (back's
// right column meets left's left column). The three-face net keeps up
// above front and right beside front (see [Cube.Net]). The cubie
// coordinates of the six faces are written down once, and every
// adjacency, of stickers, edges and corners, is derived from them.
//
// A [Cube] is a [sudoku.Board] on the cube's [sudoku.Geometry], so the
// rest of the library works on it unchanged: search.Solve, Count and All
// solve, count and enumerate cube puzzles exactly, and logic and anneal
// work on it as on any board. [Cube.Faces], [Cube.FaceCells],
// [Cube.Cell], [Cube.Stickers] and [Cube.Partners] map between faces,
// stickers and cells; [Cube.Face] copies one face out as a board of its
// own; [Cube.Validate] names conflicts by face and cell. [Parse] and
// [Cube.Net] read and write the net as text (at most [NetTextLimit]
// bytes), [Cube.SVG] draws it, and a Cube is JSON with camelCase keys.
// Anneal and SVG take this package's [Option] values: the library's shared
// options (WithWorkers, WithSeed, WithChainLimit, WithObserver,
// WithStats), and [WithAnneal] and [WithDraw], which carry options of
// packages anneal and draw to the engine and the drawing.
// [Model], [EdgeRule], [Face] and [Strategy] are text by name, read by
// [ParseModel], [ParseEdgeRule], [ParseFace] and [ParseStrategy].
//
// A Cube's methods only read it, but for [Cube.UnmarshalJSON] and changes
// made through [Cube.Board], so goroutines may share one; the zero Cube,
// the empty three-face 9x9 cube, writes nothing when read. What the
// methods return is the caller's own, but for the board of [Cube.Board]
// and the shared, immutable [sudoku.Geometry]. A bad argument anywhere is
// an error wrapping [sudoku.ErrInvalidArgument]; errors keep their cause,
// so [errors.As] finds a [*sudoku.ParseError] or [*sudoku.ConflictError].
//
// # Annealing
//
// [Anneal] solves a cube by simulated annealing, in one of three
// strategies: [Master] and [Chains], the two parallel face-by-face methods
// of Mayorov and Whitlock, and [Whole], the cube's geometry annealed as
// one puzzle. Package search solves the same cubes exactly, and faster;
// the benchmarks of this package and examples/cube measure both, and the
// project's docs/speed.md gives the tables beside the papers' times.
//
// # Counts
//
// The complete fillings of the cubes with faces of 4x4 (n = 2), counted
// exactly by package search and checked in the tests against a brute
// force over the 288 grids of each face:
//
//	model        edges   cells        fillings
//	three faces  match      37           5,184
//	three faces  differ     48       1,124,928
//	six faces    match      56             768
//	six faces    differ     96   1,914,599,424
//
// A filling with its digits renamed is another filling, so each count is
// 24 times the count over the 12 grids of face 0 whose first row is
// 1 2 3 4. The last count comes from that sum, face 0 fixed in turn to each
// of the 12, by search and by the brute force; the tests check it with
// faces fixed.
package cube
