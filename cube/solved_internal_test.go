package cube

import (
	"context"
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestCheckSolved checks the last look Anneal takes at its answer: a cube
// with empty cells or repeats is an error wrapping anneal.ErrNotSolved,
// and with repeats sudoku.ErrConflict too.
func TestCheckSolved(t *testing.T) {
	c, err := New(2, ThreeFaces, Match)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkSolved(c); !errors.Is(err, anneal.ErrNotSolved) || errors.Is(err, sudoku.ErrConflict) {
		t.Errorf("empty cube: %v, want ErrNotSolved alone", err)
	}
	b, err := search.Solve(context.Background(), c.Board())
	if err != nil {
		t.Fatal(err)
	}
	solved, err := FromBoard(b, 2, ThreeFaces, Match)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkSolved(solved); err != nil {
		t.Errorf("solved cube: %v", err)
	}
	clash := c.Clone()
	_ = clash.Board().Set(0, 1)
	_ = clash.Board().Set(1, 1) // r1c1 and r1c2 of up
	if err := checkSolved(clash); !errors.Is(err, anneal.ErrNotSolved) || !errors.Is(err, sudoku.ErrConflict) {
		t.Errorf("cube with repeats: %v, want ErrNotSolved and ErrConflict", err)
	}
}
