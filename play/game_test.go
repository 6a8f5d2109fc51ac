package play_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/play"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
	"github.com/google/go-cmp/cmp"
)

const (
	classicPuzzle   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func parse(t testing.TB, text string) *sudoku.Board {
	t.Helper()
	b, err := sudoku.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newGame(t testing.TB, text string) *play.Game {
	t.Helper()
	gm, err := play.New(context.Background(), parse(t, text))
	if err != nil {
		t.Fatal(err)
	}
	return gm
}

func TestNew(t *testing.T) {
	gm := newGame(t, classicPuzzle)
	if got := gm.Solution().Line(); got != classicSolution {
		t.Errorf("solution %s, want %s", got, classicSolution)
	}
	if got := gm.Puzzle().Line(); got != classicPuzzle {
		t.Errorf("puzzle %s", got)
	}
	if gm.Solved() || gm.CanUndo() || gm.CanRedo() || gm.Wrong() != nil || gm.Conflicts() != nil {
		t.Error("a new game is not fresh")
	}
	// Entries on the puzzle become the player's.
	b := parse(t, classicPuzzle)
	b.Set(2, 9)
	gm, err := play.New(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if gm.Digit(2) != 9 || gm.Given(2) || !slices.Equal(gm.Wrong(), []int{2}) {
		t.Errorf("entry 9 in r1c3: digit %d, given %v, wrong %v", gm.Digit(2), gm.Given(2), gm.Wrong())
	}
}

func TestNewErrors(t *testing.T) {
	multi := reference.Local(t, "9x9-multi")[0].Board
	none := reference.Local(t, "9x9-none")[0].Board
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name   string
		ctx    context.Context
		puzzle *sudoku.Board
		opts   []play.Option
		want   error
	}{
		{"nil context", nil, parse(t, classicPuzzle), nil, sudoku.ErrInvalidArgument},
		{"nil puzzle", context.Background(), nil, nil, sudoku.ErrInvalidArgument},
		{"no cells", context.Background(), sudoku.NewBoard(&sudoku.Geometry{}), nil, sudoku.ErrInvalidArgument},
		{"nil option", context.Background(), parse(t, classicPuzzle), []play.Option{nil}, sudoku.ErrInvalidArgument},
		{"negative workers", context.Background(), parse(t, classicPuzzle), []play.Option{play.WithWorkers(-1)}, sudoku.ErrInvalidArgument},
		{"too many workers", context.Background(), parse(t, classicPuzzle), []play.Option{play.WithWorkers(sudoku.MaxWorkers + 1)}, sudoku.ErrInvalidArgument},
		{"several solutions", context.Background(), multi, nil, play.ErrNotUnique},
		{"no solution", context.Background(), none, nil, search.ErrNoSolution},
		{"conflicting givens", context.Background(), parse(t, "55"+classicPuzzle[2:]), nil, sudoku.ErrConflict},
		{"cancelled", cancelled, sudoku.NewBoard(mustGeometry(t, 4)), nil, context.Canceled},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gm, err := play.New(tc.ctx, tc.puzzle, tc.opts...)
			if !errors.Is(err, tc.want) || gm != nil {
				t.Errorf("got %v, %v; want %v", gm, err, tc.want)
			}
		})
	}
	if _, err := play.New(context.Background(), parse(t, classicPuzzle), play.WithWorkers(1)); err != nil {
		t.Errorf("one worker: %v", err)
	}
}

func mustGeometry(t testing.TB, n int) *sudoku.Geometry {
	t.Helper()
	g, err := sudoku.GeometryForSize(n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestFromPuzzle(t *testing.T) {
	p, err := generate.New(context.Background(), mustGeometry(t, 6), generate.WithSeed(3), generate.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	gm, err := play.FromPuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	if !gm.Solution().Equal(p.Solution) || !gm.Puzzle().Equal(p.Board) {
		t.Error("the game does not hold the generated puzzle")
	}
	bad := func(change func(p *generate.Puzzle)) *generate.Puzzle {
		q := *p
		q.Board, q.Solution = p.Board.Clone(), p.Solution.Clone()
		change(&q)
		return &q
	}
	var given int
	for c := range p.Board.Geometry().NumCells() {
		if p.Board.Given(c) {
			given = c
			break
		}
	}
	tests := map[string]*generate.Puzzle{
		"nil":              nil,
		"no board":         bad(func(q *generate.Puzzle) { q.Board = nil }),
		"no solution":      bad(func(q *generate.Puzzle) { q.Solution = nil }),
		"empty cell":       bad(func(q *generate.Puzzle) { q.Solution.SetGiven(given, 0) }),
		"other geometry":   bad(func(q *generate.Puzzle) { q.Solution = parse(t, classicSolution) }),
		"repeated digit":   bad(func(q *generate.Puzzle) { q.Solution.SetGiven(given, q.Solution.Get(given)%6+1) }),
		"not the givens'":  bad(func(q *generate.Puzzle) { q.Solution = relabel(t, q.Solution) }),
		"solution-shaped?": bad(func(q *generate.Puzzle) { q.Board = sudoku.NewBoard(nil) }),
		"no cells": bad(func(q *generate.Puzzle) {
			q.Board, q.Solution = sudoku.NewBoard(&sudoku.Geometry{}), sudoku.NewBoard(&sudoku.Geometry{})
		}),
	}
	for name, q := range tests {
		if _, err := play.FromPuzzle(q); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", name, err)
		}
	}
}

// relabel returns b with digits 1 and 2 swapped: still a solved grid.
func relabel(t *testing.T, b *sudoku.Board) *sudoku.Board {
	perm := make([]int, b.Geometry().Digits())
	for i := range perm {
		perm[i] = i + 1
	}
	perm[0], perm[1] = 2, 1
	out, err := generate.Relabel(b, perm)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// snapshot is what a player sees of a game.
type snapshot struct {
	Digits []int
	Marks  [][]int
}

func snap(gm *play.Game) snapshot {
	s := snapshot{Digits: gm.Board().Digits()}
	for c := range gm.Geometry().NumCells() {
		s.Marks = append(s.Marks, gm.Marks(c))
	}
	return s
}

func TestEnterClearsMarksAndUndoes(t *testing.T) {
	gm := newGame(t, classicPuzzle)
	g := gm.Geometry()
	r1c3, r1c4, r2c3, r9c1, r3c1 := g.Cell(0, 2), g.Cell(0, 3), g.Cell(1, 2), g.Cell(8, 0), g.Cell(2, 0)
	for _, m := range []struct{ c, d int }{{r1c3, 1}, {r1c3, 2}, {r1c3, 4}, {r2c3, 2}, {r2c3, 4}, {r9c1, 2}, {r3c1, 1}, {r3c1, 2}, {r1c4, 6}} {
		if err := gm.ToggleMark(m.c, m.d); err != nil {
			t.Fatal(err)
		}
	}
	before := snap(gm)
	if err := gm.Enter(r1c4, 2); err != nil {
		t.Fatal(err)
	}
	after := snap(gm)
	want := map[int][]int{r1c3: {1, 4}, r2c3: {2, 4}, r9c1: {2}, r3c1: {1, 2}, r1c4: nil}
	for c, m := range want {
		if !slices.Equal(gm.Marks(c), m) {
			t.Errorf("marks of %s after 2 in r1c4: %v, want %v", g.CellName(c), gm.Marks(c), m)
		}
	}
	// One action: the entry and every mark it cleared.
	if !gm.Undo() {
		t.Fatal("nothing to undo")
	}
	if diff := cmp.Diff(before, snap(gm)); diff != "" {
		t.Errorf("undo (-before +after undo):\n%s", diff)
	}
	if !gm.Redo() || !cmp.Equal(after, snap(gm)) {
		t.Error("redo does not make the entry again")
	}
	// Entering the same digit again is no action.
	gm.Enter(r1c4, 2)
	gm.Undo()
	if !cmp.Equal(before, snap(gm)) {
		t.Error("an entry repeated was recorded as an action")
	}
	// A new action forgets what was undone.
	gm.ToggleMark(r9c1, 3)
	if gm.CanRedo() || gm.Redo() {
		t.Error("redo after a new action")
	}
	// Clearing keeps the marks the entry cleared in other cells cleared.
	gm.Enter(r1c4, 6)
	gm.Clear(r1c4)
	if gm.Digit(r1c4) != 0 || gm.Marks(r1c4) != nil {
		t.Errorf("cleared r1c4: digit %d marks %v", gm.Digit(r1c4), gm.Marks(r1c4))
	}
	for gm.Undo() {
	}
	if !cmp.Equal(snap(newGame(t, classicPuzzle)), snap(gm)) || gm.CanUndo() {
		t.Error("undoing everything does not give the fresh game")
	}
	// FillMarks, then ClearMarks: each one action.
	gm.FillMarks()
	if !slices.Equal(gm.Marks(r1c3), []int{1, 2, 4}) {
		t.Errorf("filled marks of r1c3: %v", gm.Marks(r1c3))
	}
	gm.ClearMarks()
	if gm.Marks(r1c3) != nil || !gm.Undo() || !slices.Equal(gm.Marks(r1c3), []int{1, 2, 4}) || !gm.Undo() || gm.Marks(r1c3) != nil {
		t.Error("FillMarks and ClearMarks are not one action each")
	}
	gm.Redo()
	if !gm.HasMark(r1c3, 1) || gm.HasMark(r1c3, 3) || gm.HasMark(-1, 1) || gm.HasMark(r1c3, 10) || gm.HasMark(r1c3, 0) {
		t.Error("HasMark")
	}
}

func TestChangeErrors(t *testing.T) {
	gm := newGame(t, classicPuzzle)
	before := snap(gm)
	tests := []struct {
		name string
		call func() error
		want error
	}{
		{"enter on a given", func() error { return gm.Enter(0, 5) }, sudoku.ErrGivenCell},
		{"clear a given", func() error { return gm.Clear(0) }, sudoku.ErrGivenCell},
		{"enter in a cell out of range", func() error { return gm.Enter(81, 1) }, sudoku.ErrInvalidArgument},
		{"enter a negative cell", func() error { return gm.Enter(-1, 1) }, sudoku.ErrInvalidArgument},
		{"enter 10", func() error { return gm.Enter(2, 10) }, sudoku.ErrInvalidArgument},
		{"enter -1", func() error { return gm.Enter(2, -1) }, sudoku.ErrInvalidArgument},
		{"mark a given", func() error { return gm.ToggleMark(0, 1) }, play.ErrFilled},
		{"mark 0", func() error { return gm.ToggleMark(2, 0) }, sudoku.ErrInvalidArgument},
		{"mark out of range", func() error { return gm.ToggleMark(81, 1) }, sudoku.ErrInvalidArgument},
		{"hint placing on a given", func() error {
			return gm.ApplyHint(logic.Step{Place: []logic.Placement{{Cell: 2, Digit: 4}, {Cell: 0, Digit: 1}}})
		}, sudoku.ErrGivenCell},
		{"hint removing digit 0", func() error {
			return gm.ApplyHint(logic.Step{Remove: []logic.Removal{{Cell: 2, Digits: []int{0}}}})
		}, sudoku.ErrInvalidArgument},
		{"hint on cell 99", func() error { return gm.ApplyHint(logic.Step{Remove: []logic.Removal{{Cell: 99, Digits: []int{1}}}}) }, sudoku.ErrInvalidArgument},
	}
	for _, tc := range tests {
		if err := tc.call(); !errors.Is(err, tc.want) || !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: %v, want %v and ErrInvalidArgument", tc.name, err, tc.want)
		}
	}
	if !cmp.Equal(before, snap(gm)) || gm.CanUndo() {
		t.Error("a failed call changed the game")
	}
	gm.Enter(2, 4)
	if err := gm.ToggleMark(2, 1); !errors.Is(err, play.ErrFilled) {
		t.Errorf("mark in a cell with an entry: %v", err)
	}
}

func TestMistakes(t *testing.T) {
	gm := newGame(t, classicPuzzle)
	g := gm.Geometry()
	r1c3, r1c4, r2c2 := g.Cell(0, 2), g.Cell(0, 3), g.Cell(1, 1)
	gm.Enter(r1c3, 5) // r1c1 holds the given 5; the solution has 4
	gm.Enter(r1c4, 6) // right
	gm.ToggleMark(r2c2, 1)
	gm.ToggleMark(r2c2, 2) // the solution has 7
	if got := gm.Wrong(); !slices.Equal(got, []int{r1c3}) {
		t.Errorf("wrong: %v", got)
	}
	if got := gm.WrongMarks(); !slices.Equal(got, []int{r2c2}) {
		t.Errorf("wrong marks: %v", got)
	}
	if got := gm.Conflicts(); !slices.Equal(got, []int{0, r1c3}) {
		t.Errorf("conflicts: %v, want r1c1 and r1c3", got)
	}
	_, err := gm.Hint(context.Background())
	var we *logic.WrongEntryError
	if !errors.As(err, &we) || !errors.Is(err, logic.ErrWrongEntry) || !slices.Equal(we.Cells, []int{r1c3, r2c2}) {
		t.Errorf("hint with mistakes: %v", err)
	}
	gm.Clear(r1c3)
	gm.ToggleMark(r2c2, 7)
	if gm.Wrong() != nil || gm.WrongMarks() != nil || gm.Conflicts() != nil {
		t.Errorf("mistakes left: %v %v %v", gm.Wrong(), gm.WrongMarks(), gm.Conflicts())
	}
	if _, err := gm.Hint(context.Background()); err != nil {
		t.Errorf("hint once the mistakes are gone: %v", err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := gm.Hint(cancelled); !errors.Is(err, context.Canceled) {
		t.Errorf("hint with a cancelled context: %v", err)
	}
}

// playToTheEnd applies hints to gm until it is solved, checking that the
// player never makes a mistake by following them and that each hint is
// one action. It returns the steps taken.
func playToTheEnd(t *testing.T, gm *play.Game) int {
	t.Helper()
	g := gm.Geometry()
	for n := 0; n <= g.NumCells()*g.Digits(); n++ {
		st, err := gm.Hint(context.Background())
		if errors.Is(err, logic.ErrSolved) {
			if !gm.Solved() {
				t.Fatal("ErrSolved on a board that is not the solution")
			}
			return n
		}
		if err != nil {
			t.Fatalf("%s after %d hints: %v", gm.Puzzle().Line(), n, err)
		}
		before := snap(gm)
		if err := gm.ApplyHint(st); err != nil {
			t.Fatalf("applying %q: %v", st.Text, err)
		}
		if cmp.Equal(before, snap(gm)) {
			t.Fatalf("%q changed nothing", st.Text)
		}
		if w, wm := gm.Wrong(), gm.WrongMarks(); w != nil || wm != nil {
			t.Fatalf("after %q: wrong entries %v, wrong marks %v", st.Text, w, wm)
		}
		if n%7 == 3 {
			// Undo and redo on the way.
			after := snap(gm)
			if !gm.Undo() || !cmp.Equal(before, snap(gm)) || !gm.Redo() || !cmp.Equal(after, snap(gm)) {
				t.Fatalf("undo and redo of %q", st.Text)
			}
		}
	}
	t.Fatalf("%s: the hints did not end", gm.Puzzle().Line())
	return 0
}

// TestPlayGeneratedToTheEnd plays generated puzzles of every level (9x9),
// and of 4x4, 6x6 and 16x16, to the end on hints alone.
func TestPlayGeneratedToTheEnd(t *testing.T) {
	ctx := context.Background()
	seeds := uint64(3)
	if testing.Short() {
		seeds = 1
	}
	for l := grade.Simple; l <= grade.Guessing; l++ {
		for seed := range seeds {
			p, err := generate.New(ctx, sudoku.Classic(), generate.WithLevel(l), generate.WithSeed(seed), generate.WithWorkers(1))
			if err != nil {
				t.Fatal(err)
			}
			gm, err := play.FromPuzzle(p)
			if err != nil {
				t.Fatal(err)
			}
			playToTheEnd(t, gm)
		}
	}
	for _, n := range []int{4, 6, 16} {
		p, err := generate.New(ctx, mustGeometry(t, n), generate.WithSeed(5), generate.WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		gm, err := play.FromPuzzle(p)
		if err != nil {
			t.Fatal(err)
		}
		playToTheEnd(t, gm)
	}
}

// TestPlayOnACube plays a cube puzzle to the end and saves it on the way:
// a geometry without a box shape goes into the save.
func TestPlayOnACube(t *testing.T) {
	g, err := cube.NewGeometry(2, cube.SixFaces, cube.Match)
	if err != nil {
		t.Fatal(err)
	}
	p, err := generate.New(context.Background(), g, generate.WithSeed(1), generate.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	gm, err := play.FromPuzzle(p)
	if err != nil {
		t.Fatal(err)
	}
	st, err := gm.Hint(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	gm.ApplyHint(st)
	restored := roundTrip(t, gm)
	playToTheEnd(t, restored)
}

// TestZeroGame calls every method on a nil and a zero Game: no panic, an
// error from each that changes a game, and zero values from the others.
func TestZeroGame(t *testing.T) {
	for name, gm := range map[string]*play.Game{"nil": nil, "zero": {}} {
		errs := map[string]error{
			"Enter":      gm.Enter(0, 1),
			"Clear":      gm.Clear(0),
			"ToggleMark": gm.ToggleMark(0, 1),
			"ApplyHint":  gm.ApplyHint(logic.Step{}),
		}
		_, errs["Hint"] = gm.Hint(context.Background())
		_, errs["MarshalJSON"] = gm.MarshalJSON()
		for call, err := range errs {
			if !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Errorf("%s Game: %s: %v, want ErrInvalidArgument", name, call, err)
			}
		}
		gm.FillMarks()
		gm.ClearMarks()
		if gm.Geometry() != nil || gm.Puzzle() != nil || gm.Board() != nil || gm.Solution() != nil ||
			gm.Digit(0) != 0 || gm.Given(0) || gm.Marks(0) != nil || gm.HasMark(0, 1) || gm.MarkMasks() != nil ||
			gm.Solved() || gm.Undo() || gm.Redo() || gm.CanUndo() || gm.CanRedo() ||
			gm.Wrong() != nil || gm.WrongMarks() != nil || gm.Conflicts() != nil {
			t.Errorf("%s Game: a method returned more than a zero value", name)
		}
	}
	var gm play.Game
	if err := gm.UnmarshalJSON([]byte("{}")); !errors.Is(err, play.ErrBadSave) {
		t.Errorf("zero Game, UnmarshalJSON of {}: %v", err)
	}
}
