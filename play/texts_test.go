package play_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/play"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestErrorTexts: play's errors name each package once ("play: Enter:
// r1c1: sudoku: cell is a given", not "play: ... play: ...") and write
// digits in the board's alphabet ("G" on a 16x16 board, never "16").
func TestErrorTexts(t *testing.T) {
	p := reference.Local(t, "16x16")[0]
	gm, err := play.FromPuzzle(&generate.Puzzle{Board: p.Board, Solution: p.Solution})
	if err != nil {
		t.Fatal(err)
	}
	given := 0
	for !p.Board.Given(given) {
		given++
	}
	other := p.Board.Get(given)%16 + 1
	if other < 10 {
		other += 7 // a digit written as a letter
	}
	errs := map[string]error{
		"Enter on a given":      gm.Enter(given, 3),
		"ToggleMark on a given": gm.ToggleMark(given, 3),
		"ApplyHint on a given":  gm.ApplyHint(logic.Step{Place: []logic.Placement{{Cell: given, Digit: other}}}),
	}
	bad := p.Board.Clone()
	_ = bad.SetGiven(given, 0)
	_ = bad.SetGiven(given, other)
	_, errs["FromPuzzle with a wrong solution"] = play.FromPuzzle(&generate.Puzzle{Board: bad, Solution: p.Solution})
	_, errs["New on a board with no solution"] = play.New(context.Background(), bad)
	for what, err := range errs {
		if err == nil {
			t.Errorf("%s: no error", what)
			continue
		}
		msg := err.Error()
		t.Logf("%s: %s", what, msg)
		for _, pkg := range []string{"play:", "sudoku:", "logic:", "search:"} {
			if strings.Count(msg, pkg) > 1 {
				t.Errorf("%s: %q says %q twice", what, msg, pkg)
			}
		}
		if strings.Contains(msg, "%!") || strings.Contains(msg, "<nil>") {
			t.Errorf("%s: %q has an unfilled slot", what, msg)
		}
		if strings.Contains(msg, " "+strconv.Itoa(other)+" ") || strings.Contains(msg, " "+strconv.Itoa(other)+",") {
			t.Errorf("%s: %q names digit %d as a number, not %q", what, msg, other, p.Board.DigitText(other))
		}
	}
	if msg := errs["FromPuzzle with a wrong solution"].Error(); !strings.Contains(msg, "given "+p.Board.DigitText(other)) {
		t.Errorf("FromPuzzle: %q does not name the given as %q", msg, p.Board.DigitText(other))
	}
	if !errors.Is(errs["ToggleMark on a given"], play.ErrFilled) || !errors.Is(errs["Enter on a given"], sudoku.ErrGivenCell) {
		t.Errorf("the sentinels are lost: %v", errs)
	}
}
