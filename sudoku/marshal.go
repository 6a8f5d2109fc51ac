package sudoku

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cubedoku/cubedoku/internal/contract"
)

// MarshalText implements [encoding.TextMarshaler]: the board as
// [Board.Line]. Which cells are givens is not kept; JSON keeps it.
func (b *Board) MarshalText() ([]byte, error) {
	return []byte(b.Line()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [Parse]. On a
// board that already has a geometry (made by [NewBoard] or read before),
// the text must fit that geometry; a zero Board takes the size the text
// implies. A Board whose notation is Hex reads Hex. On error b is
// unchanged; a nil b is an error wrapping [ErrInvalidArgument].
func (b *Board) UnmarshalText(text []byte) error {
	if b == nil {
		return contract.Invalid("sudoku", "UnmarshalText into a nil *Board")
	}
	if b.notation.Alphabet != Hex && b.g != nil && b.g.classic() {
		// A classic line on a classic board is read into the board's own
		// cells, with no allocation.
		line := bytes.TrimSuffix(bytes.TrimSuffix(text, []byte("\n")), []byte("\r"))
		var digits [88]uint8
		if len(line) == 81 {
			if empty, ok := readClassicLine(line, &digits); ok {
				b.setClassic(&digits, empty)
				return nil
			}
		}
	}
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
// geometry), or the size implied by the digits. A box shape [NewGeometry]
// does not build is an error wrapping [ErrSize] which, unlike
// NewGeometry's, does not wrap [ErrInvalidArgument]: the JSON is input,
// not an argument, as text is to [Parse]. Every given must agree with the
// digit in its cell.
//
// An empty or absent "givens" means a board without givens, and an empty
// or absent "digits" one whose digits are its givens: {"boxRows":3,
// "boxCols":3} is the empty 9x9 board. Only when nothing gives the size
// (no box shape, no digits, no givens, and b has no geometry of its own)
// is the error [ErrEmptyInput]. JSON null leaves b alone, as encoding/json
// does. On error b is unchanged; a nil b is an error wrapping
// [ErrInvalidArgument].
func (b *Board) UnmarshalJSON(data []byte) error {
	if b == nil {
		return contract.Invalid("sudoku", "UnmarshalJSON into a nil *Board")
	}
	if string(bytes.TrimSpace(data)) == "null" {
		return nil
	}
	var j jsonBoard
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	g := b.g
	if j.BoxRows != 0 || j.BoxCols != 0 {
		if err := checkShape(j.BoxRows, j.BoxCols); err != nil {
			return contract.Errorf("sudoku", "JSON box shape: %w", err) // input, not an argument to NewGeometry
		}
		g, _ = NewGeometry(j.BoxRows, j.BoxCols) // a shape checkShape accepts
	}
	blank := func(s string) bool { return strings.TrimSpace(s) == "" }
	cfg := parseConfig{auto: true, g: g}
	var digits, givens *Board
	if !blank(j.Digits) {
		var err error
		if digits, err = parse(j.Digits, cfg); err != nil {
			return contract.Errorf("sudoku", "JSON digits: %w", err)
		}
		cfg.g = digits.g
	}
	if !blank(j.Givens) {
		var err error
		if givens, err = parse(j.Givens, cfg); err != nil {
			return contract.Errorf("sudoku", "JSON givens: %w", err)
		}
	}
	switch {
	case digits != nil:
	case givens != nil:
		digits = givens // its digits are the givens: the loop below keeps them
	case g != nil:
		digits = NewBoard(g)
	default:
		return &ParseError{Msg: "JSON board with no box shape, digits or givens", Err: ErrEmptyInput}
	}
	clear(digits.given)
	if givens != nil {
		for c, d := range givens.digits {
			if d != 0 && digits.digits[c] != d {
				return fmt.Errorf("%w: JSON given %d in %s but digit %d", ErrConflict, d, digits.g.CellName(c), digits.digits[c])
			}
			digits.given[c] = d != 0
		}
	}
	digits.notation = Notation{}
	*b = *digits
	return nil
}

// MarshalText implements [encoding.TextMarshaler]: the name String
// prints, such as "row". A kind with no name is an error wrapping
// [ErrInvalidArgument].
func (k UnitKind) MarshalText() ([]byte, error) { return kindNames.Marshal(k) }

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParseUnitKind]. On error k is unchanged.
func (k *UnitKind) UnmarshalText(text []byte) error { return kindNames.Unmarshal(k, text) }

// ParseUnitKind returns the kind String names ("region", "row", "column",
// "box", "diagonal" or "edge"; case is ignored). Another name is an error
// wrapping [ErrInvalidArgument].
func ParseUnitKind(name string) (UnitKind, error) { return kindNames.Parse(name) }

var alphabetNames = contract.NewNames[Alphabet]("sudoku", "Alphabet", "base36", "hex", "decimal")

// MarshalText implements [encoding.TextMarshaler]: the name String
// prints, such as "hex". An alphabet with no name is an error wrapping
// [ErrInvalidArgument].
func (a Alphabet) MarshalText() ([]byte, error) { return alphabetNames.Marshal(a) }

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParseAlphabet]. On error a is unchanged.
func (a *Alphabet) UnmarshalText(text []byte) error { return alphabetNames.Unmarshal(a, text) }

// ParseAlphabet returns the alphabet String names ("base36", "hex" or
// "decimal"; case is ignored). Another name is an error wrapping
// [ErrInvalidArgument].
func ParseAlphabet(name string) (Alphabet, error) { return alphabetNames.Parse(name) }
