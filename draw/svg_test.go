package draw_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// picture is what a test reads back from a drawing.
type picture struct {
	width, height float64
	viewBox       string
	titles        []string
	cells         map[int][]string    // classes of each cell's squares (all of them, joined)
	squares       int                 // rects of class "cell"
	flagged       map[string][]int    // cells of each highlight class, once per square
	texts         map[string][]string // text of each text group, by the group's class
	strikes       int                 // strokes through removed marks
	lines         map[string]bool     // line paths drawn, by class
}

// read parses an SVG drawing with encoding/xml, failing t on any XML
// error, and tallies its elements.
func read(t *testing.T, data []byte) picture {
	t.Helper()
	p := picture{cells: map[int][]string{}, flagged: map[string][]int{}, texts: map[string][]string{}, lines: map[string]bool{}}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var groups []string // class of each open g
	var stack []string  // open elements
	root := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not valid XML: %v\n%.400s", err, data)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Name.Local] = a.Value
			}
			stack = append(stack, tok.Name.Local)
			switch tok.Name.Local {
			case "svg":
				if root {
					t.Fatalf("nested svg element")
				}
				root = true
				if tok.Name.Space != "http://www.w3.org/2000/svg" {
					t.Errorf("svg namespace %q", tok.Name.Space)
				}
				p.width, _ = strconv.ParseFloat(attr["width"], 64)
				p.height, _ = strconv.ParseFloat(attr["height"], 64)
				p.viewBox = attr["viewBox"]
			case "g":
				groups = append(groups, attr["class"])
			case "rect":
				classes := strings.Fields(attr["class"])
				if !slices.Contains(classes, "cell") {
					continue
				}
				c, err := strconv.Atoi(attr["data-cell"])
				if err != nil {
					t.Fatalf("a cell without data-cell: %v", tok)
				}
				p.squares++
				p.cells[c] = append(p.cells[c], classes[1:]...)
				for _, cl := range classes[1:] {
					p.flagged[cl] = append(p.flagged[cl], c)
				}
			case "path":
				p.lines[attr["class"]] = true
				if attr["class"] == "strike" {
					p.strikes = strings.Count(attr["d"], "M")
				}
			}
		case xml.EndElement:
			if tok.Name.Local == "g" {
				groups = groups[:len(groups)-1]
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) == 0 {
				continue
			}
			switch stack[len(stack)-1] {
			case "text":
				class := ""
				if len(groups) > 0 {
					class = groups[len(groups)-1]
				}
				p.texts[class] = append(p.texts[class], string(tok))
			case "title":
				p.titles = append(p.titles, string(tok))
			}
		}
	}
	if !root {
		t.Fatalf("no svg element")
	}
	return p
}

// render draws b with opts and reads the drawing back.
func render(t *testing.T, b *sudoku.Board, opts ...draw.Option) picture {
	t.Helper()
	var buf bytes.Buffer
	if err := draw.SVG(&buf, b, opts...); err != nil {
		t.Fatal(err)
	}
	return read(t, buf.Bytes())
}

// withEntries returns a copy of puzzle with every third empty cell filled
// from the solution as an entry.
func withEntries(puzzle, solution *sudoku.Board) *sudoku.Board {
	b := puzzle.Clone()
	k := 0
	for c := range b.Geometry().NumCells() {
		if b.Get(c) == 0 {
			if k%3 == 0 {
				_ = b.Set(c, solution.Get(c))
			}
			k++
		}
	}
	return b
}

// TestCounts draws boards of every box shape with givens, entries and
// the marks logic finds, and checks that each cell is drawn once, each
// given and entry once in its group with its digit's text, and each mark
// once.
func TestCounts(t *testing.T) {
	for _, set := range []string{"4x4", "6x6", "8x8", "9x9-levels", "12x12", "16x16", "25x25"} {
		puzzles, solutions := reference.LocalSet(t, set, 2)
		for i, pz := range puzzles {
			if solutions[i] == nil {
				continue
			}
			b := withEntries(pz, solutions[i])
			s, err := logic.NewState(b)
			if err != nil {
				t.Fatal(err)
			}
			marks := s.MarkMasks()
			p := render(t, b, draw.WithMarks(marks))
			n := b.Geometry().Digits()
			checkCounts(t, set, b, marks, p, n > 16)
			if n > 16 { // large enough for marks in their own places
				checkCounts(t, set+" at 48 pixels", b, marks, render(t, b, draw.WithMarks(marks), draw.WithCellSize(48)), false)
			}
		}
	}
	// 64x64: a few givens and entries; marks by list.
	g, err := sudoku.NewGeometry(8, 8)
	if err != nil {
		t.Fatal(err)
	}
	b := sudoku.NewBoard(g)
	for d := 1; d <= 64; d++ {
		_ = b.SetGiven(g.Cell(d-1, (d*7)%64), d)
		_ = b.Set(g.Cell((d+31)%64, (d*7+1)%64), d)
	}
	if err := b.Validate(); err != nil {
		t.Fatal(err)
	}
	s, err := logic.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	marks := s.MarkMasks()
	for c := range marks {
		if c%5 == 0 {
			marks[c] &= 0xf0f // few marks: all of them shown
		}
	}
	checkCounts(t, "64x64", b, marks, render(t, b, draw.WithMarks(marks)), true)
}

// checkCounts checks a drawing of b with marks against the board.
func checkCounts(t *testing.T, name string, b *sudoku.Board, marks []uint64, p picture, listed bool) {
	t.Helper()
	g := b.Geometry()
	if p.squares != g.NumCells() || len(p.cells) != g.NumCells() {
		t.Errorf("%s: %d squares for %d cells (%d distinct)", name, p.squares, g.NumCells(), len(p.cells))
	}
	var givens, entries []string
	wantMarks, wantMore := 0, 0
	for c := range g.NumCells() {
		d := b.Get(c)
		switch {
		case d == 0:
			k := bits.OnesCount64(marks[c])
			if listed && k > 9 { // eight, then an ellipsis
				wantMarks += 8
				wantMore++
			} else {
				wantMarks += k
			}
		case b.Given(c):
			givens = append(givens, b.DigitText(d))
		default:
			entries = append(entries, b.DigitText(d))
		}
	}
	sort := func(s []string) []string { s = slices.Clone(s); slices.Sort(s); return s }
	if !slices.Equal(sort(p.texts["given"]), sort(givens)) {
		t.Errorf("%s: givens drawn %d, want %d", name, len(p.texts["given"]), len(givens))
	}
	if !slices.Equal(sort(p.texts["entry"]), sort(entries)) {
		t.Errorf("%s: entries drawn %d, want %d", name, len(p.texts["entry"]), len(entries))
	}
	if len(p.texts["mark"]) != wantMarks || len(p.texts["more"]) != wantMore {
		t.Errorf("%s: %d marks and %d overflows drawn, want %d and %d", name, len(p.texts["mark"]), len(p.texts["more"]), wantMarks, wantMore)
	}
	if !p.lines["cell-lines"] || !p.lines["box-lines"] || !p.lines["borders"] {
		t.Errorf("%s: line paths %v", name, p.lines)
	}
	if len(p.flagged) != 0 {
		t.Errorf("%s: highlights without asking: %v", name, p.flagged)
	}
}

// TestStep draws a hint step at each stage and checks what each shows.
func TestStep(t *testing.T) {
	b, err := sudoku.Parse("...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......")
	if err != nil {
		t.Fatal(err)
	}
	res, err := logic.Deduce(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	// Play the singles, up to the first step that removes candidates.
	var st logic.Step
	for _, s := range res.Steps {
		if len(s.Remove) > 0 {
			st = s
			break
		}
		for _, p := range s.Place {
			if err := b.Set(p.Cell, p.Digit); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(st.Houses) < 2 || len(st.Cells) == 0 || len(st.Digits) == 0 {
		t.Fatalf("the step is not one that tests every highlight: %+v", st)
	}
	g := b.Geometry()
	s, err := logic.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	marks := s.MarkMasks()
	houseCells := func(houses ...int) []int {
		var out []int
		for _, h := range houses {
			for j := range g.UnitSize(h) {
				out = append(out, g.UnitCell(h, j))
			}
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	sorted := func(cs []int) []int { cs = slices.Clone(cs); slices.Sort(cs); return cs }
	area := -1 // the house the area names
	for _, h := range st.Houses {
		if g.UnitName(h) == st.Area {
			area = h
		}
	}
	if area < 0 {
		t.Fatalf("area %q is none of the step's houses", st.Area)
	}

	p := render(t, b, draw.WithMarks(marks), draw.WithStep(st, logic.StageArea))
	if got, want := sorted(p.flagged["area"]), houseCells(area); !slices.Equal(got, want) {
		t.Errorf("area stage: cells %v, want %v", got, want)
	}
	if len(p.flagged["pattern"])+len(p.texts["remove"])+len(p.texts["key"]) != 0 {
		t.Errorf("area stage shows more than the area")
	}

	p = render(t, b, draw.WithMarks(marks), draw.WithStep(st, logic.StageTechnique))
	if got, want := sorted(p.flagged["area"]), houseCells(st.Houses...); !slices.Equal(got, want) {
		t.Errorf("technique stage: cells %v, want %v", got, want)
	}

	p = render(t, b, draw.WithMarks(marks), draw.WithStep(st, logic.StageStep))
	if got, want := sorted(p.flagged["pattern"]), sorted(st.Cells); !slices.Equal(got, want) {
		t.Errorf("step stage: pattern %v, want %v", got, want)
	}
	removed, keys := 0, 0
	for _, r := range st.Remove {
		removed += len(r.Digits)
	}
	for _, c := range st.Cells {
		keys += bits.OnesCount64(marks[c] & maskOf(st.Digits))
	}
	total := 0
	for c := range marks {
		if b.Get(c) == 0 {
			total += bits.OnesCount64(marks[c])
		}
	}
	if len(p.texts["remove"]) != removed || p.strikes != removed {
		t.Errorf("step stage: %d removals, %d strokes, want %d", len(p.texts["remove"]), p.strikes, removed)
	}
	if len(p.texts["key"]) != keys || keys == 0 {
		t.Errorf("step stage: %d key digits, want %d (not 0)", len(p.texts["key"]), keys)
	}
	if got := len(p.texts["mark"]) + len(p.texts["key"]) + len(p.texts["remove"]); got != total {
		t.Errorf("step stage: %d marks in all, want %d", got, total)
	}
	// Without marks, the removals alone.
	p = render(t, b, draw.WithStep(st, logic.StageStep))
	if len(p.texts["remove"]) != removed || len(p.texts["mark"])+len(p.texts["key"]) != 0 {
		t.Errorf("no marks: %d removals and %d other marks", len(p.texts["remove"]), len(p.texts["mark"]))
	}
}

// TestPlacement draws a single: the placed digit in its cell, in its own
// group.
func TestPlacement(t *testing.T) {
	puzzles, _ := reference.LocalSet(t, "9x9-levels", 1, "simple")
	b := puzzles[0]
	st, err := logic.Hint(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Place) != 1 {
		t.Fatalf("the hint places %d digits", len(st.Place))
	}
	p := render(t, b, draw.WithStep(st, logic.StageStep))
	pl := st.Place[0]
	if !slices.Equal(p.flagged["place"], []int{pl.Cell}) || !slices.Equal(p.texts["place"], []string{b.DigitText(pl.Digit)}) {
		t.Errorf("placement: cells %v, text %v, want %d and %q", p.flagged["place"], p.texts["place"], pl.Cell, b.DigitText(pl.Digit))
	}
	p = render(t, b, draw.WithStep(st, logic.StageArea))
	if len(p.texts["place"]) != 0 || len(p.flagged["area"]) == 0 {
		t.Errorf("area stage: %d placements, %d area cells", len(p.texts["place"]), len(p.flagged["area"]))
	}
}

func maskOf(ds []int) uint64 {
	var m uint64
	for _, d := range ds {
		m |= logic.Bit(d)
	}
	return m
}

// TestMistakes checks the wrong, conflicting and selected cells.
func TestMistakes(t *testing.T) {
	puzzles, solutions := reference.LocalSet(t, "9x9-levels", 1)
	b := puzzles[0].Clone()
	g := b.Geometry()
	// An entry that disagrees with the solution and repeats a given of
	// its row.
	var wrong, given int = -1, -1
	for c := range g.NumCells() {
		if b.Get(c) != 0 || wrong >= 0 {
			continue
		}
		r, _ := g.RowCol(c)
		for col := range 9 {
			if gc := g.Cell(r, col); b.Given(gc) && b.Get(gc) != solutions[0].Get(c) {
				wrong, given = c, gc
				_ = b.Set(c, b.Get(gc))
				break
			}
		}
	}
	if wrong < 0 {
		t.Fatal("no cell to make a mistake in")
	}
	var ce *sudoku.ConflictError
	if !errors.As(b.Validate(), &ce) {
		t.Fatal("the mistake makes no conflict")
	}
	conflicting := map[int]bool{}
	for _, c := range ce.Conflicts {
		conflicting[c.A], conflicting[c.B] = true, true
	}
	p := render(t, b, draw.WithConflicts(true))
	if len(p.flagged["conflict"]) != len(conflicting) || !conflicting[wrong] || !conflicting[given] {
		t.Errorf("conflicts: %v, want the %d cells of %v", p.flagged["conflict"], len(conflicting), ce)
	}
	if want := []string{b.DigitText(b.Get(wrong))}; !slices.Equal(p.texts["conflict"], want) {
		t.Errorf("conflicting entries drawn %v, want %v", p.texts["conflict"], want)
	}
	// The last WithConflicts wins: false draws none.
	if p := render(t, b, draw.WithConflicts(true), draw.WithConflicts(false)); len(p.flagged["conflict"]) != 0 {
		t.Errorf("WithConflicts(false) drew conflicts %v", p.flagged["conflict"])
	}
	// The cells of WithWrong and WithSelected are copied: a slice changed
	// after the call does not change the picture.
	wrongCells, selCells := []int{wrong}, []int{wrong, 0}
	wrongOpt, selOpt := draw.WithWrong(wrongCells...), draw.WithSelected(selCells...)
	wrongCells[0], selCells[0], selCells[1] = 1, 1, 1
	p = render(t, b, wrongOpt, selOpt)
	if !slices.Equal(p.flagged["wrong"], []int{wrong}) || len(p.texts["wrong"]) != 1 || len(p.flagged["conflict"]) != 0 {
		t.Errorf("wrong: cells %v, texts %v", p.flagged["wrong"], p.texts["wrong"])
	}
	if got := sortedInts(p.flagged["selected"]); !slices.Equal(got, sortedInts([]int{wrong, 0})) {
		t.Errorf("selected %v", got)
	}
	// An empty cell marked wrong (its marks leave out the solution's
	// digit) keeps its marks on the red ground.
	b = puzzles[0].Clone()
	empty := slices.IndexFunc(b.Digits(), func(d int) bool { return d == 0 })
	marks := make([]uint64, g.NumCells())
	marks[empty] = logic.Bit(solutions[0].Get(empty)%9 + 1)
	p = render(t, b, draw.WithWrong(empty), draw.WithMarks(marks))
	if !slices.Equal(p.flagged["wrong"], []int{empty}) || len(p.texts["wrong"]) != 0 || len(p.texts["mark"]) != 1 {
		t.Errorf("wrong marks: cells %v, texts %v", p.flagged["wrong"], p.texts)
	}
}

func sortedInts(s []int) []int { s = slices.Clone(s); slices.Sort(s); return s }

// TestVariants draws geometries other than plain boards: diagonals shaded,
// irregular boxes with box lines, cells without a layout.
func TestVariants(t *testing.T) {
	diag, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	p := render(t, sudoku.NewBoard(diag))
	if len(p.flagged["shade"]) != 17 {
		t.Errorf("diagonal 9x9: %d shaded cells, want 17", len(p.flagged["shade"]))
	}

	// A 4x4 board of irregular boxes (jigsaw), laid out without box lines.
	boxes := [][]int{{0, 1, 2, 4}, {3, 6, 7, 11}, {5, 8, 9, 12}, {10, 13, 14, 15}}
	spec := sudoku.Spec{Digits: 4, Cells: 16, Rows: 4, Cols: 4}
	for r := range 4 {
		spec.Units = append(spec.Units, sudoku.Unit{Kind: sudoku.Row, Cells: []int{4 * r, 4*r + 1, 4*r + 2, 4*r + 3}})
		spec.Units = append(spec.Units, sudoku.Unit{Kind: sudoku.Column, Cells: []int{r, r + 4, r + 8, r + 12}})
	}
	for _, bx := range boxes {
		spec.Units = append(spec.Units, sudoku.Unit{Kind: sudoku.Box, Cells: bx})
	}
	jig, err := sudoku.NewCustomGeometry(spec)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := draw.SVG(&buf, sudoku.NewBoard(jig)); err != nil {
		t.Fatal(err)
	}
	p = read(t, buf.Bytes())
	if p.squares != 16 || !p.lines["box-lines"] || len(p.flagged["shade"]) != 0 {
		t.Errorf("jigsaw: %d squares, lines %v, %d shaded", p.squares, p.lines, len(p.flagged["shade"]))
	}

	// Seven cells, no layout, one region of three and one of four.
	free, err := sudoku.NewCustomGeometry(sudoku.Spec{Digits: 4, Cells: 7, Units: []sudoku.Unit{
		{Kind: sudoku.Region, Cells: []int{0, 1, 2}}, {Kind: sudoku.Region, Cells: []int{3, 4, 5, 6}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	fb := sudoku.NewBoard(free)
	_ = fb.SetGiven(0, 1)
	_ = fb.Set(3, 2)
	p = render(t, fb, draw.WithMarks([]uint64{0, 3, 5, 0, 15, 0, 0}))
	if p.squares != 7 || len(p.texts["given"]) != 1 || len(p.texts["entry"]) != 1 || len(p.texts["mark"]) != 8 {
		t.Errorf("free geometry: %d squares, texts %v", p.squares, p.texts)
	}
}

// TestSizes checks the picture's size against the cell size and the
// layout.
func TestSizes(t *testing.T) {
	g, _ := sudoku.NewGeometry(2, 3)
	b := sudoku.NewBoard(g)
	var sizes []float64
	for _, px := range []int{draw.MinCellSize, 30, 40, draw.MaxCellSize} {
		p := render(t, b, draw.WithCellSize(px))
		margin := (p.width - 6*float64(px)) / 2
		if p.width != p.height || margin < 0 || margin > float64(px) {
			t.Errorf("cell size %d: %gx%g", px, p.width, p.height)
		}
		if want := "0 0 " + strconv.FormatFloat(p.width, 'f', -1, 64) + " " + strconv.FormatFloat(p.height, 'f', -1, 64); p.viewBox != want {
			t.Errorf("viewBox %q, want %q", p.viewBox, want)
		}
		sizes = append(sizes, p.width)
	}
	if !slices.IsSorted(sizes) {
		t.Errorf("widths %v do not grow with the cell size", sizes)
	}
	// Panels side by side: the picture spans both.
	cells := make([]int, 36)
	for i := range cells {
		cells[i] = i
	}
	p := render(t, b, draw.WithCellSize(20), draw.WithPanels(
		draw.Panel{Rows: 6, Cols: 6, BoxRows: 2, BoxCols: 3, Cells: cells},
		draw.Panel{Col: 7, Rows: 6, Cols: 6, BoxRows: 2, BoxCols: 3, Cells: cells}))
	if margin := (p.width - 13*20) / 2; margin < 0 || p.height != 6*20+2*margin || p.squares != 72 {
		t.Errorf("two panels: %gx%g, %d squares", p.width, p.height, p.squares)
	}
	if len(p.flagged["shade"]) != 72 {
		t.Errorf("two panels showing every cell twice: %d shaded squares, want 72", len(p.flagged["shade"]))
	}
}

// TestEscaping checks that titles reach the picture as text, whatever
// they hold.
func TestEscaping(t *testing.T) {
	const title = `<b>"Tom & Jerry's"</b> ]]> &amp;`
	cells := make([]int, 16)
	for i := range cells {
		cells[i] = i
	}
	g, _ := sudoku.NewGeometry(2, 2)
	p := render(t, sudoku.NewBoard(g), draw.WithTitle(title), draw.WithPanels(draw.Panel{Name: title + "!", Rows: 4, Cols: 4, Cells: cells}))
	if !slices.Equal(p.titles, []string{title, title + "!"}) {
		t.Errorf("titles %q", p.titles)
	}
}

// TestArguments checks that every bad argument is an error wrapping
// sudoku.ErrInvalidArgument, and that nothing is written then.
func TestArguments(t *testing.T) {
	b := sudoku.NewBoard(sudoku.Classic())
	n := 81
	cells := make([]int, n)
	for i := range cells {
		cells[i] = i
	}
	// A board on the zero Geometry has no cells and no digits: nothing to
	// lay out, with the geometry's layout or with panels, squares or marks.
	none := sudoku.NewBoard(new(sudoku.Geometry))
	blank := draw.Panel{Rows: 2, Cols: 2, Cells: []int{-1, -1, -1, -1}}
	for name, tc := range map[string]struct {
		b    *sudoku.Board
		opts []draw.Option
	}{
		"nil board":          {nil, nil},
		"nil option":         {b, []draw.Option{nil}},
		"cell size small":    {b, []draw.Option{draw.WithCellSize(draw.MinCellSize - 1)}},
		"cell size large":    {b, []draw.Option{draw.WithCellSize(draw.MaxCellSize + 1)}},
		"marks short":        {b, []draw.Option{draw.WithMarks(make([]uint64, n-1))}},
		"wrong cell":         {b, []draw.Option{draw.WithWrong(n)}},
		"selected negative":  {b, []draw.Option{draw.WithSelected(-1)}},
		"step house":         {b, []draw.Option{draw.WithStep(logic.Step{Houses: []int{27}}, 2)}},
		"step cell":          {b, []draw.Option{draw.WithStep(logic.Step{Cells: []int{-1}}, 2)}},
		"step digit":         {b, []draw.Option{draw.WithStep(logic.Step{Digits: []int{10}}, 2)}},
		"step placement":     {b, []draw.Option{draw.WithStep(logic.Step{Place: []logic.Placement{{Cell: 0, Digit: 0}}}, 2)}},
		"step removal":       {b, []draw.Option{draw.WithStep(logic.Step{Remove: []logic.Removal{{Cell: 81, Digits: []int{1}}}}, 0)}},
		"step removal digit": {b, []draw.Option{draw.WithStep(logic.Step{Remove: []logic.Removal{{Cell: 0, Digits: []int{0}}}}, 2)}},
		"chain cell":         {b, []draw.Option{draw.WithStep(chainStep(logic.Node{Cells: []int{0, 81}, Digit: 1}), 2)}},
		"chain digit":        {b, []draw.Option{draw.WithStep(chainStep(logic.Node{Cells: []int{0}, Digit: 10}), 2)}},
		"chain empty node":   {b, []draw.Option{draw.WithStep(chainStep(logic.Node{Digit: 1}), 2)}},
		"chain at area":      {b, []draw.Option{draw.WithStep(chainStep(logic.Node{Cells: []int{-1}, Digit: 1}), logic.StageArea)}},
		"no panels":          {b, []draw.Option{draw.WithPanels()}},
		"panel cells":        {b, []draw.Option{draw.WithPanels(draw.Panel{Rows: 9, Cols: 9, Cells: cells[:80]})}},
		"panel cell range":   {b, []draw.Option{draw.WithPanels(draw.Panel{Rows: 1, Cols: 1, Cells: []int{81}})}},
		"panel size":         {b, []draw.Option{draw.WithPanels(draw.Panel{Rows: 0, Cols: 0})}},
		"panel place":        {b, []draw.Option{draw.WithPanels(draw.Panel{Row: -1, Rows: 1, Cols: 1, Cells: []int{0}})}},
		"panel huge":         {b, []draw.Option{draw.WithPanels(draw.Panel{Row: 1 << 30, Rows: 1 << 30, Cols: 1, Cells: []int{0}})}},
		"panel boxes":        {b, []draw.Option{draw.WithPanels(draw.Panel{Rows: 1, Cols: 1, BoxRows: 1, Cells: []int{0}})}},
		"no cells":           {none, nil},
		"no cells, panels":   {none, []draw.Option{draw.WithPanels(blank)}},
		"no cells, marks":    {none, []draw.Option{draw.WithMarks([]uint64{}), draw.WithPanels(blank)}},
		"no cells, step":     {none, []draw.Option{draw.WithStep(logic.Step{}, logic.StageStep), draw.WithCellSize(48)}},
		"no cells, all":      {none, []draw.Option{draw.WithPanels(blank), draw.WithStep(logic.Step{}, logic.StageStep), draw.WithConflicts(true), draw.WithTitle("none")}},
	} {
		var buf bytes.Buffer
		err := draw.SVG(&buf, tc.b, tc.opts...)
		if !errors.Is(err, sudoku.ErrInvalidArgument) || !strings.HasPrefix(err.Error(), "draw: ") {
			t.Errorf("%s: %v", name, err)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: %d bytes written with an error", name, buf.Len())
		}
	}
	// Options are counted from 1 in messages, as in every package.
	err := draw.SVG(io.Discard, b, draw.WithTitle("t"), nil)
	if want := "draw: option 2 is nil: invalid argument"; err == nil || err.Error() != want {
		t.Errorf("a nil second option: %v, want %q", err, want)
	}
	if err := draw.SVG(nil, b); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil writer: %v", err)
	}
	var zero sudoku.Board // an empty 9x9 board, as for every reader of a Board
	if p := render(t, &zero); p.squares != 81 {
		t.Errorf("a zero board: %d squares", p.squares)
	}
	errDisk := errors.New("disk full")
	if err := draw.SVG(failWriter{errDisk}, b); !errors.Is(err, errDisk) {
		t.Errorf("a failing writer: %v", err)
	}
}

type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// TestConcurrent draws one board with one set of options on several
// goroutines at once (run it with -race): the drawings are equal, and
// neither the board nor the options change.
func TestConcurrent(t *testing.T) {
	puzzles, _ := reference.LocalSet(t, "9x9-levels", 1, "medium")
	b := puzzles[0]
	before := b.Line()
	s, err := logic.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	st, err := logic.Hint(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	opts := []draw.Option{draw.WithMarks(s.MarkMasks()), draw.WithStep(st, logic.StageStep), draw.WithConflicts(true), draw.WithSelected(3)}
	var want bytes.Buffer
	if err := draw.SVG(&want, b, opts...); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]bytes.Buffer, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := draw.SVG(&got[i], b, opts...); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	for i := range got {
		if !bytes.Equal(got[i].Bytes(), want.Bytes()) {
			t.Errorf("drawing %d differs", i)
		}
	}
	if b.Line() != before {
		t.Errorf("the board changed")
	}
}
