package grade

import (
	"math"
	"math/bits"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// The ratings Sudoku Explainer gives the variants of the built-in rules
// it tells apart, beyond the techniques' own ([logic.Technique.Rating]).
const (
	fullHouse       = 1.0 // the last open cell of a house
	hiddenInBox     = 1.2 // a hidden single in a box
	hiddenInLine    = 1.5 // a hidden single in any other house
	directPointing  = 1.7 // pointing that leaves a hidden single
	directClaiming  = 1.9 // claiming that leaves a hidden single
	directHidden2   = 2.0 // a hidden pair that leaves a hidden single
	directHidden3   = 2.5 // a hidden triple that leaves a hidden single
	claimingRating  = 2.8 // locked candidates from a line into a box
	maxEnumerations = 64  // bound on the steps of one rule looked at in one state
)

// LengthBonus returns what Sudoku Explainer adds to the base rating of a
// chain step for its length: nothing up to length 4, then 0.1 for each
// threshold the length passes, the thresholds growing alternately by
// half and by a third (4, 6, 8, 12, 16, 24, 32, 48, ...). This is the
// length rule SE 1.2.1 applies to its chains, cycles and forcing chains
// (ChainingHint.getLengthDifficulty in its public source). The length is
// SE's: the chain's nodes, counting the target of a discontinuous chain
// on both sides of it, less two; for a chain of n links whose ends both
// see the eliminated candidate that is n+1. Lengths of 4 or less get 0.
func LengthBonus(length int) float64 {
	bonus := 0.0
	for limit, grow := 4, 0; length > limit; grow++ {
		bonus += 0.1
		if grow%2 == 0 {
			limit = limit * 3 / 2
		} else {
			limit = limit * 4 / 3
		}
	}
	return bonus
}

// chainLength is the length of a chain step for [LengthBonus], counted
// as SE counts it: the facts each chain holds (a chain of n links has
// n+1), added up over the chains. A forcing chain counts, as SE does,
// the premise and the fact proved in every branch, so it gets two less;
// a nested one adds the facts of the chains inside it ([logic.Step.Inner]).
// It is 0 for a step with no chain.
func chainLength(st logic.Step) int {
	n := 0
	for _, ch := range st.Chains {
		n += chainFacts(st.Rule, ch)
	}
	if n == 0 {
		return 0
	}
	for _, ch := range st.Inner {
		n += chainFacts(logic.DynamicForcingChain, ch)
	}
	if forcing(st.Rule) {
		n = max(1, n-2)
	}
	return n
}

// chainFacts counts the facts of one chain of a step of rule t. The
// branch of a forcing chain is a tree of implications, whose facts are
// its links' ends told apart (a fact may have several parents); any
// other chain is a path, one fact more than its links.
func chainFacts(t logic.Technique, ch []logic.Link) int {
	if len(ch) == 0 {
		return 0
	}
	if !forcing(t) {
		return len(ch) + 1
	}
	// A link's end is a fact: its node, true after a strong link and
	// false after a weak one. Branches start from one premise, which
	// is no link's end.
	type fact struct {
		cell, digit int
		on          bool
	}
	seen := make(map[fact]bool, len(ch))
	for _, l := range ch {
		cell := -1 // a step made elsewhere may name no cell
		if len(l.To.Cells) > 0 {
			cell = l.To.Cells[0]
		}
		seen[fact{cell, l.To.Digit, l.Strong}] = true
	}
	return len(seen) + 1
}

// forcing reports whether t is a forcing chain technique, one of
// [logic.ForcingChains].
func forcing(t logic.Technique) bool { return forcingChains[t] }

var forcingChains = func() map[logic.Technique]bool {
	m := map[logic.Technique]bool{}
	for _, r := range logic.ForcingChains() {
		m[r.(logic.Technique)] = true
	}
	return m
}()

// StepRating returns the rating of step st, found in state s, on Sudoku
// Explainer's scale: its technique's rating ([logic.Technique.Rating]),
// or the rating SE gives the variant the step is, plus SE's length bonus
// ([LengthBonus]) for a step with chains. The variants are:
//
//	1.0 a single in the last open cell of a house (full house)
//	1.2 a hidden single in a box, 1.5 in any other house
//	1.7 pointing, 1.9 claiming, 2.0 a hidden pair and 2.5 a hidden
//	    triple whose removals leave a digit one place in a house (SE's
//	    direct variants, which place that digit)
//	2.8 locked candidates from a house other than a box (claiming)
//	5.9 to 6.2 a BUG type 3 with a naked set of three to six digits
//	    (5.8 with a pair, its technique's rating)
//
// s is the state before the step, and is not changed. A step of a
// caller's own rule, or of a last resort other than a guess, rates 0.
func StepRating(s *logic.State, st logic.Step) float64 {
	if s == nil || s.Geometry() == nil {
		return st.Rule.Rating()
	}
	g := s.Geometry()
	switch st.Rule {
	case logic.NakedSingle, logic.HiddenSingle:
		if len(st.Place) == 1 && lastOpen(s, st.Place[0].Cell) {
			return fullHouse
		}
		if st.Rule == logic.HiddenSingle && len(st.Houses) > 0 && g.UnitKind(st.Houses[0]) != sudoku.Box {
			return hiddenInLine
		}
		if st.Rule == logic.HiddenSingle {
			return hiddenInBox
		}
	case logic.LockedCandidates:
		if len(st.Houses) == 0 {
			break
		}
		pointing := g.UnitKind(st.Houses[0]) == sudoku.Box
		_, direct := Direct(s, st)
		switch {
		case pointing && direct:
			return directPointing
		case direct:
			return directClaiming
		case pointing:
			return st.Rule.Rating()
		}
		return claimingRating
	case logic.HiddenPair, logic.HiddenTriple:
		if _, ok := Direct(s, st); !ok {
			break
		}
		if st.Rule == logic.HiddenPair {
			return directHidden2
		}
		return directHidden3
	}
	r := st.Rule.Rating()
	if st.Rule == logic.BUG3 && len(st.Digits) > 2 {
		// SE's BUG type 3 gains 0.1 a digit of its naked set beyond two.
		r = math.Round((r+0.1*float64(len(st.Digits)-2))*10) / 10
	}
	if n := chainLength(st); n > 0 {
		r = math.Round((r+LengthBonus(n))*10) / 10
	}
	return r
}

// lastOpen reports whether cell c is the only open cell of one of its
// houses.
func lastOpen(s *logic.State, c int) bool {
	g := s.Geometry()
	for _, u := range g.CellUnits(c) {
		if !g.IsHouse(u) {
			continue
		}
		open := 0
		for j := range g.UnitSize(u) {
			if s.Value(g.UnitCell(u, j)) == 0 {
				open++
			}
		}
		if open == 1 {
			return true
		}
	}
	return false
}

// Direct returns the digit that step st, found in state s, leaves in one
// place of a house, when st is what Sudoku Explainer calls a direct step:
// locked candidates whose removals leave a hidden single in another house
// of the first house's kind (another box for pointing, another line for
// claiming), or a hidden pair or triple whose removals leave one in its
// own house. SE's direct step places that digit; the walk of [Puzzle]
// makes the removals, and the hidden single is its next step. s is not
// changed.
func Direct(s *logic.State, st logic.Step) (logic.Placement, bool) {
	if s == nil || s.Geometry() == nil || len(st.Houses) == 0 || len(st.Remove) == 0 {
		return logic.Placement{}, false
	}
	g, first := s.Geometry(), st.Houses[0]
	var in func(u int) bool
	switch st.Rule {
	case logic.LockedCandidates:
		in = func(u int) bool { return u != first && g.UnitKind(u) == g.UnitKind(first) }
	case logic.HiddenPair, logic.HiddenTriple:
		in = func(u int) bool { return u == first }
	default:
		return logic.Placement{}, false
	}
	after := s.Clone()
	if after.Apply(st) != nil {
		return logic.Placement{}, false
	}
	for _, r := range st.Remove {
		for _, u := range g.CellUnits(r.Cell) {
			if !g.IsHouse(u) || !in(u) {
				continue
			}
			for _, d := range r.Digits {
				if after.Places(u, d) != 1 || s.Places(u, d) < 2 {
					continue
				}
				for j := range g.UnitSize(u) {
					if c := g.UnitCell(u, j); after.Value(c) == 0 && after.Candidates(c)&(1<<(d-1)) != 0 {
						return logic.Placement{Cell: c, Digit: d}, true
					}
				}
			}
		}
	}
	return logic.Placement{}, false
}

// single finds the first hidden single of SE's order: a digit's last
// place in a house, in a house with one open cell when alone is true,
// otherwise in the houses of kind box (inBox) or of the other kinds.
func single(s *logic.State, alone, inBox bool) (logic.Step, bool) {
	g := s.Geometry()
	for _, u := range g.Houses() {
		if !alone && (g.UnitKind(u) == sudoku.Box) != inBox {
			continue
		}
		open, last := 0, -1
		for j := range g.UnitSize(u) {
			if c := g.UnitCell(u, j); s.Value(c) == 0 {
				open, last = open+1, c
			}
		}
		if alone {
			if open != 1 {
				continue
			}
			if m := s.Candidates(last); m != 0 && m&(m-1) == 0 {
				return placeStep(u, last, digitOf(m)), true
			}
			continue
		}
		for d := 1; d <= g.Digits(); d++ {
			if s.Places(u, d) != 1 {
				continue
			}
			for j := range g.UnitSize(u) {
				if c := g.UnitCell(u, j); s.Value(c) == 0 && s.Candidates(c)&(1<<(d-1)) != 0 {
					return placeStep(u, c, d), true
				}
			}
		}
	}
	return logic.Step{}, false
}

// placeStep is the hidden single of digit d in cell c of house u.
func placeStep(u, c, d int) logic.Step {
	return logic.Step{Rule: logic.HiddenSingle, Houses: []int{u}, Cells: []int{c}, Digits: []int{d},
		Place: []logic.Placement{{Cell: c, Digit: d}}}
}

// digitOf returns the digit of a one-candidate mask.
func digitOf(m uint64) int {
	d := 1
	for m > 1 {
		m >>= 1
		d++
	}
	return d
}

// variants returns the steps rule t finds in s one after the other: the
// first, then the first in s with that one applied, and so on, keeping
// those whose pattern holds in s itself (see holds). Rules return only
// their first step; this lists the others for the walk to choose the
// easiest.
func variants(s *logic.State, t logic.Technique) []logic.Step {
	var out []logic.Step
	work := s.Clone()
	for range maxEnumerations {
		st, ok := t.Find(work)
		if !ok {
			break
		}
		if holds(s, st) {
			out = append(out, st)
		}
		if work.Apply(st) != nil {
			break
		}
	}
	return out
}

// holds reports whether the pattern of a locked-candidates or hidden-set
// step, found in a state with fewer candidates than s, holds in s too:
// each of its digits has all its places in its first house among its
// cells. Its removals are then sound in s.
func holds(s *logic.State, st logic.Step) bool {
	if len(st.Houses) == 0 {
		return false
	}
	g, u := s.Geometry(), st.Houses[0]
	for _, d := range st.Digits {
		bit := uint64(1) << (d - 1)
		for j := range g.UnitSize(u) {
			c := g.UnitCell(u, j)
			if s.Value(c) != 0 || s.Candidates(c)&bit == 0 {
				continue
			}
			in := false
			for _, k := range st.Cells {
				in = in || k == c
			}
			if !in {
				return false
			}
		}
	}
	return true
}

// crossing is a box and a house of another kind with two or more cells
// in common: the cells of each outside the other, and the shared ones.
type crossing struct {
	box, line                 int
	boxOnly, lineOnly, shared []int
}

// crossings returns the crossings of g's houses, boxes in order.
func crossings(g *sudoku.Geometry) []crossing {
	var out []crossing
	for _, box := range g.Houses() {
		if g.UnitKind(box) != sudoku.Box {
			continue
		}
		for _, line := range g.Houses() {
			if g.UnitKind(line) == sudoku.Box {
				continue
			}
			x := crossing{box: box, line: line}
			for j := range g.UnitSize(box) {
				if c := g.UnitCell(box, j); inHouse(g, line, c) {
					x.shared = append(x.shared, c)
				} else {
					x.boxOnly = append(x.boxOnly, c)
				}
			}
			if len(x.shared) < 2 {
				continue
			}
			for j := range g.UnitSize(line) {
				if c := g.UnitCell(line, j); !inHouse(g, box, c) {
					x.lineOnly = append(x.lineOnly, c)
				}
			}
			out = append(out, x)
		}
	}
	return out
}

// otherHouses reports whether g has houses other than rows, columns and
// boxes (diagonals, extra regions), where locked candidates take other
// pairs of houses than a box and a line: lockedSteps does not list
// those.
func otherHouses(g *sudoku.Geometry) bool {
	for _, u := range g.Houses() {
		if k := g.UnitKind(u); k != sudoku.Box && k != sudoku.Row && k != sudoku.Column {
			return true
		}
	}
	return false
}

// inHouse reports whether cell c is in house u.
func inHouse(g *sudoku.Geometry, u, c int) bool {
	for _, v := range g.CellUnits(c) {
		if v == u {
			return true
		}
	}
	return false
}

// lockedSteps returns every locked-candidates step of the crossings xs in
// s, in SE's order: pointing (from the box) first, then claiming. Listing
// them with [variants] alone would miss a pattern whose removals an
// earlier one listed makes, such as a pointing that removes what a
// claiming found first does, and SE rates the two apart.
func lockedSteps(s *logic.State, xs []crossing) []logic.Step {
	var pointing, claiming []logic.Step
	for _, x := range xs {
		in, boxOut, lineOut := candidatesOf(s, x.shared), candidatesOf(s, x.boxOnly), candidatesOf(s, x.lineOnly)
		for m := in &^ boxOut & lineOut; m != 0; m &= m - 1 {
			pointing = append(pointing, lockedStep(s, x.box, x.line, x.shared, x.lineOnly, bits.TrailingZeros64(m)+1))
		}
		for m := in &^ lineOut & boxOut; m != 0; m &= m - 1 {
			claiming = append(claiming, lockedStep(s, x.line, x.box, x.shared, x.boxOnly, bits.TrailingZeros64(m)+1))
		}
	}
	return append(pointing, claiming...)
}

// candidatesOf returns the union of the candidates of the open cells.
func candidatesOf(s *logic.State, cells []int) uint64 {
	var m uint64
	for _, c := range cells {
		if s.Value(c) == 0 {
			m |= s.Candidates(c)
		}
	}
	return m
}

// lockedStep is the step of digit d locked in the shared cells of houses
// from and to, removed from the cells of to outside from (rest). Its
// cells are d's places among the shared ones; one place alone is a hidden
// single, which the walk takes before, and not told apart here.
func lockedStep(s *logic.State, from, to int, shared, rest []int, d int) logic.Step {
	bit := uint64(1) << (d - 1)
	st := logic.Step{Rule: logic.LockedCandidates, Houses: []int{from, to}, Digits: []int{d}}
	for _, c := range shared {
		if s.Value(c) == 0 && s.Candidates(c)&bit != 0 {
			st.Cells = append(st.Cells, c)
		}
	}
	for _, c := range rest {
		if s.Value(c) == 0 && s.Candidates(c)&bit != 0 {
			st.Remove = append(st.Remove, logic.Removal{Cell: c, Digits: []int{d}})
		}
	}
	return st
}

// hiddenSteps returns every hidden set of k digits in s: k digits whose
// places in a house are k cells that hold other candidates, which leave
// them. Listing them with [variants] would miss a set whose removals an
// earlier one makes (a pair in a box behind the same pair in a row), and
// SE rates the set whose removals leave a hidden single in its house
// apart. Boxes come first, as SE looks at them.
func hiddenSteps(s *logic.State, k int) []logic.Step {
	g := s.Geometry()
	var out []logic.Step
	for pass := range 2 {
		for _, u := range g.Houses() {
			if (g.UnitKind(u) == sudoku.Box) != (pass == 0) {
				continue
			}
			out = append(out, hiddenIn(s, u, k)...)
		}
	}
	return out
}

// hiddenIn returns the hidden sets of k digits in house u.
func hiddenIn(s *logic.State, u, k int) []logic.Step {
	g := s.Geometry()
	var pos [64]uint64 // the places of each digit, by index in u
	var digits []int   // the digits with 2..k places
	var all uint64
	for j := range g.UnitSize(u) {
		c := g.UnitCell(u, j)
		if s.Value(c) != 0 {
			continue
		}
		all |= s.Candidates(c)
		for m := s.Candidates(c); m != 0; m &= m - 1 {
			pos[bits.TrailingZeros64(m)] |= 1 << j
		}
	}
	for m := all; m != 0; m &= m - 1 {
		e := bits.TrailingZeros64(m)
		if n := bits.OnesCount64(pos[e]); n >= 2 && n <= k {
			digits = append(digits, e+1)
		}
	}
	var out []logic.Step
	var pick func(from int, chosen []int, places uint64)
	pick = func(from int, chosen []int, places uint64) {
		if bits.OnesCount64(places) > k {
			return
		}
		if len(chosen) == k {
			if st, ok := hiddenStep(s, u, chosen, places); ok {
				out = append(out, st)
			}
			return
		}
		for i := from; i < len(digits); i++ {
			pick(i+1, append(chosen, digits[i]), places|pos[digits[i]-1])
		}
	}
	pick(0, nil, 0)
	return out
}

// hiddenStep is the hidden set of digits ds in the cells of house u
// whose indices are set in places, when those cells hold other
// candidates.
func hiddenStep(s *logic.State, u int, ds []int, places uint64) (logic.Step, bool) {
	g := s.Geometry()
	var set uint64
	for _, d := range ds {
		set |= 1 << (d - 1)
	}
	st := logic.Step{Rule: logic.HiddenPair, Houses: []int{u}, Digits: append([]int(nil), ds...)}
	if len(ds) == 3 {
		st.Rule = logic.HiddenTriple
	}
	for m := places; m != 0; m &= m - 1 {
		c := g.UnitCell(u, bits.TrailingZeros64(m))
		st.Cells = append(st.Cells, c)
		if other := s.Candidates(c) &^ set; other != 0 {
			var rem []int
			for ; other != 0; other &= other - 1 {
				rem = append(rem, bits.TrailingZeros64(other)+1)
			}
			st.Remove = append(st.Remove, logic.Removal{Cell: c, Digits: rem})
		}
	}
	return st, len(st.Remove) > 0
}

// source is one place the walk looks for steps: a rule, or a stage of
// singles, with the least rating its steps can have (floor).
type source struct {
	floor float64
	steps func(s *logic.State) []logic.Step
	// final is set for the forcing chains: once one of them finds a step,
	// the harder ones are not asked, as SE asks its chaining families in
	// order and takes the first that finds one.
	final bool
}

// sources returns where the walk looks for steps, in SE's order: the
// singles by house (full houses, boxes, other houses), then every rule of
// the ladder, the ones SE has direct variants of listed at those
// variants' ratings. Each looks at most at the first step of its rule,
// except locked candidates and hidden pairs and triples, whose steps are
// all listed (see variants) since their ratings differ.
func sources(rules logic.Rules) []source {
	one := func(t logic.Technique) func(s *logic.State) []logic.Step {
		return func(s *logic.State) []logic.Step {
			if st, ok := t.Find(s); ok {
				return []logic.Step{st}
			}
			return nil
		}
	}
	singles := func(alone, inBox bool) func(s *logic.State) []logic.Step {
		return func(s *logic.State) []logic.Step {
			if st, ok := single(s, alone, inBox); ok {
				return []logic.Step{st}
			}
			return nil
		}
	}
	out := []source{
		{floor: fullHouse, steps: singles(true, false)},
		{floor: hiddenInBox, steps: singles(false, true)},
		{floor: hiddenInLine, steps: singles(false, false)},
	}
	for _, r := range rules {
		t, ok := r.(logic.Technique)
		if !ok {
			continue
		}
		switch t {
		case logic.HiddenSingle:
		case logic.LockedCandidates:
			var xs []crossing
			var xg *sudoku.Geometry
			out = append(out, source{floor: directPointing, steps: func(s *logic.State) []logic.Step {
				if g := s.Geometry(); g != xg {
					xs, xg = crossings(g), g
				}
				steps := lockedSteps(s, xs)
				if otherHouses(xg) {
					steps = append(steps, variants(s, t)...)
				}
				return steps
			}})
		case logic.HiddenPair:
			out = append(out, source{floor: directHidden2, steps: func(s *logic.State) []logic.Step { return hiddenSteps(s, 2) }})
		case logic.HiddenTriple:
			out = append(out, source{floor: directHidden3, steps: func(s *logic.State) []logic.Step { return hiddenSteps(s, 3) }})
		default:
			out = append(out, source{floor: t.Rating(), steps: one(t), final: forcing(t)})
		}
	}
	// Insertion sort by floor; ties keep the ladder's order.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].floor < out[j-1].floor; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// easiest returns the easiest step of the sources in s and its rating:
// it asks them in order of their floors, until the next floor is no
// lower than the best rating found (SE's path of always-easiest steps).
// Among steps of equal rating the first found wins.
func easiest(s *logic.State, srcs []source) (logic.Step, float64, bool) {
	var best logic.Step
	bestRating, found := math.Inf(1), false
	for _, src := range srcs {
		if src.floor >= bestRating {
			break
		}
		steps := src.steps(s)
		for _, st := range steps {
			if r := StepRating(s, st); r < bestRating {
				best, bestRating, found = st, r, true
			}
		}
		if src.final && len(steps) > 0 {
			break
		}
	}
	return best, bestRating, found
}
