package sudoku_test

import (
	"errors"
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
	fmt.Println(b.Geometry(), "with", 81-b.Empty(), "givens")
	fmt.Print(b.Pretty())
	// Output:
	// 9x9 board (3x3 boxes) with 30 givens
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
	var pe *sudoku.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Line, pe.Column, errors.Is(err, sudoku.ErrBadCharacter))
	}
	fmt.Println(err)
	// Output:
	// 3 6 true
	// sudoku: line 3, column 6: unexpected character '#' (want a digit 1-9, a letter A-Z, or '.', '0', '_' for an empty cell)
}

// A diagonal Sudoku is the classic board with both main diagonals as two
// more units, written out here (AddDiagonals builds it for any size).
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
	fmt.Println(g)

	// r1c1 and r5c5 share no row, column or box, only the diagonal.
	b := sudoku.NewBoard(g)
	_ = b.SetGiven(g.Cell(0, 0), 7)
	_ = b.SetGiven(g.Cell(4, 4), 7)
	fmt.Println(b.Validate())
	// Output:
	// geometry of 81 cells, 29 units, digits 1-9
	// sudoku: conflict: r1c1 and r5c5 both hold 7 (diagonal 1)
}

func ExampleBoard_Validate() {
	b, err := sudoku.Parse("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..75")
	if err != nil {
		fmt.Println(err)
		return
	}
	err = b.Validate()
	fmt.Println(err)
	var ce *sudoku.ConflictError
	if errors.As(err, &ce) {
		for _, c := range ce.Conflicts {
			g := b.Geometry()
			fmt.Println(g.CellName(c.A), g.CellName(c.B), c.Digit, g.UnitName(c.Unit))
		}
	}
	// Output:
	// sudoku: 2 conflicts: r1c1 and r1c2 both hold 5 (row 1); r8c9 and r9c9 both hold 5 (column 9)
	// r1c1 r1c2 5 row 1
	// r8c9 r9c9 5 column 9
}

func ExampleGeometryForSize() {
	for _, n := range []int{6, 12} {
		g, err := sudoku.GeometryForSize(n)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g)
	}
	_, err := sudoku.GeometryForSize(7)
	fmt.Println(err)
	// Output:
	// 6x6 board (2x3 boxes)
	// 12x12 board (3x4 boxes)
	// sudoku: unsupported size: no box shape for a 7x7 board (N from 4 to 64, not prime): invalid argument
}

func ExampleScanner() {
	input := `# two 4x4 puzzles, one a line
1.3.....4..2...1
.2.4...........X

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
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// line 2: 1.3.....4..2...1
	// sudoku: line 3, column 16: "X" stands for 33, but the digits of a 4x4 board (2x2 boxes) go up to 4
	// line 6: 1.3............1
}

// Peers read one at a time, without allocating: cell r1c1 of the classic
// board has 20 peers, from r1c2 to r9c1, and sees r3c3 in its box but
// not r4c4.
func ExampleGeometry_Peer() {
	g := sudoku.Classic()
	c := g.Cell(0, 0)
	n := g.NumPeers(c)
	fmt.Println(n, g.CellName(g.Peer(c, 0)), g.CellName(g.Peer(c, n-1)))
	fmt.Println(g.IsPeer(c, g.Cell(2, 2)), g.IsPeer(c, g.Cell(3, 3)))
	// Output:
	// 20 r1c2 r9c1
	// true false
}
