package logic

import (
	"math/bits"
	"slices"

	"github.com/cubedoku/cubedoku/sudoku"
)

// sees reports whether cells a and b share a unit (and so differ).
func (s *State) sees(a, b int) bool { return s.t.Sees(a, b) }

// seenByAll returns the open cells other than those of cells that see
// every cell of cells and hold a candidate of mask, as removals of mask.
func (s *State) seenByAll(mask uint64, cells ...int) []Removal {
	var out []Removal
	for _, p := range s.t.Peers[cells[0]] {
		p := int(p)
		if s.value[p] != 0 || s.cand[p]&mask == 0 || slices.Contains(cells, p) {
			continue
		}
		all := true
		for _, c := range cells[1:] {
			if !s.sees(p, c) {
				all = false
				break
			}
		}
		if all {
			out = append(out, Removal{Cell: p, Digits: digitList(s.cand[p] & mask)})
		}
	}
	return out
}

func (s *State) open(c int, size int) bool {
	return s.value[c] == 0 && bits.OnesCount64(s.cand[c]) == size
}

func findXYWing(s *State) (Step, bool) {
	for p := range s.cand {
		if !s.open(p, 2) {
			continue
		}
		pm := s.cand[p]
		for _, a := range s.t.Peers[p] {
			a := int(a)
			am := s.cand[a]
			if !s.open(a, 2) || bits.OnesCount64(am&pm) != 1 {
				continue
			}
			z := am &^ pm
			want := (pm &^ am) | z // {y, z}
			for _, b := range s.t.Peers[p] {
				b := int(b)
				if b == a || !s.open(b, 2) || s.cand[b] != want {
					continue
				}
				rem := s.seenByAll(z, a, b)
				if len(rem) == 0 {
					continue
				}
				return Step{
					Rule:   XYWing,
					Area:   s.g.CellName(p),
					Cells:  []int{p, a, b},
					Digits: digitList(pm | z),
					Remove: rem,
					Text:   s.wingText(XYWing, p, a, b, z, rem),
				}, true
			}
		}
	}
	return Step{}, false
}

func findXYZWing(s *State) (Step, bool) {
	for p := range s.cand {
		if !s.open(p, 3) {
			continue
		}
		pm := s.cand[p]
		for _, a := range s.t.Peers[p] {
			a := int(a)
			am := s.cand[a]
			if !s.open(a, 2) || am&^pm != 0 {
				continue
			}
			for _, b := range s.t.Peers[p] {
				b := int(b)
				bm := s.cand[b]
				if b <= a || !s.open(b, 2) || bm&^pm != 0 || bm == am {
					continue
				}
				z := am & bm
				rem := s.seenByAll(z, p, a, b)
				if len(rem) == 0 {
					continue
				}
				return Step{
					Rule:   XYZWing,
					Area:   s.g.CellName(p),
					Cells:  []int{p, a, b},
					Digits: digitList(pm),
					Remove: rem,
					Text:   s.wingText(XYZWing, p, a, b, z, rem),
				}, true
			}
		}
	}
	return Step{}, false
}

// wingText is the text of an XY-Wing or XYZ-Wing with pivot p seeing
// wings a and b, which removes z.
func (s *State) wingText(t Technique, p, a, b int, z uint64, rem []Removal) string {
	w := s.words()
	return stepText(t, "pivot", w.cell(p), "pivot either", w.either(s.cand[p]),
		"a", w.cell(a), "a either", w.either(s.cand[a]), "b", w.cell(b), "b either", w.either(s.cand[b]),
		"z", w.digits(z), "removals", w.removals(rem))
}

// strongLinks returns, for digit index e, the houses where it has exactly
// two places, with those places.
func (s *State) strongLinks(e int) [][3]int {
	var out [][3]int
	bit := uint64(1) << uint(e)
	for _, h := range s.t.Houses {
		if s.placed[h]&bit != 0 || s.count[h*s.n+e] != 2 {
			continue
		}
		link := [3]int{h, -1, -1}
		for _, c := range s.t.UnitCells[h] {
			if s.cand[c]&bit != 0 {
				if link[1] < 0 {
					link[1] = c
				} else {
					link[2] = c
				}
			}
		}
		out = append(out, link)
	}
	return out
}

func findWWing(s *State) (Step, bool) {
	var links [64][][3]int
	var got uint64
	for a := range s.cand {
		if !s.open(a, 2) {
			continue
		}
		m := s.cand[a]
		for b := a + 1; b < len(s.cand); b++ {
			if s.cand[b] != m || s.value[b] != 0 || s.sees(a, b) {
				continue
			}
			for pair := m; pair != 0; pair &= pair - 1 {
				e := bits.TrailingZeros64(pair)
				if got&(1<<uint(e)) == 0 {
					links[e], got = s.strongLinks(e), got|1<<uint(e)
				}
				y := m &^ (1 << uint(e))
				for _, l := range links[e] {
					c1, c2 := l[1], l[2]
					if c1 == a || c1 == b || c2 == a || c2 == b {
						continue
					}
					if !(s.sees(c1, a) && s.sees(c2, b)) {
						c1, c2 = c2, c1
						if !(s.sees(c1, a) && s.sees(c2, b)) {
							continue
						}
					}
					rem := s.seenByAll(y, a, b)
					if len(rem) == 0 {
						continue
					}
					w := s.words()
					return Step{
						Rule:   WWing,
						Area:   w.cells([]int{a, b}),
						Houses: []int{l[0]},
						Cells:  []int{a, b, c1, c2},
						Digits: digitList(m),
						Remove: rem,
						Text: stepText(WWing, "a", w.cell(a), "b", w.cell(b), "either", w.either(m),
							"x", w.digit(e+1), "y", w.digits(y), "house", w.unit(l[0]), "c1", w.cell(c1), "c2", w.cell(c2),
							"removals", w.removals(rem)),
					}, true
				}
			}
		}
	}
	return Step{}, false
}

// findTurbot finds two strong links on one digit, in houses of the same
// kind (sameKind: skyscraper) or of two kinds (2-string kite), boxes left
// out, with one end of each seeing the other: one far end holds the
// digit, so cells seeing both far ends lose it.
func findTurbot(s *State, sameKind bool) (Step, bool) {
	if sameKind {
		return findLinkPair(s, Skyscraper, func(k1, k2 sudoku.UnitKind) bool {
			return k1 != boxKind && k2 != boxKind && k1 == k2
		})
	}
	return findLinkPair(s, TwoStringKite, func(k1, k2 sudoku.UnitKind) bool {
		return k1 != boxKind && k2 != boxKind && k1 != k2
	})
}

// findLinkPair finds two strong links on one digit, in houses whose kinds
// shape accepts, with one end of each seeing the other (a weak link): one
// far end holds the digit, so cells seeing both far ends lose it. The
// step's chain is far1 = near1 - near2 = far2.
func findLinkPair(s *State, rule Technique, shape func(k1, k2 sudoku.UnitKind) bool) (Step, bool) {
	for e := range s.n {
		links := s.strongLinks(e)
		for i, l1 := range links {
			k1 := s.g.UnitKind(l1[0])
			for _, l2 := range links[i+1:] {
				if !shape(k1, s.g.UnitKind(l2[0])) {
					continue
				}
				if l1[1] == l2[1] || l1[1] == l2[2] || l1[2] == l2[1] || l1[2] == l2[2] {
					continue
				}
				for _, o := range [4][2]int{{1, 1}, {1, 2}, {2, 1}, {2, 2}} {
					near1, near2 := l1[o[0]], l2[o[1]]
					if !s.sees(near1, near2) {
						continue
					}
					far1, far2 := l1[3-o[0]], l2[3-o[1]]
					bit := uint64(1) << uint(e)
					rem := s.seenByAll(bit, far1, far2)
					if len(rem) == 0 {
						continue
					}
					w := s.words()
					return Step{
						Rule:   rule,
						Area:   w.units([]int{l1[0], l2[0]}),
						Houses: []int{l1[0], l2[0]},
						Cells:  []int{far1, near1, near2, far2},
						Digits: []int{e + 1},
						Remove: rem,
						Chains: [][]Link{cellChain(e+1, far1, near1, near2, far2)},
						Text: stepText(rule, "digit", w.digit(e+1), "house1", w.unit(l1[0]), "house2", w.unit(l2[0]),
							"near1", w.cell(near1), "far1", w.cell(far1), "near2", w.cell(near2), "far2", w.cell(far2),
							"removals", w.removals(rem)),
					}, true
				}
			}
		}
	}
	return Step{}, false
}

// cellChain returns the chain through cells on digit d whose links
// alternate strong and weak, the first strong.
func cellChain(d int, cells ...int) []Link { return altChain(d, true, cells...) }

// altChain returns the chain through cells on digit d whose links
// alternate strong and weak, the first strong when strong is true.
func altChain(d int, strong bool, cells ...int) []Link {
	out := make([]Link, 0, len(cells)-1)
	for i := 1; i < len(cells); i++ {
		out = append(out, Link{
			From:   Node{Cells: []int{cells[i-1]}, Digit: d},
			To:     Node{Cells: []int{cells[i]}, Digit: d},
			Strong: (i%2 == 1) == strong,
		})
	}
	return out
}
