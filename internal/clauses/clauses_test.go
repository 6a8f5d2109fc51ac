package clauses

import (
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/internal/engine"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestClausesEncodingStops: the encoding of a big board looks at its stop
// as it goes, and gives up with engine.ErrStopped when told to, after a bounded
// share of the work; an empty 25x25 board is encoded with the same stop
// seen false.
func TestClausesEncodingStops(t *testing.T) {
	g, err := sudoku.NewGeometry(6, 6)
	if err != nil {
		t.Fatal(err)
	}
	s, err := logic.NewState(sudoku.NewBoard(g))
	if err != nil {
		t.Fatal(err)
	}
	polls := 0
	stopAt := func(n int) func() bool {
		polls = 0
		return func() bool { polls++; return polls >= n }
	}
	if _, err := New(s, 1, stopAt(3)); !errors.Is(err, engine.ErrStopped) || polls != 3 {
		t.Errorf("stop true at the third poll: %v after %d polls, want engine.ErrStopped after 3", err, polls)
	}
	k, err := New(s, 1, stopAt(1<<30))
	if err != nil || k == nil {
		t.Fatalf("stop never true: %v", err)
	}
	// 1,296 cells and 108 units of 36 digits: 2*1,296+8*108 of work, a
	// poll each 256.
	if want := (2*1296 + 8*108) / encodePoll; polls != want {
		t.Errorf("%d polls, want %d", polls, want)
	}
}
