package search_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestHallKeepsSolveExact: with the all-different filter forced on (and
// the tabu search off, so that the exact search alone answers), Solve
// still gives each puzzle of the in-repository sets its one solution, a
// valid one when there are several, and ErrNoSolution when there is none,
// on one and two workers.
func TestHallKeepsSolveExact(t *testing.T) {
	noLeaks(t)
	keepsSolveExact(t, search.WithGeneralEngine(), search.WithHall(true), search.WithLocalFrom(-1))
}

// TestHallSolvesOpenBoards: with the filter on, boards with 45 to 60 % of
// their cells open, of square and rectangular boxes and with diagonals
// (houses of their own), get a solution the validator accepts; with one
// worker and a seed, the same one every time.
func TestHallSolvesOpenBoards(t *testing.T) {
	noLeaks(t)
	diagonal, err := sudoku.AddDiagonals(geometry(t, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range []*sudoku.Geometry{geometry(t, 3, 4), geometry(t, 4, 4), geometry(t, 4, 5), geometry(t, 5, 5), diagonal} {
		for _, frac := range []float64{0.45, 0.6} {
			b := holesAtRandom(t, g, frac, uint64(20+i))
			if g == diagonal {
				// holesAtRandom's grids have no diagonals.
				b = holesInSolution(t, g, frac, uint64(i))
			}
			opts := []search.Option{search.WithWorkers(1), search.WithSeed(7), search.WithHall(true), search.WithLocalFrom(-1)}
			sol, err := search.Solve(context.Background(), b, opts...)
			if err != nil {
				t.Fatalf("%v, %.0f %% open: %v", g, 100*frac, err)
			}
			checkSolution(t, b, sol)
			again, err := search.Solve(context.Background(), b, opts...)
			if err != nil || !again.Equal(sol) {
				t.Fatalf("%v, %.0f %% open: a second run with the same seed gave another answer (%v)", g, 100*frac, err)
			}
			if sol2, err := search.Solve(context.Background(), b, search.WithWorkers(2), search.WithHall(true)); err != nil {
				t.Fatalf("%v, %.0f %% open, 2 workers: %v", g, 100*frac, err)
			} else {
				checkSolution(t, b, sol2)
			}
		}
	}
}

// TestHallKeepsCountExact: with the filter forced on, Count gives what it
// gives without it (both exact up to the limit) on the in-repository sets
// and on open boards of several shapes, on one and two workers.
func TestHallKeepsCountExact(t *testing.T) {
	noLeaks(t)
	ctx := context.Background()
	var boards []*sudoku.Board
	for _, name := range []string{"9x9-multi", "9x9-none", "8x8", "12x12", "16x16"} {
		for _, p := range reference.Local(t, name) {
			boards = append(boards, p.Board)
		}
	}
	for i, g := range []*sudoku.Geometry{geometry(t, 3, 4), geometry(t, 4, 4), geometry(t, 2, 5)} {
		boards = append(boards, holesAtRandom(t, g, 0.55, uint64(30+i)))
	}
	// Cubes: houses on three or six faces, cells shared by faces (match)
	// or units across the edges (differ).
	for i, c := range []struct {
		model cube.Model
		edges cube.EdgeRule
	}{{cube.ThreeFaces, cube.Match}, {cube.ThreeFaces, cube.Differ}, {cube.SixFaces, cube.Match}, {cube.SixFaces, cube.Differ}} {
		g, err := cube.NewGeometry(3, c.model, c.edges)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, holesInSolution(t, g, 0.6, uint64(40+i)))
	}
	const limit = 40
	counts := map[int]int{}
	smaller := 0 // boards whose tree the filter made smaller
	for i, b := range boards {
		var without, with search.Stats
		want, err := search.Count(ctx, b, limit, search.WithGeneralEngine(), search.WithWorkers(1), search.WithHall(false), search.WithStats(&without))
		if err != nil && !errors.Is(err, search.ErrNoSolution) {
			t.Fatalf("board %d: %v", i, err)
		}
		counts[want]++
		for _, w := range []int{1, 2} {
			got, err := search.Count(ctx, b, limit, search.WithGeneralEngine(), search.WithWorkers(w), search.WithHall(true), search.WithStats(&with))
			if w == 1 && with.Nodes < without.Nodes {
				smaller++
			}
			if err != nil && !errors.Is(err, search.ErrNoSolution) {
				t.Fatalf("board %d, %d workers: %v", i, w, err)
			}
			if got != want {
				t.Fatalf("board %d, %d workers: %d solutions with the filter, %d without", i, w, got, want)
			}
		}
	}
	t.Logf("boards by count: %v; %d searched in fewer nodes with the filter", counts, smaller)
	if counts[0] == 0 || counts[1] == 0 || counts[limit] == 0 || len(counts) < 4 {
		t.Fatalf("boards by count %v: want some with none, one, several and the limit", counts)
	}
	if smaller == 0 {
		t.Fatal("the filter made no search smaller: it did not run")
	}
}

// holesInSolution returns a solution of the empty board of g, found by
// the search, every digit a given, with each cell emptied with
// probability frac (from the seed): holesAtRandom for geometries its
// formula does not fill, as those with extra units.
func holesInSolution(t *testing.T, g *sudoku.Geometry, frac float64, seed uint64) *sudoku.Board {
	t.Helper()
	full, err := search.Solve(context.Background(), sudoku.NewBoard(g), search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	b := sudoku.NewBoard(g)
	rng := rand.New(rand.NewPCG(seed, 1))
	for c := range g.NumCells() {
		if rng.Float64() >= frac {
			if err := b.SetGiven(c, full.Get(c)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b
}
