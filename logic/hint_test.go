package logic_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

const classicSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

func TestHintIsTheEasiestStep(t *testing.T) {
	b := parse(t, classicPuzzle)
	st, err := logic.Hint(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if st.Rule != logic.HiddenSingle || len(st.Place) != 1 {
		t.Fatalf("hint %q, want a hidden single", st.Text)
	}
	sol := parse(t, classicSolution)
	if p := st.Place[0]; sol.Get(p.Cell) != p.Digit {
		t.Errorf("hint places %d in cell %d; the solution has %d", p.Digit, p.Cell, sol.Get(p.Cell))
	}
	stages := []string{st.Stage(logic.StageArea), st.Stage(logic.StageTechnique), st.Stage(logic.StageStep)}
	if !strings.HasPrefix(stages[0], "Look at "+st.Area) || !strings.Contains(stages[1], "hidden single") || stages[2] != st.Text {
		t.Errorf("stages %q", stages)
	}
	if strings.Contains(stages[0], "naked") || strings.Contains(stages[1], " = ") {
		t.Errorf("an early stage gives too much away: %q", stages[:2])
	}
	// Only hidden singles asked for: the hint is a hidden single.
	st, err = logic.Hint(context.Background(), b, logic.WithRules(logic.HiddenSingle))
	if err != nil || st.Rule != logic.HiddenSingle {
		t.Errorf("hidden singles only: %q, %v", st.Text, err)
	}
}

func TestHintFromMarks(t *testing.T) {
	b := parse(t, classicPuzzle)
	s := newState(t, b)
	masks := s.MarkMasks()
	sol := parse(t, classicSolution)
	// The player has narrowed r1c3 to its solution digit 4: the hint of
	// naked singles is the one there.
	masks[2] = logic.Bit(4)
	st, err := logic.Hint(context.Background(), b, logic.WithMarks(masks), logic.WithSolution(sol), logic.WithRules(logic.NakedSingle))
	if err != nil {
		t.Fatal(err)
	}
	if st.Area != "r1c3" || st.Place[0].Digit != 4 {
		t.Errorf("hint from marks: %q", st.Text)
	}
	// Marks without the solution's digit are caught against the solution.
	masks[2] = logic.Bit(1) | logic.Bit(2)
	_, err = logic.Hint(context.Background(), b, logic.WithMarks(masks), logic.WithSolution(sol))
	if !errors.Is(err, logic.ErrWrongEntry) || !strings.Contains(err.Error(), "r1c3") {
		t.Errorf("marks missing the solution's digit: %v", err)
	}
	// Marks that leave a cell empty are caught without a solution.
	masks[2] = logic.Bit(9)
	if _, err := logic.Hint(context.Background(), b, logic.WithMarks(masks)); !errors.Is(err, logic.ErrWrongEntry) {
		t.Errorf("marks leaving r1c3 empty: %v", err)
	}
	// A mark with bits beyond N only is no mark, with or without the
	// solution: the hint is the one without marks.
	want, err := logic.Hint(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	beyond := make([]uint64, 81)
	beyond[2] = 1 << 63
	for i, opts := range [][]logic.Option{{logic.WithMarks(beyond)}, {logic.WithMarks(beyond), logic.WithSolution(sol)}} {
		if st, err := logic.Hint(context.Background(), b, opts...); err != nil || st.Text != want.Text {
			t.Errorf("a mark beyond N only (options %d): %q, %v; want %q", i+1, st.Text, err, want.Text)
		}
	}
}

func TestHintErrors(t *testing.T) {
	sol := parse(t, classicSolution)
	tests := []struct {
		name  string
		board *sudoku.Board
		opts  []logic.Option
		want  error
		cell  string
	}{
		{"entry conflicts with a given", entry(t, classicPuzzle, 2, 5), []logic.Option{}, logic.ErrWrongEntry, "r1c"},
		{"entry differs from the solution", entry(t, classicPuzzle, 2, 2), []logic.Option{logic.WithSolution(sol)}, logic.ErrWrongEntry, "r1c3"},
		{"solved", sol, []logic.Option{}, logic.ErrSolved, ""},
		{"nothing to find", sudoku.NewBoard(nil), []logic.Option{}, logic.ErrNoStep, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := logic.Hint(context.Background(), tc.board, tc.opts...)
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.cell) {
				t.Errorf("got %v, want %v naming %q", err, tc.want, tc.cell)
			}
		})
	}
	if _, err := logic.Hint(context.Background(), nil); err == nil {
		t.Error("nil board: no error")
	}
	if _, err := logic.Hint(context.Background(), parse(t, classicPuzzle), logic.WithSolution(sudoku.NewBoard(mustGeometry(t, 2, 3)))); err == nil {
		t.Error("solution on another geometry: no error")
	}
	if _, err := logic.Hint(context.Background(), parse(t, classicPuzzle), logic.WithMarks(make([]uint64, 3))); err == nil || errors.Is(err, logic.ErrWrongEntry) {
		t.Errorf("three marks for 81 cells: %v", err)
	}
	// Marks of the wrong length are a bad argument before any entry is
	// checked against a solution.
	for _, b := range []*sudoku.Board{parse(t, classicPuzzle), entry(t, classicPuzzle, 2, 2)} {
		_, err := logic.Hint(context.Background(), b, logic.WithMarks(make([]uint64, 3)), logic.WithSolution(parse(t, classicSolution)))
		if !errors.Is(err, sudoku.ErrInvalidArgument) || errors.Is(err, logic.ErrWrongEntry) {
			t.Errorf("three marks for 81 cells, with a solution: %v, want ErrInvalidArgument", err)
		}
	}
	// A solution that differs from a given (a valid grid, with 1 and 2
	// swapped) is a bad argument, not the player's mistake: givens are
	// never at fault, even when an entry differs too.
	swapped := parse(t, strings.NewReplacer("1", "2", "2", "1").Replace(classicSolution))
	for _, b := range []*sudoku.Board{parse(t, classicPuzzle), entry(t, classicPuzzle, 2, 2)} {
		_, err := logic.Hint(context.Background(), b, logic.WithSolution(swapped))
		var we *logic.WrongEntryError
		if !errors.Is(err, sudoku.ErrInvalidArgument) || errors.As(err, &we) {
			t.Errorf("a solution against the givens: %v, want ErrInvalidArgument and no *WrongEntryError", err)
		}
	}
	// A nil rule is a bad argument, even behind a rule that finds a step.
	for _, rules := range []logic.Rules{{nil}, {logic.NakedSingle, nil}} {
		if _, err := logic.Hint(context.Background(), parse(t, classicPuzzle), logic.WithRules(rules...)); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("rules %v: %v, want ErrInvalidArgument", rules, err)
		}
	}
}

// entry returns puzzle with digit d entered (not given) in cell c.
func entry(t *testing.T, puzzle string, c, d int) *sudoku.Board {
	t.Helper()
	b := parse(t, puzzle)
	if err := b.Set(c, d); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestHintOnOtherGeometries(t *testing.T) {
	// 6x6 board with 2x3 boxes: one empty cell in a full grid.
	g := mustGeometry(t, 2, 3)
	b, err := sudoku.Parse("123456456123231564564231312645645312", sudoku.WithGeometry(g))
	if err != nil {
		t.Fatal(err)
	}
	if err := b.SetGiven(g.Cell(3, 4), 0); err != nil {
		t.Fatal(err)
	}
	st, err := logic.Hint(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if st.Text != "hidden single: in row 4, 3 fits only in r4c5, so r4c5 = 3." {
		t.Errorf("6x6 hint: %q", st.Text)
	}
}

// TestWrongEntryCells: the cells a *WrongEntryError names, for each way
// entries and marks go wrong.
func TestWrongEntryCells(t *testing.T) {
	sol := parse(t, classicSolution)
	g := sol.Geometry()
	g4 := mustGeometry(t, 2, 2)
	marks81 := func(cellMarks map[int]uint64) []uint64 {
		m := make([]uint64, 81)
		for c, x := range cellMarks {
			m[c] = x
		}
		return m
	}
	noOneInRow1 := make([]uint64, 16)
	for c := range 4 {
		noOneInRow1[c] = logic.Bit(2) | logic.Bit(3) | logic.Bit(4)
	}
	tests := []struct {
		name  string
		board *sudoku.Board
		opts  []logic.Option
		cells []int
		cause error
	}{
		{"an entry not the solution's", entry(t, classicPuzzle, 2, 2), []logic.Option{logic.WithSolution(sol)}, []int{2}, nil},
		{"an entry and marks not the solution's", entry(t, classicPuzzle, 3, 2),
			[]logic.Option{logic.WithSolution(sol), logic.WithMarks(marks81(map[int]uint64{2: logic.Bit(1), 10: logic.Bit(7)}))}, []int{2, 3}, nil},
		{"an entry against a given", entry(t, classicPuzzle, 2, 5), []logic.Option{}, []int{2}, sudoku.ErrConflict},
		{"marks leave a cell nothing", parse(t, classicPuzzle), []logic.Option{logic.WithMarks(marks81(map[int]uint64{2: logic.Bit(9)}))}, []int{2}, logic.ErrContradiction},
		{"marks leave a digit no place", sudoku.NewBoard(g4), []logic.Option{logic.WithMarks(noOneInRow1)}, []int{0, 1, 2, 3}, logic.ErrContradiction},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := logic.Hint(context.Background(), tc.board, tc.opts...)
			var we *logic.WrongEntryError
			if !errors.As(err, &we) || !errors.Is(err, logic.ErrWrongEntry) {
				t.Fatalf("%v, want a *WrongEntryError", err)
			}
			if !slices.Equal(we.Cells, tc.cells) {
				t.Errorf("cells %v, want %v (%v)", we.Cells, tc.cells, err)
			}
			for _, c := range tc.cells {
				if tc.board.Geometry() == g && !strings.Contains(err.Error(), g.CellName(c)) {
					t.Errorf("%q does not name %s", err, g.CellName(c))
				}
			}
			if (tc.cause == nil) != (we.Err == nil) || (tc.cause != nil && !errors.Is(err, tc.cause)) {
				t.Errorf("cause %v, want %v", we.Err, tc.cause)
			}
		})
	}
	var nilCtx context.Context
	if _, err := logic.Hint(nilCtx, sol); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil context: %v", err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := logic.Hint(cancelled, parse(t, classicPuzzle)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
