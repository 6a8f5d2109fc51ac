package logic_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestSolveLocalSets: the ladder alone solves every in-repository puzzle
// that package grade rates below guessing (the levels are what the rules
// solve) to its recorded solution, and never places a wrong digit in the
// others. Run with -v for the fractions.
func TestSolveLocalSets(t *testing.T) {
	for _, set := range []struct {
		name string
		all  bool
	}{
		{"9x9-levels/simple", true},
		{"9x9-levels/easy", true},
		{"9x9-levels/medium", true},
		{"9x9-levels/hard", true},
		{"9x9-levels/expert", true},
		{"9x9-levels/guessing", false},
		{"9x9-techniques", false},
		{"9x9-minimal", false},
		{"16x16/unique", false},
		{"25x25", false},
	} {
		t.Run(set.name, func(t *testing.T) {
			ps, sols := reference.LocalSet(t, set.name, 0)
			solved := 0
			for i, p := range ps {
				res, err := logic.Deduce(context.Background(), p, logic.Ladder(true)...)
				if err != nil {
					t.Fatalf("#%d: %v", i+1, err)
				}
				if res.Solved {
					solved++
					if !res.Board.Equal(sols[i]) {
						t.Fatalf("#%d: solved to a board that is not the solution", i+1)
					}
				} else if set.all {
					t.Errorf("#%d not solved by logic: %s", i+1, p.Line())
				}
			}
			t.Logf("%s: logic alone solves %d of %d", set.name, solved, len(ps))
		})
	}
}

// TestSolveReferenceSetsLong is a long test, run only with
// CUBEDOKU_LONG=1 (see internal/reference): the ladder alone solves every
// puzzle of the QQWing simple, easy and intermediate sets (whose levels need no more
// than singles, locked candidates and pairs), never places a wrong digit,
// and logs the fraction it solves of the harder sets. Run with -v for the
// fractions.
func TestSolveReferenceSetsLong(t *testing.T) {
	reference.SkipUnlessLong(t)
	sets := []struct {
		name string
		n    int
		all  bool
	}{
		{"9x9-qqwing-simple-1000", 1000, true},
		{"9x9-qqwing-easy-1000", 1000, true},
		{"9x9-qqwing-intermediate-1000", 1000, true},
		{"9x9-qqwing-expert-1000", 1000, false},
		{"9x9-magictour-top1465", 1465, false},
		{"9x9-forum-hardest-1106", 375, false},
		{"9x9-17clue-royle-49158", 2000, false},
		{"16x16-minimal-100", 100, false},
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			ps, sols := reference.Set(t, set.name, sample(set.n))
			solved := 0
			for i, p := range ps {
				res, err := logic.Deduce(context.Background(), p, logic.Ladder(true)...)
				if err != nil {
					t.Fatalf("#%d: %v", i+1, err)
				}
				if res.Solved {
					solved++
					if !res.Board.Equal(sols[i]) {
						t.Fatalf("#%d: solved to a board that is not the solution", i+1)
					}
				} else if set.all {
					t.Errorf("#%d not solved by logic: %s", i+1, p.Line())
				}
			}
			t.Logf("%s: logic alone solves %d of %d (%.1f%%)", set.name, solved, len(ps), 100*float64(solved)/float64(len(ps)))
		})
	}
}

const classicPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestSolveSteps(t *testing.T) {
	b := parse(t, classicPuzzle)
	res, err := logic.Deduce(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Solved || res.Board.Validate() != nil || !res.Board.Solved() {
		t.Fatalf("not solved: %v\n%s", res.Solved, res.Board.Pretty())
	}
	// Replaying the steps from the board's state reaches the same grid.
	s := newState(t, b)
	for _, st := range res.Steps {
		if err := s.Apply(st); err != nil {
			t.Fatal(err)
		}
	}
	replay := b.Clone()
	if err := s.Fill(replay); err != nil {
		t.Fatal(err)
	}
	if !replay.Equal(res.Board) {
		t.Error("replaying the steps gives another board")
	}
	if b.Get(2) != 0 {
		t.Error("Solve changed its board")
	}
	for c, m := range res.Marks {
		if m != nil {
			t.Errorf("solved board has marks %v in cell %d", m, c)
		}
	}
}

func TestSolveStopsWhereRulesRunOut(t *testing.T) {
	// An empty board: nothing to deduce.
	res, err := logic.Deduce(context.Background(), sudoku.NewBoard(nil))
	if err != nil {
		t.Fatal(err)
	}
	if res.Solved || len(res.Steps) != 0 || len(res.Marks) != 81 || len(res.Marks[0]) != 9 {
		t.Errorf("empty board: solved %v, %d steps, marks %v", res.Solved, len(res.Steps), res.Marks[0])
	}
	// Singles alone stop on an intermediate puzzle where the ladder goes on.
	ps := reference.LocalBoards(t, "9x9-levels/medium", 0)
	stopped := 0
	for _, p := range ps {
		singles, err := logic.Deduce(context.Background(), p, logic.NakedSingle, logic.HiddenSingle)
		if err != nil {
			t.Fatal(err)
		}
		if !singles.Solved {
			stopped++
			for _, st := range singles.Steps {
				if st.Rule != logic.NakedSingle && st.Rule != logic.HiddenSingle {
					t.Fatalf("step of a rule not asked for: %s", st.Text)
				}
			}
		}
	}
	if stopped == 0 {
		t.Error("singles solved every intermediate puzzle")
	}
}

func TestSolveBadInput(t *testing.T) {
	if _, err := logic.Deduce(context.Background(), nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil board: %v, want ErrInvalidArgument", err)
	}
	b := parse(t, "11"+strings.Repeat(".", 79))
	if _, err := logic.Deduce(context.Background(), b); !errors.Is(err, logic.ErrContradiction) {
		t.Errorf("conflicting givens: %v", err)
	}
	var ce *sudoku.ConflictError
	if _, err := logic.Deduce(context.Background(), b); !errors.As(err, &ce) {
		t.Errorf("conflicting givens: %v, want a *sudoku.ConflictError", err)
	}
	if _, err := logic.DeduceState(context.Background(), nil, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil state: %v, want ErrInvalidArgument", err)
	}
	if _, err := logic.DeduceState(context.Background(), new(logic.State), nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("zero state: %v, want ErrInvalidArgument", err)
	}
	// A nil rule in the list is a bad argument, as in search.WithRules.
	if _, err := logic.Deduce(context.Background(), parse(t, classicPuzzle), nil, logic.NakedSingle); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil rule: %v, want ErrInvalidArgument", err)
	}
	var zero logic.State
	if err := zero.Apply(logic.Step{}); err == nil {
		t.Error("Apply on a zero State: no error")
	}
	for _, tech := range logic.Techniques() {
		if _, ok := tech.Find(&zero); ok {
			t.Errorf("%v finds a step in a zero State", tech)
		}
	}
	if n, err := logic.Ladder(false).Reduce(context.Background(), &zero); !errors.Is(err, sudoku.ErrInvalidArgument) || n != 0 {
		t.Errorf("Reduce on a zero State: %d, %v", n, err)
	}
}

func TestNewStateFromMarks(t *testing.T) {
	b := parse(t, classicPuzzle)
	s := newState(t, b)
	masks := s.MarkMasks()
	// Unchanged marks give the same candidates.
	same, err := logic.NewStateFromMarks(b, masks)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s.Marks(), same.Marks()); diff != "" {
		t.Errorf("same marks (-want +got):\n%s", diff)
	}
	// r1c3 holds 1, 2 or 4; the player keeps 2 and 4.
	masks[2] = logic.Bit(2) | logic.Bit(4)
	narrowed, err := logic.NewStateFromMarks(b, masks)
	if err != nil {
		t.Fatal(err)
	}
	if got := narrowed.Marks()[2]; !cmp.Equal(got, []int{2, 4}) {
		t.Errorf("r1c3 marks %v, want [2 4]", got)
	}
	// Zero masks keep every candidate.
	open, err := logic.NewStateFromMarks(b, make([]uint64, 81))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(s.Marks(), open.Marks()); diff != "" {
		t.Errorf("zero marks (-want +got):\n%s", diff)
	}
	// A mask with bits beyond N only is no mark either, not a cell
	// without candidates.
	beyond := make([]uint64, 81)
	beyond[2] = 1 << 63
	high, err := logic.NewStateFromMarks(b, beyond)
	if err != nil {
		t.Fatalf("a mark beyond N only: %v", err)
	}
	if diff := cmp.Diff(s.Marks(), high.Marks()); diff != "" {
		t.Errorf("a mark beyond N only (-want +got):\n%s", diff)
	}
	// Marks that leave a cell nothing the board allows.
	masks[2] = logic.Bit(9)
	if _, err := logic.NewStateFromMarks(b, masks); !errors.Is(err, logic.ErrContradiction) || !strings.Contains(err.Error(), "r1c3") {
		t.Errorf("empty cell: %v", err)
	}
	if _, err := logic.NewStateFromMarks(b, masks[:80]); err == nil {
		t.Error("80 masks for 81 cells: no error")
	}
	if _, err := logic.NewStateFromMarks(nil, nil); err == nil {
		t.Error("nil board: no error")
	}
}
