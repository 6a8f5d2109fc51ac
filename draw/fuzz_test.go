package draw_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// FuzzSVG draws parsed boards (for empty text, a board on the zero
// Geometry, with no cells) with marks, a step (a chain too), mistakes and panels made
// from the fuzzer's numbers, in range or not. The property: an error
// wrapping sudoku.ErrInvalidArgument with nothing written, or well-formed
// XML with one square for each cell of the panels.
func FuzzSVG(f *testing.F) {
	f.Add("1... .2.. ..3. ...4", uint64(0x5), 3, 2, 1, 30, 0, 0)
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", uint64(0x1ff), 80, 26, 9, 40, 2, 9)
	f.Add("12 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0", uint64(1<<40), -1, 99, 12, 12, 1, 5)
	f.Add("", uint64(0x3), 0, 0, 1, 0, 2, 3)
	f.Fuzz(func(t *testing.T, text string, mask uint64, cell, house, digit, size, stage, cols int) {
		b := sudoku.NewBoard(new(sudoku.Geometry))
		if text != "" {
			var err error
			if b, err = sudoku.Parse(text); err != nil {
				return
			}
		}
		g := b.Geometry()
		n := g.NumCells()
		marks := make([]uint64, n)
		for c := range marks {
			marks[c] = mask >> (c % 7) * uint64(c+1)
		}
		st := logic.Step{
			Area: g.CellName(cell), Houses: []int{house}, Cells: []int{cell}, Digits: []int{digit},
			Place:  []logic.Placement{{Cell: cell, Digit: digit}},
			Remove: []logic.Removal{{Cell: (cell + 1) % max(n, 1), Digits: []int{digit, 1}}},
			// A chain from the cell's digit to a group of the next cell
			// and the house's number read as a cell, and on to the cell.
			Chains: [][]logic.Link{{
				{From: logic.Node{Cells: []int{cell}, Digit: digit}, To: logic.Node{Cells: []int{(cell + 1) % max(n, 1), house}, Digit: 1}, Strong: true},
				{From: logic.Node{Cells: []int{(cell + 1) % max(n, 1), house}, Digit: 1}, To: logic.Node{Cells: []int{cell}, Digit: 1}},
			}},
		}
		opts := []draw.Option{draw.WithMarks(marks), draw.WithStep(st, logic.Stage(stage)), draw.WithWrong(cell), draw.WithConflicts(true)}
		if size != 0 {
			opts = append(opts, draw.WithCellSize(size))
		}
		squares := n
		if cols != 0 && cols > -5 && cols < 100 {
			cells := make([]int, 0, n+1)
			for c := range n {
				cells = append(cells, c)
			}
			cells = append(cells, -1)
			rows := 0
			if cols > 0 {
				rows = (len(cells) + cols - 1) / cols
				for len(cells) < rows*cols {
					cells = append(cells, -1)
				}
			}
			opts = append(opts, draw.WithPanels(draw.Panel{Rows: rows, Cols: cols, Cells: cells}))
		}
		var buf bytes.Buffer
		if err := draw.SVG(&buf, b, opts...); err != nil {
			if !errors.Is(err, sudoku.ErrInvalidArgument) || buf.Len() != 0 {
				t.Fatalf("error %v with %d bytes written", err, buf.Len())
			}
			return
		}
		if p := read(t, buf.Bytes()); p.squares != squares {
			t.Fatalf("%d squares for %d cells", p.squares, squares)
		}
	})
}
