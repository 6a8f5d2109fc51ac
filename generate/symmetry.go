package generate

import (
	"math"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Symmetry is a symmetry of the clues' pattern: with it, a cell is a clue
// exactly when its images are. It implements encoding.TextMarshaler and
// TextUnmarshaler with the names String prints, so it can be a
// command-line flag (flag.TextVar) or a JSON value. The names are those
// of QQWing's -symmetry flag, with diagonal added.
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
	// exchanged), as QQWing's mirror.
	Mirror
	// Diagonal: the pattern is the same in the main diagonal (rows and
	// columns exchanged; square layouts only).
	Diagonal
	// Flip: the pattern is the same in a horizontal mirror (top and bottom
	// exchanged), as QQWing's flip; it is not the diagonal.
	Flip
	// RandomSymmetry draws one of Rotate90, Rotate180, Mirror and Flip
	// for each puzzle from its seed, as QQWing's random does (Rotate90
	// only on a square layout). [Puzzle.Symmetry] tells which.
	RandomSymmetry
)

var symmetryNames = contract.NewNames[Symmetry]("generate", "Symmetry",
	"none", "rotate180", "rotate90", "mirror", "diagonal", "flip", "random").
	Alias("180", Rotate180).Alias("90", Rotate90)

// String returns the symmetry's name: "none", "rotate180", "rotate90",
// "mirror", "diagonal", "flip" or "random".
func (s Symmetry) String() string { return symmetryNames.String(s) }

// MarshalText encodes the symmetry as its name. A number that is no
// symmetry is an error wrapping [sudoku.ErrInvalidArgument].
func (s Symmetry) MarshalText() ([]byte, error) { return symmetryNames.Marshal(s) }

// UnmarshalText reads a symmetry's name, as [ParseSymmetry] does. An
// unknown name is an error wrapping [sudoku.ErrInvalidArgument], and s is
// then unchanged.
func (s *Symmetry) UnmarshalText(text []byte) error { return symmetryNames.Unmarshal(s, text) }

// ParseSymmetry returns the symmetry of a name as String writes it, in
// any case and with spaces, hyphens and underscores ignored ("Rotate-180"
// is Rotate180); "180" and "90" are read too. An unknown name is an error
// wrapping [sudoku.ErrInvalidArgument].
func ParseSymmetry(name string) (Symmetry, error) { return symmetryNames.Parse(name) }

// choose returns the symmetry the clues of a puzzle made with seed have on
// g: s itself, or for RandomSymmetry one drawn from seed among those g's
// layout allows.
func (s Symmetry) choose(g *sudoku.Geometry, seed uint64) Symmetry {
	if s != RandomSymmetry {
		return s
	}
	choices := []Symmetry{Rotate180, Mirror, Flip}
	if g.Rows() == g.Cols() {
		choices = append(choices, Rotate90)
	}
	return choices[newRand(seed, symmetryStream).IntN(len(choices))]
}

// symmetryStream is the stream of random numbers RandomSymmetry is drawn
// from, apart from those of the attempts (numbered from 0).
const symmetryStream = math.MaxUint64

// Orbits returns the orbits of the symmetry on the cells of g: groups of
// cells that are clues together, every cell in exactly one, in the order
// of their first cell. It returns an error wrapping
// [sudoku.ErrInvalidArgument] when g has no grid layout (and s is not
// NoSymmetry), for Rotate90 and Diagonal when the layout is not square,
// and for RandomSymmetry, which has no orbits until a puzzle's seed draws
// a symmetry.
func (s Symmetry) Orbits(g *sudoku.Geometry) ([][]int, error) {
	if g == nil {
		return nil, invalid("Orbits: nil geometry")
	}
	switch {
	case !symmetryNames.Valid(s):
		return nil, invalid("no symmetry %d", uint8(s))
	case s == RandomSymmetry:
		return nil, invalid("Orbits: random has none; a puzzle's seed draws its symmetry")
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
		case Flip:
			return (rows-1-r)*cols + k
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
