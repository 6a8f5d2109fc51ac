package search_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestBoundedStackSameSearch: a worker whose stack may hold only a few
// states gives up the others and rebuilds them when it backtracks, which
// must not change the search: Solve with one worker and a seed takes the
// same nodes to the same solution, and Count and All find the same
// solutions, as with the whole stack kept.
func TestBoundedStackSameSearch(t *testing.T) {
	noLeaks(t)
	tiny := search.WithStackBytes(1)
	// Boards with 942 and 642 solutions, and one that restarts.
	counted := []*sudoku.Board{holesAtRandom(t, geometry(t, 4, 4), 0.55, 4), holesAtRandom(t, geometry(t, 3, 4), 0.55, 2)}
	for i, b := range append([]*sudoku.Board{restartBoard(t)}, counted...) {
		var whole, bounded search.Stats
		want, err := search.Solve(context.Background(), b, search.WithWorkers(1), search.WithSeed(3), search.WithStats(&whole), restartSoon)
		if err != nil {
			t.Fatal(err)
		}
		got, err := search.Solve(context.Background(), b, search.WithWorkers(1), search.WithSeed(3), search.WithStats(&bounded), tiny, restartSoon)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, b, got)
		if bounded.States > 16 {
			// Restarts leave states deep in the stack that the next run
			// does not reach; they count against the bound too.
			t.Errorf("board %d: bounded stack held %d states over %d restarts", i, bounded.States, bounded.Restarts)
		}
		if !got.Equal(want) || bounded.Nodes != whole.Nodes || bounded.DeadEnds != whole.DeadEnds {
			t.Errorf("board %d: bounded stack: %d nodes, %d dead ends, same solution %v; whole stack: %d nodes, %d dead ends",
				i, bounded.Nodes, bounded.DeadEnds, got.Equal(want), whole.Nodes, whole.DeadEnds)
		}
	}
	for i, b := range counted {
		want, err := search.Count(context.Background(), b, 0, search.WithWorkers(1))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 2} {
			var st search.Stats
			n, err := search.Count(context.Background(), b, 0, search.WithWorkers(w), search.WithStats(&st), tiny)
			if err != nil || n != want {
				t.Errorf("board %d, %d workers: Count %d, %v with a bounded stack; %d without", i, w, n, err, want)
			}
			if w == 1 && (st.Rebuilt == 0 || st.States > 16) {
				t.Errorf("board %d: bounded stack held up to %d states and rebuilt %d", i, st.States, st.Rebuilt)
			}
			seen := map[string]bool{}
			for sol, err := range search.All(context.Background(), b, search.WithWorkers(w), tiny) {
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, b, sol)
				seen[sol.String()] = true
			}
			if len(seen) != want {
				t.Errorf("board %d, %d workers: All gave %d distinct solutions with a bounded stack, Count %d", i, w, len(seen), want)
			}
		}
	}
}

// TestEmptyBoardMemory: the empty 64x64 board is solved in thousands of
// guesses one below the other; each worker holds no more than about 4 MB
// of states on the way (82 of about 50 KB; the test allows 200).
func TestEmptyBoardMemory(t *testing.T) {
	noLeaks(t)
	if raceEnabled {
		t.Skip("the race detector multiplies the memory of a 64x64 search; the small boards of TestBoundedStackSameSearch check the stack under it")
	}
	b := sudoku.NewBoard(geometry(t, 8, 8))
	for _, w := range []int{1, 2} {
		var st search.Stats
		sol, err := search.Solve(context.Background(), b, search.WithWorkers(w), search.WithStats(&st))
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, b, sol)
		if st.Guesses < 1000 || st.States > 200 {
			t.Errorf("%d workers: %d guesses, %d states held at most; want over 1000 and at most 200", w, st.Guesses, st.States)
		}
	}
}

// TestBoundedStackStrongerRules: the all-different filter turns on after
// a number of dead ends, so a state the search rebuilds on its way back
// may meet a filter that the state it replaces did not, and find the
// branch below it dead. That ends the branch, not the search: with the
// filter starting at several points of the search, Count, All and Solve
// find what they find with the whole stack kept. (On the first three of
// these 25x25 boards they once found no solution at all; the last has
// 374 solutions, all counted.)
func TestBoundedStackStrongerRules(t *testing.T) {
	noLeaks(t)
	tiny := search.WithStackBytes(1)
	type counted struct {
		board *sudoku.Board
		limit int // 0: every solution
	}
	boards := []counted{
		{holesAtRandom(t, geometry(t, 5, 5), 0.65, 4), 30},
		{holesAtRandom(t, geometry(t, 5, 5), 0.7, 4), 30},
		{holesAtRandom(t, geometry(t, 5, 5), 0.75, 3), 30},
	}
	if !testing.Short() && !raceEnabled {
		// 6,000 states rebuilt: 5 s in all, a minute under the race
		// detector, which the three boards above exercise.
		boards = append(boards, counted{holesAtRandom(t, geometry(t, 5, 5), 0.54, 5), 0})
	}
	for i, tt := range boards {
		b := tt.board
		afters := []int{1, 10, 30, 100}
		if tt.limit == 0 {
			afters = afters[1:2]
		}
		want, err := search.Count(context.Background(), b, tt.limit, search.WithWorkers(1), search.WithHall(false))
		if err != nil {
			t.Fatal(err)
		}
		for _, after := range afters {
			hall := search.WithHallAfter(after)
			var st search.Stats
			n, err := search.Count(context.Background(), b, tt.limit, search.WithWorkers(1), search.WithStats(&st), tiny, hall)
			if err != nil || n != want {
				t.Errorf("board %d, filter after %d dead ends: Count %d, %v; %d with the whole stack", i, after, n, err, want)
			}
			if st.Rebuilt == 0 {
				t.Errorf("board %d, filter after %d dead ends: no state rebuilt", i, after)
			}
			seen, yields := map[string]bool{}, 0
			for sol, err := range search.All(context.Background(), b, search.WithWorkers(2), tiny, hall) {
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, b, sol)
				seen[sol.String()] = true
				if yields++; yields == tt.limit {
					break
				}
			}
			if len(seen) != want || yields != want {
				t.Errorf("board %d, filter after %d dead ends: All gave %d solutions, %d distinct; Count %d", i, after, yields, len(seen), want)
			}
			for _, w := range []int{1, 2} {
				sol, err := search.Solve(context.Background(), b, search.WithWorkers(w), search.WithSeed(uint64(after)), tiny, hall, restartSoon)
				if err != nil {
					t.Errorf("board %d, filter after %d dead ends, %d workers: Solve: %v", i, after, w, err)
					continue
				}
				checkSolution(t, b, sol)
			}
		}
	}
}
