package cube_test

import (
	"fmt"
	"strings"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/draw"
)

// The net's faces as panels of package draw, in squares of the picture.
func ExampleCube_Panels() {
	c, err := cube.New(2, cube.SixFaces, cube.Match)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range c.Panels() {
		fmt.Printf("%-5s at row %d, column %d: %dx%d, boxes %dx%d\n", p.Name, p.Row, p.Col, p.Rows, p.Cols, p.BoxRows, p.BoxCols)
	}
	// Output:
	// up    at row 0, column 4: 4x4, boxes 2x2
	// left  at row 4, column 0: 4x4, boxes 2x2
	// front at row 4, column 4: 4x4, boxes 2x2
	// right at row 4, column 8: 4x4, boxes 2x2
	// back  at row 4, column 12: 4x4, boxes 2x2
	// down  at row 8, column 4: 4x4, boxes 2x2
}

// A cube drawn with the options of package draw: here the two stickers
// across an edge that hold the same digit.
func ExampleCube_SVG() {
	c, err := cube.New(2, cube.ThreeFaces, cube.Differ)
	if err != nil {
		fmt.Println(err)
		return
	}
	up := c.Cell(cube.Sticker{Face: cube.Up, Row: 3, Col: 0})
	front := c.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 0})
	_ = c.Board().SetGiven(up, 3)
	_ = c.Board().Set(front, 3)
	var sb strings.Builder
	if err := c.SVG(&sb, cube.WithDraw(draw.WithConflicts(true), draw.WithTitle("two 3s across an edge"))); err != nil {
		fmt.Println(err)
		return
	}
	svg := sb.String()
	fmt.Println(strings.Count(svg, `<rect class="cell`), "squares,", strings.Count(svg, ` conflict"`), "in conflict")
	// Output:
	// 48 squares, 2 in conflict
}
