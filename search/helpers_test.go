package search_test

import (
	"bufio"
	"os"
	"path/filepath"
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

// puzzleDir is the reference puzzle library beside the checkout.
var puzzleDir = filepath.Join("..", "..", "shared", "puzzles")

// readSet reads up to max puzzles (0: all) of a reference file, and their
// solutions when a .sol.txt file is beside it. It skips the test when the
// file is absent.
func readSet(tb testing.TB, name string, max int) (puzzles, solutions []*sudoku.Board) {
	tb.Helper()
	puzzles = readBoards(tb, filepath.Join(puzzleDir, name+".txt"), max)
	sol := filepath.Join(puzzleDir, name+".sol.txt")
	if _, err := os.Stat(sol); err == nil {
		solutions = readBoards(tb, sol, max)
	}
	return puzzles, solutions
}

func readBoards(tb testing.TB, path string, max int) []*sudoku.Board {
	tb.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		tb.Skipf("reference set %s not present", path)
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []*sudoku.Board
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && (max == 0 || len(out) < max) {
		b, err := sudoku.Parse(sc.Text())
		if err != nil {
			tb.Fatalf("%s line %d: %v", path, len(out)+1, err)
		}
		out = append(out, b)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
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
		tb.Fatalf("not a solution (%v):\n%s", err, sol.Grid())
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
