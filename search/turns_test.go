package search_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// localEverywhere makes Solve run its tabu search beside the exact one on
// boards of any size, from the first node.
var localEverywhere = search.WithLocalFrom(1)

// TestLocalSolvesOpenBoards: on boards with 60 % of their cells open (many
// solutions), of square and rectangular boxes and with diagonals, the
// tabu search finds a solution, which the validator accepts, and with one
// worker and a seed the same one every time.
func TestLocalSolvesOpenBoards(t *testing.T) {
	noLeaks(t)
	diagonal, err := sudoku.AddDiagonals(geometry(t, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range []*sudoku.Geometry{geometry(t, 3, 4), geometry(t, 4, 4), geometry(t, 2, 5), geometry(t, 5, 5), diagonal} {
		b := holesAtRandom(t, g, 0.6, uint64(10+i))
		if g == diagonal {
			b = sudoku.NewBoard(g) // holesAtRandom's grids have no diagonals
		}
		var first *sudoku.Board
		for run := range 2 {
			var st search.Stats
			sol, err := search.Solve(context.Background(), b, search.WithWorkers(1), search.WithSeed(5), search.WithStats(&st), localEverywhere)
			if err != nil {
				t.Fatalf("%s: %v", g, err)
			}
			checkSolution(t, b, sol)
			if st.Moves == 0 {
				t.Errorf("%s: no move made by the tabu search", g)
			}
			if run == 0 {
				first = sol
			} else if !sol.Equal(first) {
				t.Errorf("%s: another solution with the same seed", g)
			}
		}
		sol, err := search.Solve(context.Background(), b, search.WithWorkers(2), localEverywhere)
		if err != nil {
			t.Fatalf("%s, 2 workers: %v", g, err)
		}
		checkSolution(t, b, sol)
	}
}

// TestLocalKeepsSolveExact: with the tabu search forced on, Solve still
// gives each puzzle of the in-repository sets its one solution, a valid
// one when there are several, and ErrNoSolution when there is none (which
// only the exact search can prove), on one and two workers.
func TestLocalKeepsSolveExact(t *testing.T) {
	noLeaks(t)
	keepsSolveExact(t, search.WithGeneralEngine(), localEverywhere)
}

// TestClausesKeepSolveExact: the same with the clause-learning search
// beside the exact one and no tabu search, as on 25x25 boards.
func TestClausesKeepSolveExact(t *testing.T) {
	noLeaks(t)
	keepsSolveExact(t, search.WithGeneralEngine(), search.WithLocalFrom(-1), search.WithClausesFrom(1))
}

// keepsSolveExact checks that Solve, with opts and one or two workers,
// gives each puzzle of the in-repository sets its one solution, a valid
// one when there are several, and ErrNoSolution when there is none.
func keepsSolveExact(t *testing.T, opts ...search.Option) {
	t.Helper()
	for _, name := range []string{"9x9-multi", "9x9-none", "9x9-levels/expert", "8x8", "12x12", "16x16"} {
		for _, w := range []int{1, 2} {
			for _, p := range reference.Local(t, name) {
				sol, err := search.Solve(context.Background(), p.Board, append([]search.Option{search.WithWorkers(w)}, opts...)...)
				switch {
				case p.Count == 0:
					if !errors.Is(err, search.ErrNoSolution) {
						t.Fatalf("%s line %d, %d workers: %v, want ErrNoSolution", name, p.Line, w, err)
					}
				case err != nil:
					t.Fatalf("%s line %d, %d workers: %v", name, p.Line, w, err)
				default:
					checkSolution(t, p.Board, sol)
					if p.Count == 1 && !sol.Equal(p.Solution) {
						t.Fatalf("%s line %d, %d workers: solution differs from the recorded one", name, p.Line, w)
					}
				}
			}
		}
	}
}

// TestLocalStops: a tabu search, or a clause-learning search, that has
// not found a solution yet ends with the call, by the context's deadline
// or cancel, on one and two workers, leaving no goroutine behind; so do
// Count's clause-learning and tabu searches.
func TestLocalStops(t *testing.T) {
	noLeaks(t)
	// Given digits that conflict only through a third unit the boxes and
	// rows do not see would be proved wrong at once; an open 25x25 board
	// with a slow exact search is the honest case: the call must end.
	b := holesAtRandom(t, geometry(t, 5, 5), 0.6, 4)
	// The tabu search with the others, and the clause-learning search
	// without it, as on 25x25 boards.
	for _, local := range [][]search.Option{{localEverywhere}, {search.WithLocalFrom(-1), search.WithClausesFrom(1)}} {
		for _, w := range []int{1, 2} {
			opts := append([]search.Option{search.WithWorkers(w)}, local...)
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			sol, err := search.Solve(ctx, b, opts...)
			cancel()
			switch {
			case err == nil:
				checkSolution(t, b, sol)
			case !errors.Is(err, context.DeadlineExceeded):
				t.Errorf("%d workers: %v, want a solution or context.DeadlineExceeded", w, err)
			}
			ctx, cancel = context.WithCancel(context.Background())
			cancel()
			if _, err := search.Solve(ctx, b, opts...); !errors.Is(err, context.Canceled) {
				t.Errorf("%d workers, canceled: %v, want context.Canceled", w, err)
			}
		}
	}
	// Count to 2 with the clause-learning search, and with the tabu
	// search too: on a 36x36 board with 60 % of its cells open, one that
	// its tabu search answers in about 0.4 s.
	open36 := holesAtRandom(t, geometry(t, 6, 6), 0.6, 5)
	for _, c := range []struct {
		b     *sudoku.Board
		local search.Option
	}{{b, search.WithClausesFrom(1)}, {b, localEverywhere}, {open36, search.WithSeed(1)}} {
		for _, w := range []int{1, 2} {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			n, err := search.Count(ctx, c.b, 2, search.WithWorkers(w), c.local)
			cancel()
			t.Logf("Count, %s, %d workers: %d, %v", c.b.Geometry(), w, n, err)
			if err == nil && n != 2 || err != nil && !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("Count, %s, %d workers: %d, %v; want 2, or context.DeadlineExceeded", c.b.Geometry(), w, n, err)
			}
			ctx, cancel = context.WithCancel(context.Background())
			cancel()
			if _, err := search.Count(ctx, c.b, 2, search.WithWorkers(w), c.local); !errors.Is(err, context.Canceled) {
				t.Errorf("Count, %s, %d workers, canceled: %v, want context.Canceled", c.b.Geometry(), w, err)
			}
		}
	}
}

// TestClausesInSolve: with the tabu search left to the second worker,
// the first worker's clause-learning search takes its turns (counted by
// Stats.Conflicts) and its solutions, like the others, pass the
// validator; with one worker and a seed, the turns of the three searches
// give the same solution every time.
func TestClausesInSolve(t *testing.T) {
	noLeaks(t)
	conflicts := int64(0)
	for i, g := range []*sudoku.Geometry{geometry(t, 4, 4), geometry(t, 3, 4), geometry(t, 5, 5)} {
		b := holesAtRandom(t, g, 0.5, uint64(20+i))
		var st search.Stats
		sol, err := search.Solve(context.Background(), b, search.WithWorkers(2), search.WithStats(&st), localEverywhere)
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		checkSolution(t, b, sol)
		conflicts += st.Conflicts
		var first *sudoku.Board
		for run := range 2 {
			sol, err := search.Solve(context.Background(), b, search.WithWorkers(1), search.WithSeed(3), localEverywhere)
			if err != nil {
				t.Fatalf("%s, one worker: %v", g, err)
			}
			checkSolution(t, b, sol)
			if run == 0 {
				first = sol
			} else if !sol.Equal(first) {
				t.Errorf("%s: another solution with the same seed", g)
			}
		}
	}
	if conflicts == 0 {
		t.Error("no conflict met by the clause-learning search")
	}
}

// TestLocalProbe: a tabu search whose first moves leave it far from a
// solution (on a 36x36 board with half of its cells open) takes no turns
// after its probe of 4 moves per open cell (each worker runs one), and
// the call goes on with the other searches; one that passes it (60 %
// open) goes on to a solution.
func TestLocalProbe(t *testing.T) {
	noLeaks(t)
	g := geometry(t, 6, 6)
	tight, loose := holesAtRandom(t, g, 0.5, 5), holesAtRandom(t, g, 0.6, 5)
	// The probe, and the poll of the stop that sees its end.
	probe := int64(4*tight.Empty() + 32)
	for _, w := range []int{1, 2} {
		var st search.Stats
		sol, err := search.Solve(context.Background(), tight, search.WithWorkers(w), search.WithSeed(1), search.WithStats(&st), search.WithNodeLimit(5000))
		switch {
		case err == nil:
			checkSolution(t, tight, sol)
		case !errors.Is(err, search.ErrNodeLimit):
			t.Fatalf("tight board, %d workers: %v", w, err)
		}
		t.Logf("tight board, %d workers: %d moves, %d conflicts", w, st.Moves, st.Conflicts)
		if st.Moves == 0 || st.Moves > int64(w)*probe || st.Conflicts == 0 {
			t.Errorf("tight board, %d workers: %d moves, %d conflicts; want 1 to %d moves, and conflicts", w, st.Moves, st.Conflicts, int64(w)*probe)
		}
		sol, err = search.Solve(context.Background(), loose, search.WithWorkers(w), search.WithSeed(1), search.WithStats(&st))
		if err != nil {
			t.Fatalf("loose board, %d workers: %v", w, err)
		}
		checkSolution(t, loose, sol)
		t.Logf("loose board, %d workers: %d moves", w, st.Moves)
		if st.Moves <= int64(w)*probe {
			t.Errorf("loose board, %d workers: %d moves, want more than the probes' %d", w, st.Moves, int64(w)*probe)
		}
	}
}

// TestLocalRectangularBoxes: on boards of 36 and 40 digits whose boxes
// are not square, at the library's own thresholds, with 60 % of their
// cells open, Solve's tabu search makes moves and finds a solution the
// validator accepts, and Count to 2 answers 2, which a solution other
// than the grid the board was made from confirms.
func TestLocalRectangularBoxes(t *testing.T) {
	if testing.Short() {
		t.Skip("boards of 36 and 40 digits take a second or two each; run without -short")
	}
	noLeaks(t)
	for _, box := range [][2]int{{4, 9}, {8, 5}} {
		g := geometry(t, box[0], box[1])
		grid := holesAtRandom(t, g, 0, 1) // the same grid, every cell given
		b := holesAtRandom(t, g, 0.6, 1)
		var st search.Stats
		sol, err := search.Solve(context.Background(), b, search.WithWorkers(1), search.WithSeed(1), search.WithStats(&st))
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		checkSolution(t, b, sol)
		if st.Moves == 0 {
			t.Errorf("%s: no move made by the tabu search", g)
		}
		n, err := search.Count(context.Background(), b, 2, search.WithWorkers(2), search.WithSeed(1))
		if err != nil || n != 2 {
			t.Fatalf("%s: Count to 2 = %d, %v; want 2", g, n, err)
		}
		other := sol
		for seed := uint64(2); other.Equal(grid) && seed < 10; seed++ {
			if other, err = search.Solve(context.Background(), b, search.WithWorkers(1), search.WithSeed(seed)); err != nil {
				t.Fatalf("%s, seed %d: %v", g, seed, err)
			}
			checkSolution(t, b, other)
		}
		if other.Equal(grid) {
			t.Errorf("%s: no solution but the grid found, where Count found two", g)
		}
	}
}
