package logic

import "math/bits"

// Almost-locked-set nodes of the chain table. A set A of k cells holding
// k+1 digits gives a node (A, x) per digit x: x is in one of A's cells
// holding it. Two nodes of one set are strongly linked: if A has no x,
// its k cells hold the k other digits, each once, so (A, z) is true for
// every other z. A node (A, x) is weakly linked to the x of every cell
// that sees all of A's x, and to the node (B, x) of a set B whose every x
// sees every x of A (a restricted common digit, as in ALS-XZ). A chain
// through such nodes enters a set by a weak link and leaves it by the
// strong link inside it; HoDoKu's ALS-Chain (sets joined by restricted
// common digits) is the chain whose every node is a set.

// maxChainALS caps the cells of the sets that become chain nodes: a
// larger set covers most of its house, says little that the house's own
// strong links do not, and its many digits add nodes to every search.
const maxChainALS = 4

// addALSNodes adds a node per digit of every almost locked set of two to
// maxChainALS cells (a set of one cell is a cell with two candidates,
// whose candidates are nodes already): its cells holding the digit, as
// for a group. The nodes of a set follow each other in increasing order
// of digits, from alsFirst of the set.
func (lt *linkTable) addALSNodes() {
	s := lt.s
	t := s.almostLocked()
	lt.alsT = t
	lt.alsFirst = resize(lt.alsFirst, len(t.list))
	var buf []int32
	for i := range t.list {
		a := &t.list[i]
		if len(a.cells) < 2 || len(a.cells) > maxChainALS {
			lt.alsFirst[i] = -1
			continue
		}
		lt.alsFirst[i] = int32(len(lt.nodes))
		for m := a.digits; m != 0; m &= m - 1 {
			bit := m & -m
			buf = buf[:0]
			for _, c := range a.cells {
				if s.cand[c]&bit != 0 {
					buf = append(buf, int32(c))
				}
			}
			lt.addNode(alsNode, bits.TrailingZeros64(m), buf...)
			lt.alsSets = append(lt.alsSets, int32(i))
		}
	}
}

// alsNodeOf returns the node of digit index e of set i, which holds it
// and has nodes.
func (lt *linkTable) alsNodeOf(i, e int) int32 {
	return lt.alsFirst[i] + int32(bits.OnesCount64(lt.alsT.list[i].digits&(1<<uint(e)-1)))
}

// addALSStrong links every two nodes of each set strongly.
func (lt *linkTable) addALSStrong() {
	for i, first := range lt.alsFirst[:len(lt.alsT.list)] {
		if first < 0 {
			continue
		}
		k := int32(bits.OnesCount64(lt.alsT.list[i].digits))
		for a := first; a < first+k; a++ {
			for b := first; b < first+k; b++ {
				if a != b {
					lt.edges = append(lt.edges, [2]int32{a, b})
				}
			}
		}
	}
}

// addALSWeak adds the weak links of the set nodes: to the candidates and
// groups of their digit whose every cell sees all the node's cells, and
// to the nodes of the other sets they share a restricted common digit
// with. Sets that share cells are not joined (the table's links are
// between disjoint sets): fewer links, still sound.
func (lt *linkTable) addALSWeak() {
	t, n := lt.alsT, lt.s.n
	var groups [64][]int32 // per digit index, its group nodes
	for v := lt.alsFrom - 1; v >= 0 && lt.nodes[v].kind == groupNode; v-- {
		groups[lt.nodes[v].e] = append(groups[lt.nodes[v].e], v)
	}
	buf := make(cellSet, t.w)
	links := t.links()
	for i, first := range lt.alsFirst[:len(t.list)] {
		if first < 0 {
			continue
		}
		for m := t.list[i].digits; m != 0; m &= m - 1 {
			e := bits.TrailingZeros64(m)
			v := lt.alsNodeOf(i, e)
			seeing := t.seeing(i, e)
			if and(buf, seeing, t.cand[e*t.w:(e+1)*t.w]) {
				for c := range buf.members {
					u := lt.ofCand[c*n+e]
					lt.edges = append(lt.edges, [2]int32{v, u}, [2]int32{u, v})
				}
			}
		group:
			for _, g := range groups[e] {
				for _, c := range lt.cells(g) {
					if seeing[c>>6]&(1<<(c&63)) == 0 {
						continue group
					}
				}
				lt.edges = append(lt.edges, [2]int32{v, g}, [2]int32{g, v})
			}
		}
		for _, l := range links[i] {
			j := int(l.to)
			if j < i || lt.alsFirst[j] < 0 {
				continue
			}
			for m := l.rcc; m != 0; m &= m - 1 {
				e := bits.TrailingZeros64(m)
				a, b := lt.alsNodeOf(i, e), lt.alsNodeOf(j, e)
				lt.edges = append(lt.edges, [2]int32{a, b}, [2]int32{b, a})
			}
		}
	}
}

// oneSet reports whether nodes u and v are nodes of one almost locked
// set, and returns the set.
func (lt *linkTable) oneSet(u, v int32) (int, bool) {
	if lt.nodes[u].kind != alsNode || lt.nodes[v].kind != alsNode {
		return 0, false
	}
	a, b := lt.alsSets[u-lt.alsFrom], lt.alsSets[v-lt.alsFrom]
	return int(a), a == b
}

// setCells returns the cells of the pattern node v stands for: the whole
// set for a set's node, else its own cells.
func (lt *linkTable) setCells(v int32) []int32 {
	if lt.nodes[v].kind != alsNode {
		return lt.cells(v)
	}
	cells := lt.alsT.list[lt.alsSets[v-lt.alsFrom]].cells
	out := make([]int32, len(cells))
	for i, c := range cells {
		out[i] = int32(c)
	}
	return out
}

// alsLinkWords says the strong link from node u to node v inside one
// set, u false: "r4c5 and r5c5 in column 5 (5, 6 or 7) are left with 6
// and 7, as many digits as cells, so 7 is in r4c5 or r5c5".
func (lt *linkTable) alsLinkWords(set int, u, v int32) string {
	w := lt.s.words()
	name, either := lt.alsT.alsWords(w, set)
	rest := lt.alsT.list[set].digits &^ (1 << lt.nodes[u].e)
	return fill(alsChainLink, "set", name, "either", either, "rest", w.digits(rest), "node", lt.nodeWords(v, true))
}

// alsChainLinks are the links of an ALS chain's table: those of the AIC
// and the set nodes.
var alsChainLinks = linkOpts{groups: true, houseStrong: true, cellStrong: true, cellWeak: true, als: true}

// findALSChain finds the shortest AIC through at least one almost locked
// set node: one of its two ends is true, so what is weakly linked to both
// goes. A chain without a set is an AIC, which that rule finds, so only
// the chains through a set are judged.
func findALSChain(s *State) (Step, bool) {
	return findChain(s, ALSChain, alsChainLinks, alsSearch(false))
}

// findALSNiceLoop finds the shortest continuous nice loop through at
// least one almost locked set node (the loops through none are
// ContinuousNiceLoop's).
func findALSNiceLoop(s *State) (Step, bool) {
	return findChain(s, ALSNiceLoop, alsChainLinks, alsSearch(true))
}

// alsSearch returns the search of the chains (or loops) through a set.
func alsSearch(loop bool) chainSearch {
	var through []uint32 // per state: 2*stamp+1 if its chain has a set node, 2*stamp if not
	need := func(cs *chainSearch, y int32) bool {
		if len(through) == 0 {
			through = make([]uint32, len(cs.parent))
		}
		return cs.through(through, y)
	}
	return chainSearch{minLinks: 3, loop: loop, maxLinks: alsChainBudget, longest: alsChainLongest, need: need}
}

// lockedRest adds to rem what a set of a continuous loop removes: the
// loop's strong link from node u to node v inside it has one true end,
// so the set lacks one of their two digits and holds all its others,
// which leave the cells seeing all their places in it.
func (lt *linkTable) lockedRest(rem []Removal, set int, u, v int32) []Removal {
	t := lt.alsT
	buf := make(cellSet, t.w)
	for m := t.list[set].digits &^ (1<<lt.nodes[u].e | 1<<lt.nodes[v].e); m != 0; m &= m - 1 {
		e := bits.TrailingZeros64(m)
		if and(buf, t.seeing(set, e), t.cand[e*t.w:(e+1)*t.w]) {
			for c := range buf.members {
				rem = addRemoval(rem, c, e+1)
			}
		}
	}
	return rem
}

// alsChainBudget is how many links one Find of [ALSChain] follows at
// most: its table has a node per digit of every set besides the AIC's,
// and where no chain exists the search would follow them all.
const alsChainBudget = chainBudget / 4

// alsChainLongest is the most links of an [ALSChain]: HoDoKu restricts
// its nice loops to a length of ten by default, and a longer chain
// through sets is more than a player follows. The limit also bounds the
// search where no chain exists.
const alsChainLongest = 10

// through reports whether the chain ending in state y has a set node,
// keeping the answers of the current start in memo (see alsSearch):
// the chains of a breadth-first search share their beginnings.
func (cs *chainSearch) through(memo []uint32, y int32) bool {
	stamp := 2 * cs.stamp
	x := y
	for x >= 0 && memo[x]&^1 != stamp && cs.lt.nodes[x>>1].kind != alsNode {
		x = cs.parent[x]
	}
	yes := x >= 0 && (memo[x] == stamp+1 || cs.lt.nodes[x>>1].kind == alsNode)
	for z := y; z != x; z = cs.parent[z] {
		memo[z] = stamp
		if yes {
			memo[z]++
		}
	}
	return yes
}
