package cube_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestTextForms checks that every enumeration reads back its own name by
// its Parse function, UnmarshalText and JSON, and that unknown names and
// values are argument errors.
func TestTextForms(t *testing.T) {
	type form struct {
		names   []string
		parse   func(string) (string, error) // Parse then String
		unmarsh func([]byte) (string, error) // UnmarshalText then String
		marshal func(int) ([]byte, error)    // MarshalText of a value
		json    func(string) (string, error) // a JSON string into a struct field and back
	}
	forms := map[string]form{
		"Model": {
			names: []string{"three-faces", "six-faces"},
			parse: func(s string) (string, error) { v, err := cube.ParseModel(s); return v.String(), err },
			unmarsh: func(b []byte) (string, error) {
				var v cube.Model
				err := v.UnmarshalText(b)
				return v.String(), err
			},
			marshal: func(i int) ([]byte, error) { return cube.Model(i).MarshalText() },
			json: func(s string) (string, error) {
				var v struct{ X cube.Model }
				if err := json.Unmarshal([]byte(`{"X":"`+s+`"}`), &v); err != nil {
					return "", err
				}
				out, err := json.Marshal(v)
				return string(out), err
			},
		},
		"EdgeRule": {
			names: []string{"match", "differ"},
			parse: func(s string) (string, error) { v, err := cube.ParseEdgeRule(s); return v.String(), err },
			unmarsh: func(b []byte) (string, error) {
				var v cube.EdgeRule
				err := v.UnmarshalText(b)
				return v.String(), err
			},
			marshal: func(i int) ([]byte, error) { return cube.EdgeRule(i).MarshalText() },
			json: func(s string) (string, error) {
				var v struct{ X cube.EdgeRule }
				if err := json.Unmarshal([]byte(`{"X":"`+s+`"}`), &v); err != nil {
					return "", err
				}
				out, err := json.Marshal(v)
				return string(out), err
			},
		},
		"Face": {
			names: []string{"up", "left", "front", "right", "back", "down"},
			parse: func(s string) (string, error) { v, err := cube.ParseFace(s); return v.String(), err },
			unmarsh: func(b []byte) (string, error) {
				var v cube.Face
				err := v.UnmarshalText(b)
				return v.String(), err
			},
			marshal: func(i int) ([]byte, error) { return cube.Face(i).MarshalText() },
			json: func(s string) (string, error) {
				var v struct{ X cube.Face }
				if err := json.Unmarshal([]byte(`{"X":"`+s+`"}`), &v); err != nil {
					return "", err
				}
				out, err := json.Marshal(v)
				return string(out), err
			},
		},
		"Strategy": {
			names: []string{"master", "chains", "whole"},
			parse: func(s string) (string, error) { v, err := cube.ParseStrategy(s); return v.String(), err },
			unmarsh: func(b []byte) (string, error) {
				var v cube.Strategy
				err := v.UnmarshalText(b)
				return v.String(), err
			},
			marshal: func(i int) ([]byte, error) { return cube.Strategy(i).MarshalText() },
			json: func(s string) (string, error) {
				var v struct{ X cube.Strategy }
				if err := json.Unmarshal([]byte(`{"X":"`+s+`"}`), &v); err != nil {
					return "", err
				}
				out, err := json.Marshal(v)
				return string(out), err
			},
		},
	}
	for kind, f := range forms {
		for i, name := range f.names {
			if got, err := f.parse(name); err != nil || got != name {
				t.Errorf("Parse%s(%q) = %q, %v", kind, name, got, err)
			}
			if got, err := f.unmarsh([]byte(name)); err != nil || got != name {
				t.Errorf("%s.UnmarshalText(%q) = %q, %v", kind, name, got, err)
			}
			if got, err := f.marshal(i); err != nil || string(got) != name {
				t.Errorf("%s(%d).MarshalText() = %q, %v", kind, i, got, err)
			}
			if got, err := f.json(name); err != nil || got != `{"X":"`+name+`"}` {
				t.Errorf("%s in JSON: %s, %v", kind, got, err)
			}
		}
		for _, name := range f.names {
			if _, err := f.parse(strings.ToUpper(name)); err != nil {
				t.Errorf("Parse%s(%q): %v; names are read in any case", kind, strings.ToUpper(name), err)
			}
		}
		for _, bad := range []string{"", "three", "six", "sixfaces7", "x", "matc", strings.Repeat("a", 1000)} {
			if _, err := f.parse(bad); !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Errorf("Parse%s(%q): %v, want an argument error", kind, bad, err)
			}
			if _, err := f.unmarsh([]byte(bad)); !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Errorf("%s.UnmarshalText(%q): %v, want an argument error", kind, bad, err)
			}
			if _, err := f.json(bad); !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Errorf("%s from JSON %q: %v, want an argument error", kind, bad, err)
			}
		}
		for _, bad := range []int{-1, len(f.names), 1 << 40} {
			if out, err := f.marshal(bad); !errors.Is(err, sudoku.ErrInvalidArgument) || out != nil {
				t.Errorf("%s(%d).MarshalText() = %q, %v; want an argument error", kind, bad, out, err)
			}
		}
	}
	// Names read with any spacing: the model names of old, with a space,
	// and as one word.
	for _, name := range []string{"three faces", "Three_Faces", "threefaces"} {
		if m, err := cube.ParseModel(name); err != nil || m != cube.ThreeFaces {
			t.Errorf("ParseModel(%q) = %v, %v; want three-faces", name, m, err)
		}
	}
	var nilModel *cube.Model
	if err := nilModel.UnmarshalText([]byte("six faces")); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("UnmarshalText into a nil *Model: %v", err)
	}
}

// TestStickerJSON checks the camelCase JSON of a sticker, its face by name.
func TestStickerJSON(t *testing.T) {
	s := cube.Sticker{Face: cube.Front, Row: 1, Col: 2}
	data, err := json.Marshal(s)
	if err != nil || string(data) != `{"face":"front","row":1,"col":2}` {
		t.Fatalf("JSON of %v: %s, %v", s, data, err)
	}
	var back cube.Sticker
	if err := json.Unmarshal(data, &back); err != nil || back != s {
		t.Fatalf("read back as %v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`{"face":"inside"}`), &back); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Fatalf("unknown face: %v", err)
	}
}

// line returns a line of n stickers or cells, first then empty ones.
func line(n int, first byte) string { return string(first) + strings.Repeat(".", n-1) }

// jsonWant is what JSON should read as.
type jsonWant struct {
	err            error
	givens, digits int // how many of each, when err is nil
	cells          int // the size read
}

// TestCubeJSONEmptyGivens checks the rule that Board and Cube JSON share:
// an empty or missing "givens" (or "digits") means none, as long as
// something gives the size; only JSON that gives no size is
// sudoku.ErrEmptyInput.
func TestCubeJSONEmptyGivens(t *testing.T) {
	type want = jsonWant
	cubes := []struct {
		json string
		want
	}{
		{`{"boxSize":2}`, want{cells: 37}},
		{`{"boxSize":2,"givens":""}`, want{cells: 37}},
		{`{"boxSize":2,"givens":"","digits":""}`, want{cells: 37}},
		{`{"boxSize":3,"model":"six faces","edges":"differ","givens":null}`, want{cells: 486}},
		{`{"boxSize":2,"digits":"` + line(48, '3') + `"}`, want{cells: 37, digits: 1}},
		{`{"boxSize":2,"givens":"` + line(48, '3') + `"}`, want{cells: 37, givens: 1, digits: 1}},
		{`{"givens":"` + line(48, '3') + `"}`, want{cells: 37, givens: 1, digits: 1}},
		{`{"digits":"` + line(243, '9') + `"}`, want{cells: 217, digits: 1}},
		{`{"model":"six faces","edges":"differ","digits":"` + line(96, '4') + `"}`, want{cells: 96, digits: 1}},
		{`{"givens":"` + line(1875, 'P') + `","digits":"` + line(1875, 'P') + `"}`, want{cells: 1801, givens: 1, digits: 1}},
		{`{}`, want{err: sudoku.ErrEmptyInput}},
		{`{"givens":""}`, want{err: sudoku.ErrEmptyInput}},
		{`{"model":"six faces","givens":"","digits":""}`, want{err: sudoku.ErrEmptyInput}},
		{`{"boxSize":0,"edges":"differ"}`, want{err: sudoku.ErrEmptyInput}},
		{`{"givens":"123"}`, want{err: cube.ErrLayout}},
		{`{"model":"six faces","givens":"` + line(48, '1') + `"}`, want{err: cube.ErrLayout}},
		{`{"boxSize":-1,"givens":"` + line(48, '1') + `"}`, want{err: cube.ErrSize}},
	}
	for _, tc := range cubes {
		var c cube.Cube
		err := json.Unmarshal([]byte(tc.json), &c)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("cube %s: %v, want %v", tc.json, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("cube %s: %v", tc.json, err)
			continue
		}
		b := c.Board()
		if got := b.Geometry().NumCells(); got != tc.cells {
			t.Errorf("cube %s: %d cells, want %d", tc.json, got, tc.cells)
		}
		if g, d := b.Givens().Geometry().NumCells()-b.Givens().Empty(), b.Geometry().NumCells()-b.Empty(); g != tc.givens || d != tc.digits {
			t.Errorf("cube %s: %d givens and %d digits, want %d and %d", tc.json, g, d, tc.givens, tc.digits)
		}
	}
}

// TestBoardJSONEmptyGivens checks that a sudoku.Board reads JSON by the
// same rule as a Cube (see TestCubeJSONEmptyGivens).
func TestBoardJSONEmptyGivens(t *testing.T) {
	type want = jsonWant
	boards := []struct {
		json string
		want
	}{
		{`{"boxRows":2,"boxCols":2}`, want{cells: 16}},
		{`{"boxRows":2,"boxCols":2,"givens":""}`, want{cells: 16}},
		{`{"boxRows":2,"boxCols":3,"givens":"","digits":""}`, want{cells: 36}},
		{`{"boxRows":3,"boxCols":3,"givens":null}`, want{cells: 81}},
		{`{"boxRows":2,"boxCols":2,"digits":"` + line(16, '3') + `"}`, want{cells: 16, digits: 1}},
		{`{"boxRows":2,"boxCols":2,"givens":"` + line(16, '3') + `"}`, want{cells: 16, givens: 1, digits: 1}},
		{`{"givens":"` + line(16, '3') + `"}`, want{cells: 16, givens: 1, digits: 1}},
		{`{"digits":"` + line(81, '9') + `"}`, want{cells: 81, digits: 1}},
		{`{}`, want{err: sudoku.ErrEmptyInput}},
		{`{"givens":""}`, want{err: sudoku.ErrEmptyInput}},
		{`{"givens":"","digits":""}`, want{err: sudoku.ErrEmptyInput}},
	}
	for _, tc := range boards {
		var b sudoku.Board
		err := json.Unmarshal([]byte(tc.json), &b)
		if tc.err != nil {
			if !errors.Is(err, tc.err) {
				t.Errorf("board %s: %v, want %v", tc.json, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("board %s: %v", tc.json, err)
			continue
		}
		if got := b.Geometry().NumCells(); got != tc.cells {
			t.Errorf("board %s: %d cells, want %d", tc.json, got, tc.cells)
		}
		if g, d := b.Givens().Geometry().NumCells()-b.Givens().Empty(), b.Geometry().NumCells()-b.Empty(); g != tc.givens || d != tc.digits {
			t.Errorf("board %s: %d givens and %d digits, want %d and %d", tc.json, g, d, tc.givens, tc.digits)
		}
	}
}
