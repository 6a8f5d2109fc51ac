package logic_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// walk asks for hints on puzzle, the way a player's app does (from the
// pencil marks the hints so far have left, Unique set), applying each,
// until the board is solved or Hint fails. Every step is checked against
// the solution: it places only the solution's digits and removes none of
// them. each, when not nil, sees every step first, and stops the walk
// (with a nil error) by returning false. It returns the rules of the
// steps, by name, and Hint's last error (logic.ErrSolved when the walk
// reached the end).
func walk(t *testing.T, puzzle, sol *sudoku.Board, opts []logic.Option, each func(logic.Step) bool) (map[logic.Technique]int, error) {
	t.Helper()
	g := puzzle.Geometry()
	board := puzzle.Clone()
	s, err := logic.NewState(board)
	if err != nil {
		t.Fatal(err)
	}
	rules := map[logic.Technique]int{}
	// Every step removes a candidate or places a digit: no more steps than
	// candidates.
	for range g.NumCells()*g.Digits() + 1 {
		st, err := logic.Hint(context.Background(), board, append(slices.Clip(opts), logic.WithMarks(s.MarkMasks()))...)
		if err != nil {
			return rules, err
		}
		rules[st.Rule]++
		if each != nil && !each(st) {
			return rules, nil
		}
		if forcing(st.Rule) && (len(st.Chains) == 0 || len(st.Remove)+len(st.Place) != 1) {
			t.Errorf("%s: a forcing chain step with %d chains, %d removals and %d placements", puzzle.Line(), len(st.Chains), len(st.Remove), len(st.Place))
		}
		for _, p := range st.Place {
			if sol.Get(p.Cell) != p.Digit {
				t.Fatalf("%s: %q places %d in %s; the solution has %d", puzzle.Line(), st.Text, p.Digit, g.CellName(p.Cell), sol.Get(p.Cell))
			}
		}
		for _, r := range st.Remove {
			if slices.Contains(r.Digits, sol.Get(r.Cell)) {
				t.Fatalf("%s: %q removes %d, the solution's digit, from %s", puzzle.Line(), st.Text, sol.Get(r.Cell), g.CellName(r.Cell))
			}
		}
		if err := s.Apply(st); err != nil {
			t.Fatalf("%s: applying %q: %v", puzzle.Line(), st.Text, err)
		}
		if err := s.Fill(board); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("%s: the hints did not end", puzzle.Line())
	return nil, nil
}

// TestHintsNeverStall walks hints to the end on unique puzzles made by
// the generator: every level of the 9x9 set, every technique of the
// technique set (unique rectangle and BUG+1 among them), and the unique
// puzzles of 4x4, 6x6 and 16x16. With the solution given, a hint is
// always found until the board is solved; on a puzzle the grader solves
// without a guess, the rules alone (uniqueness rules included, no last
// resort) do it too, as the "expert 4.60 (unique rectangle)"
// puzzle asks; and without the solution, every step the last resort
// takes is still sound.
func TestHintsNeverStall(t *testing.T) {
	t.Parallel() // a long test: it runs beside the others
	type set struct {
		name string
		tags []string
		max  int // puzzles of each tag; 0 for all
	}
	sets := []set{
		{"9x9-levels", nil, 0},
		{"9x9-techniques", nil, 0}, // max: of each technique
		{"4x4", []string{"unique"}, 0},
		{"6x6", []string{"unique"}, 0},
		{"16x16", []string{"unique"}, 3},
	}
	if testing.Short() || raceEnabled {
		sets[0].max = 3
		sets[1].max = 1
		sets[4].max = 1
	}
	lastResort := map[string]int{}
	for _, st := range sets {
		taken := map[string]int{}
		for _, p := range reference.Local(t, st.name, st.tags...) {
			if p.Count != 1 || (st.max > 0 && taken[p.Tag] >= st.max) {
				continue
			}
			taken[p.Tag]++
			name := st.name + "/" + p.Tag
			rules, err := walk(t, p.Board, p.Solution, []logic.Option{logic.WithUnique(true), logic.WithSolution(p.Solution)}, nil)
			if !errors.Is(err, logic.ErrSolved) {
				t.Fatalf("%s %s: the walk stopped: %v", name, p.Board.Line(), err)
			}
			for _, r := range logic.ForcingChains() {
				lastResort[st.name+" forcing"] += rules[r.(logic.Technique)]
			}
			lastResort[st.name+" "+logic.GuessRule.String()] += rules[logic.GuessRule]
			gr, err := grade.Puzzle(context.Background(), p.Board)
			if err != nil {
				t.Fatal(err)
			}
			forcing := 0
			for _, r := range logic.ForcingChains() {
				forcing += gr.Uses[r.(logic.Technique)]
			}
			if gr.Guesses == 0 && forcing == 0 {
				// The grader solved it without a guess or a forcing
				// chain, with the same rules: so do the hints, with no
				// last resort.
				if _, err := walk(t, p.Board, p.Solution, []logic.Option{logic.WithUnique(true), logic.WithLastResort(false)}, nil); !errors.Is(err, logic.ErrSolved) {
					t.Errorf("%s %s: the rules alone stopped: %v", name, p.Board.Line(), err)
				}
			} else if _, err := walk(t, p.Board, p.Solution, []logic.Option{logic.WithUnique(true)}, nil); !errors.Is(err, logic.ErrSolved) && !errors.Is(err, logic.ErrNoStep) {
				t.Errorf("%s %s: without the solution: %v", name, p.Board.Line(), err)
			}
		}
	}
	t.Logf("last-resort steps by set: %v", lastResort)
	total := 0
	for _, n := range lastResort {
		total += n
	}
	if total == 0 {
		t.Error("no last-resort step on any set")
	}
}

// TestLastResortGuess: on an empty 4x4 board no rule finds a step and no
// candidate leads to a contradiction; with the solution given, the hint
// places the solution's digit in the first cell of fewest candidates, and
// without it there is none.
func TestLastResortGuess(t *testing.T) {
	g := mustGeometry(t, 2, 2)
	sol, err := sudoku.Parse("1234341221434321", sudoku.WithGeometry(g))
	if err != nil {
		t.Fatal(err)
	}
	empty := sudoku.NewBoard(g)
	st, err := logic.Hint(context.Background(), empty, logic.WithUnique(true), logic.WithSolution(sol))
	if err != nil {
		t.Fatal(err)
	}
	want := []logic.Placement{{Cell: 0, Digit: 1}}
	if st.Rule != logic.GuessRule || !slices.Equal(st.Place, want) || st.Area != "r1c1" {
		t.Errorf("guess: %+v, want %v in r1c1", st, want)
	}
	if got := st.Stage(logic.StageTechnique); got != "No rule applies: try a digit in r1c1." {
		t.Errorf("technique stage of a guess: %q", got)
	}
	if _, err := logic.Hint(context.Background(), empty, logic.WithUnique(true)); !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("no solution, nothing to find: %v, want ErrNoStep", err)
	}
	if _, err := logic.Hint(context.Background(), empty, logic.WithSolution(sol), logic.WithLastResort(false)); !errors.Is(err, logic.ErrNoStep) {
		t.Errorf("NoLastResort: %v, want ErrNoStep", err)
	}
}

// TestHintsNeverStallLong walks hints to the end, as TestHintsNeverStall
// does, on the reference sets beside the checkout: QQWing's expert
// puzzles, the hardest of magictour's (which need guesses), 16x16 and
// 25x25 puzzles. It runs with CUBEDOKU_LONG=1 only.
func TestHintsNeverStallLong(t *testing.T) {
	reference.SkipUnlessLong(t)
	for _, set := range []struct {
		name string
		max  int
	}{
		{"9x9-qqwing-expert-1000", 0},
		{"9x9-magictour-top1465", 200},
		// A hint past the chains on a big board can take seconds, and a
		// walk hundreds of them: a few boards each.
		{"16x16-minimal-100", 3},
	} {
		ps, sols := reference.Set(t, set.name, set.max)
		forcingSteps, guesses := 0, 0
		for i, p := range ps {
			rules, err := walk(t, p, sols[i], []logic.Option{logic.WithUnique(true), logic.WithSolution(sols[i])}, nil)
			if !errors.Is(err, logic.ErrSolved) {
				t.Fatalf("%s %s: the walk stopped: %v", set.name, p.Line(), err)
			}
			for _, r := range logic.ForcingChains() {
				forcingSteps += rules[r.(logic.Technique)]
			}
			guesses += rules[logic.GuessRule]
		}
		t.Logf("%s: %d puzzles walked to the end, with %d forcing chain and %d guess steps", set.name, len(ps), forcingSteps, guesses)
	}
}

// forcing reports whether rule is a forcing chain, a last resort of Hint.
func forcing(rule logic.Technique) bool {
	return slices.Contains(logic.ForcingChains(), logic.Rule(rule))
}
