package search_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// holes returns a copy of solution with n random cells emptied (givens
// everywhere else), and one random cell changed to another digit when
// wrong is set (as an entry, not a given).
func holes(t testing.TB, rng *rand.Rand, solution *sudoku.Board, n int, wrong bool) *sudoku.Board {
	t.Helper()
	g := solution.Geometry()
	p := sudoku.NewBoard(g)
	for c := range g.NumCells() {
		if err := p.SetGiven(c, solution.Get(c)); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range rng.Perm(g.NumCells())[:n] {
		p.SetGiven(c, 0)
	}
	if wrong {
		c := rng.IntN(g.NumCells())
		p.SetGiven(c, 0)
		if err := p.Set(c, 1+(solution.Get(c)+rng.IntN(g.Digits()-1))%g.Digits()); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// TestClassicMatchesGeneral compares the classic 9x9 search with the
// general one on boards made from reference solutions with many cells
// emptied (so with many solutions) and sometimes a wrong digit (so
// with none): the counts must agree, and so must the sets of solutions.
func TestClassicMatchesGeneral(t *testing.T) {
	_, sols := reference.LocalSet(t, "9x9-levels", 0)
	rng := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	rounds := 400
	if raceEnabled {
		rounds = 60
	}
	for i := range rounds {
		p := holes(t, rng, sols[i%len(sols)], 45+rng.IntN(20), i%4 == 0)
		const limit = 50
		want, err := search.Count(ctx, p, limit, search.WithGeneralEngine(), search.WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		var st search.Stats
		got, err := search.Count(ctx, p, limit, search.WithStats(&st))
		if err != nil || got != want {
			t.Fatalf("%s: classic count %d (%v), general %d", p.Line(), got, err, want)
		}
		if st.Workers != 1 || st.Solutions < int64(got) || (got > 0 && st.Nodes < 1) {
			t.Errorf("%s: stats %+v", p.Line(), st)
		}
		if want > 0 && want < limit {
			if a, b := solutions(t, p), solutions(t, p, search.WithGeneralEngine(), search.WithWorkers(1)); !slices.Equal(a, b) {
				t.Fatalf("%s: classic and general searches find different solutions", p.Line())
			}
		}
		sol, err := search.Solve(ctx, p)
		switch {
		case want == 0 && !errors.Is(err, search.ErrNoSolution):
			t.Fatalf("%s: no solution, but Solve returns %v", p.Line(), err)
		case want > 0 && err != nil:
			t.Fatalf("%s: %v", p.Line(), err)
		case want > 0:
			checkSolution(t, p, sol)
		}
	}
}

// solutions returns the solutions of p found by All, as sorted lines.
func solutions(t *testing.T, p *sudoku.Board, opts ...search.Option) []string {
	t.Helper()
	var out []string
	for sol, err := range search.All(context.Background(), p, opts...) {
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, p, sol)
		out = append(out, sol.Line())
	}
	slices.Sort(out)
	return out
}

// TestClassicNoSolutionErrors checks the errors for boards without a
// solution: the classic search reports them as the general search does,
// also when its locked candidates see the contradiction before singles do.
func TestClassicNoSolutionErrors(t *testing.T) {
	ctx := context.Background()
	cases := []string{
		// Two 5s in the first row: a conflict of givens.
		"55...............................................................................",
		// Two 9s in the last row, in a column (the first and the
		// seventh row), and in a box (neither row nor column shared).
		"........................................................................9.......9",
		"......8..............................................................8...........",
		"..............................7..........7.......................................",
		// The same digit twice in one column within a band.
		"..3........3.....................................................................",
		// The 1s below and the digits at the ends of rows 1 and 2 leave
		// both rows a 1 only in the first box: singles see nothing.
		".....2..3" + ".....4..5" + "........." +
			"...1....." + "......1.." + "........." +
			"....1...." + ".......1." + ".........",
		// Singles leave this one open; locked candidates empty a house
		// before any guess (found among boards made as in
		// TestClassicMatchesGeneral).
		"...79.2.6.....58...5..8........1.364.7....9..9.6834...1...78..3.......177...4....",
	}
	for _, line := range cases {
		p, err := sudoku.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		_, err = search.Solve(ctx, p)
		_, gerr := search.Solve(ctx, p, search.WithGeneralEngine())
		if !errors.Is(err, search.ErrNoSolution) || !errors.Is(gerr, search.ErrNoSolution) {
			t.Errorf("%s: classic %v, general %v", line, err, gerr)
		}
		var conflict *sudoku.ConflictError
		if errors.As(gerr, &conflict) != errors.As(err, &conflict) {
			t.Errorf("%s: classic %v, general %v", line, err, gerr)
		}
		if errors.Is(gerr, logic.ErrContradiction) && !errors.Is(err, logic.ErrContradiction) {
			t.Errorf("%s: classic %v, general %v", line, err, gerr)
		}
		if n, err := search.Count(ctx, p, 2); n != 0 || err != nil {
			t.Errorf("%s: Count = %d, %v", line, n, err)
		}
	}
}

// FuzzClassic builds a 9x9 board from the input (pairs of cell and
// digit, as entries) and compares the classic search with the general
// one: the same count up to a limit, the same verdict from Solve.
func FuzzClassic(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 1, 2, 2, 3, 9, 4, 10, 5})
	f.Add([]byte{0, 1, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		p := sudoku.NewBoard(nil)
		for i := 0; i+1 < len(data); i += 2 {
			p.Set(int(data[i])%81, int(data[i+1])%10)
		}
		ctx := context.Background()
		const limit = 3
		got, err := search.Count(ctx, p, limit)
		want, gerr := search.Count(ctx, p, limit, search.WithGeneralEngine(), search.WithWorkers(1))
		if err != nil || gerr != nil || got != want {
			t.Fatalf("%s: classic %d (%v), general %d (%v)", p.Line(), got, err, want, gerr)
		}
		sol, err := search.Solve(ctx, p)
		if (err == nil) != (want > 0) {
			t.Fatalf("%s: count %d, Solve: %v", p.Line(), want, err)
		}
		if err == nil {
			checkSolution(t, p, sol)
		} else if !errors.Is(err, search.ErrNoSolution) {
			t.Fatalf("%s: %v", p.Line(), err)
		}
	})
}

// TestClassicSparseContradiction: boards with a dozen digits that already
// rule each other out (found by FuzzClassic) took the classic search 14
// and 37 million nodes when it branched on the first cell with two digits
// whatever had failed; weighing its branching by the contradictions met
// ends them in a few thousand.
func TestClassicSparseContradiction(t *testing.T) {
	for _, line := range []string{
		"......5.......8.............1......6.............5.....895.......589..........6..",
		".................................................67....85.9......958............7",
	} {
		p, err := sudoku.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		var st search.Stats
		n, err := search.Count(context.Background(), p, 3, search.WithStats(&st))
		if n != 0 || err != nil {
			t.Errorf("%s: Count = %d, %v; want 0", line, n, err)
		}
		if st.Nodes > 100_000 {
			t.Errorf("%s: %d nodes to find no solution", line, st.Nodes)
		}
		if _, err := search.Solve(context.Background(), p); !errors.Is(err, search.ErrNoSolution) {
			t.Errorf("%s: Solve = %v, want ErrNoSolution", line, err)
		}
	}
}
