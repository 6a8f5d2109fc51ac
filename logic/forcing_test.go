package logic_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// marksState returns the state of an empty board on g whose cells hold
// every digit but where marks say otherwise (cell name, digits).
func marksState(t *testing.T, g *sudoku.Geometry, marks map[string][]int) *logic.State {
	t.Helper()
	m := make([]uint64, g.NumCells())
	for c := range m {
		m[c] = 1<<uint(g.Digits()) - 1
	}
	for name, ds := range marks {
		c := cellNamed(t, g, name)
		m[c] = 0
		for _, d := range ds {
			m[c] |= logic.Bit(d)
		}
	}
	s, err := logic.NewStateFromMarks(sudoku.NewBoard(g), m)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func cellNamed(t *testing.T, g *sudoku.Geometry, name string) int {
	t.Helper()
	for c := range g.NumCells() {
		if g.CellName(c) == name {
			return c
		}
	}
	t.Fatalf("no cell %s", name)
	return -1
}

// TestCellRegionForcing: the textbook cell forcing chain, r1c1 {1,2}
// seeing {1,3} in its row and {2,3} in its column: whichever it is, 3 is
// in one of those, so the cell seeing both loses 3. Every other cell
// holds every digit, so nothing else follows. With 1 in the first row
// only in the first two cells, the region forcing chain on it says the
// same. On 9x9 and on 6x6.
func TestCellRegionForcing(t *testing.T) {
	for _, tc := range []struct {
		g                     *sudoku.Geometry
		pivot, row, col, trap string
		others                []string // the rest of the first row
	}{
		{sudoku.Classic(), "r1c1", "r1c5", "r5c1", "r5c5", []string{"r1c2", "r1c3", "r1c4", "r1c6", "r1c7", "r1c8", "r1c9"}},
		{mustGeometry(t, 2, 3), "r1c1", "r1c4", "r4c1", "r4c4", []string{"r1c2", "r1c3", "r1c5", "r1c6"}},
	} {
		marks := map[string][]int{tc.pivot: {1, 2}, tc.row: {1, 3}, tc.col: {2, 3}}
		trap := cellNamed(t, tc.g, tc.trap)
		want := []logic.Removal{{Cell: trap, Digits: []int{3}}}
		st, ok := logic.CellForcingChain.Find(marksState(t, tc.g, marks))
		if !ok || !slices.EqualFunc(st.Remove, want, equalRemoval) || len(st.Place) != 0 || len(st.Chains) != 2 {
			t.Errorf("%v cell forcing chain: %v %q, removes %v, %d chains; want %v", tc.g, ok, st.Text, st.Remove, len(st.Chains), want)
		}
		for _, o := range tc.others {
			marks[o] = nil
			for d := 2; d <= tc.g.Digits(); d++ {
				marks[o] = append(marks[o], d)
			}
		}
		st, ok = logic.RegionForcingChain.Find(marksState(t, tc.g, marks))
		if !ok || !slices.EqualFunc(st.Remove, want, equalRemoval) || len(st.Chains) != 2 || st.Area != "row 1" {
			t.Errorf("%v region forcing chain: %v %q, removes %v, %d chains; want %v in row 1", tc.g, ok, st.Text, st.Remove, len(st.Chains), want)
		}
		for _, r := range []logic.Technique{logic.DynamicForcingChain, logic.DynamicPlusForcingChain} {
			if st, ok := r.Find(marksState(t, tc.g, marks)); !ok || !slices.EqualFunc(st.Remove, want, equalRemoval) {
				t.Errorf("%v %v: %v %q", tc.g, r, ok, st.Text)
			}
		}
	}
}

func equalRemoval(a, b logic.Removal) bool {
	return a.Cell == b.Cell && slices.Equal(a.Digits, b.Digits)
}

// TestNishioForcing: on 9x9, 1 fits in the second row only in c2 and c7,
// in the third only in c3 and c8 (of the first and third boxes). 1 in a
// cell of the first row in those boxes takes both places of one box, so
// both rows put their 1 in the other box: a Nishio chain removes 1
// there; 1 elsewhere in the first row breaks nothing. On 6x6 (boxes of
// two rows and three columns) the same in columns: 1 fits in column 2
// only in r1 and r4, in column 3 only in r2 and r3, so a 1 in column 1
// of the first two boxes is removed.
func TestNishioForcing(t *testing.T) {
	classic, six := sudoku.Classic(), mustGeometry(t, 2, 3)
	nine, sixes := []int{2, 3, 4, 5, 6, 7, 8, 9}, []int{2, 3, 4, 5, 6}
	m9 := map[string][]int{}
	for _, c := range []string{"r2c1", "r2c3", "r2c4", "r2c5", "r2c6", "r2c8", "r2c9", "r3c1", "r3c2", "r3c4", "r3c5", "r3c6", "r3c7", "r3c9"} {
		m9[c] = nine
	}
	m6 := map[string][]int{}
	for _, c := range []string{"r2c2", "r3c2", "r5c2", "r6c2", "r1c3", "r4c3", "r5c3", "r6c3"} {
		m6[c] = sixes
	}
	for _, tc := range []struct {
		g       *sudoku.Geometry
		marks   map[string][]int
		allowed []string // the cells whose 1 may be removed
	}{
		{classic, m9, []string{"r1c1", "r1c2", "r1c3", "r1c7", "r1c8", "r1c9"}},
		{six, m6, []string{"r1c1", "r2c1", "r3c1", "r4c1"}},
	} {
		s := marksState(t, tc.g, tc.marks)
		st, ok := logic.NishioForcingChain.Find(s)
		names := make([]string, 0, len(st.Remove))
		for _, r := range st.Remove {
			names = append(names, tc.g.CellName(r.Cell))
		}
		if !ok || len(st.Remove) != 1 || !slices.Equal(st.Remove[0].Digits, []int{1}) || !slices.Contains(tc.allowed, names[0]) || len(st.Chains) != 2 {
			t.Errorf("%v Nishio: %v %q, removes %v in %v; want 1 from one of %v", tc.g, ok, st.Text, st.Remove, names, tc.allowed)
		}
		checkByTrial(t, s, st)
	}
}

// checkByTrial checks a removal step on s by trial: each candidate it
// removes, placed, leaves a state with no completion (search by
// propagation and branching, small boards only).
func checkByTrial(t *testing.T, s *logic.State, st logic.Step) {
	t.Helper()
	for _, r := range st.Remove {
		for _, d := range r.Digits {
			c := s.Clone()
			if err := c.Assign(r.Cell, d); err == nil && solvable(c, 0) {
				t.Errorf("%q removes %d from cell %d, which has a completion", st.Text, d, r.Cell)
			}
		}
	}
}

// solvable reports whether s has a completion, by branching on the cell
// of fewest candidates (a bounded depth keeps it short on these tests).
func solvable(s *logic.State, depth int) bool {
	if s.Propagate() != nil {
		return false
	}
	if s.Left() == 0 {
		return true
	}
	if depth > 40 {
		return true // give up: counted as solvable, so never a false alarm
	}
	best, cell := 65, -1
	for c := range s.Geometry().NumCells() {
		if s.Value(c) == 0 {
			if n := popcount(s.Candidates(c)); n < best {
				best, cell = n, c
			}
		}
	}
	for m := s.Candidates(cell); m != 0; m &= m - 1 {
		d := trailing(m) + 1
		c := s.Clone()
		if c.Assign(cell, d) == nil && solvable(c, depth+1) {
			return true
		}
	}
	return false
}

func popcount(m uint64) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func trailing(m uint64) int {
	n := 0
	for m&1 == 0 {
		m >>= 1
		n++
	}
	return n
}

// TestForcingChainsSound asks every forcing chain for its step at every
// state of walks through puzzles with known solutions (the in-repository
// 9x9 levels, generated 6x6 and diagonal 9x9 puzzles; more in the long
// run): none may remove the solution's digit or place another.
func TestForcingChainsSound(t *testing.T) {
	found := map[logic.Technique]int{}
	rules := append(logic.Ladder(true), logic.ForcingChains()...)
	ps, sols := reference.LocalSet(t, "9x9-levels", 0)
	step := 1
	if testing.Short() || raceEnabled {
		step = max(1, len(ps)/2)
	}
	for i := 0; i < len(ps); i += step {
		checkSound(t, fmt.Sprintf("9x9-levels #%d", i+1), ps[i], sols[i], rules, found)
	}
	rng := rand.New(rand.NewPCG(39, 7))
	diag, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	n := 20
	if testing.Short() || raceEnabled {
		n = 2
	}
	for _, g := range []*sudoku.Geometry{mustGeometry(t, 2, 3), diag} {
		for i := range n {
			p, sol := randomPuzzle(t, g, rng)
			checkSound(t, fmt.Sprintf("%s #%d: %s", g, i+1, p.Line()), p, sol, append(logic.Ladder(false), logic.ForcingChains()...), found)
		}
	}
	if reference.Long() {
		for _, set := range []string{"9x9-magictour-top1465", "9x9-forum-hardest-1106"} {
			ps, sols := reference.Set(t, set, 30)
			for i, p := range ps {
				checkSound(t, fmt.Sprintf("%s #%d", set, i+1), p, sols[i], rules, found)
			}
		}
	}
	t.Logf("steps found per rule: %v", found)
	for _, r := range logic.ForcingChains() {
		if found[r.(logic.Technique)] == 0 {
			t.Errorf("no step of %v was met", r)
		}
	}
}

// TestForcingBroken: a state that has broken down, or is solved, gives
// no forcing chain step.
func TestForcingBroken(t *testing.T) {
	b := parse(t, classicPuzzle)
	s := newState(t, b)
	if err := s.Assign(0, 1); err == nil {
		s.Assign(1, 1) // the same digit twice in a row breaks it
	}
	for _, r := range logic.ForcingChains() {
		if st, ok := r.Find(s); ok {
			t.Errorf("%v on a broken state: %q", r, st.Text)
		}
		if _, ok := r.Find(&logic.State{}); ok {
			t.Errorf("%v on a zero state", r)
		}
	}
}

// BenchmarkForcingChains times Find of each forcing chain on the states
// where the other rules stop in the forum's hardest puzzles (the first
// 100), and reports the median (median-ms).
func BenchmarkForcingChains(b *testing.B) {
	var states []*logic.State
	for _, p := range reference.Boards(b, "9x9-forum-hardest-1106", 100) {
		res, err := logic.Deduce(context.Background(), p, logic.Ladder(true)...)
		if err != nil {
			b.Fatal(err)
		}
		if res.Solved {
			continue
		}
		s, err := logic.NewStateFromMarks(res.Board, marksOf(res.Marks))
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, s)
	}
	for _, r := range logic.ForcingChains() {
		b.Run(r.Name(), func(b *testing.B) {
			var times []time.Duration
			i := 0
			for b.Loop() {
				start := time.Now()
				r.Find(states[i%len(states)])
				times = append(times, time.Since(start))
				i++
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Microseconds())/1e3, "median-ms")
		})
	}
	b.Run("hint", func(b *testing.B) {
		var times []time.Duration
		i := 0
		for b.Loop() {
			s := states[i%len(states)]
			board := sudoku.NewBoard(s.Geometry())
			s.Fill(board)
			start := time.Now()
			if _, err := logic.Hint(context.Background(), board, logic.WithUnique(true), logic.WithMarks(s.MarkMasks())); err != nil && !errors.Is(err, logic.ErrNoStep) {
				b.Fatal(err)
			}
			times = append(times, time.Since(start))
			i++
		}
		slices.Sort(times)
		b.ReportMetric(float64(times[len(times)/2].Microseconds())/1e3, "median-ms")
	})
}

// TestNestedInner: a nested forcing chain's facts told "by a forcing
// chain inside" come with that chain in Inner, two branches from one
// premise to a fact and its opposite; no other forcing chain has Inner.
// The puzzle is one of the forum's hardest, whose first nested step
// rests on such facts.
func TestNestedInner(t *testing.T) {
	s := newState(t, parse(t, "98.7.....6...5......4..98..4....39.....5...8.....2...1.4...63....6....7...3.1...2"))
	st, ok := logic.NestedForcingChain.Find(s)
	if !ok {
		t.Fatal("no nested forcing chain")
	}
	if len(st.Inner) == 0 || len(st.Inner)%2 != 0 {
		t.Fatalf("%q: %d inner chains, want a positive even number", st.Text, len(st.Inner))
	}
	for i := 0; i < len(st.Inner); i += 2 {
		a, b := st.Inner[i], st.Inner[i+1]
		if len(a) == 0 || len(b) == 0 {
			t.Fatalf("inner chains %d and %d: an empty branch", i, i+1)
		}
		if !slices.Equal(a[0].From.Cells, b[0].From.Cells) || a[0].From.Digit != b[0].From.Digit {
			t.Errorf("inner chains %d and %d start from %v and %v, want one premise", i, i+1, a[0].From, b[0].From)
		}
		x, y := a[len(a)-1], b[len(b)-1]
		if !slices.Equal(x.To.Cells, y.To.Cells) || x.To.Digit != y.To.Digit || x.Strong == y.Strong {
			t.Errorf("inner chains %d and %d end in %v (%v) and %v (%v), want a fact and its opposite", i, i+1, x.To, x.Strong, y.To, y.Strong)
		}
	}
	for _, r := range []logic.Technique{logic.DynamicForcingChain, logic.DynamicPlusForcingChain} {
		if st, ok := r.Find(s); ok && len(st.Inner) > 0 {
			t.Errorf("%v: %d inner chains, want none", r, len(st.Inner))
		}
	}
}
