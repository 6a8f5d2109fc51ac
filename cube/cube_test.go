package cube_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/sudoku"
)

func TestZeroCube(t *testing.T) {
	var c cube.Cube
	if c.BoxSize() != 3 || c.Digits() != 9 || c.Model() != cube.ThreeFaces || c.Edges() != cube.Match {
		t.Fatalf("zero cube: n=%d m=%d %s %s", c.BoxSize(), c.Digits(), c.Model(), c.Edges())
	}
	if diff := cmp.Diff([]cube.Face{cube.Up, cube.Front, cube.Right}, c.Faces()); diff != "" {
		t.Fatalf("faces (-want +got):\n%s", diff)
	}
	if c.Board().Empty() != c.Geometry().NumCells() || c.Validate() != nil {
		t.Fatalf("zero cube not empty and valid")
	}
}

func TestStrings(t *testing.T) {
	got := []string{
		cube.ThreeFaces.String(), cube.SixFaces.String(), cube.Model(5).String(),
		cube.Match.String(), cube.Differ.String(), cube.EdgeRule(9).String(),
		cube.Up.String(), cube.Left.String(), cube.Front.String(), cube.Right.String(),
		cube.Back.String(), cube.Down.String(), cube.Face(6).String(),
		cube.Sticker{Face: cube.Back, Row: 1, Col: 8}.String(),
	}
	want := []string{
		"three-faces", "six-faces", "Model(5)", "match", "differ", "EdgeRule(9)",
		"up", "left", "front", "right", "back", "down", "Face(6)", "back r2c9",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
}

func TestFromBoard(t *testing.T) {
	c := mustNew(t, variant{2, cube.SixFaces, cube.Differ})
	b := c.Board().Clone()
	w, err := cube.FromBoard(b, 2, cube.SixFaces, cube.Differ)
	if err != nil {
		t.Fatal(err)
	}
	if w.Board() != b {
		t.Fatalf("FromBoard copied the board")
	}
	// A board on an equal geometry built elsewhere is accepted too.
	g, err := sudoku.NewCustomGeometry(c.Geometry().Spec())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cube.FromBoard(sudoku.NewBoard(g), 2, cube.SixFaces, cube.Differ); err != nil {
		t.Fatalf("board on an equal geometry: %v", err)
	}
	for _, tc := range []struct {
		b     *sudoku.Board
		n     int
		model cube.Model
		edges cube.EdgeRule
		want  error
	}{
		{b, 2, cube.SixFaces, cube.Match, sudoku.ErrInvalidArgument},
		{b, 3, cube.SixFaces, cube.Differ, sudoku.ErrInvalidArgument},
		{sudoku.NewBoard(nil), 3, cube.ThreeFaces, cube.Match, sudoku.ErrInvalidArgument},
		{nil, 2, cube.SixFaces, cube.Differ, sudoku.ErrInvalidArgument},
		{b, 7, cube.SixFaces, cube.Differ, cube.ErrSize},
		{b, 7, cube.SixFaces, cube.Differ, sudoku.ErrInvalidArgument},
	} {
		if c, err := cube.FromBoard(tc.b, tc.n, tc.model, tc.edges); !errors.Is(err, tc.want) || c != nil {
			t.Errorf("FromBoard(n=%d %s %s) = %v, %v; want %v", tc.n, tc.model, tc.edges, c, err, tc.want)
		}
	}
}

// TestFace checks that a face's copy holds its digits and givens, and is
// a copy.
func TestFace(t *testing.T) {
	c := mustNew(t, variant{2, cube.ThreeFaces, cube.Match})
	b := c.Board()
	// front r1c4 is the corner cubie, shared with up r4c4 and right r1c1.
	corner := c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 3})
	if err := b.SetGiven(corner, 3); err != nil {
		t.Fatal(err)
	}
	if err := b.Set(c.Cell(cube.Sticker{Face: cube.Right, Row: 2, Col: 1}), 4); err != nil {
		t.Fatal(err)
	}
	up, right := c.Face(cube.Up), c.Face(cube.Right)
	if up.Get(15) != 3 || !up.Given(15) || right.Get(0) != 3 || !right.Given(0) {
		t.Fatalf("the corner given on up and right: %s, %s", up.Line(), right.Line())
	}
	if right.Get(9) != 4 || right.Given(9) {
		t.Fatalf("the entry on right r3c2: %s", right.Line())
	}
	if want, _ := sudoku.NewGeometry(2, 2); right.Geometry() != want {
		t.Fatalf("face geometry %s", right.Geometry())
	}
	_ = right.Set(9, 1)
	if c.At(cube.Sticker{Face: cube.Right, Row: 2, Col: 1}) != 4 {
		t.Fatalf("changing a face's copy changed the cube")
	}
	if c.Face(cube.Back) != nil || c.FaceCells(cube.Down) != nil || c.Face(cube.Face(-1)) != nil {
		t.Fatalf("faces outside the model are not nil")
	}
	if c.Cell(cube.Sticker{Face: cube.Up, Row: 4, Col: 0}) != -1 || c.Partners(cube.Sticker{Face: cube.Left}) != nil || c.Stickers(99) != nil {
		t.Fatalf("stickers outside the model")
	}
}

// TestValidate checks that conflicts are named by face and cell.
func TestValidate(t *testing.T) {
	tests := []struct {
		edges cube.EdgeRule
		set   map[cube.Sticker]int
		want  string
	}{
		{cube.Match, map[cube.Sticker]int{{Face: cube.Front, Row: 1, Col: 0}: 2, {Face: cube.Front, Row: 1, Col: 2}: 2},
			"front r2c1 and front r2c3 both hold 2 (row 2 of the front face)"},
		{cube.Match, map[cube.Sticker]int{{Face: cube.Up, Row: 3, Col: 0}: 1, {Face: cube.Front, Row: 2, Col: 0}: 1},
			"up r4c1 = front r1c1 and front r3c1 both hold 1 (column 1 of the front face)"},
		{cube.Differ, map[cube.Sticker]int{{Face: cube.Up, Row: 3, Col: 3}: 4, {Face: cube.Right, Row: 0, Col: 0}: 4},
			"up r4c4 and right r1c1 both hold 4 (edge up r4c4 / front r1c4 / right r1c1)"},
	}
	for _, tc := range tests {
		c := mustNew(t, variant{2, cube.ThreeFaces, tc.edges})
		for s, d := range tc.set {
			if err := c.Board().Set(c.Cell(s), d); err != nil {
				t.Fatal(err)
			}
		}
		err := c.Validate()
		if !errors.Is(err, sudoku.ErrConflict) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.edges, err, tc.want)
		}
		if c.Solved() {
			t.Errorf("%s: solved", tc.edges)
		}
	}
}
