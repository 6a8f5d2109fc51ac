package draw

import (
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/cubedoku/cubedoku/logic"
)

// inkChain draws a step's chains: links, node outlines and arrow heads,
// in Paul Tol's bright purple, apart from the red of the removals and the
// orange of the pattern's digits. Strong and weak links differ by their
// stroke (solid and dashed), not by colour, so that they read alike for
// colour-blind players.
const inkChain = "#aa3377"

// point is a position on the picture, in pixels.
type point struct{ x, y float64 }

func (p point) add(q point) point             { return point{p.x + q.x, p.y + q.y} }
func (p point) sub(q point) point             { return point{p.x - q.x, p.y - q.y} }
func (p point) scale(k float64) point         { return point{k * p.x, k * p.y} }
func (p point) dist(q point) float64          { return math.Hypot(p.x-q.x, p.y-q.y) }
func (p point) unit() point                   { return p.scale(1 / math.Max(math.Hypot(p.x, p.y), 1e-9)) }
func (p point) normal() point                 { return point{-p.y, p.x} }
func (p point) dot(q point) float64           { return p.x*q.x + p.y*q.y }
func (p point) lerp(q point, t float64) point { return p.add(q.sub(p).scale(t)) }

// candidate is a digit in a cell, the key of a chain node's marks.
type candidate struct{ cell, digit int }

// checkChains checks the chains of a step against a board of cells cells
// and n digits: every node has cells, and its cells and digit are the
// board's.
func checkChains(chains [][]logic.Link, cells, n int) error {
	for i, ch := range chains {
		for j, l := range ch {
			for _, nd := range []logic.Node{l.From, l.To} {
				if len(nd.Cells) == 0 {
					return invalid("WithStep: chain %d, link %d: a node of no cells", i, j)
				}
				if nd.Digit < 1 || nd.Digit > n {
					return invalid("WithStep: chain %d, link %d: digit %d (digits are 1 to %d)", i, j, nd.Digit, n)
				}
				for _, c := range nd.Cells {
					if c < 0 || c >= cells {
						return invalid("WithStep: chain %d, link %d: cell %d (cells are 0 to %d)", i, j, c, cells-1)
					}
				}
			}
		}
	}
	return nil
}

// cloneChains returns a deep copy of chains.
func cloneChains(chains [][]logic.Link) [][]logic.Link {
	if chains == nil {
		return nil
	}
	out := make([][]logic.Link, len(chains))
	for i, ch := range chains {
		out[i] = make([]logic.Link, len(ch))
		for j, l := range ch {
			out[i][j] = logic.Link{From: cloneNode(l.From), To: cloneNode(l.To), Strong: l.Strong}
		}
	}
	return out
}

func cloneNode(nd logic.Node) logic.Node {
	return logic.Node{Cells: append([]int(nil), nd.Cells...), Digit: nd.Digit}
}

// setChains notes the candidates of the step's chains, which are drawn
// among the marks (as the pattern's digits, even where the marks leave
// them out) and whose places the links join.
func (r *renderer) setChains(chains [][]logic.Link) {
	r.chains = chains
	r.chainMarks = make([]uint64, len(r.flags))
	r.spots = make(map[candidate][]point)
	for _, ch := range chains {
		for _, l := range ch {
			for _, nd := range []logic.Node{l.From, l.To} {
				for _, c := range nd.Cells {
					r.chainMarks[c] |= logic.Bit(nd.Digit)
				}
			}
		}
	}
}

// spot records where the mark of digit d of cell c is drawn, when it is
// a chain's candidate.
func (r *renderer) spot(c, d int, at point) {
	if r.chainMarks != nil && r.chainMarks[c]&logic.Bit(d) != 0 {
		k := candidate{c, d}
		r.spots[k] = append(r.spots[k], at)
	}
}

// nodeShape is where a chain node is drawn: its mark's place, or for a
// node of several cells the middle of the box round their marks, and that
// box (a single candidate is circled, a group framed).
type nodeShape struct {
	centre   point
	min, max point // the frame's corners, for a group
	group    bool
}

// shapeOf returns the shape of node nd, each of its cells taken at the
// square nearest near (when a cell is drawn on several), and false when
// none of its candidates is drawn.
func (r *renderer) shapeOf(nd logic.Node, near *point) (nodeShape, bool) {
	var sh nodeShape
	k := 0
	for _, c := range nd.Cells {
		spots := r.spots[candidate{c, nd.Digit}]
		if len(spots) == 0 {
			continue
		}
		p := spots[0]
		if near != nil {
			for _, q := range spots[1:] {
				if q.dist(*near) < p.dist(*near) {
					p = q
				}
			}
		}
		if k == 0 {
			sh.min, sh.max = p, p
		}
		sh.min = point{math.Min(sh.min.x, p.x), math.Min(sh.min.y, p.y)}
		sh.max = point{math.Max(sh.max.x, p.x), math.Max(sh.max.y, p.y)}
		k++
	}
	if k == 0 {
		return sh, false
	}
	sh.centre = sh.min
	if sh.group = k > 1; sh.group {
		// The middle of the frame, so that a line leaves it where it
		// crosses it however the marks lie.
		sh.centre = sh.min.lerp(sh.max, 0.5)
	}
	rad := r.nodeRadius()
	sh.min = sh.min.sub(point{rad, rad})
	sh.max = sh.max.add(point{rad, rad})
	return sh, true
}

// edge returns where a line from the centre of sh towards p leaves the
// node's outline: its circle, or its frame for a group.
func (sh nodeShape) edge(p point, rad float64) point {
	dir := p.sub(sh.centre).unit()
	if !sh.group {
		return sh.centre.add(dir.scale(rad))
	}
	half := sh.max.sub(sh.min).scale(0.5)
	t := math.Inf(1)
	if dir.x != 0 {
		t = half.x / math.Abs(dir.x)
	}
	if dir.y != 0 {
		t = math.Min(t, half.y/math.Abs(dir.y))
	}
	return sh.centre.add(dir.scale(t))
}

// nodeRadius is the radius of the circle round a chain's candidate: it
// fits the mark's place, so that circles of neighbouring marks do not
// overlap.
func (r *renderer) nodeRadius() float64 {
	return 0.47 * math.Min(r.grid.w, r.grid.h)
}

// drawnLink is a link as drawn: from a to b, through the control point
// ctl of a quadratic curve (the midpoint for a straight line).
type drawnLink struct {
	a, ctl, b point
	curved    bool
	strong    bool
}

// chainsOut writes the step's chains: a path per link (strong solid, weak
// dashed) between the marks of its nodes, an arrow head at its end, and
// an outline round each node. A link with a node none of whose cells is
// drawn (a panel showing part of the board) is left out, and a link
// repeated (forcing chains whose branches share a start) is drawn once.
func (r *renderer) chainsOut() {
	if len(r.chains) == 0 {
		return
	}
	rad := r.nodeRadius()
	width := math.Max(1, rad/4)
	obstacles := r.markIndex()
	seen := make(map[string]bool)
	shapes := make(map[[4]int64]nodeShape)
	var links []drawnLink
	for _, ch := range r.chains {
		for _, l := range ch {
			key := linkKey(l)
			if seen[key] {
				continue
			}
			seen[key] = true
			from, ok := r.shapeOf(l.From, nil)
			if !ok {
				continue
			}
			to, ok := r.shapeOf(l.To, &from.centre)
			if !ok {
				continue
			}
			if from, ok = r.shapeOf(l.From, &to.centre); !ok || from.centre.dist(to.centre) < 1e-6 {
				continue
			}
			for _, sh := range []nodeShape{from, to} {
				shapes[shapeKey(sh)] = sh
			}
			links = append(links, r.route(from, to, l.Strong, obstacles, rad))
		}
	}
	if len(links) == 0 {
		return
	}
	r.str(`<g class="chains" fill="none" stroke="` + inkChain + `" stroke-width="`).num(width).str(`" stroke-linecap="round" pointer-events="none">` + "\n")
	for _, sh := range sortedShapes(shapes) {
		if sh.group {
			r.str(`<rect class="node" x="`).num(sh.min.x).str(`" y="`).num(sh.min.y).str(`" width="`).num(sh.max.x - sh.min.x).str(`" height="`).num(sh.max.y - sh.min.y).str(`" rx="`).num(rad).str(`"/>` + "\n")
			continue
		}
		r.str(`<circle class="node" cx="`).num(sh.centre.x).str(`" cy="`).num(sh.centre.y).str(`" r="`).num(rad).str(`"/>` + "\n")
	}
	for _, l := range links {
		r.str(`<path class="link `)
		if l.strong {
			r.str(`strong" d="`)
		} else {
			r.str(`weak" stroke-dasharray="`).num(2.5 * width).str(" ").num(2 * width).str(`" d="`)
		}
		r.str("M").num(l.a.x).str(" ").num(l.a.y)
		if l.curved {
			r.str("Q").num(l.ctl.x).str(" ").num(l.ctl.y).str(" ")
		} else {
			r.str("L")
		}
		r.num(l.b.x).str(" ").num(l.b.y).str(`"/>` + "\n")
	}
	// Arrow heads: a small triangle at the end of each link, along its
	// last direction, so that the chain reads from its start.
	r.str(`<path class="arrows" fill="` + inkChain + `" stroke="none" d="`)
	head := math.Max(3, 0.8*rad)
	for _, l := range links {
		dir := l.b.sub(l.ctl).unit()
		side := dir.normal().scale(head * 0.45)
		base := l.b.sub(dir.scale(head))
		p, q := base.add(side), base.sub(side)
		r.str("M").num(l.b.x).str(" ").num(l.b.y).str("L").num(p.x).str(" ").num(p.y).str("L").num(q.x).str(" ").num(q.y).str("Z")
	}
	r.str(`"/>` + "\n</g>\n")
}

// linkKey names a link by its nodes and kind, to draw each once.
func linkKey(l logic.Link) string {
	b := make([]byte, 0, 32)
	for _, nd := range []logic.Node{l.From, l.To} {
		b = strconv.AppendInt(b, int64(nd.Digit), 10)
		for _, c := range nd.Cells {
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(c), 10)
		}
		b = append(b, ';')
	}
	if l.Strong {
		b = append(b, 's')
	}
	return string(b)
}

// shapeKey names a node's outline by its corners, in tenths of a pixel,
// to draw each once.
func shapeKey(sh nodeShape) [4]int64 {
	t := func(v float64) int64 { return int64(math.Round(v * 10)) }
	if !sh.group {
		return [4]int64{t(sh.centre.x), t(sh.centre.y), -1, -1}
	}
	return [4]int64{t(sh.min.x), t(sh.min.y), t(sh.max.x), t(sh.max.y)}
}

// sortedShapes returns the outlines in the order of their keys, so that
// a drawing does not depend on the order of a map.
func sortedShapes(shapes map[[4]int64]nodeShape) []nodeShape {
	keys := slices.SortedFunc(maps.Keys(shapes), func(a, b [4]int64) int { return slices.Compare(a[:], b[:]) })
	out := make([]nodeShape, len(keys))
	for i, k := range keys {
		out[i] = shapes[k]
	}
	return out
}

// markIndex holds the places of the marks drawn, bucketed by square, so
// that a link can look for the marks it would cross.
type markIndex struct {
	side    float64
	buckets map[[2]int][]point
}

// markIndex returns the index of the small digits drawn: marks, the
// pattern's digits, removals and ellipses.
func (r *renderer) markIndex() markIndex {
	ix := markIndex{side: r.s, buckets: make(map[[2]int][]point)}
	for _, k := range []int{textMark, textKey, textRemove, textMore} {
		for _, it := range r.texts[k] {
			b := ix.bucket(point{it.x, it.y})
			ix.buckets[b] = append(ix.buckets[b], point{it.x, it.y})
		}
	}
	return ix
}

func (ix markIndex) bucket(p point) [2]int {
	return [2]int{int(math.Floor(p.x / ix.side)), int(math.Floor(p.y / ix.side))}
}

// near calls f with each mark within reach of the segment from a to b.
func (ix markIndex) near(a, b point, reach float64, f func(point)) {
	lo := ix.bucket(point{math.Min(a.x, b.x) - reach, math.Min(a.y, b.y) - reach})
	hi := ix.bucket(point{math.Max(a.x, b.x) + reach, math.Max(a.y, b.y) + reach})
	for bx := lo[0]; bx <= hi[0]; bx++ {
		for by := lo[1]; by <= hi[1]; by++ {
			for _, p := range ix.buckets[[2]int{bx, by}] {
				f(p)
			}
		}
	}
}

// segDist returns the distance from p to the segment from a to b.
func segDist(p, a, b point) float64 {
	ab := b.sub(a)
	t := 0.0
	if l2 := ab.dot(ab); l2 > 0 {
		t = math.Max(0, math.Min(1, p.sub(a).dot(ab)/l2))
	}
	return p.dist(a.lerp(b, t))
}

// inside reports whether p is one of the node's own marks.
func (sh nodeShape) inside(p point, rad float64) bool {
	if !sh.group {
		return p.dist(sh.centre) < rad/2
	}
	return p.x > sh.min.x && p.x < sh.max.x && p.y > sh.min.y && p.y < sh.max.y
}

// route returns the link from node from to node to: a straight line
// between their outlines, or, where that line would pass over another
// mark (hiding a third candidate) or the two outlines nearly touch (two
// marks of one cell side by side), a gentle curve to one side, the first
// of a few bows of growing depth that crosses no mark and stays on the
// picture.
func (r *renderer) route(from, to nodeShape, strong bool, ix markIndex, rad float64) drawnLink {
	width, height := 2*r.margin+float64(r.cols)*r.s, 2*r.margin+float64(r.rows)*r.s
	mid := from.centre.lerp(to.centre, 0.5)
	normal := to.centre.sub(from.centre).unit().normal()
	slot := math.Min(r.grid.w, r.grid.h)
	best, bestCost := drawnLink{}, math.Inf(1)
	// Bows: the curve's middle lies half the control point's offset off
	// the straight line, so these put it 0.5 to 2.5 places of a mark aside.
	for _, bow := range []float64{0, 1, -1, 2, -2, 3, -3, 5, -5} {
		ctl := mid.add(normal.scale(bow * slot))
		l := drawnLink{a: from.edge(ctl, rad), b: to.edge(ctl, rad), ctl: ctl, curved: bow != 0, strong: strong}
		if !l.curved {
			l.ctl = l.a.lerp(l.b, 0.5)
		}
		cost := 0.0
		if l.a.dist(l.b) < 1.5*rad {
			cost++ // too short to see (two marks of a cell side by side)
		}
		steps := 1
		if l.curved {
			steps = 10
		}
		prev := l.a
		for k := 1; k <= steps; k++ {
			t := float64(k) / float64(steps)
			// The quadratic Bezier curve at t.
			p := l.a.lerp(l.ctl, t).lerp(l.ctl.lerp(l.b, t), t)
			if p.x < 0 || p.y < 0 || p.x > width || p.y > height {
				cost += 100 // off the picture
			}
			ix.near(prev, p, rad, func(q point) {
				if !from.inside(q, rad) && !to.inside(q, rad) && segDist(q, prev, p) < 0.9*rad {
					cost++
				}
			})
			prev = p
		}
		if cost == 0 {
			return l
		}
		if cost < bestCost {
			best, bestCost = l, cost
		}
	}
	return best
}
