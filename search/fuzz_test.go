package search_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// all4x4 lists every complete 4x4 grid, found by a plain recursive filling
// that shares no code with the solver.
var all4x4 = sync.OnceValue(func() [][16]int {
	var out [][16]int
	var grid [16]int
	ok := func(c, d int) bool {
		r, col := c/4, c%4
		for i := range 4 {
			if grid[r*4+i] == d || grid[i*4+col] == d {
				return false
			}
		}
		br, bc := r/2*2, col/2*2
		for i := range 2 {
			for j := range 2 {
				if grid[(br+i)*4+bc+j] == d {
					return false
				}
			}
		}
		return true
	}
	var fill func(c int)
	fill = func(c int) {
		if c == 16 {
			out = append(out, grid)
			return
		}
		for d := 1; d <= 4; d++ {
			if ok(c, d) {
				grid[c] = d
				fill(c + 1)
				grid[c] = 0
			}
		}
	}
	fill(0)
	return out
})

// FuzzSolve builds a board from the input (a geometry, a worker count, then
// pairs of cell and digit), solves it and checks the answer: a solution
// must keep the givens and pass the validator, "no solution" must agree
// with Count, and on 4x4 boards both must agree with an exhaustive count.
func FuzzSolve(f *testing.F) {
	f.Add([]byte{0, 0})
	f.Add([]byte{0, 1, 0, 1, 5, 2, 10, 3})
	f.Add([]byte{0, 0, 0, 1, 1, 1})               // two 1s in a row
	f.Add([]byte{1, 1, 0, 1, 7, 2, 14, 3, 21, 4}) // 6x6
	f.Add([]byte{2, 0, 0, 5, 40, 9, 80, 1})       // 9x9
	f.Add([]byte{2, 1, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 12, 9, 21, 9})
	shapes := [][2]int{{2, 2}, {2, 3}, {3, 3}}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		shape := shapes[int(data[0])%len(shapes)]
		workers := 1 + int(data[1])%2
		g := geometry(t, shape[0], shape[1])
		b := sudoku.NewBoard(g)
		for i := 2; i+1 < len(data); i += 2 {
			c := int(data[i]) % g.NumCells()
			d := int(data[i+1]) % (g.Digits() + 1)
			if err := b.SetGiven(c, d); err != nil {
				t.Fatal(err)
			}
		}
		ctx := context.Background()
		sol, err := search.Solve(ctx, b, search.WithWorkers(workers))
		solvable := err == nil
		switch {
		case solvable:
			checkSolution(t, b, sol)
		case !errors.Is(err, search.ErrNoSolution):
			t.Fatalf("Solve: %v", err)
		}
		limit := 2
		if g.Digits() == 4 {
			limit = 0
		}
		n, err := search.Count(ctx, b, limit, search.WithWorkers(workers))
		if err != nil && !errors.Is(err, search.ErrNoSolution) {
			t.Fatalf("Count: %v", err)
		}
		if (n > 0) != solvable {
			t.Fatalf("Solve says solvable=%v, Count says %d:\n%s", solvable, n, b.Pretty())
		}
		if g.Digits() != 4 {
			return
		}
		want := 0
	grids:
		for _, grid := range all4x4() {
			for c, d := range grid {
				if v := b.Get(c); v != 0 && v != d {
					continue grids
				}
			}
			want++
		}
		if n != want {
			t.Fatalf("Count = %d, exhaustive count %d:\n%s", n, want, b.Pretty())
		}
	})
}
