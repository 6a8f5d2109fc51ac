package cube_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// solvedPuzzle returns a solved cube of the variant whose cells are givens
// where keep says so and entries elsewhere.
func solvedPuzzle(t testing.TB, v variant, keep func(cell int) bool) *cube.Cube {
	t.Helper()
	sol, err := search.Solve(context.Background(), mustNew(t, v).Board(), search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	b := sudoku.NewBoard(sol.Geometry())
	for cell := range b.Geometry().NumCells() {
		if keep(cell) {
			_ = b.SetGiven(cell, sol.Get(cell))
		} else {
			_ = b.Set(cell, sol.Get(cell))
		}
	}
	c, err := cube.FromBoard(b, v.n, v.model, v.edges)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestNetRoundTrip prints cubes of every variant and size as nets and
// reads them back.
func TestNetRoundTrip(t *testing.T) {
	for _, v := range variants(2, 3, 4, 5) {
		c := solvedPuzzle(t, v, func(cell int) bool { return cell%3 == 0 })
		c.Board().ClearEntries()
		for _, text := range []string{c.Net(), strings.ReplaceAll(c.Net(), " ", ""), "# a comment\r\n" + strings.ReplaceAll(c.Net(), "\n", "\r\n")} {
			back, err := cube.Parse(text, v.edges)
			if err != nil {
				t.Fatalf("%s: %v\n%s", v, err, text)
			}
			if back.BoxSize() != v.n || back.Model() != v.model || back.Edges() != v.edges || !back.Board().Equal(c.Board()) {
				t.Fatalf("%s: read back as %s %s n=%d:\n%s", v, back.Model(), back.Edges(), back.BoxSize(), back.Net())
			}
			if back.Board().Empty() != c.Board().Empty() || back.Board().Givens().Empty() != c.Board().Empty() {
				t.Fatalf("%s: every digit read is a given", v)
			}
		}
	}
}

func TestNetText(t *testing.T) {
	c := mustNew(t, variant{2, cube.SixFaces, cube.Match})
	// The corner cubie of up, left and front.
	corner := c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 0})
	_ = c.Board().SetGiven(corner, 3)
	_ = c.Board().Set(c.Cell(cube.Sticker{Face: cube.Back, Row: 2, Col: 2}), 4)
	want := `            . . | . .
            . . | . .
            ----+----
            . . | . .
            3 . | . .

. . | . 3   3 . | . .   . . | . .   . . | . .
. . | . .   . . | . .   . . | . .   . . | . .
----+----   ----+----   ----+----   ----+----
. . | . .   . . | . .   . . | . .   . . | 4 .
. . | . .   . . | . .   . . | . .   . . | . .

            . . | . .
            . . | . .
            ----+----
            . . | . .
            . . | . .
`
	if diff := cmp.Diff(want, c.String()); diff != "" {
		t.Fatalf("net (-want +got):\n%s", diff)
	}
}

func TestParseErrors(t *testing.T) {
	good := mustNew(t, variant{2, cube.ThreeFaces, cube.Match}).Net()
	tests := []struct {
		name       string
		text       string
		edges      cube.EdgeRule
		kind       error
		line, col  int
		msgContain string
	}{
		{"empty", "", cube.Match, sudoku.ErrEmptyInput, 0, 0, "no cells"},
		{"only rules", "----+----\n\n# x\n", cube.Match, sudoku.ErrEmptyInput, 0, 0, ""},
		{"bad first line", "1 2 3\n", cube.Match, cube.ErrLayout, 1, 0, "3 cells in the first line"},
		{"one face", ". . | . .\n. . | . .\n. . | . .\n. . | . .\n", cube.Match, cube.ErrLayout, 0, 0, "4 lines of cells"},
		{"bad middle", strings.Replace(good, ". . | . .   . . | . .\n", ". . | . .   . . | .\n", 1), cube.Match, sudoku.ErrCellCount, 7, 0, "7 cells"},
		{"short line", strings.Replace(good, "\n. . | . .   . . | . .\n", "\n. . | . .   . . | . .\n. . | . .\n", 1), cube.Match, cube.ErrLayout, 0, 0, "9 lines"},
		{"ragged", strings.Replace(good, ". . | . .\n. . | . .\n----", ". . | . .\n. . | . . .\n----", 1), cube.Match, cube.ErrLayout, 2, 0, "5 cells"},
		{"bad character", strings.Replace(good, ". .", ". #", 1), cube.Match, sudoku.ErrBadCharacter, 1, 3, "'#'"},
		{"digit range", strings.Replace(good, ". .", ". 5", 1), cube.Differ, sudoku.ErrDigitRange, 1, 3, "digit 5 out of range"},
		{"mismatch", strings.Replace(good, ". . | . .   . . | . .", ". . | . 2   1 . | . .", 1), cube.Match, cube.ErrMismatch, 7, 9, "front r1c4 holds 2 but up r4c4, the same cubie, holds ."},
		{"edge rule", good, cube.EdgeRule(4), sudoku.ErrInvalidArgument, 0, 0, "edge rule"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := cube.Parse(tc.text, tc.edges)
			if c != nil || !errors.Is(err, tc.kind) {
				t.Fatalf("Parse = %v, %v; want an error of kind %v", c, err, tc.kind)
			}
			if !strings.Contains(err.Error(), tc.msgContain) {
				t.Errorf("error %q does not say %q", err, tc.msgContain)
			}
			var pe *sudoku.ParseError
			if errors.As(err, &pe) && (pe.Line != tc.line || pe.Column != tc.col) {
				t.Errorf("error at line %d, column %d; want %d, %d (%v)", pe.Line, pe.Column, tc.line, tc.col, err)
			}
		})
	}
	// The same digit on both copies of a shared cell reads fine; under
	// Differ the copies are different cells.
	same := strings.Replace(good, ". . | . .   . . | . .", ". . | . 2   2 . | . .", 1)
	same = strings.Replace(same, ". . | . .\n\n", ". . | . 2\n\n", 1)
	if _, err := cube.Parse(same, cube.Match); err != nil {
		t.Errorf("agreeing copies: %v\n%s", err, same)
	}
	if _, err := cube.Parse(strings.Replace(good, ". . | . .   . . | . .", ". . | . 2   1 . | . .", 1), cube.Differ); err != nil {
		t.Errorf("differing edges: %v", err)
	}
}

func TestJSON(t *testing.T) {
	for _, v := range variants(2, 3) {
		c := solvedPuzzle(t, v, func(cell int) bool { return cell%4 == 1 })
		_ = c.Board().Set(c.FaceCells(c.Faces()[0])[6], 0)
		data, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		var back cube.Cube
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v\n%s", v, err, data)
		}
		if back.BoxSize() != v.n || back.Model() != v.model || back.Edges() != v.edges || !back.Board().Equal(c.Board()) {
			t.Fatalf("%s: read back as %s", v, back.Net())
		}
		for cell := range c.Geometry().NumCells() {
			if back.Board().Given(cell) != c.Board().Given(cell) {
				t.Fatalf("%s: cell %s given %v, was %v", v, c.Geometry().CellName(cell), back.Board().Given(cell), c.Board().Given(cell))
			}
		}
	}
	c := mustNew(t, variant{2, cube.ThreeFaces, cube.Differ})
	_ = c.Board().SetGiven(0, 4)
	data, _ := json.Marshal(c)
	want := `{"boxSize":2,"model":"three-faces","edges":"differ","givens":"4` + strings.Repeat(".", 47) + `","digits":"4` + strings.Repeat(".", 47) + `"}`
	if string(data) != want {
		t.Fatalf("JSON\n%s\nwant\n%s", data, want)
	}
	for _, tc := range []struct {
		json string
		kind error
	}{
		{`{"boxSize":1}`, cube.ErrSize},
		{`{"boxSize":2,"model":"four faces"}`, sudoku.ErrInvalidArgument},
		{`{"boxSize":2,"edges":"same"}`, sudoku.ErrInvalidArgument},
		{`{"boxSize":2,"digits":"1234"}`, cube.ErrLayout},
		{`{"boxSize":2,"givens":"` + strings.Repeat("#", 48) + `"}`, sudoku.ErrBadCharacter},
		{`{"boxSize":2,"digits":"` + strings.Repeat(".", 15) + "1" + strings.Repeat(".", 32) + `"}`, cube.ErrMismatch},
		{`{"boxSize":2,"edges":"differ","givens":"1` + strings.Repeat(".", 47) + `","digits":"2` + strings.Repeat(".", 47) + `"}`, sudoku.ErrConflict},
	} {
		var got cube.Cube
		got.Board() // the zero cube, made
		err := json.Unmarshal([]byte(tc.json), &got)
		if !errors.Is(err, tc.kind) {
			t.Errorf("%s: %v, want %v", tc.json, err, tc.kind)
		}
		if got.Digits() != 9 || got.Board().Empty() != got.Geometry().NumCells() {
			t.Errorf("%s: the cube changed on error", tc.json)
		}
	}
	if err := json.Unmarshal([]byte(`{"boxSize":`), new(cube.Cube)); err == nil {
		t.Errorf("malformed JSON read")
	}
}

// TestSVG checks that the drawing is well-formed XML with a square for
// every sticker, shaded when the sticker has a partner across an edge,
// and a digit for every filled sticker, givens and entries in their own
// groups.
func TestSVG(t *testing.T) {
	for _, v := range variants(2, 4) {
		c := solvedPuzzle(t, v, func(cell int) bool { return cell%2 == 0 })
		_ = c.Board().Set(c.FaceCells(c.Faces()[1])[5], 0)
		var buf bytes.Buffer
		if err := c.SVG(&buf); err != nil {
			t.Fatal(err)
		}
		texts := map[string]int{}
		squares, shaded := 0, 0
		var groups []string
		dec := xml.NewDecoder(&buf)
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", v, err)
			}
			switch tok := tok.(type) {
			case xml.StartElement:
				class := ""
				for _, a := range tok.Attr {
					if a.Name.Local == "class" {
						class = a.Value
					}
				}
				switch tok.Name.Local {
				case "g":
					groups = append(groups, class)
				case "text":
					texts[groups[len(groups)-1]]++
				case "rect":
					if strings.HasPrefix(class, "cell") {
						squares++
						if strings.Contains(class, "shade") {
							shaded++
						}
					}
				}
			case xml.EndElement:
				if tok.Name.Local == "g" {
					groups = groups[:len(groups)-1]
				}
			}
		}
		wantGiven, wantEntry, wantShaded := 0, 0, 0
		all := stickers(c)
		for _, s := range all {
			cell := c.Cell(s)
			if len(c.Partners(s)) > 0 {
				wantShaded++
			}
			switch {
			case c.Board().Get(cell) == 0:
			case c.Board().Given(cell):
				wantGiven++
			default:
				wantEntry++
			}
		}
		if texts["given"] != wantGiven || texts["entry"] != wantEntry || len(texts) > 2 {
			t.Fatalf("%s: digits drawn %v, want %d givens and %d entries", v, texts, wantGiven, wantEntry)
		}
		if squares != len(all) || shaded != wantShaded {
			t.Fatalf("%s: %d squares, %d shaded, want %d and %d", v, squares, shaded, len(all), wantShaded)
		}
	}
	if err := mustNew(t, variant{2, cube.SixFaces, cube.Match}).SVG(failWriter{}); err == nil {
		t.Fatalf("a failing writer's error is lost")
	}
}

// TestSVGOptions draws a cube with pencil marks and a hint step: the
// options of package draw work on the cube's cells.
func TestSVGOptions(t *testing.T) {
	c := solvedPuzzle(t, variant{2, cube.SixFaces, cube.Differ}, func(cell int) bool { return cell%3 != 0 })
	c.Board().ClearEntries()
	s, err := logic.NewState(c.Board())
	if err != nil {
		t.Fatal(err)
	}
	st, err := logic.Hint(context.Background(), c.Board())
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := c.SVG(&buf, cube.WithDraw(draw.WithMarks(s.MarkMasks()), draw.WithStep(st, logic.StageStep))); err != nil {
		t.Fatal(err)
	}
	for _, group := range []string{`<g class="mark"`, `<g class="place"`, ` area`} {
		if !strings.Contains(buf.String(), group) {
			t.Errorf("no %s in the drawing of %s", group, st)
		}
	}
	if err := c.SVG(&buf, cube.WithDraw(draw.WithMarks(make([]uint64, 3)))); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("marks of the wrong length: %v", err)
	}
	if got := c.Panels(); len(got) != 6 || got[0].Name != "up" || len(got[0].Cells) != 16 {
		t.Errorf("panels %+v", got)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
