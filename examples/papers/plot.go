package main

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// plot is a chart of times against a share, on a log scale of time:
// one line per series, a shaded band, a line at the time limit, and the
// points where some board was not solved within it marked.
type plot struct {
	title, xLabel string
	xMax          float64 // the x axis runs from 0, ticks every xTick
	xTick         float64
	band          [2]float64 // shaded x range, none when equal
	bandLabel     string
	limit         float64 // the time limit in ms, 0 for none
	series        []series
	peaks         bool // mark each series' highest point
}

// series is one line of a plot.
type series struct {
	name   string
	dashed bool
	points []point
}

// point is one bar of a figure: its median time, and how many of its
// boards were not solved within the limit.
type point struct {
	x, ms            float64
	boards, unsolved int
}

var colours = []string{"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"}

// svg writes the plot as an SVG image.
func (p plot) svg(w io.Writer) {
	const width, height, left, right, top, bottom = 760, 440, 70, 230, 40, 55
	lo, hi := math.Inf(1), math.Max(p.limit, 1e-3)
	for _, s := range p.series {
		for _, pt := range s.points {
			lo = math.Min(lo, math.Max(pt.ms, 1e-3))
			hi = math.Max(hi, pt.ms)
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
	x := func(v float64) float64 { return left + v/p.xMax*(width-left-right) }
	y := func(ms float64) float64 {
		f := (math.Log10(math.Max(ms, lo)) - math.Log10(lo)) / (math.Log10(hi) - math.Log10(lo))
		return height - bottom - f*(height-top-bottom)
	}
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintln(w, `<rect width="100%" height="100%" fill="white"/>`)
	fmt.Fprintf(w, `<text x="%d" y="20" font-size="14" font-weight="bold">%s</text>`+"\n", left, esc(p.title))
	if p.band[1] > p.band[0] {
		fmt.Fprintf(w, `<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="#fff3c4"/>`+"\n", x(p.band[0]), top, x(p.band[1])-x(p.band[0]), height-top-bottom)
	}
	for v := 0.0; v <= p.xMax+1e-9; v += p.xTick {
		fmt.Fprintf(w, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/><text x="%.1f" y="%d" text-anchor="middle">%g</text>`+"\n",
			x(v), top, x(v), height-bottom, x(v), height-bottom+16, v)
	}
	for v := lo; v <= hi*1.001; v *= 10 {
		fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n",
			left, y(v), width-right, y(v), left-6, y(v)+4, tick(v))
	}
	fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>`+"\n", left, top, width-left-right, height-top-bottom)
	fmt.Fprintf(w, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", (width-right+left)/2, height-12, esc(p.xLabel))
	fmt.Fprintf(w, `<text transform="translate(16 %d) rotate(-90)" text-anchor="middle">median time to solve (ms, log scale)</text>`+"\n", (height-bottom+top)/2)
	if p.limit > 0 {
		fmt.Fprintf(w, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#c00" stroke-dasharray="4 4"/>`+"\n", left, y(p.limit), width-right, y(p.limit))
	}
	// The legend, right of the chart.
	lx, ly := width-right+14, top+8
	item := func(draw, label string) {
		fmt.Fprintf(w, draw+"\n", lx, ly)
		fmt.Fprintf(w, `<text x="%d" y="%d">%s</text>`+"\n", lx+30, ly+4, esc(label))
		ly += 18
	}
	for i, s := range p.series {
		c := colours[i%len(colours)]
		var pts []string
		for _, pt := range s.points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(pt.x), y(pt.ms)))
		}
		dash := ""
		if s.dashed {
			dash = ` stroke-dasharray="6 3"`
		}
		fmt.Fprintf(w, `<polyline fill="none" stroke="%s" stroke-width="2"%s points="%s"/>`+"\n", c, dash, strings.Join(pts, " "))
		for _, pt := range s.points {
			if pt.unsolved > 0 {
				fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="5" fill="white" stroke="#c00" stroke-width="2"><title>%d of %d not solved</title></circle>`+"\n", x(pt.x), y(pt.ms), pt.unsolved, pt.boards)
			}
		}
		if p.peaks && len(s.points) > 0 {
			top := s.points[0]
			for _, pt := range s.points {
				if pt.ms > top.ms {
					top = pt
				}
			}
			fmt.Fprintf(w, `<circle cx="%.1f" cy="%.1f" r="4" fill="%s"/>`+"\n", x(top.x), y(top.ms), c)
		}
		item(fmt.Sprintf(`<line x1="%%d" y1="%%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"%s/>`, lx+24, ly, c, dash), s.name)
	}
	if p.peaks {
		item(`<circle cx="%d" cy="%d" r="4" fill="#444" transform="translate(12 0)"/>`, "peak of the series")
	}
	item(`<circle cx="%d" cy="%d" r="5" fill="white" stroke="#c00" stroke-width="2" transform="translate(12 0)"/>`, "some boards not solved")
	if p.limit > 0 {
		item(`<line x1="%d" y1="%d" x2="`+fmt.Sprint(lx+24)+`" y2="`+fmt.Sprint(ly)+`" stroke="#c00" stroke-dasharray="4 4"/>`, "time limit of a board")
	}
	if p.bandLabel != "" {
		item(`<rect x="%d" y="%d" width="24" height="10" fill="#fff3c4" transform="translate(0 -5)"/>`, p.bandLabel)
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
