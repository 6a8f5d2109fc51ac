package cube

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// The text form of a cube is its unfolded net. Each face is written as
// sudoku.Board.Pretty writes a board (digits 1-9 then A-P, '.' for an empty
// cell, a space between cells, '|' between boxes and a rule line between
// bands of boxes); faces side by side are three spaces apart, bands of
// faces one blank line apart, and where the net has no face there are
// spaces. Six faces make the cross (up; left, front, right, back; down),
// three faces up above front with right beside front:
//
//	up
//	front  right
//
// There up's bottom row meets front's top row and front's right column
// meets right's left column, as in the cross; the third edge does not
// touch on paper: up's right column, read from the bottom up, meets
// right's top row, read from left to right.
//
// A cell shared by two or three faces (Match) is written on each.

// slot is where a face sits in the net: its band (a line of faces) and its
// place in the band.
type slot struct{ band, pos int }

// netSlots returns the place of each face of the model in the net, and the
// number of bands.
func (m Model) netSlots() (map[Face]slot, int) {
	if m == ThreeFaces {
		return map[Face]slot{Up: {0, 0}, Front: {1, 0}, Right: {1, 1}}, 2
	}
	return map[Face]slot{Up: {0, 1}, Left: {1, 0}, Front: {1, 1}, Right: {1, 2}, Back: {1, 3}, Down: {2, 1}}, 3
}

// bandFaces returns the faces of each band of the net, in order, with -1
// where a band has no face in a place before its last face.
func (m Model) bandFaces() [][]Face {
	slots, bands := m.netSlots()
	out := make([][]Face, bands)
	for _, f := range m.faces() {
		s := slots[f]
		for len(out[s.band]) <= s.pos {
			out[s.band] = append(out[s.band], -1)
		}
		out[s.band][s.pos] = f
	}
	return out
}

const faceGap = "   " // between faces side by side

// digitText writes a sticker's digit as the net does: '.' for an empty
// one, else as package sudoku writes digits (1-9, then A-P).
func (v *variant) digitText(d int) string {
	if d == 0 {
		return "."
	}
	return sudoku.Notation{}.DigitText(v.g, d)
}

// String returns [Cube.Net].
func (c *Cube) String() string { return c.Net() }

// Net returns the cube as its unfolded net, ending in a newline, for
// example an empty three-face cube of 4x4 faces:
//
//	. . | . .
//	. . | . .
//	----+----
//	. . | . .
//	. . | . .
//
//	. . | . .   . . | . .
//	. . | . .   . . | . .
//	----+----   ----+----
//	. . | . .   . . | . .
//	. . | . .   . . | . .
//
// [Parse] reads it back.
func (c *Cube) Net() string {
	c = c.view()
	v := c.v
	var sb strings.Builder
	for band, faces := range v.model.bandFaces() {
		if band > 0 {
			sb.WriteByte('\n')
		}
		for r := range v.m {
			if r > 0 && r%v.n == 0 {
				writeBandLine(&sb, faces, func(f Face) string { return rule(c.faceRow(f, 0)) })
			}
			writeBandLine(&sb, faces, func(f Face) string { return c.faceRow(f, r) })
		}
	}
	return sb.String()
}

// writeBandLine writes one line of a band: each face's text, blanks for a
// place with no face, trailing spaces trimmed.
func writeBandLine(sb *strings.Builder, faces []Face, text func(Face) string) {
	var line strings.Builder
	for i, f := range faces {
		if i > 0 {
			line.WriteString(faceGap)
		}
		if f < 0 {
			line.WriteString(strings.Repeat(" ", len(text(faces[len(faces)-1]))))
			continue
		}
		line.WriteString(text(f))
	}
	sb.WriteString(strings.TrimRight(line.String(), " "))
	sb.WriteByte('\n')
}

// faceRow returns row r of face f as the net writes it: "1 2 | 3 4".
func (c *Cube) faceRow(f Face, r int) string {
	v := c.v
	var sb strings.Builder
	for col := range v.m {
		switch {
		case col == 0:
		case col%v.n == 0:
			sb.WriteString(" | ")
		default:
			sb.WriteByte(' ')
		}
		sb.WriteString(v.digitText(c.b.Get(v.faceCells[f][r*v.m+col])))
	}
	return sb.String()
}

// rule returns the rule line under a row: '+' under each '|', '-' else.
func rule(row string) string {
	return strings.Map(func(r rune) rune {
		if r == '|' {
			return '+'
		}
		return '-'
	}, row)
}

// cellText is a cell read from text, and where it stands.
type cellText struct {
	ch           byte
	line, column int // 1-based
}

// Parse reads a cube from its unfolded net, as [Cube.Net] writes it: the
// box size and the model are told by the shape of the net, the edge rule
// is given. Every digit read becomes a given. Spaces, '|' and rule lines
// of '-', '+' and '=' are decoration: each other character is a cell, so
// faces may also be written without spaces. Blank lines and lines that
// start with '#' are skipped.
//
// Errors are [*sudoku.ParseError] values that say what is wrong and where
// (line and column), matching [sudoku.ErrEmptyInput],
// [sudoku.ErrBadCharacter], [sudoku.ErrDigitRange], [ErrLayout] (which
// matches [sudoku.ErrCellCount] too) or, when two copies of a shared cell
// differ, [ErrMismatch]; or they wrap [sudoku.ErrInvalidArgument] for an
// unknown edge rule. Parse does not check the givens against each other:
// use [Cube.Validate] for that.
//
// Text longer than [NetTextLimit] is refused before it is read, with an
// error matching [sudoku.ErrTooLarge], and so is a line of more cells, or
// more lines of cells, than the largest net has ([ErrLayout]), so that
// what Parse allocates stays within a small multiple of the largest cube
// whatever the input.
func Parse(text string, edges EdgeRule) (*Cube, error) {
	if edges != Match && edges != Differ {
		return nil, contract.Invalid(pkg, "unknown edge rule %d", int(edges))
	}
	if len(text) > NetTextLimit {
		return nil, &sudoku.ParseError{Err: sudoku.ErrTooLarge,
			Msg: fmt.Sprintf("%d bytes of text, more than the %d (NetTextLimit) a cube's net may take", len(text), NetTextLimit)}
	}
	lines, err := cellLines(strings.TrimPrefix(text, "\ufeff"))
	if err != nil {
		return nil, err
	}
	if len(lines) == 0 {
		return nil, &sudoku.ParseError{Msg: "no cells", Err: sudoku.ErrEmptyInput}
	}
	m := len(lines[0])
	n := minBox
	for n*n < m {
		n++
	}
	if n*n != m || n > maxBox {
		return nil, layoutError(lines[0][0].line, "%d cells in the first line of cells: a row of a face has 4, 9, 16 or 25", m)
	}
	model := SixFaces
	switch {
	case len(lines) <= m:
		return nil, layoutError(0, "%d lines of cells: a net of %dx%d faces has %d (three faces) or %d (six)", len(lines), m, m, 2*m, 3*m)
	case len(lines[m]) == 2*m:
		model = ThreeFaces
	case len(lines[m]) != 4*m:
		return nil, layoutError(lines[m][0].line, "%d cells: under the up face, a net of %dx%d faces has front and right (%d cells) or left, front, right and back (%d)",
			len(lines[m]), m, m, 2*m, 4*m)
	}
	c, err := New(n, model, edges)
	if err != nil {
		return nil, err
	}
	bands := model.bandFaces()
	if len(lines) != len(bands)*m {
		return nil, layoutError(0, "%d lines of cells: a net of %s of %dx%d has %d", len(lines), model, m, m, len(bands)*m)
	}
	// The stickers of the model's faces in order, each row by row.
	stickers := make([]cellText, len(c.v.faces)*m*m)
	for i, line := range lines {
		faces := slices.DeleteFunc(slices.Clone(bands[i/m]), func(f Face) bool { return f < 0 })
		if len(line) != len(faces)*m {
			return nil, layoutError(line[0].line, "%d cells: this line of the net holds a row of %d faces of %d cells", len(line), len(faces), m)
		}
		for j, ct := range line {
			k := slices.Index(c.v.faces, faces[j/m])
			stickers[(k*m+i%m)*m+j%m] = ct
		}
	}
	if err := c.setStickers(stickers, true); err != nil {
		return nil, err
	}
	return c, nil
}

// NetTextLimit is the most bytes of text [Parse] reads: 256 KiB, 19 times
// the longest net [Cube.Net] writes (six faces of 25x25 cells, 13,748
// bytes), which leaves room for comments, tabs and wider spacing.
const NetTextLimit = 256 << 10

// The largest net, six faces of 25x25, has lines of 4*25 cells and 3*25
// lines of cells; no net has more.
const (
	maxLineCells = 4 * maxBox * maxBox
	maxCellLines = 3 * maxBox * maxBox
)

// cellLines returns the cells of each line of text that holds any. A line
// of more cells, or more lines of cells, than the largest net has is an
// error, found before the cells are kept.
func cellLines(text string) ([][]cellText, error) {
	var out [][]cellText
	i := 0
	for line := range strings.Lines(text) {
		i++
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || trimmed[0] == '#' || strings.Trim(trimmed, "-+=| \t") == "" {
			continue
		}
		if len(out) == maxCellLines {
			return nil, layoutError(i, "more than %d lines of cells: the largest net, six faces of 25x25, has %d", maxCellLines, maxCellLines)
		}
		n := 0
		for j := range len(line) {
			if !isSpacer(line[j]) {
				n++
			}
		}
		if n > maxLineCells {
			return nil, layoutError(i, "%d cells in a line: a line of the largest net, six faces of 25x25, has %d", n, maxLineCells)
		}
		cells := make([]cellText, 0, n)
		for j := range len(line) {
			if !isSpacer(line[j]) {
				cells = append(cells, cellText{line[j], i, j + 1})
			}
		}
		out = append(out, cells)
	}
	return out, nil
}

// isSpacer reports whether ch separates cells in a line of a net.
func isSpacer(ch byte) bool { return ch == ' ' || ch == '\t' || ch == '|' }

func layoutError(line int, format string, args ...any) error {
	return &sudoku.ParseError{Line: line, Msg: fmt.Sprintf(format, args...), Err: ErrLayout}
}

// setStickers puts one digit per sticker of the model, faces in order and
// each row by row, into the cube's cells (as givens or as entries),
// checking that every copy of a shared cell holds the same. It changes
// nothing on error.
func (c *Cube) setStickers(stickers []cellText, given bool) error {
	v := c.v
	digits := make([]int, v.g.NumCells())
	first := make([]int, v.g.NumCells()) // sticker that set each cell, + 1
	for i, ct := range stickers {
		d, err := v.digit(ct)
		if err != nil {
			return err
		}
		face := v.faces[i/(v.m*v.m)]
		cell := v.faceCells[face][i%(v.m*v.m)]
		if j := first[cell] - 1; j >= 0 && digits[cell] != d {
			s := Sticker{face, i % (v.m * v.m) / v.m, i % v.m}
			t := Sticker{v.faces[j/(v.m*v.m)], j % (v.m * v.m) / v.m, j % v.m}
			return &sudoku.ParseError{Line: ct.line, Column: ct.column, Err: ErrMismatch,
				Msg: fmt.Sprintf("%s holds %s but %s, the same cubie, holds %s (the edges match)",
					s, v.digitText(d), t, v.digitText(digits[cell]))}
		}
		if first[cell] == 0 {
			first[cell], digits[cell] = i+1, d
		}
	}
	b := sudoku.NewBoard(v.g)
	for cell, d := range digits {
		if given {
			_ = b.SetGiven(cell, d)
		} else {
			_ = b.Set(cell, d)
		}
	}
	c.b = b
	return nil
}

// digit reads a cell's character: 0 for '.', '0' or '_', else 1..m.
func (v *variant) digit(ct cellText) (int, error) {
	ch := ct.ch
	d := -1
	switch {
	case ch == '.' || ch == '0' || ch == '_':
		return 0, nil
	case ch >= '1' && ch <= '9':
		d = int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		d = int(ch-'A') + 10
	case ch >= 'a' && ch <= 'z':
		d = int(ch-'a') + 10
	}
	want := fmt.Sprintf("1-%d", v.m)
	if v.m > 9 {
		want = "1-9 or A-" + v.digitText(v.m)
	}
	switch {
	case d < 0:
		return 0, &sudoku.ParseError{Line: ct.line, Column: ct.column, Err: sudoku.ErrBadCharacter,
			Msg: fmt.Sprintf("unexpected character %q (want a digit %s, or '.', '0', '_' for an empty cell)", ch, want)}
	case d > v.m:
		return 0, &sudoku.ParseError{Line: ct.line, Column: ct.column, Err: sudoku.ErrDigitRange,
			Msg: fmt.Sprintf("digit %c out of range for faces of %dx%d (want %s)", ch, v.m, v.m, want)}
	}
	return d, nil
}
