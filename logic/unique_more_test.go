package logic_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// moreUniqueFamily are the techniques of unique_more.go.
var moreUniqueFamily = []logic.Technique{logic.UniqueRectangle5, logic.UniqueRectangle6, logic.HiddenRectangle,
	logic.AvoidableRectangle1, logic.AvoidableRectangle2, logic.BUG3}

// moreRectanglePositions returns positions of unique rectangle types 5
// and 6 and of the hidden rectangle on the rectangle r1c1, r1c4, r2c1,
// r2c4 (two boxes on 9x9 and on 6x6) and off the diagonals of a diagonal
// board, each with the step its technique finds, and positions where it
// must find none.
func moreRectanglePositions(t *testing.T) []techniquePosition {
	var out []techniquePosition
	for _, g := range []*sudoku.Geometry{sudoku.Classic(), mustGeometry(t, 2, 3)} {
		out = append(out, techniquePosition{
			name: "type 5 across", rule: logic.UniqueRectangle5, g: g,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(2, 4, 1, 2)
				p.only(1, 4, 1, 2, 3)
				p.only(2, 1, 1, 2, 3)
			},
			remove: "r1c2:3 r1c3:3 r2c5:3 r2c6:3",
			text:   "unique rectangle type 5: were r1c4 and r2c1 not 3, r1c1, r1c4, r2c4 and r2c1 would all be 1 or 2, and the two digits could swap for a second solution, so one of r1c4 and r2c1 is 3: remove 3 from",
		}, techniquePosition{
			name: "type 5 in three cells", rule: logic.UniqueRectangle5, g: g,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(1, 4, 1, 2, 3)
				p.only(2, 1, 1, 2, 3)
				p.only(2, 4, 1, 2, 3)
			},
			remove: "r2c5:3 r2c6:3",
			text:   "so one of r1c4, r2c1 and r2c4 is 3",
		}, techniquePosition{
			// Two extra cells in one house are type 2.
			name: "type 5 not on type 2", rule: logic.UniqueRectangle5, g: g,
			build: func(p *position) {
				rectangleFloor(p)
				p.only(2, 1, 1, 2, 3)
				p.only(2, 4, 1, 2, 3)
			},
		}, techniquePosition{
			name: "type 6", rule: logic.UniqueRectangle6, g: g,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(2, 4, 1, 2)
				p.keep(unitOf(p.g, sudoku.Row, p.cell(1, 1)), 1, p.cell(1, 1), p.cell(1, 4))
				p.keep(unitOf(p.g, sudoku.Row, p.cell(2, 1)), 1, p.cell(2, 1), p.cell(2, 4))
			},
			remove: "r1c4:1 r2c1:1",
			text:   "unique rectangle type 6: r1c1 and r2c4 can only be 1 or 2, and in row 1 and row 2, 1 fits only in the rectangle's cells; were r1c4 or r2c1 1, both would be",
		}, techniquePosition{
			// Without the second strong link, x could be in one extra
			// cell and elsewhere in the other house.
			name: "type 6 with one strong link", rule: logic.UniqueRectangle6, g: g,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.only(2, 4, 1, 2)
				p.keep(unitOf(p.g, sudoku.Row, p.cell(1, 1)), 1, p.cell(1, 1), p.cell(1, 4))
			},
		}, techniquePosition{
			name: "hidden rectangle", rule: logic.HiddenRectangle, g: g,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.keep(unitOf(p.g, sudoku.Row, p.cell(2, 4)), 1, p.cell(2, 1), p.cell(2, 4))
				p.keep(unitOf(p.g, sudoku.Column, p.cell(2, 4)), 1, p.cell(1, 4), p.cell(2, 4))
			},
			remove: "r2c4:2",
			text:   "hidden rectangle: r1c1 can only be 1 or 2; in column 4, 1 fits only in r2c4 and r1c4, and in row 2 only in r2c4 and r2c1; were r2c4 2, r1c4 and r2c1 would be 1, r1c1 2",
		}, techniquePosition{
			// The corner opposite the bivalue one needs both links.
			name: "hidden rectangle with one strong link", rule: logic.HiddenRectangle, g: g,
			build: func(p *position) {
				p.only(1, 1, 1, 2)
				p.keep(unitOf(p.g, sudoku.Row, p.cell(2, 4)), 1, p.cell(2, 1), p.cell(2, 4))
			},
		})
	}
	// On a diagonal board, the rectangle r1c4, r1c7, r2c4, r2c7 is off
	// both diagonals.
	diag, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, techniquePosition{
		name: "hidden rectangle off the diagonals", rule: logic.HiddenRectangle, g: diag,
		build: func(p *position) {
			p.only(1, 4, 1, 2)
			p.keep(unitOf(p.g, sudoku.Row, p.cell(2, 7)), 1, p.cell(2, 4), p.cell(2, 7))
			p.keep(unitOf(p.g, sudoku.Column, p.cell(2, 7)), 1, p.cell(1, 7), p.cell(2, 7))
		},
		remove: "r2c7:2",
		text:   "hidden rectangle: r1c4 can only be 1 or 2",
	}, techniquePosition{
		name: "type 6 off the diagonals", rule: logic.UniqueRectangle6, g: diag,
		build: func(p *position) {
			p.only(1, 4, 1, 2)
			p.only(2, 7, 1, 2)
			p.keep(unitOf(p.g, sudoku.Column, p.cell(1, 4)), 2, p.cell(1, 4), p.cell(2, 4))
			p.keep(unitOf(p.g, sudoku.Column, p.cell(1, 7)), 2, p.cell(1, 7), p.cell(2, 7))
		},
		remove: "r1c7:2 r2c4:2",
		text:   "in column 4 and column 7, 2 fits only in the rectangle's cells",
	})
	return out
}

// BenchmarkMoreUnique times Find of each technique of moreUniqueFamily
// on states where the simpler rules are stuck.
func BenchmarkMoreUnique(b *testing.B) { benchmarkFamily(b, moreUniqueFamily) }

// TestMoreUniqueRectangles checks unique rectangle types 5 and 6 and the
// hidden rectangle on their textbook patterns on 9x9 and 6x6 boards.
func TestMoreUniqueRectangles(t *testing.T) {
	for _, tc := range moreRectanglePositions(t) {
		t.Run(tc.g.String()+" "+tc.name, func(t *testing.T) {
			if checkPosition(t, tc) && !tc.rule.AssumesUnique() {
				t.Errorf("%v does not assume a unique solution", tc.rule)
			}
		})
	}
}

// avoidableState returns the state of a board on g with the digits of
// found placed as entries (cell name to digit) and every other cell
// open, the given at r9c9 of given (0 for none) too; the state knows
// its puzzle, the given alone, unless noPuzzle.
func avoidableState(t *testing.T, g *sudoku.Geometry, found map[string]int, given int, noPuzzle bool) *logic.State {
	t.Helper()
	b := sudoku.NewBoard(g)
	n := g.Digits()
	if given != 0 {
		if err := b.SetGiven(g.Cell(n-1, n-1), given); err != nil {
			t.Fatal(err)
		}
	}
	for name, d := range found {
		c := cellNamed(t, g, name)
		if err := b.Set(c, d); err != nil {
			t.Fatal(err)
		}
	}
	s, err := logic.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	if !noPuzzle {
		if err := s.SetPuzzle(b.Givens()); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// avoidable1 are the found digits of avoidable rectangle type 1's
// textbook pattern: r2c4 cannot be 1.
var avoidable1 = map[string]int{"r1c1": 1, "r1c4": 2, "r2c1": 2}

// avoidable2State returns the textbook pattern of avoidable rectangle
// type 2 on g: 1 and 2 found in r1c1 and r1c4, r2c1 left only 2 and 3,
// r2c4 only 1 and 3.
func avoidable2State(t *testing.T, g *sudoku.Geometry) *logic.State {
	s := avoidableState(t, g, map[string]int{"r1c1": 1, "r1c4": 2}, 0, false)
	for name, keep := range map[string]uint64{"r2c1": logic.Bit(2) | logic.Bit(3), "r2c4": logic.Bit(1) | logic.Bit(3)} {
		c := cellNamed(t, g, name)
		if err := s.Eliminate(c, s.Candidates(c)&^keep); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// TestAvoidableRectangles checks both types on their textbook patterns
// on 9x9 and 6x6 boards, with found digits (entries) in r1c1, r1c4 and
// r2c1: nothing when the state does not know the puzzle or when a digit
// of the rectangle is a given.
func TestAvoidableRectangles(t *testing.T) {
	for _, g := range []*sudoku.Geometry{sudoku.Classic(), mustGeometry(t, 2, 3)} {
		s := avoidableState(t, g, avoidable1, 0, false)
		st, ok := logic.AvoidableRectangle1.Find(s)
		if !ok {
			t.Fatalf("%s: avoidable rectangle type 1 finds nothing", g)
		}
		st.Rule = logic.AvoidableRectangle1
		t.Log(st.Text)
		checkStep(t, g, st, nil, removals(g, "r2c4:1"), "avoidable rectangle type 1: r1c1, r1c4 and r2c1 hold 1 and 2, and none is a given; were r2c4 1, r1c1, r1c4, r2c4 and r2c1 could swap the two digits for a second solution: remove 1 from r2c4.")

		s = avoidable2State(t, g)
		st, ok = logic.AvoidableRectangle2.Find(s)
		if !ok {
			t.Fatalf("%s: avoidable rectangle type 2 finds nothing", g)
		}
		st.Rule = logic.AvoidableRectangle2
		t.Log(st.Text)
		want := "r2c2:3 r2c3:3 r2c5:3 r2c6:3"
		if g.Digits() == 9 {
			want += " r2c7:3 r2c8:3 r2c9:3"
		}
		checkStep(t, g, st, nil, removals(g, want), "avoidable rectangle type 2: r1c4 and r1c1 hold 2 and 1, and none of r1c4, r1c1, r2c1 and r2c4 is a given; were r2c4 not 3 it would be 1, were r2c1 not 3 it would be 2, and the four could swap the two digits for a second solution, so r2c4 or r2c1 is 3")
		if _, ok := logic.AvoidableRectangle1.Find(s); ok {
			t.Errorf("%s: type 1 finds a step with two found digits", g)
		}

		// Nothing without the puzzle, nor with a given in the rectangle.
		if st, ok := logic.AvoidableRectangle1.Find(avoidableState(t, g, avoidable1, 0, true)); ok {
			t.Errorf("%s: type 1 without the puzzle finds %q", g, st.Text)
		}
		b := sudoku.NewBoard(g)
		for name, d := range avoidable1 {
			set := b.Set
			if name == "r1c4" {
				set = b.SetGiven
			}
			if err := set(cellNamed(t, g, name), d); err != nil {
				t.Fatal(err)
			}
		}
		s, err := logic.NewState(b)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetPuzzle(b.Givens()); err != nil {
			t.Fatal(err)
		}
		if st, ok := logic.AvoidableRectangle1.Find(s); ok {
			t.Errorf("%s: type 1 with a given in the rectangle finds %q", g, st.Text)
		}
	}
}

// TestSetPuzzle checks the puzzle's checks: a puzzle on another geometry
// or with a digit the state does not hold is refused, and a nil one
// forgets the givens.
func TestSetPuzzle(t *testing.T) {
	g := sudoku.Classic()
	s := avoidableState(t, g, map[string]int{"r1c1": 1, "r1c4": 2, "r2c1": 2}, 5, false)
	other := sudoku.NewBoard(g)
	if err := other.SetGiven(g.Cell(4, 4), 7); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*sudoku.Board{other, sudoku.NewBoard(mustGeometry(t, 2, 3))} {
		if err := s.SetPuzzle(p); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("SetPuzzle(%s): %v, want ErrInvalidArgument", p.Line(), err)
		}
	}
	if _, ok := logic.AvoidableRectangle1.Find(s.Clone()); !ok {
		t.Error("a refused puzzle or a clone lost the givens")
	}
	if err := s.SetPuzzle(nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := logic.AvoidableRectangle1.Find(s); ok {
		t.Error("SetPuzzle(nil) kept the givens")
	}
	var zero logic.State
	if err := zero.SetPuzzle(other); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("SetPuzzle on a zero State: %v", err)
	}
}

// TestHintWithPuzzle checks that Hint passes the puzzle of WithPuzzle to
// the avoidable rectangles, finds none without it, and refuses a puzzle
// that does not fit the board.
func TestHintWithPuzzle(t *testing.T) {
	ctx := context.Background()
	g := sudoku.Classic()
	b := sudoku.NewBoard(g)
	for name, d := range avoidable1 {
		if err := b.Set(cellNamed(t, g, name), d); err != nil {
			t.Fatal(err)
		}
	}
	rules := logic.WithRules(logic.AvoidableRectangle1)
	st, err := logic.Hint(ctx, b, rules, logic.WithPuzzle(b.Givens()))
	if err != nil || st.Rule != logic.AvoidableRectangle1 {
		t.Fatalf("Hint with the puzzle: %v, %v; want an avoidable rectangle", st.Rule, err)
	}
	checkStep(t, g, st, nil, removals(g, "r2c4:1"), "avoidable rectangle type 1")
	if st, err := logic.Hint(ctx, b, rules, logic.WithLastResort(false)); !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("Hint without the puzzle: %q, %v; want ErrNoStep", st.Text, err)
	}
	// r1c1 given in the puzzle holds 1 on b too: no rectangle either.
	given := sudoku.NewBoard(g)
	if err := given.SetGiven(cellNamed(t, g, "r1c1"), 1); err != nil {
		t.Fatal(err)
	}
	if st, err := logic.Hint(ctx, b, rules, logic.WithPuzzle(given), logic.WithLastResort(false)); !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("Hint with r1c1 given: %q, %v; want ErrNoStep", st.Text, err)
	}
	bad := sudoku.NewBoard(g)
	if err := bad.SetGiven(cellNamed(t, g, "r5c5"), 3); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*sudoku.Board{bad, sudoku.NewBoard(mustGeometry(t, 2, 3))} {
		if _, err := logic.Hint(ctx, b, rules, logic.WithPuzzle(p)); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Hint with the puzzle %s: %v, want ErrInvalidArgument", p.Line(), err)
		}
	}
}

// bug3Position returns the grave of bugGrid with two extra digits, u in
// r1c1 and v in r1c2, where a third cell of row 1 holds only u and v, and
// the removals BUG type 3 makes: u and v leave the rest of row 1.
func bug3Position(t testing.TB, g *sudoku.Geometry) (*position, []logic.Removal) {
	p := bugGrid(t, g)
	a, b := p.cell(1, 1), p.cell(1, 2)
	for k := 3; k <= g.Digits(); k++ {
		pair := p.marks[p.cell(1, k)]
		if (p.marks[a]|p.marks[b])&pair != 0 {
			continue
		}
		p.marks[a] |= pair & -pair
		p.marks[b] |= pair &^ (pair & -pair)
		var rem []logic.Removal
		for j := 3; j <= g.Digits(); j++ {
			if c := p.cell(1, j); j != k && p.marks[c]&pair != 0 {
				rem = append(rem, logic.Removal{Cell: c, Digits: digitsOf(p.marks[c] & pair)})
			}
		}
		return p, rem
	}
	t.Fatalf("%s: no pair for a BUG type 3 in row 1", g)
	return nil, nil
}

// bug3TriplePosition returns the grave of bugGrid with two extra
// digits, u in r1c1 and w in r1c2, where two other cells of row 1 hold
// only u and v and only v and w, and the removals BUG type 3 makes with
// that naked triple: u, v and w leave the rest of row 1.
func bug3TriplePosition(t testing.TB, g *sudoku.Geometry) (*position, []logic.Removal) {
	p := bugGrid(t, g)
	a, b := p.cell(1, 1), p.cell(1, 2)
	n := g.Digits()
	succ := func(d int) int { return d%n + 1 }
	for u := 1; u <= n; u++ {
		v, w := succ(u), succ(succ(u))
		set := logic.Bit(u) | logic.Bit(v) | logic.Bit(w)
		if (p.marks[a]|p.marks[b])&(logic.Bit(u)|logic.Bit(w)) != 0 || p.marks[a]&set == set || p.marks[b]&set == set {
			continue
		}
		var naked []int
		for j := 3; j <= n; j++ {
			if m := p.marks[p.cell(1, j)]; m == logic.Bit(u)|logic.Bit(v) || m == logic.Bit(v)|logic.Bit(w) {
				naked = append(naked, p.cell(1, j))
			}
		}
		if len(naked) != 2 {
			continue
		}
		p.marks[a] |= logic.Bit(u)
		p.marks[b] |= logic.Bit(w)
		var rem []logic.Removal
		for j := 3; j <= n; j++ {
			if c := p.cell(1, j); !contains(naked, c) && p.marks[c]&set != 0 {
				rem = append(rem, logic.Removal{Cell: c, Digits: digitsOf(p.marks[c] & set)})
			}
		}
		return p, rem
	}
	t.Fatalf("%s: no triple for a BUG type 3 in row 1", g)
	return nil, nil
}

// digitsOf returns the digits of mask, smallest first.
func digitsOf(mask uint64) []int {
	var out []int
	for d := 1; mask>>(d-1) != 0; d++ {
		if mask&logic.Bit(d) != 0 {
			out = append(out, d)
		}
	}
	return out
}

// TestBUG3 checks BUG type 3 on the graves of bug3Position (a naked
// pair) and bug3TriplePosition on 9x9 and 6x6 boards, and that it finds nothing in the graves of BUG+1 and BUG type 2
// (one extra digit).
func TestBUG3(t *testing.T) {
	for _, g := range []*sudoku.Geometry{sudoku.Classic(), mustGeometry(t, 2, 3)} {
		p, rem := bug3Position(t, g)
		st, ok := logic.BUG3.Find(p.state(t))
		if !ok {
			t.Fatalf("%s: BUG type 3 finds nothing", g)
		}
		t.Log(st.Text)
		if len(rem) == 0 {
			t.Fatalf("%s: no removal expected", g)
		}
		checkStep(t, g, st, nil, rem, "BUG type 3: every open cell but r1c1 and r1c2 has two candidates")
		if len(st.Digits) != 2 || !slices.Equal(st.Houses, []int{unitOf(g, sudoku.Row, 0)}) {
			t.Errorf("%s: digits %v, houses %v: want a pair in row 1", g, st.Digits, st.Houses)
		}
		p3, rem3 := bug3TriplePosition(t, g)
		st, ok = logic.BUG3.Find(p3.state(t))
		if !ok || len(st.Digits) != 3 {
			t.Fatalf("%s: BUG type 3 finds %q, want a naked triple", g, st.Text)
		}
		t.Log(st.Text)
		checkStep(t, g, st, nil, rem3, "BUG type 3")
		p2, _ := bug2Position(t, g)
		if st, ok := logic.BUG3.Find(p2.state(t)); ok {
			t.Errorf("%s: BUG type 3 finds %q in a BUG type 2", g, st.Text)
		}
	}
	if _, s := bugState(t); func() bool { _, ok := logic.BUG3.Find(s); return ok }() {
		t.Error("BUG type 3 finds a step in a BUG+1")
	}
}

// moreUniqueSteps returns one step of each technique of
// moreUniqueFamily, with its board, for the walk of texts (see
// TestTechniqueTexts): the first classic position of each.
func moreUniqueSteps(t *testing.T) ([]logic.Step, []*sudoku.Board) {
	g := sudoku.Classic()
	var states []*logic.State
	var rules []logic.Technique
	for _, tc := range moreRectanglePositions(t) {
		if !tc.g.Equal(g) || tc.remove == "" || slices.Contains(rules, tc.rule) {
			continue
		}
		p := newPosition(tc.g)
		tc.build(p)
		states, rules = append(states, p.state(t)), append(rules, tc.rule)
	}
	p, _ := bug3Position(t, g)
	states = append(states, avoidableState(t, g, avoidable1, 0, false), avoidable2State(t, g), p.state(t))
	rules = append(rules, logic.AvoidableRectangle1, logic.AvoidableRectangle2, logic.BUG3)
	var steps []logic.Step
	var boards []*sudoku.Board
	for i, s := range states {
		st, ok := rules[i].Find(s)
		if !ok {
			t.Fatalf("%v finds nothing", rules[i])
		}
		st.Rule = rules[i]
		steps, boards = append(steps, st), append(boards, sudoku.NewBoard(g))
	}
	return steps, boards
}

// TestMoreUniqueSound walks unique 9x9 puzzles with the ladder up to
// aligned pair exclusion and the techniques of moreUniqueFamily, asking
// every rule at every state (see checkSound): no step may remove the
// solution's digit. The in-repository sets every time, samples of the
// large reference sets in the long run (CUBEDOKU_LONG=1), where each
// technique but the rarest must be met: a unique rectangle type 5 and a
// BUG type 3 that remove anything are too rare for these samples (a
// type 5 pattern shows up a few times in a hundred magictour walks,
// without a candidate to remove), and are checked on positions of
// their own.
func TestMoreUniqueSound(t *testing.T) {
	var rules logic.Rules
	for _, r := range logic.Ladder(true) {
		if tq := r.(logic.Technique); tq.Rating() <= logic.AlignedPairExclusion.Rating() || slices.Contains(moreUniqueFamily, tq) {
			rules = append(rules, r)
		}
	}
	found := map[logic.Technique]int{}
	for _, name := range []string{"9x9-levels", "9x9-techniques", "9x9-minimal"} {
		ps, sols := reference.LocalSet(t, name, 0)
		for i := 0; i < len(ps); i += len(ps) / sample(len(ps)) {
			checkSound(t, fmt.Sprintf("%s #%d", name, i+1), ps[i], sols[i], rules, found)
		}
	}
	if !reference.Long() {
		return
	}
	for _, set := range []string{"9x9-qqwing-expert-1000", "9x9-magictour-top1465", "9x9-forum-hardest-1106", "9x9-17clue-royle-49158"} {
		ps, sols := reference.Set(t, set, sample(200))
		for i, p := range ps {
			checkSound(t, fmt.Sprintf("%s #%d", set, i+1), p, sols[i], rules, found)
		}
	}
	for _, tq := range moreUniqueFamily {
		t.Logf("%v: %d steps", tq, found[tq])
		if found[tq] == 0 && tq != logic.BUG3 && tq != logic.UniqueRectangle5 {
			t.Errorf("no step of %v was met", tq)
		}
	}
}
