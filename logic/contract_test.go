package logic_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// stuckRule is a user's rule that reports a step changing nothing: it
// "removes" from the first open cell a digit the cell no longer has. It
// used to make Rules.Reduce and Deduce loop forever (Deduce growing by
// hundreds of megabytes a second).
type stuckRule struct{}

func (stuckRule) Name() string { return "stuck" }

func (stuckRule) Find(s *logic.State) (logic.Step, bool) {
	g := s.Geometry()
	for c := range g.NumCells() {
		if s.Value(c) != 0 {
			continue
		}
		for d := 1; d <= g.Digits(); d++ {
			if s.Candidates(c)&logic.Bit(d) == 0 {
				return logic.Step{Remove: []logic.Removal{{Cell: c, Digits: []int{d}}}, Text: "nothing"}, true
			}
		}
		// A placement of the digit the cell already lacks nothing of:
		// place nothing new either.
	}
	for c := range g.NumCells() {
		if d := s.Value(c); d != 0 {
			return logic.Step{Place: []logic.Placement{{Cell: c, Digit: d}}, Text: "again"}, true
		}
	}
	return logic.Step{}, false
}

// TestRuleWithoutProgress: a rule whose step changes nothing is an error
// wrapping sudoku.ErrInvalidArgument that names it, from Deduce, Steps and
// Reduce alike, never a loop.
func TestRuleWithoutProgress(t *testing.T) {
	b := parse(t, "...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......")
	done := make(chan struct{})
	go func() {
		defer close(done)
		res, err := logic.Deduce(context.Background(), b, stuckRule{})
		if !errors.Is(err, sudoku.ErrInvalidArgument) || !strings.Contains(err.Error(), `"stuck"`) {
			t.Errorf("Deduce: %v, want ErrInvalidArgument naming the rule", err)
		}
		if len(res.Steps) != 0 {
			t.Errorf("Deduce: %d steps, want none: the faulty one is not applied", len(res.Steps))
		}
		s := newState(t, b)
		n := 0
		for _, err := range (logic.Rules{stuckRule{}}).Steps(s) {
			n++
			if !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Errorf("Steps: %v, want ErrInvalidArgument", err)
			}
		}
		if n != 1 {
			t.Errorf("Steps yielded %d pairs, want 1", n)
		}
		// After the singles a placed cell is found again: a placement of
		// a cell's own digit changes nothing either.
		s = newState(t, b)
		if _, err := (logic.Rules{logic.XWing, stuckRule{}}).Reduce(context.Background(), s); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Reduce: %v, want ErrInvalidArgument", err)
		}
		// Behind a rule that solves the puzzle, the faulty one is never
		// asked.
		if res, err := logic.Deduce(context.Background(), b, append(logic.Ladder(false), stuckRule{})...); err != nil || !res.Solved {
			t.Errorf("ladder then the faulty rule: solved %v, %v", res.Solved, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a rule that makes no progress still loops")
	}
}

// TestReduceContext: Reduce looks at its context between steps.
func TestReduceContext(t *testing.T) {
	b := parse(t, "...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := newState(t, b)
	n, err := logic.Ladder(false).Reduce(ctx, s)
	if !errors.Is(err, context.Canceled) || n != 0 {
		t.Errorf("Reduce with a cancelled context: %d steps, %v", n, err)
	}
	var nilCtx context.Context
	if _, err := logic.Ladder(false).Reduce(nilCtx, s); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Reduce with a nil context: %v", err)
	}
	if n, err := logic.Ladder(false).Reduce(context.Background(), s); err != nil || s.Left() != 0 || n == 0 {
		t.Errorf("Reduce: %d steps, %v, %d cells left", n, err, s.Left())
	}
}

func TestTechniqueText(t *testing.T) {
	for _, tq := range logic.Techniques() {
		text, err := tq.MarshalText()
		if err != nil || string(text) != tq.String() {
			t.Errorf("%v.MarshalText() = %q, %v", tq, text, err)
		}
		var back logic.Technique
		if err := back.UnmarshalText(text); err != nil || back != tq {
			t.Errorf("UnmarshalText(%q) = %v, %v", text, back, err)
		}
		for _, name := range []string{tq.String(), strings.ToUpper(tq.String()), strings.ReplaceAll(tq.String(), " ", "-"), strings.ReplaceAll(tq.String(), " ", "")} {
			if got, err := logic.ParseTechnique(name); err != nil || got != tq {
				t.Errorf("ParseTechnique(%q) = %v, %v", name, got, err)
			}
		}
	}
	for _, name := range []string{"", "naked pairs", "technique 3", "X-Wings", "3"} {
		if _, err := logic.ParseTechnique(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseTechnique(%q): %v, want ErrInvalidArgument", name, err)
		}
	}
	if _, err := logic.Technique(200).MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("MarshalText of a value that is no technique: %v", err)
	}
	// In JSON, as a value and as a map key, a technique is its name.
	type record struct {
		Rule logic.Technique         `json:"rule"`
		Uses map[logic.Technique]int `json:"uses"`
	}
	in := record{Rule: logic.XWing, Uses: map[logic.Technique]int{logic.NakedPair: 2}}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"rule":"X-Wing","uses":{"naked pair":2}}`; string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
	var out record
	if err := json.Unmarshal(data, &out); err != nil || out.Rule != logic.XWing || out.Uses[logic.NakedPair] != 2 {
		t.Errorf("JSON back: %+v, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"rule":"no such rule"}`), &out); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("JSON with an unknown rule: %v", err)
	}
	// A Step carries the rule's name, not a number.
	st, err := logic.Hint(context.Background(), parse(t, classicPuzzle))
	if err != nil {
		t.Fatal(err)
	}
	data, err = json.Marshal(st)
	if err != nil || !strings.Contains(string(data), `"rule":"hidden single"`) {
		t.Errorf("Step JSON %s, %v", data, err)
	}
}

func TestPlaceSingles(t *testing.T) {
	b := parse(t, classicPuzzle) // singles alone solve it
	before := b.Clone()
	out, err := logic.PlaceSingles(b)
	if err != nil {
		t.Fatal(err)
	}
	if !out.Solved() || !b.Equal(before) || b.Empty() != before.Empty() {
		t.Errorf("PlaceSingles: solved %v, input changed %v", out.Solved(), !b.Equal(before))
	}
	for c := range 81 {
		if out.Given(c) != b.Given(c) {
			t.Fatalf("%d: a placed single became a given, or a given an entry", c)
		}
	}
	// Singles stop on this one: what they place must agree with the
	// solution, and some cells stay open.
	hard := parse(t, "...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......")
	part, err := logic.PlaceSingles(hard)
	if err != nil {
		t.Fatal(err)
	}
	res, err := logic.Deduce(context.Background(), hard)
	if err != nil || !res.Solved {
		t.Fatal(res.Solved, err)
	}
	filled := 0
	for c := range 81 {
		if d := part.Get(c); d != 0 {
			filled++
			if d != res.Board.Get(c) {
				t.Fatalf("PlaceSingles put %d in %d; the solution has %d", d, c, res.Board.Get(c))
			}
		}
	}
	if filled <= 81-hard.Empty() || filled == 81 {
		t.Errorf("PlaceSingles filled %d cells from %d givens", filled, 81-hard.Empty())
	}
	// Errors keep their cause.
	var ce *sudoku.ConflictError
	if _, err := logic.PlaceSingles(parse(t, "11"+strings.Repeat(".", 79))); !errors.As(err, &ce) || !errors.Is(err, logic.ErrContradiction) {
		t.Errorf("conflicting givens: %v", err)
	}
	blocked := sudoku.NewBoard(nil)
	for c := range 6 {
		blocked.SetGiven(c, c+1)
	}
	for r, d := range []int{7, 8, 9} {
		blocked.SetGiven((r+1)*9+6, d)
	}
	if _, err := logic.PlaceSingles(blocked); !errors.Is(err, logic.ErrContradiction) || errors.As(err, &ce) {
		t.Errorf("a cell without candidates: %v", err)
	}
	if _, err := logic.PlaceSingles(nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil board: %v", err)
	}
}

// TestErrorsKeepCause: the *sudoku.ConflictError of conflicting digits
// reaches the caller of every function that reads a board.
func TestErrorsKeepCause(t *testing.T) {
	b := parse(t, "11"+strings.Repeat(".", 79))
	calls := map[string]func() error{
		"NewState": func() error { _, err := logic.NewState(b); return err },
		"NewStateFromMarks": func() error {
			_, err := logic.NewStateFromMarks(b, make([]uint64, 81))
			return err
		},
		"Deduce":       func() error { _, err := logic.Deduce(context.Background(), b); return err },
		"PlaceSingles": func() error { _, err := logic.PlaceSingles(b); return err },
		"Hint":         func() error { _, err := logic.Hint(context.Background(), b); return err },
	}
	for name, call := range calls {
		err := call()
		var ce *sudoku.ConflictError
		if !errors.As(err, &ce) || !errors.Is(err, logic.ErrContradiction) {
			t.Errorf("%s: %v, want ErrContradiction with the *sudoku.ConflictError", name, err)
		}
	}
	if _, err := logic.Hint(context.Background(), b); !errors.Is(err, logic.ErrWrongEntry) {
		t.Errorf("Hint: %v, want ErrWrongEntry too", err)
	}
}

// TestZeroNilExtreme calls every exported function and method with zero
// values, nil and extreme numbers: each returns an error or its documented
// result, and none panics.
func TestZeroNilExtreme(t *testing.T) {
	extremes := []int{0, -1, 1, math.MaxInt, math.MinInt, 64, 65, 255, 256}
	var nilState *logic.State
	zero := new(logic.State)
	for _, s := range []*logic.State{nilState, zero} {
		if s.Geometry() != nil || s.Left() != 0 || s.Contradiction() != (logic.Contradiction{}) {
			t.Error("a zero or nil State has a geometry or open cells")
		}
		for _, x := range extremes {
			if s.Candidates(x) != 0 || s.Value(x) != 0 || s.Places(x, x) != 0 {
				t.Errorf("zero State: cell %d has candidates", x)
			}
			if err := s.Assign(x, x); err == nil {
				t.Errorf("Assign(%d, %d) on a zero State: no error", x, x)
			}
			if err := s.Eliminate(x, math.MaxUint64); err == nil {
				t.Errorf("Eliminate(%d) on a zero State: no error", x)
			}
		}
		if err := s.PlaceSingles(); err != nil {
			t.Error(err)
		}
		if n, err := s.HiddenSingles(); n != 0 || err != nil {
			t.Error(n, err)
		}
		if err := s.Propagate(); err != nil {
			t.Error(err)
		}
		if len(s.Marks()) != 0 || len(s.MarkMasks()) != 0 {
			t.Error("a zero State has marks")
		}
		if err := s.Fill(sudoku.NewBoard(nil)); err == nil {
			t.Error("Fill from a zero State: no error")
		}
		if err := s.Fill(nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Fill(nil): %v", err)
		}
		if err := s.Apply(logic.Step{Place: []logic.Placement{{Cell: -1, Digit: math.MaxInt}}}); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Apply on a zero State: %v", err)
		}
		if c := s.Clone(); c == nil || c.Left() != 0 {
			t.Error("Clone of a zero State")
		}
		s.CopyFrom(nil)
		s.CopyFrom(zero)
		for _, tq := range append(logic.Techniques(), 200) {
			if _, ok := tq.Find(s); ok {
				t.Errorf("%v finds a step in a zero State", tq)
			}
		}
		if _, i, err := logic.Ladder(true).Next(s); !errors.Is(err, sudoku.ErrInvalidArgument) || i != -1 {
			t.Errorf("Next on a zero State: %d, %v", i, err)
		}
		n := 0
		for st, err := range logic.Ladder(true).Steps(s) {
			if n++; !errors.Is(err, sudoku.ErrInvalidArgument) || st.Text != "" {
				t.Errorf("Steps on a zero State: %v, %v", st, err)
			}
		}
		if n != 1 {
			t.Errorf("Steps on a zero State yielded %d pairs, want one error", n)
		}
		if _, err := logic.Ladder(true).Reduce(context.Background(), s); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Reduce on a zero State: %v", err)
		}
		if _, err := logic.DeduceState(context.Background(), s, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("DeduceState on a zero State: %v", err)
		}
	}
	// Nil and empty rule lists.
	s := newState(t, parse(t, classicPuzzle))
	if _, _, err := logic.Rules(nil).Next(s); !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("no rules: %v, want ErrNoStep", err)
	}
	if _, _, err := (logic.Rules{nil, nil}).Next(s); !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("nil rules: %v, want ErrNoStep", err)
	}
	if n, err := logic.Rules(nil).Reduce(context.Background(), s); err != nil || s.Left() != 0 || n != 0 {
		t.Errorf("Reduce with no rules: %d, %v (singles alone solve this one)", n, err)
	}
	if _, err := logic.DeduceState(context.Background(), newState(t, parse(t, classicPuzzle)), sudoku.NewBoard(mustGeometry(t, 2, 2))); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("DeduceState with a board on another geometry: %v", err)
	}
	// Techniques out of range.
	for _, tq := range []logic.Technique{200, 255} {
		if tq.Rating() != 0 || tq.AssumesUnique() || !strings.Contains(tq.Name(), "technique") || tq.String() != tq.Name() {
			t.Errorf("technique %d: %q %v", uint8(tq), tq.Name(), tq.Rating())
		}
	}
	var tq logic.Technique
	if err := tq.UnmarshalText(nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("UnmarshalText(nil): %v", err)
	}
	// Bits, steps, contradictions.
	for _, x := range extremes {
		if b := logic.Bit(x); (x >= 1 && x <= 64) != (b != 0) {
			t.Errorf("Bit(%d) = %x", x, b)
		}
		_ = logic.Step{}.Stage(logic.Stage(x))
		_ = logic.Contradiction{Cell: x, Unit: x, Digit: x}.Describe(nil)
		_ = logic.Contradiction{Cell: x, Unit: -1, Digit: 0}.Describe(sudoku.Classic())
	}
	if (logic.Step{}).String() != "" || (logic.Step{}).Stage(logic.StageTechnique) == "" {
		t.Error("zero Step")
	}
	// Constructors and entry points.
	if _, err := logic.NewState(nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("NewState(nil): %v", err)
	}
	if _, err := logic.NewStateFromMarks(nil, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("NewStateFromMarks(nil, nil): %v", err)
	}
	empty := sudoku.NewBoard(nil)
	for _, marks := range [][]uint64{nil, {}, make([]uint64, 80), make([]uint64, 82)} {
		if _, err := logic.NewStateFromMarks(empty, marks); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("NewStateFromMarks with %d marks: %v", len(marks), err)
		}
	}
	all := make([]uint64, 81)
	for c := range all {
		all[c] = math.MaxUint64 // bits beyond N are ignored
	}
	if _, err := logic.NewStateFromMarks(empty, all); err != nil {
		t.Errorf("NewStateFromMarks with every bit: %v", err)
	}
	if _, err := logic.Hint(context.Background(), nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Hint(nil): %v", err)
	}
	if _, err := logic.Hint(context.Background(), empty, logic.WithMarks(make([]uint64, 3))); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Hint with 3 marks: %v", err)
	}
	if _, err := logic.Hint(context.Background(), empty, logic.WithSolution(sudoku.NewBoard(mustGeometry(t, 2, 2)))); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Hint with a solution on another geometry: %v", err)
	}
	if _, err := logic.Hint(context.Background(), empty, logic.WithSolution(sudoku.NewBoard(nil))); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Hint with an empty solution: %v", err)
	}
	if _, err := logic.Hint(context.Background(), empty); err != nil && !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("Hint on the empty board: %v", err)
	}
	if len(logic.Ladder(false)) >= len(logic.Ladder(true)) || len(logic.Techniques()) != len(logic.Ladder(true))+len(logic.ForcingChains())+len(logic.FrankenFish()) {
		t.Error("ladders")
	}
}

// stateOp is a call on a State: Assign(cell, digit) when digit is not 0,
// else Eliminate(cell, mask).
type stateOp struct {
	cell, digit int
	mask        uint64
}

func (o stateOp) apply(s *logic.State) error {
	if o.digit != 0 {
		return s.Assign(o.cell, o.digit)
	}
	return s.Eliminate(o.cell, o.mask)
}

func (o stateOp) String() string {
	if o.digit != 0 {
		return fmt.Sprintf("Assign(%d, %d)", o.cell, o.digit)
	}
	return fmt.Sprintf("Eliminate(%d, %#x)", o.cell, o.mask)
}

// applyOps makes the calls of ops on s, in order, and reports whether one
// of them returned ErrContradiction; any other error fails the test.
func applyOps(t *testing.T, s *logic.State, ops ...stateOp) (broke bool) {
	t.Helper()
	for _, op := range ops {
		switch err := op.apply(s); {
		case errors.Is(err, logic.ErrContradiction):
			broke = true
		case err != nil:
			t.Fatalf("%v: %v", op, err)
		}
	}
	return broke
}

// findEvery asks every technique for a step in s, reached by the calls of
// ops: none may panic, nor find a step once a call has broken the state
// down (after ErrContradiction the counts of places no longer match the
// candidates). It reports whether all went well.
func findEvery(t *testing.T, s *logic.State, ops []stateOp) bool {
	t.Helper()
	broken := s.Contradiction() != (logic.Contradiction{})
	for _, tq := range logic.Techniques() {
		st, ok, p := findRecover(tq, s)
		switch {
		case p != nil:
			t.Errorf("%v after %v: panic: %v", tq, ops, p)
			return false
		case ok && broken:
			t.Errorf("%v after %v: %q in a state that has broken down", tq, ops, st.Text)
			return false
		}
	}
	return true
}

// findRecover is tq.Find(s), with a panic recovered and returned.
func findRecover(tq logic.Technique, s *logic.State) (st logic.Step, ok bool, panicked any) {
	defer func() { panicked = recover() }()
	st, ok = tq.Find(s)
	return st, ok, nil
}

// TestFindAfterContradiction: calls that break a 4x4 state down, after
// which the rules on strong links used to index cell -1 (a house's count
// of places for a digit said 2 where one place was left). Every technique
// now finds nothing there, and none panics.
func TestFindAfterContradiction(t *testing.T) {
	g := mustGeometry(t, 2, 2)
	assign := func(c, d int) stateOp { return stateOp{cell: c, digit: d} }
	eliminate := func(c int, m uint64) stateOp { return stateOp{cell: c, mask: m} }
	for _, tc := range []struct {
		panicked logic.Technique
		ops      []stateOp
	}{
		{logic.SimpleColouring, []stateOp{eliminate(10, 0xf), assign(7, 2)}},
		{logic.TwoStringKite, []stateOp{eliminate(5, 0xf), assign(3, 2)}},
		{logic.Skyscraper, []stateOp{eliminate(0, 0x5), eliminate(8, 0xf), assign(14, 3)}},
		{logic.WWing, []stateOp{assign(13, 1), assign(7, 3), eliminate(9, 0xf), assign(1, 4)}},
	} {
		t.Run(tc.panicked.String(), func(t *testing.T) {
			s := newState(t, sudoku.NewBoard(g))
			if !applyOps(t, s, tc.ops...) {
				t.Fatalf("%v: no call returned ErrContradiction", tc.ops)
			}
			findEvery(t, s, tc.ops)
			// The calls that take a whole state refuse it.
			if _, err := logic.Ladder(true).Reduce(context.Background(), s); !errors.Is(err, logic.ErrContradiction) {
				t.Errorf("Reduce: %v, want ErrContradiction", err)
			}
			if _, err := logic.DeduceState(context.Background(), s, nil); !errors.Is(err, logic.ErrContradiction) {
				t.Errorf("DeduceState: %v, want ErrContradiction", err)
			}
			if st, _, err := (logic.Rules{stepRule{}}).Next(s); !errors.Is(err, logic.ErrContradiction) {
				t.Errorf("Next: %q, %v in a state that has broken down, want ErrContradiction", st.Text, err)
			}
			for st, err := range (logic.Rules{stepRule{}}).Steps(s) {
				if st.Text != "" || !errors.Is(err, logic.ErrContradiction) {
					t.Errorf("Steps: %q, %v in a state that has broken down, want ErrContradiction", st.Text, err)
				}
			}
		})
	}
}

// stepRule always finds the same step, one that removes digit 1 from the
// first cell: a rule of the user's own, which knows nothing of the
// state's health.
type stepRule struct{}

func (stepRule) Name() string { return "always" }

func (stepRule) Find(*logic.State) (logic.Step, bool) {
	return logic.Step{Remove: []logic.Removal{{Cell: 0, Digits: []int{1}}}, Text: "always"}, true
}

// TestFindOnRandomStates makes short random sequences of Assign and
// Eliminate on the states of random puzzles, many of them ending in
// ErrContradiction and going on after it, and asks every technique for a
// step after each call (see findEvery).
func TestFindOnRandomStates(t *testing.T) {
	t.Parallel() // a long test: it runs beside the others
	rng := rand.New(rand.NewPCG(5, 6))
	for _, gen := range []struct {
		g       *sudoku.Geometry
		puzzles int
	}{
		{mustGeometry(t, 2, 2), 200},
		{mustGeometry(t, 2, 3), 200},
		{sudoku.Classic(), 100},
	} {
		t.Run(gen.g.String(), func(t *testing.T) {
			for range sample(gen.puzzles) {
				p, _ := randomPuzzle(t, gen.g, rng)
				start := newState(t, p)
				for range 10 {
					s := start.Clone()
					var ops []stateOp
					for range 1 + rng.IntN(6) {
						op := randomOp(s, rng)
						ops = append(ops, op)
						applyOps(t, s, op)
						if !findEvery(t, s, ops) {
							return
						}
					}
				}
			}
		})
	}
}

// randomOp returns a call on a random cell of s: Eliminate of all its
// candidates (a contradiction) or of some of them, or Assign of a digit
// that may or may not be a candidate.
func randomOp(s *logic.State, rng *rand.Rand) stateOp {
	g := s.Geometry()
	c := rng.IntN(g.NumCells())
	switch rng.IntN(3) {
	case 0:
		return stateOp{cell: c, mask: s.Candidates(c)}
	case 1:
		return stateOp{cell: c, mask: s.Candidates(c) & rng.Uint64()}
	}
	return stateOp{cell: c, digit: 1 + rng.IntN(g.Digits())}
}

// TestConcurrentReads: the read-only methods of one State, and every
// technique's Find (which builds the geometry's tables on first use), run
// from several goroutines at once on shared data; -race checks them.
func TestConcurrentReads(t *testing.T) {
	// A geometry no other test uses, so that its tables are built here,
	// concurrently.
	g := mustGeometry(t, 3, 5)
	b := sudoku.NewBoard(g)
	for c := range g.NumCells() {
		r, col := g.RowCol(c)
		if (r*7+col*3)%5 < 2 {
			b.SetGiven(c, (5*(r%3)+r/3+col)%15+1)
		}
	}
	s := newState(t, b)
	if err := s.Propagate(); err != nil {
		t.Fatal(err)
	}
	want := map[logic.Technique]string{}
	for _, tq := range logic.Techniques() {
		st, _ := tq.Find(s.Clone())
		want[tq] = st.Text
	}
	// Fresh tables for the concurrent run: another geometry of that shape
	// is the same value, so build a new state from scratch on a new board.
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, tq := range logic.Techniques() {
				if st, _ := tq.Find(s); st.Text != want[tq] {
					t.Errorf("%v: %q concurrently, %q alone", tq, st.Text, want[tq])
				}
			}
			_ = s.Marks()
			_ = s.MarkMasks()
			for c := range g.NumCells() {
				_ = s.Candidates(c) | uint64(s.Value(c))
			}
			_ = s.Places(0, 1) + s.Left()
			if _, _, err := logic.Ladder(true).Next(s); err != nil && want[logic.NakedSingle] != "" {
				t.Error("Next found nothing")
			}
			if _, err := logic.Deduce(context.Background(), b); err != nil {
				t.Error(err)
			}
			if _, err := logic.PlaceSingles(b); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// FuzzParseTechnique: ParseTechnique never panics, accepts exactly the
// names of the techniques (up to case, spaces, hyphens and underscores),
// and the name of what it accepts reads back as the same technique.
func FuzzParseTechnique(f *testing.F) {
	for _, tq := range logic.Techniques() {
		f.Add(tq.String())
	}
	f.Add("")
	f.Add("x wing")
	f.Add("BUG+1")
	f.Add("\xff")
	f.Fuzz(func(t *testing.T, name string) {
		tq, err := logic.ParseTechnique(name)
		if err != nil {
			if !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Fatalf("ParseTechnique(%q): %v", name, err)
			}
			return
		}
		back, err := logic.ParseTechnique(tq.String())
		if err != nil || back != tq {
			t.Fatalf("ParseTechnique(%q) = %v; its name reads back as %v, %v", name, tq, back, err)
		}
	})
}

// FuzzNewStateFromMarks builds a 4x4 board and pencil marks from the
// input: the state is made or refused with an error, never a panic, and a
// state made keeps every mark's bound: no cell has a candidate its marks
// leave out.
func FuzzNewStateFromMarks(f *testing.F) {
	f.Add([]byte{1, 2, 0, 0}, []byte{3, 3, 0, 15})
	f.Add([]byte{1, 1}, []byte{})
	f.Add([]byte{}, []byte{255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255})
	g, err := sudoku.NewGeometry(2, 2)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, digits, marks []byte) {
		b := sudoku.NewBoard(g)
		for c := range min(len(digits), 16) {
			b.SetGiven(c, int(digits[c])%5)
		}
		m := make([]uint64, 16)
		for c := range min(len(marks), 16) {
			m[c] = uint64(marks[c])
		}
		s, err := logic.NewStateFromMarks(b, m)
		if err != nil {
			if !errors.Is(err, logic.ErrContradiction) {
				t.Fatalf("error %v, want ErrContradiction", err)
			}
			return
		}
		for c := range 16 {
			if b.Get(c) == 0 && m[c]&15 != 0 && s.Candidates(c)&^m[c] != 0 {
				t.Fatalf("cell %d: candidates %b beyond marks %b", c, s.Candidates(c), m[c])
			}
		}
		if _, err := logic.Deduce(context.Background(), b); err != nil && !errors.Is(err, logic.ErrContradiction) {
			t.Fatal(err)
		}
	})
}
