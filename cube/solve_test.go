package cube_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/search"
)

// TestSolveEmpty solves empty cubes of every variant with package search,
// unchanged, and checks the answers on the cube.
func TestSolveEmpty(t *testing.T) {
	vs := variants(2, 3)
	if !testing.Short() {
		vs = append(vs, variant{4, cube.SixFaces, cube.Match}, variant{4, cube.ThreeFaces, cube.Differ})
	}
	for _, v := range vs {
		t.Run(v.String(), func(t *testing.T) {
			c := mustNew(t, v)
			sol, err := search.Solve(context.Background(), c.Board(), search.WithWorkers(2))
			if err != nil {
				t.Fatal(err)
			}
			s, err := cube.FromBoard(sol, v.n, v.model, v.edges)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Validate(); err != nil || !s.Solved() {
				t.Fatalf("answer not a solution: %v", err)
			}
			for _, f := range s.Faces() {
				if !s.Face(f).Solved() {
					t.Fatalf("the %s face is not a solved Sudoku:\n%s", f, s.Face(f).Pretty())
				}
			}
			// Every sticker holds its cell's digit, and the edge rule holds.
			for _, st := range stickers(s) {
				for _, p := range s.Partners(st) {
					same := s.At(st) == s.At(p)
					if same != (v.edges == cube.Match) {
						t.Fatalf("%s holds %d, %s across the edge %d", st, s.At(st), p, s.At(p))
					}
				}
			}
		})
	}
}

// TestSolveContradiction checks that a cube with conflicting givens has no
// solution, reported as an error.
func TestSolveContradiction(t *testing.T) {
	c := mustNew(t, variant{3, cube.SixFaces, cube.Differ})
	// Across the edge, up r9c5 and front r1c5 must differ.
	_ = c.Board().SetGiven(c.Cell(cube.Sticker{Face: cube.Up, Row: 8, Col: 4}), 5)
	_ = c.Board().SetGiven(c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 4}), 5)
	if _, err := search.Solve(context.Background(), c.Board()); !errors.Is(err, search.ErrNoSolution) {
		t.Fatalf("Solve: %v, want ErrNoSolution", err)
	}
}
