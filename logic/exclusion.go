package logic

import "math/bits"

// findAlignedExclusion finds an aligned exclusion of k base cells (2 for
// a pair, 3 for a triple): open cells with two or more candidates that
// all see two or more open cells of 2 to k candidates, the excluders (as
// Sudoku Explainer asks). A choice
// of one digit per base cell cannot stand when it takes every candidate
// of an excluder (that cell would be left empty), or puts one digit in
// two base cells that see each other. A candidate of a base cell that is
// in no choice left goes. Only sight between cells is used, so it works
// on every geometry.
func findAlignedExclusion(s *State, k int) (Step, bool) {
	n := len(s.cand)
	w := (n + 63) / 64
	// Bitsets of cells: the base cells, the excluders, and each cell's
	// open peers, so that the excluders common to the base cells chosen
	// so far are a few word operations.
	base, ex := make([]uint64, w), make([]uint64, w)
	peers := make([]uint64, n*w)
	for c := range s.cand {
		if s.value[c] != 0 {
			continue
		}
		size := bits.OnesCount64(s.cand[c])
		if size >= 2 {
			base[c/64] |= 1 << uint(c%64)
		}
		if size >= 2 && size <= k {
			ex[c/64] |= 1 << uint(c%64)
		}
		for _, p := range s.t.Peers[c] {
			if s.value[p] == 0 {
				peers[c*w+int(p)/64] |= 1 << uint(p%64)
			}
		}
	}
	cells := make([]int, k)
	common := make([][]uint64, k) // excluders seeing cells[:i+1]
	reach := make([][]uint64, k)  // base cells seeing one of them
	for i := range k {
		common[i], reach[i] = make([]uint64, w), make([]uint64, w)
	}
	var exList []int
	var search func(i int, next []uint64, from int) (Step, bool)
	search = func(i int, next []uint64, from int) (Step, bool) {
		for wi := from / 64; wi < w; wi++ {
			m := next[wi]
			if wi == from/64 {
				m &^= 1<<uint(from%64) - 1
			}
			for ; m != 0; m &= m - 1 {
				c := wi*64 + bits.TrailingZeros64(m)
				cells[i] = c
				shared := 0
				for x := range w {
					v := peers[c*w+x]
					if i == 0 {
						v &= ex[x]
					} else {
						v &= common[i-1][x]
					}
					common[i][x] = v
					shared += bits.OnesCount64(v)
				}
				if shared < 2 {
					continue // as Sudoku Explainer, two excluders at least
				}
				if i+1 < k {
					// The next base cell must see a common excluder.
					clear(reach[i])
					for x := range w {
						for em := common[i][x]; em != 0; em &= em - 1 {
							e := x*64 + bits.TrailingZeros64(em)
							for y := range w {
								reach[i][y] |= peers[e*w+y] & base[y]
							}
						}
					}
					if st, ok := search(i+1, reach[i], c+1); ok {
						return st, true
					}
					continue
				}
				// Only excluders whose digits the base cells can all
				// take rule out a choice.
				var union uint64
				for _, b := range cells {
					union |= s.cand[b]
				}
				exList = exList[:0]
				for x := range w {
					for em := common[i][x]; em != 0; em &= em - 1 {
						if e := x*64 + bits.TrailingZeros64(em); s.cand[e]&^union == 0 {
							exList = append(exList, e)
						}
					}
				}
				if len(exList) == 0 {
					continue
				}
				if st, ok := s.exclusionStep(k, cells, exList); ok {
					return st, true
				}
			}
		}
		return Step{}, false
	}
	return search(0, base, 0)
}

// exclusionStep tries every choice of one candidate per base cell
// against the excluders ex, and returns the step removing the candidates
// no valid choice uses, if any.
func (s *State) exclusionStep(k int, cells, ex []int) (Step, bool) {
	var allowed [3]uint64
	var chosen [3]int
	var see [3][3]bool
	for i := range k {
		for j := range i {
			see[i][j] = s.sees(cells[i], cells[j])
		}
	}
	used := make([]bool, len(ex)) // excluder ex[i] ruled out a choice
	// full: every candidate of the base cells is in a valid choice, so
	// nothing goes, and the rest of the choices need not be tried.
	full := false
	var try func(i int, union uint64)
	try = func(i int, union uint64) {
		c := cells[i]
		// The digits the cell may not take after the choices before it:
		// those of the base cells it sees, and the one digit an excluder
		// would still miss.
		var blocked uint64
		for j := range i {
			if see[i][j] {
				blocked |= 1 << uint(chosen[j])
			}
		}
		for x, p := range ex {
			rest := s.cand[p] &^ union
			if rest == 0 {
				used[x] = true
				return
			}
			if rest&(rest-1) == 0 && rest&s.cand[c]&^blocked != 0 {
				used[x] = true
				blocked |= rest
			}
		}
		free := s.cand[c] &^ blocked
		if i == k-1 {
			if free != 0 {
				for j := range i {
					allowed[j] |= 1 << uint(chosen[j])
				}
				allowed[i] |= free
				full = true
				for j, b := range cells[:k] {
					full = full && allowed[j] == s.cand[b]
				}
			}
			return
		}
		for m := free; m != 0 && !full; m &= m - 1 {
			chosen[i] = bits.TrailingZeros64(m)
			try(i+1, union|1<<uint(chosen[i]))
		}
	}
	if try(0, 0); full {
		return Step{}, false
	}
	var rem []Removal
	for i, c := range cells[:k] {
		if gone := s.cand[c] &^ allowed[i]; gone != 0 {
			rem = append(rem, Removal{Cell: c, Digits: digitList(gone)})
		}
	}
	if len(rem) == 0 {
		return Step{}, false
	}
	t := AlignedPairExclusion
	if k == 3 {
		t = AlignedTripleExclusion
	}
	var excl []int
	for x, p := range ex {
		if used[x] {
			excl = append(excl, p)
		}
	}
	repeat := ""
	for i := range k {
		for j := range i {
			if s.sees(cells[i], cells[j]) {
				repeat = ", nor one digit twice in a house"
			}
		}
	}
	w := s.words()
	baseCells := append([]int(nil), cells[:k]...)
	return Step{
		Rule:   t,
		Area:   w.cell(rem[0].Cell),
		Cells:  append(append([]int(nil), baseCells...), excl...),
		Remove: rem,
		Text: stepText(t, "base", s.withCandidates(baseCells), "excluders", s.withCandidates(excl),
			"repeat", repeat, "removals", w.removals(rem)),
	}, true
}

// withCandidates names cells with their candidates: "r1c1 (1, 2 or 3)
// and r1c5 (1 or 2)".
func (s *State) withCandidates(cells []int) string {
	w := s.words()
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = w.cell(c) + " (" + w.either(s.cand[c]) + ")"
	}
	return joinWords(parts, "and")
}
