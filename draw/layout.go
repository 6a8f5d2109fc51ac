package draw

import (
	"math"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Panel is a rectangle of squares drawn as one grid, with a thick border:
// a board, or one face of a cube's net. Positions and sizes count squares,
// not pixels. Several panels may show the same cell (a cube's shared edge
// cells are on two or three faces) and panels may touch.
type Panel struct {
	// Name titles the panel (a tooltip, such as "front"); "" for none.
	Name string `json:"name,omitempty"`
	// Row and Col place the panel's top-left square on the picture.
	Row int `json:"row"`
	Col int `json:"col"`
	// Rows and Cols are the panel's size.
	Rows int `json:"rows"`
	Cols int `json:"cols"`
	// BoxRows and BoxCols, when set, draw box lines every BoxRows rows and
	// BoxCols columns. When zero, box lines run between cells of
	// different units of kind [sudoku.Box] (so irregular boxes are drawn
	// as they are); a geometry without boxes has cell lines only.
	BoxRows int `json:"boxRows,omitempty"`
	BoxCols int `json:"boxCols,omitempty"`
	// Cells holds the cell of each square, row by row (Rows*Cols of them),
	// or -1 for a square left blank.
	Cells []int `json:"cells"`
}

// Bounds of what panels may ask for.
const (
	maxSide    = 1 << 12 // squares a side of the picture
	maxSquares = 1 << 20 // squares in all panels
)

// defaultPanels lays g out as one panel: its grid layout, or its cells in
// order on a near-square grid when it has none.
func defaultPanels(g *sudoku.Geometry) []Panel {
	rows, cols := g.Rows(), g.Cols()
	n := g.NumCells()
	if rows == 0 {
		cols = int(math.Ceil(math.Sqrt(float64(n))))
		rows = (n + cols - 1) / cols
	}
	cells := make([]int, rows*cols)
	for i := range cells {
		cells[i] = i
		if i >= n {
			cells[i] = -1
		}
	}
	return []Panel{{Rows: rows, Cols: cols, BoxRows: g.BoxRows(), BoxCols: g.BoxCols(), Cells: cells}}
}

// checkPanels checks the panels against a geometry of n cells and returns
// the picture's size in squares.
func checkPanels(panels []Panel, n int) (rows, cols int, err error) {
	squares := 0
	for i, p := range panels {
		switch {
		case p.Rows < 1 || p.Cols < 1 || p.Rows > maxSide || p.Cols > maxSide:
			return 0, 0, invalid("panel %d: %dx%d squares (want 1 to %d a side)", i, p.Rows, p.Cols, maxSide)
		case p.Row < 0 || p.Col < 0 || p.Row+p.Rows > maxSide || p.Col+p.Cols > maxSide:
			return 0, 0, invalid("panel %d at row %d, column %d (want 0 or more, ending within %d)", i, p.Row, p.Col, maxSide)
		case len(p.Cells) != p.Rows*p.Cols:
			return 0, 0, invalid("panel %d: %d cells for %dx%d squares", i, len(p.Cells), p.Rows, p.Cols)
		case p.BoxRows < 0 || p.BoxCols < 0 || (p.BoxRows == 0) != (p.BoxCols == 0):
			return 0, 0, invalid("panel %d: boxes of %dx%d", i, p.BoxRows, p.BoxCols)
		}
		squares += p.Rows * p.Cols
		if squares > maxSquares {
			return 0, 0, invalid("panels of more than %d squares", maxSquares)
		}
		for _, c := range p.Cells {
			if c < -1 || c >= n {
				return 0, 0, invalid("panel %d: cell %d (cells are 0 to %d, or -1 for none)", i, c, n-1)
			}
		}
		rows, cols = max(rows, p.Row+p.Rows), max(cols, p.Col+p.Cols)
	}
	return rows, cols, nil
}

// Levels of a line between two squares.
const (
	lineNone   = -1
	lineCell   = 0 // between cells of one box
	lineBox    = 1 // between boxes
	lineBorder = 2 // round the cells of a panel
)

// at returns the cell of the square at r, c of p, or -1 outside it.
func (p *Panel) at(r, c int) int {
	if r < 0 || c < 0 || r >= p.Rows || c >= p.Cols {
		return -1
	}
	return p.Cells[r*p.Cols+c]
}

// level tells the line between squares a and b of p, where k is the line's
// index across the panel (the row or column of b) and step the box size
// that way (0 when the panel has none); box[c] is the box of cell c, or
// -1.
func level(a, b, k, step int, box []int) int {
	switch {
	case a < 0 && b < 0:
		return lineNone
	case a < 0 || b < 0:
		return lineBorder
	case step > 0:
		if k%step == 0 {
			return lineBox
		}
		return lineCell
	case box[a] != box[b]:
		return lineBox
	}
	return lineCell
}

// boxes returns the first unit of kind Box of each cell of g, or -1.
func boxes(g *sudoku.Geometry) []int {
	box := make([]int, g.NumCells())
	for i := range box {
		box[i] = -1
	}
	for u := range g.NumUnits() {
		if g.UnitKind(u) != sudoku.Box {
			continue
		}
		for j := range g.UnitSize(u) {
			if c := g.UnitCell(u, j); box[c] < 0 {
				box[c] = u
			}
		}
	}
	return box
}
