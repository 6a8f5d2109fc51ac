package cube

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// jsonCube is the JSON form of a cube.
type jsonCube struct {
	BoxSize int      `json:"boxSize"`
	Model   Model    `json:"model"`
	Edges   EdgeRule `json:"edges"`
	Givens  string   `json:"givens"`
	Digits  string   `json:"digits"`
}

// MarshalJSON implements [json.Marshaler]: an object with the side of a
// box ("boxSize", see [Cube.BoxSize]), the model ("three-faces" or
// "six-faces"), the edge rule ("match" or "differ"), the puzzle ("givens": the
// givens only) and the whole cube ("digits": givens and entries). Each of
// the last two is a line of one character a sticker ('.' for empty, 1-9
// then A-P), the faces of the model in order, each row by row, so that a
// shared cell appears once per face it is on:
//
//	{"boxSize":2,"model":"three-faces","edges":"match","givens":"1...…","digits":"12.4…"}
func (c *Cube) MarshalJSON() ([]byte, error) {
	c = c.view()
	return json.Marshal(jsonCube{
		BoxSize: c.v.n, Model: c.v.model, Edges: c.v.edges,
		Givens: c.stickerLine(true), Digits: c.stickerLine(false),
	})
}

// stickerLine writes a character per sticker of the model, the givens
// only or every digit.
func (c *Cube) stickerLine(givensOnly bool) string {
	v := c.v
	line := make([]byte, 0, len(v.faces)*v.m*v.m)
	for _, f := range v.faces {
		for _, cell := range v.faceCells[f] {
			d := c.b.Get(cell)
			if givensOnly && !c.b.Given(cell) {
				d = 0
			}
			line = append(line, v.digitText(d)...)
		}
	}
	return string(line)
}

// UnmarshalJSON implements [json.Unmarshaler] for the form MarshalJSON
// writes. A missing model or edge rule means [ThreeFaces] or [Match]. A
// missing or zero "boxSize" is read from the length of "digits" or
// "givens". Once the size is known, an empty or missing "givens" means no
// givens and an empty or missing "digits" no digits but the givens, as
// for a [sudoku.Board]; only an object that gives no size at all (no
// "boxSize" and both lines empty) is an error, matching
// [sudoku.ErrEmptyInput]. The copies of a shared cell must agree, and
// every given must agree with the digit on its sticker, if any. JSON null
// leaves c alone, as encoding/json does. On error c is unchanged. Errors
// wrap [ErrSize] for a "boxSize" outside 2..5 (input, not an argument:
// unlike [New]'s, they do not wrap [sudoku.ErrInvalidArgument]), are those
// of [ParseModel] and [ParseEdgeRule] for an unknown name, or are
// [*sudoku.ParseError] values like those of [Parse] (the column is the
// sticker's place in its line, also named in the message), matching
// [sudoku.ErrConflict] for a given that disagrees with its digit;
// malformed JSON is encoding/json's error.
func (c *Cube) UnmarshalJSON(data []byte) error {
	if c == nil {
		return contract.Invalid(pkg, "UnmarshalJSON into a nil *Cube")
	}
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	var j jsonCube
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	box := j.BoxSize
	if box == 0 {
		var err error
		if box, err = jsonBoxSize(j); err != nil {
			return err
		}
	}
	if err := checkBox(box); err != nil {
		return err // input, not an argument to New
	}
	digits, err := New(box, j.Model, j.Edges)
	if err != nil {
		return err
	}
	givens := digits.Clone()
	if err := digits.readLine("digits", j.Digits, false); err != nil {
		return err
	}
	if err := givens.readLine("givens", j.Givens, true); err != nil {
		return err
	}
	b := digits.b
	for cell := range b.Geometry().NumCells() {
		d := givens.b.Get(cell)
		if d == 0 {
			continue
		}
		if b.Get(cell) != 0 && b.Get(cell) != d {
			v := digits.v
			s := v.stickers[cell][0]
			at := (slices.Index(v.faces, s.Face)*v.m+s.Row)*v.m + s.Col + 1
			return &sudoku.ParseError{Column: at, Err: sudoku.ErrConflict,
				Msg: fmt.Sprintf("JSON givens, character %d: given %s on %s but digit %s", at, v.digitText(d), b.Geometry().CellName(cell), v.digitText(b.Get(cell)))}
		}
		_ = b.SetGiven(cell, d)
	}
	*c = *digits
	return nil
}

// jsonBoxSize returns the box size that the length of the digits or the
// givens line implies, for JSON with no box size.
func jsonBoxSize(j jsonCube) (int, error) {
	field, line := "digits", j.Digits
	if line == "" {
		field, line = "givens", j.Givens
	}
	if line == "" {
		return 0, &sudoku.ParseError{Err: sudoku.ErrEmptyInput, Msg: "JSON: no boxSize, and no givens or digits to tell the size"}
	}
	if j.Model != ThreeFaces && j.Model != SixFaces {
		return 0, contract.Invalid(pkg, "unknown model %d", int(j.Model))
	}
	faces := len(j.Model.faces())
	var want []int
	for box := minBox; box <= maxBox; box++ {
		n := faces * box * box * box * box
		if len(line) == n {
			return box, nil
		}
		want = append(want, n)
	}
	return 0, &sudoku.ParseError{Err: ErrLayout,
		Msg: fmt.Sprintf("JSON %s: %d characters, and no boxSize: %s has %v, one a sticker", field, len(line), j.Model, want)}
}

// readLine sets the cube from a line of one character a sticker, as
// MarshalJSON writes it; an empty line leaves the cube empty.
func (c *Cube) readLine(field, line string, given bool) error {
	if line == "" {
		return nil
	}
	if want := len(c.v.faces) * c.v.m * c.v.m; len(line) != want {
		return &sudoku.ParseError{Err: ErrLayout,
			Msg: fmt.Sprintf("JSON %s: %d characters, want %d (one a sticker of %d faces of %dx%d)", field, len(line), want, len(c.v.faces), c.v.m, c.v.m)}
	}
	cells := make([]cellText, len(line))
	for i := range len(line) {
		cells[i] = cellText{ch: line[i], column: i + 1}
	}
	if err := c.setStickers(cells, given); err != nil {
		if pe, ok := err.(*sudoku.ParseError); ok {
			pe.Msg = fmt.Sprintf("JSON %s, character %d: %s", field, pe.Column, pe.Msg)
		}
		return err
	}
	return nil
}
