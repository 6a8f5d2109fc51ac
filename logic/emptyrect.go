package logic

import "slices"

// findEmptyRectangle finds an empty rectangle (see [EmptyRectangle]): a
// box whose places for a digit lie in two houses r and c of other kinds,
// some in each outside the other, and a strong link p = q in a third
// house of no box kind with p in r outside the box. The digit leaves the
// cells of c outside the box that see q.
func findEmptyRectangle(s *State) (Step, bool) {
	var places, lines []int
	for e := range s.n {
		bit := uint64(1) << uint(e)
		var links [][3]int
		linksDone := false
		for _, b := range s.t.Houses {
			if s.g.UnitKind(b) != boxKind || s.placed[b]&bit != 0 || s.count[b*s.n+e] < 3 {
				continue
			}
			places = places[:0]
			for _, x := range s.t.UnitCells[b] {
				if s.cand[x]&bit != 0 {
					places = append(places, x)
				}
			}
			// One of the two houses holds the first place; the other,
			// the first place outside that one.
			lines = lines[:0]
			for _, l := range s.t.CellHouses[places[0]] {
				if s.g.UnitKind(l) == boxKind {
					continue
				}
				for _, y := range places {
					if !slices.Contains(s.t.CellHouses[y], l) {
						for _, m := range s.t.CellHouses[y] {
							if s.g.UnitKind(m) != boxKind {
								lines = append(lines, l, m, m, l)
							}
						}
						break
					}
				}
			}
			for i := 0; i < len(lines); i += 2 {
				r, c := lines[i], lines[i+1]
				if r == c || !erCross(s, b, places, r, c) {
					continue
				}
				if !linksDone {
					links, linksDone = s.strongLinks(e), true
				}
				if st, ok := erStep(s, e, b, r, c, places, links); ok {
					return st, true
				}
			}
		}
	}
	return Step{}, false
}

// erCross reports whether houses r and c cross in box b and places, the
// box's places for a digit, all lie in r or c, with some in r outside c
// and some in c outside r.
func erCross(s *State, b int, places []int, r, c int) bool {
	cross := false
	for _, x := range s.t.UnitCells[b] {
		hs := s.t.CellHouses[x]
		cross = cross || slices.Contains(hs, r) && slices.Contains(hs, c)
	}
	if !cross {
		return false
	}
	inR, inC := false, false
	for _, x := range places {
		xr, xc := slices.Contains(s.t.CellHouses[x], r), slices.Contains(s.t.CellHouses[x], c)
		switch {
		case !xr && !xc:
			return false
		case xr && !xc:
			inR = true
		case xc && !xr:
			inC = true
		}
	}
	return inR && inC
}

// erStep returns the step of the empty rectangle of digit index e in box
// b, its places in houses r and c, with a strong link of links (no box)
// whose end p lies in r outside the box: the cells of c outside the box
// that see the other end q lose the digit.
func erStep(s *State, e, b, r, c int, places []int, links [][3]int) (Step, bool) {
	bit := uint64(1) << uint(e)
	for _, l := range links {
		if s.g.UnitKind(l[0]) == boxKind || l[0] == r || l[0] == c {
			continue
		}
		for _, o := range [2][2]int{{1, 2}, {2, 1}} {
			p, q := l[o[0]], l[o[1]]
			if slices.Contains(s.t.CellHouses[p], b) || !slices.Contains(s.t.CellHouses[p], r) {
				continue
			}
			var rem []Removal
			for _, z := range s.t.UnitCells[c] {
				if z == q || z == p || s.value[z] != 0 || s.cand[z]&bit == 0 || slices.Contains(s.t.CellHouses[z], b) || !s.sees(z, q) {
					continue
				}
				rem = append(rem, Removal{Cell: z, Digits: []int{e + 1}})
			}
			if len(rem) == 0 {
				continue
			}
			var inR, inC []int // the box's places in r, and the rest (in c)
			for _, x := range places {
				if slices.Contains(s.t.CellHouses[x], r) {
					inR = append(inR, x)
				} else {
					inC = append(inC, x)
				}
			}
			w := s.words()
			d := e + 1
			return Step{
				Rule:   EmptyRectangle,
				Area:   w.unit(b),
				Houses: []int{b, r, c, l[0]},
				Cells:  append(slices.Clone(places), p, q),
				Digits: []int{d},
				Remove: rem,
				Chains: [][]Link{{
					{From: Node{Cells: []int{q}, Digit: d}, To: Node{Cells: []int{p}, Digit: d}, Strong: true},
					{From: Node{Cells: []int{p}, Digit: d}, To: Node{Cells: inR, Digit: d}},
					{From: Node{Cells: inR, Digit: d}, To: Node{Cells: inC, Digit: d}, Strong: true},
				}},
				Text: stepText(EmptyRectangle, "digit", w.digit(d), "box", w.unit(b), "r", w.unit(r), "c", w.unit(c),
					"link", w.unit(l[0]), "p", w.cell(p), "q", w.cell(q), "inr", w.cells(inR), "inc", w.cells(inC),
					"removals", w.removals(rem)),
			}, true
		}
	}
	return Step{}, false
}
