package sudoku_test

import (
	"fmt"
	"strings"

	"github.com/cubedoku/cubedoku/sudoku"
)

func ExampleParse() {
	b, err := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b.Grid())
	// Output:
	// 5 3 . | . 7 . | . . .
	// 6 . . | 1 9 5 | . . .
	// . 9 8 | . . . | . 6 .
	// ------+-------+------
	// 8 . . | . 6 . | . . 3
	// 4 . . | 8 . 3 | . . 1
	// 7 . . | . 2 . | . . 6
	// ------+-------+------
	// . 6 . | . . . | 2 8 .
	// . . . | 4 1 9 | . . 5
	// . . . | . 8 . | . 7 9
}

func ExampleParse_error() {
	_, err := sudoku.Parse("53..7....\n6..195...\n.98..#.6.\n")
	fmt.Println(err)
	// Output: sudoku: line 3, column 6: unexpected character '#' (want a digit 1-9, a letter A-Z, or '.', '0', '_' for an empty cell)
}

// A diagonal Sudoku is the classic board with both main diagonals as two
// more units.
func ExampleNewCustomGeometry() {
	spec := sudoku.Classic().Spec()
	var down, up []int
	for i := range 9 {
		down = append(down, i*9+i)
		up = append(up, i*9+8-i)
	}
	spec.Units = append(spec.Units,
		sudoku.Unit{Kind: sudoku.Diagonal, Cells: down},
		sudoku.Unit{Kind: sudoku.Diagonal, Cells: up})
	g, err := sudoku.NewCustomGeometry(spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	b := sudoku.NewBoard(g)
	_ = b.SetGiven(g.Cell(0, 0), 7) // r1c1
	_ = b.SetGiven(g.Cell(8, 8), 7) // r9c9: another row, column and box, same diagonal
	fmt.Println(g.NumUnits(), "units")
	fmt.Println(b.Validate())
	// Output:
	// 29 units
	// sudoku: conflict: r1c1 and r9c9 both hold 7 (diagonal 1)
}

func ExampleBoard_Validate() {
	b, _ := sudoku.Parse("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	fmt.Println(b.Validate())
	// Output: sudoku: conflict: r1c1 and r1c2 both hold 5 (row 1)
}

func ExampleGeometryForSize() {
	for _, n := range []int{6, 9, 12, 16} {
		g, _ := sudoku.GeometryForSize(n)
		fmt.Println(g)
	}
	_, err := sudoku.GeometryForSize(7)
	fmt.Println(err)
	// Output:
	// 6x6 board (2x3 boxes)
	// 9x9 board (3x3 boxes)
	// 12x12 board (3x4 boxes)
	// 16x16 board (4x4 boxes)
	// sudoku: unsupported size: no box shape for a 7x7 board (N from 4 to 64, not prime)
}

func ExampleScanner() {
	input := `# two puzzles, one a line
1.3.............
.2.4............

# and one as a grid
1 . | 3 .
. . | . .
----+----
. . | . .
. . | . 1
`
	sc := sudoku.NewScanner(strings.NewReader(input))
	for sc.Scan() {
		b, err := sc.Board()
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("line %d: %s\n", sc.Line(), b.Line())
	}
	// Output:
	// line 2: 1.3.............
	// line 3: .2.4............
	// line 6: 1.3............1
}
