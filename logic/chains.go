package logic

import (
	"cmp"
	"slices"
	"strings"
)

// chainSearch looks for the shortest chain of alternating links in a
// table: from a start node assumed false, a strong link makes the next
// node true, a weak link from a true node makes the next false, and so
// on. It walks breadth first over the states (node, true or false), so
// that the first chain found from a start is one of the shortest, and it
// searches the later starts only for shorter chains. A chain that removes
// what is weakly linked to both its ends is searched from each candidate
// it might remove instead, starting from all the nodes weakly linked to
// it at once (see removing).
type chainSearch struct {
	lt       *linkTable
	minLinks int  // the fewest links a chain may have
	maxLinks int  // links one Find follows at most (chainBudget when 0)
	longest  int  // the most links a chain may have (no limit when 0)
	loop     bool // continuous loops: the chain's true end sees its start
	// allow, when set, says whether node v may join a chain from start.
	allow func(cs *chainSearch, start, v int32) bool
	// elims returns what a chain from start to the true state end
	// removes (nil: the candidates weakly linked to both ends).
	elims func(cs *chainSearch, start, end int32) []Removal
	// need, when set, says whether the chain or loop ending in state y
	// may be judged at all.
	need func(cs *chainSearch, y int32) bool

	budget       int // links left to follow in this Find (see chainBudget)
	start        int32
	seen, marked []uint32 // stamps: states reached, weak links of the start
	stamp        uint32
	parent       []int32 // per state, the state it was reached from
	frontier     []int32
	next         []int32
	pathBuf      []int32 // path's nodes, kept from one call to the next
}

// chainBudget is how many links one Find of a chain rule follows at most.
// A 9x9 search stays well below it even where the rules below the chains
// are stuck; on the largest boards (thousands of candidates, each linked
// to a hundred others) a full search would take seconds, so it stops
// there with the shortest chain found so far, or none: it may miss a
// chain, never give a wrong one.
const chainBudget = 1 << 21

// chainFound is a chain (its nodes in order, the first false) with its
// removals.
type chainFound struct {
	path []int32
	rem  []Removal
}

// run searches every start (or every candidate to remove) and returns
// the shortest chain with a removal (the first found among the shortest).
func (cs *chainSearch) run() (chainFound, bool) {
	lt := cs.lt
	states := 2 * len(lt.nodes)
	cs.seen = slices.Grow(cs.seen[:0], states)[:states]
	cs.marked = slices.Grow(cs.marked[:0], len(lt.nodes))[:len(lt.nodes)]
	clear(cs.seen)
	clear(cs.marked)
	cs.parent = slices.Grow(cs.parent[:0], states)[:states]
	cs.stamp = 0
	var best chainFound
	limit := 1 << 30 // links of the best chain so far
	if cs.longest > 0 {
		limit = cs.longest + 1
	}
	cs.budget = cmp.Or(cs.maxLinks, chainBudget)
	// A chain whose removals are those weakly linked to both its ends is
	// searched from what it removes; the others from their start.
	byRemoval := !cs.loop && cs.elims == nil && cs.allow == nil
	for v := int32(0); v < int32(len(lt.nodes)) && cs.budget > 0; v++ {
		var found chainFound
		var ok bool
		switch {
		case byRemoval:
			if lt.nodes[v].kind != candNode {
				continue
			}
			found, ok = cs.removing(v, limit)
		case len(lt.strongOf(v)) == 0 || (cs.allow != nil && !cs.allow(cs, v, v)):
			continue
		default:
			found, ok = cs.from(v, limit)
		}
		if ok {
			best, limit = found, len(found.path)-1
			if cs.loop {
				limit++
			}
		}
	}
	return best, best.path != nil
}

// from searches the chains from start of fewer than limit links.
func (cs *chainSearch) from(start int32, limit int) (chainFound, bool) {
	lt := cs.lt
	cs.stamp++
	cs.start = start
	for _, w := range lt.weakOf(start) {
		cs.marked[w] = cs.stamp
	}
	cs.seen[2*start] = cs.stamp
	cs.seen[2*start+1] = cs.stamp
	cs.parent[2*start] = -1
	cs.frontier = append(cs.frontier[:0], 2*start)
	return cs.breadth(limit, false)
}

// removing searches the chains of fewer than limit links that remove
// candidate x: were x true, every node weakly linked to it would be
// false, so the search starts from all of them at once and stops at the
// first true node weakly linked to x. Each state is reached once for x,
// where a search from every start would reach it once per start.
func (cs *chainSearch) removing(x int32, limit int) (chainFound, bool) {
	lt := cs.lt
	cs.stamp++
	cs.start = -1
	cs.frontier = cs.frontier[:0]
	cs.seen[2*x] = cs.stamp
	cs.seen[2*x+1] = cs.stamp
	for _, w := range lt.weakOf(x) {
		cs.marked[w] = cs.stamp
		cs.seen[2*w] = cs.stamp
		cs.parent[2*w] = -1
		cs.frontier = append(cs.frontier, 2*w)
	}
	return cs.breadth(limit, true)
}

// breadth walks the chains from the frontier's states breadth first and
// judges every true state reached, after at least minLinks links, by the
// marks of the search: the weak links of its start, or with byRemoval
// those of the candidate removed.
func (cs *chainSearch) breadth(limit int, byRemoval bool) (chainFound, bool) {
	lt := cs.lt
	// The arrays live in locals: the loop below runs for every link.
	seen, parent, marked, stamp := cs.seen, cs.parent, cs.marked, cs.stamp
	frontier, next := cs.frontier, cs.next
	defer func() { cs.frontier, cs.next = frontier, next }()
	for d := 1; len(frontier) > 0; d++ {
		links := d
		if cs.loop {
			links++
		}
		if links >= limit {
			return chainFound{}, false
		}
		next = next[:0]
		for _, x := range frontier {
			u, truth := x>>1, x&1
			out := lt.strongOf(u)
			if truth == 1 {
				out = lt.weakOf(u)
			}
			if cs.budget -= len(out); cs.budget < 0 {
				return chainFound{}, false
			}
			judging := truth == 0 && d >= cs.minLinks
			for _, w := range out {
				y := 2*w + 1 - truth
				if seen[y] == stamp {
					continue
				}
				if cs.allow != nil && !cs.allow(cs, cs.start, w) || cs.loop && w < cs.start {
					continue // with loop, the loop through w was searched from its least node
				}
				seen[y] = stamp
				parent[y] = x
				next = append(next, y)
				if !judging || byRemoval && marked[w] != stamp {
					continue
				}
				var found chainFound
				var ok bool
				if byRemoval {
					found, ok = cs.judgeRemoval(y)
				} else {
					found, ok = cs.judge(cs.start, y)
				}
				if ok {
					return found, true
				}
			}
		}
		frontier, next = next, frontier
	}
	return chainFound{}, false
}

// judge returns the chain from start to the true state y when it is a
// simple path (no node twice) that removes something.
func (cs *chainSearch) judge(start, y int32) (chainFound, bool) {
	end := y >> 1
	var rem []Removal
	switch {
	case cs.loop:
		if cs.marked[end] != cs.stamp || (cs.need != nil && !cs.need(cs, y)) {
			return chainFound{}, false
		}
	case cs.need != nil && !cs.need(cs, y):
		return chainFound{}, false
	case cs.elims != nil:
		rem = cs.elims(cs, start, y)
	default:
		rem = cs.bothWeak(start, end, nil)
	}
	if !cs.loop && len(rem) == 0 {
		return chainFound{}, false
	}
	path := slices.Clone(cs.path(y))
	if path == nil {
		return chainFound{}, false
	}
	if cs.loop {
		rem = cs.loopElims(path)
		if len(rem) == 0 {
			return chainFound{}, false
		}
	}
	return chainFound{path, rem}, true
}

// judgeRemoval returns the chain ending in the true state y, which is
// weakly linked to the candidate a removing search started from, when it
// is a simple path: it removes what is weakly linked to both its ends.
func (cs *chainSearch) judgeRemoval(y int32) (chainFound, bool) {
	if cs.need != nil && !cs.need(cs, y) {
		return chainFound{}, false
	}
	path := cs.path(y)
	if path == nil {
		return chainFound{}, false
	}
	path = slices.Clone(path)
	if path[len(path)-1] < path[0] {
		// A chain read backwards is a chain too: it starts at its least
		// end, as a search from every start would find it.
		slices.Reverse(path)
	}
	rem := cs.bothWeak(path[0], path[len(path)-1], nil)
	if len(rem) == 0 {
		return chainFound{}, false
	}
	return chainFound{path, rem}, true
}

// path returns the nodes of the chain ending in state y, from its start,
// or nil when two nodes of one digit share a cell (a node twice, or a
// cell alone and in a group): such a chain is sound but reads badly, and
// a simpler rule sees what it sees. The slice is valid until the next
// call.
func (cs *chainSearch) path(y int32) []int32 {
	path := cs.pathBuf[:0]
	defer func() { cs.pathBuf = path[:0] }()
	for x := y; x >= 0; x = cs.parent[x] {
		v := x >> 1
		for _, u := range path {
			if cs.lt.overlap(u, v) {
				return nil
			}
		}
		path = append(path, v)
	}
	slices.Reverse(path)
	return path
}

// overlap reports whether nodes u and v share a candidate.
func (lt *linkTable) overlap(u, v int32) bool {
	if u == v {
		return true
	}
	if lt.nodes[u].e != lt.nodes[v].e {
		return false
	}
	for _, c := range lt.cells(u) {
		if slices.Contains(lt.cells(v), c) {
			return true
		}
	}
	return false
}

// bothWeak returns the candidates weakly linked to both a and b, but
// those of the nodes of skip, as removals. The weak links of a must be
// marked.
func (cs *chainSearch) bothWeak(a, b int32, skip []int32) []Removal {
	lt := cs.lt
	if !cs.mayShare(a, b) {
		return nil
	}
	var rem []Removal
	for _, x := range lt.weakOf(b) {
		if cs.weakToBoth(x, a, skip) {
			rem = addRemoval(rem, int(lt.pool[lt.nodes[x].at]), int(lt.nodes[x].e)+1)
		}
	}
	return rem
}

// mayShare reports whether a candidate may be weakly linked to both a
// and b: not when they are single candidates of two digits in cells
// that do not see each other (only the other digit of either cell could
// go, and only when the cells see each other or are one).
func (cs *chainSearch) mayShare(a, b int32) bool {
	lt := cs.lt
	na, nb := lt.nodes[a], lt.nodes[b]
	if na.kind == candNode && nb.kind == candNode && na.e != nb.e {
		ca, cb := int(lt.pool[na.at]), int(lt.pool[nb.at])
		return ca == cb || lt.s.sees(ca, cb)
	}
	return true
}

// weakToBoth reports whether x, weakly linked to b, is a candidate
// weakly linked to a too, outside the nodes of skip.
func (cs *chainSearch) weakToBoth(x, a int32, skip []int32) bool {
	lt := cs.lt
	return lt.marked(cs, x, a) && lt.nodes[x].kind == candNode && !slices.Contains(skip, x)
}

// marked reports whether x is weakly linked to a: through the start's
// marks when a is the start, else by looking.
func (lt *linkTable) marked(cs *chainSearch, x, a int32) bool {
	if a == cs.start {
		return cs.marked[x] == cs.stamp
	}
	return lt.isWeak(x, a)
}

// loopElims returns what a continuous loop removes: in a loop each weak
// link has exactly one true end, so whatever is weakly linked to both
// ends of one goes, but the loop's own nodes.
func (cs *chainSearch) loopElims(path []int32) []Removal {
	var rem []Removal
	k := len(path)
	for i := 0; i+1 < k; i += 2 {
		if set, ok := cs.lt.oneSet(path[i], path[i+1]); ok {
			rem = cs.lt.lockedRest(rem, set, path[i], path[i+1])
		}
	}
	for i := 1; i < k; i += 2 {
		a, b := path[i], path[(i+1)%k]
		for _, r := range cs.bothWeak(a, b, path) {
			for _, d := range r.Digits {
				rem = addRemoval(rem, r.Cell, d)
			}
		}
	}
	return rem
}

// addRemoval adds digit d of cell c to rem, keeping the cells in
// increasing order and each cell's digits too.
func addRemoval(rem []Removal, c, d int) []Removal {
	i, found := slices.BinarySearchFunc(rem, c, func(r Removal, c int) int { return r.Cell - c })
	if !found {
		return slices.Insert(rem, i, Removal{Cell: c, Digits: []int{d}})
	}
	if j, ok := slices.BinarySearch(rem[i].Digits, d); !ok {
		rem[i].Digits = slices.Insert(rem[i].Digits, j, d)
	}
	return rem
}

// The options of the chain rules' tables.
var (
	xChainLinks  = linkOpts{houseStrong: true}
	xyChainLinks = linkOpts{cellStrong: true}
	aicLinks     = linkOpts{groups: true, houseStrong: true, cellStrong: true, cellWeak: true}
)

// findChain runs a chain search of technique t on a table of s with the
// links of o.
func findChain(s *State, t Technique, o linkOpts, cs chainSearch) (Step, bool) {
	lt := newLinkTable(s, o)
	defer lt.release()
	cs.lt = lt
	found, ok := (&cs).run()
	if !ok {
		return Step{}, false
	}
	return lt.chainStep(t, found), true
}

func findXChain(s *State) (Step, bool) {
	return findChain(s, XChain, xChainLinks, chainSearch{minLinks: 3})
}

func findXYChain(s *State) (Step, bool) {
	return findChain(s, XYChain, xyChainLinks, chainSearch{minLinks: 5})
}

func findAIC(s *State) (Step, bool) {
	return findChain(s, AIC, aicLinks, chainSearch{minLinks: 3})
}

func findNiceLoop(s *State) (Step, bool) {
	return findChain(s, ContinuousNiceLoop, aicLinks, chainSearch{minLinks: 3, loop: true})
}

// findRemotePair finds an XY-chain of four or more cells that all hold
// the same two digits: its two ends, an even number of cells apart, hold
// one digit each, so a cell seeing both holds neither.
func findRemotePair(s *State) (Step, bool) {
	cs := chainSearch{minLinks: 7}
	cs.allow = func(cs *chainSearch, start, v int32) bool {
		a, b := cs.lt.pool[cs.lt.nodes[start].at], cs.lt.pool[cs.lt.nodes[v].at]
		return s.cand[a] == s.cand[b]
	}
	cs.elims = func(cs *chainSearch, start, y int32) []Removal {
		lt := cs.lt
		end := y >> 1
		if lt.nodes[end].e != lt.nodes[start].e {
			return nil
		}
		a, b := int(lt.pool[lt.nodes[start].at]), int(lt.pool[lt.nodes[end].at])
		path := cs.path(y)
		return s.seenByAllBut(s.cand[a], path, lt, a, b)
	}
	return findChain(s, RemotePair, xyChainLinks, cs)
}

// seenByAllBut is [State.seenByAll] leaving out the cells of the nodes of
// path.
func (s *State) seenByAllBut(mask uint64, path []int32, lt *linkTable, cells ...int) []Removal {
	var out []Removal
	for _, r := range s.seenByAll(mask, cells...) {
		in := false
		for _, v := range path {
			if slices.Contains(lt.cells(v), int32(r.Cell)) {
				in = true
				break
			}
		}
		if !in {
			out = append(out, r)
		}
	}
	return out
}

// node returns node v as a step's Node.
func (lt *linkTable) node(v int32) Node {
	cs := lt.cells(v)
	cells := make([]int, len(cs))
	for i, c := range cs {
		cells[i] = int(c)
	}
	return Node{Cells: cells, Digit: int(lt.nodes[v].e) + 1}
}

// chainStep is the step of technique t for a chain or loop found.
func (lt *linkTable) chainStep(t Technique, f chainFound) Step {
	s, w := lt.s, lt.s.words()
	loop := t == ContinuousNiceLoop || t == ALSNiceLoop
	links := make([]Link, 0, len(f.path))
	var cells []int
	var digits uint64
	for i, v := range f.path {
		nd := lt.node(v)
		for _, c := range lt.setCells(v) {
			if !slices.Contains(cells, int(c)) {
				cells = append(cells, int(c))
			}
		}
		digits |= Bit(nd.Digit)
		if i+1 < len(f.path) {
			links = append(links, Link{From: nd, To: lt.node(f.path[i+1]), Strong: i%2 == 0})
		}
	}
	if loop {
		links = append(links, Link{From: lt.node(f.path[len(f.path)-1]), To: lt.node(f.path[0])})
	}
	first, last := f.path[0], f.path[len(f.path)-1]
	st := Step{
		Rule:   t,
		Area:   w.cell(cells[0]),
		Cells:  cells,
		Digits: digitList(digits),
		Remove: f.rem,
		Chains: [][]Link{links},
	}
	chain := lt.chainWords(f.path)
	switch t {
	case RemotePair:
		pair := s.cand[cells[0]]
		st.Text = stepText(t, "cells", w.cells(cells), "either", w.either(pair), "chain", chain,
			"a", w.cell(cells[0]), "b", w.cell(cells[len(cells)-1]), "digits", w.digits(pair), "removals", w.removals(f.rem))
	case ContinuousNiceLoop, ALSNiceLoop:
		st.Text = stepText(t, "chain", chain, "start", lt.nodeWords(first, false), "removals", w.removals(f.rem))
	default:
		st.Text = stepText(t, "chain", chain, "ends", lt.nodeWords(first, true)+" or "+lt.nodeWords(last, true),
			"removals", w.removals(f.rem))
	}
	return st
}

// chainWords reads a chain whose first node is false as a person says
// it: "if r1c1 is not 5, r1c7 is 5, so r3c7 is not 5, so r3c2 is 5". A
// strong link inside an almost locked set says why (alsLinkWords).
func (lt *linkTable) chainWords(path []int32) string {
	var sb strings.Builder
	for i, v := range path {
		switch i {
		case 0:
			sb.WriteString("if ")
		case 1:
			sb.WriteString(", ")
		default:
			sb.WriteString(", so ")
		}
		if set, ok := lt.oneSet(path[max(i-1, 0)], v); ok && i%2 == 1 {
			sb.WriteString(lt.alsLinkWords(set, path[i-1], v))
			continue
		}
		sb.WriteString(lt.nodeWords(v, i%2 == 1))
	}
	return sb.String()
}

// nodeWords says that node v is true or false: "r1c7 is 5", "r1c7 is
// not 5", "5 is in r1c7 or r1c8", "5 is in neither r1c7 nor r1c8".
func (lt *linkTable) nodeWords(v int32, truth bool) string {
	w, nd := lt.s.words(), lt.node(v)
	digit := w.digit(nd.Digit)
	switch {
	case len(nd.Cells) == 1 && truth:
		return w.cell(nd.Cells[0]) + " is " + digit
	case len(nd.Cells) == 1:
		return w.cell(nd.Cells[0]) + " is not " + digit
	case truth:
		names := make([]string, len(nd.Cells))
		for i, c := range nd.Cells {
			names[i] = w.cell(c)
		}
		return digit + " is in " + joinWords(names, "or")
	case len(nd.Cells) == 2:
		return digit + " is in neither " + w.cell(nd.Cells[0]) + " nor " + w.cell(nd.Cells[1])
	}
	return digit + " is in none of " + w.cells(nd.Cells)
}

// ChainLength returns the number of links in the step's chains (0 for a
// step that is no chain): Sudoku Explainer adds to a chain's rating a
// bonus that grows with it.
func (st Step) ChainLength() int {
	n := 0
	for _, ch := range st.Chains {
		n += len(ch)
	}
	return n
}
