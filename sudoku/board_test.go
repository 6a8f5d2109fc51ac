package sudoku_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/sudoku"
)

// pattern returns the digit of row r, column c of a full valid board on a
// standard geometry: (bc*(r%br) + r/br + c) % N + 1.
func pattern(g *sudoku.Geometry, r, c int) int {
	br, bc := g.BoxRows(), g.BoxCols()
	return (bc*(r%br)+r/br+c)%g.Digits() + 1
}

// solved returns the full board of pattern on g, every digit a given.
func solved(t testing.TB, g *sudoku.Geometry) *sudoku.Board {
	t.Helper()
	b := sudoku.NewBoard(g)
	for c := range g.NumCells() {
		r, col := g.RowCol(c)
		if err := b.SetGiven(c, pattern(g, r, col)); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

// puzzle returns solved(g) with about two cells in five emptied.
func puzzle(t testing.TB, g *sudoku.Geometry) *sudoku.Board {
	t.Helper()
	b := solved(t, g)
	for c := range g.NumCells() {
		if (c*7)%5 < 2 {
			if err := b.SetGiven(c, 0); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b
}

// givens lists which cells of b are givens.
func givens(b *sudoku.Board) []bool {
	out := make([]bool, b.Geometry().NumCells())
	for c := range out {
		out[c] = b.Given(c)
	}
	return out
}

// snapshot is everything observable about a board's cells.
type snapshot struct {
	Geometry string
	Digits   []int
	Givens   []bool
	Notation sudoku.Notation
}

func snap(b *sudoku.Board) snapshot {
	return snapshot{b.Geometry().String(), b.Digits(), givens(b), b.Notation()}
}

func TestPatternIsSolved(t *testing.T) {
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 3}, {4, 4}, {5, 5}, {8, 8}} {
		g := mustGeometry(t, shape[0], shape[1])
		b := solved(t, g)
		if !b.Solved() || b.Validate() != nil {
			t.Errorf("%s: pattern board is not solved: %v", g, b.Validate())
		}
		if p := puzzle(t, g); p.Filled() || p.Validate() != nil || p.Empty() == 0 {
			t.Errorf("%s: puzzle has %d empty cells, validation %v", g, p.Empty(), p.Validate())
		}
	}
}

func TestBoardSetGet(t *testing.T) {
	b := sudoku.NewBoard(nil)
	if b.Geometry() != sudoku.Classic() || b.Empty() != 81 || b.Filled() {
		t.Fatal("NewBoard(nil) should be an empty classic board")
	}
	steps := []struct {
		name string
		op   func() error
	}{
		{name: "given 5 in r1c1", op: func() error { return b.SetGiven(0, 5) }},
		{name: "entry 9 in r9c9 by row and column", op: func() error { return b.Set(b.Geometry().Cell(8, 8), 9) }},
		{name: "entry 3 in r2c1", op: func() error { return b.Set(9, 3) }},
		{name: "entry 4 over entry 3", op: func() error { return b.Set(9, 4) }},
		{name: "given 7 in r5c5", op: func() error { return b.SetGiven(40, 7) }},
		{name: "given over given", op: func() error { return b.SetGiven(40, 8) }},
		{name: "given over entry", op: func() error { return b.SetGiven(80, 2) }},
		{name: "clear an entry", op: func() error { return b.Set(9, 0) }},
	}
	for _, s := range steps {
		if err := s.op(); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
	}
	type cell struct {
		Digit int
		Given bool
	}
	got := map[string]cell{}
	for _, c := range []int{0, 9, 40, 80, 1} {
		got[b.Geometry().CellName(c)] = cell{b.Get(c), b.Given(c)}
	}
	want := map[string]cell{
		"r1c1": {5, true}, "r2c1": {0, false}, "r5c5": {8, true}, "r9c9": {2, true}, "r1c2": {0, false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("cells (-want +got):\n%s", diff)
	}
	if b.Get(b.Geometry().Cell(4, 4)) != 8 || b.Get(b.Geometry().Cell(0, 0)) != 5 || b.Empty() != 78 {
		t.Errorf("At(4, 4) = %d, At(0, 0) = %d, Empty = %d", b.Get(b.Geometry().Cell(4, 4)), b.Get(b.Geometry().Cell(0, 0)), b.Empty())
	}
	if b.Get(-1) != 0 || b.Get(81) != 0 || b.Get(b.Geometry().Cell(-1, 3)) != 0 || b.Get(b.Geometry().Cell(9, 0)) != 0 || b.Given(-1) || b.Given(99) {
		t.Error("out-of-range reads should give 0 and false")
	}

	// SetGiven(c, 0) empties the cell and makes it an ordinary cell again.
	if err := b.SetGiven(0, 0); err != nil || b.Given(0) || b.Get(0) != 0 {
		t.Fatalf("SetGiven(0, 0): %v, given %v, digit %d", err, b.Given(0), b.Get(0))
	}
	if err := b.Set(0, 6); err != nil || b.Get(0) != 6 {
		t.Fatalf("Set after SetGiven(0, 0): %v", err)
	}
}

func TestBoardSetErrors(t *testing.T) {
	g16 := mustGeometry(t, 4, 4)
	tests := []struct {
		name  string
		board func() *sudoku.Board
		op    func(*sudoku.Board) error
		want  error
	}{
		{name: "digit 10 in a 9x9", op: func(b *sudoku.Board) error { return b.Set(1, 10) }, want: sudoku.ErrDigitRange},
		{name: "negative digit", op: func(b *sudoku.Board) error { return b.Set(1, -1) }, want: sudoku.ErrDigitRange},
		{name: "given digit too big", op: func(b *sudoku.Board) error { return b.SetGiven(1, 10) }, want: sudoku.ErrDigitRange},
		{name: "Set by row and column, digit too big", op: func(b *sudoku.Board) error { return b.Set(b.Geometry().Cell(0, 1), 10) }, want: sudoku.ErrDigitRange},
		{name: "digit 17 in a 16x16", board: func() *sudoku.Board { return sudoku.NewBoard(g16) },
			op: func(b *sudoku.Board) error { return b.Set(255, 17) }, want: sudoku.ErrDigitRange},
		{name: "cell 81", op: func(b *sudoku.Board) error { return b.Set(81, 1) }, want: sudoku.ErrCellRange},
		{name: "negative cell", op: func(b *sudoku.Board) error { return b.Set(-1, 1) }, want: sudoku.ErrCellRange},
		{name: "SetGiven negative cell", op: func(b *sudoku.Board) error { return b.SetGiven(-1, 1) }, want: sudoku.ErrCellRange},
		{name: "SetGiven cell 81", op: func(b *sudoku.Board) error { return b.SetGiven(81, 0) }, want: sudoku.ErrCellRange},
		{name: "Set at row 9", op: func(b *sudoku.Board) error { return b.Set(b.Geometry().Cell(9, 0), 1) }, want: sudoku.ErrCellRange},
		{name: "Set at column -1", op: func(b *sudoku.Board) error { return b.Set(b.Geometry().Cell(0, -1), 1) }, want: sudoku.ErrCellRange},
		{name: "Set over a given", op: func(b *sudoku.Board) error { return b.Set(0, 4) }, want: sudoku.ErrGivenCell},
		{name: "clear a given with Set", op: func(b *sudoku.Board) error { return b.Set(0, 0) }, want: sudoku.ErrGivenCell},
		{name: "Set by row and column over a given", op: func(b *sudoku.Board) error { return b.Set(b.Geometry().Cell(0, 0), 5) }, want: sudoku.ErrGivenCell},
		{name: "zero Board digit too big", board: func() *sudoku.Board { return new(sudoku.Board) },
			op: func(b *sudoku.Board) error { return b.Set(0, 10) }, want: sudoku.ErrDigitRange},
		{name: "zero Board cell too big", board: func() *sudoku.Board { return new(sudoku.Board) },
			op: func(b *sudoku.Board) error { return b.SetGiven(81, 1) }, want: sudoku.ErrCellRange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			board := tt.board
			if board == nil {
				board = func() *sudoku.Board {
					b := sudoku.NewBoard(nil)
					if err := b.SetGiven(0, 5); err != nil {
						t.Fatal(err)
					}
					if err := b.Set(1, 3); err != nil {
						t.Fatal(err)
					}
					return b
				}
			}
			// Reading a zero Board would give it a geometry: snapshot a twin.
			before := snap(board())
			b := board()
			err := tt.op(b)
			if !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
			if diff := cmp.Diff(before, snap(b)); diff != "" {
				t.Errorf("a failed call changed the board (-before +after):\n%s", diff)
			}
		})
	}
}

func TestZeroBoard(t *testing.T) {
	var z sudoku.Board
	if z.Get(3) != 0 || z.Given(3) || z.Get(z.Geometry().Cell(8, 8)) != 0 {
		t.Error("reads of the zero Board")
	}
	if z.Empty() != 81 || z.Filled() || z.Solved() || z.Validate() != nil {
		t.Errorf("zero Board: Empty %d, Filled %v, Validate %v", z.Empty(), z.Filled(), z.Validate())
	}
	if z.Geometry() != sudoku.Classic() {
		t.Errorf("zero Board geometry %v", z.Geometry())
	}
	empty := sudoku.NewBoard(nil)
	if z.Line() != strings.Repeat(".", 81) || z.Pretty() != empty.Pretty() || !z.Equal(empty) || !empty.Equal(&z) {
		t.Errorf("zero Board prints %q", z.Line())
	}
	if diff := cmp.Diff(make([]int, 81), z.Digits()); diff != "" {
		t.Errorf("zero Board digits (-want +got):\n%s", diff)
	}

	var fresh sudoku.Board
	if c := fresh.Clone(); !c.Equal(empty) || c.Geometry() != sudoku.Classic() {
		t.Error("Clone of the zero Board")
	}
	var g sudoku.Board
	if p := g.Givens(); !p.Equal(empty) {
		t.Error("Givens of the zero Board")
	}
	var s sudoku.Board
	if err := s.Set(80, 9); err != nil || s.Get(80) != 9 || s.Given(80) {
		t.Errorf("Set on the zero Board: %v", err)
	}
	var sg sudoku.Board
	if err := sg.SetGiven(0, 1); err != nil || sg.Get(0) != 1 || !sg.Given(0) {
		t.Errorf("SetGiven on the zero Board: %v", err)
	}
	var sa sudoku.Board
	if err := sa.Set(sa.Geometry().Cell(4, 4), 5); err != nil || sa.Get(40) != 5 {
		t.Errorf("Set by row and column on the zero Board: %v", err)
	}
	var ce sudoku.Board
	ce.ClearEntries()
	if ce.Empty() != 81 {
		t.Error("ClearEntries on the zero Board")
	}
	var sn sudoku.Board
	if err := sn.SetNotation(sudoku.Notation{Empty: '0'}); err != nil || sn.Line() != strings.Repeat("0", 81) {
		t.Errorf("SetNotation on the zero Board: %v, %q", err, sn.Line())
	}
}

func TestCloneIndependence(t *testing.T) {
	b := puzzle(t, sudoku.Classic())
	if err := b.Set(1, 0); err == nil {
		t.Fatal("cell 1 of the puzzle should be a given")
	}
	before := snap(b)
	c := b.Clone()
	if diff := cmp.Diff(before, snap(c)); diff != "" {
		t.Fatalf("Clone differs (-board +clone):\n%s", diff)
	}
	// Change the clone every way there is.
	if err := c.SetGiven(1, 0); err != nil {
		t.Fatal(err)
	}
	if err := c.Set(0, 9); err != nil {
		t.Fatal(err)
	}
	if err := c.SetNotation(sudoku.Notation{Empty: '_'}); err != nil {
		t.Fatal(err)
	}
	c.ClearEntries()
	if diff := cmp.Diff(before, snap(b)); diff != "" {
		t.Errorf("changing the clone changed the board (-before +after):\n%s", diff)
	}
	// And the board: the clone keeps its own cells.
	cloneBefore := snap(c)
	if err := b.SetGiven(0, 0); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(cloneBefore, snap(c)); diff != "" {
		t.Errorf("changing the board changed the clone (-before +after):\n%s", diff)
	}
	// Digits returns a copy.
	d := b.Digits()
	orig := b.Get(5)
	d[5] = orig%9 + 1
	if b.Get(5) != orig {
		t.Error("Digits returned the board's own slice")
	}
}

func TestEqual(t *testing.T) {
	puz := puzzle(t, sudoku.Classic())
	asEntries := sudoku.NewBoard(nil)
	for c, d := range puz.Digits() {
		if err := asEntries.Set(c, d); err != nil {
			t.Fatal(err)
		}
	}
	oneMore := puz.Clone()
	empty := slices.Index(oneMore.Digits(), 0)
	if err := oneMore.Set(empty, pattern(sudoku.Classic(), empty/9, empty%9)); err != nil {
		t.Fatal(err)
	}
	onCustom := sudoku.NewBoard(mustCustom(t, sudoku.Classic().Spec()))
	for c, d := range puz.Digits() {
		if err := onCustom.SetGiven(c, d); err != nil {
			t.Fatal(err)
		}
	}
	var nilBoard *sudoku.Board
	tests := []struct {
		name string
		a, b *sudoku.Board
		want bool
	}{
		{name: "itself", a: puz, b: puz, want: true},
		{name: "a clone", a: puz, b: puz.Clone(), want: true},
		{name: "same digits as entries", a: puz, b: asEntries, want: true},
		{name: "one more entry", a: puz, b: oneMore, want: false},
		{name: "an equal geometry built again", a: puz, b: onCustom, want: true},
		{name: "diagonal geometry", a: sudoku.NewBoard(nil), b: sudoku.NewBoard(mustCustom(t, diagonalSpec())), want: false},
		{name: "other size", a: sudoku.NewBoard(nil), b: sudoku.NewBoard(mustGeometry(t, 2, 2)), want: false},
		{name: "2x3 and 3x2 boxes", a: sudoku.NewBoard(mustGeometry(t, 2, 3)), b: sudoku.NewBoard(mustGeometry(t, 3, 2)), want: false},
		{name: "nil argument", a: puz, b: nil, want: false},
		{name: "nil receiver", a: nilBoard, b: puz, want: false},
		{name: "both nil", a: nilBoard, b: nil, want: true},
	}
	for _, tt := range tests {
		checkEqual(t, tt.name, tt.a, tt.b, tt.want)
	}
}

func TestGivensAndClearEntries(t *testing.T) {
	puz := puzzle(t, sudoku.Classic())
	full := puz.Clone()
	for c := range 81 {
		if full.Get(c) == 0 {
			if err := full.Set(c, pattern(sudoku.Classic(), c/9, c%9)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !full.Solved() || puz.Solved() {
		t.Fatalf("filled puzzle solved %v, puzzle solved %v", full.Solved(), puz.Solved())
	}
	before := snap(full)

	p := full.Givens()
	if diff := cmp.Diff(snap(puz), snap(p)); diff != "" {
		t.Errorf("Givens (-puzzle +Givens):\n%s", diff)
	}
	if diff := cmp.Diff(before, snap(full)); diff != "" {
		t.Errorf("Givens changed the board (-before +after):\n%s", diff)
	}

	full.ClearEntries()
	if diff := cmp.Diff(snap(puz), snap(full)); diff != "" {
		t.Errorf("ClearEntries (-puzzle +cleared):\n%s", diff)
	}
}

func TestEmptyFilledSolved(t *testing.T) {
	sol := solved(t, sudoku.Classic())
	swapped := sol.Clone()
	// Swap two digits of row 1: the rows still hold each digit once, the
	// columns do not.
	d0, d1 := swapped.Get(0), swapped.Get(1)
	if err := swapped.SetGiven(0, d1); err != nil {
		t.Fatal(err)
	}
	if err := swapped.SetGiven(1, d0); err != nil {
		t.Fatal(err)
	}
	oneEmpty := sol.Clone()
	if err := oneEmpty.SetGiven(40, 0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name           string
		board          *sudoku.Board
		empty          int
		filled, solved bool
	}{
		{name: "empty", board: sudoku.NewBoard(nil), empty: 81},
		// puzzle empties the cells c with c%5 of 0 or 3: 17 + 16 of them.
		{name: "puzzle", board: puzzle(t, sudoku.Classic()), empty: 33},
		{name: "one cell empty", board: oneEmpty, empty: 1},
		{name: "solution", board: sol, filled: true, solved: true},
		{name: "full with conflicts", board: swapped, filled: true},
		{name: "4x4 solution", board: solved(t, mustGeometry(t, 2, 2)), filled: true, solved: true},
		{name: "4x4 empty", board: sudoku.NewBoard(mustGeometry(t, 2, 2)), empty: 16},
	}
	for _, tt := range tests {
		b := tt.board
		if b.Empty() != tt.empty || b.Filled() != tt.filled || b.Solved() != tt.solved {
			t.Errorf("%s: Empty %d, Filled %v, Solved %v; want %d, %v, %v",
				tt.name, b.Empty(), b.Filled(), b.Solved(), tt.empty, tt.filled, tt.solved)
		}
	}
}

func TestValidate(t *testing.T) {
	diagonal := mustCustom(t, diagonalSpec())
	type pair struct{ A, B, Digit int }
	tests := []struct {
		name     string
		geometry *sudoku.Geometry
		givens   map[int]int
		entries  map[int]int
		want     []pair
		units    []string // names of the units each conflict may give, in order
		message  []string // text the error must contain
	}{
		{name: "empty"},
		{name: "no conflict", givens: map[int]int{0: 1, 1: 2, 9: 3, 80: 1, 40: 1}},
		{name: "two in a row", givens: map[int]int{0: 5, 4: 5},
			want: []pair{{0, 4, 5}}, units: []string{"row 1"},
			message: []string{"sudoku: conflict: r1c1 and r1c5 both hold 5 (row 1)"}},
		{name: "three in a row", givens: map[int]int{0: 5, 4: 5, 8: 5},
			want: []pair{{0, 4, 5}, {0, 8, 5}, {4, 8, 5}}, units: []string{"row 1", "row 1", "row 1"},
			message: []string{"3 conflicts", "r1c1 and r1c5", "r1c1 and r1c9", "r1c5 and r1c9"}},
		{name: "row and box pair reported once", givens: map[int]int{0: 7, 1: 7},
			want: []pair{{0, 1, 7}}, units: []string{"row 1|box 1"}, message: []string{"r1c1 and r1c2 both hold 7"}},
		{name: "column and box pair reported once", givens: map[int]int{0: 7, 9: 7},
			want: []pair{{0, 9, 7}}, units: []string{"column 1|box 1"}, message: []string{"r1c1 and r2c1"}},
		{name: "box only", givens: map[int]int{0: 3, 20: 3},
			want: []pair{{0, 20, 3}}, units: []string{"box 1"}, message: []string{"r1c1 and r3c3 both hold 3 (box 1)"}},
		{name: "column", givens: map[int]int{0: 1, 72: 1},
			want: []pair{{0, 72, 1}}, units: []string{"column 1"}, message: []string{"r1c1 and r9c1 both hold 1 (column 1)"}},
		{name: "entry against a given", givens: map[int]int{0: 4}, entries: map[int]int{80: 4, 8: 4},
			want: []pair{{0, 8, 4}, {8, 80, 4}}, units: []string{"row 1", "column 9"}, message: []string{"2 conflicts"}},
		{name: "two digits", givens: map[int]int{0: 2, 1: 2, 79: 6, 80: 6},
			want: []pair{{0, 1, 2}, {79, 80, 6}}, units: []string{"row 1|box 1", "row 9|box 9"}},
		{name: "diagonal", geometry: diagonal, givens: map[int]int{0: 7, 80: 7},
			want: []pair{{0, 80, 7}}, units: []string{"diagonal 1"}, message: []string{"r1c1 and r9c9 both hold 7 (diagonal 1)"}},
		{name: "anti-diagonal", geometry: diagonal, givens: map[int]int{8: 2, 72: 2, 40: 3},
			want: []pair{{8, 72, 2}}, units: []string{"diagonal 2"}},
		{name: "no shared unit", geometry: diagonal, givens: map[int]int{0: 7, 31: 7, 44: 7}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := sudoku.NewBoard(tt.geometry)
			for c, d := range tt.givens {
				if err := b.SetGiven(c, d); err != nil {
					t.Fatal(err)
				}
			}
			for c, d := range tt.entries {
				if err := b.Set(c, d); err != nil {
					t.Fatal(err)
				}
			}
			err := b.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			var ce *sudoku.ConflictError
			if !errors.As(err, &ce) || !errors.Is(err, sudoku.ErrConflict) {
				t.Fatalf("Validate = %v, want a *ConflictError matching ErrConflict", err)
			}
			var got []pair
			for i, c := range ce.Conflicts {
				got = append(got, pair{c.A, c.B, c.Digit})
				unit := b.Geometry().Unit(c.Unit)
				if !slices.Contains(unit.Cells, c.A) || !slices.Contains(unit.Cells, c.B) {
					t.Errorf("conflict %+v names %s, which does not hold both cells", c, b.Geometry().UnitName(c.Unit))
				}
				if i < len(tt.units) && !slices.Contains(strings.Split(tt.units[i], "|"), b.Geometry().UnitName(c.Unit)) {
					t.Errorf("conflict %+v in %s, want %s", c, b.Geometry().UnitName(c.Unit), tt.units[i])
				}
			}
			slices.SortFunc(got, func(x, y pair) int { return (x.A-y.A)*1000 + x.B - y.B })
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("conflicts (-want +got):\n%s", diff)
			}
			for _, m := range tt.message {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("message %q does not contain %q", err, m)
				}
			}
			if b.Solved() {
				t.Error("a board with conflicts is not solved")
			}
		})
	}
}

func TestConflictErrorText(t *testing.T) {
	// Nine 1s in column 1: 36 pairs, each reported once even when the two
	// cells share a box too.
	b := sudoku.NewBoard(nil)
	for r := range 9 {
		if err := b.SetGiven(r*9, 1); err != nil {
			t.Fatal(err)
		}
	}
	err := b.Validate()
	var ce *sudoku.ConflictError
	if !errors.As(err, &ce) || len(ce.Conflicts) != 36 {
		t.Fatalf("nine 1s in a column: %v", err)
	}
	msg := err.Error()
	for _, want := range []string{"sudoku: 36 conflicts: ", "r1c1 and r2c1 both hold 1", "; and 28 more"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not contain %q", msg, want)
		}
	}
	if n := strings.Count(msg, "both hold"); n != 8 {
		t.Errorf("message lists %d conflicts, want 8", n)
	}

	byHand := &sudoku.ConflictError{Conflicts: []sudoku.Conflict{{A: 1, B: 2, Digit: 3, Unit: 4}}}
	if got, want := byHand.Error(), "sudoku: conflict: cells 1 and 2 both hold 3 (unit 4)"; got != want {
		t.Errorf("hand-made ConflictError prints %q, want %q", got, want)
	}
	if !errors.Is(byHand, sudoku.ErrConflict) || errors.Is(byHand, sudoku.ErrGeometry) {
		t.Error("ConflictError should match ErrConflict only")
	}
}

func TestSetNotation(t *testing.T) {
	g16 := mustGeometry(t, 4, 4)
	g36 := mustGeometry(t, 6, 6)
	tests := []struct {
		name     string
		geometry *sudoku.Geometry
		notation sudoku.Notation
		want     error
		prefix   string // start of Line() after SetGiven(0, 1) and SetGiven(1, N)
	}{
		{name: "base36 9x9", notation: sudoku.Notation{}, prefix: "19......."},
		{name: "zero for empty", notation: sudoku.Notation{Empty: '0'}, prefix: "1900000"},
		{name: "underscore for empty", notation: sudoku.Notation{Empty: '_'}, prefix: "19___"},
		{name: "unknown empty mark", notation: sudoku.Notation{Empty: 'x'}, want: sudoku.ErrBadCharacter, prefix: "19..."},
		{name: "decimal 9x9", notation: sudoku.Notation{Alphabet: sudoku.Decimal}, prefix: "1 9 0 0"},
		{name: "decimal with dots", notation: sudoku.Notation{Alphabet: sudoku.Decimal, Empty: '.'}, prefix: "1 9 . ."},
		{name: "hex 16x16", geometry: g16, notation: sudoku.Notation{Alphabet: sudoku.Hex}, prefix: "0F.."},
		{name: "hex cannot write 0 for empty", geometry: g16, notation: sudoku.Notation{Alphabet: sudoku.Hex, Empty: '0'},
			want: sudoku.ErrBadCharacter, prefix: "1G.."},
		{name: "base36 16x16", geometry: g16, notation: sudoku.Notation{}, prefix: "1G.."},
		{name: "decimal 36x36", geometry: g36, notation: sudoku.Notation{Alphabet: sudoku.Decimal}, prefix: "1 36 0"},
		{name: "base36 cannot write 36 digits", geometry: g36, notation: sudoku.Notation{}, want: sudoku.ErrSize, prefix: "1 36 0"},
		{name: "hex cannot write 25 digits", geometry: mustGeometry(t, 5, 5), notation: sudoku.Notation{Alphabet: sudoku.Hex},
			want: sudoku.ErrSize, prefix: "1P.."},
		{name: "unknown alphabet", notation: sudoku.Notation{Alphabet: 9}, want: sudoku.ErrSize, prefix: "19..."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := sudoku.NewBoard(tt.geometry)
			if err := b.SetGiven(0, 1); err != nil {
				t.Fatal(err)
			}
			if err := b.SetGiven(1, b.Geometry().Digits()); err != nil {
				t.Fatal(err)
			}
			err := b.SetNotation(tt.notation)
			if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Fatalf("SetNotation = %v, want %v", err, tt.want)
			}
			wantNotation := tt.notation
			if err != nil {
				wantNotation = sudoku.Notation{}
			}
			if b.Notation() != wantNotation {
				t.Errorf("Notation() = %+v, want %+v", b.Notation(), wantNotation)
			}
			if !strings.HasPrefix(b.Line(), tt.prefix) {
				t.Errorf("Line() = %.20q..., want prefix %q", b.Line(), tt.prefix)
			}
			if b.String() != b.Line() {
				t.Error("String() differs from Line()")
			}
		})
	}
}

// TestZeroBoardReadsDoNotChangeIt: reading a zero Board leaves it zero, so
// concurrent reads are safe and unmarshalling still infers the size.
func TestZeroBoardReadsDoNotChangeIt(t *testing.T) {
	var b sudoku.Board
	done := make(chan bool)
	for range 4 {
		go func() {
			_ = b.Line()
			_ = b.Pretty()
			_ = b.Empty()
			_ = b.Validate()
			_ = b.Geometry()
			_, _ = b.MarshalJSON()
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	if err := b.UnmarshalText([]byte("1.3.............")); err != nil {
		t.Fatalf("after reads, a zero Board should take the text's size: %v", err)
	}
	if b.Geometry().Digits() != 4 || b.Get(0) != 1 {
		t.Errorf("read %s", b.Geometry())
	}
}

func TestFillEmpty(t *testing.T) {
	g := mustGeometry(t, 2, 3)
	puz := puzzle(t, g)
	solution := make([]int, g.NumCells())
	for c := range solution {
		r, col := g.RowCol(c)
		solution[c] = pattern(g, r, col)
	}
	b := puz.Clone()
	if err := b.FillEmpty(solution); err != nil {
		t.Fatal(err)
	}
	if !b.Solved() {
		t.Fatalf("not solved:\n%s", b.Pretty())
	}
	for c := range g.NumCells() {
		if puz.Given(c) != b.Given(c) || (puz.Get(c) != 0 && puz.Get(c) != b.Get(c)) {
			t.Fatalf("%s changed", g.CellName(c))
		}
		if puz.Get(c) == 0 && b.Get(c) != solution[c] {
			t.Fatalf("%s = %d, want %d", g.CellName(c), b.Get(c), solution[c])
		}
	}

	// Bad digits change nothing.
	before := snap(puz)
	bad := slices.Clone(solution)
	bad[len(bad)-1] = 7
	for _, tc := range []struct {
		digits []int
		want   error
	}{
		{solution[:10], sudoku.ErrCellCount},
		{nil, sudoku.ErrCellCount},
		{bad, sudoku.ErrDigitRange},
	} {
		if err := puz.FillEmpty(tc.digits); !errors.Is(err, tc.want) {
			t.Errorf("FillEmpty(%d digits): %v, want %v", len(tc.digits), err, tc.want)
		}
		if diff := cmp.Diff(before, snap(puz)); diff != "" {
			t.Errorf("failed FillEmpty changed the board (-before +after):\n%s", diff)
		}
	}
}
