package cube_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestErrorsKeepCause checks that errors.As finds the *sudoku.ParseError
// of bad text or JSON and the *sudoku.ConflictError of clashing digits,
// however the cube was read, and that errors.Is still tells their kind.
func TestErrorsKeepCause(t *testing.T) {
	net := mustNew(t, variant{2, cube.ThreeFaces, cube.Match}).Net()
	type inner struct {
		C *cube.Cube `json:"c"`
	}
	parseErrors := []struct {
		name string
		err  func() error
		kind error
	}{
		{"Parse, bad character", func() error { _, err := cube.Parse(strings.Replace(net, ".", "?", 1), cube.Match); return err }, sudoku.ErrBadCharacter},
		{"Parse, digit out of range", func() error { _, err := cube.Parse(strings.Replace(net, ".", "5", 1), cube.Match); return err }, sudoku.ErrDigitRange},
		{"Parse, layout", func() error { _, err := cube.Parse(net[:len(net)/2], cube.Match); return err }, sudoku.ErrCellCount},
		{"Parse, too large", func() error {
			_, err := cube.Parse(strings.Repeat(net, cube.NetTextLimit/len(net)+1), cube.Match)
			return err
		}, sudoku.ErrTooLarge},
		{"JSON, bad character", func() error {
			return json.Unmarshal([]byte(`{"boxSize":2,"givens":"`+line(48, '#')+`"}`), new(cube.Cube))
		}, sudoku.ErrBadCharacter},
		{"JSON, given against digit", func() error {
			return json.Unmarshal([]byte(`{"boxSize":2,"givens":"`+line(48, '1')+`","digits":"`+line(48, '2')+`"}`), new(cube.Cube))
		}, sudoku.ErrConflict},
		{"JSON in a struct, mismatched copies", func() error {
			return json.Unmarshal([]byte(`{"c":{"boxSize":2,"digits":"`+strings.Repeat(".", 15)+"1"+strings.Repeat(".", 32)+`"}}`), new(inner))
		}, cube.ErrMismatch},
		{"JSON, empty", func() error { return json.Unmarshal([]byte(`{"givens":""}`), new(cube.Cube)) }, sudoku.ErrEmptyInput},
	}
	for _, tc := range parseErrors {
		err := tc.err()
		var pe *sudoku.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, tc.kind) {
			t.Errorf("%s: %v (%T), want a *sudoku.ParseError matching %v", tc.name, err, err, tc.kind)
		}
	}

	// Two equal givens in front's first row, however the cube is made.
	c := mustNew(t, variant{3, cube.SixFaces, cube.Differ})
	_ = c.Board().SetGiven(c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 1}), 3)
	_ = c.Board().SetGiven(c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 3}), 3)
	fromBoard, err := cube.FromBoard(c.Board().Clone(), 3, cube.SixFaces, cube.Differ)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := cube.Parse(c.Net(), cube.Differ)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var fromJSON cube.Cube
	if err := json.Unmarshal(data, &fromJSON); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]*cube.Cube{"made": c, "FromBoard": fromBoard, "Parse": parsed, "JSON": &fromJSON} {
		err := c.Validate()
		var ce *sudoku.ConflictError
		if !errors.As(err, &ce) || !errors.Is(err, sudoku.ErrConflict) || len(ce.Conflicts) != 1 {
			t.Errorf("%s: Validate gave %v, want one conflict", name, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "front r1c2") || !strings.Contains(msg, "front r1c4") {
			t.Errorf("%s: %q does not name the cells by face", name, msg)
		}
	}
}

// TestSizeErrors checks that a box size out of range is a size error,
// matching cube.ErrSize and sudoku.ErrSize, and when it is passed to New,
// NewGeometry or FromBoard also an argument error, as a box shape passed
// to sudoku.NewGeometry is; read from JSON it is input, not an argument.
func TestSizeErrors(t *testing.T) {
	b := sudoku.NewBoard(nil)
	for _, box := range []int{math.MinInt, -3, 1, 6, 7, math.MaxInt} {
		_, errNew := cube.New(box, cube.ThreeFaces, cube.Match)
		_, errGeometry := cube.NewGeometry(box, cube.SixFaces, cube.Differ)
		_, errFromBoard := cube.FromBoard(b, box, cube.ThreeFaces, cube.Match)
		errJSON := json.Unmarshal(fmt.Appendf(nil, `{"boxSize":%d}`, box), new(cube.Cube))
		for name, err := range map[string]error{"New": errNew, "NewGeometry": errGeometry, "FromBoard": errFromBoard, "JSON": errJSON} {
			if !errors.Is(err, cube.ErrSize) || !errors.Is(err, sudoku.ErrSize) {
				t.Errorf("%s, box %d: %v, want cube.ErrSize and sudoku.ErrSize", name, box, err)
			}
			if arg := name != "JSON"; errors.Is(err, sudoku.ErrInvalidArgument) != arg {
				t.Errorf("%s, box %d: %v, an argument error: %v, want %v", name, box, err, !arg, arg)
			}
		}
	}
}
