package anneal_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

// glued returns the geometry of two 4x4 Sudokus with 2x2 boxes, the
// bottom row of the first being the top row of the second: the cells of
// that row lie in a box of each, as the cells of a cube's edge do.
func glued(t *testing.T) *sudoku.Geometry {
	t.Helper()
	cell := func(board, r, c int) int {
		if board == 1 {
			if r == 0 {
				return 12 + c
			}
			r += 3
		}
		return r*4 + c
	}
	var units []sudoku.Unit
	for board := range 2 {
		for i := range 4 {
			row, col, box := sudoku.Unit{Kind: sudoku.Row}, sudoku.Unit{Kind: sudoku.Column}, sudoku.Unit{Kind: sudoku.Box}
			for j := range 4 {
				row.Cells = append(row.Cells, cell(board, i, j))
				col.Cells = append(col.Cells, cell(board, j, i))
				box.Cells = append(box.Cells, cell(board, i/2*2+j/2, i%2*2+j%2))
			}
			row.Name, col.Name, box.Name = fmt.Sprint("row ", i+1, " of ", board), fmt.Sprint("column ", i+1, " of ", board), fmt.Sprint("box ", i+1, " of ", board)
			units = append(units, row, col, box)
		}
	}
	g, err := sudoku.NewCustomGeometry(sudoku.Spec{Digits: 4, Cells: 28, Units: units})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestSharedBoxes anneals two boards that share a row: the second's top
// boxes keep only two cells of their own, whose digits must follow those
// of the shared row.
func TestSharedBoxes(t *testing.T) {
	g := glued(t)
	for seed := range uint64(10) {
		b, err := anneal.Solve(context.Background(), sudoku.NewBoard(g), anneal.WithSeed(seed), anneal.WithChainLimit(2000), anneal.WithWorkers(1))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if !b.Solved() || b.Validate() != nil {
			t.Fatalf("seed %d: not solved:\n%v", seed, b.Line())
		}
	}
}
