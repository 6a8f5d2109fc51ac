package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestClausesCountOtherUnits: on geometries with units that are not the
// rows, columns and boxes of a board (the diagonals of an X-Sudoku, the
// edges of cubes whose cubies' stickers differ, the shared cells of cubes
// whose stickers match), Count to 2 with the clause-learning search gives
// the exact search's answer, with one and two workers, on boards cut from
// a solution: minimal ones (no clue can go and the solution stay unique),
// and those with a few more clues taken out. With one worker the
// clause-learning search answers some of both kinds first (in fewer
// nodes of the exact search, which walks the same tree either way). So
// does Count to 2 with the tabu search instead, which moves on each but
// the cube whose stickers match.
func TestClausesCountOtherUnits(t *testing.T) {
	diagonal, err := sudoku.AddDiagonals(geometry(t, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	geometries := []*sudoku.Geometry{diagonal}
	// The tabu search swaps within a family of houses that holds every
	// cell once: the boxes, but on cubes whose stickers match, which
	// share cells between faces and have none, so it never moves there.
	swaps := map[*sudoku.Geometry]bool{diagonal: true}
	for _, v := range []struct {
		model cube.Model
		edges cube.EdgeRule
	}{{cube.ThreeFaces, cube.Differ}, {cube.SixFaces, cube.Differ}, {cube.SixFaces, cube.Match}} {
		g, err := cube.NewGeometry(3, v.model, v.edges)
		if err != nil {
			t.Fatal(err)
		}
		geometries = append(geometries, g)
		swaps[g] = v.edges != cube.Match
	}
	rng := rand.New(rand.NewPCG(8, 9))
	for _, g := range geometries {
		sol, err := search.Solve(context.Background(), sudoku.NewBoard(g), search.WithWorkers(1), search.WithSeed(1))
		if err != nil {
			t.Fatalf("%s: %v", g, err)
		}
		var counts, first [3]int
		moves := int64(0)
		for i := range 9 {
			b := minimal(t, sol, rng)
			for range i % 3 * 2 {
				if err := b.SetGiven(rng.IntN(g.NumCells()), 0); err != nil {
					t.Fatal(err)
				}
			}
			var plain, both search.Stats
			want, err := search.Count(context.Background(), b, 2, search.WithWorkers(1), search.WithClausesFrom(-1), search.WithStats(&plain))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{1, 2} {
				n, err := search.Count(context.Background(), b, 2, search.WithWorkers(w), search.WithClausesFrom(1), search.WithSeed(uint64(i)), search.WithStats(&both))
				if err != nil || n != want {
					t.Fatalf("%s, board %d, %d workers: Count with clause learning %d (%v), want %d:\n%s", g, i, w, n, err, want, b.Pretty())
				}
				if w == 1 && both.Nodes < plain.Nodes {
					first[n]++
				}
				// So does Count to 2 with the tabu search (and no
				// clause learning), whose repeats are counted over
				// these units too.
				n, err = search.Count(context.Background(), b, 2, search.WithWorkers(w), search.WithLocalFrom(1), search.WithClausesFrom(-1), search.WithSeed(uint64(i)), search.WithStats(&both))
				if err != nil || n != want {
					t.Fatalf("%s, board %d, %d workers: Count with the tabu search %d (%v), want %d:\n%s", g, i, w, n, err, want, b.Pretty())
				}
				moves += both.Moves
			}
			counts[want]++
		}
		t.Logf("%s: %d boards with one solution, %d with more; answered first by the clause-learning search: %d and %d", g, counts[1], counts[2], first[1], first[2])
		if first[1] == 0 || first[2] == 0 {
			t.Errorf("%s: answered first by the clause-learning search: %d boards with one solution, %d with more; the test wants both", g, first[1], first[2])
		}
		if (moves > 0) != swaps[g] {
			t.Errorf("%s: the tabu search of Count made %d moves; want some only where boxes hold every cell once", g, moves)
		}
	}
}

// minimal returns a board of the givens of sol that has sol as its one
// solution, and no given of which can go: each cell, in a random order,
// loses its given when the solution stays unique without it.
func minimal(t *testing.T, sol *sudoku.Board, rng *rand.Rand) *sudoku.Board {
	t.Helper()
	b := holes(t, rng, sol, 0, false) // every digit given
	for _, c := range rng.Perm(sol.Geometry().NumCells()) {
		d := b.Get(c)
		if err := b.SetGiven(c, 0); err != nil {
			t.Fatal(err)
		}
		n, err := search.Count(context.Background(), b, 2, search.WithWorkers(1), search.WithClausesFrom(-1))
		if err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			if err := b.SetGiven(c, d); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b
}
