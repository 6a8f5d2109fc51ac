package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// sees reports whether cells a and b share a unit (and so differ).
func (s *State) sees(a, b int) bool {
	_, ok := slices.BinarySearch(s.t.Peers[a], uint16(b))
	return ok
}

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
				g := s.g
				return Step{
					Rule:   XYWing,
					Area:   g.CellName(p),
					Cells:  []int{p, a, b},
					Digits: digitList(pm | z),
					Remove: rem,
					Text: fmt.Sprintf("XY-Wing: %s holds %s and sees %s (%s) and %s (%s), so one of those two is %s: %s.",
						g.CellName(p), orWords(pm), g.CellName(a), orWords(am), g.CellName(b), orWords(want),
						digitWords(z), removalWords(g, rem)),
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
				g := s.g
				return Step{
					Rule:   XYZWing,
					Area:   g.CellName(p),
					Cells:  []int{p, a, b},
					Digits: digitList(pm),
					Remove: rem,
					Text: fmt.Sprintf("XYZ-Wing: %s holds %s and sees %s (%s) and %s (%s), so one of the three is %s: %s.",
						g.CellName(p), orWords(pm), g.CellName(a), orWords(am), g.CellName(b), orWords(bm),
						digitWords(z), removalWords(g, rem)),
				}, true
			}
		}
	}
	return Step{}, false
}

// orWords says the candidates of mask as alternatives: "3 or 5",
// "1, 2 or 3".
func orWords(mask uint64) string {
	ds := digitList(mask)
	if len(ds) < 2 {
		return digitWords(mask)
	}
	last := ds[len(ds)-1]
	words := strings.Split(digitWords(mask&^Bit(last)), " and ")
	return strings.Join(words, ", ") + " or " + strconv.Itoa(last)
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
					g := s.g
					return Step{
						Rule:   WWing,
						Area:   g.CellName(a) + " and " + g.CellName(b),
						Houses: []int{l[0]},
						Cells:  []int{a, b, c1, c2},
						Digits: digitList(m),
						Remove: rem,
						Text: fmt.Sprintf("W-Wing: %s and %s both hold %s, and %d in %s is in %s (seeing %s) or %s (seeing %s), so one of them is %s: %s.",
							g.CellName(a), g.CellName(b), orWords(m), e+1, g.UnitName(l[0]),
							g.CellName(c1), g.CellName(a), g.CellName(c2), g.CellName(b), digitWords(y), removalWords(g, rem)),
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
	rule := TwoStringKite
	if sameKind {
		rule = Skyscraper
	}
	for e := range s.n {
		links := s.strongLinks(e)
		for i, l1 := range links {
			k1 := s.g.UnitKind(l1[0])
			if k1 == boxKind {
				continue
			}
			for _, l2 := range links[i+1:] {
				k2 := s.g.UnitKind(l2[0])
				if k2 == boxKind || (k1 == k2) != sameKind {
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
					g := s.g
					return Step{
						Rule:   rule,
						Area:   g.UnitName(l1[0]) + " and " + g.UnitName(l2[0]),
						Houses: []int{l1[0], l2[0]},
						Cells:  []int{far1, near1, near2, far2},
						Digits: []int{e + 1},
						Remove: rem,
						Text: fmt.Sprintf("%s on %d: %d in %s is in %s or %s, in %s in %s or %s, and %s sees %s, so %s or %s is %d: %s.",
							rule.Name(), e+1, e+1, g.UnitName(l1[0]), g.CellName(near1), g.CellName(far1),
							g.UnitName(l2[0]), g.CellName(near2), g.CellName(far2), g.CellName(near1), g.CellName(near2),
							g.CellName(far1), g.CellName(far2), e+1, removalWords(g, rem)),
					}, true
				}
			}
		}
	}
	return Step{}, false
}
