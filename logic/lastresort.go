package logic

import (
	"context"
	"math/bits"
	"slices"

	"github.com/cubedoku/cubedoku/sudoku"
)

// lastResort finds a step where the rules find none in s: the first
// forcing chain of [ForcingChains] that finds one, else, with the
// solution sol, the solution's digit in a cell with the fewest
// candidates. It returns ErrNoStep when it finds nothing, and ctx's
// error once ctx has ended.
func lastResort(ctx context.Context, s *State, sol *sudoku.Board) (Step, error) {
	for _, r := range ForcingChains() {
		if err := ctx.Err(); err != nil {
			return Step{}, err
		}
		t := r.(Technique)
		if st, ok := t.Find(s); ok {
			st.Rule = t
			return st, s.checkStep(st)
		}
	}
	cells := make([]int, 0, s.left)
	for c := range s.cand {
		if s.value[c] == 0 {
			cells = append(cells, c)
		}
	}
	// Fewest candidates first; ties by cell index (the sort is stable).
	slices.SortStableFunc(cells, func(a, b int) int {
		return bits.OnesCount64(s.cand[a]) - bits.OnesCount64(s.cand[b])
	})
	if sol == nil || len(cells) == 0 {
		return Step{}, ErrNoStep
	}
	c := cells[0]
	d := sol.Get(c)
	w := s.words()
	return Step{
		Rule:   GuessRule,
		Area:   w.cell(c),
		Cells:  []int{c},
		Digits: []int{d},
		Place:  []Placement{{Cell: c, Digit: d}},
		Text:   stepText(GuessRule, "cell", w.cell(c), "either", w.either(s.cand[c]), "digit", w.digit(d)),
	}, nil
}
