package cube_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

func ExampleNew() {
	c, err := cube.New(3, cube.SixFaces, cube.Match)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := c.Geometry()
	fmt.Println(c.Faces(), c.Digits(), "digits")
	fmt.Println(g.NumCells(), "cells,", g.NumUnits(), "houses")
	// The corner cubie of up, front and right is one cell on three faces.
	corner := c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 8})
	fmt.Println(g.CellName(corner), c.Partners(cube.Sticker{Face: cube.Front, Row: 0, Col: 8}))
	// Output:
	// [up left front right back down] 9 digits
	// 386 cells, 162 houses
	// up r9c9 = front r1c9 = right r1c1 [up r9c9 right r1c1]
}

func ExampleParse() {
	c, err := cube.Parse(`
1 . | . .
. . | . .
----+----
. . | . .
. . | . 4

. . | . 4   4 . | . .
. . | 3 .   . . | . .
----+----   ----+----
. . | . .   . 1 | . .
. . | . .   . . | . .
`, cube.Match)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.BoxSize(), c.Model(), c.Edges(), c.Board().Empty(), "empty cells")
	fmt.Print(c.Face(cube.Right).Pretty())
	// Output:
	// 2 three-faces match 33 empty cells
	// 4 . | . .
	// . . | . .
	// ----+----
	// . 1 | . .
	// . . | . .
}

func ExampleParse_error() {
	// Under Match, up r4c4, front r1c4 and right r1c1 are one cubie.
	_, err := cube.Parse(`
. . | . .
. . | . .
----+----
. . | . .
. . | . 2

. . | . 2   3 . | . .
. . | . .   . . | . .
----+----   ----+----
. . | . .   . . | . .
. . | . .   . . | . .
`, cube.Match)
	var pe *sudoku.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Line, pe.Column, errors.Is(err, cube.ErrMismatch))
	}
	fmt.Println(err)
	// Output:
	// 8 13 true
	// sudoku: line 8, column 13: right r1c1 holds 3 but up r4c4, the same cubie, holds 2 (the edges match)
}

// A cube is a board on its geometry, so package search solves it as it
// is; FromBoard wraps the answer as a cube again, to print its net.
func ExampleCube_Net() {
	c, err := cube.New(2, cube.SixFaces, cube.Differ)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = c.Board().SetGiven(c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 0}), 1)
	sol, err := search.Solve(context.Background(), c.Board(), search.WithWorkers(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	solved, err := cube.FromBoard(sol, 2, cube.SixFaces, cube.Differ)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(solved.Validate())
	fmt.Print(solved.Net())
	// Output:
	// <nil>
	//             1 2 | 3 4
	//             3 4 | 1 2
	//             ----+----
	//             4 1 | 2 3
	//             2 3 | 4 1
	//
	// 2 4 | 1 3   1 2 | 3 4   2 1 | 4 3   1 2 | 3 4
	// 1 3 | 2 4   3 4 | 1 2   3 4 | 1 2   3 4 | 1 2
	// ----+----   ----+----   ----+----   ----+----
	// 3 1 | 4 2   4 1 | 2 3   1 2 | 3 4   2 3 | 4 1
	// 4 2 | 3 1   2 3 | 4 1   4 3 | 2 1   4 1 | 2 3
	//
	//             3 4 | 1 2
	//             1 2 | 3 4
	//             ----+----
	//             4 3 | 2 1
	//             2 1 | 4 3
}

func ExampleCube_Validate() {
	c, err := cube.New(3, cube.ThreeFaces, cube.Differ)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Across the edge between up and front, the stickers must differ.
	_ = c.Board().Set(c.Cell(cube.Sticker{Face: cube.Up, Row: 8, Col: 2}), 7)
	_ = c.Board().Set(c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 2}), 7)
	fmt.Println(c.Validate())
	// Output:
	// sudoku: conflict: up r9c3 and front r1c3 both hold 7 (edge up r9c3 / front r1c3)
}

// A cube's JSON names its box side, model and edge rule, and writes its
// givens and its digits one character a sticker. A missing box side is
// read from the length of the lines.
func ExampleCube_MarshalJSON() {
	c, err := cube.New(2, cube.ThreeFaces, cube.Differ)
	if err != nil {
		fmt.Println(err)
		return
	}
	_ = c.Board().SetGiven(c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 0}), 4)
	data, err := json.Marshal(c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(data))

	var back cube.Cube
	err = json.Unmarshal([]byte(`{"edges":"differ","givens":"`+strings.Repeat(".", 16)+"4"+strings.Repeat(".", 31)+`"}`), &back)
	fmt.Println(back.BoxSize(), back.Model(), back.Edges(), back.At(cube.Sticker{Face: cube.Front}), err)
	// Output:
	// {"boxSize":2,"model":"three-faces","edges":"differ","givens":"................4...............................","digits":"................4..............................."}
	// 2 three-faces differ 4 <nil>
}

// Faces, models, edge rules and strategies are read by name.
func ExampleParseFace() {
	f, err := cube.ParseFace("back")
	fmt.Println(f, int(f), err)
	f, err = cube.ParseFace("Back") // names are read in any case
	fmt.Println(f, err)
	_, err = cube.ParseFace("rear")
	fmt.Println(errors.Is(err, sudoku.ErrInvalidArgument))
	// Output:
	// back 4 <nil>
	// back <nil>
	// true
}

// A board on a cube's geometry, such as a solution from package search,
// becomes a cube again with FromBoard, to be read face by face.
func ExampleFromBoard() {
	g, err := cube.NewGeometry(2, cube.ThreeFaces, cube.Match)
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := search.Solve(context.Background(), sudoku.NewBoard(g), search.WithWorkers(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := cube.FromBoard(sol, 2, cube.ThreeFaces, cube.Match)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Solved(), c.Validate())
	for _, f := range c.Faces() {
		fmt.Println(f, c.Face(f).Solved())
	}
	// Output:
	// true <nil>
	// up true
	// front true
	// right true
}
