package cube

import (
	"fmt"
	"slices"
	"sync"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Model says which faces of the cube carry a Sudoku.
type Model int

// The models. The zero value, ThreeFaces, is the original puzzle.
const (
	// ThreeFaces is Dion Church's puzzle: the three faces that meet at one
	// corner, up, front and right. Only the three edges between them carry
	// the edge rule.
	ThreeFaces Model = iota
	// SixFaces puts a Sudoku on every face; all twelve edges carry the
	// edge rule.
	SixFaces
)

// faces returns the faces of the model in numbering order.
func (m Model) faces() []Face {
	if m == ThreeFaces {
		return []Face{Up, Front, Right}
	}
	return []Face{Up, Left, Front, Right, Back, Down}
}

var modelNames = contract.NewNames[Model](pkg, "Model", "three-faces", "six-faces")

// String returns "three-faces" or "six-faces": one word each, for a
// command line.
func (m Model) String() string { return modelNames.String(m) }

// EdgeRule says how the stickers of one cubie, across an edge of the cube,
// relate.
type EdgeRule int

// The edge rules. The zero value, Match, is the original puzzle.
const (
	// Match: the stickers of one cubie hold the same digit. They are one
	// cell of the geometry, in the rows, columns and boxes of two or three
	// faces.
	Match EdgeRule = iota
	// Differ: the stickers of one cubie hold different digits. Each is a
	// cell of its own, and together they make a unit of kind
	// [sudoku.Edge] (two cells, or three at a corner).
	Differ
)

var edgeNames = contract.NewNames[EdgeRule](pkg, "EdgeRule", "match", "differ")

// String returns "match" or "differ".
func (e EdgeRule) String() string { return edgeNames.String(e) }

// Face is a face of the cube, named as seen from the front.
type Face int

// The faces, in numbering order: the order of the unfolded net read line
// by line (up; left, front, right, back; down).
const (
	Up Face = iota
	Left
	Front
	Right
	Back
	Down
	numFaces = 6
)

var faceNames = contract.NewNames[Face](pkg, "Face", "up", "left", "front", "right", "back", "down")

// String returns the face's name in lower case, such as "front".
func (f Face) String() string { return faceNames.String(f) }

// Sticker is one cell of one face: a face of a surface cubie. Row and Col
// are 0-based, as the face is drawn in the net. Its JSON is an object with
// the face by name: {"face":"front","row":1,"col":2}.
type Sticker struct {
	Face Face `json:"face"`
	Row  int  `json:"row"`
	Col  int  `json:"col"`
}

// String names the sticker as cells are named in messages: "front r2c3"
// (1-based).
func (s Sticker) String() string { return fmt.Sprintf("%s r%dc%d", s.Face, s.Row+1, s.Col+1) }

// Cube is a Sudoku on the faces of an m x m x m cube of cubies, m = n*n:
// each face of the model an m x m board with n x n boxes, the stickers of
// one cubie bound by the edge rule. Its digits are a [sudoku.Board] on the
// cube's geometry, so package search solves it as it is, and logic and
// anneal work on it too. Its methods, but for [Cube.UnmarshalJSON] and
// changes made through [Cube.Board], only read it, so many goroutines may
// read one Cube at once; a change must not run beside any other call.
//
// The zero Cube (and a nil *Cube) reads as an empty three-face cube of 9x9
// faces with matching edges, the original puzzle. It has no board of its
// own, so it cannot be changed but by [Cube.UnmarshalJSON]: take a
// [Cube.Clone] of it, or make one with [New], to fill it in. Reading it
// writes nothing, so a zero Cube is as safe to share as any other. [New],
// [Parse] and [FromBoard] make others.
type Cube struct {
	v *variant
	b *sudoku.Board
}

// New returns an empty cube with boxes of box x box cells (faces of
// box*box x box*box cells, box from 2 to 5), the given model and edge
// rule. Errors wrap [sudoku.ErrInvalidArgument]: for box outside 2..5
// (and [ErrSize]) or for an unknown model or rule.
func New(box int, model Model, edges EdgeRule) (*Cube, error) {
	v, err := getVariant(box, model, edges)
	if err != nil {
		return nil, err
	}
	return &Cube{v: v, b: sudoku.NewBoard(v.g)}, nil
}

// FromBoard returns the cube whose digits are b, a board on the geometry
// of the cube with boxes of box x box cells, the model and the edge rule
// (such as a solution from package search). The cube uses
// b itself, not a copy. Errors wrap [sudoku.ErrInvalidArgument]: for box
// outside 2..5 (and [ErrSize]), an unknown model or rule, a nil board, or a
// board on another geometry.
func FromBoard(b *sudoku.Board, box int, model Model, edges EdgeRule) (*Cube, error) {
	v, err := getVariant(box, model, edges)
	if err != nil {
		return nil, err
	}
	if b == nil {
		return nil, contract.Invalid(pkg, "nil board")
	}
	if !b.Geometry().Equal(v.g) {
		return nil, contract.Invalid(pkg, "board is a %s, not on the geometry of the %s cube with %dx%d faces and %s edges",
			b.Geometry(), model, v.m, v.m, edges)
	}
	return &Cube{v: v, b: b}, nil
}

// zeroCube is what the zero Cube reads as: the empty three-face 9x9 cube
// with matching edges, made once and never changed (its board is never
// handed out).
var zeroCube = sync.OnceValue(func() *Cube {
	c, err := New(3, ThreeFaces, Match)
	if err != nil {
		panic("cube: the zero cube: " + err.Error()) // unreachable: the variant is valid
	}
	return c
})

// view returns c, or for a nil or zero Cube the shared zeroCube, which
// must only be read. It writes nothing.
func (c *Cube) view() *Cube {
	if c == nil || c.v == nil {
		return zeroCube()
	}
	return c
}

// BoxSize returns the side of a box: boxes are BoxSize() x BoxSize()
// cells, faces Digits() x Digits().
func (c *Cube) BoxSize() int { return c.view().v.n }

// Digits returns the number of digits, BoxSize() squared, which is also
// the side of a face.
func (c *Cube) Digits() int { return c.view().v.m }

// Model returns the cube's model.
func (c *Cube) Model() Model { return c.view().v.model }

// Edges returns the cube's edge rule.
func (c *Cube) Edges() EdgeRule { return c.view().v.edges }

// Faces returns the faces of the model in numbering order: up, front,
// right for three faces; up, left, front, right, back, down for six.
// Faces()[0] is face 0. The slice is the caller's own.
func (c *Cube) Faces() []Face { return slices.Clone(c.view().v.faces) }

// Geometry returns the cube's geometry, the one [NewGeometry] returns.
func (c *Cube) Geometry() *sudoku.Geometry { return c.view().v.g }

// Board returns the cube's digits as a board on [Cube.Geometry]: the
// cube's own board, not a copy, so changes to it are changes to the cube.
// The zero Cube has no board of its own: it returns a new empty board each
// time, and changes to it are not kept.
func (c *Cube) Board() *sudoku.Board {
	if c == nil || c.v == nil {
		return sudoku.NewBoard(zeroCube().v.g)
	}
	return c.b
}

// FaceCells returns the m*m cells of the geometry that face f shows, row
// by row as the face is drawn in the net, or nil when f is not a face of
// the model. The slice is the caller's own.
func (c *Cube) FaceCells(f Face) []int {
	v := c.view().v
	if !v.has(f) {
		return nil
	}
	return slices.Clone(v.faceCells[f])
}

// Face returns a copy of face f as an m x m board with n x n boxes (on
// sudoku.NewGeometry(n, n)), givens kept, or nil when f is not a face of
// the model.
func (c *Cube) Face(f Face) *sudoku.Board {
	c = c.view()
	if !c.v.has(f) {
		return nil
	}
	g, _ := sudoku.NewGeometry(c.v.n, c.v.n)
	fb := sudoku.NewBoard(g)
	for i, cell := range c.v.faceCells[f] {
		if d := c.b.Get(cell); c.b.Given(cell) {
			_ = fb.SetGiven(i, d)
		} else {
			_ = fb.Set(i, d)
		}
	}
	return fb
}

// Cell returns the cell of the geometry that sticker s shows, or -1 when s
// is not on a face of the model.
func (c *Cube) Cell(s Sticker) int { return c.view().v.cell(s) }

// Stickers returns the stickers that show cell: one, or under [Match] two
// or three for a cubie on an edge between faces of the model. It returns
// nil for a cell out of range. The slice is the caller's own.
func (c *Cube) Stickers(cell int) []Sticker {
	v := c.view().v
	if cell < 0 || cell >= len(v.stickers) {
		return nil
	}
	return slices.Clone(v.stickers[cell])
}

// Partners returns the other stickers of the cubie that carries s, on the
// faces of the model, in face order: none for a sticker inside a face or on
// an edge to a face outside the model, one across an edge, two at a corner
// of three faces. It returns nil when s is not on the model. The slice is
// the caller's own.
func (c *Cube) Partners(s Sticker) []Sticker {
	v := c.view().v
	if v.cell(s) < 0 {
		return nil
	}
	return slices.Clone(v.partners[v.stickerIndex(s)])
}

// Neighbors returns the faces of the model that share an edge with f, in
// face order (nil when f is not a face of the model).
func (c *Cube) Neighbors(f Face) []Face {
	v := c.view().v
	if !v.has(f) {
		return nil
	}
	var seen [numFaces]bool
	for r := range v.m {
		for col := range v.m {
			for _, p := range v.partners[v.stickerIndex(Sticker{f, r, col})] {
				seen[p.Face] = true
			}
		}
	}
	var fs []Face
	for _, g := range v.faces {
		if seen[g] {
			fs = append(fs, g)
		}
	}
	return fs
}

// At returns the digit on sticker s, 0 when empty or not on the model.
func (c *Cube) At(s Sticker) int {
	c = c.view()
	return c.b.Get(c.v.cell(s))
}

// Clone returns an independent copy of the cube; the copy of a zero Cube
// is an empty three-face 9x9 cube with a board of its own.
func (c *Cube) Clone() *Cube {
	c = c.view()
	return &Cube{v: c.v, b: c.b.Clone()}
}

// Validate checks that no row, column or box of a face, and under
// [Differ] no edge unit, holds a digit twice. It returns nil or a
// [*sudoku.ConflictError] (matching [sudoku.ErrConflict]) that names each
// conflicting pair by face and cell and the unit they share, such as
// "front r1c2 and front r1c4 both hold 3 (row 1 of the front face)".
func (c *Cube) Validate() error { return c.view().b.Validate() }

// Solved reports whether every cell holds a digit and no unit repeats one.
func (c *Cube) Solved() bool { return c.view().b.Solved() }
