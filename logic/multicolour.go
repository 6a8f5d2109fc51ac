package logic

import "slices"

// findMultiColouring finds two clusters of strong links on a digit, each
// coloured in two (see [MultiColouring]), with a cell of one seeing a cell
// of the other: the two colours of those cells are not both true.
func findMultiColouring(s *State) (Step, bool) {
	colour := make([]int8, len(s.cand))
	for e := range s.n {
		clusters := s.colourClusters(e, colour)
		for i, a := range clusters {
			for _, b := range clusters[i+1:] {
				if st, ok := multiStep(s, e, a, b, colour); ok {
					return st, true
				}
				if st, ok := multiStep(s, e, b, a, colour); ok {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// multiStep returns a multi-colouring step of clusters a and b on digit
// index e: a colour of a seeing both colours of b is false (wrap), or,
// where a colour of a sees a colour of b, a cell seeing both opposite
// colours loses the digit (trap).
func multiStep(s *State, e int, a, b []int, colour []int8) (Step, bool) {
	bit := uint64(1) << uint(e)
	w, d := s.words(), e+1
	var sa, sb [3][]int
	for _, c := range a {
		sa[colour[c]] = append(sa[colour[c]], c)
	}
	for _, c := range b {
		sb[colour[c]] = append(sb[colour[c]], c)
	}
	// seeing returns a cell of xs and one of ys that see each other.
	seeing := func(xs, ys []int) (int, int, bool) {
		for _, x := range xs {
			for _, y := range ys {
				if s.sees(x, y) {
					return x, y, true
				}
			}
		}
		return -1, -1, false
	}
	step := func(rem []Removal, chain []Link, reason string) Step {
		cells := append(slices.Clone(a), b...)
		slices.Sort(cells)
		return Step{
			Rule:   MultiColouring,
			Area:   w.cell(a[0]),
			Cells:  cells,
			Digits: []int{d},
			Remove: rem,
			Chains: [][]Link{chain},
			Text: stepText(MultiColouring, "digit", w.digit(d), "a1", w.cells(sa[1]), "a2", w.cells(sa[2]),
				"b1", w.cells(sb[1]), "b2", w.cells(sb[2]), "reason", reason, "removals", w.removals(rem)),
		}
	}
	// Wrap: one colour of a sees both colours of b.
	for x := 1; x <= 2; x++ {
		a1, b1, ok1 := seeing(sa[x], sb[1])
		a2, b2, ok2 := seeing(sa[x], sb[2])
		if !ok1 || !ok2 {
			continue
		}
		rem := s.removals(sa[x], bit, nil)
		cells := append([]int{a1}, s.clusterPath(e, a, b1, b2)...)
		cells = append(cells, s.clusterPath(e, a, a2, a1)...)
		reason := fill(multiWrap, "a", w.cell(a1), "b", w.cell(b1), "c", w.cell(a2), "d", w.cell(b2))
		if a1 == a2 {
			reason = fill(multiWrapOne, "a", w.cell(a1), "b", w.cell(b1), "d", w.cell(b2))
		}
		return step(rem, altChain(d, false, cells...), reason), true
	}
	// Trap: a colour of a sees a colour of b, so one of the opposite
	// colours holds the digit.
	for x := 1; x <= 2; x++ {
		for y := 1; y <= 2; y++ {
			p, q, ok := seeing(sa[x], sb[y])
			if !ok {
				continue
			}
			var rem []Removal
			trap, pa, pb := -1, -1, -1
			for c, m := range s.cand {
				if s.value[c] != 0 || m&bit == 0 || slices.Contains(a, c) || slices.Contains(b, c) {
					continue
				}
				ca, _, okA := seeing(sa[3-x], []int{c})
				cb, _, okB := seeing(sb[3-y], []int{c})
				if !okA || !okB {
					continue
				}
				if trap < 0 {
					trap, pa, pb = c, ca, cb
				}
				rem = append(rem, Removal{Cell: c, Digits: []int{d}})
			}
			if len(rem) == 0 {
				continue
			}
			others := ""
			if len(rem) > 1 {
				others = " (and likewise the others)"
			}
			cells := s.clusterPath(e, a, pa, p)
			cells = append(cells, s.clusterPath(e, b, q, pb)...)
			reason := fill(multiTrap, "a", w.cell(p), "b", w.cell(q), "cell", w.cell(trap), "pa", w.cell(pa), "pb", w.cell(pb), "others", others)
			return step(rem, cellChain(d, cells...), reason), true
		}
	}
	return Step{}, false
}

// clusterPath returns the cells of a shortest path from cell from to cell
// to through the strong links on digit index e between cells of cluster,
// both ends included.
func (s *State) clusterPath(e int, cluster []int, from, to int) []int {
	prev := map[int]int{from: from}
	queue := []int{from}
	for len(queue) > 0 && queue[0] != to {
		x := queue[0]
		queue = queue[1:]
		for _, h := range s.t.CellHouses[x] {
			if s.count[h*s.n+e] != 2 {
				continue
			}
			for _, y := range s.t.UnitCells[h] {
				if _, seen := prev[y]; !seen && slices.Contains(cluster, y) {
					prev[y] = x
					queue = append(queue, y)
				}
			}
		}
	}
	path := []int{to}
	for c := to; c != from; {
		p, ok := prev[c]
		if !ok {
			return []int{from, to} // unreachable: the cluster is connected
		}
		c = p
		path = append(path, c)
	}
	slices.Reverse(path)
	return path
}
