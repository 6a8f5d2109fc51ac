package logic_test

import (
	"testing"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// unitOf returns the unit of the given kind that holds cell c, or -1.
func unitOf(g *sudoku.Geometry, kind sudoku.UnitKind, c int) int {
	for _, u := range g.CellUnits(c) {
		if g.UnitKind(u) == kind {
			return u
		}
	}
	return -1
}

// techniquePosition is a hand-made position of one technique's pattern,
// with the step the technique alone finds there.
type techniquePosition struct {
	name   string
	rule   logic.Technique
	g      *sudoku.Geometry
	build  func(p *position)
	remove string // "" for a position where it finds nothing
	text   string // a part the explanation must hold
}

// rectangleFloor narrows r1c1 and r1c4 to {1,2}: the two bivalue
// corners of a rectangle with r2c1 and r2c4, in two boxes on 9x9 (3x3
// boxes) and on 6x6 (2x3 boxes).
func rectangleFloor(p *position) {
	p.only(1, 1, 1, 2)
	p.only(1, 4, 1, 2)
}

// uniquePositions returns positions of the unique rectangle types and
// the aligned exclusions, on 9x9 and on other geometries.
func uniquePositions(t testing.TB) []techniquePosition {
	six, err := sudoku.NewGeometry(2, 3)
	if err != nil {
		t.Fatal(err)
	}
	diag, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	var out []techniquePosition
	for _, g := range []*sudoku.Geometry{sudoku.Classic(), six} {
		rest := "r2c2:3 r2c3:3 r2c5:3 r2c6:3"
		if g.Digits() == 9 {
			rest += " r2c7:3 r2c8:3 r2c9:3"
		}
		out = append(out, techniquePosition{
			name: "type 2", rule: logic.UniqueRectangle2, g: g,
			build: func(p *position) {
				rectangleFloor(p)
				p.only(2, 1, 1, 2, 3)
				p.only(2, 4, 1, 2, 3)
			},
			remove: rest,
			text:   "unique rectangle type 2: were r2c1 and r2c4 not 3, r1c1, r1c4, r2c1 and r2c4 would all be 1 or 2",
		}, techniquePosition{
			name: "type 4", rule: logic.UniqueRectangle4, g: g,
			build: func(p *position) {
				rectangleFloor(p)
				p.keep(unitOf(p.g, sudoku.Row, p.cell(2, 1)), 1, p.cell(2, 1), p.cell(2, 4))
			},
			remove: "r2c1:2 r2c4:2",
			text:   "unique rectangle type 4: in row 2, 1 fits only in r2c1 and r2c4, so one of them is 1; were the other 2",
		})
	}
	// On a diagonal board, the rectangle r1c4, r1c7, r2c4, r2c7 is off
	// both diagonals; r1c1, r1c4, r2c1, r2c4 is none, since the main
	// diagonal holds r1c1 alone of its cells (the digits could not swap).
	out = append(out, techniquePosition{
		name: "type 2 off the diagonals", rule: logic.UniqueRectangle2, g: diag,
		build: func(p *position) {
			p.only(1, 4, 1, 2)
			p.only(1, 7, 1, 2)
			p.only(2, 4, 1, 2, 3)
			p.only(2, 7, 1, 2, 3)
		},
		remove: "r2c1:3 r2c2:3 r2c3:3 r2c5:3 r2c6:3 r2c8:3 r2c9:3",
		text:   "unique rectangle type 2: were r2c4 and r2c7 not 3",
	}, techniquePosition{
		name: "type 2 on a diagonal", rule: logic.UniqueRectangle2, g: diag,
		build: func(p *position) {
			rectangleFloor(p)
			p.only(2, 1, 1, 2, 3)
			p.only(2, 4, 1, 2, 3)
		},
	})
	return out
}

// TestUniqueRectangleTypes checks each type on its textbook pattern.
func TestUniqueRectangleTypes(t *testing.T) {
	for _, tc := range uniquePositions(t) {
		t.Run(tc.g.String()+" "+tc.name, func(t *testing.T) {
			p := newPosition(tc.g)
			tc.build(p)
			s := p.state(t)
			st, ok := tc.rule.Find(s)
			if tc.remove == "" {
				if ok {
					t.Fatalf("%v finds %q, want nothing", tc.rule, st.Text)
				}
				return
			}
			if !ok {
				t.Fatalf("%v finds nothing", tc.rule)
			}
			st.Rule = tc.rule
			t.Log(st.Text)
			checkStep(t, tc.g, st, nil, removals(tc.g, tc.remove), tc.text)
			if !tc.rule.AssumesUnique() {
				t.Errorf("%v does not assume a unique solution", tc.rule)
			}
		})
	}
}
