package logic

import (
	"math/bits"
	"slices"
)

// frankenPlace is a place of the digit in a chosen base: its cell, the
// covers holding it, and the base, by its index in the chosen bases.
type frankenPlace struct {
	cell, base int
	covers     uint64
}

// frankenSearch is the search of a Franken fish of size k on one digit,
// bases from one family of lines and the boxes, covers from another
// family of lines and the boxes. A place lies in a line and a box (two
// boxes on a cube's edge) of the covers, so either may cover it: the
// search picks the bases in turn and, after each one, covers each of its
// places still uncovered by one of the covers through it (or, finned,
// leaves it as a fin), never holding more than k covers. That bound
// prunes most choices of bases after one or two. Houses are bits of
// uint64s, so that a step of the search costs a few word operations.
type frankenSearch struct {
	s      *State
	k      int
	finned bool
	rule   Technique
	e      int
	bit    uint64

	baseHouse   []int    // the houses that may be bases: the lines, then the boxes
	coverHouse  []int    // the same for the covers
	cellBases   []uint64 // per cell: the bases holding it
	cellCovers  []uint64 // per cell: the covers holding it
	baseClash   []uint64 // per base: the bases sharing a cell with it
	coverClash  []uint64 // per cover: the covers sharing a cell with it
	baseAsCover []uint64 // per base: itself as a cover, for a box
	pool        []int    // the bases open for the digit
	bases       []int    // the chosen bases
	baseSet     uint64   // the same as a set
	places      []frankenPlace
	covers      uint64 // the chosen covers
	nCovers     int
	forbidden   uint64 // covers that may not be taken: base boxes, fins' covers
	fins        []int
	inBase      []bool // per cell, scratch for check
	maxBase     int    // the most places a base may have
	boxes       []int
	st          Step
}

// findFranken finds a Franken fish of size k on a digit: k base houses,
// lines of one family and boxes, no two sharing a cell, whose places for
// the digit all lie in k cover houses, lines of another family and
// boxes, no two sharing a cell either, with at least one box among the
// bases or the covers (without one it is a plain fish). Finned, the
// places outside the covers are fins, all in one house, and only the
// cover cells that see every fin lose the digit.
func findFranken(s *State, k int, finned bool) (Step, bool) {
	rule := [...]Technique{2: FrankenXWing, 3: FrankenSwordfish, 4: FrankenJellyfish}[k]
	if finned {
		rule = [...]Technique{2: FinnedFrankenXWing, 3: FinnedFrankenSwordfish, 4: FinnedFrankenJellyfish}[k]
	}
	f := &frankenSearch{s: s, k: k, finned: finned, rule: rule}
	for _, h := range s.t.Houses {
		if s.g.UnitKind(h) == boxKind {
			f.boxes = append(f.boxes, h)
		}
	}
	if len(f.boxes) == 0 {
		return Step{}, false
	}
	maxShared := 1
	for _, o := range tablesOf(s.g).overlaps {
		maxShared = max(maxShared, len(o.shared))
	}
	// A base's places lie in k covers, each sharing at most maxShared
	// cells with it, and the fins in one more house.
	f.maxBase = k*maxShared + maxShared
	f.inBase = make([]bool, len(s.cand))
	var lastBase, lastCover *family
	found := forFishFamilies(s, func(base, cover *family, e int) bool {
		if base != lastBase || cover != lastCover {
			lastBase, lastCover = base, cover
			f.setHouses(base, cover)
		}
		if len(f.coverHouse) > 64 || len(f.baseHouse) > 64 {
			return false
		}
		f.e, f.bit = e, uint64(1)<<uint(e)
		f.pool = f.pool[:0]
		for i, h := range f.baseHouse {
			if n := int(s.count[h*s.n+e]); s.placed[h]&f.bit == 0 && n >= 2 && n <= f.maxBase {
				f.pool = append(f.pool, i)
			}
		}
		return len(f.pool) >= k && f.addBase(0, 0)
	})
	return f.st, found
}

// setHouses lists the bases (lines of family base, then the boxes) and
// the covers (lines of family cover, then the boxes), with the houses of
// each list that share a cell with each, and the covers of every cell.
func (f *frankenSearch) setHouses(base, cover *family) {
	s := f.s
	f.baseHouse = slices.Concat(base.houses, f.boxes)
	f.coverHouse = slices.Concat(cover.houses, f.boxes)
	if len(f.coverHouse) > 64 || len(f.baseHouse) > 64 {
		return
	}
	f.cellBases = sets(s, f.cellBases, f.baseHouse)
	f.cellCovers = sets(s, f.cellCovers, f.coverHouse)
	f.baseClash = clashes(s, f.baseClash, f.baseHouse, f.cellBases)
	f.coverClash = clashes(s, f.coverClash, f.coverHouse, f.cellCovers)
	// A box among the bases is no cover.
	f.baseAsCover = f.baseAsCover[:0]
	for i := range f.baseHouse {
		var own uint64
		if i >= len(base.houses) {
			own = 1 << uint(len(cover.houses)+i-len(base.houses))
		}
		f.baseAsCover = append(f.baseAsCover, own)
	}
}

// sets returns, per cell, the set of houses of list holding it, in
// out's memory.
func sets(s *State, out []uint64, list []int) []uint64 {
	out = slices.Grow(out[:0], len(s.cand))[:len(s.cand)]
	clear(out)
	for i, h := range list {
		for _, c := range s.t.UnitCells[h] {
			out[c] |= 1 << uint(i)
		}
	}
	return out
}

// clashes returns, per house of list, the houses of list sharing a cell
// with it (itself too), from the sets of each cell, in out's memory.
func clashes(s *State, out []uint64, list []int, cellSets []uint64) []uint64 {
	out = out[:0]
	for _, h := range list {
		var clash uint64
		for _, c := range s.t.UnitCells[h] {
			clash |= cellSets[c]
		}
		out = append(out, clash)
	}
	return out
}

// addBase chooses the next base from pool[from:], none clashing with
// the bases chosen (clash), and with k bases, checks the fish.
func (f *frankenSearch) addBase(from int, clash uint64) bool {
	if len(f.bases) == f.k {
		return f.nCovers == f.k && f.check()
	}
	for j := from; j <= len(f.pool)-(f.k-len(f.bases)); j++ {
		i := f.pool[j]
		if clash&(1<<uint(i)) != 0 || f.covers&f.baseAsCover[i] != 0 {
			continue
		}
		n, forbidden := len(f.places), f.forbidden
		f.bases = append(f.bases, i)
		f.baseSet |= 1 << uint(i)
		f.forbidden = f.forbidden | f.baseAsCover[i]
		for _, c := range f.s.t.UnitCells[f.baseHouse[i]] {
			if f.s.cand[c]&f.bit != 0 {
				f.places = append(f.places, frankenPlace{cell: c, base: len(f.bases) - 1, covers: f.cellCovers[c]})
			}
		}
		if f.coverFrom(n, j, clash|f.baseClash[i]) {
			return true
		}
		f.places, f.forbidden = f.places[:n], forbidden
		f.bases = f.bases[:len(f.bases)-1]
		f.baseSet &^= 1 << uint(i)
	}
	return false
}

// coverFrom covers the places from places[at:] on, those of the base
// pool[last] and of the bases before it, then chooses the next base.
func (f *frankenSearch) coverFrom(at, last int, clash uint64) bool {
	for at < len(f.places) && f.places[at].covers&f.covers != 0 {
		at++
	}
	if at == len(f.places) {
		return f.addBase(last+1, clash)
	}
	p := f.places[at]
	if f.nCovers < f.k {
		for x := p.covers &^ f.forbidden; x != 0; x &= x - 1 {
			i := bits.TrailingZeros64(x)
			if f.coverClash[i]&f.covers != 0 {
				continue
			}
			f.covers |= 1 << uint(i)
			f.nCovers++
			ok := (f.nCovers < f.k || f.removes()) && f.coverFrom(at+1, last, clash)
			f.covers &^= 1 << uint(i)
			f.nCovers--
			if ok {
				return true
			}
		}
	}
	if !f.finned || !f.finFits(p.cell) {
		return false
	}
	// p as a fin, which no cover may take in later.
	forbidden := f.forbidden
	f.forbidden = f.forbidden | p.covers
	f.fins = append(f.fins, p.cell)
	if f.finTarget() && f.coverFrom(at+1, last, clash) {
		return true
	}
	f.fins = f.fins[:len(f.fins)-1]
	f.forbidden = forbidden
	return false
}

// removes reports whether a cell of the chosen covers outside the chosen
// bases, seeing every fin, holds the digit. More bases or fins only take
// such cells away, so once the covers are all chosen, a search that finds
// none can stop.
func (f *frankenSearch) removes() bool {
	s := f.s
	for x := f.covers; x != 0; x &= x - 1 {
		for _, c := range s.t.UnitCells[f.coverHouse[bits.TrailingZeros64(x)]] {
			if s.value[c] != 0 || s.cand[c]&f.bit == 0 || f.cellBases[c]&f.baseSet != 0 {
				continue
			}
			seesAll := true
			for _, fin := range f.fins {
				seesAll = seesAll && s.sees(c, fin)
			}
			if seesAll {
				return true
			}
		}
	}
	return false
}

// finTarget reports whether a cell that sees every fin, outside the
// chosen bases, holds the digit in a chosen cover or in one that may yet
// be chosen: the fish can remove something only then.
func (f *frankenSearch) finTarget() bool {
	s := f.s
	for _, c := range s.t.Peers[f.fins[0]] {
		c := int(c)
		if s.value[c] != 0 || s.cand[c]&f.bit == 0 || f.cellBases[c]&f.baseSet != 0 || slices.Contains(f.fins, c) {
			continue
		}
		seesAll := true
		for _, fin := range f.fins[1:] {
			seesAll = seesAll && s.sees(c, fin)
		}
		if !seesAll {
			continue
		}
		if f.cellCovers[c]&f.covers != 0 {
			return true
		}
		if f.nCovers < f.k {
			for x := f.cellCovers[c] &^ f.forbidden; x != 0; x &= x - 1 {
				if f.coverClash[bits.TrailingZeros64(x)]&f.covers == 0 {
					return true
				}
			}
		}
	}
	return false
}

// finFits reports whether cell c shares a house with every fin.
func (f *frankenSearch) finFits(c int) bool {
	return len(f.fins) == 0 || f.finHouse(c) >= 0
}

// finHouse returns a house holding c and every fin, a box if one does,
// or -1.
func (f *frankenSearch) finHouse(c int) int {
	found := -1
	for _, h := range f.s.t.CellHouses[c] {
		all := true
		for _, x := range f.fins {
			if !slices.Contains(f.s.t.CellHouses[x], h) {
				all = false
				break
			}
		}
		if all && (found < 0 || f.s.g.UnitKind(h) == boxKind) {
			found = h
		}
	}
	return found
}

// check builds the step of the chosen bases and covers if they make a
// Franken fish (a box among them, fins when finned, a place in the
// covers in every base) that removes something.
func (f *frankenSearch) check() bool {
	s := f.s
	if len(f.fins) > 0 != f.finned || !f.removes() {
		return false
	}
	bases := make([]int, f.k)
	box := false
	for i, j := range f.bases {
		bases[i] = f.baseHouse[j]
		box = box || s.g.UnitKind(bases[i]) == boxKind
	}
	var covers []int
	for x := f.covers; x != 0; x &= x - 1 {
		h := f.coverHouse[bits.TrailingZeros64(x)]
		covers = append(covers, h)
		box = box || s.g.UnitKind(h) == boxKind
	}
	if !box {
		return false
	}
	var pattern []int
	var covered uint64 // the bases with a place in the covers
	for _, p := range f.places {
		if !slices.Contains(f.fins, p.cell) {
			pattern = append(pattern, p.cell)
			covered |= 1 << uint(p.base)
		}
	}
	for i := range f.k {
		if covered&(1<<uint(i)) == 0 {
			return false // a base all fins: a smaller fish
		}
	}
	for _, h := range bases {
		for _, c := range s.t.UnitCells[h] {
			f.inBase[c] = true
		}
	}
	slices.Sort(covers)
	rem := fishRemovals(s, f.e, covers, f.fins, func(c int) bool { return f.inBase[c] })
	for _, h := range bases {
		for _, c := range s.t.UnitCells[h] {
			f.inBase[c] = false
		}
	}
	if len(rem) == 0 {
		return false
	}
	slices.Sort(bases)
	slices.Sort(pattern)
	fins := slices.Sorted(slices.Values(f.fins))
	w := s.words()
	houses := slices.Concat(bases, covers)
	slots := []string{"digit", w.digit(f.e + 1), "bases", w.units(bases), "covers", w.units(covers), "n", subsetSizes[f.k]}
	if f.finned {
		finHouse := f.finHouse(fins[0])
		houses = append(houses, finHouse)
		fin := "fin"
		if len(fins) > 1 {
			fin = "fins"
		}
		slots = append(slots, "fish", withArticle("Franken "+fishNames[f.k]), "fin", fin, "fins", w.cells(fins), "finhouse", w.unit(finHouse))
	}
	f.st = Step{
		Rule:   f.rule,
		Area:   w.units(bases),
		Houses: houses,
		Cells:  append(pattern, fins...),
		Digits: []int{f.e + 1},
		Remove: rem,
		Text:   stepText(f.rule, append(slots, "removals", w.removals(rem))...),
	}
	return true
}

// fishRemovals returns the removals of a fish on digit index e: the
// places of the digit in the cover houses outside the bases (inBase),
// in cells that see every fin. Covers sharing no cell, no removal comes
// twice.
func fishRemovals(s *State, e int, covers, fins []int, inBase func(c int) bool) []Removal {
	bit := uint64(1) << uint(e)
	var rem []Removal
	for _, h := range covers {
		for _, c := range s.t.UnitCells[h] {
			if s.value[c] != 0 || s.cand[c]&bit == 0 || inBase(c) {
				continue
			}
			seesAll := true
			for _, f := range fins {
				if !s.sees(c, f) {
					seesAll = false
					break
				}
			}
			if seesAll {
				rem = append(rem, Removal{Cell: c, Digits: []int{e + 1}})
			}
		}
	}
	return rem
}
