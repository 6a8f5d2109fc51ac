package sudoku_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/sudoku"
)

func mustGeometry(t testing.TB, boxRows, boxCols int) *sudoku.Geometry {
	t.Helper()
	g, err := sudoku.NewGeometry(boxRows, boxCols)
	if err != nil {
		t.Fatalf("NewGeometry(%d, %d): %v", boxRows, boxCols, err)
	}
	return g
}

func mustCustom(t testing.TB, s sudoku.Spec) *sudoku.Geometry {
	t.Helper()
	g, err := sudoku.NewCustomGeometry(s)
	if err != nil {
		t.Fatalf("NewCustomGeometry: %v", err)
	}
	return g
}

// diagonalSpec is diagonal Sudoku: the classic board plus both main
// diagonals as two more units.
func diagonalSpec() sudoku.Spec {
	g, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		panic(err)
	}
	return g.Spec()
}

func TestNewGeometryShapes(t *testing.T) {
	tests := []struct {
		name             string
		boxRows, boxCols int
		wantString       string
	}{
		{name: "2x2", boxRows: 2, boxCols: 2, wantString: "4x4 board (2x2 boxes)"},
		{name: "2x3", boxRows: 2, boxCols: 3, wantString: "6x6 board (2x3 boxes)"},
		{name: "3x2", boxRows: 3, boxCols: 2, wantString: "6x6 board (3x2 boxes)"},
		{name: "3x3", boxRows: 3, boxCols: 3, wantString: "9x9 board (3x3 boxes)"},
		{name: "3x4", boxRows: 3, boxCols: 4, wantString: "12x12 board (3x4 boxes)"},
		{name: "4x4", boxRows: 4, boxCols: 4, wantString: "16x16 board (4x4 boxes)"},
		{name: "5x5", boxRows: 5, boxCols: 5, wantString: "25x25 board (5x5 boxes)"},
		{name: "8x8", boxRows: 8, boxCols: 8, wantString: "64x64 board (8x8 boxes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := mustGeometry(t, tt.boxRows, tt.boxCols)
			n := tt.boxRows * tt.boxCols
			type shape struct {
				Digits, Cells, Units, Houses, Rows, Cols, BoxRows, BoxCols int
				Standard                                                   bool
				String                                                     string
			}
			got := shape{g.Digits(), g.NumCells(), g.NumUnits(), len(g.Houses()), g.Rows(), g.Cols(),
				g.BoxRows(), g.BoxCols(), g.IsStandard(), g.String()}
			want := shape{n, n * n, 3 * n, 3 * n, n, n, tt.boxRows, tt.boxCols, true, tt.wantString}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("shape (-want +got):\n%s", diff)
			}

			// Every unit is a house of N distinct cells.
			for u, unit := range g.Units() {
				if !g.IsHouse(u) || len(unit.Cells) != n {
					t.Fatalf("%s has %d cells, want %d", g.UnitName(u), len(unit.Cells), n)
				}
				distinct := slices.Compact(slices.Sorted(slices.Values(unit.Cells)))
				if len(distinct) != n || distinct[0] < 0 || distinct[n-1] >= n*n {
					t.Fatalf("%s: cells %v are not %d distinct cells of the board", g.UnitName(u), unit.Cells, n)
				}
			}

			// Each cell lies in exactly its row, its column and its box, and
			// its peers are the other cells of those three.
			wantPeers := (n - 1) + (n - 1) + (n - tt.boxRows - tt.boxCols + 1)
			boxesAcross := n / tt.boxCols
			for c := range g.NumCells() {
				r, col := g.RowCol(c)
				if r != c/n || col != c%n || g.Cell(r, col) != c {
					t.Fatalf("cell %d: RowCol = %d, %d", c, r, col)
				}
				box := (r/tt.boxRows)*boxesAcross + col/tt.boxCols
				wantUnits := []int{r, n + col, 2*n + box}
				if !slices.Equal(wantUnits, g.CellUnits(c)) || !slices.Equal(wantUnits, cellHouses(g, c)) {
					t.Fatalf("%s: units %v, houses %v; want %v", g.CellName(c), g.CellUnits(c), cellHouses(g, c), wantUnits)
				}
				// The cells of its row, its column and its box, but itself.
				var peers []int
				r0, c0 := r/tt.boxRows*tt.boxRows, col/tt.boxCols*tt.boxCols
				for i := range n {
					peers = append(peers, r*n+i, i*n+col, (r0+i/tt.boxCols)*n+c0+i%tt.boxCols)
				}
				peers = slices.Compact(slices.Sorted(slices.Values(peers)))
				peers = slices.DeleteFunc(peers, func(p int) bool { return p == c })
				if len(peers) != wantPeers {
					t.Fatalf("%s: brute force found %d peers, formula says %d", g.CellName(c), len(peers), wantPeers)
				}
				if !slices.Equal(peers, g.Peers(c)) {
					t.Fatalf("peers of %s (-want +got):\n%s", g.CellName(c), cmp.Diff(peers, g.Peers(c)))
				}
				for _, p := range g.Peers(c) {
					if _, ok := slices.BinarySearch(g.Peers(p), c); !ok {
						t.Fatalf("%s is a peer of %s but not the reverse", g.CellName(p), g.CellName(c))
					}
				}
			}
		})
	}
}

func TestClassicNames(t *testing.T) {
	g := sudoku.Classic()
	tests := []struct {
		name string
		got  string
		want string
	}{
		{name: "first cell", got: g.CellName(0), want: "r1c1"},
		{name: "r3c5", got: g.CellName(g.Cell(2, 4)), want: "r3c5"},
		{name: "last cell", got: g.CellName(80), want: "r9c9"},
		{name: "cell out of range", got: g.CellName(81), want: "cell 81 (out of range)"},
		{name: "first row", got: g.UnitName(0), want: "row 1"},
		{name: "last column", got: g.UnitName(17), want: "column 9"},
		{name: "centre box", got: g.UnitName(22), want: "box 5"},
		{name: "unit out of range", got: g.UnitName(27), want: "unit 27 (out of range)"},
		{name: "kind", got: sudoku.Edge.String(), want: "edge"},
		{name: "unknown kind", got: sudoku.UnitKind(9).String(), want: "UnitKind(9)"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	// Box 5 is the centre box: rows 4-6, columns 4-6.
	if diff := cmp.Diff([]int{30, 31, 32, 39, 40, 41, 48, 49, 50}, g.Unit(22).Cells); diff != "" {
		t.Errorf("box 5 (-want +got):\n%s", diff)
	}
}

func TestOutOfRangeAccessors(t *testing.T) {
	g := sudoku.Classic()
	tests := []struct {
		name string
		ok   bool
	}{
		{name: "Peers(-1)", ok: g.Peers(-1) == nil},
		{name: "Peers(81)", ok: g.Peers(81) == nil},
		{name: "CellUnits(81)", ok: g.CellUnits(81) == nil},
		{name: "CellUnits(-3)", ok: g.CellUnits(-3) == nil},
		{name: "Unit(27)", ok: g.Unit(27).Cells == nil},
		{name: "Unit(-1)", ok: g.Unit(-1).Cells == nil},
		{name: "IsHouse(27)", ok: !g.IsHouse(27)},
		{name: "IsHouse(-1)", ok: !g.IsHouse(-1)},
		{name: "Cell(9, 0)", ok: g.Cell(9, 0) == -1},
		{name: "Cell(0, -1)", ok: g.Cell(0, -1) == -1},
	}
	for _, tt := range tests {
		if !tt.ok {
			t.Errorf("%s should return the zero value", tt.name)
		}
	}
	if r, c := g.RowCol(81); r != -1 || c != -1 {
		t.Errorf("RowCol(81) = %d, %d; want -1, -1", r, c)
	}
}

func TestGeometryForSize(t *testing.T) {
	tests := []struct {
		size             int
		boxRows, boxCols int
	}{
		{size: 4, boxRows: 2, boxCols: 2},
		{size: 6, boxRows: 2, boxCols: 3},
		{size: 8, boxRows: 2, boxCols: 4},
		{size: 9, boxRows: 3, boxCols: 3},
		{size: 10, boxRows: 2, boxCols: 5},
		{size: 12, boxRows: 3, boxCols: 4},
		{size: 16, boxRows: 4, boxCols: 4},
		{size: 25, boxRows: 5, boxCols: 5},
		{size: 36, boxRows: 6, boxCols: 6},
		{size: 64, boxRows: 8, boxCols: 8},
	}
	for _, tt := range tests {
		g, err := sudoku.GeometryForSize(tt.size)
		if err != nil {
			t.Errorf("GeometryForSize(%d): %v", tt.size, err)
			continue
		}
		if g.BoxRows() != tt.boxRows || g.BoxCols() != tt.boxCols || g.Digits() != tt.size {
			t.Errorf("GeometryForSize(%d) = %v, want %dx%d boxes", tt.size, g, tt.boxRows, tt.boxCols)
		}
		if g != mustGeometry(t, tt.boxRows, tt.boxCols) {
			t.Errorf("GeometryForSize(%d) is not the shared NewGeometry(%d, %d)", tt.size, tt.boxRows, tt.boxCols)
		}
	}
	for _, size := range []int{-1, 0, 1, 2, 3, 5, 7, 11, 13, 61, 65, 81} {
		g, err := sudoku.GeometryForSize(size)
		if g != nil || !errors.Is(err, sudoku.ErrSize) {
			t.Errorf("GeometryForSize(%d) = %v, %v; want ErrSize", size, g, err)
		}
	}
}

func TestNewGeometryErrors(t *testing.T) {
	tests := []struct {
		name             string
		boxRows, boxCols int
	}{
		{name: "1x5", boxRows: 1, boxCols: 5},
		{name: "2x1", boxRows: 2, boxCols: 1},
		{name: "0x0", boxRows: 0, boxCols: 0},
		{name: "negative", boxRows: -2, boxCols: 3},
		{name: "9x9 is 81 digits", boxRows: 9, boxCols: 9},
		{name: "8x9 is 72 digits", boxRows: 8, boxCols: 9},
		{name: "2x33 is 66 digits", boxRows: 2, boxCols: 33},
		{name: "huge sides", boxRows: 1 << 40, boxCols: 1 << 40},
	}
	for _, tt := range tests {
		g, err := sudoku.NewGeometry(tt.boxRows, tt.boxCols)
		if g != nil || !errors.Is(err, sudoku.ErrSize) {
			t.Errorf("%s: NewGeometry = %v, %v; want ErrSize", tt.name, g, err)
		}
	}
	if a, b := mustGeometry(t, 3, 3), sudoku.Classic(); a != b {
		t.Error("geometries of one shape should be shared")
	}
	if a, b := mustGeometry(t, 2, 3), mustGeometry(t, 3, 2); a == b || a.Equal(b) {
		t.Error("2x3 and 3x2 boxes are different geometries")
	}
}

func TestNewCustomGeometryErrors(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(*sudoku.Spec)
	}{
		{name: "no digits", mutate: func(s *sudoku.Spec) { s.Digits = 0 }},
		{name: "too many digits", mutate: func(s *sudoku.Spec) { s.Digits = sudoku.MaxDigits + 1 }},
		{name: "no cells", mutate: func(s *sudoku.Spec) { *s = sudoku.Spec{Digits: 9} }},
		{name: "too many cells", mutate: func(s *sudoku.Spec) { s.Cells = sudoku.MaxCells + 1 }},
		{name: "unit names a cell past the end", mutate: func(s *sudoku.Spec) { s.Units[0].Cells[0] = 81 }},
		{name: "unit names a negative cell", mutate: func(s *sudoku.Spec) { s.Units[3].Cells[8] = -1 }},
		{name: "cell twice in a unit", mutate: func(s *sudoku.Spec) { s.Units[0].Cells[1] = s.Units[0].Cells[0] }},
		{name: "unit larger than Digits", mutate: func(s *sudoku.Spec) { s.Units[0].Cells = append(s.Units[0].Cells, 80) }},
		{name: "empty unit", mutate: func(s *sudoku.Spec) { s.Units[5].Cells = nil }},
		{name: "unknown kind", mutate: func(s *sudoku.Spec) { s.Units[0].Kind = 99 }},
		{name: "layout does not hold the cells", mutate: func(s *sudoku.Spec) { s.Rows = 8 }},
		{name: "rows without columns", mutate: func(s *sudoku.Spec) { s.Cols = 0 }},
		{name: "negative layout", mutate: func(s *sudoku.Spec) { s.Rows, s.Cols = -9, -9 }},
		{name: "names for too few cells", mutate: func(s *sudoku.Spec) { s.CellNames = []string{"a"} }},
		{name: "names for too many cells", mutate: func(s *sudoku.Spec) { s.CellNames = make([]string, 82) }},
		{name: "box lines do not divide", mutate: func(s *sudoku.Spec) { s.BoxRows = 4 }},
		{name: "box rows without box columns", mutate: func(s *sudoku.Spec) { s.BoxCols = 0 }},
		{name: "negative box lines", mutate: func(s *sudoku.Spec) { s.BoxRows, s.BoxCols = -3, -3 }},
		{name: "box lines without layout", mutate: func(s *sudoku.Spec) { s.Rows, s.Cols = 0, 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec := diagonalSpec()
			if _, err := sudoku.NewCustomGeometry(spec); err != nil {
				t.Fatalf("the unchanged spec fails: %v", err)
			}
			tt.mutate(&spec)
			g, err := sudoku.NewCustomGeometry(spec)
			if g != nil || !errors.Is(err, sudoku.ErrGeometry) {
				t.Fatalf("NewCustomGeometry = %v, %v; want ErrGeometry", g, err)
			}
		})
	}
}

func TestDiagonalGeometry(t *testing.T) {
	g := mustCustom(t, diagonalSpec())
	tests := []struct {
		name string
		got  any
		want any
	}{
		{name: "units", got: g.NumUnits(), want: 29},
		{name: "houses", got: len(g.Houses()), want: 29},
		{name: "standard", got: g.IsStandard(), want: false},
		{name: "string", got: g.String(), want: "geometry of 81 cells, 29 units, digits 1-9"},
		{name: "unit 27", got: g.UnitName(27), want: "diagonal 1"},
		{name: "unit 28", got: g.UnitName(28), want: "diagonal 2"},
		{name: "cell names", got: g.CellName(40), want: "r5c5"},
		{name: "box lines", got: [2]int{g.BoxRows(), g.BoxCols()}, want: [2]int{3, 3}},
		{name: "centre units", got: g.CellUnits(40), want: []int{4, 13, 22, 27, 28}},
		{name: "corner units", got: g.CellUnits(0), want: []int{0, 9, 18, 27}},
		// 20 classic peers, plus the 16 other diagonal cells less the 4 of
		// them in its own box.
		{name: "centre peers", got: len(g.Peers(40)), want: 32},
		// 20 classic peers, plus 8 diagonal cells less r2c2 and r3c3.
		{name: "corner peers", got: len(g.Peers(0)), want: 26},
		{name: "off-diagonal peers", got: len(g.Peers(1)), want: 20},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
	for c := range g.NumCells() {
		for _, p := range g.Peers(c) {
			if _, ok := slices.BinarySearch(g.Peers(p), c); !ok {
				t.Fatalf("%s is a peer of %s but not the reverse", g.CellName(p), g.CellName(c))
			}
		}
	}
}

func TestGeometryEqual(t *testing.T) {
	renamed := diagonalSpec()
	renamed.CellNames = make([]string, 81)
	for i := range renamed.CellNames {
		renamed.CellNames[i] = fmt.Sprint("c", i)
	}
	rekinded := diagonalSpec()
	rekinded.Units[27].Kind = sudoku.Region
	reordered := diagonalSpec()
	reordered.Units[27], reordered.Units[28] = reordered.Units[28], reordered.Units[27]
	var nilGeometry *sudoku.Geometry

	diagonal := mustCustom(t, diagonalSpec())
	tests := []struct {
		name string
		a, b *sudoku.Geometry
		want bool
	}{
		{name: "same pointer", a: sudoku.Classic(), b: sudoku.Classic(), want: true},
		{name: "classic rebuilt from its spec", a: sudoku.Classic(), b: mustCustom(t, sudoku.Classic().Spec()), want: true},
		{name: "diagonal built twice", a: diagonal, b: mustCustom(t, diagonalSpec()), want: true},
		{name: "classic and diagonal", a: sudoku.Classic(), b: diagonal, want: false},
		{name: "other box shape", a: mustGeometry(t, 2, 3), b: mustGeometry(t, 3, 2), want: false},
		{name: "other size", a: sudoku.Classic(), b: mustGeometry(t, 4, 4), want: false},
		{name: "cell names", a: diagonal, b: mustCustom(t, renamed), want: false},
		{name: "unit kind", a: diagonal, b: mustCustom(t, rekinded), want: false},
		{name: "unit order", a: diagonal, b: mustCustom(t, reordered), want: false},
		{name: "nil argument", a: diagonal, b: nil, want: false},
		{name: "nil receiver", a: nilGeometry, b: diagonal, want: false},
		{name: "both nil", a: nilGeometry, b: nil, want: true},
	}
	for _, tt := range tests {
		checkEqual(t, tt.name, tt.a, tt.b, tt.want)
	}
}

func TestSpecIsACopy(t *testing.T) {
	in := diagonalSpec()
	in.CellNames = make([]string, 81)
	for i := range in.CellNames {
		in.CellNames[i] = fmt.Sprint("cell-", i)
	}
	g := mustCustom(t, in)
	before := g.Spec()
	if diff := cmp.Diff(in, before); diff != "" {
		t.Fatalf("Spec differs from the input (-in +Spec):\n%s", diff)
	}

	// Changing what Spec returned leaves the geometry alone.
	spec := g.Spec()
	spec.Units[0].Cells[0] = 80
	spec.Units[27].Kind = sudoku.Region
	spec.Units = spec.Units[:3]
	spec.CellNames[0] = "changed"
	spec.Digits = 4
	if diff := cmp.Diff(before, g.Spec()); diff != "" {
		t.Errorf("changing a Spec changed the geometry (-before +after):\n%s", diff)
	}
	if g.Unit(0).Cells[0] != 0 || g.CellName(0) != "cell-0" || g.NumUnits() != 29 {
		t.Errorf("geometry changed: unit 0 %v, name %q, %d units", g.Unit(0).Cells, g.CellName(0), g.NumUnits())
	}

	// So does changing the spec NewCustomGeometry was given.
	in.Units[0].Cells[0] = 80
	in.CellNames[0] = "changed"
	if diff := cmp.Diff(before, g.Spec()); diff != "" {
		t.Errorf("changing the input spec changed the geometry (-before +after):\n%s", diff)
	}

	// A standard geometry's spec builds an equal geometry.
	std := mustGeometry(t, 2, 3).Spec()
	want := sudoku.Spec{Digits: 6, Cells: 36, Rows: 6, Cols: 6, BoxRows: 2, BoxCols: 3}
	if std.Digits != want.Digits || std.Cells != want.Cells || std.Rows != want.Rows || std.Cols != want.Cols ||
		std.BoxRows != want.BoxRows || std.BoxCols != want.BoxCols || len(std.Units) != 18 || std.CellNames != nil {
		t.Errorf("6x6 spec: %+v", std)
	}
}

func TestCustomGeometryWithoutLayout(t *testing.T) {
	names := []string{"sticker A", "sticker B", "sticker C", "sticker D"}
	g := mustCustom(t, sudoku.Spec{Digits: 2, Cells: 4, CellNames: names, Units: []sudoku.Unit{
		{Kind: sudoku.Edge, Cells: []int{0, 1}},
		{Kind: sudoku.Region, Cells: []int{2, 3}},
		{Kind: sudoku.Edge, Cells: []int{1, 2}},
		{Kind: sudoku.Region, Cells: []int{3}},
	}})
	unnamed := mustCustom(t, sudoku.Spec{Digits: 3, Cells: 3, Units: []sudoku.Unit{{Kind: sudoku.Region, Cells: []int{0, 1}}}})
	r, c := g.RowCol(1)
	tests := []struct {
		name string
		got  any
		want any
	}{
		{name: "cell name", got: g.CellName(2), want: "sticker C"},
		{name: "unnamed cell", got: unnamed.CellName(2), want: "cell 3"},
		{name: "first edge", got: g.UnitName(0), want: "edge 1"},
		{name: "second edge", got: g.UnitName(2), want: "edge 2"},
		{name: "second region", got: g.UnitName(3), want: "region 2"},
		{name: "houses", got: g.Houses(), want: []int{0, 1, 2}},
		{name: "unit 3 is no house", got: g.IsHouse(3), want: false},
		{name: "cell 3 houses", got: cellHouses(g, 3), want: []int{1}},
		{name: "cell 3 units", got: g.CellUnits(3), want: []int{1, 3}},
		{name: "peers of 1", got: g.Peers(1), want: []int{0, 2}},
		{name: "no rows", got: g.Cell(0, 0), want: -1},
		{name: "no RowCol", got: [2]int{r, c}, want: [2]int{-1, -1}},
		{name: "layout", got: [4]int{g.Rows(), g.Cols(), g.BoxRows(), g.BoxCols()}, want: [4]int{}},
		{name: "lone cell has no peers", got: len(unnamed.Peers(2)), want: 0},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// A unit's Name, when set, is what messages call it.
func TestUnitNames(t *testing.T) {
	spec := sudoku.Classic().Spec()
	spec.Units = append(spec.Units, sudoku.Unit{Kind: sudoku.Diagonal, Cells: []int{0, 10, 20, 30, 40, 50, 60, 70, 80}, Name: "the main diagonal"})
	spec.Units[0].Name = "top row"
	g, err := sudoku.NewCustomGeometry(spec)
	if err != nil {
		t.Fatal(err)
	}
	last := g.NumUnits() - 1
	for u, want := range map[int]string{0: "top row", 1: "row 2", last: "the main diagonal"} {
		if got := g.UnitName(u); got != want {
			t.Errorf("UnitName(%d) = %q, want %q", u, got, want)
		}
	}
	if back := g.Spec(); back.Units[0].Name != "top row" || back.Units[last].Name != "the main diagonal" {
		t.Error("Spec drops unit names")
	}
	unnamed := g.Spec()
	unnamed.Units[0].Name = ""
	if g2, err := sudoku.NewCustomGeometry(unnamed); err != nil || g.Equal(g2) {
		t.Errorf("geometries differing in a unit name are equal (%v)", err)
	}
	b := sudoku.NewBoard(g)
	for _, c := range []int{0, 80} {
		if err := b.SetGiven(c, 5); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Validate(); err == nil || !strings.Contains(err.Error(), "(the main diagonal)") {
		t.Errorf("Validate = %v, want the diagonal named", err)
	}
}

func TestAddDiagonals(t *testing.T) {
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {4, 5}} {
		base := mustGeometry(t, shape[0], shape[1])
		g, err := sudoku.AddDiagonals(base)
		if err != nil {
			t.Fatal(err)
		}
		n := base.Digits()
		if g.NumUnits() != base.NumUnits()+2 || len(g.Houses()) != base.NumUnits()+2 {
			t.Fatalf("%s: %d units, %d houses", base, g.NumUnits(), len(g.Houses()))
		}
		for k, onDiagonal := range []func(r, c int) bool{
			func(r, c int) bool { return r == c },
			func(r, c int) bool { return r+c == n-1 },
		} {
			u := g.Unit(base.NumUnits() + k)
			if u.Kind != sudoku.Diagonal || len(u.Cells) != n {
				t.Fatalf("%s: unit %+v", base, u)
			}
			for _, c := range u.Cells {
				if r, col := g.RowCol(c); !onDiagonal(r, col) {
					t.Errorf("%s: diagonal %d holds %s", base, k+1, g.CellName(c))
				}
			}
		}
	}
	flat := sudoku.Classic().Spec()
	flat.Rows, flat.Cols, flat.BoxRows, flat.BoxCols = 0, 0, 0, 0
	for _, g := range []*sudoku.Geometry{nil, mustCustom(t, flat)} {
		if _, err := sudoku.AddDiagonals(g); !errors.Is(err, sudoku.ErrGeometry) {
			t.Errorf("AddDiagonals(%v) = %v, want ErrGeometry", g, err)
		}
	}
}

// checkEqual checks that a.Equal(b) and b.Equal(a) both report want.
func checkEqual[T interface{ Equal(T) bool }](t *testing.T, name string, a, b T, want bool) {
	t.Helper()
	if got := a.Equal(b); got != want {
		t.Errorf("%s: Equal = %v, want %v", name, got, want)
	}
	if got := b.Equal(a); got != want {
		t.Errorf("%s (reversed): Equal = %v, want %v", name, got, want)
	}
}
