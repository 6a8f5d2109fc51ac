package logic_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// position builds pencil marks on an empty board: every cell starts with
// every digit, and the helpers narrow them.
type position struct {
	g     *sudoku.Geometry
	marks []uint64
}

func newPosition(g *sudoku.Geometry) *position {
	p := &position{g: g, marks: make([]uint64, g.NumCells())}
	for c := range p.marks {
		p.marks[c] = 1<<uint(g.Digits()) - 1
	}
	return p
}

// cell is the cell at row r, column c (1-based).
func (p *position) cell(r, c int) int { return p.g.Cell(r-1, c-1) }

// only leaves the cell at r, c with the digits given.
func (p *position) only(r, c int, digits ...int) {
	var m uint64
	for _, d := range digits {
		m |= logic.Bit(d)
	}
	p.marks[p.cell(r, c)] = m
}

// keep removes digit d from every cell of unit u but those listed.
func (p *position) keep(u, d int, cells ...int) {
	for _, c := range p.g.Unit(u).Cells {
		if !contains(cells, c) {
			p.marks[c] &^= logic.Bit(d)
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Units of the classic geometry: rows 0-8, columns 9-17, boxes 18-26.
func row(r int) int { return r - 1 }
func col(c int) int { return 8 + c }
func box(b int) int { return 17 + b }

func (p *position) state(t *testing.T) *logic.State {
	t.Helper()
	s, err := logic.NewStateFromMarks(sudoku.NewBoard(p.g), p.marks)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// removals reads "r1c4:12 r2c6:5" as removals, cell by cell.
func removals(g *sudoku.Geometry, spec string) []logic.Removal {
	var out []logic.Removal
	for _, f := range strings.Fields(spec) {
		name, digits, _ := strings.Cut(f, ":")
		var r, c int
		fmt.Sscanf(name, "r%dc%d", &r, &c)
		rem := logic.Removal{Cell: g.Cell(r-1, c-1)}
		for _, ch := range digits {
			rem.Digits = append(rem.Digits, int(ch-'0'))
		}
		out = append(out, rem)
	}
	return out
}

// rulePosition is a position on the classic board where rule is the
// first rule of the ladder that finds anything, with the step it finds.
type rulePosition struct {
	rule   logic.Technique
	build  func(p *position)
	place  []logic.Placement
	remove string
	text   string // a part the explanation must hold
	// without are rules left out of the ladder for this position: the
	// sparse marks of a hand-made position also hold easier patterns
	// that a full puzzle would not.
	without []logic.Technique
}

// ladder returns Ladder(true) and the Franken fish without the rules of
// tc.without.
func (tc rulePosition) ladder() logic.Rules {
	var rs logic.Rules
	for _, r := range append(logic.Ladder(true), logic.FrankenFish()...) {
		if !contains(techniqueInts(tc.without), int(r.(logic.Technique))) {
			rs = append(rs, r)
		}
	}
	return rs
}

func techniqueInts(ts []logic.Technique) []int {
	out := make([]int, len(ts))
	for i, t := range ts {
		out[i] = int(t)
	}
	return out
}

// rulePositions returns a position for every built-in rule but BUG+1
// (see bugState), two for locked candidates (pointing and claiming).
func rulePositions() []rulePosition {
	return []rulePosition{
		{
			rule:  logic.NakedSingle,
			build: func(p *position) { p.only(5, 5, 7) },
			place: []logic.Placement{{Cell: 40, Digit: 7}},
			text:  "naked single: r5c5 can only be 7, its last candidate, so r5c5 = 7.",
		},
		{
			rule:  logic.HiddenSingle,
			build: func(p *position) { p.keep(box(5), 4, p.cell(5, 5)) },
			place: []logic.Placement{{Cell: 40, Digit: 4}},
			text:  "hidden single: in box 5, 4 fits only in r5c5, so r5c5 = 4.",
		},
		{
			rule:   logic.LockedCandidates,
			build:  func(p *position) { p.keep(box(1), 3, p.cell(1, 1), p.cell(1, 2)) },
			remove: "r1c4:3 r1c5:3 r1c6:3 r1c7:3 r1c8:3 r1c9:3",
			text:   "locked candidates (pointing): in box 1, 3 fits only in r1c1 and r1c2, all in row 1, so the 3 of row 1 is in one of them",
		},
		{
			rule:   logic.LockedCandidates,
			build:  func(p *position) { p.keep(row(1), 3, p.cell(1, 1), p.cell(1, 2), p.cell(1, 3)) },
			remove: "r2c1:3 r2c2:3 r2c3:3 r3c1:3 r3c2:3 r3c3:3",
			text:   "locked candidates (claiming): in row 1",
		},
		{
			rule:   logic.NakedPair,
			build:  func(p *position) { p.only(1, 1, 1, 2); p.only(1, 5, 1, 2) },
			remove: "r1c2:12 r1c3:12 r1c4:12 r1c6:12 r1c7:12 r1c8:12 r1c9:12",
			text:   "naked pair: in row 1, r1c1 and r1c5 can only be 1 or 2, so those two digits go in those two cells and nowhere else in row 1: remove 1 and 2 from r1c2",
		},
		{
			rule: logic.HiddenPair,
			build: func(p *position) {
				p.keep(row(1), 1, p.cell(1, 1), p.cell(1, 5))
				p.keep(row(1), 2, p.cell(1, 1), p.cell(1, 5))
			},
			remove: "r1c1:3456789 r1c5:3456789",
			text:   "hidden pair: in row 1, 1 and 2 fit only in r1c1 and r1c5",
		},
		{
			rule: logic.XWing,
			build: func(p *position) {
				p.keep(row(2), 5, p.cell(2, 3), p.cell(2, 8))
				p.keep(row(7), 5, p.cell(7, 3), p.cell(7, 8))
			},
			remove: "r1c3:5 r3c3:5 r4c3:5 r5c3:5 r6c3:5 r8c3:5 r9c3:5 r1c8:5 r3c8:5 r4c8:5 r5c8:5 r6c8:5 r8c8:5 r9c8:5",
			text:   "X-Wing on 5: in row 2 and row 7, 5 fits only in column 3 and column 8, so column 3 and column 8 get their 5 in row 2 and row 7",
		},
		{
			rule: logic.NakedTriple,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(1, 4, 2, 3)
				p.only(1, 7, 1, 3)
			},
			remove: "r1c2:123 r1c3:123 r1c5:123 r1c6:123 r1c8:123 r1c9:123",
			text:   "naked triple: in row 1, r1c1, r1c4 and r1c7 can only be 1, 2 or 3, so those three digits",
		},
		{
			rule: logic.HiddenTriple,
			build: func(p *position) {
				for d := 1; d <= 3; d++ {
					p.keep(row(1), d, p.cell(1, 1), p.cell(1, 4), p.cell(1, 7))
				}
			},
			remove: "r1c1:456789 r1c4:456789 r1c7:456789",
			text:   "hidden triple: in row 1, 1, 2 and 3 fit only in r1c1, r1c4 and r1c7",
		},
		{
			rule: logic.Swordfish,
			build: func(p *position) {
				p.keep(row(1), 5, p.cell(1, 1), p.cell(1, 4))
				p.keep(row(5), 5, p.cell(5, 4), p.cell(5, 7))
				p.keep(row(9), 5, p.cell(9, 1), p.cell(9, 7))
			},
			remove: "r2c1:5 r3c1:5 r4c1:5 r6c1:5 r7c1:5 r8c1:5 r2c4:5 r3c4:5 r4c4:5 r6c4:5 r7c4:5 r8c4:5 r2c7:5 r3c7:5 r4c7:5 r6c7:5 r7c7:5 r8c7:5",
			text:   "Swordfish on 5: in row 1, row 5 and row 9",
		},
		{
			rule: logic.Skyscraper,
			build: func(p *position) {
				p.keep(row(1), 5, p.cell(1, 1), p.cell(1, 5))
				p.keep(row(5), 5, p.cell(5, 1), p.cell(5, 6))
			},
			remove: "r2c6:5 r3c6:5 r4c5:5 r6c5:5",
			text:   "skyscraper on 5: 5 goes in r1c1 or r1c5 in row 1, and in r5c1 or r5c6 in row 5; r1c1 and r5c1 see each other, so they cannot both be 5, and r1c5 or r5c6 is 5",
		},
		{
			rule: logic.TwoStringKite,
			build: func(p *position) {
				p.keep(row(1), 5, p.cell(1, 2), p.cell(1, 7))
				p.keep(col(1), 5, p.cell(3, 1), p.cell(8, 1))
			},
			remove: "r8c7:5",
			text:   "2-string kite on 5",
		},
		{
			rule: logic.XYWing,
			build: func(p *position) {
				p.only(5, 5, 1, 2)
				p.only(5, 1, 1, 3)
				p.only(2, 5, 2, 3)
			},
			remove: "r2c1:3",
			text:   "XY-Wing: r5c5 can only be 1 or 2, and it sees r2c5 (2 or 3) and r5c1 (1 or 3), so whichever r5c5 is, r2c5 or r5c1 is 3: remove 3 from r2c1.",
		},
		{
			rule: logic.XYZWing,
			build: func(p *position) {
				p.only(5, 5, 1, 2, 3)
				p.only(5, 4, 1, 3)
				p.only(2, 5, 2, 3)
			},
			remove: "r4c5:3 r6c5:3",
			text:   "XYZ-Wing: r5c5 can only be 1, 2 or 3",
		},
		{
			rule: logic.WWing,
			build: func(p *position) {
				p.only(1, 1, 4, 7)
				p.only(5, 6, 4, 7)
				p.keep(col(3), 7, p.cell(1, 3), p.cell(5, 3))
			},
			remove: "r1c6:4 r5c1:4",
			text:   "W-Wing: r1c1 and r5c6 can each only be 4 or 7, and 7 in column 3 goes in r1c3 (seen by r1c1) or r5c3 (seen by r5c6), so r1c1 or r5c6 is not 7 but 4",
			// Rated as SE rates the chain it is (7.1), it comes after
			// the chains that find the same elimination.
			without: []logic.Technique{logic.RemotePair, logic.XChain, logic.XYChain, logic.ContinuousNiceLoop, logic.AIC},
		},
		{
			rule: logic.SimpleColouring,
			build: func(p *position) {
				// A chain of five strong links on 5 through rows and
				// columns; its ends r1c1 and r7c2 have opposite colours.
				p.keep(row(1), 5, p.cell(1, 1), p.cell(1, 4))
				p.keep(col(4), 5, p.cell(1, 4), p.cell(4, 4))
				p.keep(row(4), 5, p.cell(4, 4), p.cell(4, 7))
				p.keep(col(7), 5, p.cell(4, 7), p.cell(7, 7))
				p.keep(row(7), 5, p.cell(7, 7), p.cell(7, 2))
			},
			remove: "r2c2:5 r3c2:5 r8c1:5 r9c1:5",
			text:   "simple colouring on 5: the strong links on 5 split r1c1, r4c4 and r7c7 from r1c4, r4c7 and r7c2",
		},
		{
			rule: logic.UniqueRectangle,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(1, 4, 1, 2)
				p.only(2, 1, 1, 2)
				p.only(2, 4, 1, 2, 3)
				for _, d := range []int{1, 2} {
					p.keep(row(1), d, p.cell(1, 1), p.cell(1, 4))
					p.keep(col(1), d, p.cell(1, 1), p.cell(2, 1))
					p.keep(box(1), d, p.cell(1, 1), p.cell(2, 1))
					p.keep(row(2), d, p.cell(2, 1), p.cell(2, 4), p.cell(2, 7))
					p.keep(col(4), d, p.cell(1, 4), p.cell(2, 4), p.cell(7, 4))
				}
			},
			remove: "r2c4:12",
			text:   "unique rectangle: r1c1, r1c4, r2c1 and r2c4 would otherwise all be 1 or 2",
		},
		{
			rule: logic.NakedQuad,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(1, 3, 2, 3)
				p.only(1, 5, 3, 4)
				p.only(1, 7, 1, 4)
			},
			remove: "r1c2:1234 r1c4:1234 r1c6:1234 r1c8:1234 r1c9:1234",
			text:   "naked quad: in row 1, r1c1, r1c3, r1c5 and r1c7 can only be 1, 2, 3 or 4",
		},
		{
			rule: logic.Jellyfish,
			build: func(p *position) {
				// No two or three rows of these four confine 5 to as
				// many columns, and no row's places share a box.
				p.keep(row(1), 5, p.cell(1, 1), p.cell(1, 4))
				p.keep(row(3), 5, p.cell(3, 4), p.cell(3, 7))
				p.keep(row(5), 5, p.cell(5, 7), p.cell(5, 2))
				p.keep(row(7), 5, p.cell(7, 1), p.cell(7, 2), p.cell(7, 4))
			},
			remove: "r2c1:5 r4c1:5 r6c1:5 r8c1:5 r9c1:5 r2c2:5 r4c2:5 r6c2:5 r8c2:5 r9c2:5 " +
				"r2c4:5 r4c4:5 r6c4:5 r8c4:5 r9c4:5 r2c7:5 r4c7:5 r6c7:5 r8c7:5 r9c7:5",
			text:    "Jellyfish on 5: in row 1, row 3, row 5 and row 7, 5 fits only in column 1, column 2, column 4 and column 7",
			without: []logic.Technique{logic.EmptyRectangle, logic.FinnedXWing, logic.FinnedSwordfish},
		},
		{
			rule: logic.HiddenQuad,
			build: func(p *position) {
				for d := 1; d <= 4; d++ {
					p.keep(row(1), d, p.cell(1, 1), p.cell(1, 3), p.cell(1, 5), p.cell(1, 7))
				}
			},
			remove: "r1c1:56789 r1c3:56789 r1c5:56789 r1c7:56789",
			text:   "hidden quad: in row 1, 1, 2, 3 and 4 fit only in r1c1, r1c3, r1c5 and r1c7",
		},
		// Single-digit patterns.
		{
			rule: logic.TurbotFish,
			build: func(p *position) {
				p.keep(box(1), 5, p.cell(2, 2), p.cell(3, 3))
				p.keep(row(7), 5, p.cell(7, 2), p.cell(7, 8))
			},
			remove: "r3c8:5",
			text:   "turbot fish on 5: 5 goes in r7c2 or r7c8 in row 7, and in r2c2 or r3c3 in box 1; r7c2 and r2c2 see each other",
		},
		{
			rule: logic.EmptyRectangle,
			build: func(p *position) {
				p.keep(box(1), 5, p.cell(1, 2), p.cell(3, 2), p.cell(2, 1), p.cell(2, 3))
				p.keep(col(8), 5, p.cell(2, 8), p.cell(7, 8))
			},
			remove: "r7c2:5",
			text:   "empty rectangle on 5: in box 1, 5 goes in r2c1 and r2c3 (in row 2) or in r1c2 and r3c2 (in column 2)",
		},
		{
			rule: logic.FinnedXWing,
			build: func(p *position) {
				p.keep(row(2), 5, p.cell(2, 3), p.cell(2, 8))
				p.keep(row(7), 5, p.cell(7, 3), p.cell(7, 8), p.cell(7, 9))
			},
			remove: "r8c8:5 r9c8:5",
			text:   "finned X-Wing on 5: in row 2 and row 7, 5 fits only in column 3 and column 8 but for the fin r7c9 in box 9",
		},
		{
			rule: logic.FinnedSwordfish,
			build: func(p *position) {
				p.keep(row(3), 5, p.cell(3, 2), p.cell(3, 8))
				p.keep(row(4), 5, p.cell(4, 2), p.cell(4, 5), p.cell(4, 7))
				p.keep(row(8), 5, p.cell(8, 5), p.cell(8, 8))
			},
			remove: "r5c8:5 r6c8:5",
			text:   "finned Swordfish on 5: in row 3, row 4 and row 8, 5 fits only in column 2, column 5 and column 8 but for the fin r4c7 in box 6",
		},
		{
			rule: logic.FinnedJellyfish,
			build: func(p *position) {
				// The Jellyfish of the plain one above, with a fin in row 3.
				p.keep(row(1), 5, p.cell(1, 1), p.cell(1, 4))
				p.keep(row(3), 5, p.cell(3, 4), p.cell(3, 7), p.cell(3, 9))
				p.keep(row(5), 5, p.cell(5, 7), p.cell(5, 2))
				p.keep(row(7), 5, p.cell(7, 1), p.cell(7, 2), p.cell(7, 4))
			},
			remove:  "r2c7:5",
			text:    "finned Jellyfish on 5: in row 1, row 3, row 5 and row 7, 5 fits only in column 1, column 2, column 4 and column 7 but for the fin r3c9 in box 3",
			without: []logic.Technique{logic.EmptyRectangle, logic.TurbotFish, logic.FinnedXWing, logic.FinnedSwordfish, logic.MultiColouring},
		},
		{
			rule: logic.MultiColouring,
			build: func(p *position) {
				// Two chains: r3c4 = r4c4, and r8c3 = r8c8 = r5c8 = r5c6.
				p.keep(col(4), 5, p.cell(3, 4), p.cell(4, 4))
				p.keep(row(8), 5, p.cell(8, 3), p.cell(8, 8))
				p.keep(col(8), 5, p.cell(8, 8), p.cell(5, 8))
				p.keep(row(5), 5, p.cell(5, 8), p.cell(5, 6))
			},
			remove:  "r3c3:5",
			text:    "r4c4 and r5c6 see each other",
			without: []logic.Technique{logic.RemotePair, logic.XChain, logic.XYChain, logic.ContinuousNiceLoop, logic.AIC},
		},

		// Franken fish.
		{
			rule:    logic.FrankenXWing,
			build:   frankenX,
			remove:  "r1c1:5 r4c1:5 r5c1:5 r6c1:5 r7c1:5 r8c1:5 r9c1:5 r1c4:5 r1c5:5 r1c6:5",
			text:    "Franken X-Wing on 5: row 2 and row 3 share no cell, and there 5 fits only in column 1 and box 2, which share none either; each of row 2 and row 3 has its 5 in one of column 1 and box 2, so those two houses get their 5 there and nowhere else",
			without: []logic.Technique{logic.LockedCandidates, logic.FinnedXWing, logic.ContinuousNiceLoop, logic.AIC},
		},
		{
			rule:    logic.FrankenSwordfish,
			build:   frankenSword(false),
			remove:  "r1c1:5 r4c1:5 r5c1:5 r6c1:5 r7c1:5 r9c1:5 r1c7:5 r4c7:5 r5c7:5 r6c7:5 r7c7:5 r9c7:5 r1c4:5 r1c5:5 r1c6:5",
			text:    "Franken Swordfish on 5: row 2, row 3 and row 8 share no cell, and there 5 fits only in column 1, column 7 and box 2",
			without: []logic.Technique{logic.EmptyRectangle, logic.FinnedSwordfish, logic.ContinuousNiceLoop, logic.AIC},
		},
		{
			rule:    logic.FrankenJellyfish,
			build:   frankenJelly(false),
			remove:  "r1c1:5 r4c1:5 r5c1:5 r7c1:5 r9c1:5 r1c3:5 r4c3:5 r5c3:5 r7c3:5 r9c3:5 r1c7:5 r4c7:5 r5c7:5 r7c7:5 r9c7:5 r1c4:5 r1c5:5 r1c6:5",
			text:    "Franken Jellyfish on 5: row 2, row 3, row 6 and row 8 share no cell, and there 5 fits only in column 1, column 3, column 7 and box 2",
			without: []logic.Technique{logic.EmptyRectangle, logic.FinnedXWing, logic.FinnedJellyfish, logic.AIC},
		},
		{
			rule:    logic.FinnedFrankenXWing,
			build:   finnedFrankenX,
			remove:  "r1c8:5 r3c8:5",
			text:    "finned Franken X-Wing on 5: row 2 and box 6 share no cell, and there 5 fits only in column 8 and box 1, which share none either, but for the fin r2c9 in box 3",
			without: []logic.Technique{logic.LockedCandidates, logic.ContinuousNiceLoop, logic.AIC, logic.FrankenXWing, logic.FrankenSwordfish, logic.FrankenJellyfish},
		},
		{
			rule:    logic.FinnedFrankenSwordfish,
			build:   frankenSword(true),
			remove:  "r7c7:5 r9c7:5",
			text:    "finned Franken Swordfish on 5: row 2, row 3 and row 8 share no cell, and there 5 fits only in column 1, column 7 and box 2, which share none either, but for the fin r8c9 in box 9",
			without: []logic.Technique{logic.AIC},
		},
		{
			rule:    logic.FinnedFrankenJellyfish,
			build:   frankenJelly(true),
			remove:  "r4c7:5 r5c7:5",
			text:    "finned Franken Jellyfish on 5: row 2, row 3, row 6 and row 8 share no cell, and there 5 fits only in column 1, column 3, column 7 and box 2, which share none either, but for the fin r6c9 in box 6",
			without: []logic.Technique{logic.LockedCandidates, logic.ContinuousNiceLoop, logic.AIC, logic.FrankenXWing, logic.FrankenSwordfish, logic.FrankenJellyfish, logic.FinnedFrankenXWing, logic.FinnedFrankenSwordfish},
		},

		// Almost locked sets.
		{
			rule:   logic.ALSXZ,
			build:  alsXZPosition,
			remove: "r1c8:2 r1c9:2 r2c1:2 r2c2:2 r2c3:2",
			text:   "ALS-XZ: r1c1 can only be 1 or 2 and r1c7, r2c8 and r2c9 in box 3 only 1, 2, 4 or 5",
		},
		{
			rule:   logic.ALSXYWing,
			build:  alsXYWingPosition,
			remove: "r2c2:3 r4c4:3",
		},
		{
			rule: logic.DeathBlossom,
			build: func(p *position) {
				alsXYWingPosition(p)
				p.only(5, 5, 1, 2, 7)
				p.only(6, 4, 3, 7)
			},
			remove: "r4c4:3",
		},
		{
			rule:   logic.SueDeCoq,
			build:  sueDeCoqPosition,
			remove: "r1c3:1234 r1c4:12 r1c6:12 r1c7:12 r1c8:12 r1c9:12 r2c1:34 r2c3:34 r3c1:34 r3c2:34 r3c3:34",
			text:   "Sue de Coq: where row 1 and box 1 cross, r1c1 and r1c2 can only be 1, 2, 3 or 4",
		},

		// Chains through almost locked sets.
		{
			rule:   logic.ALSChain,
			build:  alsChainPosition,
			remove: "r1c1:7 r8c1:5",
			text:   "ALS chain: if r1c1 is not 5, r1c5 is 5, so 5 is in neither r4c5 nor r5c5, so r4c5 and r5c5 in column 5 (5, 6 or 7) are left with 6 and 7, as many digits as cells, so 7 is in r4c5 or r5c5, so r8c5 is not 7, so r8c1 is 7; so r1c1 is 5 or r8c1 is 7: remove 7 from r1c1, 5 from r8c1.",
		},
		{
			rule:    logic.ALSNiceLoop,
			build:   alsNiceLoopPosition,
			remove:  alsNiceLoopRemovals,
			text:    "ALS nice loop: if r1c1 is not 5, r2c1 is 5, so 5 is in neither r2c4 nor r2c6, so r2c4 and r2c6 in row 2 (5, 6 or 7) are left with 6 and 7, as many digits as cells, so 7 is in r2c4 or r2c6, so r1c5 is not 7, so r1c1 is 7, so r1c1 is not 5, back where the loop began",
			without: []logic.Technique{logic.LockedCandidates, logic.ContinuousNiceLoop, logic.AIC, logic.ALSXYWing, logic.ALSChain},
		},
	}
}

// TestEachRule builds, for each technique, a position where it is the
// first rule of the ladder that finds anything, and checks its step.
func TestEachRule(t *testing.T) {
	g := sudoku.Classic()
	for _, tc := range rulePositions() {
		t.Run(tc.rule.Name(), func(t *testing.T) {
			p := newPosition(g)
			tc.build(p)
			s := p.state(t)
			st, i, err := tc.ladder().Next(s)
			if err != nil {
				t.Fatalf("no rule finds a step: %v", err)
			}
			if got := tc.ladder()[i]; got != tc.rule {
				t.Fatalf("first rule is %v (%s), want %v", got, st.Text, tc.rule)
			}
			checkStep(t, g, st, tc.place, removals(g, tc.remove), tc.text)
			// The technique on its own finds the same step.
			alone, ok := tc.rule.Find(s)
			if !ok || alone.Text != st.Text {
				t.Errorf("%v alone: %v %q", tc.rule, ok, alone.Text)
			}
		})
	}
}

func checkStep(t *testing.T, g *sudoku.Geometry, st logic.Step, place []logic.Placement, remove []logic.Removal, text string) {
	t.Helper()
	if diff := cmp.Diff(place, st.Place); diff != "" {
		t.Errorf("placements (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(remove, st.Remove); diff != "" {
		t.Errorf("removals (-want +got):\n%s\n%s", diff, st.Text)
	}
	if !strings.Contains(st.Text, text) {
		t.Errorf("text %q does not hold %q", st.Text, text)
	}
	if !strings.HasPrefix(st.Text, st.RuleName()) || !strings.HasSuffix(st.Text, ".") || strings.Count(st.Text, ". ") > 0 {
		t.Errorf("text %q is not one sentence starting with the rule name %q", st.Text, st.Rule)
	}
	if st.Area == "" || len(st.Cells) == 0 {
		t.Errorf("step has no area or cells: %+v", st)
	}
	// JSON round trip.
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var back logic.Step
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(st, back); diff != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", diff)
	}
}

// bugState returns a position reached by the ladder in an expert puzzle
// where BUG+1 applies: every open cell but r8c7 holds two candidates.
func bugState(t testing.TB) (*sudoku.Board, *logic.State) {
	t.Helper()
	b := parse(t, "87.93.465.43.572989.5.481373985..724257489316..4..3589439..5.725......437.63.4.51")
	marks := strings.Fields(". . 12 . . 12 . . . 16 . . 16 . . . . . . 26 . 26 . . . . . . . . . 16 16 . . . . . . . . . . . . 16 16 . 27 27 . . . . . . . 18 16 . 68 . . . 18 12 78 79 26 689 . . . 28 . . 29 . 89 . .")
	masks := make([]uint64, 81)
	for c, m := range marks {
		for _, ch := range m {
			if ch != '.' {
				masks[c] |= logic.Bit(int(ch - '0'))
			}
		}
	}
	s, err := logic.NewStateFromMarks(b, masks)
	if err != nil {
		t.Fatal(err)
	}
	return b, s
}

// TestBUGPlusOne checks BUG+1 on the position of bugState.
func TestBUGPlusOne(t *testing.T) {
	b, s := bugState(t)
	if _, ok := logic.BUGPlusOne.Find(s); !ok {
		t.Fatal("BUG+1 finds nothing")
	}
	st, i, err := logic.Ladder(true).Next(s)
	if err != nil || logic.Ladder(true)[i] != logic.BUGPlusOne || st.Rule != logic.BUGPlusOne {
		t.Fatalf("first step %q, want BUG+1", st.Text)
	}
	checkStep(t, b.Geometry(), st, []logic.Placement{{Cell: b.Geometry().Cell(7, 6), Digit: 8}}, nil, "every open cell but r8c7 has two candidates")
	// Without the uniqueness rules the ladder up to BUG+1's rating has
	// nothing to say here.
	var upTo logic.Rules
	for _, r := range logic.Ladder(false) {
		if r.(logic.Technique).Rating() <= logic.BUGPlusOne.Rating() {
			upTo = append(upTo, r)
		}
	}
	if st, _, err := upTo.Next(s); !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("Ladder(false) found %q, %v", st.Text, err)
	}
}
