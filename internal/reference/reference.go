// Package reference holds the puzzles the tests of the library read, in two
// places:
//
//   - The in-repository sets, testdata/*.txt, embedded in the package, so
//     reading them depends on neither the working directory nor anything
//     beside the checkout, and the test cache sees them as part of the
//     test binary. They are small (tens of kilobytes), made by the
//     library's own generator and checked by Count, an independent
//     brute-force counter. Local reads them; a set that is not there, or
//     a malformed line, fails the test: the correctness tests never skip.
//     Make them again with
//
//     go generate ./internal/reference
//
//     (which runs go run ./gen; its seeds are fixed).
//
//   - The large reference sets kept in ../shared/puzzles beside the
//     checkout (tens of thousands of puzzles from outside the project),
//     read by Set, Boards, Path and SharedDir, for benchmarks and long
//     tests only. A long test runs only when the environment variable
//     named by LongEnv is set, as in
//
//     CUBEDOKU_LONG=1 go test ./...
//
//     and then fails if the set is absent; without the variable it skips,
//     saying so. Because the variable is part of what the test cache keys
//     on, setting it runs the long tests again rather than replaying an
//     earlier skip (files outside the module, as ../shared is, are not).
//     Benchmarks need no variable: they skip, saying so, when the set is
//     absent.
//
// # The in-repository format
//
// A set is a text file, one puzzle a line, with four fields separated by
// tabs: the puzzle (sudoku.Board.Line), a solution ("-" when it has none),
// the number of solutions (exact; the multi-solution sets keep it small),
// and a tag ("-" when there is none): the level grade gave the puzzle, the
// technique it needs, or how it was made. Lines that begin with # are
// comments. A name "set/tag" given to Local, LocalSet or LocalBoards
// stands for the set with that tag only, as "9x9-levels/easy".
// bad-inputs.txt is kept as it is in the shared library (a comment line,
// then an input line): read it with ReadFile, Text or File.
//
// # The sets
//
//	9x9-levels      20 puzzles of each level of package grade, minimal for
//	                the rules of their level (tag: simple ... guessing)
//	9x9-techniques  2 puzzles whose grading needs each technique from
//	                locked candidates to BUG+1 (tag: the technique's name)
//	9x9-minimal     40 minimal puzzles
//	9x9-multi       60 puzzles with 2 to 300 solutions: minimal puzzles
//	                with 1 to 4 clues removed (tag: "removed k")
//	9x9-none        20 puzzles with consistent givens and no solution
//	4x4, 6x6, 8x8,  minimal puzzles on boxes of 2x2, 2x3, 2x4, 3x4, 4x4
//	12x12, 16x16    (tag unique), then a few with several solutions and a
//	                few with none
//	25x25           3 puzzles of 330 clues, unique, not minimal (the
//	                counter is slow on fewer)
//	bad-inputs      17 malformed or unsolvable inputs, hand-made
package reference

import (
	"bufio"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

//go:generate go run ./gen

//go:embed testdata/*.txt
var local embed.FS

// Puzzle is one line of an in-repository set.
type Puzzle struct {
	// Board holds the puzzle's clues, as givens.
	Board *sudoku.Board
	// Solution is the puzzle's solution when Count is 1, one of its
	// solutions when Count is more, nil when Count is 0. Its cells are
	// all givens.
	Solution *sudoku.Board
	// Count is the number of solutions, exact.
	Count int
	// Tag is the line's tag field, "" for "-".
	Tag string
	// Line is the line number in the file, from 1.
	Line int
}

// Names returns the names of the in-repository sets (without .txt), in
// lexical order, bad-inputs included.
func Names() []string {
	entries, err := fs.ReadDir(local, "testdata")
	if err != nil {
		panic(err) // the embedded directory is always there
	}
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".txt"))
	}
	return out
}

// ReadFile returns the contents of the in-repository file name (with its
// extension, as "bad-inputs.txt"), as os.ReadFile would.
func ReadFile(name string) ([]byte, error) {
	data, err := local.ReadFile(path.Join("testdata", name))
	if err != nil {
		return nil, fmt.Errorf("reference: in-repository file %s: %w (the sets are in internal/reference/testdata)", name, err)
	}
	return data, nil
}

// Text returns the contents of the in-repository file name (with its
// extension, as "bad-inputs.txt"), failing tb when there is none.
func Text(tb testing.TB, name string) string {
	tb.Helper()
	data, err := ReadFile(name)
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// File writes a copy of the in-repository file name into a temporary
// directory of tb, under the same name, and returns its path: for programs
// that take a file name.
func File(tb testing.TB, name string) string {
	tb.Helper()
	file := filepath.Join(tb.TempDir(), name)
	if err := os.WriteFile(file, []byte(Text(tb, name)), 0o644); err != nil {
		tb.Fatal(err)
	}
	return file
}

// Local reads the in-repository set name (name.txt in testdata) and
// returns its puzzles, in file order; with tags, only the lines with one
// of those tags (name may also be "set/tag"). A set that is absent, a malformed line, or tags that
// match no line fail tb: Local never skips.
func Local(tb testing.TB, name string, tags ...string) []Puzzle {
	tb.Helper()
	if set, tag, ok := strings.Cut(name, "/"); ok {
		name, tags = set, append(slices.Clone(tags), tag)
	}
	text := Text(tb, name+".txt")
	var out []Puzzle
	matched := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := parseLine(line)
		if err != nil {
			tb.Fatalf("reference: %s.txt line %d: %v", name, i+1, err)
		}
		p.Line = i + 1
		if len(tags) > 0 && !slices.Contains(tags, p.Tag) {
			continue
		}
		matched[p.Tag] = true
		out = append(out, p)
	}
	for _, tag := range tags {
		if !matched[tag] {
			tb.Fatalf("reference: %s.txt has no line tagged %q", name, tag)
		}
	}
	if len(out) == 0 {
		tb.Fatalf("reference: %s.txt holds no puzzle", name)
	}
	return out
}

// LocalBoards returns the first max boards (0: all) of Local(tb, name,
// tags...): the in-repository counterpart of Boards.
func LocalBoards(tb testing.TB, name string, max int, tags ...string) []*sudoku.Board {
	tb.Helper()
	puzzles, _ := LocalSet(tb, name, max, tags...)
	return puzzles
}

// LocalSet returns the first max puzzles (0: all) of Local(tb, name,
// tags...) and their solutions (one of them when a puzzle has several,
// nil when it has none): the in-repository counterpart of Set.
func LocalSet(tb testing.TB, name string, max int, tags ...string) (puzzles, solutions []*sudoku.Board) {
	tb.Helper()
	for _, p := range Local(tb, name, tags...) {
		if max > 0 && len(puzzles) == max {
			break
		}
		puzzles = append(puzzles, p.Board)
		solutions = append(solutions, p.Solution)
	}
	return puzzles, solutions
}

// parseLine reads one line of an in-repository set.
func parseLine(line string) (Puzzle, error) {
	f := strings.Split(line, "\t")
	if len(f) != 4 {
		return Puzzle{}, fmt.Errorf("%d tab-separated fields, want 4", len(f))
	}
	var p Puzzle
	var err error
	if p.Board, err = sudoku.Parse(f[0]); err != nil {
		return Puzzle{}, fmt.Errorf("puzzle: %w", err)
	}
	if p.Count, err = strconv.Atoi(f[2]); err != nil || p.Count < 0 {
		return Puzzle{}, fmt.Errorf("count %q", f[2])
	}
	if f[1] != "-" {
		if p.Solution, err = sudoku.Parse(f[1]); err != nil {
			return Puzzle{}, fmt.Errorf("solution: %w", err)
		}
	}
	if (p.Solution == nil) != (p.Count == 0) {
		return Puzzle{}, fmt.Errorf("%d solutions, solution field %.20q", p.Count, f[1])
	}
	if f[3] != "-" {
		p.Tag = f[3]
	}
	return p, nil
}

// LongEnv is the environment variable that runs the long tests, those
// that read the large sets of ../shared/puzzles.
const LongEnv = "CUBEDOKU_LONG"

// Long reports whether the long tests run: whether the environment
// variable LongEnv is set to anything but "".
func Long() bool { return os.Getenv(LongEnv) != "" }

// Dir returns the directory of the large reference sets, ../shared/puzzles
// beside the checkout.
func Dir() string {
	_, file, _, _ := runtime.Caller(0) // .../internal/reference/reference.go
	root := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	return filepath.Join(root, "..", "shared", "puzzles")
}

// SharedDir returns Dir for a long test or a benchmark, under the rules of
// Path.
func SharedDir(tb testing.TB) string {
	tb.Helper()
	return shared(tb, Dir(), "the large reference sets")
}

// Path returns the path of a file of the large reference sets, for a long
// test or a benchmark. A test (not a benchmark) goes on only when Long
// reports true, and then fails when the file is absent; otherwise it
// skips, saying how to run it. A benchmark skips, saying so, when the
// file is absent.
func Path(tb testing.TB, file string) string {
	tb.Helper()
	return shared(tb, filepath.Join(Dir(), file), "reference file "+file)
}

// SkipUnlessLong skips tb, saying how to run it, unless Long reports true:
// for the first line of a long test, so that its subtests do not each
// skip on their own.
func SkipUnlessLong(tb testing.TB) {
	tb.Helper()
	skipUnlessLong(tb, Dir(), "the large reference sets")
}

// skipUnlessLong skips tb unless Long reports true, saying that it reads
// what (at path), whether that is present, and how to run it.
func skipUnlessLong(tb testing.TB, path, what string) {
	tb.Helper()
	if Long() {
		return
	}
	here := "present"
	if _, err := os.Stat(path); err != nil {
		here = "absent"
	}
	tb.Skipf("long test: reads %s from ../shared/puzzles (%s here); run it with %s=1 go test (and the shared puzzle library beside the checkout)", what, here, LongEnv)
}

func shared(tb testing.TB, path, what string) string {
	tb.Helper()
	_, bench := tb.(*testing.B)
	if !bench {
		skipUnlessLong(tb, path, what)
	}
	if _, err := os.Stat(path); err != nil {
		if bench {
			tb.Skipf("benchmark: %s absent (%v): it needs the shared puzzle library in ../shared/puzzles beside the checkout", what, err)
		}
		tb.Fatalf("%s=1 asks for the long tests, but %s is absent: %v", LongEnv, what, err)
	}
	return path
}

// Boards reads up to max puzzles (0: all) of the large set name, one per
// line, from name.txt, under the rules of Path.
func Boards(tb testing.TB, name string, max int) []*sudoku.Board {
	tb.Helper()
	return read(tb, Path(tb, name+".txt"), max)
}

// Set reads up to max puzzles (0: all) of the large set name and, when a
// name.sol.txt file is beside it, their solutions (else nil), under the
// rules of Path.
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
