package logic

import (
	"math/bits"
	"slices"
)

// gathered collects the candidates a step removes, per cell, as masks.
type gathered map[int]uint64

// add records digit index e removed from every cell of set.
func (g gathered) add(set cellSet, e int) {
	for c := range set.members {
		g[c] |= 1 << uint(e)
	}
}

// removals returns what g holds, cell by cell in increasing order.
func (g gathered) removals() []Removal {
	cells := make([]int, 0, len(g))
	for c := range g {
		cells = append(cells, c)
	}
	slices.Sort(cells)
	out := make([]Removal, len(cells))
	for i, c := range cells {
		out[i] = Removal{Cell: c, Digits: digitList(g[c])}
	}
	return out
}

// seenByBoth gathers digit index e from the cells holding it that see
// every e of sets i and j; buf is scratch of a cell set's length.
func (t *alsTable) seenByBoth(g gathered, buf cellSet, i, j, e int) {
	if and(buf, t.seeing(i, e), t.seeing(j, e)) && and(buf, buf, t.cand[e*t.w:(e+1)*t.w]) {
		g.add(buf, e)
	}
}

// alsWords says set i: its cells and, when it has more than one, its
// house ("r1c2 and r1c5 in row 1"), and its digits as alternatives.
func (t *alsTable) alsWords(w words, i int) (string, string) {
	a := &t.list[i]
	name := w.cells(a.cells)
	if len(a.cells) > 1 {
		name += " in " + w.unit(a.house)
	}
	return name, w.either(a.digits)
}

// alsHouses returns the houses of sets, each once, in order.
func (t *alsTable) alsHouses(sets ...int) ([]int, []int) {
	var houses, cells []int
	for _, i := range sets {
		if h := t.list[i].house; !slices.Contains(houses, h) {
			houses = append(houses, h)
		}
		cells = append(cells, t.list[i].cells...)
	}
	return houses, cells
}

// findALSXZ finds two disjoint almost locked sets A and B with a
// restricted common digit x. Singly linked, one of them lacks x and is
// locked, so a digit z of both is in A or B: cells seeing every z of
// both lose it. Doubly linked (two such digits), each set holds one of
// them and is locked on its other digits, which leave every cell seeing
// all their places in it, and each restricted digit is in A or B.
func findALSXZ(s *State) (Step, bool) {
	t := s.almostLocked()
	buf := make(cellSet, t.w)
	for i, links := range t.links() {
		for _, l := range links {
			j, rcc := int(l.to), l.rcc
			common := t.list[i].digits & t.list[j].digits
			if j < i || (rcc&(rcc-1) == 0 && common == rcc) {
				continue
			}
			g := gathered{}
			doubly := rcc&(rcc-1) != 0
			if doubly {
				for m := rcc; m != 0; m &= m - 1 {
					t.seenByBoth(g, buf, i, j, bits.TrailingZeros64(m))
				}
				for _, k := range [2]int{i, j} {
					for m := t.list[k].digits &^ rcc; m != 0; m &= m - 1 {
						e := bits.TrailingZeros64(m)
						if and(buf, t.seeing(k, e), t.cand[e*t.w:(e+1)*t.w]) {
							g.add(buf, e)
						}
					}
				}
			} else {
				for m := common &^ rcc; m != 0; m &= m - 1 {
					t.seenByBoth(g, buf, i, j, bits.TrailingZeros64(m))
				}
			}
			if len(g) == 0 {
				continue
			}
			rem := g.removals()
			var gone uint64
			for _, r := range rem {
				gone |= maskOf(r.Digits)
			}
			w := s.words()
			a, aEither := t.alsWords(w, i)
			b, bEither := t.alsWords(w, j)
			link := fill(alsSingly, "x", w.digits(rcc), "z", w.digits(gone))
			if doubly {
				link = fill(alsDoubly, "x", w.digits(rcc))
			}
			houses, cells := t.alsHouses(i, j)
			return Step{
				Rule:   ALSXZ,
				Area:   w.units(houses),
				Houses: houses,
				Cells:  cells,
				Digits: digitList(rcc | gone&common),
				Remove: rem,
				Text: stepText(ALSXZ, "a", a, "a either", aEither, "b", b, "b either", bEither,
					"link", link, "removals", w.removals(rem)),
			}, true
		}
	}
	return Step{}, false
}

// alsLink is a restricted common digit joining two sets of a table.
type alsLink struct {
	to  int32  // the other set
	rcc uint64 // the restricted common digits
}

// links returns, for every set of t, the disjoint sets it shares a
// restricted common digit with, made on first use.
func (t *alsTable) links() [][]alsLink {
	t.once.Do(func() { t.joined = t.makeLinks() })
	return t.joined
}

func (t *alsTable) makeLinks() [][]alsLink {
	// A set joined to set i on digit e has all its e in the cells seeing
	// every e of i: look sets up by their first cell holding e.
	cells := len(t.peers) / t.w
	first := make([][]int32, t.n*cells)
	for e, list := range t.byDig[:t.n] {
		for _, i := range list {
			c := t.holding(int(i), e).first()
			first[e*cells+c] = append(first[e*cells+c], i)
		}
	}
	out := make([][]alsLink, len(t.list))
	rcc := make([]uint64, len(t.list))
	var touched []int32
	buf := make(cellSet, t.w)
	for i := range t.list {
		touched = touched[:0]
		for m := t.list[i].digits; m != 0; m &= m - 1 {
			e := bits.TrailingZeros64(m)
			if !and(buf, t.seeing(i, e), t.cand[e*t.w:(e+1)*t.w]) {
				continue
			}
			for c := range buf.members {
				for _, j := range first[e*cells+c] {
					if subset(t.holding(int(j), e), t.seeing(i, e)) {
						if rcc[j] == 0 {
							touched = append(touched, j)
						}
						rcc[j] |= 1 << uint(e)
					}
				}
			}
		}
		slices.Sort(touched)
		for _, j := range touched {
			if t.disjoint(i, int(j)) {
				out[i] = append(out[i], alsLink{j, rcc[j]})
			}
			rcc[j] = 0
		}
	}
	return out
}

// findALSXYWing finds three disjoint almost locked sets A, B and C, with
// a restricted common digit x between A and C and another, y, between B
// and C. C holds x or y (it lacks at most one digit), so A lacks x or B
// lacks y, and that set is locked on its other digits: a digit z of A and
// B other than x and y is in one of them, and cells seeing every z of
// both lose it.
func findALSXYWing(s *State) (Step, bool) {
	t := s.almostLocked()
	links := t.links()
	buf := make(cellSet, t.w)
	for c := range t.list {
		for p, la := range links[c] {
			for _, lb := range links[c][p+1:] {
				a, b := int(la.to), int(lb.to)
				common := t.list[a].digits & t.list[b].digits
				if common == 0 || !t.disjoint(a, b) {
					continue
				}
				for xs := la.rcc; xs != 0; xs &= xs - 1 {
					x := xs & -xs
					for ys := lb.rcc &^ x; ys != 0; ys &= ys - 1 {
						y := ys & -ys
						g := gathered{}
						for m := common &^ (x | y); m != 0; m &= m - 1 {
							t.seenByBoth(g, buf, a, b, bits.TrailingZeros64(m))
						}
						if len(g) == 0 {
							continue
						}
						rem := g.removals()
						var z uint64
						for _, r := range rem {
							z |= maskOf(r.Digits)
						}
						w := s.words()
						an, aEither := t.alsWords(w, a)
						bn, bEither := t.alsWords(w, b)
						cn, cEither := t.alsWords(w, c)
						houses, cells := t.alsHouses(a, b, c)
						return Step{
							Rule:   ALSXYWing,
							Area:   w.units(houses),
							Houses: houses,
							Cells:  cells,
							Digits: digitList(x | y | z),
							Remove: rem,
							Text: stepText(ALSXYWing, "a", an, "a either", aEither, "b", bn, "b either", bEither,
								"c", cn, "c either", cEither, "x", w.digits(x), "y", w.digits(y), "z", w.digits(z),
								"removals", w.removals(rem)),
						}, true
					}
				}
			}
		}
	}
	return Step{}, false
}

// findDeathBlossom finds a stem cell and, for each of its candidates d,
// a petal: an almost locked set without the stem whose every d sees the
// stem. Whatever the stem holds, the petal of that digit lacks it and is
// locked on its other digits; so a digit z (not the stem's) of every
// petal is in one of them, and cells seeing every z of the petals lose
// it.
func findDeathBlossom(s *State) (Step, bool) {
	t := s.almostLocked()
	w := t.w
	// Per candidate of the stem, in order: the sets that may be its petal,
	// and those of them holding z. Their arrays serve every stem.
	var byCand, petals [][]int32
	var chosen []int32   // a petal per candidate
	var scratch []uint64 // per level of pick, the cells seeing every z so far
	for stem := range s.cand {
		if s.value[stem] != 0 {
			continue
		}
		sm := s.cand[stem]
		k := bits.OnesCount64(sm)
		if k < 2 {
			continue
		}
		peers := t.peers[stem*w : (stem+1)*w]
		// The sets that may be the petal of each candidate of the stem.
		byCand = slices.Grow(byCand[:0], k)[:k]
		var common uint64 = s.all &^ sm
		for j, m := 0, sm; m != 0; j, m = j+1, m&(m-1) {
			d := bits.TrailingZeros64(m)
			list := byCand[j][:0]
			var union uint64
			for _, i := range t.byDig[d] {
				if own := t.cellsOf(int(i)); own[stem>>6]&(1<<(stem&63)) != 0 || !subset(t.holding(int(i), d), peers) {
					continue
				}
				list = append(list, i)
				union |= t.list[i].digits
			}
			byCand[j] = list
			common &= union
		}
		for ; common != 0; common &= common - 1 {
			z := bits.TrailingZeros64(common)
			petals = slices.Grow(petals[:0], k)[:k]
			found := 0
			for j, list := range byCand {
				with := petals[j][:0]
				for _, i := range list {
					if t.list[i].digits&(1<<uint(z)) != 0 {
						with = append(with, i)
					}
				}
				petals[j] = with
				if len(with) == 0 {
					break
				}
				found++
			}
			if found < k {
				continue
			}
			// Choose a petal per candidate, keeping the cells holding z
			// that see every z of the petals chosen so far.
			chosen = resize(chosen, k)
			scratch = resize(scratch, (k+1)*w)
			copy(scratch[:w], t.cand[z*w:(z+1)*w])
			var pick func(level int) bool
			pick = func(level int) bool {
				if level == k {
					return true
				}
				prev, next := scratch[level*w:(level+1)*w], scratch[(level+1)*w:(level+2)*w]
			petal:
				for _, i := range petals[level] {
					for _, o := range chosen[:level] {
						if !t.disjoint(int(i), int(o)) {
							continue petal
						}
					}
					// Cells seeing every z of the petal: its own cells
					// holding z are not among them.
					if !and(next, prev, t.seeing(int(i), z)) {
						continue
					}
					chosen[level] = i
					if pick(level + 1) {
						return true
					}
				}
				return false
			}
			if !pick(0) {
				continue
			}
			g := gathered{}
			g.add(cellSet(scratch[k*w:(k+1)*w]), z)
			rem := g.removals()
			wd := s.words()
			parts := make([]string, k)
			houses := []int{}
			cells := []int{stem}
			for p, m := 0, sm; m != 0; p, m = p+1, m&(m-1) {
				d := bits.TrailingZeros64(m)
				i := int(chosen[p])
				name, either := t.alsWords(wd, i)
				parts[p] = fill(blossomPetal, "digit", wd.digit(d+1), "petal", name, "either", either)
				if h := t.list[i].house; !slices.Contains(houses, h) {
					houses = append(houses, h)
				}
				cells = append(cells, t.list[i].cells...)
			}
			return Step{
				Rule:   DeathBlossom,
				Area:   wd.cell(stem),
				Houses: houses,
				Cells:  cells,
				Digits: digitList(sm | 1<<uint(z)),
				Remove: rem,
				Text: stepText(DeathBlossom, "stem", wd.cell(stem), "either", wd.either(sm),
					"petals", joinWords(parts, "and"), "z", wd.digit(z+1), "removals", wd.removals(rem)),
			}, true
		}
	}
	return Step{}, false
}

// sdcPart is a set of open cells of one house, with their candidates.
type sdcPart struct {
	cells  []int
	digits uint64
}

// sdcParts appends to out the sets of one to max of cells, each with its
// candidates, in the order of a depth-first walk (each set followed by
// those that extend it), their cells appended to flat one set after the
// other. Which of them take part depends on the digits of the crossing:
// see sdcFits.
func (s *State) sdcParts(cells []int, max int, out []sdcPart, flat []int) ([]sdcPart, []int) {
	var buf [8]int
	stack := buf[:0]
	var walk func(from int, union uint64)
	walk = func(from int, union uint64) {
		for i := from; i < len(cells); i++ {
			u := union | s.cand[cells[i]]
			stack = append(stack, cells[i])
			flat = append(flat, stack...)
			out = append(out, sdcPart{flat[len(flat)-len(stack) : len(flat) : len(flat)], u})
			if len(stack) < max {
				walk(i+1, u)
			}
			stack = stack[:len(stack)-1]
		}
	}
	walk(0, 0)
	return out, flat
}

// sdcFits reports whether part p may take part beside a crossing of
// digits core: it holds a digit of core and fewer other digits than
// cells (with as many or more, it adds nothing to the pattern).
func sdcFits(p sdcPart, core uint64) bool {
	return p.digits&core != 0 && bits.OnesCount64(p.digits&^core) < len(p.cells)
}

// findSueDeCoq finds, where two houses A and B cross, open cells C of
// the crossing with at least two digits more than cells, and cells LA of
// A and LB of B outside the crossing, whose candidates share no digit,
// such that C, LA and LB hold as many digits in all as they are cells.
// Each of those digits is then in them once: a digit of LA is in C or
// LA, all in A; one of LB in C or LB, all in B; any other in C. So A
// loses the digits not of LB outside C and LA, and B those not of LA
// outside C and LB. On a 9x9 board these are a line and a box; any two
// houses sharing two or more cells take part. LA and LB have up to four
// cells each, two on boards of more than nine digits, where the cells
// outside a crossing are too many to try larger sets at every step.
func findSueDeCoq(s *State) (Step, bool) {
	maxPart := 4
	if s.n > 9 {
		maxPart = 2
	}
	var parts []sdcPart // the parts of the crossing's two houses
	var flat []int      // their cells
	for _, ov := range tablesOf(s.g).overlaps {
		a, b := ov.from, ov.to
		if a > b {
			continue
		}
		var inI []int
		for _, c := range ov.shared {
			if s.value[c] == 0 {
				inI = append(inI, c)
			}
		}
		if len(inI) < 2 || len(inI) > maxCrossing {
			continue
		}
		rest := func(h int) []int {
			var out []int
			for _, c := range s.t.UnitCells[h] {
				if s.value[c] == 0 && !slices.Contains(ov.shared, c) {
					out = append(out, c)
				}
			}
			return out
		}
		var partsA, partsB []sdcPart // made at the first core that needs them
		parts, flat = parts[:0], flat[:0]
		for _, core := range s.crossingSets(inI) {
			k := len(core.cells)
			if bits.OnesCount64(core.digits) < k+2 {
				continue
			}
			if partsA == nil {
				parts, flat = s.sdcParts(rest(a), maxPart, parts, flat)
				n := len(parts)
				parts, flat = s.sdcParts(rest(b), maxPart, parts, flat)
				partsA, partsB = parts[:n], parts[n:]
			}
			for _, la := range partsA {
				if !sdcFits(la, core.digits) {
					continue
				}
				for _, lb := range partsB {
					if la.digits&lb.digits != 0 || !sdcFits(lb, core.digits) {
						continue
					}
					all := core.digits | la.digits | lb.digits
					if bits.OnesCount64(all) != k+len(la.cells)+len(lb.cells) {
						continue
					}
					pattern := append(append(slices.Clone(core.cells), la.cells...), lb.cells...)
					fromA, fromB := all&^lb.digits, all&^la.digits
					skip := func(c int) bool { return slices.Contains(pattern, c) }
					rem := s.removals(s.t.UnitCells[a], fromA, skip)
					remB := s.removals(s.t.UnitCells[b], fromB, skip)
					rem = mergeRemovals(rem, remB)
					if len(rem) == 0 {
						continue
					}
					w := s.words()
					return Step{
						Rule:   SueDeCoq,
						Area:   w.units([]int{a, b}),
						Houses: []int{a, b},
						Cells:  pattern,
						Digits: digitList(all),
						Remove: rem,
						Text: stepText(SueDeCoq, "a", w.unit(a), "b", w.unit(b), "cells", w.cells(core.cells), "either", w.either(core.digits),
							"la", w.cells(la.cells), "la either", w.either(la.digits), "lb", w.cells(lb.cells), "lb either", w.either(lb.digits),
							"a digits", w.digits(fromA), "b digits", w.digits(fromB), "removals", w.removals(rem)),
					}, true
				}
			}
		}
	}
	return Step{}, false
}

// maxCrossing caps the open cells of a crossing whose subsets Sue de Coq
// tries: a line and a box of the largest boards cross in 8 cells.
const maxCrossing = 10

// crossingSets returns the sets of two or more of cells (the open cells
// where two houses cross), with their candidates.
func (s *State) crossingSets(cells []int) []sdcPart {
	var out []sdcPart
	for m := 1; m < 1<<len(cells); m++ {
		if m&(m-1) == 0 {
			continue
		}
		var p sdcPart
		for i, c := range cells {
			if m&(1<<i) != 0 {
				p.cells = append(p.cells, c)
				p.digits |= s.cand[c]
			}
		}
		out = append(out, p)
	}
	return out
}

// mergeRemovals joins two lists of removals, a cell in both taking the
// digits of both, in increasing order of cells.
func mergeRemovals(x, y []Removal) []Removal {
	g := gathered{}
	for _, r := range append(x, y...) {
		g[r.Cell] |= maskOf(r.Digits)
	}
	return g.removals()
}
