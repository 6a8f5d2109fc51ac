package logic

import "slices"

// findColouring colours the chains of strong links on each digit in two:
// along a chain the digit alternates, so exactly one colour holds it.
// A colour with two cells that see each other is false (colour wrap); a
// cell seeing both colours cannot hold the digit (colour trap).
func findColouring(s *State) (Step, bool) {
	colour := make([]int8, len(s.cand)) // 0 none, 1 or 2
	for e := range s.n {
		for _, chain := range s.colourClusters(e, colour) {
			if len(chain) < 3 {
				continue
			}
			if st, found := colourStep(s, e, chain, colour); found {
				return st, true
			}
		}
	}
	return Step{}, false
}

// colourClusters colours the chains of strong links on digit index e in
// two (colour, one entry per cell, is cleared first) and returns them,
// each its cells in increasing order, in the order of their first cells.
// A chain whose colouring breaks (the state has no completion) is left
// out.
func (s *State) colourClusters(e int, colour []int8) [][]int {
	links := s.strongLinks(e)
	if len(links) == 0 {
		return nil
	}
	adj := map[int][]int{}
	for _, l := range links {
		adj[l[1]] = append(adj[l[1]], l[2])
		adj[l[2]] = append(adj[l[2]], l[1])
	}
	clear(colour)
	starts := make([]int, 0, len(adj))
	for c := range adj {
		starts = append(starts, c)
	}
	slices.Sort(starts)
	var out [][]int
	for _, start := range starts {
		if colour[start] != 0 {
			continue
		}
		if chain, ok := colourChain(adj, colour, start); ok {
			out = append(out, chain)
		}
	}
	return out
}

// colourChain colours the component of start (breadth first) and returns
// its cells in increasing order; ok is false when two linked cells get the
// same colour (the state has no completion).
func colourChain(adj map[int][]int, colour []int8, start int) (chain []int, ok bool) {
	ok = true
	colour[start] = 1
	queue := []int{start}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		chain = append(chain, c)
		for _, p := range adj[c] {
			switch colour[p] {
			case 0:
				colour[p] = 3 - colour[c]
				queue = append(queue, p)
			case colour[c]:
				ok = false
			}
		}
	}
	slices.Sort(chain)
	return chain, ok
}

func colourStep(s *State, e int, chain []int, colour []int8) (Step, bool) {
	w, bit := s.words(), uint64(1)<<uint(e)
	var sides [3][]int
	for _, c := range chain {
		sides[colour[c]] = append(sides[colour[c]], c)
	}
	step := func(rem []Removal, reason string) Step {
		return Step{
			Rule:   SimpleColouring,
			Area:   w.cell(chain[0]),
			Cells:  chain,
			Digits: []int{e + 1},
			Remove: rem,
			Text: stepText(SimpleColouring, "digit", w.digit(e+1), "side1", w.cells(sides[1]), "side2", w.cells(sides[2]),
				"reason", reason, "removals", w.removals(rem)),
		}
	}
	// Colour wrap: two cells of one colour see each other.
	for k := 1; k <= 2; k++ {
		side := sides[k]
		for i, a := range side {
			for _, b := range side[i+1:] {
				if s.sees(a, b) {
					rem := s.removals(side, bit, nil)
					return step(rem, fill(colourWrap, "a", w.cell(a), "b", w.cell(b))), true
				}
			}
		}
	}
	// Colour trap: an uncoloured cell sees both colours.
	var rem []Removal
	trap := -1
	var seen [3]int
	for c, m := range s.cand {
		if _, in := slices.BinarySearch(chain, c); s.value[c] != 0 || m&bit == 0 || in {
			continue
		}
		var saw [3]int
		saw[1], saw[2] = -1, -1
		for _, p := range s.t.Peers[c] {
			p := int(p)
			if k := colour[p]; k != 0 && saw[k] < 0 && slices.Contains(chain, p) {
				saw[k] = p
			}
		}
		if saw[1] >= 0 && saw[2] >= 0 {
			if trap < 0 {
				trap, seen = c, saw
			}
			rem = append(rem, Removal{Cell: c, Digits: []int{e + 1}})
		}
	}
	if len(rem) == 0 {
		return Step{}, false
	}
	others := ""
	if len(rem) > 1 {
		others = " (and likewise the others)"
	}
	return step(rem, fill(colourTrap, "cell", w.cell(trap), "a", w.cell(seen[1]), "b", w.cell(seen[2]), "others", others)), true
}
