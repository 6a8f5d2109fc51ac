package search_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// restartBoard is a 25x25 board that the search solves only after
// restarts when its first run is cut short by restartSoon.
func restartBoard(tb testing.TB) *sudoku.Board {
	return holesAtRandom(tb, geometry(tb, 5, 5), 0.6, 4)
}

// restartSoon makes Solve's first run as short as the later ones, so
// that small boards restart.
var restartSoon = search.WithFirstCutoff(128)

// TestSolveReproducible: with one worker and a seed, Solve gives the same
// solution in the same number of nodes, also when it restarts (and so
// draws from its random stream).
func TestSolveReproducible(t *testing.T) {
	b := restartBoard(t)
	var first *sudoku.Board
	var firstStats search.Stats
	for run := range 3 {
		var st search.Stats
		sol, err := search.Solve(context.Background(), b, search.WithWorkers(1), search.WithSeed(7), search.WithStats(&st), restartSoon)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, b, sol)
		if st.Restarts == 0 {
			t.Fatalf("no restart (%d nodes): the test needs a board that restarts", st.Nodes)
		}
		if st.Seed != 7 {
			t.Errorf("Stats.Seed %d, want 7", st.Seed)
		}
		if run == 0 {
			first, firstStats = sol, st
			continue
		}
		if !sol.Equal(first) || st.Nodes != firstStats.Nodes || st.Restarts != firstStats.Restarts {
			t.Fatalf("run %d: %d nodes, %d restarts, a solution equal: %v; first run %d nodes, %d restarts",
				run, st.Nodes, st.Restarts, sol.Equal(first), firstStats.Nodes, firstStats.Restarts)
		}
	}
}

// TestSolveSeedsAndWorkers: every seed and worker count gives a valid
// solution of a board that restarts, and of boards with several
// solutions.
func TestSolveSeedsAndWorkers(t *testing.T) {
	noLeaks(t)
	boards := []*sudoku.Board{restartBoard(t), holesAtRandom(t, geometry(t, 4, 4), 0.7, 3), holesAtRandom(t, geometry(t, 3, 4), 0.7, 2)}
	for i, b := range boards {
		for _, w := range []int{1, 2, 4} {
			for seed := range uint64(4) {
				sol, err := search.Solve(context.Background(), b, search.WithWorkers(w), search.WithSeed(seed), restartSoon)
				if err != nil {
					t.Fatalf("board %d, %d workers, seed %d: %v", i, w, seed, err)
				}
				checkSolution(t, b, sol)
			}
		}
	}
}

// TestObserver: the observer is called when the search starts and after
// restarts, never twice at once; its error ends Solve, Count and All,
// which return it.
func TestObserver(t *testing.T) {
	noLeaks(t)
	b := restartBoard(t)
	givens := 0
	for c := range b.Geometry().NumCells() {
		if b.Get(c) != 0 {
			givens++
		}
	}
	for _, w := range []int{1, 2} {
		var calls, restarts, busy atomic.Int64
		sol, err := search.Solve(context.Background(), b, search.WithWorkers(w), search.WithSeed(7), restartSoon,
			search.WithObserver(func(p search.Progress) error {
				if busy.Add(1) != 1 {
					t.Error("observer called concurrently")
				}
				defer busy.Add(-1)
				if calls.Add(1) > 1 && p.Decided < givens {
					// Every state the search stands on holds the givens.
					t.Errorf("progress %+v: fewer cells decided than the %d givens", p, givens)
				}
				restarts.Store(max(restarts.Load(), p.Restarts))
				if p.Cells != b.Geometry().NumCells() || p.Decided > p.Cells || p.BestDecided > p.Cells || p.Elapsed < 0 {
					t.Errorf("progress %+v", p)
				}
				return nil
			}))
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, b, sol)
		if w == 1 && (calls.Load() < 2 || restarts.Load() == 0) {
			t.Errorf("%d workers: %d calls, %d restarts seen; want the start and the restarts", w, calls.Load(), restarts.Load())
		}
	}

	errStop := errors.New("enough")
	stopAt := func(n int64) func(search.Progress) error {
		var calls atomic.Int64
		return func(search.Progress) error {
			if calls.Add(1) >= n {
				return errStop
			}
			return nil
		}
	}
	// At the start, and at the first restart.
	for _, at := range []int64{1, 2} {
		for _, w := range []int{1, 2} {
			if _, err := search.Solve(context.Background(), b, search.WithWorkers(w), search.WithSeed(7), restartSoon, search.WithObserver(stopAt(at))); !errors.Is(err, errStop) {
				t.Errorf("Solve, %d workers, stop at call %d: %v, want the observer's error", w, at, err)
			}
		}
	}
	if n, err := search.Count(context.Background(), b, 0, search.WithObserver(stopAt(1))); !errors.Is(err, errStop) {
		t.Errorf("Count: %d, %v, want the observer's error", n, err)
	}
	var last error
	for _, err := range search.All(context.Background(), b, search.WithObserver(stopAt(1))) {
		last = err
	}
	if !errors.Is(last, errStop) {
		t.Errorf("All: last error %v, want the observer's", last)
	}
	if _, err := search.Solve(context.Background(), b, search.WithObserver(nil)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("WithObserver(nil): %v", err)
	}
}

func TestProgressJSON(t *testing.T) {
	p := search.Progress{Worker: 1, Nodes: 2, Restarts: 3, Depth: 4, Decided: 5, BestDecided: 6, Cells: 7, Elapsed: 8}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"worker":1,"nodes":2,"restarts":3,"depth":4,"decided":5,"bestDecided":6,"cells":7,"elapsed":8}`
	if string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
	var back search.Progress
	if err := json.Unmarshal(data, &back); err != nil || back != p {
		t.Errorf("read back %+v, %v", back, err)
	}
}
