package draw_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// chainStep returns a step of one weak link from nd to r1c2's 1, for the
// argument checks.
func chainStep(nd logic.Node) logic.Step {
	return logic.Step{Chains: [][]logic.Link{{{From: nd, To: logic.Node{Cells: []int{1}, Digit: 1}}}}}
}

// pt is a point of a drawing.
type pt struct{ x, y float64 }

func (p pt) dist(q pt) float64 { return math.Hypot(p.x-q.x, p.y-q.y) }

// drawnLink is a link path read back: its ends and, for a curve, its
// control point.
type drawnLink struct {
	strong, dashed bool
	a, ctl, b      pt
	curved         bool
}

// chainPicture is what a test reads back of a drawing's chains.
type chainPicture struct {
	links   []drawnLink
	circles []pt // centres of the circled candidates
	radius  float64
	frames  [][2]pt         // corners of the framed groups
	arrows  int             // arrow heads
	small   map[string][]pt // centres of the small digits, by text group
	text    map[pt]string   // the text of each small digit, by centre
}

var numbers = regexp.MustCompile(`-?[0-9.]+`)

// readChains parses a drawing and returns its chain elements and the
// centres of its marks.
func readChains(t *testing.T, data []byte) chainPicture {
	t.Helper()
	read(t, data) // well-formed, with the usual elements
	p := chainPicture{small: map[string][]pt{}, text: map[pt]string{}}
	dec := xml.NewDecoder(bytes.NewReader(data))
	var group string
	var font float64
	var at *pt
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Name.Local] = a.Value
			}
			num := func(k string) float64 { v, _ := strconv.ParseFloat(attr[k], 64); return v }
			switch tok.Name.Local {
			case "g":
				group, font = attr["class"], num("font-size")
			case "circle":
				p.circles = append(p.circles, pt{num("cx"), num("cy")})
				p.radius = num("r")
			case "rect":
				if attr["class"] == "node" {
					p.frames = append(p.frames, [2]pt{{num("x"), num("y")}, {num("x") + num("width"), num("y") + num("height")}})
				}
			case "path":
				var v []float64
				for _, s := range numbers.FindAllString(attr["d"], -1) {
					f, _ := strconv.ParseFloat(s, 64)
					v = append(v, f)
				}
				switch attr["class"] {
				case "arrows":
					p.arrows = strings.Count(attr["d"], "M")
				case "link strong", "link weak":
					l := drawnLink{strong: attr["class"] == "link strong", dashed: attr["stroke-dasharray"] != ""}
					switch {
					case len(v) == 4 && strings.Contains(attr["d"], "L"):
						l.a, l.b = pt{v[0], v[1]}, pt{v[2], v[3]}
						l.ctl = pt{(v[0] + v[2]) / 2, (v[1] + v[3]) / 2}
					case len(v) == 6 && strings.Contains(attr["d"], "Q"):
						l.a, l.ctl, l.b, l.curved = pt{v[0], v[1]}, pt{v[2], v[3]}, pt{v[4], v[5]}, true
					default:
						t.Fatalf("link path %q", attr["d"])
					}
					p.links = append(p.links, l)
				}
			case "text":
				switch group {
				case "mark", "key", "remove", "more":
					// The baseline sits 0.35 of the font below the centre.
					c := pt{num("x"), math.Round((num("y")-0.35*font)*10) / 10}
					p.small[group] = append(p.small[group], c)
					at = &c
				}
			}
		case xml.CharData:
			if at != nil {
				p.text[*at] = string(tok)
				at = nil
			}
		case xml.EndElement:
			at = nil
		}
	}
	return p
}

// near reports whether p is within tol of q.
func near(p, q pt, tol float64) bool { return p.dist(q) <= tol }

// keyAt returns the centre of the pattern digit d drawn nearest to p,
// and its distance.
func (p chainPicture) keyAt(q pt, d string) (pt, float64) {
	best, dist := pt{}, math.Inf(1)
	for _, k := range p.small["key"] {
		if p.text[k] == d && k.dist(q) < dist {
			best, dist = k, k.dist(q)
		}
	}
	return best, dist
}

// nodeMarks checks that end, an end of a link, lies on the outline of
// node nd (on the circle round its one candidate, or on the frame round
// the candidates of a group, each drawn as a pattern digit) and returns
// the centres of the node's marks.
func (p chainPicture) nodeMarks(b *sudoku.Board, end pt, nd logic.Node) ([]pt, error) {
	d := b.DigitText(nd.Digit)
	if len(nd.Cells) == 1 {
		k, dist := p.keyAt(end, d)
		if math.Abs(dist-p.radius) > 0.2 {
			return nil, fmt.Errorf("%v is %.2f from the nearest %s drawn, at %v, not on its circle of %.2f", end, dist, d, k, p.radius)
		}
		return []pt{k}, nil
	}
	for _, f := range p.frames {
		on := end.x >= f[0].x-0.2 && end.x <= f[1].x+0.2 && end.y >= f[0].y-0.2 && end.y <= f[1].y+0.2 &&
			(math.Abs(end.x-f[0].x) < 0.2 || math.Abs(end.x-f[1].x) < 0.2 || math.Abs(end.y-f[0].y) < 0.2 || math.Abs(end.y-f[1].y) < 0.2)
		if !on {
			continue
		}
		var in []pt
		for _, k := range p.small["key"] {
			if p.text[k] == d && k.x > f[0].x && k.x < f[1].x && k.y > f[0].y && k.y < f[1].y {
				in = append(in, k)
			}
		}
		if len(in) != len(nd.Cells) {
			return nil, fmt.Errorf("the frame at %v holds %d of %s, want %d", f, len(in), d, len(nd.Cells))
		}
		return in, nil
	}
	return nil, fmt.Errorf("%v is on no frame of a group (%v)", end, p.frames)
}

// crossings returns the marks that link l passes over (closer than 0.9 of
// a node's radius), leaving out the marks of its own nodes.
func (p chainPicture) crossings(l drawnLink, own []pt) []pt {
	var out []pt
	for _, group := range []string{"mark", "key", "remove", "more"} {
	marks:
		for _, m := range p.small[group] {
			for _, o := range own {
				if near(m, o, 0.5) {
					continue marks
				}
			}
			for k := 0; k <= 40; k++ {
				t := float64(k) / 40
				// The quadratic Bezier curve at t (a straight line when
				// ctl is the midpoint).
				x := (1-t)*(1-t)*l.a.x + 2*t*(1-t)*l.ctl.x + t*t*l.b.x
				y := (1-t)*(1-t)*l.a.y + 2*t*(1-t)*l.ctl.y + t*t*l.b.y
				if near(m, pt{x, y}, 0.9*p.radius-0.2) {
					out = append(out, m)
					continue marks
				}
			}
		}
	}
	return out
}

// checkChainDrawing checks a drawing of step st on b: one path per link
// of its chains, strong ones solid and weak ones dashed, from the outline
// of its first node to that of its second, an arrow head at each end, and
// no path over a mark of another candidate.
func checkChainDrawing(t *testing.T, name string, b *sudoku.Board, st logic.Step, p chainPicture) {
	t.Helper()
	var links []logic.Link
	for _, ch := range st.Chains {
		links = append(links, ch...)
	}
	if len(p.links) != len(links) || p.arrows != len(links) {
		t.Fatalf("%s: %d links and %d arrow heads drawn, want %d", name, len(p.links), p.arrows, len(links))
	}
	for i, l := range links {
		got := p.links[i]
		if got.strong != l.Strong || got.dashed == l.Strong {
			t.Errorf("%s: link %d drawn strong %v, dashed %v; want strong %v", name, i, got.strong, got.dashed, l.Strong)
		}
		from, err := p.nodeMarks(b, got.a, l.From)
		if err != nil {
			t.Errorf("%s: link %d starts off its node: %v", name, i, err)
		}
		to, err := p.nodeMarks(b, got.b, l.To)
		if err != nil {
			t.Errorf("%s: link %d ends off its node: %v", name, i, err)
		}
		// Where a straight line would pass over other marks, the link
		// bows, and over no more of them.
		own := append(from, to...)
		straight := drawnLink{a: got.a, b: got.b, ctl: pt{(got.a.x + got.b.x) / 2, (got.a.y + got.b.y) / 2}}
		over, overStraight := p.crossings(got, own), p.crossings(straight, own)
		if len(overStraight) > 0 && !got.curved || len(over) > len(overStraight) {
			t.Errorf("%s: link %d (curved %v) passes over marks at %v, a straight line over %v", name, i, got.curved, over, overStraight)
		}
	}
}

// aicPuzzle is magictour top1465 #611, whose first step is an AIC with a
// group node: if r7c1 is not 3, r7c5 is, so r7c5 is not 2, so 2 is in
// r9c4 or r9c5, so r9c3 is not 2 but 1.
const aicPuzzle = ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9..."

// aicStep returns the board of aicPuzzle, its state and the AIC logic
// finds on it.
func aicStep(tb testing.TB) (*sudoku.Board, *logic.State, logic.Step) {
	tb.Helper()
	b, err := sudoku.Parse(aicPuzzle)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := logic.NewState(b)
	if err != nil {
		tb.Fatal(err)
	}
	st, ok := logic.AIC.Find(s)
	if !ok || len(st.Chains) != 1 {
		tb.Fatalf("no AIC of one chain: %+v", st)
	}
	return b, s, st
}

// TestChain draws a real chain step, an AIC found by logic, at each
// stage, with and without marks, and on a panel of one box.
func TestChain(t *testing.T) {
	b, s, st := aicStep(t)
	strong, weak, groups := 0, 0, 0
	for _, l := range st.Chains[0] {
		if l.Strong {
			strong++
		} else {
			weak++
		}
		if len(l.To.Cells) > 1 {
			groups++
		}
	}
	if strong == 0 || weak == 0 || groups == 0 {
		t.Fatalf("the AIC lacks a strong link, a weak one or a group: %+v", st.Chains)
	}
	marks := s.MarkMasks()
	draw1 := func(opts ...draw.Option) chainPicture {
		var buf bytes.Buffer
		if err := draw.SVG(&buf, b, opts...); err != nil {
			t.Fatal(err)
		}
		return readChains(t, buf.Bytes())
	}

	p := draw1(draw.WithMarks(marks), draw.WithStep(st, logic.StageStep))
	checkChainDrawing(t, "with marks", b, st, p)
	// One frame round the group, a circle round each other candidate.
	if len(p.frames) != 1 {
		t.Errorf("%d group frames, want 1", len(p.frames))
	}
	singles := map[[2]int]bool{}
	for _, l := range st.Chains[0] {
		for _, nd := range []logic.Node{l.From, l.To} {
			if len(nd.Cells) == 1 {
				singles[[2]int{nd.Cells[0], nd.Digit}] = true
			}
		}
	}
	if len(p.circles) != len(singles) {
		t.Errorf("%d candidates circled, want %d", len(p.circles), len(singles))
	}
	// On a classic board of 40-pixel cells, a margin of 8 and marks in a
	// 3x3 grid over 88 % of the cell: the candidate circled at the start of
	// the chain is in its place.
	first := st.Chains[0][0].From
	c, d := first.Cells[0], first.Digit
	g := b.Geometry()
	row, col := g.RowCol(c)
	slot := 35.2 / 3
	want := pt{8 + 40*float64(col) + 2.4 + (float64((d-1)%3)+0.5)*slot, 8 + 40*float64(row) + 2.4 + (float64((d-1)/3)+0.5)*slot}
	found := false
	for _, ci := range p.circles {
		found = found || near(ci, want, 0.1)
	}
	if !found || math.Abs(p.radius-0.47*slot) > 0.1 {
		t.Errorf("no circle of radius %.1f at %v, where r%dc%d's %d is drawn: %v, radius %.1f", 0.47*slot, want, row+1, col+1, d, p.circles, p.radius)
	}

	// WithStep copies the chains: changing them after does not change
	// the drawing.
	cp := logic.Step{Chains: [][]logic.Link{slices.Clone(st.Chains[0])}}
	cp.Chains[0][0].From.Cells = slices.Clone(cp.Chains[0][0].From.Cells)
	opt := draw.WithStep(cp, logic.StageStep)
	var before, after bytes.Buffer
	if err := draw.SVG(&before, b, opt); err != nil {
		t.Fatal(err)
	}
	cp.Chains[0][0].From.Cells[0], cp.Chains[0][1].Strong = 80, !cp.Chains[0][1].Strong
	if err := draw.SVG(&after, b, opt); err != nil || !bytes.Equal(before.Bytes(), after.Bytes()) {
		t.Errorf("the drawing changed with the chain passed to WithStep (%v)", err)
	}

	// Before the last stage, no chain.
	for _, stage := range []logic.Stage{logic.StageArea, logic.StageTechnique} {
		if p := draw1(draw.WithMarks(marks), draw.WithStep(st, stage)); len(p.links)+len(p.circles)+len(p.frames) != 0 {
			t.Errorf("stage %v draws the chain", stage)
		}
	}
	// Without marks, the chain's candidates are drawn for the links to
	// join.
	p = draw1(draw.WithStep(st, logic.StageStep))
	checkChainDrawing(t, "no marks", b, st, p)
	if len(p.small["mark"]) != 0 {
		t.Errorf("no marks: %d marks drawn", len(p.small["mark"]))
	}

	// A panel of box 7 alone: the links between its cells, no other.
	var cells []int
	for r := 6; r < 9; r++ {
		for c := range 3 {
			cells = append(cells, g.Cell(r, c))
		}
	}
	inBox := func(nd logic.Node) bool {
		for _, c := range nd.Cells {
			if r, c := g.RowCol(c); r >= 6 && c < 3 {
				return true
			}
		}
		return false
	}
	inside := 0
	for _, l := range st.Chains[0] {
		if inBox(l.From) && inBox(l.To) {
			inside++
		}
	}
	p = draw1(draw.WithMarks(marks), draw.WithStep(st, logic.StageStep), draw.WithPanels(draw.Panel{Rows: 3, Cols: 3, Cells: cells}))
	if len(p.links) != inside || inside == 0 {
		t.Errorf("a panel of box 7: %d links drawn, want %d (not 0)", len(p.links), inside)
	}
}

// TestChainGeometries draws hand-made chains on a 6x6 board (marks in a
// grid of 3 by 2) and a 25x25 board (marks listed), every candidate
// pencilled: a strong link along a row, over the marks between its ends,
// a weak one between two marks of one cell, side by side, and a strong
// one to a group of three cells spaced unevenly down a column.
func TestChainGeometries(t *testing.T) {
	for _, size := range [][2]int{{2, 3}, {5, 5}} {
		g, err := sudoku.NewGeometry(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		b := sudoku.NewBoard(g)
		s, err := logic.NewState(b)
		if err != nil {
			t.Fatal(err)
		}
		n := g.Digits()
		end := g.Cell(0, n-1)
		st := logic.Step{
			Chains: [][]logic.Link{{
				{From: logic.Node{Cells: []int{g.Cell(0, 0)}, Digit: 2}, To: logic.Node{Cells: []int{end}, Digit: 2}, Strong: true},
				{From: logic.Node{Cells: []int{end}, Digit: 2}, To: logic.Node{Cells: []int{end}, Digit: 1}},
				{From: logic.Node{Cells: []int{end}, Digit: 1}, To: logic.Node{Cells: []int{g.Cell(n-1, n-1), g.Cell(n-2, n-1), g.Cell(n-4, n-1)}, Digit: 1}, Strong: true},
			}},
			Remove: []logic.Removal{{Cell: g.Cell(0, 1), Digits: []int{2}}},
		}
		var buf bytes.Buffer
		if err := draw.SVG(&buf, b, draw.WithMarks(s.MarkMasks()), draw.WithStep(st, logic.StageStep)); err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%dx%d", n, n)
		p := readChains(t, buf.Bytes())
		checkChainDrawing(t, name, b, st, p)
		if len(p.links) == 3 && (!p.links[0].curved || !p.links[1].curved) {
			t.Errorf("%s: the links over the row's marks and between neighbours are straight", name)
		}
	}
}

// TestChainBranches draws the two branches of a forcing chain that share
// their first link: the shared link once, each other link once.
func TestChainBranches(t *testing.T) {
	b := sudoku.NewBoard(sudoku.Classic())
	nd := func(c, d int) logic.Node { return logic.Node{Cells: []int{c}, Digit: d} }
	first := logic.Link{From: nd(0, 1), To: nd(1, 1)}
	st := logic.Step{Chains: [][]logic.Link{
		{first, {From: nd(1, 1), To: nd(1, 5), Strong: true}},
		{first, {From: nd(1, 1), To: nd(10, 1), Strong: true}},
	}}
	var buf bytes.Buffer
	if err := draw.SVG(&buf, b, draw.WithStep(st, logic.StageStep)); err != nil {
		t.Fatal(err)
	}
	p := readChains(t, buf.Bytes())
	strong := 0
	for _, l := range p.links {
		if l.strong {
			strong++
		}
	}
	if len(p.links) != 3 || strong != 2 || p.arrows != 3 || len(p.circles) != 4 {
		t.Errorf("%d links (%d strong), %d arrow heads, %d circles; want 3 (2), 3 and 4", len(p.links), strong, p.arrows, len(p.circles))
	}
}

// TestChainNearestSquare links a cell drawn on two squares (as a cube's
// edge cells are) to a cell beside one of them: the link goes to that
// square, not across the picture.
func TestChainNearestSquare(t *testing.T) {
	b := sudoku.NewBoard(sudoku.Classic())
	st := logic.Step{Chains: [][]logic.Link{{{From: logic.Node{Cells: []int{5}, Digit: 1}, To: logic.Node{Cells: []int{0}, Digit: 1}, Strong: true}}}}
	var buf bytes.Buffer
	err := draw.SVG(&buf, b, draw.WithStep(st, logic.StageStep), draw.WithPanels(
		draw.Panel{Rows: 1, Cols: 3, Cells: []int{0, 1, 2}},
		draw.Panel{Col: 10, Rows: 1, Cols: 2, Cells: []int{0, 5}},
	))
	if err != nil {
		t.Fatal(err)
	}
	p := readChains(t, buf.Bytes())
	if len(p.links) != 1 || p.links[0].a.x < 400 || p.links[0].b.x < 400 {
		t.Errorf("links %+v: want one from r1c6 to the copy of r1c1 beside it, right of x = 400", p.links)
	}
}
