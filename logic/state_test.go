package logic_test

import (
	"errors"
	"math/bits"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func parse(t testing.TB, text string) *sudoku.Board {
	t.Helper()
	b, err := sudoku.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newState(t testing.TB, b *sudoku.Board) *logic.State {
	t.Helper()
	s, err := logic.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// diagonalGeometry is the classic board plus both main diagonals.
func diagonalGeometry(t testing.TB) *sudoku.Geometry {
	g, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNewStateEliminates(t *testing.T) {
	geoms := []*sudoku.Geometry{diagonalGeometry(t)}
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {4, 4}, {5, 5}} {
		g, err := sudoku.NewGeometry(shape[0], shape[1])
		if err != nil {
			t.Fatal(err)
		}
		geoms = append(geoms, g)
	}
	for _, g := range geoms {
		t.Run(g.String(), func(t *testing.T) {
			b := sudoku.NewBoard(g)
			// Givens 1..N down the first column, then the last digit in a
			// cell of the last row that shares nothing with r1c1.
			n := g.Digits()
			for r := range n {
				if err := b.SetGiven(g.Cell(r, 0), r+1); err != nil {
					t.Fatal(err)
				}
			}
			s := newState(t, b)
			if s.Left() != g.NumCells()-n {
				t.Fatalf("Left = %d", s.Left())
			}
			for c := range g.NumCells() {
				d := b.Get(c)
				if d == 0 {
					continue
				}
				if s.Candidates(c) != logic.Bit(d) || s.Value(c) != d {
					t.Fatalf("%s: candidates %b value %d, want only %d", g.CellName(c), s.Candidates(c), s.Value(c), d)
				}
				for _, p := range g.Peers(c) {
					if s.Value(p) == 0 && s.Candidates(p)&logic.Bit(d) != 0 {
						t.Fatalf("%s still has %d, given in its peer %s", g.CellName(p), d, g.CellName(c))
					}
				}
			}
			for _, u := range g.Houses() {
				for d := 1; d <= n; d++ {
					want := 0
					for _, c := range g.Unit(u).Cells {
						if s.Candidates(c)&logic.Bit(d) != 0 {
							want++
						}
					}
					if s.Places(u, d) != want {
						t.Fatalf("%s, digit %d: Places %d, counted %d", g.UnitName(u), d, s.Places(u, d), want)
					}
				}
			}
		})
	}
}

func TestConflictingGivens(t *testing.T) {
	b := parse(t, "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	_, err := logic.NewState(b)
	var ce *sudoku.ConflictError
	if !errors.Is(err, logic.ErrContradiction) || !errors.As(err, &ce) {
		t.Fatalf("error %v, want a contradiction naming the conflict", err)
	}
	if _, err := logic.NewState(nil); err == nil {
		t.Error("nil board accepted")
	}
	// No two givens conflict, but r1c1 has no candidate left: row 1 holds
	// 1 and 2, column 1 holds 3 and 4.
	b = parse(t, ".12.3...4.......")
	_, err = logic.NewState(b)
	if !errors.Is(err, logic.ErrContradiction) || errors.As(err, &ce) {
		t.Fatalf("error %v, want a contradiction without a conflict", err)
	}
	if want := "r1c1 has no candidate left"; !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
}

func TestAssignAndEliminate(t *testing.T) {
	s := newState(t, sudoku.NewBoard(nil))
	if err := s.Assign(0, 5); err != nil {
		t.Fatal(err)
	}
	if err := s.Assign(0, 5); err != nil {
		t.Error("assigning the placed digit again should do nothing")
	}
	if err := s.Assign(1, 5); !errors.Is(err, logic.ErrContradiction) || s.Contradiction().Cell != 1 || s.Contradiction().Digit != 5 {
		t.Errorf("assigning a removed candidate: %v, %+v", err, s.Contradiction())
	}
	s = newState(t, sudoku.NewBoard(nil))
	for _, bad := range []struct {
		c, d int
		kind error
	}{{-1, 1, sudoku.ErrCellRange}, {81, 1, sudoku.ErrCellRange}, {0, 0, sudoku.ErrDigitRange}, {0, 10, sudoku.ErrDigitRange}} {
		if err := s.Assign(bad.c, bad.d); !errors.Is(err, bad.kind) || !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Assign(%d, %d) = %v, want %v and sudoku.ErrInvalidArgument", bad.c, bad.d, err, bad.kind)
		}
	}
	if err := s.Eliminate(99, 1); !errors.Is(err, sudoku.ErrCellRange) || !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Eliminate out of range: %v", err)
	}
	if s.Candidates(-1) != 0 || s.Value(81) != 0 || s.Places(99, 1) != 0 {
		t.Error("out-of-range reads should be zero")
	}
	// Leave r1c1 with 9 only: PlaceSingles places it.
	if err := s.Eliminate(0, logic.Bit(9)-1); err != nil {
		t.Fatal(err)
	}
	if s.Value(0) != 0 {
		t.Fatal("Eliminate should not place")
	}
	if err := s.PlaceSingles(); err != nil || s.Value(0) != 9 {
		t.Fatalf("PlaceSingles: %v, value %d", err, s.Value(0))
	}
	if err := s.Eliminate(0, logic.Bit(9)); !errors.Is(err, logic.ErrContradiction) {
		t.Errorf("removing a placed digit: %v", err)
	}
	s = newState(t, sudoku.NewBoard(nil))
	if err := s.Eliminate(5, (logic.Bit(9)<<1)-1); !errors.Is(err, logic.ErrContradiction) || s.Contradiction().Cell != 5 {
		t.Errorf("emptying a cell: %v %+v", err, s.Contradiction())
	}
	if got := s.Contradiction().Describe(sudoku.Classic()); got != "r1c6 has no candidate left" {
		t.Errorf("Describe = %q", got)
	}
}

func TestHiddenSingle(t *testing.T) {
	// In an empty 9x9 board, take 7 out of every cell of row 1 but r1c4:
	// 7 then has one place in row 1.
	s := newState(t, sudoku.NewBoard(nil))
	for c := range 9 {
		if c != 3 {
			if err := s.Eliminate(c, logic.Bit(7)); err != nil {
				t.Fatal(err)
			}
		}
	}
	n, err := s.HiddenSingles()
	if err != nil || n != 1 || s.Value(3) != 7 {
		t.Fatalf("HiddenSingles = %d, %v; r1c4 = %d", n, err, s.Value(3))
	}
	// Now take 3 out of all of column 9: no place left for it.
	s = newState(t, sudoku.NewBoard(nil))
	var err2 error
	for r := range 9 {
		if err2 = s.Eliminate(r*9+8, logic.Bit(3)); err2 != nil {
			break
		}
	}
	why := s.Contradiction()
	if !errors.Is(err2, logic.ErrContradiction) || why.Digit != 3 || sudoku.Classic().UnitName(why.Unit) != "column 9" {
		t.Fatalf("error %v, contradiction %+v", err2, why)
	}
	if got := why.Describe(sudoku.Classic()); got != "3 has no place left in column 9" {
		t.Errorf("Describe = %q", got)
	}
}

func TestCopyFrom(t *testing.T) {
	s := newState(t, parse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"))
	c := s.Clone()
	if err := c.Propagate(); err != nil {
		t.Fatal(err)
	}
	if c.Left() != 0 || s.Left() == 0 {
		t.Fatalf("clone Left %d, original Left %d", c.Left(), s.Left())
	}
	var z logic.State
	z.CopyFrom(c)
	if z.Left() != 0 || z.Value(2) != c.Value(2) {
		t.Error("CopyFrom into a zero State")
	}
}

func TestFill(t *testing.T) {
	b := parse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	s := newState(t, b)
	if err := s.Propagate(); err != nil {
		t.Fatal(err)
	}
	out := b.Clone()
	if err := s.Fill(out); err != nil {
		t.Fatal(err)
	}
	if !out.Solved() || out.Given(2) || !out.Given(0) {
		t.Errorf("Fill: solved %v, r1c3 given %v", out.Solved(), out.Given(2))
	}
	g4, _ := sudoku.NewGeometry(2, 2)
	if err := s.Fill(sudoku.NewBoard(g4)); err == nil {
		t.Error("Fill accepted a board on another geometry")
	}
}

// TestPropagateIsSound: on puzzles with a known unique solution,
// propagation never removes the solution's digit nor places a wrong one.
func TestPropagateIsSound(t *testing.T) {
	sets := []struct {
		name      string
		max       int
		allSolved bool // singles alone solve every puzzle of the set
	}{
		{"9x9-levels/simple", 0, true},
		{"9x9-levels/easy", 0, true},
		{"9x9-levels/guessing", 0, false},
		{"9x9-minimal", 0, false},
		{"16x16/unique", 0, false},
		{"25x25", 0, false},
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			puzzles, solutions := reference.LocalSet(t, set.name, set.max)
			if len(solutions) != len(puzzles) {
				t.Fatalf("%d puzzles, %d solutions", len(puzzles), len(solutions))
			}
			solved := 0
			for i, p := range puzzles {
				s := newState(t, p)
				if err := s.Propagate(); err != nil {
					t.Fatalf("puzzle %d: %v (%s)", i+1, err, s.Contradiction().Describe(p.Geometry()))
				}
				sol := solutions[i]
				for c := range p.Geometry().NumCells() {
					d := sol.Get(c)
					if s.Candidates(c)&logic.Bit(d) == 0 {
						t.Fatalf("puzzle %d: %s lost its solution digit %d", i+1, p.Geometry().CellName(c), d)
					}
					if v := s.Value(c); v != 0 && v != d {
						t.Fatalf("puzzle %d: %s placed %d, solution %d", i+1, p.Geometry().CellName(c), v, d)
					}
					if s.Value(c) != 0 && bits.OnesCount64(s.Candidates(c)) != 1 {
						t.Fatalf("puzzle %d: placed cell with several candidates", i+1)
					}
				}
				if s.Left() == 0 {
					solved++
				}
			}
			if set.allSolved && solved != len(puzzles) {
				t.Errorf("singles solved %d of %d", solved, len(puzzles))
			}
			t.Logf("singles alone solve %d of %d", solved, len(puzzles))
		})
	}
}

func digits(mask uint64) []int {
	var out []int
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, bits.TrailingZeros64(mask)+1)
	}
	return out
}

// Out-of-range arguments and the zero State answer without panicking.
func TestEdges(t *testing.T) {
	for d, want := range map[int]uint64{0: 0, 1: 1, 9: 1 << 8, 64: 1 << 63, 65: 0, -3: 0} {
		if got := logic.Bit(d); got != want {
			t.Errorf("Bit(%d) = %#x, want %#x", d, got, want)
		}
	}
	var zero logic.State
	if zero.Places(0, 1) != 0 || zero.Candidates(0) != 0 || zero.Value(0) != 0 || zero.Left() != 0 {
		t.Error("the zero State is not empty")
	}
	s := newState(t, sudoku.NewBoard(nil))
	if err := s.Fill(nil); err == nil {
		t.Error("Fill(nil) succeeded")
	}
	g4, err := sudoku.NewGeometry(2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Fill(sudoku.NewBoard(g4)); !errors.Is(err, sudoku.ErrCellCount) {
		t.Errorf("Fill on another geometry: %v", err)
	}
}
