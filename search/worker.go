package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/cubedoku/cubedoku/internal/alldiff"
	"github.com/cubedoku/cubedoku/internal/engine"
	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// pollEvery is how many nodes a worker searches between looks at its
// context: a power of two, small enough that a cancel on a 25x25 board is
// seen within a fraction of a millisecond. A search with rules (see
// WithRules) looks at every node, and between the rules' steps inside a
// node, since a node's rules can take milliseconds on a large board.
const pollEvery = 8

// visitFunc is told of each solution; it returns false to stop the search.
// In a parallel search it is called from several goroutines at once.
type visitFunc func(*logic.State) bool

// worker searches subtrees depth first, one at a time, on its own stack
// of states (one per depth, allocated on first use and kept). In a
// parallel search it gives away untried branches near the root of its
// subtree when another worker has nothing to do.
type worker struct {
	stack []*logic.State
	cells []int    // cells[d]: the cell branched on at depth d
	rest  []uint64 // rest[d]: digits of cells[d] not yet tried or given away
	// tried[d]: the digit tried now in cells[d]. Together with cells, it
	// rebuilds a dropped state from the one above it (see at).
	tried []int
	stop  stopper
	visit visitFunc
	rules logic.Rules // applied at every node after singles, when set
	// rulesCtx is the context the rules poll (see reduce).
	rulesCtx context.Context
	// weight counts, for each cell, the contradictions met in the houses
	// that hold it, once weighted (see pickCell); unitCells lists the
	// cells of each unit.
	weight    []int32
	weighted  bool
	unitCells [][]int
	// houses lists, for each cell, the houses that hold it: the
	// geometry's shared, read-only table, fetched once per search.
	houses [][]int
	// first, when set, gives for each cell the digit index (0-based) to
	// try first; the others follow cyclically (see valueOrder).
	first []uint8
	// rng, when set, breaks ties between cells and picks the first digit
	// to try at random (after a restart).
	rng     *rand.Rand
	stopped bool  // visit returned false, or the search must end
	halted  bool  // visit returned false
	err     error // a rule's error that ends the search
	polled  int64 // counts.nodes when the stop was last polled
	counts  counters
	id      int // the worker's index
	// The worker holds at most maxStates states (held now, the stack's
	// and the spare ones); when it holds that many, the depths that are
	// multiples of every (checkpoints, 0 for none) keep theirs, and the
	// shallowest of the others give theirs up, from lowest on (see
	// buffer).
	maxStates, every, held, lowest int
	stackBytes                     int // the memory the stack may hold, when not stackBytes (tests)
	spare                          []*logic.State

	// What the call sets up around the search, each in its own type:
	// work sharing (nil in a serial search or start), the schedule of
	// restarts and of the parallel start, the all-different filter, the
	// turns of the tabu and clause-learning searches (nil without them)
	// and the observer's view.
	share *sharing
	sched schedule
	hall  hallFilter
	local *local
	obs   observed
}

// hallFilter is a worker's all-different filter (see withHall): on says
// that the worker filters every node by the all-different rule of each
// house after singles, once it has met after dead ends; f is the filter,
// made then.
type hallFilter struct {
	on    bool
	after int64
	f     *alldiff.Filter
}

// stopper tells a worker when to give up: when done is closed, when the
// deadline has passed, or when the workers have searched more nodes than
// the limit. Workers read the clock themselves because a timer can fire
// late while every processor is busy searching.
type stopper struct {
	done     <-chan struct{}
	deadline time.Time // zero for none
	expired  *atomic.Bool
	limit    int64         // node limit, 0 for none
	spent    *atomic.Int64 // nodes searched by every worker, as polled
	exceeded *atomic.Bool
	// quit, once set, ends every worker: one of a portfolio found a
	// solution or ended.
	quit *atomic.Bool
}

func newStopper(ctx context.Context, limit int64) stopper {
	deadline, _ := ctx.Deadline()
	return stopper{done: ctx.Done(), deadline: deadline, expired: new(atomic.Bool),
		limit: limit, spent: new(atomic.Int64), exceeded: new(atomic.Bool), quit: new(atomic.Bool)}
}

// now reports whether the search must end; nodes is how many the caller
// searched since it last asked.
func (st stopper) now(nodes int64) bool {
	select {
	case <-st.done:
		return true
	default:
	}
	if st.quit.Load() {
		return true
	}
	if !st.deadline.IsZero() && !time.Now().Before(st.deadline) {
		st.expired.Store(true)
		return true
	}
	if st.limit > 0 && st.spent.Add(nodes) > st.limit {
		st.exceeded.Store(true)
		return true
	}
	return false
}

type counters struct {
	nodes, guesses, deadEnds, solutions, shared, restarts int64
	rebuilt                                               int64 // states rebuilt (see worker.at)
	moves                                                 int64 // of the tabu search (see local)
	conflicts                                             int64 // of the clause-learning search (see local)
	states                                                int64 // the most states a worker held
}

func (c *counters) add(o counters) {
	c.nodes += o.nodes
	c.guesses += o.guesses
	c.deadEnds += o.deadEnds
	c.solutions += o.solutions
	c.shared += o.shared
	c.restarts += o.restarts
	c.rebuilt += o.rebuilt
	c.moves += o.moves
	c.conflicts += o.conflicts
	c.states = max(c.states, o.states)
}

// run searches the subtree of a task.
func (w *worker) run(t task) {
	w.stopped, w.halted = false, false
	if w.maxStates == 0 {
		w.sizeStack(t.state)
	}
	s := w.state(0)
	s.CopyFrom(t.state)
	if t.digit != 0 {
		w.counts.nodes++
		if s.Assign(t.cell, t.digit) != nil || w.reduce(s) != nil {
			if !w.stopped {
				w.deadEnd(s)
			}
			return
		}
	} else if (w.rules != nil || w.filtering()) && w.reduce(s) != nil {
		if !w.stopped {
			w.deadEnd(s)
		}
		return
	}
	w.dfs(0)
}

// reduce propagates singles in s, and then the worker's rules if any. An
// error other than a contradiction (the search's stop, which the rules
// look at between steps, or a faulty rule) stops the worker; the caller
// tells it from a dead end by w.stopped.
func (w *worker) reduce(s *logic.State) error {
	if w.rules == nil {
		err := s.Propagate()
		if err == nil && w.filtering() {
			if w.hall.f == nil {
				w.hall.f = alldiff.New(s)
			}
			err = w.hall.f.Reduce(s)
		}
		return err
	}
	if w.rulesCtx == nil {
		// The context the rules see: its Err is engine.ErrStopped once
		// the search must end, polled as the worker polls between nodes,
		// so that a node's many rule steps do not hold up a cancel.
		w.rulesCtx = engine.Context(w.cancelled)
	}
	_, err := w.rules.Reduce(w.rulesCtx, s)
	if err != nil && !errors.Is(err, logic.ErrContradiction) {
		w.stopped = true
		if err != engine.ErrStopped {
			w.err = err
		}
	}
	return err
}

// filtering reports whether the worker filters its nodes by the
// all-different rule by now (see useHall).
func (w *worker) filtering() bool {
	return w.hall.on && w.counts.deadEnds >= w.hall.after
}

func (w *worker) dfs(d int) {
	s := w.stack[d]
	decided := len(w.houses) - s.Left()
	if w.obs.watch != nil {
		w.obs.depth, w.obs.decided = d, decided
		w.obs.best = max(w.obs.best, decided)
	}
	if s.Left() == 0 {
		w.found(s)
		return
	}
	cell, mask := w.pickCell(s)
	if mask&(mask-1) != 0 {
		w.counts.guesses++
	}
	w.state(d + 1)
	w.cells[d] = cell
	w.rest[d] = mask
	for w.rest[d] != 0 {
		if w.obs.watch != nil {
			// Back from a child: the observer sees this depth again.
			w.obs.depth, w.obs.decided = d, decided
		}
		if w.every != 0 {
			// Deeper searches may have dropped (and then rebuilt) the
			// state of this depth.
			var ok bool
			if s, ok = w.at(d); !ok {
				// Stopped, or a dead end at or above d (see at).
				return
			}
		}
		w.counts.nodes++
		if (w.rules != nil || w.filtering() || w.counts.nodes%pollEvery == 0) && w.cancelled() {
			return
		}
		if w.sched.cutoff > 0 && w.counts.deadEnds >= w.sched.cutoff {
			w.stopped, w.sched.restart = true, true
			return
		}
		if w.local != nil && w.counts.deadEnds >= w.local.next {
			// The turns of the tabu and clause-learning searches (see
			// localTurn).
			w.local.next = w.counts.deadEnds + w.local.turn
			if w.runTabu(w.tabuMoves()) || w.runClauses(clauseTurn) {
				return
			}
		}
		if w.sched.onBudget != nil && (w.counts.nodes >= w.sched.budget || w.sched.deadEndBudget > 0 && w.counts.deadEnds >= w.sched.deadEndBudget) {
			f := w.sched.onBudget
			w.sched.onBudget = nil
			f()
		}
		if w.share != nil && w.share.wanted() {
			w.giveAway(d)
			if w.rest[d] == 0 {
				return
			}
		}
		bit := w.rest[d] & -w.rest[d]
		switch {
		case w.rng != nil:
			bit = w.leastConstraining(s, cell, w.rest[d])
		case w.first != nil:
			bit = nextDigit(w.rest[d], int(w.first[cell]))
		}
		w.rest[d] &^= bit
		w.tried[d] = bits.TrailingZeros64(bit) + 1
		var child *logic.State
		if w.rest[d] == 0 && (w.every == 0 || d%w.every != 0) {
			// The last digit to try: the parent is not needed again, so
			// the child takes its state (swapped to depth d+1) uncopied.
			// (A checkpoint keeps its state for the rebuilds below it.)
			w.stack[d], w.stack[d+1] = w.stack[d+1], s
			w.lowest = min(w.lowest, d+1)
			child = s
			if w.every != 0 && w.stack[d] != nil {
				// Not a state of depth d any more: keep it spare.
				w.spare = append(w.spare, w.stack[d])
				w.stack[d] = nil
			}
		} else {
			if child = w.stack[d+1]; child == nil {
				child = w.state(d + 1)
			}
			child.CopyFrom(s)
		}
		if child.Assign(cell, w.tried[d]) != nil || w.reduce(child) != nil {
			if w.stopped {
				return
			}
			w.deadEnd(child)
			continue
		}
		w.dfs(d + 1)
		if w.stopped {
			return
		}
	}
}

// giveAway hands untried branches to workers that wait for work: one
// branch each, from the shallowest depth (up to d) that has some, whose
// subtrees are likely the largest.
func (w *worker) giveAway(d int) {
	for j := 0; j <= d; j++ {
		for w.rest[j] != 0 && w.stack[j] != nil {
			bit := w.rest[j] & -w.rest[j]
			if !w.share.give(task{state: w.stack[j].Clone(), cell: w.cells[j], digit: bits.TrailingZeros64(bit) + 1}) {
				return
			}
			w.counts.shared++
			w.rest[j] &^= bit
		}
	}
}

func (w *worker) found(s *logic.State) {
	w.counts.solutions++
	if !w.visit(s) {
		w.stopped, w.halted = true, true
	}
}

// leastConstraining returns the digit of mask (as a bit) with the fewest
// places left in cell's houses: placing it takes the fewest candidates
// from the cell's peers, and it is the digit those houses have the
// fewest other places for. Ties go to the lowest digit.
func (w *worker) leastConstraining(s *logic.State, cell int, mask uint64) uint64 {
	best, bestBit := 1<<30, uint64(0)
	for m := mask; m != 0; m &= m - 1 {
		d := bits.TrailingZeros64(m) + 1
		k := 0
		for _, h := range w.houses[cell] {
			k += s.Places(h, d)
		}
		if k < best {
			best, bestBit = k, m&-m
		}
	}
	return bestBit
}

// cancelled polls the stop, counting the nodes searched since the last
// poll against the node limit, and reports whether the search must end.
func (w *worker) cancelled() bool {
	nodes := w.counts.nodes - w.polled
	w.polled = w.counts.nodes
	if w.stopped || w.stop.now(nodes) || (w.share != nil && w.share.stopped.Load()) {
		w.stopped = true
		return true
	}
	if w.obs.watch != nil {
		if w.counts.nodes-w.obs.watched >= observeEvery {
			w.observe(false)
		}
		if w.obs.watch.failed.Load() {
			w.stopped = true
		}
	}
	return w.stopped
}

// deadEnd counts a child that propagation proved contradictory, and adds
// weight to the houses where it broke down: to the weight of every cell
// of each (see pickCell).
func (w *worker) deadEnd(child *logic.State) {
	w.counts.deadEnds++
	g := child.Geometry()
	if len(w.weight) != g.NumCells() {
		w.weight = make([]int32, g.NumCells())
		w.unitCells = geomtab.Of(g).UnitCells
	}
	w.weighted = true
	why := child.Contradiction()
	switch {
	case why.Unit >= 0:
		w.addWeight(why.Unit)
	case why.Cell >= 0:
		for _, h := range w.houses[why.Cell] {
			w.addWeight(h)
		}
	}
}

// addWeight adds a contradiction seen in house h to the weight of its
// cells.
func (w *worker) addWeight(h int) {
	for _, c := range w.unitCells[h] {
		w.weight[c]++
	}
}

// pickCell returns the open cell to branch on, and its candidates. s must
// have an open cell.
//
// Until the search meets a contradiction it is the open cell with the
// fewest candidates (the first such in cell order). From then on each cell
// is rated by its candidates divided by the weight of its houses (one plus
// the contradictions they saw): branching where the search keeps failing
// leads it out of a subtree with no solution far sooner than candidates
// alone (the dom/wdeg rule of constraint solvers), which keeps large
// boards with many open cells from thrashing for minutes below an early
// wrong guess.
func (w *worker) pickCell(s *logic.State) (cell int, mask uint64) {
	if w.rng != nil {
		return w.pickCellAt(s, w.rng.IntN(len(w.houses)))
	}
	g := s.Geometry()
	cell = -1
	if !w.weighted {
		best := 65
		for c := range g.NumCells() {
			if s.Value(c) != 0 {
				continue
			}
			m := s.Candidates(c)
			if n := bits.OnesCount64(m); n < best {
				best, cell, mask = n, c, m
				if n <= 2 {
					break
				}
			}
		}
		return cell, mask
	}
	// Minimise n/weight: n*bestWeight < best*weight, in integers.
	best, bestWeight := int64(65), int64(1)
	for c := range g.NumCells() {
		if s.Value(c) != 0 {
			continue
		}
		m := s.Candidates(c)
		weight := 1 + int64(w.weight[c])
		if n := int64(bits.OnesCount64(m)); n*bestWeight < best*weight {
			best, bestWeight, cell, mask = n, weight, c, m
		}
	}
	return cell, mask
}

// pickCellAt is pickCell with the cells scanned from cell from on, round
// the board, so that ties go to the first from there: with a random from,
// a random one of the tied cells near it. (pickCell keeps a loop of its
// own without the wrap, which the searches without restarts would pay
// for at every cell of every node.)
func (w *worker) pickCellAt(s *logic.State, from int) (cell int, mask uint64) {
	cells := len(w.houses)
	cell = -1
	best, bestWeight := int64(65), int64(1)
	for i := range cells {
		c := i + from
		if c >= cells {
			c -= cells
		}
		if s.Value(c) != 0 {
			continue
		}
		m := s.Candidates(c)
		weight := int64(1)
		if w.weighted {
			weight += int64(w.weight[c])
		}
		if n := int64(bits.OnesCount64(m)); n*bestWeight < best*weight {
			best, bestWeight, cell, mask = n, weight, c, m
			if !w.weighted && n <= 2 {
				break
			}
		}
	}
	return cell, mask
}

// valueOrder returns, for a geometry of boxes (see
// [sudoku.Geometry.IsStandard]), the digit index each cell tries first:
// that of the pattern grid digit(r, c) = (boxCols*(r mod boxRows) +
// r/boxRows + c) mod N, a complete grid of every box shape. The other
// digits follow cyclically. For other geometries it returns nil: the
// lowest digit first.
//
// Trying the lowest digit first everywhere fills every house with the low
// digits early and leaves the highest ones to the last cells of each,
// where they rarely fit: on an empty board with wide rectangular boxes
// (5x11, 3x19, 6x10, 7x9 and some thirty other shapes) the search met its
// contradictions a hundred cells from the end, on the top two digits, far
// below the guesses that caused them, and did not finish in minutes.
// Starting each cell at a different digit spreads every digit evenly over
// the houses; starting at the pattern's digit makes the first descent on
// an empty board a solution, with no dead end, for every box shape. On a
// puzzle with givens it is one order among others: which digit is tried
// first matters only for the branch that holds the solution.
func valueOrder(g *sudoku.Geometry) []uint8 {
	if !g.IsStandard() {
		return nil
	}
	br, bc, n := g.BoxRows(), g.BoxCols(), g.Digits()
	if br*bc != n || n > 64 {
		return nil
	}
	first := make([]uint8, g.NumCells())
	for c := range first {
		r, col := g.RowCol(c)
		first[c] = uint8((bc*(r%br) + r/br + col) % n)
	}
	return first
}

// sparse reports whether state s has so few cells decided that the
// pattern order of [valueOrder] pays: fewer than one cell in ten. On
// puzzles with more givens the lowest-first order needs fewer nodes, and
// their givens, not the digit order, keep the search from the empty
// board's trouble.
func sparse(s *logic.State) bool {
	cells := s.Geometry().NumCells()
	return (cells-s.Left())*10 < cells
}

// nextDigit returns the bit of the first digit of mask at or after digit
// index from, wrapping round to the lowest.
func nextDigit(mask uint64, from int) uint64 {
	if hi := mask >> uint(from) << uint(from); hi != 0 {
		return hi & -hi
	}
	return mask & -mask
}

// root prepares the propagated state of board b, narrowed to marks when
// they are set (see WithMarks), or the error that ends the search before
// it starts.
func root(ctx context.Context, b *sudoku.Board, marks []uint64) (*logic.State, error) {
	if err := checkArgs(ctx, b); err != nil {
		return nil, err
	}
	if err := checkMarks(b, marks); err != nil {
		return nil, err
	}
	var (
		s   *logic.State
		err error
	)
	if marks != nil {
		s, err = logic.NewStateFromMarks(b, normalMarks(marks, b.Geometry().Digits()))
	} else {
		s, err = logic.NewState(b)
	}
	var conflict *sudoku.ConflictError
	switch {
	case errors.As(err, &conflict):
		return nil, fmt.Errorf("%w: %w", ErrNoSolution, conflict)
	case err != nil:
		return nil, fmt.Errorf("%w: %w", ErrNoSolution, err)
	}
	if s.Propagate() != nil {
		return nil, fmt.Errorf("%w: %w: %s", ErrNoSolution, logic.ErrContradiction, s.Contradiction().DescribeIn(s.Geometry(), s.Notation()))
	}
	return s, nil
}

// normalMarks returns marks cut down to the digits 1..n, a mark left with
// none of them meaning no mark (see WithMarks). The marks are the
// option's, which calls on other goroutines may read at the same time, so
// marks with bits beyond n are cut in a copy.
func normalMarks(marks []uint64, n int) []uint64 {
	all := logic.Bit(n)<<1 - 1
	for c, m := range marks {
		if m&^all != 0 {
			cut := slices.Clone(marks)
			for i := c; i < len(cut); i++ {
				cut[i] &= all
			}
			return cut
		}
	}
	return marks
}

// checkMarks returns the error for marks of the wrong length for b.
func checkMarks(b *sudoku.Board, marks []uint64) error {
	if marks != nil && len(marks) != b.Geometry().NumCells() {
		return invalid("WithMarks: %d marks for %d cells", len(marks), b.Geometry().NumCells())
	}
	return nil
}

// checkArgs returns the error for a nil context or board, or for a context
// already ended.
func checkArgs(ctx context.Context, b *sudoku.Board) error {
	switch {
	case ctx == nil:
		return invalid("nil context")
	case b == nil:
		return invalid("nil board")
	}
	return ctx.Err()
}

// outcome is how a search ended.
type outcome struct {
	err    error // a rule's error that ended the search
	counts counters
	halted bool // visit asked to stop
	// answered says that a clause-learning search counted Count's
	// solutions to the end, answer (see worker.answer).
	answered bool
	answer   int64
	expired  bool // the context's deadline passed before the search ended
	exceeded bool // the node limit was reached before the search ended
}

// interrupted returns the error for a search that ctx ended early, or nil
// when it ran to its end.
func (o outcome) interrupted(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if o.expired {
		return context.DeadlineExceeded
	}
	if o.exceeded {
		return ErrNodeLimit
	}
	return nil
}

// task is a subtree to search: the state of its parent, and the digit to
// put in a cell of it first (none when digit is 0).
type task struct {
	state *logic.State
	cell  int
	digit int
}

// sharing is the work shared by the workers of a parallel search. A
// worker that runs out of work waits in next; a busy worker that sees one
// waiting (wanted) gives it untried branches of its own (give). The search
// ends when every task given has been searched, or when it is stopped.
type sharing struct {
	mu      sync.Mutex
	cond    sync.Cond
	queue   []task
	pending int // tasks given and not yet searched to their end
	waiting atomic.Int32
	stopped atomic.Bool
}

// wanted reports whether a worker is waiting for work that no task in the
// queue will give it.
func (sh *sharing) wanted() bool { return sh.waiting.Load() > 0 }

// give queues a task for a waiting worker; it reports false (and queues
// nothing) when no worker is waiting for one.
func (sh *sharing) give(t task) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.waiting.Load() <= 0 || sh.stopped.Load() {
		return false
	}
	sh.queue = append(sh.queue, t)
	sh.pending++
	sh.waiting.Add(-1)
	sh.cond.Signal()
	return true
}

// next returns the next task, waiting for one while other workers may
// still give some; ok is false when the search is over. done, when set,
// reports that the caller finished its previous task.
func (sh *sharing) next(done bool) (t task, ok bool) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if done {
		sh.pending--
	}
	for len(sh.queue) == 0 && sh.pending > 0 && !sh.stopped.Load() {
		sh.waiting.Add(1)
		sh.cond.Wait()
	}
	if len(sh.queue) == 0 || sh.stopped.Load() {
		// Over: wake the others to see it too.
		sh.waiting.Store(0)
		sh.cond.Broadcast()
		return task{}, false
	}
	t = sh.queue[0]
	sh.queue = sh.queue[1:]
	return t, true
}

// stop ends the search for every worker.
func (sh *sharing) stop() {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	sh.stopped.Store(true)
	sh.waiting.Store(0)
	sh.cond.Broadcast()
}

// explore searches every completion of start, calling visit for each until
// it returns false or ctx ends, or, for Count to 1 or 2 on a big board, a
// clause-learning search has counted to the end (see clausesFrom and
// outcome.answered). With more than one worker, visit is called
// concurrently.
//
// A parallel search starts on the calling goroutine alone; once it has
// searched serialBudget nodes without finishing, it starts the other
// workers, and from then on any worker that runs out of work is given
// untried branches near the root of a busy worker's subtree, so that none
// waits while another holds most of the tree.
func explore(ctx context.Context, start *logic.State, cfg *config, visit visitFunc) outcome {
	workers, rules := cfg.workerCount(), cfg.rules
	stop := newStopper(ctx, cfg.nodeLimit)
	var order []uint8
	if sparse(start) {
		order = valueOrder(start.Geometry())
	}
	houses := geomtab.Of(start.Geometry()).CellHouses
	first := &worker{stop: stop, visit: visit, rules: rules, first: order, houses: houses, obs: observed{watch: cfg.watch}, stackBytes: cfg.stackBytes}
	hall := withHall(start, cfg, first)
	withLocal := countTurns(start, cfg, hall)
	withLocal(first)
	if workers <= 1 {
		first.run(task{state: start})
		first.counts.nodes++
		answered, answer := first.answered()
		return outcome{err: first.err, counts: first.counts, halted: first.halted, answered: answered, answer: answer, expired: stop.expired.Load(), exceeded: stop.exceeded.Load()}
	}
	sh := &sharing{pending: 1}
	sh.cond.L = &sh.mu
	defer context.AfterFunc(ctx, sh.stop)()
	var g errgroup.Group
	all := []*worker{first}
	for range workers - 1 {
		w := &worker{id: len(all), stop: stop, visit: visit, rules: rules, share: sh, first: order, houses: houses, obs: observed{watch: cfg.watch}, stackBytes: cfg.stackBytes}
		withLocal(w)
		all = append(all, w)
	}
	withHall(start, cfg, all[1:]...)
	var halted atomic.Bool
	loop := func(w *worker, t task) {
		for ok := true; ok; t, ok = sh.next(true) {
			w.run(t)
			if w.halted {
				halted.Store(true)
			}
			if w.stopped {
				sh.stop()
			}
		}
	}
	// The serial start: the first worker searches alone until it has
	// spent the budget, then the others start and it shares its work.
	first.sched.budget = serialBudget
	first.sched.onBudget = func() {
		first.share = sh
		for _, w := range all[1:] {
			g.Go(func() error {
				if t, ok := sh.next(false); ok {
					loop(w, t)
				}
				return nil
			})
		}
	}
	loop(first, task{state: start})
	g.Wait()
	out := outcome{halted: halted.Load(), expired: stop.expired.Load(), exceeded: stop.exceeded.Load()}
	for _, w := range all {
		out.counts.add(w.counts)
		if out.err == nil {
			out.err = w.err
		}
		if ok, n := w.answered(); ok && !out.answered {
			out.answered, out.answer = true, n
		}
	}
	out.counts.nodes++ // the root
	return out
}
