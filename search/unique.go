package search

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/cubedoku/cubedoku/sudoku"
)

// ErrMultipleSolutions reports a puzzle with more than one solution (see
// [Unique]).
var ErrMultipleSolutions = errors.New("search: more than one solution")

// Unique proves that board b has exactly one solution and returns it, as
// [Solve] returns a solution. It is [Count] to 2, the same search with the
// same engines on big boards, and the solution is the first one that count
// found: no search is made twice.
//
// It returns an error wrapping [ErrNoSolution] when b has no solution
// (with the [*sudoku.ConflictError] when its digits conflict), one of the
// solutions and an error wrapping [ErrMultipleSolutions] when it has two
// or more (a grader may go on with it; a game may not), the context's
// error when ctx ends first ([ErrNodeLimit] when the limit of
// [WithNodeLimit] comes first), and one wrapping
// [sudoku.ErrInvalidArgument] for a nil context, board or option. b itself
// is not changed.
func Unique(ctx context.Context, b *sudoku.Board, opts ...Option) (*sudoku.Board, error) {
	cfg, err := newConfig(opts)
	defer cfg.release()
	if err != nil {
		return nil, err
	}
	if ctx == nil || b == nil {
		return nil, cfg.fail(checkArgs(ctx, b))
	}
	first := &firstSolution{board: b.Clone()}
	cfg.first = first
	n, err := count(ctx, b, 2, cfg)
	switch {
	case n == 0 && (err == nil || errors.Is(err, ErrNoSolution)):
		// Say why when the digits alone show it, as Solve does.
		if _, err := root(ctx, b, nil); err != nil {
			return nil, err
		}
		return nil, ErrNoSolution
	case err != nil:
		return nil, err
	case !first.kept:
		// Cannot happen: every engine that counts a solution keeps the
		// first one.
		return nil, fmt.Errorf("search: Unique: the solution counted was not kept")
	case n > 1:
		return first.board, fmt.Errorf("%w: at least %d", ErrMultipleSolutions, n)
	}
	return first.board, nil
}

// firstSolution keeps the first solution of a count for Unique: the
// engines of Count hand it every solution they count, from several
// goroutines at once.
type firstSolution struct {
	mu    sync.Mutex
	board *sudoku.Board // the board to fill, a copy of the puzzle
	kept  bool          // board holds a solution
}

// keep fills the board with f unless it holds a solution already. It
// does nothing on a nil firstSolution.
func (k *firstSolution) keep(f solution) {
	if k == nil {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.kept && f.Fill(k.board) == nil {
		k.kept = true
	}
}
