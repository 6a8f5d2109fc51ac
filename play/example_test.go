package play_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/play"
	"github.com/cubedoku/cubedoku/sudoku"
)

// An app's flow: start a game, pencil marks, enter a digit (a wrong one),
// see the mistake, undo it, ask for a staged hint, apply it, save and
// restore.
func Example() {
	ctx := context.Background()
	b, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	game, err := play.New(ctx, b) // proves the puzzle unique
	if err != nil {
		fmt.Println(err)
		return
	}
	g := game.Geometry()
	r1c3, r1c4 := g.Cell(0, 2), g.Cell(0, 3)
	for _, d := range []int{1, 2, 4} {
		game.ToggleMark(r1c3, d)
	}
	game.Enter(r1c4, 2) // the solution has 6: a mistake
	fmt.Println("marks of r1c3:", game.Marks(r1c3), "wrong:", game.Wrong())

	_, err = game.Hint(ctx)
	var we *logic.WrongEntryError
	if errors.As(err, &we) {
		fmt.Println("hint:", err, we.Cells)
	}

	game.Undo() // the entry and the mark it cleared come back, as one action
	fmt.Println("marks of r1c3:", game.Marks(r1c3), "wrong:", game.Wrong())

	step, err := game.Hint(ctx)
	if err != nil {
		fmt.Println(err)
		return
	}
	for stage := logic.StageArea; stage <= logic.StageStep; stage++ {
		fmt.Println(step.Stage(stage))
	}
	game.ApplyHint(step)

	data, _ := json.Marshal(game)
	restored, err := play.Load(ctx, data)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("restored:", restored.Board().Equal(game.Board()), "can undo:", restored.CanUndo())
	// Output:
	// marks of r1c3: [1 4] wrong: [3]
	// hint: logic: entries contradict the solution: r1c4 holds 2, not the solution's digit [3]
	// marks of r1c3: [1 2 4] wrong: []
	// Look at row 3.
	// Look for a hidden single in row 3: a digit with one place left there.
	// hidden single: in row 3, 5 fits only in r3c7, so r3c7 = 5.
	// restored: true can undo: true
}

// A generated puzzle played to the end on hints alone: a hint is always
// there until the board is solved.
func ExampleFromPuzzle() {
	ctx := context.Background()
	p, err := generate.New(ctx, sudoku.Classic(), generate.WithLevel(grade.Expert), generate.WithSeed(7), generate.WithWorkers(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	game, err := play.FromPuzzle(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	for {
		step, err := game.Hint(ctx)
		if errors.Is(err, logic.ErrSolved) {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		game.ApplyHint(step)
	}
	fmt.Println("solved:", game.Solved(), "mistakes:", len(game.Wrong()))
	// Output:
	// solved: true mistakes: 0
}
