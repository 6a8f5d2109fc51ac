package anneal_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// geometries returns the boards the model is tested on, by name.
func geometries(t testing.TB) map[string]*sudoku.Geometry {
	t.Helper()
	out := map[string]*sudoku.Geometry{}
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}} {
		g, err := sudoku.NewGeometry(shape[0], shape[1])
		if err != nil {
			t.Fatal(err)
		}
		out[g.String()] = g
	}
	diag, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	out["9x9 diagonal"] = diag
	// A 4x4 board with a fifth box over the centre: its cells all belong to
	// earlier boxes, so it is a cost unit, as a cube face's box that shares
	// edge cells with another face would be.
	g4, _ := sudoku.NewGeometry(2, 2)
	spec := g4.Spec()
	spec.Units = append(spec.Units, sudoku.Unit{Kind: sudoku.Box, Cells: []int{5, 6, 9, 10}})
	window, err := sudoku.NewCustomGeometry(spec)
	if err != nil {
		t.Fatal(err)
	}
	out["4x4 window"] = window
	return out
}

// puzzle returns a solved grid on g made by annealing, with a fraction
// of its cells emptied at random.
func puzzle(t testing.TB, g *sudoku.Geometry, empty float64, seed uint64) *sudoku.Board {
	t.Helper()
	sol, err := anneal.Solve(context.Background(), sudoku.NewBoard(g), anneal.WithSeed(seed), anneal.WithWorkers(1))
	if err != nil {
		t.Fatalf("%s: %v", g, err)
	}
	b := sudoku.NewBoard(g)
	r := rand.New(rand.NewPCG(seed, 1))
	for c := range g.NumCells() {
		if r.Float64() >= empty {
			if err := b.SetGiven(c, sol.Get(c)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b
}

func TestModelDeltaEqualsRecount(t *testing.T) {
	for name, g := range geometries(t) {
		for _, empty := range []float64{1, 0.5} {
			b := puzzle(t, g, empty, 7)
			m, err := anneal.NewModel(context.Background(), b)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r := rand.New(rand.NewPCG(1, 2))
			s := m.Start()
			m.Randomize(s, r)
			if float64(s.Cost()) != m.Cost(s) {
				t.Fatalf("%s: start cost %d, recount %v", name, s.Cost(), m.Cost(s))
			}
			for i := range 3000 {
				w := m.Propose(s, r)
				if b.Given(int(w.A)) || b.Given(int(w.B)) || w.A == w.B {
					t.Fatalf("%s: move %d swaps %v on %v", name, i, w, b)
				}
				before := m.Cost(s)
				d := m.Delta(s, w)
				m.Apply(s, w)
				after := m.Cost(s)
				if after-before != d || float64(s.Cost()) != after {
					t.Fatalf("%s, %.0f%% empty, move %d %v: delta %v, recount %v -> %v, kept %d",
						name, 100*empty, i, w, d, before, after, s.Cost())
				}
			}
			// Every box that is a swap group still holds its start digits,
			// and no given moved.
			for c := range g.NumCells() {
				if b.Given(c) && s.Digit(c) != b.Get(c) {
					t.Fatalf("%s: given %s changed", name, g.CellName(c))
				}
			}
		}
	}
}

// checkSolution fails t unless sol solves puzzle.
func checkSolution(t *testing.T, name string, puzzle, sol *sudoku.Board) {
	t.Helper()
	if sol == nil || !sol.Filled() {
		t.Fatalf("%s: not filled: %v", name, sol)
	}
	if err := sol.Validate(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	g := puzzle.Geometry()
	for c := range g.NumCells() {
		if d := puzzle.Get(c); d != 0 && (sol.Get(c) != d || sol.Given(c) != puzzle.Given(c)) {
			t.Fatalf("%s: %s changed", name, g.CellName(c))
		}
	}
}

func TestSolveGeometries(t *testing.T) {
	noLeak(t)
	for name, g := range geometries(t) {
		if testing.Short() && g.Digits() > 9 {
			continue
		}
		for _, presolve := range []bool{false, true} {
			for seed := range uint64(3) {
				// Boards emptied to 20 % or 100 % are quick to anneal; the
				// hard ones lie between (see examples/phase).
				b := puzzle(t, g, []float64{1, 0.2, 1}[seed], seed)
				orig := b.Clone()
				var st anneal.Stats
				opts := []anneal.Option{anneal.WithSeed(seed), anneal.WithWorkers(int(seed)), anneal.WithStats(&st)}
				if presolve {
					opts = append(opts, anneal.WithPresolve(placeSingles))
				}
				sol, err := anneal.Solve(context.Background(), b, opts...)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if st.Status != anneal.TargetReached || st.BestCost != 0 || st.Runs != 1 {
					t.Errorf("%s: %+v", name, st)
				}
				checkSolution(t, name, b, sol)
				if !b.Equal(orig) {
					t.Errorf("%s: Solve changed the puzzle", name)
				}
			}
		}
	}
}

func TestSolveReference(t *testing.T) {
	// Hard puzzles with a unique solution are slow to anneal (seconds for
	// magictour's and the minimal 16x16 ones), so only graded ones here.
	sets := []struct {
		name     string
		max      int
		presolve bool
	}{{"9x9-levels/easy", 2, false}, {"9x9-levels/medium", 3, true}}
	for _, set := range sets {
		puzzles, solutions := reference.LocalSet(t, set.name, set.max)
		for i, b := range puzzles {
			opts := []anneal.Option{anneal.WithSeed(uint64(i))}
			if set.presolve {
				opts = append(opts, anneal.WithPresolve(placeSingles))
			}
			sol, err := anneal.Solve(context.Background(), b, opts...)
			if err != nil {
				t.Fatalf("%s #%d: %v", set.name, i+1, err)
			}
			checkSolution(t, set.name, b, sol)
			if solutions != nil && !cmp.Equal(sol.Digits(), solutions[i].Digits()) {
				t.Errorf("%s #%d: not the unique solution", set.name, i+1)
			}
		}
	}
}

// placeSingles is logic.PlaceSingles as a presolve function.
func placeSingles(_ context.Context, b *sudoku.Board) (*sudoku.Board, error) {
	return logic.PlaceSingles(b)
}

func TestPresolveFixesCells(t *testing.T) {
	puzzles := reference.LocalBoards(t, "9x9-levels/simple", 3)
	for i, b := range puzzles {
		plain, err := anneal.NewModel(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		fixed, err := anneal.NewModel(context.Background(), b, anneal.WithPresolve(placeSingles))
		if err != nil {
			t.Fatal(err)
		}
		// Simple puzzles fall to singles: nothing is left to swap.
		if plain.Size() == 0 || fixed.Size() != 0 {
			t.Errorf("#%d: %d free cells, %d after presolving", i+1, plain.Size(), fixed.Size())
		}
		var st anneal.Stats
		sol, err := anneal.Solve(context.Background(), b, anneal.WithPresolve(placeSingles), anneal.WithStats(&st))
		if err != nil || st.Moves != 0 {
			t.Fatalf("#%d: %v after %d moves", i+1, err, st.Moves)
		}
		checkSolution(t, "presolved", b, sol)
	}
}

// TestPresolve checks what WithPresolve does with what its function
// gives: errors passed on wrapped, bad boards rejected, and the caller's
// board never changed, even by a function that writes to its argument.
func TestPresolve(t *testing.T) {
	ctx := context.Background()
	b, err := sudoku.Parse("..4.27..1......4.2.3.4...7.3..74..9.8.139.....96..1....2....3........6.4..7....8.")
	if err != nil {
		t.Fatal(err)
	}
	orig := b.Clone()
	mine := errors.New("mine")
	g16, _ := sudoku.NewGeometry(4, 4)
	for name, tc := range map[string]struct {
		f    func(context.Context, *sudoku.Board) (*sudoku.Board, error)
		want error
	}{
		"error":          {func(context.Context, *sudoku.Board) (*sudoku.Board, error) { return nil, mine }, mine},
		"nil board":      {func(context.Context, *sudoku.Board) (*sudoku.Board, error) { return nil, nil }, sudoku.ErrInvalidArgument},
		"other geometry": {func(context.Context, *sudoku.Board) (*sudoku.Board, error) { return sudoku.NewBoard(g16), nil }, sudoku.ErrInvalidArgument},
		"given changed": {func(_ context.Context, in *sudoku.Board) (*sudoku.Board, error) {
			out := sudoku.NewBoard(in.Geometry())
			return out, nil
		}, sudoku.ErrInvalidArgument},
		"conflict": {func(_ context.Context, in *sudoku.Board) (*sudoku.Board, error) {
			_ = in.Set(0, 4) // r1c3 holds 4
			return in, nil
		}, sudoku.ErrConflict},
	} {
		sol, err := anneal.Solve(ctx, b, anneal.WithPresolve(tc.f), anneal.WithWorkers(1))
		if !errors.Is(err, tc.want) || sol != nil {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
		if _, err := anneal.NewModel(context.Background(), b, anneal.WithPresolve(tc.f)); !errors.Is(err, tc.want) {
			t.Errorf("NewModel, %s: %v, want %v", name, err, tc.want)
		}
		if !b.Equal(orig) {
			t.Fatalf("%s: the puzzle was changed", name)
		}
	}
	var ce *sudoku.ConflictError
	_, err = anneal.Solve(ctx, b, anneal.WithPresolve(func(_ context.Context, in *sudoku.Board) (*sudoku.Board, error) {
		_ = in.Set(0, 4)
		return in, nil
	}))
	if !errors.As(err, &ce) {
		t.Errorf("conflict: %v is not a *sudoku.ConflictError", err)
	}
	// A contradiction found by the presolve function comes back wrapped.
	dead, err := sudoku.Parse("12345678.........9...............................................................")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := anneal.Solve(ctx, dead, anneal.WithPresolve(placeSingles)); !errors.Is(err, logic.ErrContradiction) {
		t.Errorf("contradiction: %v", err)
	}
	// The function gets the call's context: one that has ended ends it.
	ended, cancel := context.WithCancel(ctx)
	cancel()
	heed := anneal.WithPresolve(func(ctx context.Context, in *sudoku.Board) (*sudoku.Board, error) { return in, ctx.Err() })
	if _, err := anneal.Solve(ended, b, heed); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve, ended context: %v", err)
	}
	if _, err := anneal.NewModel(ended, b, heed); !errors.Is(err, context.Canceled) {
		t.Errorf("NewModel, ended context: %v", err)
	}
	var nilCtx context.Context
	if _, err := anneal.NewModel(nilCtx, b, heed); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("NewModel, nil context: %v", err)
	}
}

func TestSolveErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := anneal.Solve(ctx, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil board: %v", err)
	}
	if _, err := anneal.Solve(context.Context(nil), sudoku.NewBoard(nil)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil context: %v", err)
	}
	if _, err := anneal.Solve(ctx, sudoku.NewBoard(nil), nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil option: %v", err)
	}
	conflict, err := sudoku.Parse("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	var ce *sudoku.ConflictError
	if _, err := anneal.Solve(ctx, conflict); !errors.Is(err, sudoku.ErrConflict) || !errors.As(err, &ce) {
		t.Errorf("conflicting givens: %v", err)
	}
	// A geometry whose box leaves out an empty cell.
	g4, _ := sudoku.NewGeometry(2, 2)
	spec := g4.Spec()
	spec.Units = spec.Units[:len(spec.Units)-1] // drop the last box
	holey, err := sudoku.NewCustomGeometry(spec)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := anneal.Solve(ctx, sudoku.NewBoard(holey)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("cell in no box: %v", err)
	}
	// A run that ends without a solution says so, and still returns its best.
	g16, _ := sudoku.NewGeometry(4, 4)
	var st anneal.Stats
	best, err := anneal.Solve(ctx, sudoku.NewBoard(g16), anneal.WithChainLimit(1), anneal.WithSeed(1), anneal.WithStats(&st))
	if !errors.Is(err, anneal.ErrNotSolved) || st.Status != anneal.ChainLimit || best == nil || !best.Filled() || st.BestCost <= 0 {
		t.Errorf("chain limit: %v, %+v", err, st)
	}
	// Run with a nil model, or a nil or foreign start state.
	var nilModel *anneal.Model
	if _, err := anneal.Run(ctx, nilModel, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil model: %v", err)
	}
	m, err := anneal.NewModel(context.Background(), sudoku.NewBoard(g4))
	if err != nil {
		t.Fatal(err)
	}
	other, err := anneal.NewModel(context.Background(), sudoku.NewBoard(g16))
	if err != nil {
		t.Fatal(err)
	}
	for _, start := range []*anneal.BoardState{nil, other.Start()} {
		best, err := anneal.Run(ctx, m, start, anneal.WithTarget(0), anneal.WithSeed(1), anneal.WithRestarts(anneal.Unlimited))
		if err != nil || !best.Board().Solved() {
			t.Errorf("start %p: %v", start, err)
		}
	}
	// A canceled context: the best board so far (the start) and its error.
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if b, err := anneal.Solve(canceled, sudoku.NewBoard(g16)); !errors.Is(err, context.Canceled) || b == nil || !b.Filled() {
		t.Errorf("canceled: %v", err)
	}
}

func TestBoardStateAccessors(t *testing.T) {
	var nilState *anneal.BoardState
	if nilState.Board() != nil || nilState.Digit(0) != 0 || nilState.Cost() != -1 {
		t.Error("nil BoardState")
	}
	m, err := anneal.NewModel(context.Background(), sudoku.NewBoard(nil))
	if err != nil {
		t.Fatal(err)
	}
	s := m.Start()
	if s.Digit(-1) != 0 || s.Digit(81) != 0 || s.Digit(0) == 0 || m.Size() != 81 || m.Geometry() != sudoku.Classic() {
		t.Errorf("Digit(-1) %d, Digit(81) %d, Digit(0) %d, Size %d", s.Digit(-1), s.Digit(81), s.Digit(0), m.Size())
	}
	// Start fills every box with 1..9: the rows then repeat digits.
	if c := m.Copy(nil, s); c.Cost() != s.Cost() || s.Cost() == 0 || !cmp.Equal(c.Board().Digits(), s.Board().Digits()) {
		t.Errorf("copy cost %d, start cost %d", c.Cost(), s.Cost())
	}
}
