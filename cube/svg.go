package cube

import (
	"fmt"
	"io"
	"strings"
)

// SVG colours and strokes.
const (
	svgGiven    = "#000000" // givens: black, bold
	svgEntry    = "#1f5fbf" // digits filled in: blue
	svgEdgeTint = "#e8eef7" // stickers with a partner across an edge
	svgThin     = "#9a9a9a"
)

// SVG writes the cube's unfolded net as an SVG image, laid out as
// [Cube.Net] lays it out, the faces touching where the net folds: thin
// lines between cells, thick ones between boxes and thicker ones round each
// face; givens in bold black, other digits in blue; stickers that have a
// partner across an edge of the model shaded. It returns the writer's
// error, or one wrapping [sudoku.ErrInvalidArgument] for a nil writer.
func (c *Cube) SVG(w io.Writer) error {
	if w == nil {
		return invalid("SVG: nil writer")
	}
	c = c.view()
	v := c.v
	cell := 32
	switch {
	case v.m > 16:
		cell = 20
	case v.m > 9:
		cell = 24
	}
	const margin = 8
	side := v.m * cell
	slots, bands := v.model.netSlots()
	places := 0
	for _, s := range slots {
		places = max(places, s.pos+1)
	}
	width, height := 2*margin+places*side, 2*margin+bands*side
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif">`+"\n",
		width, height, width, height)
	fmt.Fprintf(&sb, `<rect width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	for _, f := range v.faces {
		x0, y0 := margin+slots[f].pos*side, margin+slots[f].band*side
		fmt.Fprintf(&sb, "<g><title>%s</title>\n", f)
		for i, cl := range v.faceCells[f] {
			r, col := i/v.m, i%v.m
			x, y := x0+col*cell, y0+r*cell
			if len(v.partners[v.stickerIndex(Sticker{f, r, col})]) > 0 {
				fmt.Fprintf(&sb, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x, y, cell, cell, svgEdgeTint)
			}
			d := c.b.Get(cl)
			if d == 0 {
				continue
			}
			colour, weight := svgEntry, "normal"
			if c.b.Given(cl) {
				colour, weight = svgGiven, "bold"
			}
			fmt.Fprintf(&sb, `<text x="%d" y="%d" font-size="%d" font-weight="%s" fill="%s" text-anchor="middle" dominant-baseline="central">%c</text>`+"\n",
				x+cell/2, y+cell/2, cell*3/5, weight, colour, digitChars[d])
		}
		// Cell lines, then box lines, then the border, each over the last.
		for level, style := range []struct {
			stroke string
			width  int
		}{{svgThin, 1}, {"#000000", 2}, {"#000000", 3}} {
			for k := 0; k <= v.m; k++ {
				if lineLevel(k, v.n, v.m) != level {
					continue
				}
				fmt.Fprintf(&sb, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%d" stroke-linecap="square"/>`+"\n",
					x0, y0+k*cell, x0+side, y0+k*cell, style.stroke, style.width)
				fmt.Fprintf(&sb, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="%d" stroke-linecap="square"/>`+"\n",
					x0+k*cell, y0, x0+k*cell, y0+side, style.stroke, style.width)
			}
		}
		sb.WriteString("</g>\n")
	}
	sb.WriteString("</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

// lineLevel tells the k-th line across a face of side m with boxes of n:
// 0 between cells, 1 between boxes, 2 at the border.
func lineLevel(k, n, m int) int {
	switch {
	case k == 0 || k == m:
		return 2
	case k%n == 0:
		return 1
	}
	return 0
}
