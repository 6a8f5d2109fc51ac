// Package tabu looks for a solution of a search state's open cells by
// local moves instead of guesses: each block (a house of a family of
// houses that partitions the cells, the boxes of a board) holds its
// missing digits from the start, each in a cell that has it as a
// candidate, and a move swaps the digits of two open cells of one block
// where each fits the other's candidates. Its cost is the digits that
// repeat in the other units (rows, columns, diagonals, regions); a board
// of cost 0 is solved. Each move is the best swap involving a cell in
// conflict, except that a digit may not return to a cell it left for a
// few moves (its tenure grows with the cells in conflict), unless that
// reaches a cost lower than any before. After a while without a new best,
// a kick of random swaps moves it elsewhere.
//
// This is the method that completes partial Latin squares best (Jin and
// Hao's tabu search for Latin square completion, 2019) carried to Sudoku:
// on boards with many solutions and about half of their cells open, which
// the exact search and clause-learning solvers find hardest, it finds
// solutions fastest. It cannot prove that there is none: it runs beside
// the exact search, never instead of it.
package tabu

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/cubedoku/cubedoku/internal/engine"
	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// tabuRules narrow the candidates of the start before a tabu search:
// every candidate they remove is a swap the search need not try.
var tabuRules = logic.Rules{logic.LockedCandidates, logic.NakedPair, logic.HiddenPair}

// tabuStall is how many moves without a new best, per open cell, make a
// tabu search kick (see kick).
const tabuStall = 4

// tabuKick is how many random swaps a kick makes (see kick).
const tabuKick = 20

// A digit that leaves a cell may not return to it for the next
// conflicted/tenureShare moves and 1 to tenureRandom more at random,
// conflicted being the cells in conflict before the move (unless it
// reaches a new best). Of the shares and random parts tried on the
// 49x49 and 64x64 boards with 60 % of their cells open that the search
// solves, these took the fewest moves over the most seeds; a longer
// tenure (a third, a quarter, a tenth) solved fewer runs.
const (
	tenureShare  = 5
	tenureRandom = 10
)

// Search is a tabu search on the open cells of a state. It serves one
// goroutine.
type Search struct {
	stride int     // digits + 1: the stride of count and banned
	open   []int32 // the open cells
	blocks [][]int32
	block  []int32 // block of each cell
	// holder[b*stride+d] is the open cell of block b that holds digit d
	// (for the digits the block's open cells hold), and takers[b*stride+d]
	// the digits (bit d-1 for d) whose holders in block b may take d.
	holder []int32
	takers []uint64
	val    []uint8  // digit of each cell (decided ones too)
	dom    []uint64 // candidates of each open cell
	// units[unitStart[c]:unitStart[c+1]] are the cost units of cell c:
	// those that hold it, but its block.
	units     []int32
	unitStart []int32
	// near[i], for the cost unit units[i] of a cell c, has bit at[o] set
	// for each other cell o of c's block in that unit, at[o] being o's
	// place in its block; shares[c] is the union of c's near masks. With
	// them delta finds the units that the two cells of a swap share
	// without comparing their lists.
	near   []uint64
	shares []uint64
	at     []uint8
	// most[c] is the most cost units that c shares with any one other
	// cell of its block (1 on the usual boards): shared takes back at
	// most 2 for each, so move passes over a swap whose change of cost
	// is above the best even with that taken back.
	most  []uint8
	count []int32 // [u*stride+d]: cells of unit u holding digit d
	// sum[u*stride+d] is the sum of c+1 over the cells c of unit u
	// holding digit d: from it recount knows the cell that holds d
	// when there is one, and the other when there are two and it
	// knows one, without looking through the unit.
	sum []int32
	// present[c*stride+d] is how many of open cell c's cost units hold
	// digit d, and dup[c] in how many of them c's own digit repeats:
	// kept as counts change, so that the change of cost of a swap is
	// worked out from a few entries (see delta).
	present  []uint8
	dup      []uint8
	cost     int     // repeated digits over the cost units
	banned   []int64 // [c*stride+d]: the move from which digit d may return to cell c
	moves    int64
	best     int   // the lowest cost since the last fill or kick
	bestAt   int64 // the move that reached it
	low      int   // the lowest cost since the last fill
	filledAt int64 // the moves at the last fill
	kicks    int64 // see kick
	// stallKicks, when positive, is the kicks since kicksAt, the kicks
	// at the last solution or fill, after which Run gives up (see
	// StallAfter).
	stallKicks, kicksAt int64
	rng                 *rand.Rand
	conf                []int32   // the open cells in conflict
	confAt              []int32   // the index of each cell in conf, -1 when not there
	unitOpen            [][]int32 // the open cells of each unit
	// changed lists the cells whose dup recount changed during a swap
	// (a cell may be there twice): with the two swapped cells, the
	// only ones that can come in or out of conflict.
	changed []int32
	// match and seen are the scratch of fill.
	match []int32
	seen  []int64
	mark  int64
}

// A Search is an engine of the portfolio.
var _ engine.Engine = (*Search)(nil)

// New prepares a tabu search, of the random stream seed, on the open
// cells of s, narrowed by tabuRules, which poll stop (nil for none)
// between their steps. It returns nil when the geometry has no family of
// houses that partitions its cells, when the rules or the fill show that
// s has no solution (the exact search says so), or when stop reported
// true.
func New(s *logic.State, seed uint64, stop engine.Stop) *Search {
	g := s.Geometry()
	tab := geomtab.Of(g)
	part := partition(g, tab)
	if part == nil {
		return nil
	}
	s = s.Clone()
	ctx := context.Background()
	if stop != nil {
		ctx = engine.Context(stop)
	}
	if _, err := tabuRules.Reduce(ctx, s); err != nil {
		return nil
	}
	cells, n := g.NumCells(), g.Digits()
	t := &Search{
		stride:   n + 1,
		block:    make([]int32, cells),
		val:      make([]uint8, cells),
		dom:      make([]uint64, cells),
		count:    make([]int32, len(tab.UnitCells)*(n+1)),
		sum:      make([]int32, len(tab.UnitCells)*(n+1)),
		present:  make([]uint8, cells*(n+1)),
		dup:      make([]uint8, cells),
		banned:   make([]int64, cells*(n+1)),
		rng:      rand.New(rand.NewPCG(seed, 0x5851f42d4c957f2d)),
		match:    make([]int32, n+1),
		confAt:   make([]int32, cells),
		unitOpen: make([][]int32, len(tab.UnitCells)),
		seen:     make([]int64, n+1),
	}
	inPart := make([]bool, len(tab.UnitCells))
	t.blocks = make([][]int32, len(part))
	t.holder = make([]int32, len(part)*(n+1))
	t.takers = make([]uint64, len(part)*(n+1))
	for i, u := range part {
		inPart[u] = true
		for _, c := range tab.UnitCells[u] {
			t.block[c] = int32(i)
		}
	}
	t.unitStart = make([]int32, cells+1)
	for c := range cells {
		for _, u := range tab.CellUnits[c] {
			if !inPart[u] {
				t.units = append(t.units, int32(u))
			}
		}
		t.unitStart[c+1] = int32(len(t.units))
	}
	t.at, t.near, t.shares = make([]uint8, cells), make([]uint64, len(t.units)), make([]uint64, cells)
	t.most = make([]uint8, cells)
	for _, u := range part {
		for i, c := range tab.UnitCells[u] {
			t.at[c] = uint8(i)
		}
	}
	for c := range cells {
		for i := t.unitStart[c]; i < t.unitStart[c+1]; i++ {
			for _, o := range tab.UnitCells[t.units[i]] {
				if o != c && t.block[o] == t.block[c] {
					t.near[i] |= 1 << t.at[o]
				}
			}
			t.shares[c] |= t.near[i]
		}
		near := t.near[t.unitStart[c]:t.unitStart[c+1]]
		for m := t.shares[c]; m != 0; m &= m - 1 {
			k, at := uint8(0), bits.TrailingZeros64(m)
			for _, mask := range near {
				k += uint8(mask >> at & 1)
			}
			t.most[c] = max(t.most[c], k)
		}
	}
	for c := range cells {
		if v := s.Value(c); v != 0 {
			t.val[c] = uint8(v)
			continue
		}
		t.open = append(t.open, int32(c))
		for _, u := range t.units[t.unitStart[c]:t.unitStart[c+1]] {
			t.unitOpen[u] = append(t.unitOpen[u], int32(c))
		}
		t.dom[c] = s.Candidates(c)
		t.blocks[t.block[c]] = append(t.blocks[t.block[c]], int32(c))
	}
	if !t.fill() {
		return nil
	}
	return t
}

// partition returns the houses of one kind (boxes, else rows, columns or
// regions) that hold every cell exactly once, or nil when no kind does.
func partition(g *sudoku.Geometry, tab *geomtab.Tables) []int {
	for _, kind := range []sudoku.UnitKind{sudoku.Box, sudoku.Row, sudoku.Column, sudoku.Region} {
		var part []int
		covered := 0
		seen := make([]bool, g.NumCells())
		ok := true
		for _, u := range tab.Houses {
			if g.UnitKind(u) != kind {
				continue
			}
			for _, c := range tab.UnitCells[u] {
				if seen[c] {
					ok = false
				}
				seen[c] = true
				covered++
			}
			part = append(part, u)
		}
		if ok && covered == g.NumCells() {
			return part
		}
	}
	return nil
}

// fill gives each block's open cells its missing digits afresh, in a
// random matching of cells to digits within their candidates, and counts
// the cost. It returns false when a block has no such matching.
func (t *Search) fill() bool {
	for blk, cells := range t.blocks {
		holder := t.holder[blk*t.stride:][:t.stride]
		takers := t.takers[blk*t.stride:][:t.stride]
		t.rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		for d := range t.match {
			t.match[d] = -1
		}
		for _, c := range cells {
			t.mark++
			if !t.augment(c) {
				return false
			}
		}
		for d, c := range t.match {
			if c >= 0 {
				t.val[c] = uint8(d)
				holder[d] = c
			}
		}
		clear(takers)
		for _, c := range cells {
			for m := t.dom[c]; m != 0; m &= m - 1 {
				takers[bits.TrailingZeros64(m)+1] |= 1 << (t.val[c] - 1)
			}
		}
	}
	clear(t.count)
	clear(t.sum)
	for c := range t.val {
		for _, u := range t.units[t.unitStart[c]:t.unitStart[c+1]] {
			t.count[int(u)*t.stride+int(t.val[c])]++
			t.sum[int(u)*t.stride+int(t.val[c])] += int32(c) + 1
		}
	}
	t.cost = costOf(t.count)
	clear(t.present)
	for _, c := range t.open {
		p := t.present[int(c)*t.stride : int(c+1)*t.stride]
		for _, u := range t.units[t.unitStart[c]:t.unitStart[c+1]] {
			for d, k := range t.count[int(u)*t.stride : int(u+1)*t.stride] {
				if k > 0 {
					p[d]++
				}
			}
		}
		t.dup[c] = t.repeats(c)
	}
	clear(t.banned)
	t.best, t.bestAt, t.low, t.filledAt = t.cost, t.moves, t.cost, t.moves
	t.conf = t.conf[:0]
	for i := range t.confAt {
		t.confAt[i] = -1
	}
	for _, c := range t.open {
		t.update(c)
	}
	return true
}

// costOf returns the cost of the digit counts count ([u*stride+d]: the
// cells of unit u holding d): how many times digits repeat in units.
func costOf(count []int32) int {
	cost := 0
	for _, k := range count {
		if k > 1 {
			cost += int(k - 1)
		}
	}
	return cost
}

// augment finds cell c a digit of its candidates in the block's matching
// (t.match: digit to cell), moving the cells on an augmenting path.
func (t *Search) augment(c int32) bool {
	for m := t.dom[c]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m) + 1
		if t.seen[d] == t.mark {
			continue
		}
		t.seen[d] = t.mark
		if o := t.match[d]; o < 0 || t.augment(o) {
			t.match[d] = c
			return true
		}
	}
	return false
}

// probeMoves and probeFar: the first probeMoves moves per open cell of a
// tabu search from a fill are a probe, which it fails when its lowest cost
// is then above one probeFar-th of the open cells (see far). On boards of
// 36x36 to 64x64 with 40 to 60 % of their cells open, the lowest cost
// after the probe was a few percent of the open cells on the boards the
// search then solved, and three times that or more on those it did not
// solve, which the clause-learning search is left to.
const (
	probeMoves = 4
	probeFar   = 25
)

// probed reports whether the search has made the moves of its probe
// since its last fill (see probeMoves).
func (t *Search) probed() bool {
	return t.moves-t.filledAt >= int64(probeMoves*len(t.open))
}

// far reports whether the search has failed its probe: its lowest cost
// since its last fill is above one probeFar-th of the open cells after
// the moves of the probe.
func (t *Search) far() bool { return t.probed() && t.low*probeFar > len(t.open) }

// poll is how many moves Run makes between looks at its stop: a move
// takes a few microseconds near a solution, and up to about 0.1 ms on a
// 64x64 board just after a fill, when most open cells are in conflict, so
// that a stop is seen within a few milliseconds.
const poll = 32

// Run makes up to budget moves (budget < 0: no limit), poll at a time
// between looks at stop, and reports Solved when the board is solved (the
// digits are those of Values), Abandoned when the search failed its probe
// (see Far) or, with StallAfter, stalled, and Unknown when the budget ran
// out or stop reported true.
func (t *Search) Run(budget int64, stop engine.Stop) engine.Report {
	before := t.moves
	report := func(status engine.Status) engine.Report {
		if status == engine.Solved {
			t.kicksAt = t.kicks
		}
		return engine.Report{Status: status, Steps: t.moves - before}
	}
	for budget != 0 {
		n := int64(poll)
		if budget > 0 {
			n = min(n, budget)
			budget -= n
		}
		if t.run(int(n)) {
			return report(engine.Solved)
		}
		if t.far() || t.stallKicks > 0 && t.kicks-t.kicksAt >= t.stallKicks {
			return report(engine.Abandoned)
		}
		if stop() {
			break
		}
	}
	return report(engine.Unknown)
}

// run makes at most k moves, and reports whether the board is solved.
func (t *Search) run(k int) bool {
	stall := int64(tabuStall * max(len(t.open), 64))
	for ; k > 0 && t.cost > 0; k-- {
		if t.moves-t.bestAt > stall {
			t.kicks++
			t.kick()
		}
		t.move()
	}
	return t.cost == 0
}

// StallAfter makes Run report Abandoned once the search has made kicks
// kicks (see kick) since its last solution or fill: for a caller that
// wants another solution than those it found, which a board with only
// those never gives.
func (t *Search) StallAfter(kicks int64) { t.stallKicks = kicks }

// Probed reports whether the search has made the moves of its probe since
// its last fill (see probeMoves).
func (t *Search) Probed() bool { return t.probed() }

// Far reports whether the search has failed its probe (see probeMoves):
// it is too far from a solution to reach one in reasonable time.
func (t *Search) Far() bool { return t.far() }

// Kicks counts the kicks the search has made, each a sign that it is
// stuck (see kick).
func (t *Search) Kicks() int64 { return t.kicks }

// Values returns the digit of every cell, decided ones too: a solution
// after Run reported Solved. The slice is the search's own, valid until
// its next move.
func (t *Search) Values() []uint8 { return t.val }

// Shake moves the search off the solution it holds by a few random swaps,
// to look for another nearby.
func (t *Search) Shake() { t.shake() }

// Fill starts the search afresh from a random fill of the blocks. It
// reports false when a block cannot be filled (which a state the search
// was made from never has).
func (t *Search) Fill() bool {
	if !t.fill() {
		return false
	}
	t.kicksAt = t.kicks
	return true
}

// kick makes tabuKick random swaps of cells in conflict (each with a cell
// of its block that can take its digit) and makes the cost it reaches the
// best to beat: a way out of a region where the tabu search keeps within a
// few conflicts of a solution without reaching one.
func (t *Search) kick() { t.perturb(true) }

// shake makes tabuKick random swaps of any open cells, as kick does of
// those in conflict: the way from a solution (which has none) to look for
// another nearby.
func (t *Search) shake() { t.perturb(false) }

// perturb makes tabuKick random swaps, each of a cell in conflict
// (inConflict) or of any open cell with a cell of its block that can take
// its digit, and makes the cost it reaches the best to beat.
func (t *Search) perturb(inConflict bool) {
	k := tabuKick
	for i := 0; i < 10*tabuKick && k > 0; i++ {
		pool := t.open
		if inConflict {
			pool = t.conf // which each swap changes
		}
		if len(pool) == 0 {
			return
		}
		a := pool[t.rng.IntN(len(pool))]
		cells := t.blocks[t.block[a]]
		b := cells[t.rng.IntN(len(cells))]
		if b == a || t.dom[a]&(1<<(t.val[b]-1)) == 0 || t.dom[b]&(1<<(t.val[a]-1)) == 0 {
			continue
		}
		t.swap(a, b)
		k--
	}
	t.best, t.bestAt, t.low = t.cost, t.moves, min(t.low, t.cost)
}

// move makes the best swap that involves a cell in conflict and is not
// banned (or reaches a new best), ties broken at random.
func (t *Search) move() {
	t.moves++
	bestDelta, ties := 1<<30, 0
	var ba, bb int32
	for _, a := range t.conf {
		va := t.val[a]
		blk := int(t.block[a]) * t.stride
		holder := t.holder[blk:][:t.stride]
		// What delta and the bans read of a, once for all its swaps.
		present := t.present[int(a)*t.stride:][:t.stride]
		banned := t.banned[int(a)*t.stride:][:t.stride]
		dup, shares, most := int(t.dup[a]), t.shares[a], 2*int(t.most[a])
		// The swaps a can make: with the holders of the other digits
		// it may take, when they may take its own.
		for m := t.dom[a] & t.takers[blk+int(va)] &^ (1 << (va - 1)); m != 0; m &= m - 1 {
			vb := uint8(bits.TrailingZeros64(m) + 1)
			b := holder[vb]
			// delta(a, b), knowing that b holds vb.
			d := int(present[vb]) - dup + int(t.present[int(b)*t.stride+int(va)]) - int(t.dup[b])
			if at := t.at[b]; shares>>at&1 != 0 {
				if d-most > bestDelta {
					continue // not the best, whatever the units shared give back
				}
				d += t.shared(a, at, int(va), int(vb))
			}
			if d > bestDelta {
				continue // not the best, banned or not
			}
			if (banned[vb] > t.moves || t.banned[int(b)*t.stride+int(va)] > t.moves) && t.cost+d >= t.best {
				continue
			}
			switch {
			case d < bestDelta:
				bestDelta, ba, bb, ties = d, a, b, 1
			case d == bestDelta:
				ties++
				if t.rng.IntN(ties) == 0 {
					ba, bb = a, b
				}
			}
		}
	}
	if ties == 0 {
		// Every swap is banned: a random one of a cell in conflict.
		a := t.conf[t.rng.IntN(len(t.conf))]
		cells := t.blocks[t.block[a]]
		b := cells[t.rng.IntN(len(cells))]
		if b == a || t.dom[a]&(1<<(t.val[b]-1)) == 0 || t.dom[b]&(1<<(t.val[a]-1)) == 0 {
			return
		}
		ba, bb = a, b
	}
	va, vb := t.val[ba], t.val[bb]
	conflicted := len(t.conf)
	t.swap(ba, bb)
	tenure := t.moves + int64(conflicted/tenureShare) + int64(t.rng.IntN(tenureRandom)) + 1
	t.banned[int(ba)*t.stride+int(va)] = tenure
	t.banned[int(bb)*t.stride+int(vb)] = tenure
	if t.cost < t.best {
		t.best, t.bestAt = t.cost, t.moves
		t.low = min(t.low, t.cost)
	}
}

// conflicts reports whether the digit of cell c repeats in one of its
// cost units.
func (t *Search) conflicts(c int32) bool { return t.dup[c] > 0 }

// repeats returns in how many of its cost units the digit of cell c
// repeats.
func (t *Search) repeats(c int32) uint8 {
	n, v := uint8(0), int(t.val[c])
	for _, u := range t.units[t.unitStart[c]:t.unitStart[c+1]] {
		if t.count[int(u)*t.stride+v] > 1 {
			n++
		}
	}
	return n
}

// delta returns the change of cost that swapping the digits of cells a
// and b would make: in each cost unit of a that b is not in, a's digit x
// ends a repeat if it repeats there, and b's digit y makes one if the
// unit holds it; the same for b; a unit that holds both keeps its
// digits.
func (t *Search) delta(a, b int32) int {
	x, y := int(t.val[a]), int(t.val[b])
	d := int(t.present[int(a)*t.stride+y]) - int(t.dup[a]) + int(t.present[int(b)*t.stride+x]) - int(t.dup[b])
	if at := t.at[b]; t.shares[a]>>at&1 != 0 {
		d += t.shared(a, at, x, y)
	}
	return d
}

// shared returns what delta takes back for the units that cell a, which
// holds x, shares with the cell at place at of its block, which holds y:
// delta counts the swap in each as y arriving (1, as that cell holds it)
// and x leaving, and the same for the other cell, but the unit keeps
// both digits.
func (t *Search) shared(a int32, at uint8, x, y int) int {
	d := 0
	for i := t.unitStart[a]; i < t.unitStart[a+1]; i++ {
		if t.near[i]>>at&1 != 0 {
			base := int(t.units[i]) * t.stride
			d -= 2
			if t.count[base+x] > 1 {
				d++
			}
			if t.count[base+y] > 1 {
				d++
			}
		}
	}
	return d
}

// swap exchanges the digits of cells a and b, updating counts, cost and
// the cells in conflict (only those of the units of a and b can change).
func (t *Search) swap(a, b int32) {
	t.cost += t.delta(a, b)
	va, vb := t.val[a], t.val[b]
	t.recount(a, va, vb)
	t.recount(b, vb, va)
	t.val[a], t.val[b] = vb, va
	t.dup[a], t.dup[b] = t.repeats(a), t.repeats(b)
	blk := int(t.block[a]) * t.stride
	t.holder[blk+int(vb)], t.holder[blk+int(va)] = a, b
	// A digit that a may take and b may not (or the other way round)
	// had va's holder (vb's) as a taker, and now has vb's (va's).
	flip := uint64(1)<<(va-1) | uint64(1)<<(vb-1)
	for m := t.dom[a] ^ t.dom[b]; m != 0; m &= m - 1 {
		t.takers[blk+bits.TrailingZeros64(m)+1] ^= flip
	}
	// The cells that came in or out of conflict enter or leave t.conf
	// in the order of these loops (which decides the order in which
	// move goes through t.conf, hence the moves it makes), the first
	// time the loops meet them; pending counts them (a cell listed
	// twice in t.changed may count twice, and then the loops go on to
	// their end), so that the loops stop once they have met them all.
	pending := 0
	for _, c := range t.changed {
		if c != a && c != b && t.stale(c) {
			pending++
		}
	}
	for _, c := range [2]int32{a, b} {
		if t.stale(c) {
			pending++
		}
	}
	t.changed = t.changed[:0]
	for _, x := range [2]int32{a, b} {
		for _, u := range t.units[t.unitStart[x]:t.unitStart[x+1]] {
			for _, c := range t.unitOpen[u] {
				if pending == 0 {
					return
				}
				if t.stale(c) {
					t.update(c)
					pending--
				}
			}
		}
	}
}

// stale reports whether cell c is in conflict and not in t.conf, or the
// other way round.
func (t *Search) stale(c int32) bool { return t.conflicts(c) != (t.confAt[c] >= 0) }

// update puts cell c in the list of cells in conflict, or takes it out,
// as its digit repeats in one of its units or not.
func (t *Search) update(c int32) {
	at := t.confAt[c]
	switch in := t.conflicts(c); {
	case in && at < 0:
		t.confAt[c] = int32(len(t.conf))
		t.conf = append(t.conf, c)
	case !in && at >= 0:
		last := t.conf[len(t.conf)-1]
		t.conf[at] = last
		t.confAt[last] = at
		t.conf = t.conf[:len(t.conf)-1]
		t.confAt[c] = -1
	}
}

// recount moves cell c's count in its cost units from digit x to y,
// and keeps present and dup up to date, but for c and the cell it swaps
// with, whose dup swap works out afresh; it lists the cells whose dup
// it changed in t.changed.
func (t *Search) recount(c int32, x, y uint8) {
	for _, u := range t.units[t.unitStart[c]:t.unitStart[c+1]] {
		base := int(u) * t.stride
		t.count[base+int(x)]--
		t.count[base+int(y)]++
		t.sum[base+int(x)] -= c + 1
		t.sum[base+int(y)] += c + 1
		switch t.count[base+int(x)] {
		case 0:
			for _, o := range t.unitOpen[u] {
				t.present[int(o)*t.stride+int(x)]--
			}
		case 1:
			// The cell left holding x no longer repeats there.
			t.redup(t.sum[base+int(x)]-1, -1)
		}
		switch t.count[base+int(y)] {
		case 1:
			for _, o := range t.unitOpen[u] {
				t.present[int(o)*t.stride+int(y)]++
			}
		case 2:
			// The cell that held y alone now repeats there.
			t.redup(t.sum[base+int(y)]-c-2, 1)
		}
	}
}

// redup adds k to the dup of cell o, when it is open, and lists it in
// t.changed.
func (t *Search) redup(o int32, k int) {
	if t.dom[o] != 0 { // decided cells have no candidates
		t.dup[o] = uint8(int(t.dup[o]) + k)
		t.changed = append(t.changed, o)
	}
}

// State writes the solution the search holds into a copy of start,
// which must be the state it was made from.
func (t *Search) State(start *logic.State) (*logic.State, error) {
	s := start.Clone()
	for c, v := range t.val {
		if s.Value(c) != 0 {
			continue
		}
		if err := s.Assign(c, int(v)); err != nil {
			return nil, err
		}
	}
	return s, nil
}
