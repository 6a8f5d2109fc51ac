package logic_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// exclusionPositions returns positions of aligned pair and triple
// exclusion on 9x9 and on other geometries.
func exclusionPositions(t testing.TB) []techniquePosition {
	six, err := sudoku.NewGeometry(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	var out []techniquePosition
	for _, g := range []*sudoku.Geometry{sudoku.Classic(), six} {
		out = append(out, techniquePosition{
			// r1c1 = 1 would leave r1c2 nothing: 2 would empty r1c5,
			// 3 would empty r3c3, and 1 is r1c1's.
			name: "pair", rule: logic.AlignedPairExclusion, g: g,
			build: func(p *position) {
				p.only(1, 1, 1, 2, 4)
				p.only(1, 2, 1, 2, 3)
				p.only(1, 5, 1, 2)
				p.only(2, 3, 1, 3)
			},
			remove: "r1c1:1",
			text:   "aligned pair exclusion: r1c1 (1, 2 or 4) and r1c2 (1, 2 or 3) both see r1c5 (1 or 2) and r2c3 (1 or 3), so they cannot take all the digits of one of those, nor one digit twice in a house",
		}, techniquePosition{
			// r1c4 = 3 would leave r1c1 and r1c6 only 1 and 2, so r1c5 = 4;
			// then r2c4 = 1 and r2c6 = 2, and r1c6 has nothing left.
			name: "triple", rule: logic.AlignedTripleExclusion, g: g,
			build: func(p *position) {
				p.only(1, 1, 1, 2, 3)
				p.only(1, 5, 1, 2, 4)
				p.only(2, 4, 1, 3, 4)
				p.only(1, 6, 1, 2, 3)
				p.only(2, 6, 2, 3, 4)
			},
			remove: "r1c4:3",
			text:   "aligned triple exclusion: r1c4 (" + allDigits(g) + "), r1c5 (1, 2 or 4) and r1c6 (1, 2 or 3) all see r1c1 (1, 2 or 3), r2c4 (1, 3 or 4) and r2c6 (2, 3 or 4)",
		})
	}
	// With r2c3 left open, r1c1 and r1c2 share one excluder: too few.
	out = append(out, techniquePosition{
		name: "pair with one excluder", rule: logic.AlignedPairExclusion, g: sudoku.Classic(),
		build: func(p *position) {
			p.only(1, 1, 1, 2, 4)
			p.only(1, 2, 1, 2, 3)
			p.only(1, 5, 1, 2)
		},
	})
	return out
}

// allDigits says every digit of g as alternatives: "1, 2, 3, 4, 5 or 6".
func allDigits(g *sudoku.Geometry) string {
	s := ""
	for d := 1; d < g.Digits(); d++ {
		s += fmt.Sprint(d) + ", "
	}
	return strings.TrimSuffix(s, ", ") + " or " + fmt.Sprint(g.Digits())
}

// TestAlignedExclusion checks aligned pair and triple exclusion on their
// textbook patterns.
func TestAlignedExclusion(t *testing.T) {
	for _, tc := range exclusionPositions(t) {
		t.Run(tc.g.String()+" "+tc.name, func(t *testing.T) {
			checkPosition(t, tc)
		})
	}
}
