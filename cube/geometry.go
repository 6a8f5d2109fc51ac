package cube

import (
	"fmt"
	"strings"
	"sync"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Coordinates of cubies: x runs from the left face (0) to the right face
// (m-1), y from the down face (0) to the up face (m-1), z from the back
// face (0) to the front face (m-1). A cubie is on the surface when one of
// its coordinates is 0 or m-1.
type vec [3]int

func (a vec) add(b vec) vec   { return vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a vec) scale(k int) vec { return vec{k * a[0], k * a[1], k * a[2]} }
func (a vec) dot(b vec) int   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a vec) cross(b vec) vec {
	return vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// frame places a face in space as it is drawn in the net, seen from
// outside the cube: the corner of the cube at its row 0, column 0 (each
// coordinate 0 for the low side, 1 for the high side, scaled by m-1), and
// the unit steps to the next row (down the page) and to the next column
// (right on the page). The outward normal is down x right.
type frame struct {
	origin, down, right vec
}

// frames is the one description of the cube's surface; every adjacency of
// stickers, edges and corners is derived from it. The net it draws:
//
//	      up
//	left  front  right  back
//	      down
//
// Up's bottom row meets front's top row, down's top row meets front's
// bottom row, and left, front, right and back follow each other around
// the cube, each one's right column meeting the next one's left column.
var frames = [numFaces]frame{
	Up:    {origin: vec{0, 1, 0}, down: vec{0, 0, 1}, right: vec{1, 0, 0}},
	Left:  {origin: vec{0, 1, 0}, down: vec{0, -1, 0}, right: vec{0, 0, 1}},
	Front: {origin: vec{0, 1, 1}, down: vec{0, -1, 0}, right: vec{1, 0, 0}},
	Right: {origin: vec{1, 1, 1}, down: vec{0, -1, 0}, right: vec{0, 0, -1}},
	Back:  {origin: vec{1, 1, 0}, down: vec{0, -1, 0}, right: vec{-1, 0, 0}},
	Down:  {origin: vec{0, 0, 1}, down: vec{0, 0, -1}, right: vec{1, 0, 0}},
}

// normal returns the outward unit normal of face f.
func (f Face) normal() vec { return frames[f].down.cross(frames[f].right) }

// cubie returns the coordinates of the cubie that carries sticker s on a
// cube of side m.
func cubie(s Sticker, m int) vec {
	fr := frames[s.Face]
	return fr.origin.scale(m - 1).add(fr.down.scale(s.Row)).add(fr.right.scale(s.Col))
}

// variant is everything fixed by a box size, a model and an edge rule:
// the geometry and the maps between stickers and its cells. It is
// immutable and shared by every cube of the variant.
type variant struct {
	n, m      int
	model     Model
	edges     EdgeRule
	faces     []Face
	g         *sudoku.Geometry
	faceCells [numFaces][]int // row-major cells of each face; nil if not in the model
	stickers  [][]Sticker     // stickers of each cell, in face order
	partners  [][]Sticker     // by stickerIndex: the other stickers of its cubie on the model
}

// stickerIndex numbers the stickers of all six faces.
func (v *variant) stickerIndex(s Sticker) int { return (int(s.Face)*v.m+s.Row)*v.m + s.Col }

var variants sync.Map // [3]int{n, model, edges} -> *variant

// minBox and maxBox bound the side of a box: faces of 4x4 to 25x25 cells,
// as far as the digits 1-9 then A-P go.
const (
	minBox = 2
	maxBox = 5
)

// checkBox returns nil for a box side from minBox to maxBox, else an error
// wrapping ErrSize: that of a side read from input.
func checkBox(n int) error {
	if n < minBox || n > maxBox {
		return fmt.Errorf("%w: boxes of %dx%d (want %d to %d a side)", ErrSize, n, n, minBox, maxBox)
	}
	return nil
}

// getVariant returns the shared variant, building it on first use. Its
// arguments are those of [New], so a box side out of range is an argument
// error, wrapping sudoku.ErrInvalidArgument as well as ErrSize.
func getVariant(n int, model Model, edges EdgeRule) (*variant, error) {
	if err := checkBox(n); err != nil {
		return nil, fmt.Errorf("%w: %w", err, sudoku.ErrInvalidArgument)
	}
	if model != ThreeFaces && model != SixFaces {
		return nil, contract.Invalid(pkg, "unknown model %d", int(model))
	}
	if edges != Match && edges != Differ {
		return nil, contract.Invalid(pkg, "unknown edge rule %d", int(edges))
	}
	key := [3]int{n, int(model), int(edges)}
	if v, ok := variants.Load(key); ok {
		return v.(*variant), nil
	}
	v, err := buildVariant(n, model, edges)
	if err != nil {
		return nil, err
	}
	got, _ := variants.LoadOrStore(key, v)
	return got.(*variant), nil
}

// NewGeometry returns the geometry of the cube with boxes of box x box
// cells (faces of box*box x box*box), the given model and edge rule. Its cells are
// numbered face by face in the order of [Cube.Faces], row by row; under
// [Match] a sticker whose cubie already has a cell on an earlier face is
// that cell. Each face has its rows, columns and boxes as houses, named
// like "row 2 of the front face"; under [Differ] each cubie with two or
// three stickers on the model's faces adds a unit of kind [sudoku.Edge],
// named like "edge up r4c1 / front r1c1". Cells are named by their
// stickers: "front r2c3", or "up r4c1 = front r1c1" for a shared cell.
//
// Each variant is built once and shared. Errors wrap
// [sudoku.ErrInvalidArgument]: for box outside 2..5 (and [ErrSize], as
// [sudoku.NewGeometry]'s error for a bad box shape wraps sudoku.ErrSize)
// or for an unknown model or rule.
func NewGeometry(box int, model Model, edges EdgeRule) (*sudoku.Geometry, error) {
	v, err := getVariant(box, model, edges)
	if err != nil {
		return nil, err
	}
	return v.g, nil
}

func buildVariant(n int, model Model, edges EdgeRule) (*variant, error) {
	m := n * n
	v := &variant{n: n, m: m, model: model, edges: edges, faces: model.faces()}

	// Stickers of the model grouped by cubie, in face order.
	onModel := make(map[vec][]Sticker)
	for _, f := range v.faces {
		for r := range m {
			for c := range m {
				s := Sticker{f, r, c}
				k := cubie(s, m)
				onModel[k] = append(onModel[k], s)
			}
		}
	}
	v.partners = make([][]Sticker, numFaces*m*m)
	for _, ss := range onModel {
		for _, s := range ss {
			for _, p := range ss {
				if p != s {
					v.partners[v.stickerIndex(s)] = append(v.partners[v.stickerIndex(s)], p)
				}
			}
		}
	}

	// Cells: one per sticker, or under Match one per cubie.
	cellOf := make(map[vec]int) // Match: the cell of each cubie met so far
	for _, f := range v.faces {
		cells := make([]int, 0, m*m)
		for r := range m {
			for c := range m {
				s := Sticker{f, r, c}
				k := cubie(s, m)
				cell, ok := cellOf[k]
				if !ok || edges == Differ {
					cell = len(v.stickers)
					v.stickers = append(v.stickers, nil)
					cellOf[k] = cell
				}
				v.stickers[cell] = append(v.stickers[cell], s)
				cells = append(cells, cell)
			}
		}
		v.faceCells[f] = cells
	}

	var units []sudoku.Unit
	for _, f := range v.faces {
		units = append(units, v.faceUnits(f)...)
	}
	if edges == Differ {
		// One unit per cubie with two or three stickers, in the order of
		// its first sticker's cell.
		for cell := range v.stickers {
			s := v.stickers[cell][0]
			ps := v.partners[v.stickerIndex(s)]
			if len(ps) == 0 || ps[0].Face < s.Face {
				continue // alone, or listed with an earlier sticker
			}
			u := sudoku.Unit{Kind: sudoku.Edge, Cells: []int{cell}}
			names := []string{s.String()}
			for _, p := range ps {
				u.Cells = append(u.Cells, v.cell(p))
				names = append(names, p.String())
			}
			u.Name = "edge " + strings.Join(names, " / ")
			units = append(units, u)
		}
	}
	names := make([]string, len(v.stickers))
	for cell, ss := range v.stickers {
		parts := make([]string, len(ss))
		for i, s := range ss {
			parts[i] = s.String()
		}
		names[cell] = strings.Join(parts, " = ")
	}
	g, err := sudoku.NewCustomGeometry(sudoku.Spec{Digits: m, Cells: len(v.stickers), Units: units, CellNames: names})
	if err != nil {
		return nil, fmt.Errorf("cube: building the geometry: %w", err)
	}
	v.g = g
	return v, nil
}

// faceUnits returns the rows, columns and boxes of face f.
func (v *variant) faceUnits(f Face) []sudoku.Unit {
	m, n, cells := v.m, v.n, v.faceCells[f]
	units := make([]sudoku.Unit, 0, 3*m)
	// Rows, then columns, then boxes, as on a board.
	for _, kind := range []sudoku.UnitKind{sudoku.Row, sudoku.Column, sudoku.Box} {
		for i := range m {
			u := sudoku.Unit{Kind: kind, Cells: make([]int, m), Name: fmt.Sprintf("%s %d of the %s face", kind, i+1, f)}
			for j := range m {
				var r, c int
				switch kind {
				case sudoku.Row:
					r, c = i, j
				case sudoku.Column:
					r, c = j, i
				default:
					r, c = i/n*n+j/n, i%n*n+j%n
				}
				u.Cells[j] = cells[r*m+c]
			}
			units = append(units, u)
		}
	}
	return units
}

// cell returns the cell of sticker s, or -1 when s is not on the model.
func (v *variant) cell(s Sticker) int {
	if !v.has(s.Face) || s.Row < 0 || s.Row >= v.m || s.Col < 0 || s.Col >= v.m {
		return -1
	}
	return v.faceCells[s.Face][s.Row*v.m+s.Col]
}

// has reports whether f is a face of the model.
func (v *variant) has(f Face) bool { return f >= 0 && f < numFaces && v.faceCells[f] != nil }
