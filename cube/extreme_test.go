package cube_test

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/sudoku"
)

// extremes are the numbers every int argument is tried with.
var extremes = []int{0, -1, 1, 6, math.MaxInt, math.MinInt, math.MaxInt32 + 1}

// errWriter fails every write with errWrite.
type errWriter struct{}

var errWrite = errors.New("write failed")

func (errWriter) Write([]byte) (int, error) { return 0, errWrite }

// TestExtremes calls every exported function and method of the package
// (but Anneal, tested with its own) with zero values, nil and extreme
// numbers, and requires an error or the documented answer, never a panic.
func TestExtremes(t *testing.T) {
	isArg := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: %v, want an argument error", what, err)
		}
	}
	// Constructors: a box side outside 2..5, or a model or rule that is
	// no value of its type, is an error, and nothing is made.
	for _, box := range extremes {
		for _, model := range []cube.Model{cube.ThreeFaces, -1, 2, math.MaxInt} {
			for _, edges := range []cube.EdgeRule{cube.Differ, -1, 2, math.MinInt} {
				ok := box >= 2 && box <= 5 && model == cube.ThreeFaces && edges == cube.Differ
				if ok {
					continue
				}
				c, err := cube.New(box, model, edges)
				isArg("New", err)
				g, gerr := cube.NewGeometry(box, model, edges)
				isArg("NewGeometry", gerr)
				f, ferr := cube.FromBoard(sudoku.NewBoard(nil), box, model, edges)
				isArg("FromBoard", ferr)
				if c != nil || g != nil || f != nil {
					t.Errorf("New/NewGeometry/FromBoard(%d, %d, %d) made something with an error", box, model, edges)
				}
			}
		}
	}
	if c, err := cube.FromBoard(nil, 2, cube.SixFaces, cube.Match); c != nil || !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("FromBoard(nil): %v, %v", c, err)
	}
	var zeroBoard sudoku.Board
	if c, err := cube.FromBoard(&zeroBoard, 3, cube.ThreeFaces, cube.Match); c != nil || !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("FromBoard(zero board): %v, %v", c, err)
	}
	for _, edges := range []cube.EdgeRule{-1, 2, math.MaxInt} {
		c, err := cube.Parse(mustNew(t, variant{2, cube.ThreeFaces, cube.Match}).Net(), edges)
		isArg("Parse with a bad edge rule", err)
		if c != nil {
			t.Errorf("Parse(%d) made a cube", edges)
		}
	}
	for _, text := range []string{"", "\x00", "\ufeff", strings.Repeat("\n", 1000), "#", "|", "1", strings.Repeat("9", 101)} {
		if c, err := cube.Parse(text, cube.Match); c != nil || err == nil {
			t.Errorf("Parse(%q): %v, %v", text, c, err)
		}
	}
	for _, name := range []string{"", "\x00", strings.Repeat("x", 1<<16)} {
		_, e1 := cube.ParseModel(name)
		_, e2 := cube.ParseEdgeRule(name)
		_, e3 := cube.ParseFace(name)
		_, e4 := cube.ParseStrategy(name)
		for _, err := range []error{e1, e2, e3, e4} {
			isArg("Parse of a bad name", err)
		}
	}

	// Enumerations out of range print their kind and number and do not
	// marshal; nil pointers do not unmarshal.
	for _, n := range extremes {
		if n >= 0 && n <= 1 {
			continue
		}
		for _, s := range []string{cube.Model(n).String(), cube.EdgeRule(n).String(), cube.Face(n).String(), cube.Strategy(n).String()} {
			if !strings.HasSuffix(s, "("+itoa(n)+")") {
				t.Errorf("String of %d: %q", n, s)
			}
		}
		_ = cube.Sticker{Face: cube.Face(n), Row: n, Col: n}.String()
		if n > 5 || n < 0 {
			_, err := cube.Face(n).MarshalText()
			isArg("Face.MarshalText", err)
		}
		_, e1 := cube.Model(n).MarshalText()
		_, e2 := cube.EdgeRule(n).MarshalText()
		isArg("Model.MarshalText", e1)
		isArg("EdgeRule.MarshalText", e2)
		if n > 2 || n < 0 {
			_, err := cube.Strategy(n).MarshalText()
			isArg("Strategy.MarshalText", err)
		}
		if _, err := json.Marshal(cube.Sticker{Face: cube.Face(n)}); n > 5 && err == nil {
			t.Errorf("JSON of a sticker on face %d", n)
		}
	}
	isArg("nil *Model", (*cube.Model)(nil).UnmarshalText([]byte("six faces")))
	isArg("nil *EdgeRule", (*cube.EdgeRule)(nil).UnmarshalText([]byte("match")))
	isArg("nil *Face", (*cube.Face)(nil).UnmarshalText([]byte("up")))
	isArg("nil *Strategy", (*cube.Strategy)(nil).UnmarshalText([]byte("master")))
	isArg("nil *Cube", (*cube.Cube)(nil).UnmarshalJSON([]byte(`{"boxSize":2}`)))
	for _, data := range []string{"", "{", `{"boxSize":1e400}`, `{"boxSize":` + itoa(math.MaxInt) + `}`, `{"boxSize":-9223372036854775808}`, `[]`, `"x"`} {
		var c cube.Cube
		if err := c.UnmarshalJSON([]byte(data)); err == nil {
			t.Errorf("UnmarshalJSON(%q) read a cube", data)
		}
		if c != (cube.Cube{}) {
			t.Errorf("UnmarshalJSON(%q) changed the cube on error", data)
		}
	}

	// Methods on a zero, a nil and a made cube with stickers, faces and
	// cells out of range: the documented nil, -1 or 0.
	made := mustNew(t, variant{2, cube.SixFaces, cube.Differ})
	for name, c := range map[string]*cube.Cube{"zero": new(cube.Cube), "nil": nil, "made": made} {
		for _, n := range extremes {
			if n >= 0 && n <= 5 {
				continue
			}
			f := cube.Face(n)
			if c.FaceCells(f) != nil || c.Face(f) != nil || c.Neighbors(f) != nil {
				t.Errorf("%s cube: face %d is no face, but is answered", name, n)
			}
		}
		for _, n := range extremes {
			for _, s := range []cube.Sticker{{Face: cube.Up, Row: n, Col: 0}, {Face: cube.Up, Row: 0, Col: n}, {Face: cube.Face(n), Row: 0, Col: 0}} {
				if n >= 0 && n < c.Digits() && s.Face == cube.Up {
					continue
				}
				if n == 1 && s.Face == cube.Face(1) && c.Model() == cube.SixFaces {
					continue // left r1c1 is a sticker of six faces
				}
				if c.Cell(s) != -1 || c.Partners(s) != nil || c.At(s) != 0 {
					t.Errorf("%s cube: %v is off the model, but Cell %d, Partners %v, At %d", name, s, c.Cell(s), c.Partners(s), c.At(s))
				}
			}
			if n < 0 || n >= c.Geometry().NumCells() {
				if c.Stickers(n) != nil {
					t.Errorf("%s cube: stickers of cell %d", name, n)
				}
			}
		}
		if err := c.SVG(nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s cube: SVG(nil): %v", name, err)
		}
		if err := c.SVG(errWriter{}); !errors.Is(err, errWrite) {
			t.Errorf("%s cube: SVG to a failing writer: %v", name, err)
		}
		if c.Clone() == nil || c.Validate() != nil || c.Solved() || c.String() != c.Net() {
			t.Errorf("%s cube: Clone, Validate, Solved or String", name)
		}
		if _, err := json.Marshal(c); err != nil {
			t.Errorf("%s cube: JSON: %v", name, err)
		}
	}
}

func itoa(n int) string {
	data, _ := json.Marshal(n)
	return string(data)
}

// TestArgumentsUnchanged checks that FromBoard leaves the board it is
// given as it was, whether it takes it or refuses it, and that a cube made
// from it is that board.
func TestArgumentsUnchanged(t *testing.T) {
	puzzle := solvedPuzzle(t, variant{2, cube.SixFaces, cube.Match}, func(cell int) bool { return cell%4 == 0 })
	b := puzzle.Board().Clone()
	_ = b.Set(1, 0)
	want, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		box   int
		model cube.Model
		edges cube.EdgeRule
	}{{2, cube.SixFaces, cube.Match}, {2, cube.SixFaces, cube.Differ}, {3, cube.SixFaces, cube.Match}, {9, cube.SixFaces, cube.Match}, {2, -1, cube.Match}} {
		c, err := cube.FromBoard(b, tc.box, tc.model, tc.edges)
		if got, _ := json.Marshal(b); string(got) != string(want) {
			t.Fatalf("FromBoard(%d, %d, %d) changed its board:\n%s\nnow\n%s", tc.box, tc.model, tc.edges, want, got)
		}
		if err == nil {
			if c.Board() != b || c.Validate() != nil {
				t.Fatalf("FromBoard(%d, %d, %d) did not take the board as it is", tc.box, tc.model, tc.edges)
			}
			// Everything that reads the cube leaves its board alone too.
			for name, read := range readers {
				read(c)
				if got, _ := json.Marshal(b); string(got) != string(want) {
					t.Fatalf("%s changed the board", name)
				}
			}
		}
	}
}
