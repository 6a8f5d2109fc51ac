package search

import (
	"context"
	"fmt"

	"github.com/cubedoku/cubedoku/internal/classic"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// exploreClassic searches every completion of b, a board on the classic
// geometry, with the classic search (see package classic), on the calling
// goroutine, calling visit for each solution until it returns false or
// ctx ends; with a nil visit it only counts them, up to limit (0: no
// limit), and fills the empty cells of fill, when not nil, with the
// first. The error is that of [root] for a board that has no solution
// from the start.
func exploreClassic(ctx context.Context, b *sudoku.Board, cfg *config, visit func(solution) bool, limit int, fill *sudoku.Board) (outcome, error) {
	if err := checkMarks(b, cfg.marks); err != nil {
		return outcome{}, err
	}
	var v func(*classic.Solution) bool
	if visit != nil {
		v = func(s *classic.Solution) bool { return visit(s) }
	}
	r, ok := classic.Search(ctx, b, cfg.marks, cfg.nodeLimit, v, limit, fill)
	if !ok {
		if cfg.terse {
			return outcome{}, ErrNoSolution
		}
		if _, err := root(ctx, b, cfg.marks); err != nil {
			return outcome{}, err
		}
		// Singles alone leave the board open; the locked candidates of
		// the classic search empty a house.
		return outcome{}, fmt.Errorf("%w: %w: locked candidates leave a digit no place in a house", ErrNoSolution, logic.ErrContradiction)
	}
	return outcome{
		counts:  counters{nodes: r.Nodes, guesses: r.Guesses, deadEnds: r.DeadEnds, solutions: r.Solutions},
		halted:  r.Halted,
		expired: r.Expired, exceeded: r.Exceeded,
	}, nil
}
