package sudoku_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// An empty or absent "givens" means a board without givens when the size
// is known: from the box shape, the digits, or the board's own geometry.
// Only when nothing gives the size is it ErrEmptyInput.
func TestJSONEmptyGivens(t *testing.T) {
	diagonal := mustCustom(t, diagonalSpec())
	full := mustParse(t, classic)
	tests := []struct {
		name   string
		data   string
		into   func() *sudoku.Board
		want   *sudoku.Geometry
		digits string // Line of the board read
		givens int    // givens of the board read
		err    error
	}{
		{name: "box shape only", data: `{"boxRows":3,"boxCols":3}`, into: newZero,
			want: sudoku.Classic(), digits: sudoku.NewBoard(nil).Line()},
		{name: "box shape and empty strings", data: `{"boxRows":2,"boxCols":3,"givens":"","digits":""}`, into: newZero,
			want: mustGeometry(t, 2, 3), digits: sudoku.NewBoard(mustGeometry(t, 2, 3)).Line()},
		{name: "digits without givens", data: `{"digits":"` + classic + `"}`, into: newZero,
			want: sudoku.Classic(), digits: classic},
		{name: "digits and empty givens", data: `{"givens":"","digits":"` + classic + `"}`, into: newZero,
			want: sudoku.Classic(), digits: classic},
		{name: "givens without digits", data: `{"givens":"` + classic + `"}`, into: newZero,
			want: sudoku.Classic(), digits: classic, givens: 30},
		{name: "nothing, on a board of a custom geometry", data: `{}`,
			into: func() *sudoku.Board { return sudoku.NewBoard(diagonal) },
			want: diagonal, digits: sudoku.NewBoard(diagonal).Line()},
		{name: "nothing, on a 9x9 board with digits", data: `{"givens":""}`,
			into: func() *sudoku.Board { return full.Clone() }, want: sudoku.Classic(), digits: sudoku.NewBoard(nil).Line()},
		{name: "nothing, on a zero Board", data: `{}`, into: newZero, err: sudoku.ErrEmptyInput},
		{name: "blank strings, on a zero Board", data: `{"givens":" ","digits":"\n"}`, into: newZero, err: sudoku.ErrEmptyInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.into()
			before := snap(b)
			err := json.Unmarshal([]byte(tt.data), b)
			if tt.err != nil {
				var pe *sudoku.ParseError
				if !errors.Is(err, tt.err) || !errors.As(err, &pe) {
					t.Fatalf("error %v, want a *ParseError wrapping %v", err, tt.err)
				}
				if snap(b).Notation != before.Notation || len(snap(b).Digits) != len(before.Digits) {
					t.Error("a failed Unmarshal changed the board")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !b.Geometry().Equal(tt.want) || b.Line() != tt.digits {
				t.Errorf("read %v %q, want %v %q", b.Geometry(), b.Line(), tt.want, tt.digits)
			}
			n := 0
			for c := range b.Geometry().NumCells() {
				if b.Given(c) {
					n++
				}
			}
			if n != tt.givens {
				t.Errorf("%d givens, want %d", n, tt.givens)
			}
		})
	}
}

func newZero() *sudoku.Board { return new(sudoku.Board) }

// Every enumeration of the package has a text form, the names String
// prints, read back by its Parse function and by UnmarshalText, so that
// JSON carries names.
func TestEnumerationText(t *testing.T) {
	type enum interface {
		encoding.TextMarshaler
		String() string
	}
	check := func(t *testing.T, v enum, parse func(string) (enum, error), back encoding.TextUnmarshaler, read func() enum) {
		t.Helper()
		text, err := v.MarshalText()
		if err != nil || string(text) != v.String() {
			t.Fatalf("%v.MarshalText() = %q, %v; want %q", v, text, err, v.String())
		}
		got, err := parse(v.String())
		if err != nil || got != v {
			t.Errorf("Parse(%q) = %v, %v", v.String(), got, err)
		}
		if err := back.UnmarshalText(text); err != nil || read() != v {
			t.Errorf("UnmarshalText(%q) = %v, %v", text, read(), err)
		}
	}
	for k := sudoku.Region; k <= sudoku.Edge; k++ {
		var back sudoku.UnitKind
		check(t, k, func(s string) (enum, error) { return sudoku.ParseUnitKind(s) }, &back, func() enum { return back })
	}
	for _, a := range []sudoku.Alphabet{sudoku.Base36, sudoku.Hex, sudoku.Decimal} {
		var back sudoku.Alphabet
		check(t, a, func(s string) (enum, error) { return sudoku.ParseAlphabet(s) }, &back, func() enum { return back })
	}
	names := map[string]bool{}
	for k := sudoku.Region; k <= sudoku.Edge; k++ {
		names[k.String()] = true
	}
	if len(names) != 6 {
		t.Errorf("unit kinds have %d distinct names, want 6", len(names))
	}
	if k, err := sudoku.ParseUnitKind("Row"); err != nil || k != sudoku.Row {
		t.Errorf(`ParseUnitKind("Row") = %v, %v`, k, err)
	}

	// Unknown names and values are argument errors, and leave the target alone.
	for _, name := range []string{"", "rows", "base 37", "\x00", "hexadecimal"} {
		if _, err := sudoku.ParseUnitKind(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseUnitKind(%q): %v, want ErrInvalidArgument", name, err)
		}
		if _, err := sudoku.ParseAlphabet(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseAlphabet(%q): %v, want ErrInvalidArgument", name, err)
		}
		k, a := sudoku.Box, sudoku.Hex
		if err := k.UnmarshalText([]byte(name)); !errors.Is(err, sudoku.ErrInvalidArgument) || k != sudoku.Box {
			t.Errorf("UnitKind.UnmarshalText(%q): %v, left %v", name, err, k)
		}
		if err := a.UnmarshalText([]byte(name)); !errors.Is(err, sudoku.ErrInvalidArgument) || a != sudoku.Hex {
			t.Errorf("Alphabet.UnmarshalText(%q): %v, left %v", name, err, a)
		}
	}
	if _, err := sudoku.UnitKind(6).MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("UnitKind(6).MarshalText(): %v", err)
	}
	if _, err := sudoku.Alphabet(255).MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Alphabet(255).MarshalText(): %v", err)
	}

	// In JSON: names, in camelCase objects.
	data, err := json.Marshal(sudoku.Notation{Alphabet: sudoku.Hex, Empty: '_'})
	if err != nil || string(data) != `{"alphabet":"hex","empty":95}` {
		t.Errorf("Notation JSON = %s, %v", data, err)
	}
	var n sudoku.Notation
	if err := json.Unmarshal([]byte(`{"alphabet":"decimal"}`), &n); err != nil || n.Alphabet != sudoku.Decimal {
		t.Errorf("Notation from JSON = %+v, %v", n, err)
	}
	data, err = json.Marshal(sudoku.Conflict{A: 1, B: 2, Digit: 3, Unit: 4})
	if err != nil || string(data) != `{"a":1,"b":2,"digit":3,"unit":4}` {
		t.Errorf("Conflict JSON = %s, %v", data, err)
	}
}
