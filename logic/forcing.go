package logic

import (
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Forcing chains follow the consequences of a premise ("r1c1 is 3") on a
// private copy of the candidates, recording for every fact derived (a
// candidate true or false) the facts it came from, so that the step can
// be told as chains of implications. The families differ in what a
// branch may use:
//
//   - nishio: one digit; placing it removes it from the peers, and a house
//     with one place left for it takes it there;
//   - static (cell and region forcing chains): every digit, but a fact is
//     derived from one fact only (a cell with two candidates, a house with
//     two places in the state the step starts from);
//   - dynamic: naked and hidden singles on the candidates the branch has
//     left, so a fact may rest on several earlier ones;
//   - plus: dynamic, and when singles stop, the rules of forcingRules on
//     the branch's candidates;
//   - nested: plus, and when those stop, the candidates of the branch
//     whose own dynamic forcing chains break down are removed; failing
//     that, the same with dynamic plus chains inside (the documented
//     depth of [NestedForcingChain]: two, the second tried only when the
//     first finds nothing).
type fcMode uint8

const (
	modeNishio fcMode = iota
	modeStatic
	modeDynamic
	modePlus
	modeNested
)

// forcingRules are the rules a branch of a plus or nested forcing chain
// applies when singles stop: Sudoku Explainer's (its Chaining class),
// so that its ratings hold for the steps found.
var forcingRules = [...]Technique{LockedCandidates, HiddenPair, NakedPair, XWing}

// How a fact of a branch was derived, for the step's text: by a single
// or a peer, by a rule of forcingRules, or by a chain of the level below.
const (
	fcSingle uint8 = iota
	fcByRule
	fcByChain
)

// fcFact is a fact of a branch: ((cell*n + digit-1) << 1) | 1 when the
// candidate is true, | 0 when it is false.
type fcFact = int32

// forcer runs the branches of forcing chains from one state. Its buffers
// are reused from branch to branch.
type forcer struct {
	s    *State
	mode fcMode
	n    int

	cand  []uint64 // the branch's candidates
	count []uint8  // the branch's places per house and digit
	known []uint32 // per fact: the branch's generation when known
	gen   uint32
	queue []fcFact // facts in the order derived
	from  [][]fcFact
	how   []uint8 // per fact: fcSingle, fcByRule or fcByChain
	digit int     // nishio: the digit followed (index)

	bad [2]fcFact // the contradiction: a fact and its opposite
	by  uint8     // how the facts being asserted are derived

	// cellOnly and regionOnly restrict a static search to one kind.
	cellOnly, regionOnly bool

	work   *State  // plus and nested: the branch as a State
	synced int     // the facts of queue applied to work
	inner  *forcer // nested: the forcer of the level below
	// innerMode is the level below of a nested forcer: modeDynamic, or
	// modePlus for the second depth.
	innerMode fcMode
	// branches and pool keep table's arrays from one search to the next.
	branches []fcBranch
	pool     []fcFact
	// seen, hits and depth keep find's counts per fact.
	seen        []uint32
	hits, depth []int32
	// budget is the work left to a search (shared with the level below),
	// in facts followed; a branch stops deriving once it is spent.
	budget *int
	// explain is set while step runs again the branches it tells: extra
	// then keeps in innerChains, per fact it derives by a chain of the
	// level below, that chain's two branches.
	explain     bool
	innerChains map[fcFact][][]Link
}

// fcBudget is the work a forcing chain search may do on a 9x9 board, in
// facts followed (a rule applied inside a branch counts fcRuleCost),
// many times what the hardest 9x9 puzzles need; a board of N digits gets
// 9/N of it, since a fact costs about N/9 times more there (its cell has
// N candidates and 3N peers). Past it the branches stop early, and the
// search gives what the facts found so far prove, or nothing: it bounds
// a hint on the largest boards, where a nested search could take
// minutes. docs/speed.md gives the times it allows.
const (
	fcBudget   = 10_000_000
	fcRuleCost = 500
)

// searchBudget is the budget of one search on s (see fcBudget).
func searchBudget(s *State) int { return fcBudget * 9 / max(9, s.n) }

func newForcer(s *State, mode fcMode) *forcer {
	f := forcers.Get().(*forcer)
	nf := len(s.cand) * s.n * 2
	*f = forcer{
		s: s, mode: mode, n: s.n,
		cand:  resize(f.cand, len(s.cand)),
		count: resize(f.count, len(s.count)),
		known: resize(f.known, nf),
		from:  resize(f.from, nf),
		how:   resize(f.how, nf),
		queue: f.queue[:0],
		work:  f.work,

		branches: f.branches,
		pool:     f.pool,
		seen:     f.seen, hits: f.hits, depth: f.depth,
	}
	clear(f.known) // no fact known in any generation
	return f
}

// forcers keeps the forcers of past searches, whose tables are sized for
// a board and would otherwise be made again for every search (the
// nested level makes one per branch).
var forcers = sync.Pool{New: func() any { return new(forcer) }}

// release gives f, and the forcer of its level below, back to forcers.
// Nothing f found may be read after.
func (f *forcer) release() {
	if f.inner != nil {
		f.inner.release()
		f.inner = nil
	}
	f.s, f.budget = nil, nil
	forcers.Put(f)
}

// resize returns b with length n, reusing its array when it is large
// enough (the elements kept, for from's slices to keep their arrays).
func resize[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

func (f *forcer) fact(c, e int, on bool) fcFact {
	x := fcFact((c*f.n + e) << 1)
	if on {
		x |= 1
	}
	return x
}

func (f *forcer) split(x fcFact) (c, e int, on bool) {
	v := int(x >> 1)
	return v / f.n, v % f.n, x&1 == 1
}

func (f *forcer) isKnown(x fcFact) bool { return f.known[x] == f.gen }

// assert records fact x, derived from parents, and reports false when
// its opposite is known (the branch has broken down: f.bad).
func (f *forcer) assert(x fcFact, parents ...fcFact) bool {
	if f.isKnown(x) {
		return true
	}
	f.known[x] = f.gen
	f.from[x] = append(f.from[x][:0], parents...)
	f.how[x] = f.by
	f.queue = append(f.queue, x)
	if f.isKnown(x ^ 1) {
		f.bad = [2]fcFact{x, x ^ 1}
		return false
	}
	return true
}

// run follows premise to its consequences, and reports false when the
// branch breaks down. f.queue then holds every fact derived, in order.
func (f *forcer) run(premise fcFact) bool {
	f.gen++
	if f.gen == 0 { // wrapped: clear the stamps
		clear(f.known)
		f.gen = 1
	}
	s := f.s
	copy(f.cand, s.cand)
	copy(f.count, s.count)
	f.queue = f.queue[:0]
	f.synced = 0
	_, e, _ := f.split(premise)
	f.digit = e
	if !f.assert(premise) {
		return false
	}
	for i := 0; ; {
		for ; i < len(f.queue); i++ {
			if *f.budget--; *f.budget < 0 {
				return true // out of budget: what is derived stands
			}
			if !f.follow(f.queue[i]) {
				return false
			}
		}
		if f.mode < modePlus {
			return true
		}
		before := len(f.queue)
		more, ok := f.extra(premise)
		if !ok {
			return false
		}
		if !more || len(f.queue) == before {
			return true
		}
	}
}

// follow derives the direct consequences of fact x.
func (f *forcer) follow(x fcFact) bool {
	s := f.s
	c, e, on := f.split(x)
	bit := uint64(1) << uint(e)
	if on {
		if f.mode != modeNishio {
			for m := f.cand[c] &^ bit; m != 0; m &= m - 1 {
				if !f.assert(f.fact(c, bits.TrailingZeros64(m), false), x) {
					return false
				}
			}
		}
		for _, p := range s.t.Peers[c] {
			if f.cand[p]&bit != 0 && !f.assert(f.fact(int(p), e, false), x) {
				return false
			}
		}
		return true
	}
	if f.cand[c]&bit == 0 {
		return true
	}
	f.cand[c] &^= bit
	for _, u := range s.t.CellHouses[c] {
		f.count[u*f.n+e]--
	}
	var buf [sudoku.MaxDigits]fcFact // at most the other cells of a house
	parents := buf[:0]
	// A naked single.
	if m := f.cand[c]; f.mode != modeNishio && m != 0 && m&(m-1) == 0 && s.value[c] == 0 {
		last := bits.TrailingZeros64(m)
		if y := f.fact(c, last, true); !f.isKnown(y) {
			parents = parents[:0]
			for o := s.cand[c] &^ m; o != 0; o &= o - 1 {
				if p := f.fact(c, bits.TrailingZeros64(o), false); f.isKnown(p) {
					parents = append(parents, p)
				}
			}
			if (f.mode != modeStatic || len(parents) == 1) && !f.assert(y, parents...) {
				return false
			}
		}
	}
	// Hidden singles in c's houses.
	if f.mode == modeNishio && e != f.digit {
		return true
	}
	for _, u := range s.t.CellHouses[c] {
		if f.count[u*f.n+e] != 1 || s.placed[u]&bit != 0 {
			continue
		}
		at := -1
		parents = parents[:0]
		for _, y := range s.t.UnitCells[u] {
			switch {
			case f.cand[y]&bit != 0:
				at = y
			case s.cand[y]&bit != 0:
				if p := f.fact(y, e, false); f.isKnown(p) {
					parents = append(parents, p)
				}
			}
		}
		if at < 0 || f.isKnown(f.fact(at, e, true)) {
			continue
		}
		if (f.mode != modeStatic || len(parents) == 1) && !f.assert(f.fact(at, e, true), parents...) {
			return false
		}
	}
	return true
}

// extra applies, when singles stop, the rules of forcingRules (and, when
// nested, the dynamic forcing chains of the level below) to the branch's
// candidates. It reports whether it derived anything, and false ok when
// the branch broke down.
func (f *forcer) extra(premise fcFact) (more, ok bool) {
	t := f.work
	if f.synced == 0 {
		if t == nil {
			t = f.s.Clone()
			f.work = t
		}
		t.CopyFrom(f.s)
		t.quiet = true
	}
	// Bring the State up to the facts derived since the last call.
	for ; f.synced < len(f.queue); f.synced++ {
		c, e, on := f.split(f.queue[f.synced])
		var err error
		if on {
			err = t.Assign(c, e+1)
		} else {
			err = t.Eliminate(c, uint64(1)<<uint(e))
		}
		if err != nil {
			// Singles leave no such break unseen; end the branch here.
			return false, true
		}
	}
	t.naked, t.hidden = t.naked[:0], t.hidden[:0]
	*f.budget -= fcRuleCost
	for _, r := range forcingRules {
		st, found := r.Find(t)
		if !found {
			continue
		}
		// The facts the step rests on: what the branch removed from its
		// pattern (the pattern's digits from its houses, the other
		// digits from its cells), else the premise.
		var buf [12]fcFact
		parents := buf[:0]
		add := func(c int, m uint64) {
			for ; m != 0; m &= m - 1 {
				if p := f.fact(c, bits.TrailingZeros64(m), false); f.isKnown(p) && len(parents) < len(buf) {
					parents = append(parents, p)
				}
			}
		}
		mask := maskOf(st.Digits)
		for _, u := range st.Houses {
			for _, c := range f.s.t.UnitCells[u] {
				add(c, f.s.cand[c]&mask)
			}
		}
		for _, c := range st.Cells {
			add(c, f.s.cand[c]&^mask)
		}
		if len(parents) == 0 {
			parents = append(parents, premise)
		}
		return f.conclude(st.Place, st.Remove, parents, fcByRule)
	}
	if f.mode != modeNested {
		return false, true
	}
	// Nested: the candidates of the branch whose dynamic chains break down.
	if f.inner == nil || f.inner.s != t || f.inner.mode != f.innerMode {
		if f.inner != nil {
			f.inner.release()
		}
		f.inner = newForcer(t, f.innerMode)
	}
	f.inner.budget = f.budget
	var rem []Removal
	for c, m := range t.cand {
		if t.value[c] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			e := bits.TrailingZeros64(m)
			if f.inner.run(f.inner.fact(c, e, true)) {
				continue
			}
			rem = append(rem, Removal{Cell: c, Digits: []int{e + 1}})
			if x := f.fact(c, e, false); f.explain && !f.isKnown(x) && f.innerChains[x] == nil {
				w := f.s.words()
				l1, _ := f.inner.chain(w, f.inner.bad[0])
				l2, _ := f.inner.chain(w, f.inner.bad[1])
				f.innerChains[x] = [][]Link{l1, l2}
			}
		}
	}
	if len(rem) == 0 {
		return false, true
	}
	return f.conclude(nil, rem, []fcFact{premise}, fcByChain)
}

// conclude records the placements and removals of a step found inside a
// branch, each derived from parents.
func (f *forcer) conclude(place []Placement, remove []Removal, parents []fcFact, by uint8) (more, ok bool) {
	f.by = by
	defer func() { f.by = fcSingle }()
	for _, p := range place {
		if !f.assert(f.fact(p.Cell, p.Digit-1, true), parents...) {
			return true, false
		}
	}
	for _, r := range remove {
		for _, d := range r.Digits {
			if !f.assert(f.fact(r.Cell, d-1, false), parents...) {
				return true, false
			}
		}
	}
	return true, true
}

// fcBranch is what a branch from one premise found: the facts it derived,
// in order, or that it broke down (after size facts).
type fcBranch struct {
	facts  []fcFact
	broken bool
	size   int
}

// table runs the branch of every candidate of s placed, once, as a table
// the searches read. With stop, it ends at the first branch that breaks
// down and returns its premise too (else -1).
func (f *forcer) table(stop bool) ([]fcBranch, fcFact) {
	s := f.s
	out := resize(f.branches, len(s.cand)*f.n)
	clear(out)
	pool := f.pool[:0]
	defer func() { f.branches, f.pool = out, pool }()
	for c, m := range s.cand {
		if s.value[c] != 0 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			e := bits.TrailingZeros64(m)
			b := &out[c*f.n+e]
			b.broken = !f.run(f.fact(c, e, true))
			b.size = len(f.queue)
			if b.broken {
				if stop {
					return out, f.fact(c, e, true)
				}
				continue
			}
			if len(pool)+len(f.queue) > cap(pool) {
				pool = make([]fcFact, 0, max(4096, 2*len(f.queue)))
			}
			pool = append(pool, f.queue...)
			b.facts = pool[len(pool)-len(f.queue):]
		}
	}
	return out, -1
}

// fcFound is a step found by a search: the premises of its branches and
// the fact they all lead to (or, for a contradiction, the premise that
// broke down).
type fcFound struct {
	premises []fcFact
	fact     fcFact
	house    int  // a region forcing chain's house, else -1
	broken   bool // the one premise breaks down: fact is its opposite
	cost     int
}

// find returns the easiest step of the forcer's mode on f.s: the one
// whose branches derive the fewest facts (for the nested level, the
// first contradiction found).
func (f *forcer) find() (Step, bool) {
	s := f.s
	if s == nil || s.broken() || s.left == 0 {
		return Step{}, false
	}
	static := f.mode == modeStatic
	if static && f.regionOnly {
		if found, ok := staticRegions.get(s); ok {
			return f.stepIf(found)
		}
	}
	// The nested level is slow: its first contradiction will do.
	tab, broke := f.table(f.mode == modeNested)
	if broke >= 0 {
		return f.step(fcFound{premises: []fcFact{broke}, fact: broke ^ 1, house: -1, broken: true})
	}
	best := fcFound{cost: -1}
	better := func(c fcFound) {
		if best.cost < 0 || c.cost < best.cost {
			best = c
		}
	}
	// Contradictions: a candidate whose branch breaks down is false.
	if f.mode != modeStatic {
		for c, m := range s.cand {
			if s.value[c] != 0 {
				continue
			}
			for ; m != 0; m &= m - 1 {
				e := bits.TrailingZeros64(m)
				if b := tab[c*f.n+e]; b.broken {
					better(fcFound{premises: []fcFact{f.fact(c, e, true)}, fact: f.fact(c, e, false), house: -1, broken: true, cost: b.size})
				}
			}
		}
	}
	if f.mode == modeNishio {
		return f.stepIf(best)
	}
	// Per fact, for the premises being compared: how many branches
	// derived it (when seen is g), and the sum of its places in them.
	f.seen, f.hits, f.depth = resize(f.seen, len(f.known)), resize(f.hits, len(f.known)), resize(f.depth, len(f.known))
	seen, hits, depth := f.seen, f.hits, f.depth
	clear(seen)
	g := uint32(0)
	// all offers to better the facts common to the branches of premises
	// (none broken down) not already true in s, one step each.
	all := func(premises []fcFact, house int) {
		g++
		for i, p := range premises {
			c, e, _ := f.split(p)
			b := tab[c*f.n+e]
			if b.broken {
				return
			}
			for j, x := range b.facts {
				switch {
				case i == 0:
					seen[x], hits[x], depth[x] = g, 1, int32(j)
				case seen[x] == g && hits[x] == int32(i):
					hits[x]++
					depth[x] += int32(j)
				}
			}
		}
		c0, e0, _ := f.split(premises[0])
		for _, x := range tab[c0*f.n+e0].facts {
			if hits[x] != int32(len(premises)) {
				continue
			}
			c, e, _ := f.split(x)
			if s.value[c] != 0 || s.cand[c]&(1<<uint(e)) == 0 {
				continue // already true in s
			}
			better(fcFound{premises: slices.Clone(premises), fact: x, house: house, cost: int(depth[x])})
		}
	}
	var premises []fcFact
	if !f.regionOnly {
		for c, m := range s.cand {
			if s.value[c] != 0 {
				continue
			}
			premises = premises[:0]
			for ; m != 0; m &= m - 1 {
				premises = append(premises, f.fact(c, bits.TrailingZeros64(m), true))
			}
			if len(premises) >= 2 {
				all(premises, -1)
			}
		}
	}
	regions := func() {
		for _, u := range s.t.Houses {
			for m := s.all &^ s.placed[u]; m != 0; m &= m - 1 {
				e := bits.TrailingZeros64(m)
				premises = premises[:0]
				for _, c := range s.t.UnitCells[u] {
					if s.cand[c]&(1<<uint(e)) != 0 && s.value[c] == 0 {
						premises = append(premises, f.fact(c, e, true))
					}
				}
				if len(premises) >= 2 {
					all(premises, u)
				}
			}
		}
	}
	switch {
	case !f.cellOnly:
		regions()
	case static && best.cost < 0:
		// The region forcing chain, asked next where the cell ones find
		// nothing, reads the same table: find its step now and keep it.
		regions()
		staticRegions.put(s, best)
		best.cost = -1
	}
	return f.stepIf(best)
}

// staticRegions keeps the region forcing chain found, or none, on the
// last state where the cell forcing chains found none.
var staticRegions stateMemo[fcFound]

// stepIf returns the step of found, or none when its cost is negative.
func (f *forcer) stepIf(found fcFound) (Step, bool) {
	if found.cost < 0 {
		return Step{}, false
	}
	return f.step(found)
}

// fcRule is the technique of a step found in mode m.
func fcRule(m fcMode, house int) Technique {
	switch m {
	case modeNishio:
		return NishioForcingChain
	case modeStatic:
		if house >= 0 {
			return RegionForcingChain
		}
		return CellForcingChain
	case modeDynamic:
		return DynamicForcingChain
	case modePlus:
		return DynamicPlusForcingChain
	}
	return NestedForcingChain
}

// say writes fact x: "r1c1 is 3", "r1c1 is not 3".
func (f *forcer) say(w words, x fcFact) string {
	c, e, on := f.split(x)
	if on {
		return w.cell(c) + " is " + w.digit(e+1)
	}
	return w.cell(c) + " is not " + w.digit(e+1)
}

func (f *forcer) node(x fcFact) Node {
	c, e, _ := f.split(x)
	return Node{Cells: []int{c}, Digit: e + 1}
}

// chain returns, for the branch last run, the links that lead to fact x
// (every fact it rests on, in the order derived), and the main path from
// the premise to x told in words, long paths cut short.
func (f *forcer) chain(w words, x fcFact) ([]Link, string) {
	links, told, _ := f.chainAndInner(w, x)
	return links, told
}

// chainAndInner is chain, and also the chains of the level below that
// the facts leading to x rest on (when explain was set for the run).
func (f *forcer) chainAndInner(w words, x fcFact) ([]Link, string, [][]Link) {
	pos := make(map[fcFact]int, len(f.queue))
	for i, y := range f.queue {
		pos[y] = i
	}
	seen := map[fcFact]bool{x: true}
	stack := []fcFact{x}
	var facts []fcFact
	for len(stack) > 0 {
		y := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		facts = append(facts, y)
		for _, p := range f.from[y] {
			if !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
	slices.SortFunc(facts, func(a, b fcFact) int { return pos[a] - pos[b] })
	var links []Link
	var inner [][]Link
	for _, y := range facts {
		for _, p := range f.from[y] {
			links = append(links, Link{From: f.node(p), To: f.node(y), Strong: y&1 == 1})
		}
		if f.how[y] == fcByChain {
			// Each once: the two sides of a contradiction may share it.
			inner = append(inner, f.innerChains[y]...)
			delete(f.innerChains, y)
		}
	}
	// The main path: back from x through each fact's first parent.
	var path []fcFact
	for y := x; ; y = f.from[y][0] {
		path = append(path, y)
		if len(f.from[y]) == 0 {
			break
		}
	}
	slices.Reverse(path)
	mid := path[1:]
	var parts []string
	for i, y := range mid {
		if len(mid) > 4 && i >= 2 && i < len(mid)-1 {
			if i == 2 {
				parts = append(parts, "...")
			}
			continue
		}
		told := f.say(w, y)
		switch f.how[y] {
		case fcByRule:
			told += fcRuleNote
		case fcByChain:
			told += fcChainNote
		}
		parts = append(parts, told)
	}
	return links, strings.Join(parts, ", "), inner
}

// step explains found as a Step.
func (f *forcer) step(found fcFound) (Step, bool) {
	s, w := f.s, f.s.words()
	rule := fcRule(f.mode, found.house)
	st := Step{Rule: rule}
	// The branches run again with a budget of their own, which the search
	// may have spent, and keep the chains of the level below they use.
	budget := searchBudget(s)
	f.budget, f.explain = &budget, f.mode == modeNested && !s.quiet
	defer func() { f.explain = false }()
	replay := func(p fcFact) bool {
		if f.explain {
			if f.innerChains == nil {
				f.innerChains = map[fcFact][][]Link{}
			}
			clear(f.innerChains)
		}
		return f.run(p)
	}
	var branches []string
	pc, pe, _ := f.split(found.premises[0])
	if found.broken {
		if replay(found.premises[0]) {
			return Step{}, false // not reached: the branch broke down before
		}
		bad := f.bad
		l1, t1, in1 := f.chainAndInner(w, bad[0])
		l2, t2, in2 := f.chainAndInner(w, bad[1])
		st.Chains = [][]Link{l1, l2}
		st.Inner = append(in1, in2...)
		branches = append(branches, fill(fcContradiction, "premise", f.say(w, found.premises[0]), "a", t1, "b", t2))
		st.Area = w.cell(pc)
		st.Cells = []int{pc}
		st.Digits = []int{pe + 1}
		st.Remove = []Removal{{Cell: pc, Digits: []int{pe + 1}}}
		st.Text = stepText(rule, "branches", joinWords(branches, "and"), "conclusion", fill(fcNot, "cell", w.cell(pc), "digit", w.digit(pe+1), "removals", w.removals(st.Remove)))
		return st, true
	}
	var lead string
	if found.house >= 0 {
		var cells []int
		for _, p := range found.premises {
			c, _, _ := f.split(p)
			cells = append(cells, c)
		}
		st.Area, st.Houses, st.Cells, st.Digits = w.unit(found.house), []int{found.house}, cells, []int{pe + 1}
		lead = fill(fcRegion, "house", w.unit(found.house), "digit", w.digit(pe+1), "cells", joinWords(cellNames(w, cells), "or"))
	} else {
		st.Area, st.Cells, st.Digits = w.cell(pc), []int{pc}, digitList(s.cand[pc])
		lead = fill(fcCell, "cell", w.cell(pc), "either", w.either(s.cand[pc]))
	}
	for _, p := range found.premises {
		replay(p)
		links, told, inner := f.chainAndInner(w, found.fact)
		st.Chains = append(st.Chains, links)
		st.Inner = append(st.Inner, inner...)
		if told == "" {
			told = f.say(w, found.fact)
		}
		branches = append(branches, fill(fcIf, "premise", f.say(w, p), "then", told))
	}
	c, e, on := f.split(found.fact)
	var conclusion string
	if on {
		st.Place = []Placement{{Cell: c, Digit: e + 1}}
		conclusion = fill(fcPlace, "cell", w.cell(c), "digit", w.digit(e+1))
	} else {
		st.Remove = []Removal{{Cell: c, Digits: []int{e + 1}}}
		conclusion = fill(fcRemove, "removals", w.removals(st.Remove))
	}
	st.Text = stepText(rule, "branches", lead+"; "+strings.Join(branches, "; "), "conclusion", conclusion)
	return st, true
}

// cellNames names cells one by one.
func cellNames(w words, cells []int) []string {
	out := make([]string, len(cells))
	for i, c := range cells {
		out[i] = w.cell(c)
	}
	return out
}

// findForcing finds the easiest forcing chain step of mode m in s.
func findForcing(s *State, m fcMode, cellOnly, regionOnly bool) (Step, bool) {
	budget := searchBudget(s)
	f := newForcer(s, m)
	defer func() { f.release() }()
	f.cellOnly, f.regionOnly = cellOnly, regionOnly
	f.innerMode, f.budget = modeDynamic, &budget
	st, ok := f.find()
	if !ok && m == modeNested && budget > 0 {
		// The second depth: branches whose inner chains use the rules.
		f.release()
		f = newForcer(s, m)
		f.innerMode, f.budget = modePlus, &budget
		st, ok = f.find()
	}
	return st, ok
}
