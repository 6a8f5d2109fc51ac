package logic_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// seedSteps returns real steps for the corpus of FuzzStepJSON: one of
// each hand-made position of rulePositions (singles to Sue de Coq, with
// the chains of the wings, colours and empty rectangles), an AIC through
// a group node, the forcing chains (one chain per branch), a chain
// through an almost locked set (a node of cells of no one house) and a
// custom rule's step.
func seedSteps(t testing.TB) []logic.Step {
	t.Helper()
	var steps []logic.Step
	for _, tc := range rulePositions() {
		p := newPosition(sudoku.Classic())
		tc.build(p)
		s, err := logic.NewStateFromMarks(sudoku.NewBoard(p.g), p.marks)
		if err != nil {
			t.Fatalf("%v: %v", tc.rule, err)
		}
		st, _, err := tc.ladder().Next(s)
		if err != nil {
			t.Fatalf("%v: %v", tc.rule, err)
		}
		steps = append(steps, st)
	}
	// Magictour top1465 #611: its first step is an AIC with a group.
	s, err := logic.NewState(parse(t, ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9..."))
	if err != nil {
		t.Fatal(err)
	}
	st, ok := logic.AIC.Find(s)
	if !ok {
		t.Fatal("no AIC on magictour #611")
	}
	steps = append(steps, st)
	// Forcing chains, where the rules below them are stuck, as in
	// techniqueSteps; the cheap ones, so that the seeds stay quick.
	below := slices.DeleteFunc(logic.Ladder(true), func(r logic.Rule) bool { return r.(logic.Technique).Rating() >= logic.TurbotFish.Rating() })
	res, err := logic.Deduce(context.Background(), parse(t, "4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1......."), below...)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := logic.NewStateFromMarks(res.Board, marksOf(res.Marks))
	if err != nil {
		t.Fatal(err)
	}
	for _, tq := range []logic.Technique{logic.NishioForcingChain, logic.CellForcingChain, logic.RegionForcingChain} {
		st, ok := tq.Find(fs)
		if !ok {
			t.Fatalf("%v finds no step", tq)
		}
		steps = append(steps, st)
	}
	// A nested forcing chain, with the chains inside it (Inner).
	nested, ok := logic.NestedForcingChain.Find(newState(t, parse(t, "98.7.....6...5......4..98..4....39.....5...8.....2...1.4...63....6....7...3.1...2")))
	if !ok || len(nested.Inner) == 0 {
		t.Fatalf("no nested forcing chain with chains inside: %q", nested.Text)
	}
	steps = append(steps, nested)
	als := logic.Node{Cells: []int{0, 1, 9}, Digit: 4}
	return append(steps,
		logic.Step{
			Rule: logic.ALSXZ, Area: "box 1", Cells: []int{0, 1, 9, 40}, Digits: []int{4, 7},
			Chains: [][]logic.Link{{
				{From: als, To: logic.Node{Cells: []int{40}, Digit: 4}},
				{From: logic.Node{Cells: []int{40}, Digit: 4}, To: logic.Node{Cells: []int{40}, Digit: 7}, Strong: true},
			}},
			Remove: []logic.Removal{{Cell: 4, Digits: []int{7}}},
			Text:   "ALS-XZ: …",
		},
		logic.Step{Rule: logic.CustomRule, Custom: "my rule", Area: "r1c1", Place: []logic.Placement{{Cell: 0, Digit: 1}}, Text: "mine"},
	)
}

// FuzzStepJSON reads JSON as a Step. The property: an error, or a step
// that encodes again and reads back as the same step, and encodes to
// the same bytes the second time; never a panic. The seeds are real steps
// of every family, chains, groups and forcing chains among them, and
// each must make the round trip itself.
func FuzzStepJSON(f *testing.F) {
	groups, branches := 0, 0
	for _, st := range seedSteps(f) {
		if len(st.Chains) > 1 {
			branches++
		}
		for _, ch := range st.Chains {
			for _, l := range ch {
				if len(l.From.Cells) > 1 || len(l.To.Cells) > 1 {
					groups++
					break
				}
			}
		}
		data, err := json.Marshal(st)
		if err != nil {
			f.Fatalf("%v: %v", st.Rule, err)
		}
		var back logic.Step
		if err := json.Unmarshal(data, &back); err != nil {
			f.Fatalf("%v: %s: %v", st.Rule, data, err)
		}
		if d := cmp.Diff(st, back, cmpopts.EquateEmpty()); d != "" {
			f.Fatalf("%v: the step read back differs (-encoded +read):\n%s", st.Rule, d)
		}
		f.Add(data)
	}
	if groups < 2 || branches < 2 {
		f.Fatalf("the seeds hold %d chains through a node of several cells and %d steps of several chains, want 2 or more of each", groups, branches)
	}
	f.Add([]byte(`{"rule":"AIC","chains":[[{"from":{"cells":[1,2],"digit":3},"to":{"cells":null,"digit":-1}}]]}`))
	f.Add([]byte(`{"rule":"no such rule"}`))
	f.Add([]byte(`{"rule":"nested forcing chain","inner":[[{"from":{"cells":[0],"digit":1},"to":{"cells":[1],"digit":1}}],[]]}`))
	f.Add([]byte(`{"chains":[[]],"remove":[{"cell":1}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var st logic.Step
		if err := json.Unmarshal(data, &st); err != nil {
			return
		}
		enc, err := json.Marshal(st)
		if err != nil {
			t.Fatalf("a step read from %q does not encode: %v", data, err)
		}
		var back logic.Step
		if err := json.Unmarshal(enc, &back); err != nil {
			t.Fatalf("%s does not read back: %v", enc, err)
		}
		if d := cmp.Diff(st, back, cmpopts.EquateEmpty()); d != "" {
			t.Fatalf("%s reads back differently (-first +second):\n%s", enc, d)
		}
		again, err := json.Marshal(back)
		if err != nil || !bytes.Equal(again, enc) {
			t.Fatalf("encoded twice: %s, then %s (%v)", enc, again, err)
		}
	})
}
