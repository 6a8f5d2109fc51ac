package sudoku_test

import (
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// TestZeroScanner: a Scanner not made by NewScanner reads nothing and says
// why. Before, its Scan panicked with a nil pointer dereference.
func TestZeroScanner(t *testing.T) {
	var s sudoku.Scanner
	if s.Scan() {
		t.Fatal("zero Scanner: Scan returned true")
	}
	if err := s.Err(); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("zero Scanner: Err() = %v, want sudoku.ErrInvalidArgument", err)
	}
	if s.Scan() {
		t.Error("zero Scanner: a second Scan returned true")
	}
	if _, err := s.Board(); !errors.Is(err, sudoku.ErrEmptyInput) {
		t.Errorf("zero Scanner: Board() error %v, want sudoku.ErrEmptyInput", err)
	}
}
