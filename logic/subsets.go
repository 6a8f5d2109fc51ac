package logic

import (
	"math/bits"
	"slices"

	"github.com/cubedoku/cubedoku/sudoku"
)

// subsets calls fn with every choice of k of masks (indices in increasing
// order in idx[:k], in lexicographic order of choices) whose union has
// exactly k bits, until fn returns true; it reports whether fn did. Naked
// and hidden subsets and fish are all this search: k cells holding k
// digits, k digits held by k cells, k base houses covered by k houses.
// It walks the choices with a stack of its own and hands idx over by
// value, so that neither it nor fn's closure needs the heap: the forcing
// chains run it thousands of times a step.
func subsets(masks []uint64, k int, fn func(idx [maxSubset]int, union uint64) bool) bool {
	if k < 1 || k > maxSubset {
		return false
	}
	var idx [maxSubset]int
	var unions [maxSubset + 1]uint64 // unions[d]: of the first d chosen
	d, next := 0, 0                  // the depth, and the first index to try there
	for {
		if d == k {
			if bits.OnesCount64(unions[k]) == k && fn(idx, unions[k]) {
				return true
			}
		} else if i := nextSubset(masks, next, len(masks)-(k-d), unions[d], k); i >= 0 {
			idx[d], unions[d+1] = i, unions[d]|masks[i]
			d, next = d+1, i+1
			continue
		}
		if d == 0 {
			return false
		}
		d--
		next = idx[d] + 1
	}
}

// maxSubset is the largest k subsets takes.
const maxSubset = 8

// nextSubset returns the first index i of masks from start to last whose
// mask keeps union within k bits, or -1.
func nextSubset(masks []uint64, start, last int, union uint64, k int) int {
	for i := start; i <= last; i++ {
		if bits.OnesCount64(union|masks[i]) <= k {
			return i
		}
	}
	return -1
}

// subsetSizes names the sizes of subsets, for the {n} slot of their texts.
var subsetSizes = [...]string{2: "two", 3: "three", 4: "four"}

// findNaked finds k open cells of a house whose candidates together are
// k digits, with those digits elsewhere in the house to remove.
func findNaked(s *State, k int) (Step, bool) {
	rule := [...]Technique{2: NakedPair, 3: NakedTriple, 4: NakedQuad}[k]
	var cellBuf [sudoku.MaxDigits]int
	var maskBuf [sudoku.MaxDigits]uint64
	cells, masks := cellBuf[:0], maskBuf[:0] // a house's, on the stack
	for _, u := range s.t.Houses {
		cells, masks = cells[:0], masks[:0]
		for _, c := range s.t.UnitCells[u] {
			if m := s.cand[c]; s.value[c] == 0 && bits.OnesCount64(m) <= k {
				cells = append(cells, c)
				masks = append(masks, m)
			}
		}
		var st Step
		found := subsets(masks, k, func(idx [maxSubset]int, union uint64) bool {
			pattern := make([]int, k)
			for i, j := range idx[:k] {
				pattern[i] = cells[j]
			}
			rem := s.removals(s.t.UnitCells[u], union, func(c int) bool { return slices.Contains(pattern, c) })
			if len(rem) == 0 {
				return false
			}
			st = Step{Rule: rule, Houses: []int{u}, Cells: pattern, Digits: digitList(union), Remove: rem}
			if !s.quiet {
				w := s.words()
				st.Area = w.unit(u)
				st.Text = stepText(rule, "house", w.unit(u), "cells", w.cells(pattern), "either", w.either(union),
					"n", subsetSizes[k], "removals", w.removals(rem))
			}
			return true
		})
		if found {
			return st, true
		}
	}
	return Step{}, false
}

// findHidden finds k digits of a house that fit only in the same k cells,
// which then lose every other candidate.
func findHidden(s *State, k int) (Step, bool) {
	rule := [...]Technique{2: HiddenPair, 3: HiddenTriple, 4: HiddenQuad}[k]
	var digitBuf [sudoku.MaxDigits]int
	var maskBuf [sudoku.MaxDigits]uint64
	digits, masks := digitBuf[:0], maskBuf[:0] // a house's, on the stack
	for _, u := range s.t.Houses {
		cells := s.t.UnitCells[u]
		digits, masks = digits[:0], masks[:0]
		for open := s.all &^ s.placed[u]; open != 0; open &= open - 1 {
			e := bits.TrailingZeros64(open)
			if n := int(s.count[u*s.n+e]); n < 2 || n > k {
				continue
			}
			bit := uint64(1) << uint(e)
			var where uint64 // positions in the house
			for i, c := range cells {
				if s.cand[c]&bit != 0 {
					where |= 1 << uint(i)
				}
			}
			digits = append(digits, e+1)
			masks = append(masks, where)
		}
		var st Step
		found := subsets(masks, k, func(idx [maxSubset]int, union uint64) bool {
			var keep uint64
			for _, j := range idx[:k] {
				keep |= Bit(digits[j])
			}
			var pattern []int
			for w := union; w != 0; w &= w - 1 {
				pattern = append(pattern, cells[bits.TrailingZeros64(w)])
			}
			rem := s.removals(pattern, s.all&^keep, nil)
			if len(rem) == 0 {
				return false
			}
			st = Step{Rule: rule, Houses: []int{u}, Cells: pattern, Digits: digitList(keep), Remove: rem}
			if !s.quiet {
				w := s.words()
				st.Area = w.unit(u)
				st.Text = stepText(rule, "house", w.unit(u), "digits", w.digits(keep), "cells", w.cells(pattern),
					"n", subsetSizes[k], "removals", w.removals(rem))
			}
			return true
		})
		if found {
			return st, true
		}
	}
	return Step{}, false
}

// findFish finds, for a digit, k base houses of one family whose places
// for it all lie in k cover houses of another family: the digit leaves
// the rest of the cover houses.
func findFish(s *State, k int) (Step, bool) {
	rule := [...]Technique{2: XWing, 3: Swordfish, 4: Jellyfish}[k]
	var bases []int
	var masks []uint64
	var st Step
	found := forFishFamilies(s, func(base, cover *family, e int) bool {
		bit := uint64(1) << uint(e)
		bases, masks = bases[:0], masks[:0]
		for _, h := range base.houses {
			if n := int(s.count[h*s.n+e]); s.placed[h]&bit != 0 || n < 2 || n > k {
				continue
			}
			if where, outside := s.coverPlaces(h, bit, cover); outside == 0 {
				bases = append(bases, h)
				masks = append(masks, where)
			}
		}
		if len(bases) < k {
			return false
		}
		return subsets(masks, k, func(idx [maxSubset]int, union uint64) bool {
			chosen := make([]int, k)
			for i, j := range idx[:k] {
				chosen[i] = bases[j]
			}
			var covers, rem []int
			var pattern []int
			var removals []Removal
			for w := union; w != 0; w &= w - 1 {
				h := cover.houses[bits.TrailingZeros64(w)]
				covers = append(covers, h)
				for _, c := range s.t.UnitCells[h] {
					if s.value[c] != 0 || s.cand[c]&bit == 0 {
						continue
					}
					if i := base.at[c]; i >= 0 && slices.Contains(chosen, base.houses[i]) {
						pattern = append(pattern, c)
					} else {
						rem = append(rem, c)
					}
				}
			}
			if len(rem) == 0 {
				return false
			}
			for _, c := range rem {
				removals = append(removals, Removal{Cell: c, Digits: []int{e + 1}})
			}
			slices.Sort(pattern)
			st = Step{Rule: rule, Houses: append(chosen, covers...), Cells: pattern, Digits: []int{e + 1}, Remove: removals}
			if !s.quiet {
				w := s.words()
				st.Area = w.units(chosen)
				st.Text = stepText(rule, "digit", w.digit(e+1), "bases", w.units(chosen), "covers", w.units(covers),
					"removals", w.removals(removals))
			}
			return true
		})
	})
	return st, found
}

// forFishFamilies calls fn with every ordered pair of distinct families
// (base and cover houses) and every digit index e, until fn returns true;
// it reports whether fn did.
func forFishFamilies(s *State, fn func(base, cover *family, e int) bool) bool {
	t := tablesOf(s.g)
	for fi := range t.families {
		for ci := range t.families {
			if ci == fi {
				continue
			}
			for e := range s.n {
				if fn(&t.families[fi], &t.families[ci], e) {
					return true
				}
			}
		}
	}
	return false
}

// coverPlaces returns where the digit of bit may go in house h: the mask
// of the cover houses (indices in cover) holding those places, and how
// many places lie in no cover house.
func (s *State) coverPlaces(h int, bit uint64, cover *family) (where uint64, outside int) {
	for _, c := range s.t.UnitCells[h] {
		if s.cand[c]&bit == 0 {
			continue
		}
		if i := cover.at[c]; i >= 0 {
			where |= 1 << uint(i)
		} else {
			outside++
		}
	}
	return where, outside
}
