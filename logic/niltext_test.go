package logic_test

import (
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestTechniqueUnmarshalNil: UnmarshalText into a nil *Technique is an
// argument error, as for every other enumeration of the library. Before,
// it panicked with a nil pointer dereference.
func TestTechniqueUnmarshalNil(t *testing.T) {
	var p *logic.Technique
	if err := p.UnmarshalText([]byte("naked pair")); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil *Technique: %v, want sudoku.ErrInvalidArgument", err)
	}
	tq := logic.XWing
	if err := tq.UnmarshalText([]byte("no such rule")); !errors.Is(err, sudoku.ErrInvalidArgument) || tq != logic.XWing {
		t.Errorf("unknown name: %v, technique now %v; want sudoku.ErrInvalidArgument and X-Wing kept", err, tq)
	}
}
