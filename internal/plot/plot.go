// Package plot draws the charts of the example commands as SVG: times
// against a share in percent, on a log scale of time, one line per
// series, with the time limit, a shaded band and the points where some
// run was not solved within the limit marked, and a legend.
package plot

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// Plot is a chart of times against a share, on a log scale of time:
// one line per series, a shaded band, a line at the time limit, and the
// points where some board was not solved within it marked.
type Plot struct {
	Title, XLabel string
	XMax          float64 // the x axis runs from 0, ticks every XTick
	XTick         float64
	Band          [2]float64 // shaded x range, none when equal
	BandLabel     string
	Limit         float64 // the time limit in ms, 0 for none
	Series        []Series
	Peaks         bool // mark each series' highest point
}

// Series is one line of a plot.
type Series struct {
	Name   string
	Dashed bool
	Points []Point
}

// Point is one bar of a figure: its share X, its median time in
// milliseconds, and how many of its boards were not solved within the
// limit.
type Point struct {
	X, MS            float64
	Boards, Unsolved int
}

var colours = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"}

// SVG writes the plot as an SVG image.
func (p Plot) SVG(w io.Writer) {
	const width, height, left, right, top, bottom = 760, 440, 70, 230, 40, 55
	lo, hi := math.Inf(1), math.Max(p.Limit, 1e-3)
	for _, s := range p.Series {
		for _, pt := range s.Points {
			lo = math.Min(lo, math.Max(pt.MS, 1e-3))
			hi = math.Max(hi, pt.MS)
		}
	}
	if math.IsInf(lo, 1) {
		lo = 1e-3
	}
	lo = math.Pow(10, math.Floor(math.Log10(lo)))
	hi = math.Pow(10, math.Ceil(math.Log10(hi)))
	if hi <= lo {
		hi = lo * 10
	}
	x := func(v float64) float64 { return left + v/p.XMax*(width-left-right) }
	y := func(ms float64) float64 {
		f := (math.Log10(math.Max(ms, lo)) - math.Log10(lo)) / (math.Log10(hi) - math.Log10(lo))
		return height - bottom - f*(height-top-bottom)
	}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintln(w, `<rect width="100%" height="100%" fill="white"/>`)
	fmt.Fprintf(w, `<text x="%d" y="20" font-size="14" font-weight="bold">%s</text>`+"\n", left, esc(p.Title))
	if p.Band[1] > p.Band[0] {
		fmt.Fprintf(w, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#fff3c4"/>`+"\n", x(p.Band[0]), top, x(p.Band[1])-x(p.Band[0]), height-top-bottom)
	}
	for v := 0.0; v <= p.XMax+1e-9; v += p.XTick {
		fmt.Fprintf(w, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/><text x="%.1f" y="%d" text-anchor="middle">%g</text>`+"\n",
			x(v), top, x(v), height-bottom, x(v), height-bottom+16, v)
	}
	for v := lo; v <= hi*1.001; v *= 10 {
		fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n",
			left, y(v), width-right, y(v), left-6, y(v)+4, tick(v))
	}
	fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>`+"\n", left, top, width-left-right, height-top-bottom)
	fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", (width-right+left)/2, height-12, esc(p.XLabel))
	fmt.Fprintf(w, `<text transform="translate(16 %d) rotate(-90)" text-anchor="middle">median time to solve (ms, log scale)</text>`+"\n", (height-bottom+top)/2)
	if p.Limit > 0 {
		fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#c00" stroke-dasharray="4 4"/>`+"\n", left, y(p.Limit), width-right, y(p.Limit))
	}
	// The legend, right of the chart.
	lx, ly := width-right+14, top+8
	item := func(draw, label string) {
		fmt.Fprintf(w, draw+"\n", lx, ly)
		fmt.Fprintf(w, `<text x="%d" y="%d">%s</text>`+"\n", lx+30, ly+4, esc(label))
		ly += 18
	}
	for i, s := range p.Series {
		c := colours[i%len(colours)]
		var pts []string
		for _, pt := range s.Points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(pt.X), y(pt.MS)))
		}
		dash := ""
		if s.Dashed {
			dash = ` stroke-dasharray="6 3"`
		}
		fmt.Fprintf(w, `<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"/>`+"\n", c, dash, strings.Join(pts, " "))
		for _, pt := range s.Points {
			if pt.Unsolved > 0 {
				fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="5" fill="white" stroke="#c00" stroke-width="2"><title>%d of %d not solved</title></circle>`+"\n", x(pt.X), y(pt.MS), pt.Unsolved, pt.Boards)
			}
		}
		if p.Peaks && len(s.Points) > 0 {
			top := s.Points[0]
			for _, pt := range s.Points {
				if pt.MS > top.MS {
					top = pt
				}
			}
			fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"/>`+"\n", x(top.X), y(top.MS), c)
		}
		item(fmt.Sprintf(`<line x1="%%d" y1="%%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>`, lx+24, ly, c, dash), s.Name)
	}
	if p.Peaks {
		item(`<circle cx="%d" cy="%d" r="4" fill="#444" transform="translate(12 0)"/>`, "peak of the series")
	}
	item(`<circle cx="%d" cy="%d" r="5" fill="white" stroke="#c00" stroke-width="2" transform="translate(12 0)"/>`, "some boards not solved")
	if p.Limit > 0 {
		item(`<line x1="%d" y1="%d" x2="`+fmt.Sprint(lx+24)+`" y2="`+fmt.Sprint(ly)+`" stroke="#c00" stroke-dasharray="4 4"/>`, "time limit of a board")
	}
	if p.BandLabel != "" {
		item(`<rect x="%d" y="%d" width="24" height="10" fill="#fff3c4" transform="translate(0 -5)"/>`, p.BandLabel)
	}
	fmt.Fprintln(w, "</svg>")
}

// tick writes a value of the time axis.
func tick(ms float64) string {
	if ms >= 1000 {
		return fmt.Sprintf("%g s", ms/1000)
	}
	return fmt.Sprintf("%g", ms)
}

// esc escapes text for SVG.
func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
