// Package reference reads the reference puzzle sets kept in
// ../shared/puzzles beside the checkout, for tests and benchmarks. A test
// that asks for a set that is not there is skipped, not failed.
package reference

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Dir returns the directory of the reference sets.
func Dir() string {
	_, file, _, _ := runtime.Caller(0) // .../internal/reference/reference.go
	root := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	return filepath.Join(root, "..", "shared", "puzzles")
}

// Path returns the path of a file of the reference sets, skipping tb when
// it is absent.
func Path(tb testing.TB, file string) string {
	tb.Helper()
	path := filepath.Join(Dir(), file)
	if _, err := os.Stat(path); os.IsNotExist(err) {
		tb.Skipf("reference file %s not present", path)
	}
	return path
}

// Boards reads up to max puzzles (0: all) of the set name, one per line,
// from name.txt.
func Boards(tb testing.TB, name string, max int) []*sudoku.Board {
	tb.Helper()
	return read(tb, Path(tb, name+".txt"), max)
}

// Set reads up to max puzzles (0: all) of the set name and, when a
// name.sol.txt file is beside it, their solutions (else nil).
func Set(tb testing.TB, name string, max int) (puzzles, solutions []*sudoku.Board) {
	tb.Helper()
	puzzles = Boards(tb, name, max)
	sol := filepath.Join(Dir(), name+".sol.txt")
	if _, err := os.Stat(sol); err == nil {
		solutions = read(tb, sol, max)
	}
	return puzzles, solutions
}

func read(tb testing.TB, path string, max int) []*sudoku.Board {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []*sudoku.Board
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan() && (max == 0 || len(out) < max); line++ {
		b, err := sudoku.Parse(sc.Text())
		if err != nil {
			tb.Fatalf("%s line %d: %v", path, line, err)
		}
		out = append(out, b)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// Sample scales a sample of n puzzles down for -short (a quarter) and for
// the race detector (an eighth more), keeping at least 2.
func Sample(n int, race bool) int {
	if testing.Short() {
		n /= 4
	}
	if race {
		n /= 8
	}
	return max(n, 2)
}
