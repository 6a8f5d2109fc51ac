package logic_test

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func ExampleState_Propagate() {
	b, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	s, _ := logic.NewState(b)
	fmt.Println(s.Left(), "open cells; r1c3 may hold", digits(s.Candidates(2)))
	if err := s.Propagate(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Left(), "open cells; r1c3 holds", s.Value(2))
	// Output:
	// 51 open cells; r1c3 may hold [1 2 4]
	// 0 open cells; r1c3 holds 4
}

func ExampleHint() {
	b, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	step, err := logic.Hint(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	for stage := logic.StageArea; stage <= logic.StageStep; stage++ {
		fmt.Println(step.Stage(stage))
	}
	// Output:
	// Look at row 3.
	// Look for a hidden single in row 3: a digit with one place left there.
	// hidden single: in row 3, 5 fits only in r3c7, so r3c7 = 5.
}

func ExampleHint_solution() {
	b, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	sol, _ := sudoku.Parse("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
	b.Set(2, 2) // the player enters 2 in r1c3; the solution has 4
	_, err := logic.Hint(context.Background(), b, logic.WithSolution(sol))
	fmt.Println(errors.Is(err, logic.ErrWrongEntry), err)
	// Output:
	// true logic: entries contradict the solution: r1c3 holds 2, not the solution's digit
}

func ExampleDeduce() {
	// Singles alone stop on this puzzle; the ladder goes on.
	b, _ := sudoku.Parse("...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......")
	singles, _ := logic.Deduce(context.Background(), b, logic.NakedSingle, logic.HiddenSingle)
	all, _ := logic.Deduce(context.Background(), b)
	fmt.Println("singles:", singles.Solved, len(singles.Steps), "steps")
	fmt.Println("ladder:", all.Solved, len(all.Steps), "steps")
	for _, st := range all.Steps {
		if st.Rule != logic.NakedSingle && st.Rule != logic.HiddenSingle {
			fmt.Println(st)
			break
		}
	}
	// Output:
	// singles: false 9 steps
	// ladder: true 62 steps
	// locked candidates (claiming): in row 5, 2 fits only in r5c1 and r5c2, all in box 4, so the 2 of box 4 is in one of them: remove 2 from r4c2 and r4c3.
}

func ExampleTechnique_Find() {
	// A naked pair on an empty 6x6 board: r1c1 and r1c4 can only be 1 or 2.
	g, _ := sudoku.NewGeometry(2, 3)
	marks := make([]uint64, g.NumCells())
	marks[g.Cell(0, 0)] = logic.Bit(1) | logic.Bit(2)
	marks[g.Cell(0, 3)] = logic.Bit(1) | logic.Bit(2)
	s, _ := logic.NewStateFromMarks(sudoku.NewBoard(g), marks)
	step, ok := logic.NakedPair.Find(s)
	fmt.Println(ok, step)
	// Output:
	// true naked pair: in row 1, r1c1 and r1c4 can only be 1 or 2, so those two digits go in those two cells and nowhere else in row 1: remove 1 and 2 from r1c2, r1c3, r1c5 and r1c6.
}

func ExampleHint_lastResort() {
	// The rules of the ladder, chains included, run out on this puzzle:
	// once they have, the hint is a last resort, a forcing chain.
	b, _ := sudoku.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	res, _ := logic.Deduce(context.Background(), b, logic.Ladder(true)...)
	step, err := logic.Hint(context.Background(), res.Board, logic.WithUnique(true), logic.WithMarks(marksOf(res.Marks)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Solved, step.Rule)
	fmt.Println(step.Stage(logic.StageTechnique))
	fmt.Println(step)
	// Output:
	// false dynamic forcing chain
	// Look for a dynamic forcing chain from r2c6: follow the candidates there with singles, to a contradiction or a fact they all lead to.
	// dynamic forcing chain: if r2c6 is 5, then r2c6 is not 9, r2c2 is 9, ..., r3c7 is not 3, but also r1c4 is not 5, r9c4 is 5, ..., r3c7 is 3: r2c6 cannot be 5, so remove 5 from r2c6.
}

func ExampleWrongEntryError() {
	b, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	b.Set(2, 5) // the player enters 5 in r1c3, where r1c1 holds the given 5
	_, err := logic.Hint(context.Background(), b)
	var we *logic.WrongEntryError
	if errors.As(err, &we) {
		fmt.Println(errors.Is(err, logic.ErrWrongEntry), we.Cells)
		fmt.Println(err)
	}
	// Output:
	// true [2]
	// logic: entries contradict the solution: sudoku: conflict: r1c1 and r1c3 both hold 5 (row 1)
}

// marksOf returns the masks of candidate lists.
func marksOf(lists [][]int) []uint64 {
	out := make([]uint64, len(lists))
	for c, ds := range lists {
		for _, d := range ds {
			out[c] |= logic.Bit(d)
		}
	}
	return out
}

func ExampleRules_Reduce() {
	// A puzzle that singles alone do not finish: it needs an X-Wing.
	b, _ := sudoku.Parse(".46..2...9....8..71..3....63.....2....4.....1.9....368....54.7..7.8.9...86.....5.")
	s, _ := logic.NewState(b)
	if err := s.Propagate(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Left(), "open cells after singles")
	steps, err := logic.Ladder(false).Reduce(context.Background(), s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Left(), "open cells after", steps, "steps of the ladder")
	// Output:
	// 28 open cells after singles
	// 0 open cells after 2 steps of the ladder
}

func ExamplePlaceSingles() {
	b, _ := sudoku.Parse(".46..2...9....8..71..3....63.....2....4.....1.9....368....54.7..7.8.9...86.....5.")
	forced, err := logic.PlaceSingles(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Empty(), "open cells;", forced.Empty(), "left once the singles are placed")
	// Output: 55 open cells; 28 left once the singles are placed
}

// onlyDigit is a rule of the caller's own: a naked single by another
// name, to show how steps of such rules read.
type onlyDigit struct{}

func (onlyDigit) Name() string { return "only digit" }

func (onlyDigit) Find(s *logic.State) (logic.Step, bool) {
	g := s.Geometry()
	for c := range g.NumCells() {
		if m := s.Candidates(c); s.Value(c) == 0 && m&(m-1) == 0 {
			d := bits.TrailingZeros64(m) + 1
			return logic.Step{
				Area:  g.CellName(c),
				Cells: []int{c},
				Place: []logic.Placement{{Cell: c, Digit: d}},
				Text:  fmt.Sprintf("only digit: %s = %d.", g.CellName(c), d),
			}, true
		}
	}
	return logic.Step{}, false
}

// A rule of the caller's own gives CustomRule steps that carry its name.
func ExampleRule() {
	b, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	step, err := logic.Hint(context.Background(), b, logic.WithRules(onlyDigit{}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(step.Rule == logic.CustomRule, step.Custom)
	fmt.Println(step.Stage(logic.StageTechnique))
	fmt.Println(step)
	// Output:
	// true only digit
	// Look for an only digit in r5c5.
	// only digit: r5c5 = 5.
}

func ExampleHint_alphabet() {
	// Row 1 of a 16x16 board holds every digit but 16, which r1c16 can
	// only be. The step keeps the number 16 in its data, and its text
	// writes the digit as the board does: G in Base36, F in Hex.
	g, _ := sudoku.GeometryForSize(16)
	b := sudoku.NewBoard(g)
	for c := range 15 {
		b.SetGiven(c, c+1)
	}
	for _, a := range []sudoku.Alphabet{sudoku.Base36, sudoku.Hex} {
		b.SetNotation(sudoku.Notation{Alphabet: a})
		step, _ := logic.Hint(context.Background(), b)
		fmt.Println(step.Place[0].Digit, step)
	}
	// Output:
	// 16 hidden single: in row 1, G fits only in r1c16, so r1c16 = G.
	// 16 hidden single: in row 1, F fits only in r1c16, so r1c16 = F.
}
