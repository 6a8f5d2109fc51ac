package cube_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/sudoku"
)

// variant is one of the four kinds of cube, with a box size.
type variant struct {
	n     int
	model cube.Model
	edges cube.EdgeRule
}

func (v variant) String() string { return fmt.Sprintf("n=%d %s %s", v.n, v.model, v.edges) }

// variants returns every model and rule for each box size.
func variants(ns ...int) []variant {
	var vs []variant
	for _, n := range ns {
		for _, model := range []cube.Model{cube.ThreeFaces, cube.SixFaces} {
			for _, edges := range []cube.EdgeRule{cube.Match, cube.Differ} {
				vs = append(vs, variant{n, model, edges})
			}
		}
	}
	return vs
}

func mustNew(t testing.TB, v variant) *cube.Cube {
	t.Helper()
	c, err := cube.New(v.n, v.model, v.edges)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// stickers returns every sticker of the cube's faces.
func stickers(c *cube.Cube) []cube.Sticker {
	var ss []cube.Sticker
	for _, f := range c.Faces() {
		for r := range c.Digits() {
			for col := range c.Digits() {
				ss = append(ss, cube.Sticker{Face: f, Row: r, Col: col})
			}
		}
	}
	return ss
}

// onBorder reports whether s is on the border of its face, and at a corner.
func onBorder(s cube.Sticker, m int) (border, corner bool) {
	rowEnd := s.Row == 0 || s.Row == m-1
	colEnd := s.Col == 0 || s.Col == m-1
	return rowEnd || colEnd, rowEnd && colEnd
}

// TestPartners checks the adjacency derived from the cubies: partners are
// symmetric, each on another face and at most one per face, only on the
// border; a six-face cube gives every edge sticker one partner and every
// corner sticker two; the stickers one face shares with another make a
// whole border line of each, in order.
func TestPartners(t *testing.T) {
	for _, v := range variants(2, 3, 4, 5) {
		t.Run(v.String(), func(t *testing.T) {
			c := mustNew(t, v)
			m := c.Digits()
			shared := make(map[[2]cube.Face][][2]cube.Sticker)
			for _, s := range stickers(c) {
				ps := c.Partners(s)
				border, corner := onBorder(s, m)
				faces := []cube.Face{s.Face}
				for _, p := range ps {
					if !slices.Contains(c.Partners(p), s) {
						t.Fatalf("%s is a partner of %s but not the other way", p, s)
					}
					if slices.Contains(faces, p.Face) {
						t.Fatalf("%s has partners %v: two on one face", s, ps)
					}
					faces = append(faces, p.Face)
					shared[[2]cube.Face{s.Face, p.Face}] = append(shared[[2]cube.Face{s.Face, p.Face}], [2]cube.Sticker{s, p})
				}
				switch {
				case !border && len(ps) > 0:
					t.Fatalf("%s inside its face has partners %v", s, ps)
				case v.model == cube.SixFaces && corner && len(ps) != 2:
					t.Fatalf("corner %s has partners %v, want 2", s, ps)
				case v.model == cube.SixFaces && border && !corner && len(ps) != 1:
					t.Fatalf("edge %s has partners %v, want 1", s, ps)
				case len(ps) > 2:
					t.Fatalf("%s has partners %v", s, ps)
				}
			}
			// Each pair of neighboring faces shares a whole border line,
			// in order: consecutive stickers of one are consecutive on
			// the other.
			for pair, links := range shared {
				if len(links) != m {
					t.Fatalf("%s and %s share %d stickers, want %d", pair[0], pair[1], len(links), m)
				}
				for i := 1; i < m; i++ {
					a0, b0, a1, b1 := links[i-1][0], links[i-1][1], links[i][0], links[i][1]
					if dist(a0, a1) != 1 || dist(b0, b1) != 1 {
						t.Fatalf("%s-%s: %s, %s and %s, %s are not steps along a line", pair[0], pair[1], a0, a1, b0, b1)
					}
				}
			}
			wantPairs := 2 * 12 // ordered pairs of faces sharing an edge
			if v.model == cube.ThreeFaces {
				wantPairs = 2 * 3
			}
			if len(shared) != wantPairs {
				t.Fatalf("%d ordered pairs of faces share an edge, want %d", len(shared), wantPairs)
			}
		})
	}
}

// dist is the taxicab distance between two stickers of one face.
func dist(a, b cube.Sticker) int {
	if a.Face != b.Face {
		return -1
	}
	return abs(a.Row-b.Row) + abs(a.Col-b.Col)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestNeighbors checks which faces share an edge: on six faces every face
// but itself and the opposite one, on three faces the other two.
func TestNeighbors(t *testing.T) {
	six := mustNew(t, variant{3, cube.SixFaces, cube.Match})
	opposite := map[cube.Face]cube.Face{cube.Up: cube.Down, cube.Left: cube.Right, cube.Front: cube.Back}
	for f, o := range opposite {
		opposite[o] = f
	}
	for _, f := range six.Faces() {
		var want []cube.Face
		for _, g := range six.Faces() {
			if g != f && g != opposite[f] {
				want = append(want, g)
			}
		}
		if diff := cmp.Diff(want, six.Neighbors(f)); diff != "" {
			t.Errorf("six faces, neighbors of %s (-want +got):\n%s", f, diff)
		}
	}
	three := mustNew(t, variant{3, cube.ThreeFaces, cube.Differ})
	for _, f := range three.Faces() {
		want := slices.DeleteFunc(slices.Clone(three.Faces()), func(g cube.Face) bool { return g == f })
		if diff := cmp.Diff(want, three.Neighbors(f)); diff != "" {
			t.Errorf("three faces, neighbors of %s (-want +got):\n%s", f, diff)
		}
	}
	if got := three.Neighbors(cube.Back); got != nil {
		t.Errorf("neighbors of the back face on three faces: %v", got)
	}
}

// TestVertexWalk walks round each vertex where three faces of the model
// meet, by edges alone: from the corner sticker of one face, one step
// along an edge to the sticker beside it, across the edge to that
// sticker's partner, one step to the corner of the new face, and again on
// the face's other edge. After three crossings the walk must be back at
// its start, having visited three faces, and each corner reached must be a
// partner of the one before: the corner cubie, seen from its edges.
func TestVertexWalk(t *testing.T) {
	for _, v := range variants(2, 3, 4) {
		t.Run(v.String(), func(t *testing.T) {
			c := mustNew(t, v)
			m := c.Digits()
			walks := 0
			for _, start := range stickers(c) {
				if _, corner := onBorder(start, m); !corner || len(c.Partners(start)) != 2 {
					continue
				}
				walks++
				s, from := start, cube.Face(-1)
				var visited []cube.Face
				for range 3 {
					visited = append(visited, s.Face)
					next := crossEdge(t, c, s, from)
					if !slices.Contains(c.Partners(s), next) {
						t.Fatalf("walk from %s: corner %s reached from %s is not its partner", start, next, s)
					}
					s, from = next, s.Face
				}
				if s != start {
					t.Fatalf("walk from %s ends at %s, faces %v", start, s, visited)
				}
				slices.Sort(visited)
				if len(slices.Compact(visited)) != 3 {
					t.Fatalf("walk from %s visits faces %v", start, visited)
				}
			}
			want := 3 * 8 // each of the 8 vertices, from each of its 3 stickers
			if v.model == cube.ThreeFaces {
				want = 3
			}
			if walks != want {
				t.Fatalf("%d walks, want %d", walks, want)
			}
		})
	}
}

// crossEdge steps from corner sticker s to the sticker beside it on an
// edge to a face other than from, crosses to its partner, and returns the
// corner sticker beside that partner on the new face.
func crossEdge(t *testing.T, c *cube.Cube, s cube.Sticker, from cube.Face) cube.Sticker {
	t.Helper()
	for _, b := range beside(s, c.Digits()) {
		ps := c.Partners(b)
		if len(ps) != 1 || ps[0].Face == from {
			continue
		}
		for _, k := range beside(ps[0], c.Digits()) {
			if _, corner := onBorder(k, c.Digits()); corner {
				return k
			}
		}
		t.Fatalf("%s, partner of %s beside corner %s, is beside no corner", ps[0], b, s)
	}
	t.Fatalf("no edge from corner %s to a face other than %s", s, from)
	return s
}

// beside returns the stickers next to s on its face.
func beside(s cube.Sticker, m int) []cube.Sticker {
	var bs []cube.Sticker
	for _, d := range [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		b := cube.Sticker{Face: s.Face, Row: s.Row + d[0], Col: s.Col + d[1]}
		if b.Row >= 0 && b.Row < m && b.Col >= 0 && b.Col < m {
			bs = append(bs, b)
		}
	}
	return bs
}

// TestCounts checks the numbers of cells and units against the formulas:
// under Match, six faces have 6m²-12m+8 cells (m³-(m-2)³ surface cubies)
// and three faces 3m²-3m+1 (m³-(m-1)³); under Differ every sticker is a
// cell, with 12(m-2) two-cell and 8 three-cell edge units on six faces and
// 3(m-1) and 1 on three. Every face has m rows, columns and boxes of m
// cells each.
func TestCounts(t *testing.T) {
	for _, v := range variants(2, 3, 4, 5) {
		t.Run(v.String(), func(t *testing.T) {
			c := mustNew(t, v)
			g, m := c.Geometry(), c.Digits()
			faces := len(c.Faces())
			var cells, pairs, triples int
			switch {
			case v.model == cube.SixFaces && v.edges == cube.Match:
				cells = 6*m*m - 12*m + 8
			case v.model == cube.ThreeFaces && v.edges == cube.Match:
				cells = 3*m*m - 3*m + 1
			case v.model == cube.SixFaces:
				cells, pairs, triples = 6*m*m, 12*(m-2), 8
			default:
				cells, pairs, triples = 3*m*m, 3*(m-1), 1
			}
			if g.NumCells() != cells {
				t.Errorf("%d cells, want %d", g.NumCells(), cells)
			}
			if g.Digits() != m {
				t.Errorf("%d digits, want %d", g.Digits(), m)
			}
			kinds := make(map[string]int)
			for i, u := range g.Units() {
				key := fmt.Sprintf("%s of %d", u.Kind, len(u.Cells))
				kinds[key]++
				if u.Kind != sudoku.Edge && !g.IsHouse(i) {
					t.Errorf("%s has %d cells", g.UnitName(i), len(u.Cells))
				}
			}
			want := map[string]int{
				fmt.Sprintf("row of %d", m):    faces * m,
				fmt.Sprintf("column of %d", m): faces * m,
				fmt.Sprintf("box of %d", m):    faces * m,
			}
			if v.edges == cube.Differ {
				want["edge of 2"], want["edge of 3"] = pairs, triples
			}
			if diff := cmp.Diff(want, kinds); diff != "" {
				t.Errorf("units by kind and size (-want +got):\n%s", diff)
			}
			// Under Match, shared cells are the cubies on edges between
			// faces of the model.
			if v.edges == cube.Match {
				bySize := make(map[int]int)
				for cell := range g.NumCells() {
					bySize[len(c.Stickers(cell))]++
				}
				wantSize := map[int]int{1: cells - 12*(m-2) - 8, 2: 12 * (m - 2), 3: 8}
				if v.model == cube.ThreeFaces {
					wantSize = map[int]int{1: cells - 3*(m-1) - 1, 2: 3 * (m - 1), 3: 1}
				}
				if diff := cmp.Diff(wantSize, bySize); diff != "" {
					t.Errorf("cells by number of stickers (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestCellsAndStickers checks that FaceCells, Cell, Stickers and Partners
// agree: a sticker's cell shows it; under Match a cell's stickers are one
// cubie's, under Differ one sticker a cell and the cubie's stickers make
// an edge unit; each face's rows, columns and boxes are its cells.
func TestCellsAndStickers(t *testing.T) {
	for _, v := range variants(2, 3) {
		t.Run(v.String(), func(t *testing.T) {
			c := mustNew(t, v)
			g, m := c.Geometry(), c.Digits()
			for _, s := range stickers(c) {
				cell := c.Cell(s)
				if got := c.FaceCells(s.Face)[s.Row*m+s.Col]; got != cell {
					t.Fatalf("%s: Cell %d, FaceCells %d", s, cell, got)
				}
				if !slices.Contains(c.Stickers(cell), s) {
					t.Fatalf("%s: cell %d shows %v", s, cell, c.Stickers(cell))
				}
				if !strings.Contains(g.CellName(cell), s.String()) {
					t.Fatalf("%s: cell named %q", s, g.CellName(cell))
				}
				cubie := append([]cube.Sticker{s}, c.Partners(s)...)
				if v.edges == cube.Match {
					if len(c.Stickers(cell)) != len(cubie) {
						t.Fatalf("%s: cell shows %v, cubie has %v", s, c.Stickers(cell), cubie)
					}
					for _, p := range c.Partners(s) {
						if c.Cell(p) != cell {
							t.Fatalf("%s and %s: cells %d and %d under Match", s, p, cell, c.Cell(p))
						}
					}
					continue
				}
				if len(c.Stickers(cell)) != 1 {
					t.Fatalf("%s: cell shows %v under Differ", s, c.Stickers(cell))
				}
				if len(cubie) > 1 {
					var cells []int
					for _, p := range cubie {
						cells = append(cells, c.Cell(p))
					}
					if !hasEdgeUnit(g, cells) {
						t.Fatalf("%s: no edge unit of cells %v", s, cells)
					}
				}
			}
			for _, f := range c.Faces() {
				cells := c.FaceCells(f)
				for i := range 3 * m {
					u := g.Unit(unitIndex(c, f, i))
					if !strings.HasSuffix(g.UnitName(unitIndex(c, f, i)), " of the "+f.String()+" face") {
						t.Fatalf("unit named %q", g.UnitName(unitIndex(c, f, i)))
					}
					for _, cell := range u.Cells {
						if !slices.Contains(cells, cell) {
							t.Fatalf("%s holds cell %d, not on the %s face", g.UnitName(unitIndex(c, f, i)), cell, f)
						}
					}
				}
			}
		})
	}
}

// unitIndex returns the index of the i-th unit of face f (rows, columns,
// boxes: 3m a face, faces in order).
func unitIndex(c *cube.Cube, f cube.Face, i int) int {
	return slices.Index(c.Faces(), f)*3*c.Digits() + i
}

func hasEdgeUnit(g *sudoku.Geometry, cells []int) bool {
	want := slices.Sorted(slices.Values(cells))
	for _, u := range g.Units() {
		if u.Kind == sudoku.Edge && slices.Equal(slices.Sorted(slices.Values(u.Cells)), want) {
			return true
		}
	}
	return false
}

// TestNewGeometry checks that each variant's geometry is built once, and
// the errors for sizes, models and rules out of range.
func TestNewGeometry(t *testing.T) {
	g1, err1 := cube.NewGeometry(3, cube.SixFaces, cube.Match)
	g2, err2 := cube.NewGeometry(3, cube.SixFaces, cube.Match)
	if err1 != nil || err2 != nil || g1 != g2 {
		t.Fatalf("two calls: %p %v, %p %v", g1, err1, g2, err2)
	}
	c := mustNew(t, variant{3, cube.SixFaces, cube.Match})
	if c.Geometry() != g1 {
		t.Fatalf("the cube's geometry is not the shared one")
	}
	for _, tc := range []struct {
		n     int
		model cube.Model
		edges cube.EdgeRule
		want  []error
	}{
		{1, cube.SixFaces, cube.Match, []error{cube.ErrSize, sudoku.ErrSize, sudoku.ErrInvalidArgument}},
		{6, cube.ThreeFaces, cube.Differ, []error{cube.ErrSize, sudoku.ErrSize, sudoku.ErrInvalidArgument}},
		{-3, cube.ThreeFaces, cube.Differ, []error{cube.ErrSize, sudoku.ErrInvalidArgument}},
		{3, cube.Model(2), cube.Match, []error{sudoku.ErrInvalidArgument}},
		{3, cube.SixFaces, cube.EdgeRule(-1), []error{sudoku.ErrInvalidArgument}},
	} {
		_, gerr := cube.NewGeometry(tc.n, tc.model, tc.edges)
		c, err := cube.New(tc.n, tc.model, tc.edges)
		for _, w := range tc.want {
			if !errors.Is(err, w) || !errors.Is(gerr, w) || c != nil {
				t.Errorf("New(%d, %d, %d) = %v, %v; NewGeometry: %v; want %v", tc.n, tc.model, tc.edges, c, err, gerr, w)
			}
		}
	}
}
