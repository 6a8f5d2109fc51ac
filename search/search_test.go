package search_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

var workerCounts = []int{1, 2, 4}

// TestSolveLocalSets solves every puzzle of the in-repository sets (see
// internal/reference) of 4x4 to 25x25, on one and two workers: a unique
// puzzle gets its recorded solution, one with several solutions a valid
// one, one with none ErrNoSolution.
func TestSolveLocalSets(t *testing.T) {
	noLeaks(t)
	for _, name := range []string{"9x9-levels/hard", "9x9-levels/expert", "9x9-levels/guessing", "9x9-techniques", "9x9-minimal",
		"9x9-multi", "9x9-none", "4x4", "6x6", "8x8", "12x12", "16x16", "25x25"} {
		t.Run(name, func(t *testing.T) {
			for _, w := range []int{1, 2} {
				for _, p := range reference.Local(t, name) {
					sol, err := search.Solve(context.Background(), p.Board, search.WithWorkers(w))
					if p.Count == 0 {
						if !errors.Is(err, search.ErrNoSolution) {
							t.Fatalf("line %d, %d workers: %v, want ErrNoSolution", p.Line, w, err)
						}
						continue
					}
					if err != nil {
						t.Fatalf("line %d, %d workers: %v", p.Line, w, err)
					}
					checkSolution(t, p.Board, sol)
					if p.Count == 1 && !sol.Equal(p.Solution) {
						t.Fatalf("line %d, %d workers: solution differs from the recorded one", p.Line, w)
					}
				}
			}
		})
	}
}

// TestSolveReferenceSetsLong is a long test: it solves samples of the
// large sets of ../shared/puzzles, and runs only with CUBEDOKU_LONG=1
// (see internal/reference).
func TestSolveReferenceSetsLong(t *testing.T) {
	reference.SkipUnlessLong(t)
	noLeaks(t)
	// Samples of each set: smaller under the race detector, which slows
	// the search about tenfold. Every puzzle of every set is solved and
	// checked by the bench mode of examples/solve.
	sets := []struct {
		name      string
		max, race int   // puzzles taken from the start of the set
		extra     []int // and these (1-based), in every mode
	}{
		{"9x9-magictour-top1465", 100, 20, nil},
		{"9x9-forum-hardest-1106", 50, 10, nil},
		{"9x9-17clue-royle-49158", 100, 20, nil},
		{"9x9-forum-hardest-1905-11plus", 50, 10, nil},
		{"9x9-qqwing-expert-1000", 100, 20, nil},
		{"16x16-seed-tough-2024", 1, 1, nil},
		{"16x16-minimal-100", 10, 3, nil},
		{"25x25-unique-20", 4, 0, []int{15, 20}},
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			n := set.max
			if raceEnabled {
				n = set.race
			}
			all, solutions := reference.Set(t, set.name, 0)
			var picked []int
			for i := range min(n, len(all)) {
				picked = append(picked, i)
			}
			for _, i := range set.extra {
				if i <= len(all) && i > n {
					picked = append(picked, i-1)
				}
			}
			for _, w := range []int{1, 2} {
				for _, i := range picked {
					sol, err := search.Solve(context.Background(), all[i], search.WithWorkers(w))
					if err != nil {
						t.Fatalf("puzzle %d, %d workers: %v", i+1, w, err)
					}
					checkSolution(t, all[i], sol)
					if solutions != nil && !sol.Equal(solutions[i]) {
						t.Fatalf("puzzle %d, %d workers: solution differs from the reference", i+1, w)
					}
				}
			}
		})
	}
}

func TestSolveKeepsInput(t *testing.T) {
	p, err := sudoku.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	if err != nil {
		t.Fatal(err)
	}
	before := p.Clone()
	sol, err := search.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, p, sol)
	if !p.Equal(before) || p.Empty() != before.Empty() {
		t.Error("Solve changed its input")
	}
	if sol.Given(1) || !sol.Given(0) {
		t.Error("solution should keep givens as givens and fill the rest as entries")
	}
}

// TestKnownCounts checks Count against the known numbers of complete grids.
func TestKnownCounts(t *testing.T) {
	noLeaks(t)
	firstRow := sudoku.NewBoard(geometry(t, 2, 3))
	for c := range 6 {
		if err := firstRow.SetGiven(c, c+1); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name  string
		board *sudoku.Board
		want  int
		slow  bool
	}{
		{"4x4 empty", sudoku.NewBoard(geometry(t, 2, 2)), 288, false},
		// 28,200,960 complete 6x6 grids, 6! of them for each first row.
		{"6x6 first row fixed", firstRow, 28200960 / 720, false},
		{"6x6 empty", sudoku.NewBoard(geometry(t, 2, 3)), 28200960, true},
	}
	for _, tt := range tests {
		for _, w := range workerCounts {
			t.Run(fmt.Sprintf("%s/workers=%d", tt.name, w), func(t *testing.T) {
				if tt.slow && (testing.Short() || raceEnabled) {
					t.Skip("long count: run without -race and -short")
				}
				if tt.slow && w == 4 {
					t.Skip("one parallel run of the long count is enough")
				}
				var st search.Stats
				n, err := search.Count(context.Background(), tt.board, 0, search.WithWorkers(w), search.WithStats(&st))
				if err != nil {
					t.Fatal(err)
				}
				if n != tt.want {
					t.Errorf("Count = %d, want %d", n, tt.want)
				}
				if st.Solutions != int64(tt.want) || st.Workers != w || st.Nodes < int64(tt.want) {
					t.Errorf("stats %+v do not fit %d solutions on %d workers", st, tt.want, w)
				}
				// Trees this large are shared between the workers; the
				// 288 grids of 4x4 take less than the serial start.
				if big := tt.want > 1000; (w > 1 && big) != (st.Shared > 0) {
					t.Errorf("%d workers, %d subtrees shared", w, st.Shared)
				}
			})
		}
	}
}

func TestWorkersCappedAtGOMAXPROCS(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	for _, tt := range []struct{ asked, want int }{{0, 2}, {1, 1}, {2, 2}, {8, 2}} {
		var st search.Stats
		_, err := search.Solve(context.Background(), sudoku.NewBoard(geometry(t, 4, 4)),
			search.WithWorkers(tt.asked), search.WithStats(&st))
		if err != nil || st.Workers != tt.want {
			t.Errorf("WithWorkers(%d): %d workers, error %v; want %d", tt.asked, st.Workers, err, tt.want)
		}
	}
}

func TestCountLimit(t *testing.T) {
	noLeaks(t)
	// In-repository puzzles with 11 to 300 solutions, counted by
	// internal/reference's own counter, and with one and with none.
	multi := reference.Local(t, "9x9-multi")
	unique := reference.LocalBoards(t, "9x9-levels", 0, "expert", "guessing")
	none := reference.LocalBoards(t, "9x9-none", 0)
	for _, w := range workerCounts {
		for _, p := range multi {
			if n, err := search.Count(context.Background(), p.Board, 2, search.WithWorkers(w)); err != nil || n != 2 {
				t.Fatalf("9x9-multi line %d, %d workers: Count(2) = %d, %v; want 2", p.Line, w, n, err)
			}
			if n, err := search.Count(context.Background(), p.Board, 0, search.WithWorkers(w)); err != nil || n != p.Count {
				t.Fatalf("9x9-multi line %d, %d workers: Count(0) = %d, %v; want %d", p.Line, w, n, err, p.Count)
			}
		}
		for i, p := range unique {
			if n, err := search.Count(context.Background(), p, 2, search.WithWorkers(w)); err != nil || n != 1 {
				t.Fatalf("unique puzzle %d, %d workers: Count(2) = %d, %v; want 1", i+1, w, n, err)
			}
		}
		for i, p := range none {
			if n, err := search.Count(context.Background(), p, 2, search.WithWorkers(w)); err != nil || n != 0 {
				t.Fatalf("9x9-none puzzle %d, %d workers: Count(2) = %d, %v; want 0", i+1, w, n, err)
			}
		}
		empty := sudoku.NewBoard(geometry(t, 2, 2))
		for _, limit := range []int{1, 5, 287, 288, 289} {
			if n, err := search.Count(context.Background(), empty, limit, search.WithWorkers(w)); err != nil || n != min(limit, 288) {
				t.Errorf("4x4 empty, %d workers: Count(%d) = %d, %v", w, limit, n, err)
			}
		}
	}
}

func TestAll(t *testing.T) {
	noLeaks(t)
	empty := sudoku.NewBoard(geometry(t, 2, 2))
	for _, w := range workerCounts {
		t.Run(fmt.Sprintf("workers=%d", w), func(t *testing.T) {
			seen := map[string]bool{}
			for sol, err := range search.All(context.Background(), empty, search.WithWorkers(w)) {
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, empty, sol)
				if seen[sol.Line()] {
					t.Fatalf("solution %s yielded twice", sol.Line())
				}
				seen[sol.Line()] = true
			}
			if len(seen) != 288 {
				t.Errorf("All yielded %d solutions, want 288", len(seen))
			}
		})
		t.Run(fmt.Sprintf("break/workers=%d", w), func(t *testing.T) {
			// An empty 16x16 board has far too many solutions to list:
			// breaking must stop every worker.
			got := 0
			var st search.Stats
			for sol, err := range search.All(context.Background(), sudoku.NewBoard(geometry(t, 4, 4)),
				search.WithWorkers(w), search.WithStats(&st)) {
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol.Givens(), sol)
				got++
				if got == 3 {
					break
				}
			}
			if got != 3 {
				t.Errorf("got %d solutions before break, want 3", got)
			}
			if st.Workers != w {
				t.Errorf("stats not filled after break: %+v", st)
			}
		})
	}
}

// The loop body may change the board being enumerated (an app editing it
// while listing solutions): the search goes on from the board as it was.
func TestAllBoardChangedInLoop(t *testing.T) {
	noLeaks(t)
	for _, w := range workerCounts {
		b := sudoku.NewBoard(geometry(t, 2, 2))
		if err := b.SetGiven(0, 1); err != nil {
			t.Fatal(err)
		}
		want := b.Clone()
		n := 0
		for sol, err := range search.All(context.Background(), b, search.WithWorkers(w)) {
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, want, sol)
			if err := b.Set(5, n%4+1); err != nil {
				t.Fatal(err)
			}
			n++
		}
		if n != 288/4 {
			t.Errorf("%d workers: %d solutions, want %d", w, n, 288/4)
		}
	}
}

func TestAllPanicInLoop(t *testing.T) {
	noLeaks(t)
	defer func() {
		if recover() == nil {
			t.Error("the loop's panic did not reach the caller")
		}
	}()
	for range search.All(context.Background(), sudoku.NewBoard(geometry(t, 3, 3)), search.WithWorkers(2)) {
		panic("stop here")
	}
}

func TestAllContextEnds(t *testing.T) {
	noLeaks(t)
	for _, w := range workerCounts {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		var last error
		n := 0
		for _, err := range search.All(ctx, sudoku.NewBoard(geometry(t, 3, 3)), search.WithWorkers(w)) {
			if last != nil {
				t.Fatal("a pair came after the error")
			}
			if err != nil {
				last = err
				continue
			}
			n++
		}
		cancel()
		if !errors.Is(last, context.DeadlineExceeded) {
			t.Errorf("%d workers: last error %v after %d solutions, want the deadline", w, last, n)
		}
	}
}

func TestNoSolution(t *testing.T) {
	noLeaks(t)
	conflict, err := sudoku.Parse("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		t.Fatal(err)
	}
	// Consistent givens, but r1c7 has no candidate left: row 1 holds 1-6
	// and column 7 holds 7, 8 and 9.
	blocked := sudoku.NewBoard(nil)
	for c := range 6 {
		if err := blocked.SetGiven(c, c+1); err != nil {
			t.Fatal(err)
		}
	}
	for r, d := range []int{7, 8, 9} {
		if err := blocked.SetGiven((r+1)*9+6, d); err != nil {
			t.Fatal(err)
		}
	}
	if err := blocked.Validate(); err != nil {
		t.Fatal(err)
	}
	g64 := geometry(t, 8, 8)
	big := sudoku.NewBoard(g64)
	if err := big.SetGiven(0, 64); err != nil {
		t.Fatal(err)
	}
	if err := big.SetGiven(64*64-1, 64); err != nil { // same digit in r64c64 is fine...
		t.Fatal(err)
	}
	if err := big.SetGiven(63, 64); err != nil { // ...but not in r1c64, the row of r1c1
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		board    *sudoku.Board
		conflict bool
		names    string // in the message
	}{
		{"duplicate givens", conflict, true, "r1c1 and r1c2"},
		{"empty candidate", blocked, false, "row 1"},
		{"64x64 conflict", big, true, "r1c1 and r1c64"},
	}
	for _, tt := range tests {
		for _, w := range workerCounts {
			_, err := search.Solve(context.Background(), tt.board, search.WithWorkers(w))
			if !errors.Is(err, search.ErrNoSolution) {
				t.Errorf("%s, %d workers: Solve error %v, want ErrNoSolution", tt.name, w, err)
			}
			var ce *sudoku.ConflictError
			if errors.As(err, &ce) != tt.conflict {
				t.Errorf("%s: error %v: want a ConflictError: %v", tt.name, err, tt.conflict)
			}
			if errors.Is(err, logic.ErrContradiction) == tt.conflict {
				t.Errorf("%s: error %v: want logic.ErrContradiction: %v", tt.name, err, !tt.conflict)
			}
			if err != nil && !strings.Contains(err.Error(), tt.names) {
				t.Errorf("%s: error %q does not name %s", tt.name, err, tt.names)
			}
			if n, err := search.Count(context.Background(), tt.board, 2, search.WithWorkers(w)); n != 0 || err != nil {
				t.Errorf("%s: Count = %d, %v; want 0, nil", tt.name, n, err)
			}
			for _, err := range search.All(context.Background(), tt.board, search.WithWorkers(w)) {
				t.Errorf("%s: All yielded (%v)", tt.name, err)
			}
		}
	}
}

func TestBigBoards(t *testing.T) {
	noLeaks(t)
	for _, shape := range [][2]int{{6, 6}, {7, 7}, {8, 8}} {
		t.Run(fmt.Sprintf("%dx%d boxes", shape[0], shape[1]), func(t *testing.T) {
			empty := sudoku.NewBoard(geometry(t, shape[0], shape[1]))
			var st search.Stats
			sol, err := search.Solve(context.Background(), empty, search.WithStats(&st))
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, empty, sol)
			t.Logf("empty %s: %v, %d nodes", empty.Geometry(), st.Elapsed, st.Nodes)
		})
	}
}

func TestCancel(t *testing.T) {
	noLeaks(t)
	empty25 := sudoku.NewBoard(geometry(t, 5, 5))
	for _, w := range workerCounts {
		t.Run(fmt.Sprintf("workers=%d", w), func(t *testing.T) {
			// Counting every 25x25 grid never ends: the cancel must stop it.
			ctx, cancel := context.WithCancel(context.Background())
			var cancelled time.Time
			timer := time.AfterFunc(30*time.Millisecond, func() {
				cancelled = time.Now()
				cancel()
			})
			defer timer.Stop()
			n, err := search.Count(ctx, empty25, 0, search.WithWorkers(w))
			latency := time.Since(cancelled)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("Count = %d, %v; want context.Canceled", n, err)
			}
			t.Logf("returned %v after the cancel, %d solutions counted", latency, n)
		})
	}
	t.Run("hard 36x36", func(t *testing.T) {
		// A 36x36 board with 55% of its cells emptied at random lies at
		// the phase transition, where the search takes minutes: cancel it
		// early.
		hard := holesAtRandom(t, geometry(t, 6, 6), 0.55, 1)
		for _, w := range workerCounts {
			ctx, cancel := context.WithCancel(context.Background())
			var cancelled time.Time
			timer := time.AfterFunc(30*time.Millisecond, func() {
				cancelled = time.Now()
				cancel()
			})
			_, err := search.Solve(ctx, hard, search.WithWorkers(w))
			latency := time.Since(cancelled)
			timer.Stop()
			cancel()
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("%d workers: Solve = %v; want context.Canceled", w, err)
			}
			t.Logf("%d workers: returned %v after the cancel", w, latency)
		}
	})
	t.Run("already cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := search.Solve(ctx, empty25); !errors.Is(err, context.Canceled) {
			t.Errorf("Solve = %v, want context.Canceled", err)
		}
	})
	t.Run("deadline", func(t *testing.T) {
		empty := sudoku.NewBoard(geometry(t, 8, 8))
		for _, w := range workerCounts {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
			start := time.Now()
			_, err := search.Count(ctx, empty, 0, search.WithWorkers(w))
			elapsed := time.Since(start)
			cancel()
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("Count = %v, want context.DeadlineExceeded", err)
			}
			t.Logf("%d workers: a 10ms deadline on an empty 64x64 board returned after %v", w, elapsed)
		}
	})
}

func TestInvalidArguments(t *testing.T) {
	b := sudoku.NewBoard(nil)
	ctx := context.Background()
	var nilCtx context.Context
	tests := []struct {
		name string
		call func() error
	}{
		{"nil context", func() error { _, err := search.Solve(nilCtx, b); return err }},
		{"nil board", func() error { _, err := search.Solve(ctx, nil); return err }},
		{"nil option", func() error { _, err := search.Solve(ctx, b, nil); return err }},
		{"negative workers", func() error { _, err := search.Solve(ctx, b, search.WithWorkers(-1)); return err }},
		{"nil stats", func() error { _, err := search.Count(ctx, b, 1, search.WithStats(nil)); return err }},
		{"negative limit", func() error { _, err := search.Count(ctx, b, -1); return err }},
		{"All nil board", func() error {
			for _, err := range search.All(ctx, nil) {
				return err
			}
			return nil
		}},
		{"All bad option", func() error {
			for _, err := range search.All(ctx, b, search.WithWorkers(-2)) {
				return err
			}
			return nil
		}},
	}
	for _, tt := range tests {
		if err := tt.call(); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: error %v, want ErrInvalidArgument", tt.name, err)
		}
	}
}

func TestCustomGeometry(t *testing.T) {
	// Diagonal Sudoku: the classic board plus both main diagonals.
	g, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1, 2} {
		sol, err := search.Solve(context.Background(), sudoku.NewBoard(g), search.WithWorkers(w))
		if err != nil {
			t.Fatal(err)
		}
		if !sol.Solved() {
			t.Fatalf("not a diagonal solution:\n%s", sol.Pretty())
		}
	}
}

// TestNodeLimit checks that a node limit ends a search that needs more
// nodes with ErrNodeLimit, on both searches and with one or two workers,
// and lets one that needs fewer finish.
func TestNodeLimit(t *testing.T) {
	ctx := context.Background()
	hard, err := sudoku.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	if err != nil {
		t.Fatal(err)
	}
	empty6 := sudoku.NewBoard(geometry(t, 2, 3))
	for _, tc := range []struct {
		name string
		b    *sudoku.Board
	}{{"classic", hard}, {"general", empty6}} {
		for _, workers := range []int{1, 2} {
			n, err := search.Count(ctx, tc.b, 0, search.WithNodeLimit(10), search.WithWorkers(workers))
			if !errors.Is(err, search.ErrNodeLimit) {
				t.Errorf("%s, %d workers: Count with a limit of 10 nodes = %d, %v; want ErrNodeLimit", tc.name, workers, n, err)
			}
			var st search.Stats
			if _, err := search.Solve(ctx, tc.b, search.WithNodeLimit(1_000_000), search.WithWorkers(workers), search.WithStats(&st)); err != nil {
				t.Errorf("%s, %d workers: Solve with a limit of a million nodes: %v (%d nodes)", tc.name, workers, err, st.Nodes)
			}
		}
	}
	// Past the serial start, with every worker searching.
	for _, workers := range []int{2, 4} {
		var st search.Stats
		_, err := search.Count(ctx, empty6, 0, search.WithNodeLimit(20_000), search.WithWorkers(workers), search.WithStats(&st))
		if !errors.Is(err, search.ErrNodeLimit) || st.Nodes > 21_000 {
			t.Errorf("%d workers, limit 20,000: %v after %d nodes", workers, err, st.Nodes)
		}
	}
	if _, err := search.Solve(ctx, hard, search.WithNodeLimit(-1)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("WithNodeLimit(-1): %v, want ErrInvalidArgument", err)
	}
}

// TestMarks checks WithMarks against the solutions of All: narrowing a
// cell to every digit but the one a solution has there leaves exactly the
// solutions that differ in that cell, on both searches.
func TestMarks(t *testing.T) {
	ctx := context.Background()
	boards := []*sudoku.Board{holesAtRandom(t, geometry(t, 2, 3), 0.75, 3)}
	boards = append(boards, reference.LocalBoards(t, "9x9-multi", 12)...)
	for i, b := range boards {
		var all []*sudoku.Board
		for sol, err := range search.All(ctx, b, search.WithWorkers(1)) {
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, sol)
		}
		if len(all) < 2 {
			t.Fatalf("board %d: %d solutions; the test needs several", i+1, len(all))
		}
		g := b.Geometry()
		for c := range g.NumCells() {
			if b.Get(c) != 0 {
				continue
			}
			d := all[0].Get(c)
			marks := make([]uint64, g.NumCells())
			marks[c] = (logic.Bit(g.Digits())<<1 - 1) &^ logic.Bit(d)
			want := 0
			for _, s := range all {
				if s.Get(c) != d {
					want++
				}
			}
			for _, opts := range [][]search.Option{{search.WithMarks(marks)}, {search.WithMarks(marks), search.WithGeneralEngine()}} {
				got, err := search.Count(ctx, b, 0, opts...)
				if err != nil || got != want {
					t.Errorf("board %d, %s not %d (%d options): %d solutions, %v; want %d", i+1, g.CellName(c), d, len(opts), got, err, want)
				}
			}
		}
	}
	// A mask with no digit of the board is no mark, on both searches.
	for i, b := range boards {
		g := b.Geometry()
		marks := make([]uint64, g.NumCells())
		for c := range marks {
			marks[c] = logic.Bit(g.Digits()) << 1
		}
		want, err := search.Count(ctx, b, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, opts := range [][]search.Option{{search.WithMarks(marks)}, {search.WithMarks(marks), search.WithGeneralEngine()}} {
			if got, err := search.Count(ctx, b, 0, opts...); got != want || err != nil {
				t.Errorf("board %d, marks beyond N (%d options): %d solutions, %v; want %d", i+1, len(opts), got, err, want)
			}
		}
	}
	b := boards[1]
	conflict := b.Clone()
	for c := range 80 {
		if d := b.Get(c); d != 0 && b.Get(c+1) == 0 && (c+1)%9 != 0 {
			conflict.SetGiven(c+1, d) // the same digit twice in a row
			break
		}
	}
	if conflict.Validate() == nil {
		t.Fatal("the board meant to conflict does not")
	}
	for _, opts := range [][]search.Option{{search.WithMarks(make([]uint64, 80))}, {search.WithMarks(make([]uint64, 80)), search.WithGeneralEngine()}} {
		if _, err := search.Count(ctx, conflict, 2, opts...); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("80 marks on 81 cells, conflicting givens (%d options): %v, want ErrInvalidArgument", len(opts), err)
		}
	}
	if _, err := search.Solve(ctx, b, search.WithMarks(make([]uint64, 80))); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("80 marks on 81 cells: %v, want ErrInvalidArgument", err)
	}
	if _, err := search.Solve(ctx, b, search.WithMarks(make([]uint64, 80)), search.WithGeneralEngine()); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("80 marks on 81 cells, general search: %v, want ErrInvalidArgument", err)
	}
}

// TestMarksCopied: WithMarks copies the caller's slice, so an option
// keeps the marks it was made with whatever the caller does to the slice
// afterwards, before a call or during All's loop; calls that mark one cell
// after another (as a generator does) make an option for each.
func TestMarksCopied(t *testing.T) {
	ctx := context.Background()
	for _, b := range reference.LocalBoards(t, "9x9-multi", 4) {
		g := b.Geometry()
		all := 0
		var first *sudoku.Board
		for sol, err := range search.All(ctx, b) {
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = sol
			}
			all++
		}
		marks := make([]uint64, g.NumCells())
		full := logic.Bit(g.Digits())<<1 - 1
		for _, general := range []bool{false, true} {
			opts := []search.Option{search.WithWorkers(1)}
			if general {
				opts = append(opts, search.WithGeneralEngine())
			}
			count := func() (int, error) {
				return search.Count(ctx, b, 0, append(slices.Clip(opts), search.WithMarks(marks))...)
			}
			for c := range g.NumCells() {
				if b.Get(c) != 0 {
					continue
				}
				marks[c] = logic.Bit(first.Get(c)) // only the first solution's digit
				n, err := count()
				marks[c] = full &^ logic.Bit(first.Get(c)) // every other digit
				m, err2 := count()
				marks[c] = 0
				if err != nil || err2 != nil || n+m != all || n == 0 {
					t.Fatalf("cell %d (general %v): %d + %d solutions (%v, %v), want %d in all, first at least 1", c, general, n, m, err, err2, all)
				}
			}
		}
		for c := range g.NumCells() {
			if b.Get(c) == 0 {
				marks[c] = logic.Bit(first.Get(c))
			}
		}
		opts := []search.Option{search.WithMarks(marks), search.WithWorkers(1)}
		clear(marks) // after the option was made: no effect on it
		got := 0
		for sol, err := range search.All(ctx, b, opts...) {
			if err != nil {
				t.Fatal(err)
			}
			if !sol.Equal(first) {
				t.Fatal("a solution other than the one the marks allow")
			}
			got++
		}
		if got != 1 {
			t.Fatalf("%d solutions with every cell marked, want 1", got)
		}
	}
}

// TestMarksNotWritten: a call never writes to the caller's marks, also
// when it must cut bits beyond the board's digits (a mark of those bits
// only means no mark), so calls on several goroutines may share them.
func TestMarksNotWritten(t *testing.T) {
	ctx := context.Background()
	for _, b := range []*sudoku.Board{reference.LocalBoards(t, "9x9-multi", 1)[0], holesAtRandom(t, geometry(t, 2, 3), 0.6, 3)} {
		g := b.Geometry()
		marks := make([]uint64, g.NumCells())
		for c := range marks {
			marks[c] = 1 << 63 // beyond every board's digits: no mark
		}
		want := slices.Clone(marks)
		free, err := search.Count(ctx, b, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, general := range []bool{false, true} {
			opts := []search.Option{search.WithMarks(marks)}
			if general {
				opts = append(opts, search.WithGeneralEngine())
			}
			n, err := search.Count(ctx, b, 0, opts...)
			if err != nil || n != free {
				t.Fatalf("%s (general %v): %d solutions (%v), want %d as without marks", g, general, n, err, free)
			}
			if !slices.Equal(marks, want) {
				t.Fatalf("%s (general %v): the call changed the marks", g, general)
			}
		}
	}
}
