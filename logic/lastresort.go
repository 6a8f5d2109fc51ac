package logic

import (
	"context"
	"errors"
	"math/bits"
	"slices"

	"github.com/cubedoku/cubedoku/sudoku"
)

// lastResort finds a step where the rules find none in s: a candidate
// whose placement breaks the state under singles (any cell), or under
// rules (cells with two candidates); else, with the solution sol, the
// solution's digit in a cell with the fewest candidates. With sol only
// the candidates that differ from the solution are tried, since the
// solution's own never break down. It returns ErrNoStep when it finds
// nothing, and ctx's error once ctx has ended.
func lastResort(ctx context.Context, s *State, rules Rules, sol *sudoku.Board) (Step, error) {
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
	tryable := func(c int) uint64 {
		m := s.cand[c]
		if sol != nil {
			m &^= Bit(sol.Get(c))
		}
		return m
	}
	t := s.Clone()
	// try places d in c on t, a copy of s, and propagates: singles alone,
	// or the rules when deep. It reports whether t broke down.
	try := func(c, d int, deep bool) (bool, error) {
		t.CopyFrom(s)
		err := t.Assign(c, d)
		if err == nil {
			if deep {
				_, err = rules.Reduce(ctx, t)
			} else {
				err = t.Propagate()
			}
		}
		if errors.Is(err, ErrContradiction) {
			return true, nil
		}
		return false, err
	}
	// By singles: in the first group of cells with the same number of
	// candidates where some candidate breaks down, the one that does so
	// with the fewest digits placed, the easiest for a player to follow.
	for i := 0; i < len(cells); {
		k := bits.OnesCount64(s.cand[cells[i]])
		bestC, bestD, best := -1, 0, 0
		for ; i < len(cells) && bits.OnesCount64(s.cand[cells[i]]) == k; i++ {
			c := cells[i]
			for m := tryable(c); m != 0; m &= m - 1 {
				if err := ctx.Err(); err != nil {
					return Step{}, err
				}
				d := bits.TrailingZeros64(m) + 1
				broke, err := try(c, d, false)
				if err != nil {
					return Step{}, err
				}
				if placed := s.left - t.left; broke && (bestC < 0 || placed < best) {
					bestC, bestD, best = c, d, placed
				}
			}
		}
		if bestC >= 0 {
			try(bestC, bestD, false) // t as it broke down, for the text
			return contradictionStep(s, t, bestC, bestD, false), nil
		}
	}
	// By the rules, in the cells with two candidates: the first that
	// breaks down.
	for _, c := range cells {
		if bits.OnesCount64(s.cand[c]) != 2 {
			break // sorted: no more cells with two candidates
		}
		for m := tryable(c); m != 0; m &= m - 1 {
			if err := ctx.Err(); err != nil {
				return Step{}, err
			}
			d := bits.TrailingZeros64(m) + 1
			broke, err := try(c, d, true)
			if err != nil {
				return Step{}, err
			}
			if broke {
				return contradictionStep(s, t, c, d, true), nil
			}
		}
	}
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

// contradictionStep explains that digit d cannot go in cell c of s
// because, with it placed, singles (or, when deep, the rules) broke the
// state down into t: the digits they placed on the way, and where it
// broke.
func contradictionStep(s, t *State, c, d int, deep bool) Step {
	w, why := s.words(), t.why
	by := "naked and hidden singles"
	if deep {
		by = "the rules"
	}
	st := Step{
		Rule:   ContradictionRule,
		Area:   w.cell(c),
		Cells:  []int{c},
		Digits: []int{d},
		Remove: []Removal{{Cell: c, Digits: []int{d}}},
	}
	if why.Cell >= 0 && why.Cell != c {
		st.Cells = append(st.Cells, why.Cell)
	}
	if why.Unit >= 0 {
		st.Houses = []int{why.Unit}
	}
	// The digits placed on the way, in cell order; a few are named, and
	// "more" says there are others (a count would read as a digit).
	const named = 4
	var placements []string
	more := false
	for x, v := range t.value {
		if x == c || v == 0 || s.value[x] != 0 {
			continue
		}
		if len(placements) == named {
			more = true
			break
		}
		placements = append(placements, w.cell(x)+" = "+w.digit(int(v)))
	}
	if more {
		placements = append(placements, "more")
	}
	placed := ""
	if len(placements) > 0 {
		placed = " place " + joinWords(placements, "and") + ", then"
	}
	st.Text = stepText(ContradictionRule, "cell", w.cell(c), "digit", w.digit(d), "by", by, "placed", placed,
		"why", why.describe(w), "removals", w.removals(st.Remove))
	return st
}
