package logic

import (
	"math/bits"
	"slices"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// SetPuzzle tells s the puzzle it is solving: the digits of p are the
// givens, and every other digit placed in s was found on the way. Only
// the avoidable rectangles ([AvoidableRectangle1], [AvoidableRectangle2])
// read it, and without it they find nothing: their reasoning holds for
// digits that were found, never for givens. A nil p forgets the puzzle.
// p must be on the state's geometry with each of its digits placed in s
// in the same cell; otherwise SetPuzzle returns an error wrapping
// [sudoku.ErrInvalidArgument] and changes nothing. Copies of s
// ([State.Clone], [State.CopyFrom]) keep the puzzle.
func (s *State) SetPuzzle(p *sudoku.Board) error { return s.setPuzzle("SetPuzzle", p) }

// setPuzzle is [State.SetPuzzle], naming the function fn in errors.
func (s *State) setPuzzle(fn string, p *sudoku.Board) error {
	switch {
	case s == nil || s.g == nil:
		return contract.Invalid("logic", "%s: nil or zero State", fn)
	case p == nil:
		s.givens = nil
		return nil
	case !p.Geometry().Equal(s.g):
		return contract.Invalid("logic", "%s: a puzzle on a %s for a state on a %s: %w", fn, p.Geometry(), s.g, sudoku.ErrCellCount)
	}
	givens := make([]bool, len(s.value))
	for c := range givens {
		d := p.Get(c)
		if d != 0 && int(s.value[c]) != d {
			return contract.Invalid("logic", "%s: the puzzle gives %s in %s, which the board does not hold", fn, s.words().digit(d), s.g.CellName(c))
		}
		givens[c] = d != 0
	}
	s.givens = givens
	return nil
}

// found reports whether cell c holds a digit that the puzzle set by
// [State.SetPuzzle] does not give: false for every cell without one.
func (s *State) found(c int) bool {
	return s.givens != nil && s.value[c] != 0 && !s.givens[c]
}

// rectanglesFrom calls fn on every rectangle a, b, c, d of open cells
// where a holds only the two digits xy, b, c and d hold both (and maybe
// more), a sees b and c, d sees b and c, the diagonals a, d and b, c do
// not see each other, and every unit meets a and d as often as b and c
// (see [State.balanced]): were all four only {x,y}, x and y could swap
// between a, d and b, c for a second solution. With pair, b holds only
// xy too and comes after a, so that each rectangle with two such cells
// side by side is met once from that pair; without, b comes before c, so
// that each rectangle is met once from each corner holding only xy. It
// stops, and returns true, when fn returns true.
func (s *State) rectanglesFrom(pair bool, fn func(a, b, c, d int, xy uint64) bool) bool {
	var near []int // the open peers of a that hold both digits
	for a := range s.cand {
		if !s.open(a, 2) {
			continue
		}
		xy := s.cand[a]
		near = near[:0]
		for _, p := range s.t.Peers[a] {
			if p := int(p); s.value[p] == 0 && s.cand[p]&xy == xy {
				near = append(near, p)
			}
		}
		for _, b := range near {
			if pair && (b < a || s.cand[b] != xy) {
				continue
			}
			for _, c := range near {
				if c == b || !pair && c < b || s.sees(b, c) {
					continue
				}
				for _, d := range s.t.Peers[b] {
					d := int(d)
					if d == a || s.value[d] != 0 || s.cand[d]&xy != xy || !s.sees(c, d) || s.sees(a, d) {
						continue
					}
					if s.balanced([4]int{a, d, b, c}) && fn(a, b, c, d, xy) {
						return true
					}
				}
			}
		}
	}
	return false
}

// strongIn returns a house holding cells p and q where digit index e has
// no other place (so one of them holds it), or -1.
func (s *State) strongIn(p, q, e int) int {
	for _, h := range s.t.CellHouses[p] {
		if s.count[h*s.n+e] == 2 && inUnit(s, h, q) {
			return h
		}
	}
	return -1
}

// findUniqueRectangle5 finds a rectangle (see [State.rectanglesFrom])
// whose cells beyond {x,y} are three, or two that share no house, each
// holding x, y and the same one extra digit z (type 5; two such cells in
// one house are type 2). Were none of them z, all four would hold only x
// and y, which could swap; so one of them is z, and z leaves every cell
// that sees them all.
func findUniqueRectangle5(s *State) (Step, bool) {
	var st Step
	found := s.rectanglesFrom(false, func(a, b, c, d int, xy uint64) bool {
		var extra []int
		var z uint64
		for _, o := range []int{b, c, d} {
			switch {
			case s.cand[o] == xy:
				continue
			case bits.OnesCount64(s.cand[o]) != 3 || z != 0 && s.cand[o]&^xy != z:
				return false
			}
			z = s.cand[o] &^ xy
			extra = append(extra, o)
		}
		if len(extra) < 2 || len(extra) == 2 && s.sees(extra[0], extra[1]) {
			return false
		}
		rem := s.seenByAll(z, extra...)
		if len(rem) == 0 {
			return false
		}
		w := s.words()
		cells := []int{a, b, d, c}
		st = Step{
			Rule:   UniqueRectangle5,
			Area:   w.cells(extra),
			Cells:  cells,
			Digits: digitList(xy | z),
			Remove: rem,
			Text: stepText(UniqueRectangle5, "cells", w.cells(cells), "either", w.either(xy), "extra", w.cells(extra),
				"z", w.digits(z), "removals", w.removals(rem)),
		}
		return true
	})
	return st, found
}

// findUniqueRectangle6 finds a rectangle (see [State.rectanglesFrom]) of
// two diagonal cells a and d holding only {x,y} and two, b and c, with
// more, where x has no other place in the houses of two opposite sides
// (a house of a and b and one of c and d, or of a and c and of b and d):
// type 6. Were b x, a would be y in their house, d y beside it, and c x
// in the other house; were c x, the same in turn: all four {x,y}, which
// could swap. So x leaves b and c.
func findUniqueRectangle6(s *State) (Step, bool) {
	var st Step
	found := s.rectanglesFrom(false, func(a, b, c, d int, xy uint64) bool {
		if s.cand[d] != xy || s.cand[b] == xy || s.cand[c] == xy {
			return false
		}
		for xs := xy; xs != 0; xs &= xs - 1 {
			e := bits.TrailingZeros64(xs)
			h1, h2 := s.strongIn(a, b, e), s.strongIn(c, d, e)
			if h1 < 0 || h2 < 0 {
				h1, h2 = s.strongIn(a, c, e), s.strongIn(b, d, e)
			}
			if h1 < 0 || h2 < 0 {
				continue
			}
			x := uint64(1) << uint(e)
			rem := s.removals([]int{b, c}, x, nil)
			w := s.words()
			cells := []int{a, b, d, c}
			st = Step{
				Rule:   UniqueRectangle6,
				Area:   w.units([]int{h1, h2}),
				Houses: []int{h1, h2},
				Cells:  cells,
				Digits: digitList(xy),
				Remove: rem,
				Text: stepText(UniqueRectangle6, "cells", w.cells(cells), "either", w.either(xy), "a", w.cell(a), "d", w.cell(d),
					"b", w.cell(b), "c", w.cell(c), "x", w.digits(x), "y", w.digits(xy&^x), "houses", w.units([]int{h1, h2}),
					"removals", w.removals(rem)),
			}
			return true
		}
		return false
	})
	return st, found
}

// findHiddenRectangle finds a rectangle (see [State.rectanglesFrom])
// whose corner a holds only {x,y} and whose opposite corner d has x in
// a house with each of its neighbours b and c and no other place there.
// Were d y, b and c would both be x, a then y: all four {x,y}, which
// could swap. So y leaves d.
func findHiddenRectangle(s *State) (Step, bool) {
	var st Step
	found := s.rectanglesFrom(false, func(a, b, c, d int, xy uint64) bool {
		if s.cand[d] == xy {
			return false
		}
		for xs := xy; xs != 0; xs &= xs - 1 {
			e := bits.TrailingZeros64(xs)
			h1, h2 := s.strongIn(d, b, e), s.strongIn(d, c, e)
			if h1 < 0 || h2 < 0 {
				continue
			}
			x := uint64(1) << uint(e)
			y := xy &^ x
			rem := []Removal{{Cell: d, Digits: digitList(y)}}
			w := s.words()
			cells := []int{a, b, d, c}
			st = Step{
				Rule:   HiddenRectangle,
				Area:   w.cell(d),
				Houses: []int{h1, h2},
				Cells:  cells,
				Digits: digitList(xy),
				Remove: rem,
				Text: stepText(HiddenRectangle, "cells", w.cells(cells), "either", w.either(xy), "a", w.cell(a), "d", w.cell(d),
					"b", w.cell(b), "c", w.cell(c), "x", w.digits(x), "y", w.digits(y), "h1", w.unit(h1), "h2", w.unit(h2),
					"removals", w.removals(rem)),
			}
			return true
		}
		return false
	})
	return st, found
}

// findAvoidableRectangle1 finds a rectangle a, b, d, c (in order round
// it) of three cells holding found digits (see [State.found]), x in a and
// y in b and c, and one open cell d that could be x, where a and d see b
// and c but not each other, and every unit meets a and d as often as b
// and c (see [State.balanced]): were d x, x and y could swap in all four,
// none of them a given, for a second solution. So d is not x. It needs
// the puzzle ([State.SetPuzzle]).
func findAvoidableRectangle1(s *State) (Step, bool) {
	if s.givens == nil {
		return Step{}, false
	}
	var near []int // the peers of d holding found digits
	for d := range s.value {
		if s.value[d] != 0 {
			continue
		}
		near = near[:0]
		for _, p := range s.t.Peers[d] {
			if s.found(int(p)) {
				near = append(near, int(p))
			}
		}
		for i, b := range near {
			for _, c := range near[i+1:] {
				if s.value[c] != s.value[b] || s.sees(b, c) {
					continue
				}
				for _, a := range s.t.Peers[b] {
					a := int(a)
					if !s.found(a) || s.cand[d]&Bit(int(s.value[a])) == 0 || !s.sees(a, c) || s.sees(a, d) || !s.balanced([4]int{a, d, b, c}) {
						continue
					}
					x, y := int(s.value[a]), int(s.value[b])
					w := s.words()
					cells := []int{a, b, d, c}
					rem := []Removal{{Cell: d, Digits: []int{x}}}
					return Step{
						Rule:   AvoidableRectangle1,
						Area:   w.cell(d),
						Cells:  cells,
						Digits: digitList(Bit(x) | Bit(y)),
						Remove: rem,
						Text: stepText(AvoidableRectangle1, "solved", w.cells([]int{a, b, c}), "d", w.cell(d), "x", w.digit(x),
							"y", w.digit(y), "cells", w.cells(cells), "removals", w.removals(rem)),
					}, true
				}
			}
		}
	}
	return Step{}, false
}

// findAvoidableRectangle2 finds a rectangle a, b, d, c (in order round
// it) of two cells holding found digits (see [State.found]), x in a and y
// in b, and two open cells, c beside a holding only y and z and d beside
// b holding only x and z, where a and d see b and c but not each other,
// and every unit meets a and d as often as b and c (see
// [State.balanced]). Were neither c nor d z, c would be y and d x, and x
// and y could swap in all four, none of them a given, for a second
// solution; so one of them is z, and z leaves every cell that sees both.
// It needs the puzzle ([State.SetPuzzle]).
func findAvoidableRectangle2(s *State) (Step, bool) {
	if s.givens == nil {
		return Step{}, false
	}
	for d := range s.cand {
		if !s.open(d, 2) {
			continue
		}
		for _, c := range s.t.Peers[d] {
			c := int(c)
			z := s.cand[c] & s.cand[d]
			if !s.open(c, 2) || bits.OnesCount64(z) != 1 {
				continue
			}
			x, y := s.cand[d]&^z, s.cand[c]&^z
			for _, a := range s.t.Peers[c] {
				a := int(a)
				if !s.found(a) || Bit(int(s.value[a])) != x || s.sees(a, d) {
					continue
				}
				for _, b := range s.t.Peers[d] {
					b := int(b)
					if !s.found(b) || Bit(int(s.value[b])) != y || s.sees(b, c) || !s.sees(a, b) || !s.balanced([4]int{a, d, b, c}) {
						continue
					}
					rem := s.seenByAll(z, c, d)
					if len(rem) == 0 {
						continue
					}
					w := s.words()
					cells := []int{a, b, d, c}
					return Step{
						Rule:   AvoidableRectangle2,
						Area:   w.cells([]int{c, d}),
						Cells:  cells,
						Digits: digitList(x | y | z),
						Remove: rem,
						Text: stepText(AvoidableRectangle2, "solved", w.cells([]int{a, b}), "c", w.cell(c), "d", w.cell(d), "x", w.digits(x),
							"y", w.digits(y), "z", w.digits(z), "cells", w.cells(cells), "removals", w.removals(rem)),
					}, true
				}
			}
		}
	}
	return Step{}, false
}

// graveExtras returns the cells of more than two candidates and the
// extra digits of each, as Sudoku Explainer finds them: where a digit has
// other than two places in a house, exactly one of those places has more
// than two candidates, and the digit is extra there. It returns false
// unless taking the extra digits away leaves a bivalue universal grave:
// two candidates in every open cell, two places for every digit left in
// every house (see [State.graveWithout]). It needs every unit to be a
// house.
func (s *State) graveExtras() ([]int, []uint64, bool) {
	if !tablesOf(s.g).allHouses {
		return nil, nil, false
	}
	var cells []int
	var extra []uint64
	for _, h := range s.t.Houses {
		for open := s.all &^ s.placed[h]; open != 0; open &= open - 1 {
			e := bits.TrailingZeros64(open)
			if s.count[h*s.n+e] == 2 {
				continue
			}
			poly := -1
			for _, c := range s.t.UnitCells[h] {
				if s.value[c] != 0 || s.cand[c]&(1<<uint(e)) == 0 || bits.OnesCount64(s.cand[c]) < 3 {
					continue
				}
				if poly >= 0 {
					poly = -2 // two or more: another house decides
					break
				}
				poly = c
			}
			switch {
			case poly == -1:
				return nil, nil, false
			case poly >= 0:
				i := slices.Index(cells, poly)
				if i < 0 {
					cells, extra = append(cells, poly), append(extra, 0)
					i = len(cells) - 1
				}
				extra[i] |= 1 << uint(e)
			}
		}
	}
	for c := range s.cand {
		if s.value[c] != 0 {
			continue
		}
		m := s.cand[c]
		if i := slices.Index(cells, c); i >= 0 {
			m &^= extra[i]
		}
		if bits.OnesCount64(m) != 2 {
			return nil, nil, false
		}
	}
	if len(cells) == 0 || !s.graveWithout(cells, func(i int) uint64 { return extra[i] }) {
		return nil, nil, false
	}
	return cells, extra, true
}

// findBUG3 finds a bivalue universal grave of type 3, as Sudoku Explainer
// defines it: the cells of more than two candidates (see
// [State.graveExtras]) lie in one house h and have two or more extra
// digits E in all. One of them holds an extra digit, or the grave would
// have no solution or two; so they act as one cell holding E, and with k-1
// other cells of h whose candidates, with E, are k digits in all, they
// make a naked set: those k digits leave the rest of h. Sets of two to
// six digits are sought, smallest first, as Sudoku Explainer does.
func findBUG3(s *State) (Step, bool) {
	cells, extra, ok := s.graveExtras()
	if !ok || len(cells) < 2 {
		return Step{}, false
	}
	var all uint64
	for _, m := range extra {
		all |= m
	}
	if bits.OnesCount64(all) < 2 {
		return Step{}, false
	}
	for k := 2; k <= 6; k++ {
		for _, h := range s.t.CellHouses[cells[0]] {
			if !everyIn(s, h, cells) {
				continue
			}
			var others []int
			for _, c := range s.t.UnitCells[h] {
				if s.value[c] == 0 && !slices.Contains(cells, c) && bits.OnesCount64(s.cand[c]|all) <= k {
					others = append(others, c)
				}
			}
			if st, ok := bug3Set(s, h, cells, all, others, k); ok {
				return st, true
			}
		}
	}
	return Step{}, false
}

// everyIn reports whether unit u holds every cell of cells.
func everyIn(s *State, u int, cells []int) bool {
	for _, c := range cells {
		if !inUnit(s, u, c) {
			return false
		}
	}
	return true
}

// bug3Set finds k-1 cells of others whose candidates with the extra
// digits all are k digits that leave some other cell of house h, and
// returns the BUG type 3 step of the grave cells with them.
func bug3Set(s *State, h int, grave []int, all uint64, others []int, k int) (Step, bool) {
	// The grave cells act as one cell holding all, the first of masks,
	// which every set must take.
	masks := []uint64{all}
	for _, c := range others {
		masks = append(masks, s.cand[c])
	}
	var st Step
	found := subsets(masks, k, func(idx [maxSubset]int, set uint64) bool {
		if idx[0] != 0 {
			return false
		}
		naked := make([]int, k-1)
		for i, j := range idx[1:k] {
			naked[i] = others[j-1]
		}
		rem := s.removals(s.t.UnitCells[h], set, func(o int) bool { return slices.Contains(grave, o) || slices.Contains(naked, o) })
		if len(rem) == 0 {
			return false
		}
		w := s.words()
		st = Step{
			Rule:   BUG3,
			Area:   w.unit(h),
			Houses: []int{h},
			Cells:  append(slices.Clone(grave), naked...),
			Digits: digitList(set),
			Remove: rem,
			Text: stepText(BUG3, "cells", w.cells(grave), "extra", w.either(all), "house", w.unit(h), "naked", w.cells(naked),
				"set", w.digits(set), "removals", w.removals(rem)),
		}
		return true
	})
	return st, found
}
