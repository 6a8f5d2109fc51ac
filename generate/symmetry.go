package generate

import (
	"strings"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Symmetry is a symmetry of the clues' pattern: with it, a cell is a clue
// exactly when its images are. It implements encoding.TextMarshaler and
// TextUnmarshaler with the names String prints, so it can be a
// command-line flag (flag.TextVar) or a JSON value.
type Symmetry uint8

// The symmetries. Each maps the grid layout onto itself.
const (
	// NoSymmetry: clues anywhere.
	NoSymmetry Symmetry = iota
	// Rotate180: the pattern is the same after a half turn.
	Rotate180
	// Rotate90: the pattern is the same after a quarter turn (square
	// layouts only).
	Rotate90
	// Mirror: the pattern is the same in a vertical mirror (left and right
	// exchanged).
	Mirror
	// Diagonal: the pattern is the same in the main diagonal (rows and
	// columns exchanged; square layouts only).
	Diagonal
	numSymmetries
)

var symmetryNames = [numSymmetries]string{"none", "rotate180", "rotate90", "mirror", "diagonal"}

// String returns the symmetry's name: "none", "rotate180", "rotate90",
// "mirror" or "diagonal".
func (s Symmetry) String() string { return nameOf(symmetryNames[:], s, "Symmetry") }

// MarshalText encodes the symmetry as its name. A number that is no
// symmetry is an error wrapping [sudoku.ErrInvalidArgument].
func (s Symmetry) MarshalText() ([]byte, error) {
	return marshalName(symmetryNames[:], s, "Symmetry", "symmetry")
}

// UnmarshalText reads a symmetry's name, as [ParseSymmetry] does. An
// unknown name is an error wrapping [sudoku.ErrInvalidArgument], and s is
// then unchanged.
func (s *Symmetry) UnmarshalText(text []byte) error {
	return unmarshalName(s, text, "Symmetry", ParseSymmetry)
}

// ParseSymmetry returns the symmetry of a name as String writes it
// ("none", "rotate180", "rotate90", "mirror", "diagonal"), in any case;
// "180" and "90" are read too. An unknown name is an error wrapping
// [sudoku.ErrInvalidArgument].
func ParseSymmetry(name string) (Symmetry, error) {
	switch name {
	case "180":
		return Rotate180, nil
	case "90":
		return Rotate90, nil
	}
	for i, n := range symmetryNames {
		if strings.EqualFold(n, name) {
			return Symmetry(i), nil
		}
	}
	return 0, invalid("unknown symmetry %q (want none, rotate180, rotate90, mirror or diagonal)", clip(name))
}

// Orbits returns the orbits of the symmetry on the cells of g: groups of
// cells that are clues together, every cell in exactly one, in the order
// of their first cell. It returns an error wrapping
// [sudoku.ErrInvalidArgument]
// when g has no grid layout (and s is not NoSymmetry) or, for Rotate90 and
// Diagonal, when the layout is not square.
func (s Symmetry) Orbits(g *sudoku.Geometry) ([][]int, error) {
	if g == nil {
		return nil, invalid("Orbits: nil geometry")
	}
	if s >= numSymmetries {
		return nil, invalid("no symmetry %d", uint8(s))
	}
	cells := g.NumCells()
	if s == NoSymmetry {
		orbits, all := make([][]int, cells), make([]int, cells)
		for c := range orbits {
			all[c] = c
			orbits[c] = all[c : c+1 : c+1]
		}
		return orbits, nil
	}
	rows, cols := g.Rows(), g.Cols()
	if rows == 0 || cols == 0 {
		return nil, invalid("symmetry %s needs a geometry laid out as a grid; %s has none", s, g)
	}
	if (s == Rotate90 || s == Diagonal) && rows != cols {
		return nil, invalid("symmetry %s needs a square layout; %s is %dx%d", s, g, rows, cols)
	}
	image := func(c int) int {
		r, k := c/cols, c%cols
		switch s {
		case Rotate180:
			return (rows-1-r)*cols + cols - 1 - k
		case Rotate90:
			return k*cols + rows - 1 - r
		case Mirror:
			return r*cols + cols - 1 - k
		default: // Diagonal
			return k*cols + r
		}
	}
	seen := make([]bool, cells)
	var orbits [][]int
	for c := range cells {
		if seen[c] {
			continue
		}
		var orbit []int
		for x := c; !seen[x]; x = image(x) {
			seen[x] = true
			orbit = append(orbit, x)
		}
		orbits = append(orbits, orbit)
	}
	return orbits, nil
}
