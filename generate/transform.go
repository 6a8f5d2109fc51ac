package generate

import (
	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Transform is a symmetry of the square: applied to a solved grid or a
// puzzle it gives another with the same structure (a puzzle keeps its
// number of solutions and its difficulty). With digit relabelling
// ([Relabel]) these are the cheap variants of a grid that the generator of
// Chiu, Nasiri and Rashid (2012) used before removing clues. It implements
// encoding.TextMarshaler and TextUnmarshaler with the names String prints.
type Transform uint8

// The transformations.
const (
	// Rotate turns the board a quarter clockwise: row r becomes column
	// N-1-r. Boxes R high and C wide become C high and R wide.
	Rotate Transform = iota
	// Transpose exchanges rows and columns, and the sides of the boxes.
	Transpose
	// FlipRows reverses the order of the rows (a mirror along the
	// horizontal axis).
	FlipRows
	// FlipColumns reverses the order of the columns (a mirror along the
	// vertical axis).
	FlipColumns
)

var transformNames = contract.NewNames[Transform]("generate", "Transform",
	"rotate", "transpose", "flip rows", "flip columns")

// String returns the transformation's name: "rotate", "transpose",
// "flip rows" or "flip columns".
func (t Transform) String() string { return transformNames.String(t) }

// MarshalText encodes the transformation as its name. A number that is
// no transformation is an error wrapping [sudoku.ErrInvalidArgument].
func (t Transform) MarshalText() ([]byte, error) { return transformNames.Marshal(t) }

// UnmarshalText reads a transformation's name, as [ParseTransform] does.
// An unknown name is an error wrapping [sudoku.ErrInvalidArgument], and t
// is then unchanged.
func (t *Transform) UnmarshalText(text []byte) error { return transformNames.Unmarshal(t, text) }

// ParseTransform returns the transformation of a name as String writes it
// ("rotate", "transpose", "flip rows", "flip columns"), in any case and
// with spaces, hyphens and underscores ignored, so that command lines may
// write "flip-rows" or "fliprows". An unknown name is an error wrapping
// [sudoku.ErrInvalidArgument].
func ParseTransform(name string) (Transform, error) { return transformNames.Parse(name) }

// Apply returns the board transformed: every digit moved, givens staying
// givens, in the same notation. It works on boards made by
// [sudoku.NewGeometry] (rows, columns and boxes; see
// [sudoku.Geometry.IsStandard]); other geometries, such as variants with
// extra regions whose images need not be regions, give an error wrapping
// [sudoku.ErrInvalidArgument], as does a nil board or an unknown
// transformation. b is not changed.
func (t Transform) Apply(b *sudoku.Board) (*sudoku.Board, error) {
	if b == nil {
		return nil, invalid("%s: nil board", t)
	}
	if !transformNames.Valid(t) {
		return nil, invalid("no transformation %d", uint8(t))
	}
	g := b.Geometry()
	if !g.IsStandard() {
		return nil, invalid("%s: %s is not a plain board of rows, columns and boxes", t, g)
	}
	n := g.Digits()
	out := g
	if t == Rotate || t == Transpose {
		var err error
		if out, err = sudoku.NewGeometry(g.BoxCols(), g.BoxRows()); err != nil {
			return nil, err // cannot happen: the sides of a valid box, exchanged
		}
	}
	image := func(r, c int) (int, int) {
		switch t {
		case Rotate:
			return c, n - 1 - r
		case Transpose:
			return c, r
		case FlipRows:
			return n - 1 - r, c
		default: // FlipColumns
			return r, n - 1 - c
		}
	}
	return moved(b, out, func(c int) int {
		r, k := image(c/n, c%n)
		return r*n + k
	}, nil), nil
}

// Relabel returns the board with its digits renamed: digit d becomes
// perm[d-1]. perm must be a permutation of 1..N (N the board's digits);
// otherwise, or for a nil board, the error wraps
// [sudoku.ErrInvalidArgument]. It works on every geometry; b and perm are
// not changed.
func Relabel(b *sudoku.Board, perm []int) (*sudoku.Board, error) {
	if b == nil {
		return nil, invalid("Relabel: nil board")
	}
	n := b.Geometry().Digits()
	if len(perm) != n {
		return nil, invalid("Relabel: %d digits for a board of %d", len(perm), n)
	}
	seen := make([]bool, n+1)
	for _, d := range perm {
		if d < 1 || d > n || seen[d] {
			return nil, invalid("Relabel: %v is not a permutation of 1..%d", perm, n)
		}
		seen[d] = true
	}
	return moved(b, b.Geometry(), func(c int) int { return c }, perm), nil
}

// moved returns a board on g holding, at cell to(c), the digit of b's cell
// c, renamed by perm when set.
func moved(b *sudoku.Board, g *sudoku.Geometry, to func(int) int, perm []int) *sudoku.Board {
	out := sudoku.NewBoard(g)
	for c, d := range b.Digits() {
		if d == 0 {
			continue
		}
		if perm != nil {
			d = perm[d-1]
		}
		// Neither can fail: to(c) is a cell and d a digit of g.
		if b.Given(c) {
			out.SetGiven(to(c), d)
		} else {
			out.Set(to(c), d)
		}
	}
	out.SetNotation(b.Notation()) // cannot fail: the notation wrote b
	return out
}
