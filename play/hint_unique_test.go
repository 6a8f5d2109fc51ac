package play_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/logic"
)

// TestHintAvoidableRectangle walks the hints of a magictour puzzle whose
// hardest step, where Sudoku Explainer needs a chain (7.2), is an
// avoidable rectangle: the game passes its givens to the hints, so the
// rectangle shows, and the walk ends in the solution.
func TestHintAvoidableRectangle(t *testing.T) {
	ctx := context.Background()
	gm := newGame(t, "1.....3.....2.6......8.7..2..748....94.5..2..5.1.......1......9.69..8.3...5...4.7")
	seen := false
	for !gm.Solved() {
		st, err := gm.Hint(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if st.Rule == logic.AvoidableRectangle1 || st.Rule == logic.AvoidableRectangle2 {
			seen = true
			t.Log(st.Text)
		}
		if err := gm.ApplyHint(st); err != nil {
			t.Fatal(err)
		}
	}
	if !seen {
		t.Error("no hint was an avoidable rectangle")
	}
}
