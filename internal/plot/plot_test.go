package plot

import (
	"bytes"
	"strings"
	"testing"
)

func TestSVG(t *testing.T) {
	p := Plot{
		Title: "times", XLabel: "cells empty (%)", XMax: 100, XTick: 50,
		Band: [2]float64{50, 70}, BandLabel: "band <rise>", Limit: 1000, Peaks: true,
		Series: []Series{
			{Name: "9x9", Points: []Point{{0, 0.5, 2, 0}, {50, 1000, 2, 1}, {100, 3, 2, 0}}},
			{Name: "16x16", Dashed: true, Points: []Point{{0, 2, 2, 0}, {100, 20, 2, 0}}},
		},
	}
	var b bytes.Buffer
	p.SVG(&b)
	svg := b.String()
	for _, want := range []string{"<svg ", "cells empty (%)", "median time to solve (ms, log scale)", ">9x9<", ">16x16<",
		"band &lt;rise&gt;", "1 of 2 not solved", "time limit of a board", "peak of the series", `stroke-dasharray="6 3"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("no %q in the SVG", want)
		}
	}
	if n := strings.Count(svg, "<polyline"); n != 2 {
		t.Errorf("%d lines, want 2", n)
	}
	if !strings.HasSuffix(svg, "</svg>\n") {
		t.Error("the SVG is not closed")
	}
	// A plot with no point still draws its frame.
	b.Reset()
	Plot{Title: "empty", XMax: 100, XTick: 10}.SVG(&b)
	if !strings.HasSuffix(b.String(), "</svg>\n") {
		t.Error("empty plot not closed")
	}
}
