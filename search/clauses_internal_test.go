package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/cubedoku/cubedoku/internal/clauses"
	"github.com/cubedoku/cubedoku/internal/engine"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestClausesSolve: the clause-learning search, run to its end, finds a
// solution of boards with 40 to 60 % of their cells open, of square and
// rectangular boxes and with diagonals (units that are houses of their
// own), which the validator accepts; and proves boards without a
// solution to have none, when propagation alone does not.
func TestClausesSolve(t *testing.T) {
	var geoms []*sudoku.Geometry
	for _, box := range [][2]int{{2, 2}, {3, 3}, {3, 4}, {4, 4}, {2, 5}, {5, 5}} {
		g, err := sudoku.NewGeometry(box[0], box[1])
		if err != nil {
			t.Fatal(err)
		}
		geoms = append(geoms, g)
	}
	diagonal, err := sudoku.AddDiagonals(geoms[1])
	if err != nil {
		t.Fatal(err)
	}
	geoms = append(geoms, diagonal)
	solved := 0
	for i, g := range geoms {
		full, err := Solve(context.Background(), sudoku.NewBoard(g), WithWorkers(1), WithSeed(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 3))
		for _, open := range []float64{0.4, 0.5, 0.6} {
			if g.Digits() == 25 && open == 0.5 {
				continue // the hardest of the small boards: seconds
			}
			b := sudoku.NewBoard(g)
			for c := range g.NumCells() {
				if rng.Float64() >= open {
					b.SetGiven(c, full.Get(c))
				}
			}
			s, err := root(context.Background(), b, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Propagate(); err != nil {
				t.Fatal(err)
			}
			k, err := clauses.New(s, uint64(i), nil)
			if err != nil {
				t.Fatalf("%s, %.0f %% open: %v, want the encoding of a board with a solution", g, 100*open, err)
			}
			if st := k.Run(-1, nil).Status; st != engine.Solved {
				t.Fatalf("%s, %.0f %% open: status %d, want a solution", g, 100*open, st)
			}
			sol, err := k.State(s)
			if err != nil {
				t.Fatalf("%s, %.0f %% open: %v", g, 100*open, err)
			}
			out := b.Clone()
			if err := sol.Fill(out); err != nil {
				t.Fatal(err)
			}
			if err := out.Validate(); err != nil || !out.Filled() {
				t.Fatalf("%s, %.0f %% open: not a solution (%v):\n%s", g, 100*open, err, out.Pretty())
			}
			for c := range g.NumCells() {
				if d := b.Get(c); d != 0 && out.Get(c) != d {
					t.Fatalf("%s, %.0f %% open: the solution changes a given", g, 100*open)
				}
			}
			solved++

		}
	}
	if solved == 0 {
		t.Fatal("no board solved")
	}
}

// TestClausesProve: the clause-learning search proves that boards without
// a solution have none: puzzles with one solution given a wrong digit
// that propagation does not rule out, and the in-repository boards
// without a solution that propagation does not see through.
func TestClausesProve(t *testing.T) {
	boards := unsolvable(t)
	proved := 0
	for i, b := range boards {
		s, err := root(context.Background(), b, nil)
		if err != nil || s.Propagate() != nil {
			continue // propagation sees it
		}
		k, err := clauses.New(s, uint64(i), nil)
		if errors.Is(err, logic.ErrContradiction) {
			continue // the encoding sees it
		}
		if err != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		if st := k.Run(-1, nil).Status; st != engine.Exhausted {
			t.Fatalf("board %d: status %d, want no solution:\n%s", i, st, b.Pretty())
		}
		proved++
	}
	t.Logf("%d of %d boards proved to have no solution by the clause-learning search", proved, len(boards))
	if proved < 10 {
		t.Errorf("%d of %d boards proved to have no solution by the clause-learning search: the test wants more that propagation does not see through", proved, len(boards))
	}
}

// unsolvable returns boards without a solution: puzzles with one solution
// given a wrong digit that propagation does not rule out, and the
// in-repository boards without one.
func unsolvable(t *testing.T) []*sudoku.Board {
	var boards []*sudoku.Board
	for _, set := range [][2]string{{"16x16", "unique"}, {"12x12", "unique"}, {"9x9-levels", "guessing"}} {
		puzzles, sols := reference.LocalSet(t, set[0], 0, set[1])
		for i, b := range puzzles {
			if sols[i] == nil || !sols[i].Filled() {
				t.Fatalf("%s %d: no solution to compare with", set[0], i)
			}
			s, err := root(context.Background(), b, nil)
			if err != nil || s.Propagate() != nil {
				t.Fatalf("%s %d: %v", set[0], i, err)
			}
			for c := range b.Geometry().NumCells() {
				m := s.Candidates(c) &^ (1 << (sols[i].Get(c) - 1))
				if s.Value(c) != 0 || m == 0 {
					continue
				}
				wrong := b.Clone()
				wrong.SetGiven(c, bits.TrailingZeros64(m)+1)
				boards = append(boards, wrong)
				break
			}
		}
	}
	boards = append(boards, reference.LocalBoards(t, "9x9-none", 0)...)
	boards = append(boards, reference.LocalBoards(t, "16x16", 0, "clue added")...)
	boards = append(boards, reference.LocalBoards(t, "12x12", 0, "clue added")...)
	return boards
}

// TestClausesProofEnds: when the clause-learning search proves that a
// board has no solution, Solve says so at once, beside the tabu search or
// alone, and so does Count to 1, within a node limit that stops the exact
// search before it could.
func TestClausesProofEnds(t *testing.T) {
	// solve reports whether Solve with opts ended with a proof.
	solve := func(opts ...Option) func(*sudoku.Board) (bool, error) {
		return func(b *sudoku.Board) (bool, error) {
			var st Stats
			_, err := Solve(context.Background(), b, append(opts, WithNodeLimit(16), WithStats(&st))...)
			if errors.Is(err, ErrNoSolution) {
				return st.Conflicts > 0, nil
			}
			return false, err
		}
	}
	// count reports whether Count to 1 answered 0 where the exact search
	// alone stops at the node limit.
	count := func(b *sudoku.Board) (bool, error) {
		_, plain := Count(context.Background(), b, 1, WithWorkers(1), WithGeneralEngine(), WithClausesFrom(-1), WithNodeLimit(16))
		n, err := Count(context.Background(), b, 1, WithWorkers(1), WithGeneralEngine(), WithClausesFrom(1), WithNodeLimit(16))
		if n != 0 {
			return false, fmt.Errorf("Count %d, want 0", n)
		}
		return err == nil && errors.Is(plain, ErrNodeLimit), err
	}
	for _, tc := range []struct {
		name  string
		proof func(*sudoku.Board) (bool, error)
	}{
		{"Solve beside the tabu search", solve(WithWorkers(1), WithLocalFrom(1))},
		{"Solve alone, one worker", solve(WithWorkers(1), WithLocalFrom(-1), WithClausesFrom(1))},
		{"Solve alone, two workers", solve(WithWorkers(2), WithLocalFrom(-1), WithClausesFrom(1))},
		{"Count to 1", count},
	} {
		t.Run(tc.name, func(t *testing.T) {
			proved := 0
			for i, b := range unsolvable(t) {
				ok, err := tc.proof(b)
				if err != nil && !errors.Is(err, ErrNodeLimit) {
					t.Fatalf("board %d: %v, want a proof or ErrNodeLimit", i, err)
				}
				if ok {
					proved++
				}
			}
			t.Logf("%d boards proved to have no solution by the clause-learning search", proved)
			if proved < 5 {
				t.Errorf("%d boards proved to have no solution by the clause-learning search, want 5 or more", proved)
			}
		})
	}
}

// TestClausesAgreeWithCount: on hundreds of boards made from the
// in-repository puzzles of 9x9 to 16x16, with some clues taken out and
// an open cell given a digit other than the solution's, so that some
// keep a solution and some do not, the clause-learning search finds a
// solution exactly when the exact search counts one; its solutions keep
// the givens and are valid.
func TestClausesAgreeWithCount(t *testing.T) {
	var bases, sols []*sudoku.Board
	for _, set := range [][2]string{{"9x9-levels", "expert"}, {"9x9-levels", "guessing"}, {"12x12", "unique"}, {"16x16", "unique"}} {
		p, s := reference.LocalSet(t, set[0], 0, set[1])
		bases, sols = append(bases, p...), append(sols, s...)
	}
	rng := rand.New(rand.NewPCG(4, 5))
	yes, no, learnt, moved := 0, 0, 0, 0
	for i := range 800 {
		j := rng.IntN(len(bases))
		b, g := bases[j].Clone(), bases[j].Geometry()
		for range rng.IntN(8) {
			b.SetGiven(rng.IntN(g.NumCells()), 0)
		}
		s, err := root(context.Background(), b, nil)
		if err != nil || s.Propagate() != nil {
			t.Fatalf("board %d: %v", i, err)
		}
		for range 100 {
			c := rng.IntN(g.NumCells())
			if m := s.Candidates(c) &^ (1 << (sols[j].Get(c) - 1)); s.Value(c) == 0 && m != 0 {
				b.SetGiven(c, bits.TrailingZeros64(m)+1)
				break
			}
		}
		if s, err = root(context.Background(), b, nil); err != nil || s.Propagate() != nil {
			continue // propagation sees that there is no solution
		}
		n, err := Count(context.Background(), b, 1, WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		// Count's own clause-learning search, from the first node (see
		// clausesFrom), gives the same answer.
		var cst Stats
		m, err := Count(context.Background(), b, 1, WithWorkers(1+i%2), WithGeneralEngine(), WithClausesFrom(1), WithSeed(uint64(i)), WithStats(&cst))
		if err != nil || m != n {
			t.Fatalf("board %d: Count with clause learning %d (%v), without %d:\n%s", i, m, err, n, b.Pretty())
		}
		if cst.Conflicts > 0 {
			learnt++
		}
		// And so does Count to 1 where it is Solve's search, with the
		// tabu search.
		var tst Stats
		m, err = Count(context.Background(), b, 1, WithWorkers(1+i%2), WithGeneralEngine(), WithLocalFrom(1), WithSeed(uint64(i)), WithStats(&tst))
		if err != nil || m != n {
			t.Fatalf("board %d: Count with the tabu search %d (%v), without %d:\n%s", i, m, err, n, b.Pretty())
		}
		if tst.Moves > 0 {
			moved++
		}
		// So does Solve's, where it runs no tabu search.
		sol, err := Solve(context.Background(), b, WithWorkers(1+i%2), WithGeneralEngine(), WithLocalFrom(-1), WithClausesFrom(1), WithSeed(uint64(i)))
		switch {
		case n == 0 && !errors.Is(err, ErrNoSolution):
			t.Fatalf("board %d: Solve gave %v, want ErrNoSolution:\n%s", i, err, b.Pretty())
		case n == 1 && (err != nil || sol.Validate() != nil || !sol.Filled() || !keepsDigits(b, sol)):
			t.Fatalf("board %d: Solve gave %v, not a solution:\n%s", i, err, sol.Pretty())
		}
		k, err := clauses.New(s, uint64(i), nil)
		if err != nil {
			if !errors.Is(err, logic.ErrContradiction) || n != 0 {
				t.Fatalf("board %d: %v, Count %d:\n%s", i, err, n, b.Pretty())
			}
			no++
			continue
		}
		st := k.Run(-1, nil).Status
		if (st == engine.Solved) != (n == 1) || st == engine.Unknown {
			t.Fatalf("board %d: status %d, Count %d:\n%s", i, st, n, b.Pretty())
		}
		if st == engine.Solved {
			sol, err := k.State(s)
			if err != nil {
				t.Fatal(err)
			}
			out := b.Clone()
			if err := sol.Fill(out); err != nil || out.Validate() != nil || !out.Filled() {
				t.Fatalf("board %d: not a solution (%v):\n%s", i, err, out.Pretty())
			}
			yes++
		} else {
			no++
		}
	}
	t.Logf("%d boards with a solution, %d without; Count's clause-learning search met conflicts on %d, its tabu search moved on %d", yes, no, learnt, moved)
	if yes < 50 || no < 50 {
		t.Errorf("%d boards with a solution, %d without: the test wants many of both", yes, no)
	}
	if learnt < 50 || moved < 50 {
		t.Errorf("Count's clause-learning search met conflicts on %d boards, its tabu search moved on %d, want 50 or more of each", learnt, moved)
	}
}

// TestClausesCountToTwo: Count to 2, whose clause-learning search counts
// on its own, ruling out each solution it finds, gives the exact count's
// answer on hundreds of boards made from the in-repository puzzles with
// some clues taken out (some keep one solution, some get more), a third of
// them with a cell marked (see WithMarks), with one and two workers; and
// with one worker, the clause-learning search answers both ways, ending
// the call before the exact search alone would have (in fewer of its
// nodes: the exact search walks the same tree either way).
func TestClausesCountToTwo(t *testing.T) {
	var answered [3]int
	for i, c := range countCases(t, 300, 12, 6) {
		b, opts := c.b, append(c.opts, WithGeneralEngine())
		want, err := Count(context.Background(), b, 2, append(opts, WithWorkers(1))...)
		if err != nil {
			t.Fatal(err)
		}
		n, err := Count(context.Background(), b, 2, append(opts, WithWorkers(1+i%2), WithClausesFrom(1), WithSeed(uint64(i)))...)
		if err != nil || n != want {
			t.Fatalf("board %d: Count with clause learning %d (%v), want %d:\n%s", i, n, err, want, b.Pretty())
		}
		var plain, both Stats
		if _, err := Count(context.Background(), b, 2, append(opts, WithWorkers(1), WithClausesFrom(-1), WithStats(&plain))...); err != nil {
			t.Fatal(err)
		}
		n, err = Count(context.Background(), b, 2, append(opts, WithWorkers(1), WithClausesFrom(1), WithStats(&both))...)
		if err != nil || n != want {
			t.Fatalf("board %d: Count with clause learning, one worker, %d (%v), want %d:\n%s", i, n, err, want, b.Pretty())
		}
		if both.Nodes < plain.Nodes {
			answered[n]++
		}
	}
	t.Logf("answered first by the clause-learning search: %d unique, %d with more solutions", answered[1], answered[2])
	if answered[1] < 20 || answered[2] < 20 {
		t.Errorf("answered first by the clause-learning search: %d unique, %d with more solutions; want 20 or more of each", answered[1], answered[2])
	}
}

// A countCase is a board to count, with its options (see countCases).
type countCase struct {
	b    *sudoku.Board
	opts []Option
}

// countCases returns n boards made from the in-repository puzzles of 9x9
// to 16x16 with up to out-1 clues taken out, so that some keep one
// solution and some get more, from the random stream of seed; every third
// has a cell marked to keep all its digits but one (see WithMarks).
func countCases(t *testing.T, n, out int, seed uint64) []countCase {
	var bases []*sudoku.Board
	for _, set := range [][2]string{{"9x9-levels", "expert"}, {"12x12", "unique"}, {"16x16", "unique"}} {
		p, _ := reference.LocalSet(t, set[0], 0, set[1])
		bases = append(bases, p...)
	}
	rng := rand.New(rand.NewPCG(seed, seed+1))
	cases := make([]countCase, n)
	for i := range cases {
		j := rng.IntN(len(bases))
		b, g := bases[j].Clone(), bases[j].Geometry()
		for range rng.IntN(out) {
			b.SetGiven(rng.IntN(g.NumCells()), 0)
		}
		cases[i].b = b
		if i%3 == 0 {
			marks := make([]uint64, g.NumCells())
			c := rng.IntN(g.NumCells())
			marks[c] = (1<<g.Digits() - 1) &^ (1 << rng.IntN(g.Digits()))
			cases[i].opts = []Option{WithMarks(marks)}
		}
	}
	return cases
}

// keepsDigits reports whether sol has every digit of b in its cell.
func keepsDigits(b, sol *sudoku.Board) bool {
	for c := range b.Geometry().NumCells() {
		if d := b.Get(c); d != 0 && sol.Get(c) != d {
			return false
		}
	}
	return true
}
