package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Shape is the board a command works on, from two flags: -size N, a board
// of N x N with the most square boxes, and -box RxC, boxes R cells high
// and C wide (or -box N for N x N). Both given must agree.
type Shape struct {
	size, box   string
	defaultSize int
}

// ShapeVars defines -size, of default value size, and -box.
func (c *Command) ShapeVars(s *Shape, size int) {
	s.defaultSize = size
	c.Flags.StringVar(&s.size, "size", "", fmt.Sprintf("board of `N` x N cells with the most square boxes (default %d)", size))
	c.Flags.StringVar(&s.box, "box", "", "box shape `RxC`, R cells high and C wide, or N for NxN, instead of -size")
}

// Given reports whether -size or -box was given.
func (s Shape) Given() bool { return s.size != "" || s.box != "" }

// Geometry returns the board the flags ask for; its error is a usage
// error, naming the flag.
func (s Shape) Geometry() (*sudoku.Geometry, error) {
	size := s.defaultSize
	if s.size != "" {
		n, err := strconv.Atoi(s.size)
		if err != nil {
			return nil, fmt.Errorf("-size %q: want a number, such as 9", s.size)
		}
		size = n
	}
	if s.box == "" {
		g, err := sudoku.GeometryForSize(size)
		if err != nil {
			return nil, fmt.Errorf("-size %d: %w", size, err)
		}
		return g, nil
	}
	r, c, found := strings.Cut(s.box, "x")
	if !found {
		c = r
	}
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("-box %q: want rows x columns, such as 2x3, or one number, such as 3", s.box)
	}
	g, err := sudoku.NewGeometry(rows, cols)
	if err != nil {
		return nil, fmt.Errorf("-box %s: %w", s.box, err)
	}
	if s.size != "" && g.Digits() != size {
		return nil, fmt.Errorf("-box %s makes a board of %d x %d, -size asks for %d x %d", s.box, g.Digits(), g.Digits(), size, size)
	}
	return g, nil
}

// CubeBox returns the box size of a cube's faces the flags ask for: n for
// faces of n*n x n*n cells in boxes of n x n.
func (s Shape) CubeBox() (int, error) {
	g, err := s.Geometry()
	if err != nil {
		return 0, err
	}
	if g.BoxRows() != g.BoxCols() {
		return 0, fmt.Errorf("a cube's faces have square boxes, not %dx%d", g.BoxRows(), g.BoxCols())
	}
	return g.BoxRows(), nil
}
