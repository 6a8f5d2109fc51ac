package sudoku_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

func TestBoardSetGet(t *testing.T) {
	b := sudoku.NewBoard(nil)
	if b.Geometry() != sudoku.Classic() || b.Empty() != 81 {
		t.Fatal("NewBoard(nil) should be an empty classic board")
	}
	if err := b.SetGiven(0, 5); err != nil {
		t.Fatal(err)
	}
	if err := b.SetAt(8, 8, 9); err != nil {
		t.Fatal(err)
	}
	if b.Get(0) != 5 || !b.Given(0) || b.At(8, 8) != 9 || b.Given(80) || b.Empty() != 79 {
		t.Fatalf("board after sets: %s", b.Line())
	}
	errs := []struct {
		name string
		err  error
		want error
	}{
		{"digit too big", b.Set(1, 10), sudoku.ErrDigitRange},
		{"negative digit", b.Set(1, -1), sudoku.ErrDigitRange},
		{"cell too big", b.Set(81, 1), sudoku.ErrCellRange},
		{"negative cell", b.SetGiven(-1, 1), sudoku.ErrCellRange},
		{"row out of range", b.SetAt(9, 0, 1), sudoku.ErrCellRange},
		{"given", b.Set(0, 4), sudoku.ErrGivenCell},
	}
	for _, tt := range errs {
		if !errors.Is(tt.err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.name, tt.err, tt.want)
		}
	}
	if b.Line() != "5.......................................................................................9"[:81] && b.Get(0) != 5 {
		t.Error("a failed set changed the board")
	}
	if b.Get(1) != 0 || b.Get(0) != 5 || b.Get(-1) != 0 || b.At(-1, 3) != 0 || b.Given(99) {
		t.Error("failed sets or out-of-range gets misbehave")
	}
	if err := b.SetGiven(0, 0); err != nil || b.Given(0) || b.Get(0) != 0 {
		t.Error("SetGiven(c, 0) should empty the cell and make it ordinary")
	}
}

func TestZeroBoard(t *testing.T) {
	var b sudoku.Board
	if b.Get(3) != 0 || b.Empty() != 81 || b.Filled() || b.Validate() != nil {
		t.Error("the zero Board should be an empty 9x9 board")
	}
	if len(b.Line()) != 81 || b.Geometry() != sudoku.Classic() {
		t.Errorf("zero board line %q", b.Line())
	}
	var z sudoku.Board
	if err := z.Set(80, 9); err != nil || z.Get(80) != 9 {
		t.Error("Set on the zero Board")
	}
}

func TestCloneEqualGivens(t *testing.T) {
	b, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	c := b.Clone()
	if err := c.Set(2, 4); err != nil {
		t.Fatal(err)
	}
	if b.Get(2) != 0 || b.Equal(c) {
		t.Error("Clone is not independent")
	}
	g := c.Givens()
	if !g.Equal(b) || g.Get(2) != 0 {
		t.Error("Givens should drop entries")
	}
	// Equal ignores which cells are givens.
	e := sudoku.NewBoard(nil)
	for i, d := range b.Digits() {
		if err := e.Set(i, d); err != nil {
			t.Fatal(err)
		}
	}
	if !e.Equal(b) || e.Given(0) {
		t.Error("Equal should compare digits only")
	}
	c.ClearEntries()
	if !c.Equal(b) {
		t.Error("ClearEntries should leave the givens")
	}
	g4, _ := sudoku.NewGeometry(2, 2)
	if b.Equal(sudoku.NewBoard(g4)) || b.Equal(nil) {
		t.Error("boards on other geometries are not equal")
	}
	var nilBoard *sudoku.Board
	if !nilBoard.Equal(nil) {
		t.Error("two nil boards are equal")
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		cells map[int]int
		pairs [][2]int
	}{
		{"empty", nil, nil},
		{"row", map[int]int{0: 5, 4: 5}, [][2]int{{0, 4}}},
		{"three in a row", map[int]int{0: 5, 4: 5, 8: 5}, [][2]int{{0, 4}, {0, 8}, {4, 8}}},
		{"row and box once", map[int]int{0: 7, 1: 7}, [][2]int{{0, 1}}},
		{"box only", map[int]int{0: 3, 10: 3}, [][2]int{{0, 10}}},
		{"column", map[int]int{0: 1, 72: 1}, [][2]int{{0, 72}}},
		{"no conflict", map[int]int{0: 1, 1: 2, 9: 3, 80: 1}, nil},
	}
	for _, tt := range tests {
		b := sudoku.NewBoard(nil)
		for c, d := range tt.cells {
			if err := b.SetGiven(c, d); err != nil {
				t.Fatal(err)
			}
		}
		err := b.Validate()
		if tt.pairs == nil {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		var ce *sudoku.ConflictError
		if !errors.As(err, &ce) || !errors.Is(err, sudoku.ErrConflict) {
			t.Fatalf("%s: error %v, want a ConflictError", tt.name, err)
		}
		var got [][2]int
		for _, c := range ce.Conflicts {
			got = append(got, [2]int{c.A, c.B})
			if c.Digit != tt.cells[c.A] {
				t.Errorf("%s: conflict digit %d", tt.name, c.Digit)
			}
		}
		if len(got) != len(tt.pairs) {
			t.Fatalf("%s: pairs %v, want %v", tt.name, got, tt.pairs)
		}
		for _, p := range tt.pairs {
			found := false
			for _, q := range got {
				found = found || q == p
			}
			if !found {
				t.Errorf("%s: pair %v missing from %v", tt.name, p, got)
			}
		}
		if !strings.Contains(err.Error(), "r1c1") {
			t.Errorf("%s: message %q does not name r1c1", tt.name, err)
		}
		if b.Solved() {
			t.Errorf("%s: a board with conflicts is not solved", tt.name)
		}
	}
	if (&sudoku.ConflictError{Conflicts: []sudoku.Conflict{{A: 1, B: 2, Digit: 3}}}).Error() == "" {
		t.Error("a hand-made ConflictError should print")
	}
}

func TestSolvedAndNotation(t *testing.T) {
	b, err := sudoku.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	if err != nil {
		t.Fatal(err)
	}
	if !b.Solved() || !b.Filled() {
		t.Error("a valid full grid is solved")
	}
	g16, _ := sudoku.NewGeometry(4, 4)
	b16 := sudoku.NewBoard(g16)
	if err := b16.SetNotation(sudoku.Notation{Alphabet: sudoku.Hex}); err != nil {
		t.Fatal(err)
	}
	if err := b16.SetGiven(0, 1); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b16.Line(), "0...") {
		t.Errorf("hex line %q should write 1 as 0", b16.Line()[:8])
	}
	g36, _ := sudoku.NewGeometry(6, 6)
	if err := sudoku.NewBoard(g36).SetNotation(sudoku.Notation{}); !errors.Is(err, sudoku.ErrSize) {
		t.Errorf("Base36 cannot write 36 digits: %v", err)
	}
	if err := b16.SetNotation(sudoku.Notation{Alphabet: 9}); err == nil {
		t.Error("unknown alphabet accepted")
	}
}
