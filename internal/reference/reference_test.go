package reference_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

func parse(t *testing.T, text string) *sudoku.Board {
	t.Helper()
	b, err := sudoku.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func geometry(t *testing.T, rows, cols int) *sudoku.Geometry {
	t.Helper()
	g, err := sudoku.NewGeometry(rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestCount checks the counter against known numbers of grids and known
// puzzles.
func TestCount(t *testing.T) {
	firstRow := sudoku.NewBoard(geometry(t, 2, 3))
	for c := range 6 {
		if err := firstRow.SetGiven(c, c+1); err != nil {
			t.Fatal(err)
		}
	}
	// A 64x64 pattern grid (boxes 8x8) with the last ten cells of row 1
	// emptied (digits 55 to 64): each column lacks one digit only, so one
	// solution; the counter's masks use every bit of a uint64.
	big := sudoku.NewBoard(geometry(t, 8, 8))
	for r := range 64 {
		for c := range 64 {
			if r == 0 && c >= 54 {
				continue
			}
			if err := big.SetGiven(r*64+c, (8*(r%8)+r/8+c)%64+1); err != nil {
				t.Fatal(err)
			}
		}
	}
	clash := parse(t, "11"+strings.Repeat(".", 79))
	// No cell clashes, but r1c1 has no candidate: row 1 holds 1-8 and
	// column 1 holds 9.
	stuck := parse(t, ".12345678"+strings.Repeat(".", 18)+"9"+strings.Repeat(".", 53))
	tests := []struct {
		name  string
		board *sudoku.Board
		limit int
		want  int
	}{
		{"4x4 empty", sudoku.NewBoard(geometry(t, 2, 2)), 1000, 288},
		{"4x4 empty, limit 5", sudoku.NewBoard(geometry(t, 2, 2)), 5, 5},
		{"4x4 empty, limit 0 is 1", sudoku.NewBoard(geometry(t, 2, 2)), 0, 1},
		// 28,200,960 complete 6x6 grids, 6! of them for each first row.
		{"6x6 first row", firstRow, 1 << 30, 28200960 / 720},
		{"classic unique", parse(t, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"), 2, 1},
		{"hard unique", parse(t, "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."), 2, 1},
		{"64x64 row holes", big, 2, 1},
		{"clash", clash, 2, 0},
		{"no candidate", stuck, 2, 0},
		{"full", parse(t, "534678912672195348198342567859761423426853791713924856961537284287419635345286179"), 2, 1},
	}
	for _, tt := range tests {
		n, sol := reference.Count(tt.board, tt.limit)
		if n != tt.want {
			t.Errorf("%s: Count = %d, want %d", tt.name, n, tt.want)
		}
		if (sol == nil) != (n == 0) {
			t.Errorf("%s: %d solutions, first %v", tt.name, n, sol)
			continue
		}
		if sol != nil {
			checkSolution(t, tt.name, tt.board, sol)
		}
	}
}

// TestCountMatchesSearch compares the counter with package search on
// boards made from the stored solutions of every size up to 16x16 with
// random cells emptied: two independent counts must agree.
func TestCountMatchesSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range []string{"4x4", "6x6", "8x8", "9x9-minimal", "12x12", "16x16"} {
		for _, p := range reference.Local(t, name)[:2] { // unique puzzles come first
			g := p.Solution.Geometry()
			for range 5 {
				b := p.Solution.Clone()
				// Half the cells or a little more emptied (a third on
				// the bigger boards): from one solution to hundreds.
				n := g.NumCells()
				holes := n/2 + rng.IntN(n/6)
				if n > 81 {
					holes = n/3 + rng.IntN(n/4)
				}
				for _, c := range rng.Perm(n)[:holes] {
					if err := b.SetGiven(c, 0); err != nil {
						t.Fatal(err)
					}
				}
				want, err := search.Count(context.Background(), b, 500)
				if err != nil {
					t.Fatal(err)
				}
				if got, _ := reference.Count(b, 500); got != want {
					t.Fatalf("%s: Count %d, search.Count %d", b.Line(), got, want)
				}
			}
		}
	}
}

// checkSolution requires sol to be a complete valid grid that keeps the
// digits of p.
func checkSolution(t *testing.T, name string, p, sol *sudoku.Board) {
	t.Helper()
	if !sol.Geometry().Equal(p.Geometry()) {
		t.Fatalf("%s: the solution is on another geometry", name)
	}
	if err := sol.Validate(); err != nil || !sol.Filled() {
		t.Fatalf("%s: solution %s: filled %v, %v", name, sol.Line(), sol.Filled(), err)
	}
	for c, d := range p.Digits() {
		if d != 0 && sol.Get(c) != d {
			t.Fatalf("%s: the solution has %d in %s, the puzzle %d", name, sol.Get(c), p.Geometry().CellName(c), d)
		}
	}
}

// TestLocalSets checks every in-repository set: each line reads back
// to its own text, each solution fits its puzzle, and the counter finds
// the number of solutions recorded (and, for a unique puzzle, the same
// solution).
func TestLocalSets(t *testing.T) {
	names := reference.Names()
	if len(names) < 10 {
		t.Fatalf("in-repository sets: %v", names)
	}
	for _, name := range names {
		if name == "bad-inputs" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			text := reference.Text(t, name+".txt")
			if !strings.HasPrefix(text, "# "+name+": ") || !strings.Contains(text, "go generate ./internal/reference") {
				t.Errorf("the header does not name the set and the command that makes it")
			}
			lines := strings.Split(text, "\n")
			for _, p := range reference.Local(t, name) {
				where := fmt.Sprintf("%s line %d", name, p.Line)
				f := strings.Split(lines[p.Line-1], "\t")
				if p.Board.Line() != f[0] || (p.Solution != nil && p.Solution.Line() != f[1]) {
					t.Fatalf("%s: does not read back to its text", where)
				}
				if err := p.Board.Validate(); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				if p.Solution != nil {
					checkSolution(t, where, p.Board, p.Solution)
				}
				// Counting 16x16 and 25x25 puzzles takes seconds under
				// the race detector: their solutions are checked above.
				if p.Board.Geometry().Digits() > 12 && (testing.Short() || raceEnabled) {
					continue
				}
				n, first := reference.Count(p.Board, p.Count+1)
				if n != p.Count {
					t.Fatalf("%s: %d solutions by Count, %d recorded", where, n, p.Count)
				}
				if n == 1 && !first.Equal(p.Solution) {
					t.Fatalf("%s: Count finds another solution", where)
				}
			}
		})
	}
}

func TestLocal(t *testing.T) {
	all := reference.Local(t, "9x9-levels")
	easy := reference.Local(t, "9x9-levels", "easy")
	if slashed := reference.Local(t, "9x9-levels/easy"); len(slashed) != len(easy) {
		t.Errorf("9x9-levels/easy: %d puzzles, tag easy %d", len(slashed), len(easy))
	}
	if len(easy) == 0 || len(easy) >= len(all) {
		t.Fatalf("%d easy puzzles of %d", len(easy), len(all))
	}
	for _, p := range easy {
		if p.Tag != "easy" || p.Count != 1 || p.Solution == nil || p.Line < 4 {
			t.Fatalf("%+v", p)
		}
	}
	ps, sols := reference.LocalSet(t, "9x9-multi", 5)
	if len(ps) != 5 || len(sols) != 5 || sols[4] == nil {
		t.Fatalf("LocalSet(5): %d puzzles, %d solutions", len(ps), len(sols))
	}
	if ps := reference.LocalBoards(t, "9x9-none", 0); len(ps) < 10 {
		t.Fatalf("LocalBoards(0): %d puzzles", len(ps))
	}
	if _, err := reference.ReadFile("no-such-set.txt"); err == nil {
		t.Error("ReadFile of a file that is not there: no error")
	}
	data, err := os.ReadFile(reference.File(t, "bad-inputs.txt"))
	if err != nil || string(data) != reference.Text(t, "bad-inputs.txt") || !strings.HasPrefix(string(data), "# ") {
		t.Errorf("File: %v, %.40q", err, data)
	}
}

// TestMissing checks in a child process that a missing in-repository set
// fails the test and that a long test without the variable skips, saying
// how to run it, and with it fails when the set is absent.
func TestMissing(t *testing.T) {
	if mode := os.Getenv("REFERENCE_TEST_CHILD"); mode != "" {
		switch mode {
		case "local":
			reference.Local(t, "no-such-set")
		case "tag":
			reference.Local(t, "9x9-levels", "no-such-tag")
		case "shared":
			reference.Boards(t, "no-such-set", 0)
		case "long":
			reference.SkipUnlessLong(t)
		}
		t.Log("went on")
		return
	}
	for _, tt := range []struct {
		mode, long string
		want       []string
	}{
		{"local", "", []string{"--- FAIL", "no-such-set.txt"}},
		{"tag", "", []string{"--- FAIL", `no line tagged "no-such-tag"`}},
		{"shared", "", []string{"--- SKIP", "long test", reference.LongEnv + "=1 go test"}},
		{"shared", "1", []string{"--- FAIL", reference.LongEnv + "=1 asks for the long tests", "no-such-set.txt"}},
		{"long", "", []string{"--- SKIP", "long test", reference.LongEnv + "=1 go test"}},
		{"long", "1", []string{"--- PASS", "went on"}},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissing$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), "REFERENCE_TEST_CHILD="+tt.mode, reference.LongEnv+"="+tt.long)
		out, _ := cmd.CombinedOutput()
		want := tt.want
		if want[0] != "--- PASS" {
			want = append(want, "!went on")
		}
		for _, w := range want {
			if strings.HasPrefix(w, "!") {
				if strings.Contains(string(out), w[1:]) {
					t.Errorf("%s, %s=%q: the test went on:\n%s", tt.mode, reference.LongEnv, tt.long, out)
				}
			} else if !strings.Contains(string(out), w) {
				t.Errorf("%s, %s=%q: no %q in\n%s", tt.mode, reference.LongEnv, tt.long, w, out)
			}
		}
	}
}
