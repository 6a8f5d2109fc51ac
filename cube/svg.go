package cube

import (
	"io"

	"github.com/cubedoku/cubedoku/draw"
)

// SVG writes the cube's unfolded net as an SVG image with [draw.SVG], in
// the style boards are drawn in, laid out as [Cube.Net] lays it out: a
// panel for each face (see [Cube.Panels]), the faces touching where the
// net folds; thin lines between cells, thick ones between boxes and
// thicker ones round each face; givens in bold black, other digits in
// blue; stickers that have a partner across an edge of the model shaded.
// Options of package draw, given through [WithDraw], add pencil marks,
// hint steps, mistakes and a selection, with cells numbered as in
// [Cube.Geometry]. It returns the writer's error, or one wrapping
// [sudoku.ErrInvalidArgument] for a nil writer or a bad option.
func (c *Cube) SVG(w io.Writer, opts ...Option) error {
	cfg, err := newConfig(opts)
	if err != nil {
		return err
	}
	c = c.view()
	all := make([]draw.Option, 0, len(cfg.draw)+1)
	all = append(all, draw.WithPanels(c.Panels()...))
	return draw.SVG(w, c.b, append(all, cfg.draw...)...)
}

// Panels returns the faces of the cube's net as panels for
// [draw.WithPanels], in the order of [Cube.Faces]: each face an m x m
// panel of its cells, with n x n boxes, named by the face and placed as
// [Cube.Net] places it.
func (c *Cube) Panels() []draw.Panel {
	v := c.view().v
	slots, _ := v.model.netSlots()
	panels := make([]draw.Panel, len(v.faces))
	for i, f := range v.faces {
		panels[i] = draw.Panel{
			Name: f.String(), Row: slots[f].band * v.m, Col: slots[f].pos * v.m,
			Rows: v.m, Cols: v.m, BoxRows: v.n, BoxCols: v.n,
			Cells: c.FaceCells(f),
		}
	}
	return panels
}
