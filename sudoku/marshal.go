package sudoku

import (
	"encoding/json"
	"fmt"
)

// MarshalText implements [encoding.TextMarshaler]: the board as
// [Board.Line]. Which cells are givens is not kept; JSON keeps it.
func (b *Board) MarshalText() ([]byte, error) {
	return []byte(b.Line()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [Parse]. On a
// board that already has a geometry (made by [NewBoard] or read before),
// the text must fit that geometry; a zero Board takes the size the text
// implies. A Board whose notation is Hex reads Hex. On error b is unchanged.
func (b *Board) UnmarshalText(text []byte) error {
	cfg := parseConfig{auto: true, g: b.g}
	if b.notation.Alphabet == Hex {
		cfg.alphabet, cfg.auto = Hex, false
	}
	nb, err := parse(string(text), cfg)
	if err != nil {
		return err
	}
	*b = *nb
	return nil
}

// jsonBoard is the JSON form of a board.
type jsonBoard struct {
	BoxRows int    `json:"boxRows,omitempty"`
	BoxCols int    `json:"boxCols,omitempty"`
	Givens  string `json:"givens"`
	Digits  string `json:"digits"`
}

// MarshalJSON implements [json.Marshaler]: an object with the box shape
// (boxRows, boxCols; omitted for custom geometries), the puzzle ("givens":
// the givens only) and the whole board ("digits": givens and entries), each
// a line in Base36 with '.' for empty, or Decimal for N > 35.
func (b *Board) MarshalJSON() ([]byte, error) {
	b = b.view()
	n := Notation{}
	if b.g.digits > Base36.MaxDigits() {
		n = Notation{Alphabet: Decimal}
	}
	all := &Board{g: b.g, digits: b.digits, notation: n}
	givens := b.Givens()
	givens.notation = n
	j := jsonBoard{Givens: givens.Line(), Digits: all.Line()}
	if b.g.standard {
		j.BoxRows, j.BoxCols = b.g.boxRows, b.g.boxCols
	}
	return json.Marshal(j)
}

// UnmarshalJSON implements [json.Unmarshaler] for the form MarshalJSON
// writes. The box shape, when present, gives the geometry; otherwise the
// board's own geometry is used (a board made by [NewBoard] on a custom
// geometry), or the size implied by the digits. Every given must agree with
// the digit in its cell. On error b is unchanged.
func (b *Board) UnmarshalJSON(data []byte) error {
	var j jsonBoard
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	g := b.g
	if j.BoxRows != 0 || j.BoxCols != 0 {
		var err error
		if g, err = NewGeometry(j.BoxRows, j.BoxCols); err != nil {
			return err
		}
	}
	cfg := parseConfig{auto: true, g: g}
	digits, err := parse(j.Digits, cfg)
	if err != nil {
		return fmt.Errorf("sudoku: JSON digits: %w", err)
	}
	cfg.g = digits.g
	givens, err := parse(j.Givens, cfg)
	if err != nil {
		return fmt.Errorf("sudoku: JSON givens: %w", err)
	}
	for c, d := range givens.digits {
		if d != 0 && digits.digits[c] != d {
			return fmt.Errorf("%w: JSON given %d in %s but digit %d", ErrConflict, d, digits.g.CellName(c), digits.digits[c])
		}
		digits.given[c] = d != 0
	}
	digits.notation = Notation{}
	*b = *digits
	return nil
}
