package logic

import (
	"math/bits"
	"slices"
	"sync"
)

// The chain rules search a table of implications between nodes: a node is
// a digit in a set of cells, true when the digit is in one of them. It is
// built once per Find from the state and then read only.
//
// A strong link joins two nodes that are not both false (a cell with two
// candidates, a digit with two places in a house, or two places one of
// them a group); a weak link joins two nodes that are not both true (the
// same digit in cells that see each other, two digits of one cell). The
// strong links, and the weak links of groups, sit in flat arrays indexed
// by an offset per node (compressed rows), so a breadth-first search
// walks plain int32 slices; the weak links between candidates, by far the
// most, are read from the state's peers when first followed (weakOf).
//
// nodeKind says what a node stands for. A new kind adds a value here, its
// nodes in linkTable.build (after the candidates) and its links to the
// stored edge lists; the search reads nodes only through their links, and
// the steps and texts through their cells and digit (a kind's own wording
// goes in nodeWords). The almost locked sets (n cells holding n+1
// digits) are such a kind, in als_chain.go: a node per digit x of a set,
// its cells holding x, true when x is in one of them, as a group is; weak
// links to the x of every cell seeing all of those cells, and a strong
// link between every two nodes of one set, since at most one of its
// digits is missing.
type nodeKind uint8

const (
	candNode  nodeKind = iota // one candidate: a digit in one cell
	groupNode                 // a digit's places in the cells two houses share
	alsNode                   // a digit's places in an almost locked set (als_chain.go)
)

// chainNode is a node of the table: digit e+1 in cells[at:at+size] of the
// table's cell pool.
type chainNode struct {
	kind nodeKind
	e    uint8 // digit index, digit e+1
	size uint16
	at   int32
}

// linkOpts says which nodes and links a table holds.
type linkOpts struct {
	groups      bool // group nodes, and their strong and weak links
	houseStrong bool // strong links in houses (a digit with two places)
	cellStrong  bool // strong links in cells with two candidates
	cellWeak    bool // weak links between the digits of one cell
	als         bool // almost-locked-set nodes and their links (als_chain.go)
}

// linkTable is the table of nodes and links of one state.
type linkTable struct {
	s      *State
	nodes  []chainNode
	pool   []int32 // the cells of the nodes
	ofCand []int32 // [cell*n+e]: the node of candidate e of cell, or -1

	strongOff, weakOff []int32 // per node, offsets into strong and weak; one more than nodes
	strong, weak       []int32 // linked nodes (weak: those of groups only, see weakOf)
	cellWeak           bool    // weak links between the digits of a cell
	// weakAll holds the weak links weakOf has worked out, those of node
	// v at weakAt[v] (-1 before) up to weakEnd[v].
	weakAll         []int32
	weakAt, weakEnd []int32

	groupsIn [][]int32 // per house, its group nodes
	edges    [][2]int32
	pos      []int8  // per cell, its place in the house being read, or -1
	fill     []int32 // per node, links filed so far (compress)

	alsT     *alsTable // the sets of the ALS nodes, or nil
	alsFirst []int32   // per set of alsT, its first node, or -1 (see addALSNodes)
	alsSets  []int32   // per ALS node, from alsFrom on, its set
	alsFrom  int32     // the first ALS node
}

var linkTables = sync.Pool{New: func() any { return new(linkTable) }}

// newLinkTable returns the table of s with the links of o, from a pool;
// release gives it back.
func newLinkTable(s *State, o linkOpts) *linkTable {
	lt := linkTables.Get().(*linkTable)
	lt.build(s, o)
	return lt
}

func (lt *linkTable) release() {
	lt.s, lt.alsT = nil, nil
	linkTables.Put(lt)
}

// cells returns the cells of node v.
func (lt *linkTable) cells(v int32) []int32 {
	nd := lt.nodes[v]
	return lt.pool[nd.at : nd.at+int32(nd.size)]
}

// strongOf returns the nodes strongly linked to v.
func (lt *linkTable) strongOf(v int32) []int32 {
	return lt.strong[lt.strongOff[v]:lt.strongOff[v+1]]
}

// weakOf returns the nodes weakly linked to v: for a candidate, the same
// digit in the cells it sees (and, with cellWeak, the other digits of its
// cell), read from the state's peers and candidates; then the stored
// links, those of the groups. A chain search follows a node's weak links
// many times, so each node's are worked out once per table, when first
// asked for.
func (lt *linkTable) weakOf(v int32) []int32 {
	if at := lt.weakAt[v]; at >= 0 {
		end := lt.weakEnd[v]
		return lt.weakAll[at:end:end]
	}
	buf := lt.weakAll
	at := len(buf)
	nd := lt.nodes[v]
	if nd.kind == candNode {
		s, n := lt.s, lt.s.n
		c, e := int(lt.pool[nd.at]), int(nd.e)
		bit := uint64(1) << uint(e)
		for _, p := range s.t.Peers[c] {
			if s.cand[p]&bit != 0 && s.value[p] == 0 {
				buf = append(buf, lt.ofCand[int(p)*n+e])
			}
		}
		if lt.cellWeak {
			for m := s.cand[c] &^ bit; m != 0; m &= m - 1 {
				buf = append(buf, lt.ofCand[c*n+bits.TrailingZeros64(m)])
			}
		}
	}
	buf = append(buf, lt.weak[lt.weakOff[v]:lt.weakOff[v+1]]...)
	lt.weakAll, lt.weakAt[v], lt.weakEnd[v] = buf, int32(at), int32(len(buf))
	return buf[at:len(buf):len(buf)]
}

// isWeak reports whether nodes x and a are weakly linked.
func (lt *linkTable) isWeak(x, a int32) bool {
	nx, na := lt.nodes[x], lt.nodes[a]
	if nx.kind == candNode && na.kind == candNode {
		cx, ca := int(lt.pool[nx.at]), int(lt.pool[na.at])
		if nx.e == na.e {
			return lt.s.sees(cx, ca)
		}
		return lt.cellWeak && cx == ca
	}
	return slices.Contains(lt.weak[lt.weakOff[a]:lt.weakOff[a+1]], x)
}

func (lt *linkTable) addNode(kind nodeKind, e int, cells ...int32) int32 {
	lt.nodes = append(lt.nodes, chainNode{kind: kind, e: uint8(e), size: uint16(len(cells)), at: int32(len(lt.pool))})
	lt.pool = append(lt.pool, cells...)
	return int32(len(lt.nodes) - 1)
}

func (lt *linkTable) build(s *State, o linkOpts) {
	n, cells := s.n, len(s.cand)
	lt.s = s
	lt.nodes, lt.pool = lt.nodes[:0], lt.pool[:0]
	lt.ofCand = resize(lt.ofCand, cells*n)
	for i := range lt.ofCand {
		lt.ofCand[i] = -1
	}
	for c, m := range s.cand {
		if s.value[c] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			e := bits.TrailingZeros64(m)
			lt.ofCand[c*n+e] = lt.addNode(candNode, e, int32(c))
		}
	}
	units := len(s.t.UnitCells)
	if cap(lt.groupsIn) < units {
		lt.groupsIn = make([][]int32, units)
	}
	lt.groupsIn = lt.groupsIn[:units]
	for u := range lt.groupsIn {
		lt.groupsIn[u] = lt.groupsIn[u][:0]
	}
	if o.groups {
		lt.addGroups()
	}
	lt.alsT, lt.alsFrom, lt.alsSets = nil, int32(len(lt.nodes)), lt.alsSets[:0]
	if o.als {
		lt.addALSNodes()
	}

	// Strong links.
	lt.edges = lt.edges[:0]
	if o.cellStrong {
		for c, m := range s.cand {
			if s.value[c] == 0 && bits.OnesCount64(m) == 2 {
				a, b := lt.ofCand[c*n+bits.TrailingZeros64(m)], lt.ofCand[c*n+63-bits.LeadingZeros64(m)]
				lt.edges = append(lt.edges, [2]int32{a, b}, [2]int32{b, a})
			}
		}
	}
	if o.houseStrong {
		lt.addHouseStrong()
	}
	if o.als {
		lt.addALSStrong()
	}
	lt.strongOff, lt.strong = lt.compress(lt.strongOff, lt.strong)

	// Weak links: those between candidates are read from the state when
	// asked for (weakOf), the others stored.
	lt.cellWeak = o.cellWeak
	lt.edges = lt.edges[:0]
	if o.groups {
		lt.addGroupWeak()
	}
	if o.als {
		lt.addALSWeak()
	}
	lt.weakOff, lt.weak = lt.compress(lt.weakOff, lt.weak)
	lt.weakAll = lt.weakAll[:0]
	lt.weakAt, lt.weakEnd = resize(lt.weakAt, len(lt.nodes)), resize(lt.weakEnd, len(lt.nodes))
	for i := range lt.weakAt {
		lt.weakAt[i] = -1
	}
}

// compress sorts lt.edges by their first node into offsets and targets.
func (lt *linkTable) compress(off, to []int32) ([]int32, []int32) {
	off = resize(off, len(lt.nodes)+1)
	clear(off)
	for _, e := range lt.edges {
		off[e[0]+1]++
	}
	for i := 1; i < len(off); i++ {
		off[i] += off[i-1]
	}
	to = resize(to, len(lt.edges))
	lt.fill = resize(lt.fill, len(lt.nodes))
	fill := lt.fill
	clear(fill)
	for _, e := range lt.edges {
		to[off[e[0]]+fill[e[0]]] = e[1]
		fill[e[0]]++
	}
	return off, to
}

// addGroups adds a group node for every digit with two or more places in
// the cells two houses share (a box and a line on a classic board), and
// files it under both houses.
func (lt *linkTable) addGroups() {
	s := lt.s
	var buf []int32
	for _, ov := range tablesOf(s.g).overlaps {
		if ov.from > ov.to {
			continue
		}
		for e := range s.n {
			bit := uint64(1) << uint(e)
			buf = buf[:0]
			for _, c := range ov.shared {
				if s.value[c] == 0 && s.cand[c]&bit != 0 {
					buf = append(buf, int32(c))
				}
			}
			if len(buf) < 2 {
				continue
			}
			v := lt.addNode(groupNode, e, buf...)
			lt.groupsIn[ov.from] = append(lt.groupsIn[ov.from], v)
			lt.groupsIn[ov.to] = append(lt.groupsIn[ov.to], v)
		}
	}
}

// addHouseStrong adds the strong links of every house: between the two
// places of a digit with two, and between a group and the rest of the
// digit's places when that rest is one cell or another group.
func (lt *linkTable) addHouseStrong() {
	s, n := lt.s, lt.s.n
	if cap(lt.pos) < len(s.cand) {
		lt.pos = make([]int8, len(s.cand))
		for i := range lt.pos {
			lt.pos[i] = -1
		}
	}
	lt.pos = lt.pos[:len(s.cand)]
	for _, h := range s.t.Houses {
		unit := s.t.UnitCells[h]
		groups := lt.groupsIn[h]
		if len(unit) > 64 {
			continue
		}
		for e := range n {
			bit := uint64(1) << uint(e)
			k := s.count[h*n+e]
			if s.placed[h]&bit != 0 || k < 2 || (k > 2 && len(groups) == 0) {
				continue
			}
			var places uint64
			first, last := -1, -1
			for i, c := range unit {
				lt.pos[c] = int8(i)
				if s.cand[c]&bit != 0 {
					places |= 1 << uint(i)
					if first < 0 {
						first = c
					}
					last = c
				}
			}
			if k == 2 {
				a, b := lt.ofCand[first*n+e], lt.ofCand[last*n+e]
				lt.edges = append(lt.edges, [2]int32{a, b}, [2]int32{b, a})
			}
			for i, g := range groups {
				if int(lt.nodes[g].e) != e {
					continue
				}
				gm := lt.maskIn(g)
				rest := places &^ gm
				switch {
				case rest == 0:
				case rest&(rest-1) == 0:
					c := unit[bits.TrailingZeros64(rest)]
					v := lt.ofCand[c*n+e]
					lt.edges = append(lt.edges, [2]int32{g, v}, [2]int32{v, g})
				default:
					for _, g2 := range groups[i+1:] {
						if int(lt.nodes[g2].e) == e && lt.maskIn(g2) == rest {
							lt.edges = append(lt.edges, [2]int32{g, g2}, [2]int32{g2, g})
						}
					}
				}
			}
			for _, c := range unit {
				lt.pos[c] = -1
			}
		}
	}
}

// maskIn returns the places of group g in the house whose cells lt.pos
// numbers.
func (lt *linkTable) maskIn(g int32) uint64 {
	var m uint64
	for _, c := range lt.cells(g) {
		m |= 1 << uint(lt.pos[c])
	}
	return m
}

// addGroupWeak adds the weak links of the groups: to each place of their
// digit in their two houses, and to the other groups of the digit in
// those houses that share no cell with them (each pair of groups shares
// at most one house). Cells that see a group through other units keep no
// link to it: fewer links, still sound.
func (lt *linkTable) addGroupWeak() {
	s, n := lt.s, lt.s.n
	for h, groups := range lt.groupsIn {
		for i, g := range groups {
			nd := lt.nodes[g]
			bit := uint64(1) << nd.e
			for _, p := range s.t.UnitCells[h] {
				if s.value[p] != 0 || s.cand[p]&bit == 0 || slices.Contains(lt.cells(g), int32(p)) {
					continue
				}
				v := lt.ofCand[p*n+int(nd.e)]
				lt.edges = append(lt.edges, [2]int32{g, v}, [2]int32{v, g})
			}
			for _, g2 := range groups[i+1:] {
				// Two groups sharing a cell are both true when the digit
				// is there: no link.
				if lt.nodes[g2].e == nd.e && !lt.overlap(g, g2) {
					lt.edges = append(lt.edges, [2]int32{g, g2}, [2]int32{g2, g})
				}
			}
		}
	}
}
