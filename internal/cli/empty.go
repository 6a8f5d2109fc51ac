package cli

import (
	"math/rand/v2"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Empty empties k cells of b, the first k of a random permutation of its
// cells drawn from r: a solved grid becomes a puzzle of the phase
// transition, with that share of its cells empty. k must lie in 0..the
// board's cells.
func Empty(b *sudoku.Board, k int, r *rand.Rand) {
	for _, c := range r.Perm(b.Geometry().NumCells())[:k] {
		b.SetGiven(c, 0) // cannot fail: c is a cell
	}
}
