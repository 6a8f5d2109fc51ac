package logic_test

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
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
			name: "type 3", rule: logic.UniqueRectangle3, g: g,
			build: func(p *position) {
				rectangleFloor(p)
				p.only(2, 1, 1, 2, 3)
				p.only(2, 4, 1, 2, 4)
				p.only(2, 6, 3, 4)
			},
			remove: strings.ReplaceAll(strings.Replace(rest, " r2c6:3", "", 1), ":3", ":34"),
			text:   "unique rectangle type 3: r2c1 or r2c4 is 3 or 4, or r1c1, r1c4, r2c1 and r2c4 would all be 1 or 2, and the two digits could swap for a second solution; so with r2c6, which can only be 3 or 4, they hold both digits in row 2: remove 3 and 4 from",
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

// checkPosition builds tc's position and checks the step its technique
// finds there, or that it finds none when tc.remove is empty; it reports
// whether there was a step.
func checkPosition(t *testing.T, tc techniquePosition) bool {
	t.Helper()
	p := newPosition(tc.g)
	tc.build(p)
	st, ok := tc.rule.Find(p.state(t))
	if tc.remove == "" {
		if ok {
			t.Fatalf("%v finds %q, want nothing", tc.rule, st.Text)
		}
		return false
	}
	if !ok {
		t.Fatalf("%v finds nothing", tc.rule)
	}
	st.Rule = tc.rule
	t.Log(st.Text)
	checkStep(t, tc.g, st, nil, removals(tc.g, tc.remove), tc.text)
	return true
}

// TestUniqueRectangleTypes checks each type on its textbook pattern.
func TestUniqueRectangleTypes(t *testing.T) {
	for _, tc := range uniquePositions(t) {
		t.Run(tc.g.String()+" "+tc.name, func(t *testing.T) {
			if checkPosition(t, tc) && !tc.rule.AssumesUnique() {
				t.Errorf("%v does not assume a unique solution", tc.rule)
			}
		})
	}
}

// uniqueFamily are the techniques of unique_types.go and exclusion.go.
var uniqueFamily = []logic.Technique{logic.UniqueRectangle2, logic.UniqueRectangle3, logic.UniqueRectangle4, logic.AlignedPairExclusion, logic.AlignedTripleExclusion, logic.BUG2, logic.BUG4}

// TestUniqueTypesSound walks the in-repository unique 9x9 puzzles with
// the full ladder and generated puzzles on 6x6 and diagonal 9x9 boards
// (several solutions: without the uniqueness rules), asking every rule at
// every state (see checkSound): no step of these techniques may remove
// the solution's digit. Each technique but BUG type 4 must be met.
func TestUniqueTypesSound(t *testing.T) {
	t.Parallel() // a long test: it runs beside the others
	found := map[logic.Technique]int{}
	for _, name := range []string{"9x9-levels", "9x9-techniques", "9x9-minimal"} {
		ps, sols := reference.LocalSet(t, name, 0)
		for i := 0; i < len(ps); i += len(ps) / sample(len(ps)) {
			checkSound(t, fmt.Sprintf("%s #%d", name, i+1), ps[i], sols[i], logic.Ladder(true), found)
		}
	}
	rng := rand.New(rand.NewPCG(3, 9))
	diag, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*sudoku.Geometry{mustGeometry(t, 2, 3), diag} {
		for i := range sample(200) {
			p, sol := randomPuzzle(t, g, rng)
			checkSound(t, fmt.Sprintf("%s #%d: %s", g, i+1, p.Line()), p, sol, logic.Ladder(false), found)
		}
	}
	for _, tq := range uniqueFamily {
		t.Logf("%v: %d steps", tq, found[tq])
		// BUG types 2 and 4 are too rare to be met in every sample of
		// these sets: their graves are tested on positions of their own.
		if found[tq] == 0 && !testing.Short() && tq != logic.BUG4 && tq != logic.BUG2 {
			t.Errorf("no step of %v was met", tq)
		}
	}
}

// uniqueStuckStates returns states of the in-repository 9x9 puzzles where the
// ladder without the techniques of family has run out of steps. Each
// state knows its puzzle ([logic.State.SetPuzzle]).
func uniqueStuckStates(tb testing.TB, family []logic.Technique) []*logic.State {
	tb.Helper()
	var rules logic.Rules
	for _, r := range logic.Ladder(true) {
		if !slices.Contains(family, r.(logic.Technique)) {
			rules = append(rules, r)
		}
	}
	var out []*logic.State
	for _, name := range []string{"9x9-levels", "9x9-techniques", "9x9-minimal"} {
		for _, p := range reference.LocalBoards(tb, name, 0) {
			s, err := logic.NewState(p)
			if err != nil {
				tb.Fatal(err)
			}
			if err := s.SetPuzzle(p); err != nil {
				tb.Fatal(err)
			}
			res, err := logic.DeduceState(context.Background(), s, p, rules...)
			if err == nil && !res.Solved {
				out = append(out, s)
			}
		}
	}
	if len(out) == 0 {
		tb.Fatal("no stuck state")
	}
	return out
}

// BenchmarkUniqueTypes times Find of each technique of uniqueFamily on
// states where the simpler rules are stuck.
func BenchmarkUniqueTypes(b *testing.B) { benchmarkFamily(b, uniqueFamily) }

// benchmarkFamily times Find of each technique of family on the states
// of uniqueStuckStates, reporting the share of states where it finds a
// step.
func benchmarkFamily(b *testing.B, family []logic.Technique) {
	states := uniqueStuckStates(b, family)
	for _, tq := range family {
		b.Run(tq.Name(), func(b *testing.B) {
			i, found := 0, 0
			for b.Loop() {
				if _, ok := tq.Find(states[i%len(states)]); ok {
					found++
				}
				i++
			}
			b.ReportMetric(float64(found)/float64(i), "found/op")
		})
	}
}

// bugGrid returns a bivalue universal grave on g: every cell holds its
// digit d in a solved grid and d's successor (n's is 1), so each digit
// has two places in every house.
func bugGrid(t testing.TB, g *sudoku.Geometry) *position {
	t.Helper()
	sol, err := search.Solve(context.Background(), sudoku.NewBoard(g), search.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	p := newPosition(g)
	for c := range p.marks {
		d := sol.Get(c)
		p.marks[c] = logic.Bit(d) | logic.Bit(d%g.Digits()+1)
	}
	return p
}

// bug2Position returns the grave of bugGrid with an extra digit z in
// r1c1 and r1c2, the smallest digit neither holds, and the removals BUG
// type 2 makes: z from the other cells that see both.
func bug2Position(t testing.TB, g *sudoku.Geometry) (*position, []logic.Removal) {
	p := bugGrid(t, g)
	a, b := p.cell(1, 1), p.cell(1, 2)
	z := 1
	for (p.marks[a]|p.marks[b])&logic.Bit(z) != 0 {
		z++
	}
	p.marks[a] |= logic.Bit(z)
	p.marks[b] |= logic.Bit(z)
	var rem []logic.Removal
	for c := range p.marks {
		if c != a && c != b && g.IsPeer(c, a) && g.IsPeer(c, b) && p.marks[c]&logic.Bit(z) != 0 {
			rem = append(rem, logic.Removal{Cell: c, Digits: []int{z}})
		}
	}
	return p, rem
}

// TestBUG2 checks BUG type 2 on the grave of bug2Position on 9x9 and
// 6x6 boards, and that it finds nothing in a BUG+1.
func TestBUG2(t *testing.T) {
	for _, g := range []*sudoku.Geometry{sudoku.Classic(), mustGeometry(t, 2, 3)} {
		p, rem := bug2Position(t, g)
		s := p.state(t)
		if st, ok := logic.BUGPlusOne.Find(s); ok {
			t.Errorf("%s: BUG+1 finds %q", g, st.Text)
		}
		st, ok := logic.BUG2.Find(s)
		if !ok {
			t.Fatalf("%s: BUG type 2 finds nothing", g)
		}
		t.Log(st.Text)
		if len(rem) == 0 {
			t.Fatalf("%s: no removal expected", g)
		}
		checkStep(t, g, st, nil, rem, "BUG type 2: every open cell but r1c1 and r1c2 has two candidates")
	}
	if _, s := bugState(t); func() bool { _, ok := logic.BUG2.Find(s); return ok }() {
		t.Error("BUG type 2 finds a step in a BUG+1")
	}
}

// bug4Position returns the grave of bugGrid with extra digits in the two
// cells of row 1 that hold digit 1, and the removals BUG type 4 makes:
// each cell keeps 1 and its extra digit.
func bug4Position(t testing.TB, g *sudoku.Geometry) (*position, []logic.Removal) {
	p := bugGrid(t, g)
	var pair []int
	for c := range g.NumCells() {
		if r, _ := g.RowCol(c); r == 0 && p.marks[c]&logic.Bit(1) != 0 {
			pair = append(pair, c)
		}
	}
	var rem []logic.Removal
	used := logic.Bit(1)
	for _, c := range pair {
		z := 1
		for (p.marks[c]|used)&logic.Bit(z) != 0 {
			z++
		}
		used |= logic.Bit(z)
		rem = append(rem, logic.Removal{Cell: c, Digits: []int{bits.TrailingZeros64(p.marks[c]&^logic.Bit(1)) + 1}})
		p.marks[c] |= logic.Bit(z)
	}
	return p, rem
}

// TestBUG4 checks BUG type 4 on the grave of bug4Position on 9x9 and
// 6x6 boards.
func TestBUG4(t *testing.T) {
	for _, g := range []*sudoku.Geometry{sudoku.Classic(), mustGeometry(t, 2, 3)} {
		p, rem := bug4Position(t, g)
		s := p.state(t)
		st, ok := logic.BUG4.Find(s)
		if !ok {
			t.Fatalf("%s: BUG type 4 finds nothing", g)
		}
		t.Log(st.Text)
		checkStep(t, g, st, nil, rem, "BUG type 4: every open cell but "+g.CellName(rem[0].Cell)+" and "+g.CellName(rem[1].Cell)+" has two candidates")
	}
	if _, s := bugState(t); func() bool { _, ok := logic.BUG4.Find(s); return ok }() {
		t.Error("BUG type 4 finds a step in a BUG+1")
	}
}

// uniqueFamilySteps returns one step of each technique of uniqueFamily
// and BUG2, with its board, for the walk of texts (see
// TestTechniqueTexts): the first classic position of each.
func uniqueFamilySteps(t *testing.T) ([]logic.Step, []*sudoku.Board) {
	var steps []logic.Step
	var boards []*sudoku.Board
	for _, tc := range append(uniquePositions(t), exclusionPositions(t)...) {
		if !tc.g.Equal(sudoku.Classic()) || tc.remove == "" {
			continue
		}
		p := newPosition(tc.g)
		tc.build(p)
		st, ok := tc.rule.Find(p.state(t))
		if !ok {
			t.Fatalf("%v finds nothing", tc.rule)
		}
		steps, boards = append(steps, st), append(boards, sudoku.NewBoard(p.g))
	}
	for _, tc := range []struct {
		rule logic.Technique
		pos  func(testing.TB, *sudoku.Geometry) (*position, []logic.Removal)
	}{{logic.BUG2, bug2Position}, {logic.BUG4, bug4Position}} {
		p, _ := tc.pos(t, sudoku.Classic())
		st, ok := tc.rule.Find(p.state(t))
		if !ok {
			t.Fatalf("%v finds nothing", tc.rule)
		}
		steps, boards = append(steps, st), append(boards, sudoku.NewBoard(p.g))
	}
	return steps, boards
}
