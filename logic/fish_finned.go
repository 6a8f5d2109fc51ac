package logic

import (
	"math/bits"
	"slices"
)

// fishNames names the plain fish of each size, for the texts of finned
// fish.
var fishNames = [...]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

// findFinnedFish finds, for a digit, k base houses of one family whose
// places for it lie in k cover houses of another family but for a few
// extra places, the fins, that lie in one house. If no fin holds the
// digit, the plain fish stands and the covers get their digit in the
// bases; if a fin does, every cell seeing all the fins loses it. Either
// way a cover cell outside the bases that sees every fin loses the digit.
// The fish is sashimi when a base house has one place left in the covers
// (without its fin it would be no fish of that size).
//
// For each house that may hold the fins, the places outside it must lie
// in at most k covers: the same pruned search as the plain fish's.
func findFinnedFish(s *State, k int) (Step, bool) {
	rule := [...]Technique{2: FinnedXWing, 3: FinnedSwordfish, 4: FinnedJellyfish}[k]
	var bases []int
	var out, in []uint64 // per base: covers of its places outside and inside the fin house
	var bare []bool      // per base: a place in the fin house in no cover
	var idx [4]int
	var chosenBuf [4]int // the bases of a choice, which finnedFishStep does not keep
	var st Step
	// The fins in a box first, as players look for them, then in any
	// other house.
	boxFirst := true
	maxShared := 1 // the most cells two houses share
	for _, o := range tablesOf(s.g).overlaps {
		maxShared = max(maxShared, len(o.shared))
	}
	inF := make([]bool, len(s.cand)) // the cells of the fin house
	var all []int                    // the open base houses
	var places []int32               // the digit's places in them, house after house
	var ends []int                   // per house of all, where its places end
	finder := func(base, cover *family, e int) bool {
		bit := uint64(1) << uint(e)
		// A base has at most k places outside the fin house, which
		// shares at most maxShared cells with it.
		all, places, ends = all[:0], places[:0], ends[:0]
		for _, h := range base.houses {
			if n := int(s.count[h*s.n+e]); s.placed[h]&bit == 0 && n > 0 && n <= k+maxShared {
				all = append(all, h)
				for _, c := range s.t.UnitCells[h] {
					if s.cand[c]&bit != 0 {
						places = append(places, int32(c))
					}
				}
				ends = append(ends, len(places))
			}
		}
		if len(all) < k {
			return false
		}
		for _, f := range s.t.Houses {
			if s.placed[f]&bit != 0 || s.count[f*s.n+e] == 0 || (s.g.UnitKind(f) == boxKind) != boxFirst {
				continue
			}
			if i := base.at[s.t.UnitCells[f][0]]; i >= 0 && base.houses[i] == f {
				continue // the bases, disjoint, have no place in one of them
			}
			for _, c := range s.t.UnitCells[f] {
				inF[c] = true
			}
			bases, out, in, bare = bases[:0], out[:0], in[:0], bare[:0]
			finned := false // some base has a place in f
			for j, h := range all {
				if h == f {
					continue
				}
				var o, i uint64
				b, usable := false, true // b: a place in f in no cover
				from := 0
				if j > 0 {
					from = ends[j-1]
				}
				for _, c := range places[from:ends[j]] {
					switch ci := cover.at[c]; {
					case inF[c]:
						finned = true
						if ci >= 0 {
							i |= 1 << uint(ci)
						} else {
							b = true
						}
					case ci >= 0:
						o |= 1 << uint(ci)
					default:
						usable = false // a place in no cover nor in f
					}
				}
				if usable && o|i != 0 && bits.OnesCount64(o) <= k {
					bases, out, in, bare = append(bases, h), append(out, o), append(in, i), append(bare, b)
				}
			}
			for _, c := range s.t.UnitCells[f] {
				inF[c] = false
			}
			if !finned || len(bases) < k {
				continue
			}
			var rec func(start, depth int, must, may uint64, loose bool) bool
			rec = func(start, depth int, must, may uint64, loose bool) bool {
				if depth == k {
					// The covers are must and need of the rest; the places
					// in f outside them are the fins, so a choice of all
					// the rest leaves fins only where a place in f has no
					// cover.
					rest := may &^ must
					need := k - bits.OnesCount64(must)
					if need == bits.OnesCount64(rest) && !loose {
						return false
					}
					return choose(rest, need, func(sub uint64) bool {
						chosen := chosenBuf[:k]
						for i, j := range idx[:k] {
							chosen[i] = bases[j]
						}
						var ok bool
						st, ok = finnedFishStep(s, rule, k, base, cover, e, chosen, must|sub, f)
						return ok
					})
				}
				for i := start; i <= len(bases)-(k-depth); i++ {
					if m := must | out[i]; bits.OnesCount64(m) <= k {
						idx[depth] = i
						if rec(i+1, depth+1, m, may|in[i], loose || bare[i]) {
							return true
						}
					}
				}
				return false
			}
			if rec(0, 0, 0, 0, false) {
				return true
			}
		}
		return false
	}
	for _, boxFirst = range []bool{true, false} {
		if forFishFamilies(s, finder) {
			return st, true
		}
	}
	return Step{}, false
}

// choose calls fn with every subset of k bits of set, until fn returns
// true; it reports whether fn did.
func choose(set uint64, k int, fn func(sub uint64) bool) bool {
	switch {
	case k < 0:
		return false
	case k == 0:
		return fn(0)
	}
	for rest := set; bits.OnesCount64(rest) >= k; {
		low := rest & -rest
		rest &^= low
		if choose(rest, k-1, func(sub uint64) bool { return fn(sub | low) }) {
			return true
		}
	}
	return false
}

// finnedFishStep returns the step of the finned fish of digit index e
// on the chosen base houses (of family base) and the covers of family
// cover whose indices are in covers, with its fins in house f, if it has
// fins and some cell loses the digit.
func finnedFishStep(s *State, rule Technique, k int, base, cover *family, e int, chosen []int, covers uint64, f int) (Step, bool) {
	bit := uint64(1) << uint(e)
	// Most choices make no step: their cells stay on the stack.
	var patternBuf, finBuf [64]int
	var coverBuf [4]int
	pattern, fins := patternBuf[:0], finBuf[:0]
	sashimi := false
	for _, h := range chosen {
		n := 0
		for _, c := range s.t.UnitCells[h] {
			if s.cand[c]&bit == 0 {
				continue
			}
			if i := cover.at[c]; i >= 0 && covers&(1<<uint(i)) != 0 {
				pattern = append(pattern, c)
				n++
			} else {
				fins = append(fins, c)
			}
		}
		if n == 0 {
			return Step{}, false // a base house all fins: no fish
		}
		sashimi = sashimi || n == 1
	}
	if len(fins) == 0 {
		return Step{}, false // a plain fish
	}
	finHouse := f
	coverHouses := coverBuf[:0]
	for w := covers; w != 0; w &= w - 1 {
		coverHouses = append(coverHouses, cover.houses[bits.TrailingZeros64(w)])
	}
	rem := fishRemovals(s, e, coverHouses, fins, func(c int) bool {
		i := base.at[c]
		return i >= 0 && slices.Contains(chosen, base.houses[i])
	})
	if len(rem) == 0 {
		return Step{}, false
	}
	slices.Sort(pattern)
	slices.Sort(fins)
	w := s.words()
	fin, sashimiText := "fin", ""
	if sashimi {
		sashimiText = " (sashimi)"
	}
	if len(fins) > 1 {
		fin = "fins"
	}
	return Step{
		Rule:   rule,
		Area:   w.units(chosen),
		Houses: slices.Concat(chosen, coverHouses, []int{finHouse}),
		Cells:  slices.Concat(pattern, fins),
		Digits: []int{e + 1},
		Remove: rem,
		Text: stepText(rule, "sashimi", sashimiText, "fish", withArticle(fishNames[k]), "digit", w.digit(e+1),
			"bases", w.units(chosen), "covers", w.units(coverHouses), "fin", fin, "fins", w.cells(fins),
			"finhouse", w.unit(finHouse), "removals", w.removals(rem)),
	}, true
}
