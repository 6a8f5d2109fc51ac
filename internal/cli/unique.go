package cli

import (
	"context"
	"math/rand/v2"

	"golang.org/x/sync/errgroup"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// CountUnique makes k random puzzles on g with pct percent of the cells
// empty and returns how many have exactly one solution. Puzzle i depends
// only on seed and i, so the result does not depend on workers.
func CountUnique(ctx context.Context, g *sudoku.Geometry, pct, k, workers int, seed uint64) (int, error) {
	unique := make([]bool, k)
	eg, ctx := errgroup.WithContext(ctx)
	eg.SetLimit(workers)
	for i := range k {
		eg.Go(func() error {
			grid, err := generate.Grid(ctx, g, generate.WithSeed(seed+uint64(i)))
			if err != nil {
				return err
			}
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			Empty(grid, g.NumCells()*pct/100, rng)
			n, err := search.Count(ctx, grid, 2, search.WithWorkers(1))
			unique[i] = n == 1
			return err
		})
	}
	if err := eg.Wait(); err != nil {
		return 0, err
	}
	total := 0
	for _, u := range unique {
		if u {
			total++
		}
	}
	return total, nil
}
