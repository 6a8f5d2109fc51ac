package search_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestUnique checks Unique against the counts of the reference sets: the
// solution of a puzzle with one, ErrMultipleSolutions for several and
// ErrNoSolution for none, on the classic search, the general one, and the
// general one with its clause-learning and tabu searches from the first
// node, so that each engine that counts may be the one to answer.
func TestUnique(t *testing.T) {
	sets := []struct {
		name string
		max  int
	}{
		{"9x9-minimal", 6}, {"9x9-multi", 6}, {"9x9-none", 6}, {"4x4", 0}, {"6x6", 0}, {"16x16", 4}, {"25x25", 2},
	}
	engines := []struct {
		name string
		opts []search.Option
	}{
		{"default", nil},
		{"general, one worker", []search.Option{search.WithGeneralEngine(), search.WithWorkers(1)}},
		{"general, two workers", []search.Option{search.WithGeneralEngine(), search.WithWorkers(2)}},
		{"clauses from the first node", []search.Option{search.WithGeneralEngine(), search.WithClausesFrom(1), search.WithWorkers(1)}},
		{"tabu and clauses, two workers", []search.Option{search.WithGeneralEngine(), search.WithClausesFrom(1), search.WithLocalFrom(1), search.WithWorkers(2)}},
	}
	ctx := context.Background()
	for _, set := range sets {
		for i, p := range reference.Local(t, set.name) {
			if set.max > 0 && i >= set.max {
				break
			}
			for _, e := range engines {
				var st search.Stats
				sol, err := search.Unique(ctx, p.Board, append(e.opts, search.WithStats(&st))...)
				where := fmt.Sprintf("%s line %d (%s)", set.name, p.Line, e.name)
				switch p.Count {
				case 0:
					if sol != nil || !errors.Is(err, search.ErrNoSolution) {
						t.Fatalf("%s: %v, %v; want ErrNoSolution", where, sol, err)
					}
				case 1:
					if err != nil {
						t.Fatalf("%s: %v", where, err)
					}
					checkSolution(t, p.Board, sol)
					if !sol.Equal(p.Solution) {
						t.Fatalf("%s: a solution other than the only one", where)
					}
				default:
					if sol == nil || !errors.Is(err, search.ErrMultipleSolutions) || errors.Is(err, search.ErrNoSolution) {
						t.Fatalf("%s: %v, %v; want a solution and ErrMultipleSolutions", where, sol, err)
					}
					checkSolution(t, p.Board, sol)
				}
				if st.Solutions < int64(min(p.Count, 1)) {
					t.Fatalf("%s: Stats.Solutions %d", where, st.Solutions)
				}
			}
		}
	}
}

// TestUniqueArguments: a nil board or context, a bad option, an ended
// context and a node limit end Unique with their errors and no board, the
// statistics filled whatever the outcome.
func TestUniqueArguments(t *testing.T) {
	ctx := context.Background()
	b := reference.LocalBoards(t, "9x9-minimal", 1)[0]
	var st search.Stats
	var nilCtx context.Context
	if sol, err := search.Unique(nilCtx, b, search.WithStats(&st)); sol != nil || !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil context: %v, %v", sol, err)
	}
	if sol, err := search.Unique(ctx, nil, search.WithStats(&st)); sol != nil || !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil board: %v, %v", sol, err)
	}
	st.Nodes = -1
	if sol, err := search.Unique(ctx, b, nil, search.WithStats(&st)); sol != nil || !errors.Is(err, sudoku.ErrInvalidArgument) || st.Nodes != 0 {
		t.Errorf("nil option: %v, %v, %d nodes", sol, err, st.Nodes)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, opts := range [][]search.Option{nil, {search.WithGeneralEngine()}} {
		if sol, err := search.Unique(cancelled, b, opts...); sol != nil || !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled context: %v, %v", sol, err)
		}
	}
	empty := sudoku.NewBoard(geometry(t, 4, 4))
	if sol, err := search.Unique(ctx, empty, search.WithNodeLimit(100), search.WithWorkers(1)); err == nil {
		t.Errorf("empty 16x16 board: %v, want ErrMultipleSolutions or ErrNodeLimit", sol)
	} else if !errors.Is(err, search.ErrMultipleSolutions) && !errors.Is(err, search.ErrNodeLimit) {
		t.Errorf("empty 16x16 board: %v", err)
	}
	clash := b.Clone()
	for c := range clash.Geometry().NumCells() {
		if d := b.Get(c); d != 0 && c != 0 && clash.Geometry().IsPeer(0, c) {
			clash.SetGiven(0, d) // r1c1 repeats a digit of its units
			break
		}
	}
	var conflict *sudoku.ConflictError
	if sol, err := search.Unique(ctx, clash); sol != nil || !errors.Is(err, search.ErrNoSolution) || !errors.As(err, &conflict) {
		t.Errorf("conflicting givens: %v, %v; want ErrNoSolution with the ConflictError", sol, err)
	}
	before := b.Clone()
	if _, err := search.Unique(ctx, b); err != nil || !b.Equal(before) {
		t.Errorf("the puzzle changed, or %v", err)
	}
}
