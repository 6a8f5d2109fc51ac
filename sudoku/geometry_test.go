package sudoku_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/sudoku"
)

func TestNewGeometryShapes(t *testing.T) {
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {8, 8}} {
		br, bc := shape[0], shape[1]
		t.Run(fmt.Sprintf("%dx%d", br, bc), func(t *testing.T) {
			g, err := sudoku.NewGeometry(br, bc)
			if err != nil {
				t.Fatal(err)
			}
			n := br * bc
			if g.Digits() != n || g.NumCells() != n*n || g.NumUnits() != 3*n || len(g.Houses()) != 3*n {
				t.Fatalf("digits %d cells %d units %d houses %d", g.Digits(), g.NumCells(), g.NumUnits(), len(g.Houses()))
			}
			if g.BoxRows() != br || g.BoxCols() != bc || g.Rows() != n || g.Cols() != n || !g.IsStandard() {
				t.Fatalf("layout %dx%d boxes %dx%d", g.Rows(), g.Cols(), g.BoxRows(), g.BoxCols())
			}
			for u, unit := range g.Units() {
				if len(unit.Cells) != n || len(slices.Compact(slices.Sorted(slices.Values(unit.Cells)))) != n {
					t.Fatalf("%s: cells %v", g.UnitName(u), unit.Cells)
				}
			}
			wantPeers := 2*(n-1) + (n - br - bc + 1)
			for c := range g.NumCells() {
				if len(g.CellUnits(c)) != 3 || len(g.CellHouses(c)) != 3 {
					t.Fatalf("%s is in %d units", g.CellName(c), len(g.CellUnits(c)))
				}
				if len(g.Peers(c)) != wantPeers {
					t.Fatalf("%s has %d peers, want %d", g.CellName(c), len(g.Peers(c)), wantPeers)
				}
				for _, p := range g.Peers(c) {
					if _, ok := slices.BinarySearch(g.Peers(p), c); !ok {
						t.Fatalf("%s is a peer of %s but not the reverse", g.CellName(p), g.CellName(c))
					}
				}
				r, col := g.RowCol(c)
				if g.Cell(r, col) != c {
					t.Fatalf("RowCol/Cell disagree on %d", c)
				}
			}
			// Box b holds rows (b/boxesAcross)*br ..., as drawn by Grid.
			box := g.Unit(2 * n)
			if box.Kind != sudoku.Box || box.Cells[len(box.Cells)-1] != (br-1)*n+bc-1 {
				t.Fatalf("first box %v", box)
			}
		})
	}
}

func TestGeometryForSize(t *testing.T) {
	for size, want := range map[int][2]int{4: {2, 2}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3}, 10: {2, 5}, 12: {3, 4}, 16: {4, 4}, 25: {5, 5}, 64: {8, 8}} {
		g, err := sudoku.GeometryForSize(size)
		if err != nil || g.BoxRows() != want[0] || g.BoxCols() != want[1] {
			t.Errorf("GeometryForSize(%d) = %v, %v; want %dx%d boxes", size, g, err, want[0], want[1])
		}
	}
	for _, size := range []int{-1, 0, 1, 2, 3, 5, 7, 11, 13, 65, 81} {
		if _, err := sudoku.GeometryForSize(size); !errors.Is(err, sudoku.ErrSize) {
			t.Errorf("GeometryForSize(%d) error %v, want ErrSize", size, err)
		}
	}
	for _, shape := range [][2]int{{1, 5}, {2, 1}, {0, 0}, {-2, 3}, {9, 9}, {8, 9}} {
		if _, err := sudoku.NewGeometry(shape[0], shape[1]); !errors.Is(err, sudoku.ErrSize) {
			t.Errorf("NewGeometry(%d, %d) error %v, want ErrSize", shape[0], shape[1], err)
		}
	}
	a, _ := sudoku.NewGeometry(3, 3)
	if a != sudoku.Classic() {
		t.Error("standard geometries should be shared")
	}
}

// diagonal returns the spec of diagonal Sudoku: the classic board plus
// both main diagonals.
func diagonal() sudoku.Spec {
	spec := sudoku.Classic().Spec()
	var d1, d2 []int
	for i := range 9 {
		d1 = append(d1, i*9+i)
		d2 = append(d2, i*9+8-i)
	}
	spec.Units = append(spec.Units,
		sudoku.Unit{Kind: sudoku.Diagonal, Cells: d1},
		sudoku.Unit{Kind: sudoku.Diagonal, Cells: d2})
	return spec
}

func TestNewCustomGeometry(t *testing.T) {
	g, err := sudoku.NewCustomGeometry(diagonal())
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Houses()) != 29 || g.UnitName(28) != "diagonal 2" || g.IsStandard() {
		t.Errorf("houses %d, unit 28 %q", len(g.Houses()), g.UnitName(28))
	}
	// The centre is on both diagonals: 20 classic peers, plus 16 diagonal
	// cells less the 4 of them already in its box.
	if got := len(g.Peers(40)); got != 32 {
		t.Errorf("centre has %d peers, want 32", got)
	}
	if g.Equal(sudoku.Classic()) || !g.Equal(mustCustom(t, diagonal())) {
		t.Error("Equal should compare units")
	}

	bad := []struct {
		name   string
		mutate func(*sudoku.Spec)
	}{
		{"no digits", func(s *sudoku.Spec) { s.Digits = 0 }},
		{"too many digits", func(s *sudoku.Spec) { s.Digits = 65 }},
		{"no cells", func(s *sudoku.Spec) { s.Cells = 0; s.Rows, s.Cols = 0, 0; s.BoxRows, s.BoxCols = 0, 0 }},
		{"cell out of range", func(s *sudoku.Spec) { s.Units[0].Cells[0] = 81 }},
		{"negative cell", func(s *sudoku.Spec) { s.Units[0].Cells[0] = -1 }},
		{"cell twice", func(s *sudoku.Spec) { s.Units[0].Cells[1] = s.Units[0].Cells[0] }},
		{"unit too big", func(s *sudoku.Spec) { s.Units[0].Cells = append(s.Units[0].Cells, 80) }},
		{"empty unit", func(s *sudoku.Spec) { s.Units[0].Cells = nil }},
		{"unknown kind", func(s *sudoku.Spec) { s.Units[0].Kind = 99 }},
		{"layout mismatch", func(s *sudoku.Spec) { s.Rows = 8 }},
		{"half layout", func(s *sudoku.Spec) { s.Cols = 0 }},
		{"box lines do not divide", func(s *sudoku.Spec) { s.BoxRows = 4 }},
		{"names", func(s *sudoku.Spec) { s.CellNames = []string{"a"} }},
	}
	for _, tt := range bad {
		spec := diagonal()
		tt.mutate(&spec)
		if g, err := sudoku.NewCustomGeometry(spec); !errors.Is(err, sudoku.ErrGeometry) || g != nil {
			t.Errorf("%s: %v, %v; want ErrGeometry", tt.name, g, err)
		}
	}
}

func mustCustom(t *testing.T, s sudoku.Spec) *sudoku.Geometry {
	t.Helper()
	g, err := sudoku.NewCustomGeometry(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestSpecIsACopy(t *testing.T) {
	g := mustCustom(t, diagonal())
	before := g.Spec()
	spec := g.Spec()
	spec.Units[0].Cells[0] = 80
	spec.Units = spec.Units[:3]
	if diff := cmp.Diff(before, g.Spec()); diff != "" {
		t.Errorf("changing a Spec changed the geometry (-before +after):\n%s", diff)
	}
	in := diagonal()
	g2 := mustCustom(t, in)
	in.Units[0].Cells[0] = 80
	if g2.Unit(0).Cells[0] != 0 {
		t.Error("NewCustomGeometry kept a reference to its input")
	}
}

func TestCustomNames(t *testing.T) {
	names := make([]string, 4)
	for i := range names {
		names[i] = fmt.Sprintf("sticker %c", 'A'+i)
	}
	g := mustCustom(t, sudoku.Spec{Digits: 2, Cells: 4, CellNames: names,
		Units: []sudoku.Unit{{Kind: sudoku.Edge, Cells: []int{0, 1}}, {Kind: sudoku.Region, Cells: []int{2, 3}}}})
	if g.CellName(2) != "sticker C" || g.UnitName(0) != "edge 1" || g.UnitName(1) != "region 1" {
		t.Errorf("names: %q %q %q", g.CellName(2), g.UnitName(0), g.UnitName(1))
	}
	if g.Cell(0, 0) != -1 {
		t.Error("a geometry without layout has no rows")
	}
	if r, c := g.RowCol(1); r != -1 || c != -1 {
		t.Error("a geometry without layout has no rows")
	}
}

func TestOutOfRangeAccessors(t *testing.T) {
	g := sudoku.Classic()
	if g.Peers(-1) != nil || g.Peers(81) != nil || g.CellUnits(81) != nil || g.CellHouses(-3) != nil ||
		g.Unit(27).Cells != nil || g.IsHouse(27) || g.Cell(9, 0) != -1 {
		t.Error("out-of-range accessors should return zero values")
	}
	if g.CellName(81) == "" || g.UnitName(-1) == "" {
		t.Error("out-of-range names should still say something")
	}
}
