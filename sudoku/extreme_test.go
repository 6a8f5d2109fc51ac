package sudoku_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Every exported function and method of the package, called with zero
// values, nil and extreme numbers: each gives an error or its documented
// result, and none panics.
func TestExtremeArguments(t *testing.T) {
	ints := []int{0, -1, 1, math.MinInt, math.MaxInt, math.MaxInt32, 1 << 40}
	isArg := func(t *testing.T, what string, err error) {
		t.Helper()
		if !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: %v, want an error wrapping ErrInvalidArgument", what, err)
		}
	}

	t.Run("constructors", func(t *testing.T) {
		for _, a := range ints {
			for _, b := range ints {
				if g, err := sudoku.NewGeometry(a, b); err == nil {
					t.Errorf("NewGeometry(%d, %d) = %v", a, b, g)
				} else {
					isArg(t, "NewGeometry", err)
				}
			}
			if g, err := sudoku.GeometryForSize(a); err == nil {
				t.Errorf("GeometryForSize(%d) = %v", a, g)
			} else {
				isArg(t, "GeometryForSize", err)
			}
		}
		_, err := sudoku.NewGeometry(math.MaxInt, 1)
		isArg(t, "NewGeometry(MaxInt, 1)", err)
		_, err = sudoku.AddDiagonals(nil)
		isArg(t, "AddDiagonals(nil)", err)
		if _, err := sudoku.AddDiagonals(new(sudoku.Geometry)); !errors.Is(err, sudoku.ErrGeometry) {
			t.Errorf("AddDiagonals(zero Geometry): %v", err)
		}
		specs := []sudoku.Spec{
			{},
			{Digits: math.MaxInt, Cells: 1},
			{Digits: 4, Cells: math.MaxInt},
			{Digits: 4, Cells: 16, Rows: 1<<62 + 4, Cols: 4},
			{Digits: 4, Cells: 16, Rows: 4, Cols: 4, BoxRows: math.MaxInt, BoxCols: 2},
			{Digits: 4, Cells: 16, Rows: 4, Cols: 4, BoxRows: -1, BoxCols: -1},
			{Digits: 4, Cells: 16, Units: []sudoku.Unit{{Cells: []int{math.MaxInt}}}},
			{Digits: 4, Cells: 16, Units: []sudoku.Unit{{Cells: []int{-1}}}},
			{Digits: 4, Cells: 16, Units: []sudoku.Unit{{Kind: 255, Cells: []int{1}}}},
			{Digits: 4, Cells: 16, Units: []sudoku.Unit{{}}},
			{Digits: 4, Cells: 16, CellNames: []string{"x"}},
		}
		for _, s := range specs {
			g, err := sudoku.NewCustomGeometry(s)
			if err == nil {
				t.Errorf("NewCustomGeometry(%+v) = %v", s, g)
				continue
			}
			if !errors.Is(err, sudoku.ErrGeometry) {
				t.Errorf("NewCustomGeometry: %v, want ErrGeometry", err)
			}
			isArg(t, "NewCustomGeometry", err)
		}
		if b := sudoku.NewBoard(nil); !b.Geometry().Equal(sudoku.Classic()) {
			t.Error("NewBoard(nil) is not a 9x9 board")
		}
		if b := sudoku.NewBoard(new(sudoku.Geometry)); b.Geometry().NumCells() != 0 || b.Line() != "" {
			t.Error("a board on the zero Geometry has cells")
		}
	})

	t.Run("nil and zero geometries", func(t *testing.T) {
		for _, g := range []*sudoku.Geometry{nil, new(sudoku.Geometry)} {
			if g.Digits() != 0 || g.NumCells() != 0 || g.NumUnits() != 0 || len(g.Houses()) != 0 || g.Rows() != 0 ||
				g.Cols() != 0 || g.BoxRows() != 0 || g.BoxCols() != 0 || g.IsStandard() || len(g.Units()) != 0 ||
				len(g.Houses()) != 0 || g.String() == "" || len(g.Spec().Units) != 0 || !g.Equal(g) {
				t.Errorf("%v: a nil or zero Geometry has something", g)
			}
			for _, i := range ints {
				r, c := g.RowCol(i)
				if g.Peers(i) != nil || g.NumPeers(i) != 0 || g.Peer(i, i) != -1 || g.IsPeer(i, i) ||
					g.CellUnits(i) != nil || cellHouses(g, i) != nil || g.Cell(i, i) != -1 || r != -1 || c != -1 ||
					g.Unit(i).Cells != nil || g.UnitSize(i) != 0 || g.UnitCell(i, i) != -1 || g.IsHouse(i) ||
					!strings.Contains(g.CellName(i), "out of range") || !strings.Contains(g.UnitName(i), "out of range") {
					t.Errorf("%v: index %d is in range", g, i)
				}
			}
			if _, err := sudoku.Parse("", sudoku.WithGeometry(g)); err == nil {
				t.Errorf("Parse on %v accepted empty text", g)
			}
		}
		if sudoku.Classic().Equal(nil) || (*sudoku.Geometry)(nil).Equal(sudoku.Classic()) {
			t.Error("a nil Geometry equals the classic one")
		}
	})

	t.Run("geometry indices", func(t *testing.T) {
		g := sudoku.Classic()
		for _, i := range ints {
			if i >= 0 && i < 81 {
				continue
			}
			r, c := g.RowCol(i)
			if g.Peers(i) != nil || g.NumPeers(i) != 0 || g.Peer(i, 0) != -1 || g.Peer(0, i) != -1 || g.IsPeer(i, 0) ||
				g.IsPeer(0, i) || g.CellUnits(i) != nil || cellHouses(g, i) != nil || g.Cell(i, 0) != -1 || g.Cell(0, i) != -1 ||
				r != -1 || c != -1 || g.Unit(i).Cells != nil || g.UnitSize(i) != 0 || g.UnitCell(i, 0) != -1 ||
				g.UnitCell(0, i) != -1 || g.IsHouse(i) || g.UnitKind(i) != sudoku.Region {
				t.Errorf("classic: index %d is in range", i)
			}
			_ = g.CellName(i) + g.UnitName(i)
		}
	})

	t.Run("nil and zero boards", func(t *testing.T) {
		var nilBoard *sudoku.Board
		for _, b := range []*sudoku.Board{nilBoard, new(sudoku.Board)} {
			if !b.Geometry().Equal(sudoku.Classic()) || b.Empty() != 81 || b.Filled() || b.Solved() || b.Validate() != nil ||
				len(b.Digits()) != 81 || b.Givens().Empty() != 81 || b.Clone().Empty() != 81 || !b.Equal(b) ||
				b.Line() != strings.Repeat(".", 81) || b.String() != b.Line() || b.Pretty() == "" ||
				b.Notation() != (sudoku.Notation{}) {
				t.Errorf("a nil or zero Board does not read as an empty 9x9 board")
			}
			for _, i := range ints {
				if b.Get(i) != 0 || b.Given(i) || b.Get(b.Geometry().Cell(i, i)) != 0 {
					t.Errorf("cell %d of an empty board holds something", i)
				}
			}
			if _, err := b.MarshalText(); err != nil {
				t.Error(err)
			}
			if _, err := b.MarshalJSON(); err != nil {
				t.Error(err)
			}
			b.ClearEntries()
		}
		isArg(t, "nil Set", nilBoard.Set(0, 1))
		isArg(t, "nil Set by row and column", nilBoard.Set(nilBoard.Geometry().Cell(0, 0), 1))
		isArg(t, "nil SetGiven", nilBoard.SetGiven(0, 1))
		isArg(t, "nil FillEmpty", nilBoard.FillEmpty(make([]int, 81)))
		isArg(t, "nil SetNotation", nilBoard.SetNotation(sudoku.Notation{}))
		isArg(t, "nil UnmarshalText", nilBoard.UnmarshalText([]byte(classic)))
		isArg(t, "nil UnmarshalJSON", nilBoard.UnmarshalJSON([]byte(`{}`)))
		if nilBoard.Equal(new(sudoku.Board)) || !nilBoard.Equal(nil) {
			t.Error("Equal of a nil Board: want true only against nil")
		}
	})

	t.Run("board values", func(t *testing.T) {
		b := new(sudoku.Board)
		for _, i := range ints {
			for _, d := range ints {
				inCell, inDigit := i >= 0 && i < 81, d >= 0 && d <= 9
				errs := []error{b.Set(i, d), b.SetGiven(i, d)}
				for _, err := range errs {
					switch {
					case !inCell && !errors.Is(err, sudoku.ErrCellRange):
						t.Errorf("cell %d digit %d: %v, want ErrCellRange", i, d, err)
					case inCell && !inDigit && !errors.Is(err, sudoku.ErrDigitRange):
						t.Errorf("cell %d digit %d: %v, want ErrDigitRange", i, d, err)
					}
				}
				if err := b.Set(b.Geometry().Cell(i, d), 1); (i < 0 || i > 8 || d < 0 || d > 8) && !errors.Is(err, sudoku.ErrCellRange) {
					t.Errorf("Set at row %d, column %d: %v", i, d, err)
				}
			}
			if err := b.FillEmpty([]int{i}); !errors.Is(err, sudoku.ErrCellCount) {
				t.Errorf("FillEmpty of one digit: %v", err)
			}
			digits := make([]int, 81)
			digits[80] = i
			if err := b.FillEmpty(digits); (i < 0 || i > 9) && !errors.Is(err, sudoku.ErrDigitRange) {
				t.Errorf("FillEmpty with %d: %v", i, err)
			}
		}
		if err := b.FillEmpty(nil); !errors.Is(err, sudoku.ErrCellCount) {
			t.Errorf("FillEmpty(nil): %v", err)
		}
		for _, n := range []sudoku.Notation{{Alphabet: 3}, {Alphabet: 255}, {Empty: 'x'}, {Alphabet: sudoku.Hex, Empty: '0'}, {Empty: 255}} {
			if err := b.SetNotation(n); err == nil {
				t.Errorf("SetNotation(%+v) accepted", n)
			}
		}
		before := b.Clone()
		if err := b.UnmarshalJSON([]byte("null")); err != nil || !b.Equal(before) {
			t.Errorf("UnmarshalJSON(null): %v, board %s, want it unchanged", err, b.Line())
		}
		for _, data := range []string{"", "{", `{"boxRows":9223372036854775807,"boxCols":2}`, `{"boxRows":-1,"boxCols":-1}`} {
			if err := new(sudoku.Board).UnmarshalJSON([]byte(data)); err == nil {
				t.Errorf("UnmarshalJSON(%q) accepted", data)
			}
		}
		if err := new(sudoku.Board).UnmarshalText(nil); !errors.Is(err, sudoku.ErrEmptyInput) {
			t.Errorf("UnmarshalText(nil): %v", err)
		}
	})

	t.Run("parse options and enumerations", func(t *testing.T) {
		_, err := sudoku.Parse(classic, nil)
		isArg(t, "Parse with a nil option", err)
		_, err = sudoku.Parse(classic, sudoku.WithGeometry(nil))
		isArg(t, "WithGeometry(nil)", err)
		for _, a := range []sudoku.Alphabet{3, 255} {
			_, err = sudoku.Parse(classic, sudoku.WithAlphabet(a))
			isArg(t, "WithAlphabet", err)
			if a.MaxDigits() != 0 || a.String() == "" {
				t.Errorf("Alphabet(%d): MaxDigits %d, String %q", a, a.MaxDigits(), a.String())
			}
		}
		for _, n := range []int{0, -1, math.MinInt} {
			_, err = sudoku.Parse(classic, sudoku.WithTextLimit(n))
			isArg(t, "WithTextLimit", err)
		}
		if _, err := sudoku.Parse(classic, sudoku.WithTextLimit(math.MaxInt)); err != nil {
			t.Errorf("WithTextLimit(MaxInt): %v", err)
		}
		for _, s := range []string{"", "\x00", strings.Repeat("9", 401)} {
			if _, err := sudoku.Parse(s); err == nil {
				t.Errorf("Parse(%q) accepted", s)
			}
		}
		if sudoku.UnitKind(255).String() == "" {
			t.Error("UnitKind(255) has no String")
		}
		var k *sudoku.UnitKind
		isArg(t, "nil *UnitKind", k.UnmarshalText([]byte("row")))
		var a *sudoku.Alphabet
		isArg(t, "nil *Alphabet", a.UnmarshalText([]byte("hex")))
	})

	t.Run("scanner", func(t *testing.T) {
		sc := sudoku.NewScanner(nil)
		if sc.Scan() {
			t.Error("a Scanner of a nil reader scanned")
		}
		isArg(t, "NewScanner(nil)", sc.Err())
		var nilScanner *sudoku.Scanner
		if nilScanner.Scan() || nilScanner.Text() != "" || nilScanner.Line() != 0 {
			t.Error("a nil Scanner scanned")
		}
		isArg(t, "nil Scanner Err", nilScanner.Err())
		if _, err := nilScanner.Board(); !errors.Is(err, sudoku.ErrEmptyInput) {
			t.Errorf("nil Scanner Board: %v", err)
		}
		sc = sudoku.NewScanner(strings.NewReader(classic), sudoku.WithTextLimit(-1))
		if sc.Scan() {
			t.Error("a Scanner with a bad option scanned")
		}
		isArg(t, "NewScanner(WithTextLimit(-1))", sc.Err())
		sc = sudoku.NewScanner(strings.NewReader(classic))
		if _, err := sc.Board(); !errors.Is(err, sudoku.ErrEmptyInput) {
			t.Errorf("Board before Scan: %v", err)
		}
	})

	t.Run("errors", func(t *testing.T) {
		var pe *sudoku.ParseError
		var ce *sudoku.ConflictError
		if pe.Error() == "" || pe.Unwrap() != nil || ce.Error() == "" || !ce.Is(sudoku.ErrConflict) {
			t.Error("nil error values misbehave")
		}
		if (&sudoku.ParseError{}).Error() == "" || (&sudoku.ConflictError{}).Error() == "" {
			t.Error("zero error values have no message")
		}
		big := &sudoku.ConflictError{Conflicts: make([]sudoku.Conflict, 100)}
		if !strings.Contains(big.Error(), "92 more") {
			t.Errorf("ConflictError of 100: %s", big.Error())
		}
	})
}
