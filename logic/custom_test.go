package logic_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// fixedRule is a rule of the caller's own that finds one given step
// whenever the state has open cells.
type fixedRule struct {
	name string
	step logic.Step
}

func (r fixedRule) Name() string { return r.name }

func (r fixedRule) Find(s *logic.State) (logic.Step, bool) { return r.step, s.Left() > 0 }

// TestCustomRuleSteps: a step of a rule of the caller's own is a
// CustomRule step carrying the rule's name, whatever Find put in it, in
// Next and Hint alike; its stages and JSON use that name.
func TestCustomRuleSteps(t *testing.T) {
	b := parse(t, classicPuzzle)
	// r5c5 is open, and 5 is its solution's digit: a sound step.
	place := logic.Step{Rule: logic.XWing, Area: "r5c5", Place: []logic.Placement{{Cell: 40, Digit: 5}}, Text: "mine: r5c5 = 5."}
	mine := fixedRule{name: "my rule", step: place}
	st, i, err := logic.Rules{mine}.Next(newState(t, b))
	if err != nil || i != 0 || st.Rule != logic.CustomRule || st.Custom != "my rule" || st.RuleName() != "my rule" {
		t.Fatalf("Next: %+v, %d, %v; want a custom step named my rule", st, i, err)
	}
	hint, err := logic.Hint(context.Background(), b, logic.WithRules(mine))
	if err != nil || hint.Rule != logic.CustomRule || hint.Custom != "my rule" {
		t.Fatalf("Hint: %+v, %v", hint, err)
	}
	if got := hint.Stage(logic.StageTechnique); got != "Look for a my rule in r5c5." {
		t.Errorf("technique stage %q", got)
	}
	data, err := json.Marshal(hint)
	if err != nil || !strings.Contains(string(data), `"rule":"custom","custom":"my rule"`) {
		t.Errorf("JSON %s, %v", data, err)
	}
	var back logic.Step
	if err := json.Unmarshal(data, &back); err != nil || back.Rule != logic.CustomRule || back.Custom != "my rule" {
		t.Errorf("JSON back: %+v, %v", back, err)
	}
	// A built-in technique's step names no custom rule.
	st, _, err = logic.Rules{logic.NakedSingle}.Next(newState(t, b))
	if err != nil || st.Rule != logic.NakedSingle || st.Custom != "" || st.RuleName() != "naked single" {
		t.Errorf("naked single: %+v, %v", st, err)
	}
}

// TestFaultyCustomSteps: a custom rule's step that does not fit the state
// is an error wrapping sudoku.ErrInvalidArgument that names the rule,
// from the hint entry point as from every other caller of the rules, and
// never a hint.
func TestFaultyCustomSteps(t *testing.T) {
	b := parse(t, classicPuzzle) // r1c1 holds the given 5; r1c3 is open
	faulty := map[string]logic.Step{
		"digit 99 in cell -1":   {Place: []logic.Placement{{Cell: -1, Digit: 99}}, Text: "far away"},
		"digit 99 in r1c3":      {Place: []logic.Placement{{Cell: 2, Digit: 99}}, Text: "too big"},
		"removal from cell 81":  {Remove: []logic.Removal{{Cell: 81, Digits: []int{1}}}, Text: "off the board"},
		"removal of digit 0":    {Remove: []logic.Removal{{Cell: 2, Digits: []int{0}}}, Text: "no digit"},
		"a step of nothing":     {Text: "nothing at all"},
		"a removal of nothing":  {Remove: []logic.Removal{{Cell: 2, Digits: []int{5}}}, Text: "5 is not a candidate of r1c3"},
		"a given placed again":  {Place: []logic.Placement{{Cell: 0, Digit: 5}}, Text: "r1c1 = 5 again"},
		"a given overwritten":   {Place: []logic.Placement{{Cell: 0, Digit: 4}}, Text: "r1c1 = 4"},
		"a given, then a cell":  {Place: []logic.Placement{{Cell: 0, Digit: 5}, {Cell: 2, Digit: 4}}, Text: "r1c1 = 5, r1c3 = 4"},
		"a removal from r1c1 ":  {Remove: []logic.Removal{{Cell: 0, Digits: []int{1}}}, Text: "r1c1 is placed"},
		"a removal beyond N+1 ": {Remove: []logic.Removal{{Cell: 2, Digits: []int{1, 10}}}, Text: "10 is no digit"},
	}
	ctx := context.Background()
	for name, step := range faulty {
		t.Run(name, func(t *testing.T) {
			rule := fixedRule{name: "faulty", step: step}
			check := func(call string, err error) {
				t.Helper()
				if !errors.Is(err, sudoku.ErrInvalidArgument) || !strings.Contains(err.Error(), `"faulty"`) {
					t.Errorf("%s: %v, want an argument error naming the rule", call, err)
				}
			}
			st, err := logic.Hint(ctx, b, logic.WithRules(rule))
			check("Hint", err)
			if st.Text != "" {
				t.Errorf("Hint gave the step %q with its error", st.Text)
			}
			_, err = logic.Hint(ctx, b, logic.WithRules(rule), logic.WithSolution(parse(t, classicSolution)))
			check("Hint with a solution", err)
			_, _, err = logic.Rules{rule}.Next(newState(t, b))
			check("Next", err)
			for _, err := range (logic.Rules{rule}).Steps(newState(t, b)) {
				check("Steps", err)
			}
			// Reduce asks the rules only where singles stop, which they
			// never do on b: ask it on the empty board, where the faults
			// that do not rest on the givens are faults still.
			if !strings.Contains(name, "given") && !strings.Contains(name, "r1c1") && !strings.Contains(name, "nothing") {
				_, err = logic.Rules{rule}.Reduce(ctx, newState(t, sudoku.NewBoard(b.Geometry())))
				check("Reduce", err)
			}
			_, err = logic.Deduce(ctx, b, rule)
			check("Deduce", err)
		})
	}
}

// TestNilStateToRules: Next, Steps, Reduce and DeduceState refuse a nil
// State with an argument error instead of finding nothing.
func TestNilStateToRules(t *testing.T) {
	var s *logic.State
	if _, i, err := logic.Ladder(false).Next(s); !errors.Is(err, sudoku.ErrInvalidArgument) || i != -1 {
		t.Errorf("Next: %d, %v", i, err)
	}
	n := 0
	for _, err := range logic.Ladder(false).Steps(s) {
		if n++; !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Steps: %v", err)
		}
	}
	if n != 1 {
		t.Errorf("Steps yielded %d pairs, want one error", n)
	}
	if _, err := logic.Ladder(false).Reduce(context.Background(), s); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Reduce: %v", err)
	}
	if _, err := logic.DeduceState(context.Background(), s, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("DeduceState: %v", err)
	}
}

// TestHintOptions: bad options are argument errors, counted from 1, and
// the last of a repeated option wins.
func TestHintOptions(t *testing.T) {
	ctx := context.Background()
	b := parse(t, classicPuzzle)
	_, err := logic.Hint(ctx, b, logic.WithUnique(true), nil)
	if !errors.Is(err, sudoku.ErrInvalidArgument) || !strings.Contains(err.Error(), "option 2 is nil") {
		t.Errorf("nil option: %v", err)
	}
	if _, err := logic.Hint(ctx, b, logic.WithRules(logic.NakedSingle, nil)); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil rule: %v", err)
	}
	st, err := logic.Hint(ctx, b, logic.WithRules(logic.NakedSingle), logic.WithRules(logic.HiddenSingle))
	if err != nil || st.Rule != logic.HiddenSingle {
		t.Errorf("repeated WithRules: %v, %v; want the last one's hidden single", st.Rule, err)
	}
	// The marks are copied: a change after the call to WithMarks is not
	// seen.
	marks := make([]uint64, 81)
	opt := logic.WithMarks(marks)
	marks[2] = logic.Bit(9) // r1c3 may hold 1, 2 or 4: seen, 9 alone is a wrong mark
	if _, err := logic.Hint(ctx, b, opt); err != nil {
		t.Errorf("WithMarks after its slice changed: %v", err)
	}
	if _, err := logic.Hint(ctx, b, logic.WithMarks(marks)); !errors.Is(err, logic.ErrWrongEntry) {
		t.Errorf("the wrong mark itself: %v, want ErrWrongEntry", err)
	}
	// Without the last resort, a board the rules cannot start on has no
	// hint; with the solution it has one.
	empty := sudoku.NewBoard(mustGeometry(t, 2, 2))
	sol := parse4(t, "1234341221434321")
	if _, err := logic.Hint(ctx, empty, logic.WithSolution(sol), logic.WithLastResort(false)); !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("WithLastResort(false): %v, want ErrNoStep", err)
	}
	if st, err := logic.Hint(ctx, empty, logic.WithSolution(sol), logic.WithLastResort(false), logic.WithLastResort(true)); err != nil || st.Rule != logic.GuessRule {
		t.Errorf("WithLastResort(true) last: %v, %v; want a guess", st.Rule, err)
	}
}

// TestTechniqueNamesAll: every value of the enumeration, the last resorts
// and CustomRule included, round-trips through text and JSON.
func TestTechniqueNamesAll(t *testing.T) {
	all := append(logic.Techniques(), logic.ContradictionRule, logic.GuessRule, logic.CustomRule)
	for _, tq := range all {
		data, err := json.Marshal(tq)
		var back logic.Technique
		if err != nil || json.Unmarshal(data, &back) != nil || back != tq {
			t.Errorf("%v: JSON %s, %v, back %v", tq, data, err, back)
		}
		if _, ok := tq.Find(newState(t, parse(t, classicPuzzle))); ok && (tq == logic.ContradictionRule || tq == logic.GuessRule || tq == logic.CustomRule) {
			t.Errorf("%v finds a step by itself", tq)
		}
	}
	if logic.GuessRule.Rating() != 12.0 || logic.CustomRule.Rating() != 0 {
		t.Errorf("ratings: guess %v, custom %v", logic.GuessRule.Rating(), logic.CustomRule.Rating())
	}
	for _, tq := range logic.Techniques() {
		if tq == logic.ContradictionRule || tq == logic.GuessRule || tq == logic.CustomRule {
			t.Errorf("Techniques lists %v", tq)
		}
	}
}

func parse4(t *testing.T, text string) *sudoku.Board {
	t.Helper()
	b, err := sudoku.Parse(text, sudoku.WithGeometry(mustGeometry(t, 2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
