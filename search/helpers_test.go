package search_test

import (
	"github.com/cubedoku/cubedoku/logic"
	"math/rand/v2"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/sudoku"
)

// TestMain gives the tests at least four processors, so that searches with
// two and four workers run as such on any machine: the search uses no more
// workers than GOMAXPROCS.
func TestMain(m *testing.M) {
	runtime.GOMAXPROCS(max(4, runtime.GOMAXPROCS(0)))
	os.Exit(m.Run())
}

// noLeaks fails the test if goroutines started during it are still
// running shortly after it ends.
func noLeaks(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(2 * time.Second)
		for {
			now := runtime.NumGoroutine()
			if now <= before {
				return
			}
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<16)
				t.Errorf("%d goroutines before, %d after:\n%s", before, now, buf[:runtime.Stack(buf, true)])
				return
			}
			time.Sleep(time.Millisecond)
		}
	})
}

// checkSolution fails unless sol solves puzzle: filled, valid, and keeping
// every digit of the puzzle.
func checkSolution(tb testing.TB, puzzle, sol *sudoku.Board) {
	tb.Helper()
	if sol == nil {
		tb.Fatal("nil solution")
	}
	if err := sol.Validate(); err != nil || !sol.Filled() {
		tb.Fatalf("not a solution (%v):\n%s", err, sol.Pretty())
	}
	for c := range puzzle.Geometry().NumCells() {
		if d := puzzle.Get(c); d != 0 && sol.Get(c) != d {
			tb.Fatalf("solution changes %s from %d to %d", puzzle.Geometry().CellName(c), d, sol.Get(c))
		}
		if puzzle.Given(c) != sol.Given(c) {
			tb.Fatalf("solution changes whether %s is a given", puzzle.Geometry().CellName(c))
		}
	}
}

func geometry(tb testing.TB, r, c int) *sudoku.Geometry {
	tb.Helper()
	g, err := sudoku.NewGeometry(r, c)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// holesAtRandom returns a full board of g made by a formula, its digits
// renamed at random (so that it is not the grid the search tries first,
// see valueOrder), every digit a given, with each cell emptied with
// probability frac (from the seed).
func holesAtRandom(tb testing.TB, g *sudoku.Geometry, frac float64, seed uint64) *sudoku.Board {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, 0))
	b := sudoku.NewBoard(g)
	br, bc, n := g.BoxRows(), g.BoxCols(), g.Digits()
	names := rng.Perm(n)
	for c := range g.NumCells() {
		r, col := g.RowCol(c)
		if rng.Float64() >= frac {
			if err := b.SetGiven(c, names[(bc*(r%br)+r/br+col)%n]+1); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return b
}

// simpleLadder is logic's ladder without the chains and what is rated
// with them (6.6 and up): the tests of WithRules check the search with
// rules at every node, and those rules cost milliseconds a node on big
// boards.
func simpleLadder(unique bool) logic.Rules {
	var out logic.Rules
	for _, r := range logic.Ladder(unique) {
		if r.(logic.Technique).Rating() < logic.RemotePair.Rating() {
			out = append(out, r)
		}
	}
	return out
}
