package sudoku_test

import (
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// pairsSpec is a custom geometry of MaxCells cells and units of 64 cells,
// unit u holding the cells u, u+1, ..., u+63 (wrapping around).
func pairsSpec(units int) sudoku.Spec {
	s := sudoku.Spec{Digits: 64, Cells: sudoku.MaxCells}
	for u := range units {
		cells := make([]int, 64)
		for i := range cells {
			cells[i] = (u*61 + i) % sudoku.MaxCells
		}
		s.Units = append(s.Units, sudoku.Unit{Cells: cells})
	}
	return s
}

// TestCustomGeometryPairsBounded: a specification whose units pair more
// than 2^24 cells is refused before its peer tables are built. Before,
// 65,536 units of 64 scattered cells took over 2 GB and half a minute.
func TestCustomGeometryPairsBounded(t *testing.T) {
	_, err := sudoku.NewCustomGeometry(pairsSpec(1<<24/(64*63) + 1))
	if !errors.Is(err, sudoku.ErrGeometry) || !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("units pairing more than 2^24 cells: %v, want ErrGeometry and ErrInvalidArgument", err)
	}
	g, err := sudoku.NewCustomGeometry(pairsSpec(256))
	if err != nil || g.NumUnits() != 256 {
		t.Errorf("256 units of 64 cells: %v, %v", g, err)
	}
}
