package sudoku_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/cubedoku/cubedoku/internal/cells"
	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/sudoku"
)

// The reproducer of issue 19: writing into what one geometry's Units
// returned must not change any geometry, this one or another of the same
// shape that shares its tables.
func TestGeometryDataCannotBeCorrupted(t *testing.T) {
	g := mustGeometry(t, 2, 2)
	g.Units()[0].Cells[1] = 0
	if got := g.Unit(0).Cells; !slices.Equal(got, []int{0, 1, 2, 3}) {
		t.Errorf("after a write into Units(): Unit(0).Cells = %v, want [0 1 2 3]", got)
	}
	other, err := sudoku.GeometryForSize(4)
	if err != nil {
		t.Fatal(err)
	}
	if got := other.Unit(0).Cells; !slices.Equal(got, []int{0, 1, 2, 3}) {
		t.Errorf("after a write into Units(): GeometryForSize(4).Unit(0).Cells = %v, want [0 1 2 3]", got)
	}

	// Every accessor that returns a slice returns the caller's own.
	spoil := func(s []int) {
		for i := range s {
			s[i] = -7
		}
	}
	for _, g := range []*sudoku.Geometry{g, sudoku.Classic(), mustCustom(t, diagonalSpec())} {
		want := g.Spec()
		before := struct {
			houses        []int
			units         []sudoku.Unit
			peers, cu, ch [][]int
		}{houses: g.Houses(), units: g.Units()}
		for c := range g.NumCells() {
			before.peers = append(before.peers, g.Peers(c))
			before.cu = append(before.cu, g.CellUnits(c))
			before.ch = append(before.ch, cellHouses(g, c))
			spoil(g.Peers(c))
			spoil(g.CellUnits(c))
		}
		for i := range g.NumUnits() {
			spoil(g.Unit(i).Cells)
		}
		for _, u := range g.Units() {
			spoil(u.Cells)
		}
		spoil(g.Houses())
		spec := g.Spec()
		for _, u := range spec.Units {
			spoil(u.Cells)
		}

		if !slices.Equal(g.Houses(), before.houses) {
			t.Errorf("%v: Houses changed to %v", g, g.Houses())
		}
		for i, u := range g.Units() {
			if !slices.Equal(u.Cells, before.units[i].Cells) || !slices.Equal(u.Cells, want.Units[i].Cells) {
				t.Fatalf("%v: unit %d changed to %v", g, i, u.Cells)
			}
			for j, c := range u.Cells {
				if g.UnitCell(i, j) != c {
					t.Fatalf("%v: UnitCell(%d, %d) = %d, want %d", g, i, j, g.UnitCell(i, j), c)
				}
			}
			if g.UnitSize(i) != len(u.Cells) || g.UnitKind(i) != u.Kind {
				t.Fatalf("%v: unit %d: size %d kind %v, want %d %v", g, i, g.UnitSize(i), g.UnitKind(i), len(u.Cells), u.Kind)
			}
		}
		for c := range g.NumCells() {
			if !slices.Equal(g.Peers(c), before.peers[c]) || !slices.Equal(g.CellUnits(c), before.cu[c]) ||
				!slices.Equal(cellHouses(g, c), before.ch[c]) {
				t.Fatalf("%v: tables of cell %d changed", g, c)
			}
			if g.NumPeers(c) != len(before.peers[c]) {
				t.Fatalf("%v: NumPeers(%d) = %d, want %d", g, c, g.NumPeers(c), len(before.peers[c]))
			}
			for i, p := range before.peers[c] {
				if g.Peer(c, i) != p || !g.IsPeer(c, p) || !g.IsPeer(p, c) {
					t.Fatalf("%v: Peer(%d, %d) = %d, want %d (a peer both ways)", g, c, i, g.Peer(c, i), p)
				}
			}
			if g.IsPeer(c, c) {
				t.Fatalf("%v: cell %d is its own peer", g, c)
			}
		}
	}
}

// The Unit values that Units and Unit return are equal to each other and
// to the specification, and encode to camelCase JSON.
func TestUnitJSON(t *testing.T) {
	g := mustGeometry(t, 2, 2)
	data, err := json.Marshal(g.Unit(8))
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"kind":"box","cells":[0,1,4,5]}`; string(data) != want {
		t.Errorf("JSON of box 1 = %s, want %s", data, want)
	}
	var u sudoku.Unit
	if err := json.Unmarshal(data, &u); err != nil || u.Kind != sudoku.Box || !slices.Equal(u.Cells, []int{0, 1, 4, 5}) {
		t.Errorf("decoded %+v, %v", u, err)
	}
	spec := g.Spec()
	data, err = json.Marshal(spec)
	if err != nil {
		t.Fatal(err)
	}
	var back sudoku.Spec
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	g2, err := sudoku.NewCustomGeometry(back)
	if err != nil {
		t.Fatal(err)
	}
	if !g2.Equal(g) {
		t.Errorf("a Spec through JSON (%s) makes %v, want %v", data, g2, g)
	}
}

// Every read-only method of Geometry and Board, run from several
// goroutines at once on shared values: under -race, any write a read
// makes (to a cache, to a zero Board's fields) is reported.
func TestConcurrentReads(t *testing.T) {
	geometries := []*sudoku.Geometry{
		sudoku.Classic(), mustGeometry(t, 2, 3), mustCustom(t, diagonalSpec()), new(sudoku.Geometry), nil,
	}
	var zero sudoku.Board
	var nilBoard *sudoku.Board
	boards := []*sudoku.Board{
		mustParse(t, classic), withEntries(t, sudoku.Classic()), &zero, nilBoard,
		puzzle(t, mustGeometry(t, 2, 3)), sudoku.NewBoard(new(sudoku.Geometry)),
	}
	readGeometry := func(g *sudoku.Geometry) string {
		out := fmt.Sprint(g.Digits(), g.NumCells(), g.NumUnits(), len(g.Houses()), g.Rows(), g.Cols(),
			g.BoxRows(), g.BoxCols(), g.IsStandard(), g.String(), g.Houses(), g.Units(), g.Spec(), g.Equal(g))
		for c := -1; c <= g.NumCells(); c++ {
			r, col := g.RowCol(c)
			out += fmt.Sprint(g.Peers(c), g.NumPeers(c), g.Peer(c, 0), g.Peer(c, 1<<40), g.IsPeer(c, 0),
				g.CellUnits(c), cellHouses(g, c), g.CellName(c), r, col, g.Cell(r, col))
		}
		for i := -1; i <= g.NumUnits(); i++ {
			out += fmt.Sprint(g.Unit(i), g.UnitKind(i), g.UnitSize(i), g.UnitCell(i, 0), g.IsHouse(i), g.UnitName(i))
		}
		return out
	}
	readBoard := func(b *sudoku.Board) string {
		text, terr := b.MarshalText()
		js, jerr := b.MarshalJSON()
		out := fmt.Sprint(b.Geometry(), b.Notation(), b.Digits(), b.Givens().Line(), b.Empty(), b.Filled(),
			b.Solved(), b.Clone().Line(), b.Equal(b), b.Equal(nil), b.Validate(), b.Line(), b.String(), b.Pretty(),
			string(text), terr, string(js), jerr, b.Get(b.Geometry().Cell(0, 0)), b.Get(b.Geometry().Cell(-1, 1<<40)))
		for c := -1; c <= b.Geometry().NumCells(); c++ {
			out += fmt.Sprint(b.Get(c), b.Given(c))
		}
		return out
	}
	want := make([]string, 0, len(geometries)+len(boards))
	for _, g := range geometries {
		want = append(want, readGeometry(g))
	}
	for _, b := range boards {
		want = append(want, readBoard(b))
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8*len(want))
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, g := range geometries {
				if got := readGeometry(g); got != want[i] {
					errs <- fmt.Errorf("geometry %d read differently from another goroutine", i)
				}
			}
			for i, b := range boards {
				if got := readBoard(b); got != want[len(geometries)+i] {
					errs <- fmt.Errorf("board %d read differently from another goroutine", i)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if zero.Geometry() != sudoku.Classic() || zero.Empty() != 81 {
		t.Error("the zero Board does not read as an empty 9x9 board")
	}
}

// NewGeometry builds exactly the shapes its documentation lists, each a
// consistent board of N digits, and refuses every other with an error
// (never a panic), over a range of shapes that takes in the edges. With
// -short it builds the shapes up to 20 digits and a few larger ones.
func TestNewGeometryEveryShape(t *testing.T) {
	edges := []int{-1 << 62, -1, 0, 1, 65, 66, 1 << 31, 1<<62 + 1, int(^uint(0) >> 1)}
	sides := append(slices.Clone(edges), 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 21, 31, 32, 33, 63, 64)
	for r := 2; r <= 64; r++ {
		if !slices.Contains(sides, r) {
			sides = append(sides, r)
		}
	}
	built := 0
	for _, br := range sides {
		for _, bc := range sides {
			g, err := sudoku.NewGeometry(br, bc)
			accept := br >= 2 && bc >= 2 && br <= 64 && bc <= 64 && br*bc <= sudoku.MaxDigits
			big := [][2]int{{2, 32}, {32, 2}, {8, 8}, {7, 9}, {6, 10}}
			if accept && testing.Short() && br*bc > 20 && !slices.Contains(big, [2]int{br, bc}) {
				built++ // the long run builds it
				continue
			}
			if !accept {
				if err == nil || !errors.Is(err, sudoku.ErrSize) || !errors.Is(err, sudoku.ErrInvalidArgument) {
					t.Errorf("NewGeometry(%d, %d) = %v, %v; want an error wrapping ErrSize and ErrInvalidArgument", br, bc, g, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("NewGeometry(%d, %d): %v", br, bc, err)
				continue
			}
			built++
			checkStandard(t, g, br, bc)
		}
	}
	// 2 <= r, 2 <= c, r*c <= 64: the documented shapes.
	want := 0
	for r := 2; r <= 32; r++ {
		want += max(0, 64/r-1)
	}
	if built != want {
		t.Errorf("built %d shapes, want %d", built, want)
	}
}

// checkStandard checks the tables of a geometry of boxes br x bc.
func checkStandard(t *testing.T, g *sudoku.Geometry, br, bc int) {
	t.Helper()
	n := br * bc
	if g.Digits() != n || g.NumCells() != n*n || g.NumUnits() != 3*n || len(g.Houses()) != 3*n ||
		g.BoxRows() != br || g.BoxCols() != bc || !g.IsStandard() {
		t.Fatalf("NewGeometry(%d, %d) = %v: %d digits, %d cells, %d units", br, bc, g, g.Digits(), g.NumCells(), g.NumUnits())
	}
	wantPeers := 2*(n-1) + (n - br - bc + 1)
	for c := range g.NumCells() {
		if len(cellHouses(g, c)) != 3 || g.NumPeers(c) != wantPeers {
			t.Fatalf("%v: cell %d in %d houses with %d peers, want 3 and %d", g, c, len(cellHouses(g, c)), g.NumPeers(c), wantPeers)
		}
	}
	b := sudoku.NewBoard(g)
	for r := range n {
		for c := range n {
			d := (r%br*bc+r/br+c)%n + 1
			if err := b.Set(b.Geometry().Cell(r, c), d); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !b.Solved() {
		t.Fatalf("%v: the pattern solution does not validate: %v", g, b.Validate())
	}
}

// FuzzNewGeometry checks that no box shape panics NewGeometry, and that
// what it builds is a consistent board.
func FuzzNewGeometry(f *testing.F) {
	for _, s := range [][2]int{{3, 3}, {2, 32}, {8, 8}, {0, 0}, {-1, 5}, {1 << 40, 2}, {65, 1}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, br, bc int) {
		g, err := sudoku.NewGeometry(br, bc)
		if err != nil {
			if !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Fatalf("NewGeometry(%d, %d): %v does not wrap ErrInvalidArgument", br, bc, err)
			}
			return
		}
		checkStandard(t, g, br, bc)
	})
}

// The tables the library's solvers read through internal/geomtab are the
// geometry's own, equal to what the public accessors copy out.
func TestGeomtabMatchesAccessors(t *testing.T) {
	for _, g := range []*sudoku.Geometry{sudoku.Classic(), mustGeometry(t, 2, 3), mustCustom(t, diagonalSpec()), mustGeometry(t, 8, 8)} {
		tab := geomtab.Of(g)
		if tab != geomtab.Of(g) {
			t.Errorf("%v: two lookups give different tables", g)
		}
		if !slices.Equal(tab.Houses, g.Houses()) || len(tab.UnitCells) != g.NumUnits() ||
			len(tab.Peers) != g.NumCells() || len(tab.CellUnits) != g.NumCells() || len(tab.CellHouses) != g.NumCells() {
			t.Fatalf("%v: tables of the wrong size", g)
		}
		for i := range g.NumUnits() {
			if !slices.Equal(tab.UnitCells[i], g.Unit(i).Cells) {
				t.Fatalf("%v: unit %d", g, i)
			}
		}
		for c := range g.NumCells() {
			peers := make([]uint16, 0, g.NumPeers(c))
			for _, p := range g.Peers(c) {
				peers = append(peers, uint16(p))
			}
			if !slices.Equal(tab.Peers[c], peers) || !slices.Equal(tab.CellUnits[c], g.CellUnits(c)) ||
				!slices.Equal(tab.CellHouses[c], cellHouses(g, c)) {
				t.Fatalf("%v: cell %d", g, c)
			}
		}
	}
	// Of takes a *sudoku.Geometry only (anything else does not compile);
	// nil and the zero Geometry have empty tables.
	for _, g := range []*sudoku.Geometry{nil, new(sudoku.Geometry)} {
		if tab := geomtab.Of(g); tab == nil || tab.Peers != nil || tab.Houses != nil {
			t.Errorf("geomtab.Of(%v) = %+v, want empty tables", g, tab)
		}
	}
}

// internal/cells reaches a board's own digits: what Set writes is seen
// through Of, what is written through Own is seen by Get, and a zero Board
// reads as an empty 9x9 one until Own makes it so.
func TestCellsAreTheBoardsOwn(t *testing.T) {
	b := sudoku.NewBoard(mustGeometry(t, 2, 2))
	if err := b.Set(5, 3); err != nil {
		t.Fatal(err)
	}
	if got := cells.Of(b); len(got) != 16 || got[5] != 3 {
		t.Errorf("cells.Of after Set(5, 3) = %v", got)
	}
	cells.Own(b)[6] = 4
	if b.Get(6) != 4 {
		t.Errorf("Get(6) after a write through cells.Own = %d, want 4", b.Get(6))
	}
	var zero sudoku.Board
	if got := cells.Of(&zero); len(got) != 81 || slices.ContainsFunc(got, func(d uint8) bool { return d != 0 }) {
		t.Errorf("cells.Of of a zero Board = %v, want 81 zeros", got)
	}
	cells.Own(&zero)[0] = 9
	if zero.Get(0) != 9 || zero.Geometry().NumCells() != 81 {
		t.Errorf("a zero Board written through cells.Own holds %d in cell 0", zero.Get(0))
	}
	if got := cells.Own[sudoku.Board](nil); got != nil {
		t.Errorf("cells.Own(nil) = %v, want nil", got)
	}
}

// cellHouses returns the houses that hold cell c: its units that
// IsHouse accepts (nil when c is out of range).
func cellHouses(g *sudoku.Geometry, c int) []int {
	var houses []int
	for _, u := range g.CellUnits(c) {
		if g.IsHouse(u) {
			houses = append(houses, u)
		}
	}
	return houses
}
