package logic_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// lineOf returns the unit of kind k (sudoku.Row or sudoku.Column) that
// holds the cell at row r, column c (1-based) of g.
func lineOf(t *testing.T, g *sudoku.Geometry, k sudoku.UnitKind, r, c int) int {
	t.Helper()
	cell := g.Cell(r-1, c-1)
	for u := range g.NumUnits() {
		if g.UnitKind(u) == k && contains(g.Unit(u).Cells, cell) {
			return u
		}
	}
	t.Fatalf("no %v holds r%dc%d", k, r, c)
	return -1
}

// TestChainRules checks each chain rule, called by itself, on textbook
// positions on the classic board and on 6x6 boards (boxes of 2x3): the
// shortest chain, its links in order, and exactly its removals.
func TestChainRules(t *testing.T) {
	six := mustGeometry(t, 2, 3)
	cases := []struct {
		name   string
		g      *sudoku.Geometry
		rule   logic.Technique
		build  func(p *position)
		remove string
		links  int // links in the chain
		text   string
	}{
		{
			name: "X-chain 9x9", g: sudoku.Classic(), rule: logic.XChain,
			build: func(p *position) {
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 5, p.cell(1, 1), p.cell(1, 5))
				p.keep(lineOf(t, p.g, sudoku.Row, 4, 1), 5, p.cell(4, 5), p.cell(4, 8))
				p.keep(lineOf(t, p.g, sudoku.Row, 8, 1), 5, p.cell(8, 8), p.cell(8, 2))
			},
			remove: "r2c2:5 r3c2:5 r7c1:5 r9c1:5",
			links:  5,
			text:   "X-chain: if r1c1 is not 5, r1c5 is 5, so r4c5 is not 5, so r4c8 is 5, so r8c8 is not 5, so r8c2 is 5; so r1c1 is 5 or r8c2 is 5: remove 5 from r2c2, r3c2, r7c1 and r9c1.",
		},
		{
			name: "X-chain 6x6", g: six, rule: logic.XChain,
			build: func(p *position) {
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 1, p.cell(1, 1), p.cell(1, 4))
				p.keep(lineOf(t, p.g, sudoku.Row, 4, 1), 1, p.cell(4, 4), p.cell(4, 6))
				p.keep(lineOf(t, p.g, sudoku.Row, 6, 1), 1, p.cell(6, 6), p.cell(6, 2))
			},
			remove: "r2c2:1 r5c1:1",
			links:  5,
			text:   "so r1c1 is 1 or r6c2 is 1",
		},
		{
			name: "XY-chain 9x9", g: sudoku.Classic(), rule: logic.XYChain,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(1, 5, 2, 3)
				p.only(5, 5, 3, 4)
				p.only(5, 9, 4, 1)
			},
			remove: "r1c9:1 r5c1:1",
			links:  7,
			text:   "XY-chain: if r1c1 is not 1, r1c1 is 2, so r1c5 is not 2, so r1c5 is 3, so r5c5 is not 3, so r5c5 is 4, so r5c9 is not 4, so r5c9 is 1; so r1c1 is 1 or r5c9 is 1: remove 1 from r1c9 and r5c1.",
		},
		{
			name: "XY-chain 6x6", g: six, rule: logic.XYChain,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(1, 4, 2, 3)
				p.only(4, 4, 3, 4)
				p.only(4, 6, 4, 1)
			},
			remove: "r1c6:1 r4c1:1",
			links:  7,
			text:   "so r1c1 is 1 or r4c6 is 1",
		},
		{
			name: "remote pair 9x9", g: sudoku.Classic(), rule: logic.RemotePair,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(1, 5, 1, 2)
				p.only(5, 5, 1, 2)
				p.only(5, 9, 1, 2)
			},
			remove: "r1c9:12 r5c1:12",
			links:  7,
			text:   "remote pair: r1c1, r1c5, r5c5 and r5c9 can each only be 1 or 2",
		},
		{
			name: "remote pair 6x6", g: six, rule: logic.RemotePair,
			build: func(p *position) {
				p.only(1, 1, 3, 5)
				p.only(1, 4, 3, 5)
				p.only(4, 4, 3, 5)
				p.only(4, 6, 3, 5)
			},
			remove: "r1c6:35 r4c1:35",
			links:  7,
			text:   "the ends r1c1 and r4c6 hold 3 and 5 between them",
		},
		{
			name: "grouped AIC 9x9", g: sudoku.Classic(), rule: logic.AIC,
			build: func(p *position) {
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 5, p.cell(1, 1), p.cell(1, 7), p.cell(1, 8))
				p.keep(lineOf(t, p.g, sudoku.Column, 1, 9), 5, p.cell(3, 9), p.cell(7, 9))
			},
			remove: "r7c1:5",
			links:  3,
			text:   "AIC: if r1c1 is not 5, 5 is in r1c7 or r1c8, so r3c9 is not 5, so r7c9 is 5; so r1c1 is 5 or r7c9 is 5: remove 5 from r7c1.",
		},
		{
			name: "grouped AIC 6x6", g: six, rule: logic.AIC,
			build: func(p *position) {
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 2, p.cell(1, 1), p.cell(1, 5), p.cell(1, 6))
				p.keep(lineOf(t, p.g, sudoku.Column, 1, 4), 2, p.cell(2, 4), p.cell(5, 4))
			},
			remove: "r5c1:2",
			links:  3,
			text:   "2 is in r1c5 or r1c6, so r2c4 is not 2",
		},
		{
			name: "continuous nice loop 9x9", g: sudoku.Classic(), rule: logic.ContinuousNiceLoop,
			build: func(p *position) {
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 5, p.cell(1, 1), p.cell(1, 5))
				p.keep(lineOf(t, p.g, sudoku.Row, 5, 1), 5, p.cell(5, 1), p.cell(5, 5))
			},
			remove: "r2c1:5 r2c5:5 r3c1:5 r3c5:5 r4c1:5 r4c5:5 r6c1:5 r6c5:5 r7c1:5 r7c5:5 r8c1:5 r8c5:5 r9c1:5 r9c5:5",
			links:  4,
			text:   "continuous nice loop: if r1c1 is not 5, r1c5 is 5, so r5c5 is not 5, so r5c1 is 5, so r1c1 is not 5, back where the loop began",
		},
		{
			name: "continuous nice loop 6x6", g: six, rule: logic.ContinuousNiceLoop,
			build: func(p *position) {
				p.keep(lineOf(t, p.g, sudoku.Row, 1, 1), 4, p.cell(1, 1), p.cell(1, 5))
				p.keep(lineOf(t, p.g, sudoku.Row, 5, 1), 4, p.cell(5, 1), p.cell(5, 5))
			},
			remove: "r2c1:4 r2c5:4 r3c1:4 r3c5:4 r4c1:4 r4c5:4 r6c1:4 r6c5:4",
			links:  4,
			text:   "so r5c1 is 4, so r1c1 is not 4, back where the loop began",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := newPosition(tc.g)
			tc.build(p)
			st, ok := tc.rule.Find(p.state(t))
			if !ok {
				t.Fatalf("%v finds nothing", tc.rule)
			}
			if st.Rule != tc.rule {
				t.Errorf("rule %v, want %v", st.Rule, tc.rule)
			}
			if tc.remove != "" {
				checkStep(t, tc.g, st, nil, removals(tc.g, tc.remove), tc.text)
			} else {
				t.Log(st.Text)
			}
			if len(st.Chains) != 1 || st.ChainLength() != tc.links {
				t.Errorf("chain of %d links, want %d: %+v", st.ChainLength(), tc.links, st.Chains)
			}
			for i, l := range st.Chains[0] {
				if want := i%2 == 0; l.Strong != want {
					t.Errorf("link %d strong %v, want %v", i, l.Strong, want)
				}
				if i > 0 && !sameNode(l.From, st.Chains[0][i-1].To) {
					t.Errorf("link %d starts at %v, the last ended at %v", i, l.From, st.Chains[0][i-1].To)
				}
			}
		})
	}
}

func sameNode(a, b logic.Node) bool {
	if a.Digit != b.Digit || len(a.Cells) != len(b.Cells) {
		return false
	}
	for i := range a.Cells {
		if a.Cells[i] != b.Cells[i] {
			return false
		}
	}
	return true
}

// TestChainsOnBrokenState: on a state with no solution (three cells of
// a row holding only 1 and 2) the chain rules may find anything but must
// not panic; on a state that has broken down they find nothing.
func TestChainsOnBrokenState(t *testing.T) {
	p := newPosition(sudoku.Classic())
	p.only(1, 1, 1, 2)
	p.only(1, 5, 1, 2)
	p.only(1, 9, 1, 2)
	s := p.state(t)
	for _, tq := range chainTechniques {
		tq.Find(s)
	}
	if err := s.Assign(p.cell(1, 1), 1); err != nil {
		t.Fatal(err)
	}
	if err := s.Assign(p.cell(1, 5), 2); err == nil {
		t.Fatal("r1c9 kept a candidate")
	}
	for _, tq := range chainTechniques {
		if st, ok := tq.Find(s); ok {
			t.Errorf("%v on a broken state: %s", tq, st.Text)
		}
	}
}

// BenchmarkChains asks for a hint with the full ladder on magictour
// states where the rules below the chains are stuck (reached by walking
// each puzzle with them), and reports the median time of one hint
// (median-µs) besides the mean, and the share of those hints a chain
// rule gives (chain%). It needs ../shared and skips without it.
func BenchmarkChains(b *testing.B) {
	var below logic.Rules
	for _, r := range logic.Ladder(true) {
		if r.(logic.Technique).Rating() < logic.RemotePair.Rating() {
			below = append(below, r)
		}
	}
	var states []*logic.State
	for _, p := range reference.Boards(b, "9x9-magictour-top1465", 200) {
		s, err := logic.NewState(p)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := below.Reduce(context.Background(), s); err != nil {
			b.Fatal(err)
		}
		if s.Left() > 0 {
			states = append(states, s)
		}
	}
	ladder := logic.Ladder(true)
	var times []time.Duration
	chains, i := 0, 0
	for b.Loop() {
		s := states[i%len(states)]
		start := time.Now()
		st, _, err := ladder.Next(s)
		times = append(times, time.Since(start))
		if err == nil && st.Rule.Rating() >= logic.RemotePair.Rating() {
			chains++
		}
		i++
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "median-µs")
	b.ReportMetric(100*float64(chains)/float64(i), "chain%")
}

// TestChainLinksHold walks the in-repository 9x9 and 16x16 puzzles and,
// at every state, checks the chain of every
// chain rule's step against the state: each strong link joins a cell's
// two candidates or a digit's places in a house (every place in one of
// its two nodes), each weak link the same digit in cells that see each
// other or two digits of one cell, and the links alternate, strong
// first. TestRulesSound checks the same steps against the solutions.
func TestChainLinksHold(t *testing.T) {
	var boards []*sudoku.Board
	for _, set := range []string{"9x9-levels", "16x16/unique"} {
		ps := reference.LocalBoards(t, set, 0)
		step := max(1, len(ps)/sample(len(ps)))
		for i := 0; i < len(ps); i += step {
			boards = append(boards, ps[i])
		}
	}
	checked := 0
	for _, b := range boards {
		s, err := logic.NewState(b)
		if err != nil {
			t.Fatal(err)
		}
		for s.Left() > 0 {
			for _, tq := range chainTechniques {
				st, ok := tq.Find(s)
				if !ok {
					continue
				}
				checked++
				for i, l := range st.Chains[0] {
					if l.Strong != (i%2 == 0) || (l.Strong && !strongHolds(s, l)) || (!l.Strong && !weakHolds(s, l)) {
						t.Fatalf("%s: link %d (%+v) does not hold: %s", b.Line(), i, l, st.Text)
					}
				}
			}
			st, _, err := logic.Ladder(false).Next(s)
			if err != nil {
				break
			}
			if err := s.Apply(st); err != nil {
				t.Fatalf("%s: %v", b.Line(), err)
			}
		}
	}
	if checked == 0 {
		t.Error("no chain met")
	}
	t.Logf("%d chains checked", checked)
}

// strongHolds reports whether l's nodes are not both false in s.
func strongHolds(s *logic.State, l logic.Link) bool {
	a, b := l.From, l.To
	if len(a.Cells) == 1 && len(b.Cells) == 1 && a.Cells[0] == b.Cells[0] {
		return s.Candidates(a.Cells[0]) == logic.Bit(a.Digit)|logic.Bit(b.Digit) && a.Digit != b.Digit
	}
	if a.Digit != b.Digit {
		return false
	}
	g := s.Geometry()
	for u := range g.NumUnits() {
		cells := g.Unit(u).Cells
		if len(cells) != g.Digits() {
			continue
		}
		in, all := 0, true
		for _, c := range cells {
			inNode := contains(a.Cells, c) || contains(b.Cells, c)
			if inNode {
				in++
			}
			if !inNode && s.Value(c) == 0 && s.Candidates(c)&logic.Bit(a.Digit) != 0 {
				all = false
			}
		}
		if all && in == len(a.Cells)+len(b.Cells) {
			return true
		}
	}
	return false
}

// weakHolds reports whether l's nodes are not both true in s.
func weakHolds(s *logic.State, l logic.Link) bool {
	a, b := l.From, l.To
	if len(a.Cells) == 1 && len(b.Cells) == 1 && a.Cells[0] == b.Cells[0] {
		return a.Digit != b.Digit
	}
	if a.Digit != b.Digit {
		return false
	}
	g := s.Geometry()
	for _, x := range a.Cells {
		for _, y := range b.Cells {
			if x == y || !contains(g.Peers(x), y) {
				return false
			}
		}
	}
	return true
}
