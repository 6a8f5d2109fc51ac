package search

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// pollEvery is how many nodes a worker searches between looks at its
// context: a power of two, small enough that a cancel on a 25x25 board is
// seen within a fraction of a millisecond.
const pollEvery = 8

// tasksPerWorker is how many subtrees per worker the root is split into
// (by estimated size), so that a worker that finishes early finds more.
const tasksPerWorker = 16

// visitFunc is told of each solution; it returns false to stop the search.
// In a parallel search it is called from several goroutines at once.
type visitFunc func(*logic.State) bool

// worker searches subtrees depth first, one at a time, on its own stack
// of states (one per depth, allocated on first use and kept).
type worker struct {
	stack   []*logic.State
	stop    stopper
	visit   visitFunc
	stopped bool  // visit returned false, or the search must end
	halted  bool  // visit returned false
	budget  int64 // nodes to search before giving up (0: no limit)
	over    bool  // the budget ran out
	counts  counters
}

// stopper tells a worker when to give up: when done is closed, or when the
// deadline has passed. Workers read the clock themselves because a timer
// can fire late while every processor is busy searching.
type stopper struct {
	done     <-chan struct{}
	deadline time.Time // zero for none
	expired  *atomic.Bool
}

func newStopper(ctx context.Context) stopper {
	deadline, _ := ctx.Deadline()
	return stopper{done: ctx.Done(), deadline: deadline, expired: new(atomic.Bool)}
}

// now reports whether the search must end.
func (st stopper) now() bool {
	select {
	case <-st.done:
		return true
	default:
	}
	if !st.deadline.IsZero() && !time.Now().Before(st.deadline) {
		st.expired.Store(true)
		return true
	}
	return false
}

type counters struct {
	nodes, guesses, deadEnds, solutions int64
}

func (c *counters) add(o counters) {
	c.nodes += o.nodes
	c.guesses += o.guesses
	c.deadEnds += o.deadEnds
	c.solutions += o.solutions
}

// state returns the stack state at depth d, allocating it on first use.
func (w *worker) state(d int) *logic.State {
	for len(w.stack) <= d {
		w.stack = append(w.stack, new(logic.State))
	}
	return w.stack[d]
}

// run searches the subtree of root.
func (w *worker) run(root *logic.State) {
	w.stopped, w.halted, w.over = false, false, false
	w.state(0).CopyFrom(root)
	w.dfs(0)
}

func (w *worker) dfs(d int) {
	s := w.stack[d]
	if s.Left() == 0 {
		w.found(s)
		return
	}
	cell, mask := pickCell(s)
	if mask&(mask-1) != 0 {
		w.counts.guesses++
	}
	w.state(d + 1)
	for ; mask != 0; mask &= mask - 1 {
		w.counts.nodes++
		if w.counts.nodes%pollEvery == 0 && w.cancelled() {
			return
		}
		var child *logic.State
		if mask&(mask-1) == 0 {
			// The last digit to try: the parent is not needed again, so
			// the child takes its state (swapped to depth d+1) uncopied.
			w.stack[d], w.stack[d+1] = w.stack[d+1], s
			child = s
		} else {
			child = w.stack[d+1]
			child.CopyFrom(s)
		}
		if child.Assign(cell, bits.TrailingZeros64(mask)+1) != nil || child.Propagate() != nil {
			w.counts.deadEnds++
			continue
		}
		w.dfs(d + 1)
		if w.stopped {
			return
		}
	}
}

func (w *worker) found(s *logic.State) {
	w.counts.solutions++
	if !w.visit(s) {
		w.stopped, w.halted = true, true
	}
}

func (w *worker) cancelled() bool {
	if w.budget > 0 && w.counts.nodes > w.budget {
		w.stopped, w.over = true, true
		return true
	}
	if w.stop.now() {
		w.stopped = true
		return true
	}
	return false
}

// pickCell returns the open cell with the fewest candidates (the first
// such in cell order) and its candidates. s must have an open cell.
func pickCell(s *logic.State) (cell int, mask uint64) {
	best := 65
	cell = -1
	for c := range s.Geometry().NumCells() {
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

// root prepares the propagated state of board b, or the error that ends
// the search before it starts.
func root(ctx context.Context, b *sudoku.Board) (*logic.State, error) {
	if err := checkArgs(ctx, b); err != nil {
		return nil, err
	}
	s, err := logic.NewState(b)
	var conflict *sudoku.ConflictError
	switch {
	case errors.As(err, &conflict):
		return nil, fmt.Errorf("%w: %w", ErrNoSolution, conflict)
	case err != nil:
		return nil, fmt.Errorf("%w: %w", ErrNoSolution, err)
	}
	if s.Propagate() != nil {
		return nil, fmt.Errorf("%w: %w: %s", ErrNoSolution, logic.ErrContradiction, s.Contradiction().Describe(s.Geometry()))
	}
	return s, nil
}

// checkArgs returns the error for a nil context or board, or for a context
// already ended.
func checkArgs(ctx context.Context, b *sudoku.Board) error {
	switch {
	case ctx == nil:
		return fmt.Errorf("%w: nil context", ErrInvalidArgument)
	case b == nil:
		return fmt.Errorf("%w: nil board", ErrInvalidArgument)
	}
	return ctx.Err()
}

// errHalt is returned by a task whose visit asked to stop, and errExpired
// by one that saw the deadline pass; either cancels the other tasks and is
// never returned to callers.
var (
	errHalt    = errors.New("search: halted")
	errExpired = errors.New("search: deadline passed")
)

// outcome is how a search ended.
type outcome struct {
	counts  counters
	halted  bool // visit asked to stop
	expired bool // the context's deadline passed before the search ended
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
	return nil
}

// serialBudget is how many nodes a search tries on one goroutine before
// it splits the tree among the workers: most 9x9 puzzles need far fewer,
// and splitting such small trees costs more than it saves.
const serialBudget = 2048

// exploreFirst is explore that first searches serially for up to
// serialBudget nodes and only then, if the tree proved large, starts over
// on all workers. Solutions found before the restart are visited again
// after it: restart, when not nil, is called first so that visit can
// forget them.
func exploreFirst(ctx context.Context, start *logic.State, workers int, visit visitFunc, restart func()) outcome {
	if workers <= 1 {
		return explore(ctx, start, 1, visit)
	}
	w := &worker{stop: newStopper(ctx), visit: visit, budget: serialBudget}
	w.counts.nodes = 1
	w.run(start)
	if !w.over {
		return outcome{counts: w.counts, halted: w.halted, expired: w.stop.expired.Load()}
	}
	if restart != nil {
		restart()
	}
	out := explore(ctx, start, workers, visit)
	w.counts.solutions = 0
	out.counts.add(w.counts)
	return out
}

// explore searches every completion of start, calling visit for each until
// it returns false or ctx ends. With more than one worker, visit is called
// concurrently.
func explore(ctx context.Context, start *logic.State, workers int, visit visitFunc) outcome {
	stop := newStopper(ctx)
	if workers <= 1 {
		w := &worker{stop: stop, visit: visit}
		w.counts.nodes = 1
		w.run(start)
		return outcome{counts: w.counts, halted: w.halted, expired: stop.expired.Load()}
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	stop.done = gctx.Done()
	pool := make(chan *worker, workers)
	for range workers {
		pool <- &worker{stop: stop, visit: visit}
	}
	sp := splitter{g: g, stop: stop, pool: pool, visit: visit,
		target: 1 / float64(tasksPerWorker*workers)}
	sp.counts.nodes = 1
	sp.split(start, 1)
	err := g.Wait()
	out := outcome{counts: sp.counts, halted: sp.halted.Load() || errors.Is(err, errHalt), expired: stop.expired.Load()}
	for range workers {
		w := <-pool
		out.counts.add(w.counts)
	}
	return out
}

// splitter expands the tree near the root on the calling goroutine and
// hands subtrees of about the target share of the tree to the workers.
type splitter struct {
	g      *errgroup.Group
	stop   stopper
	pool   chan *worker
	visit  visitFunc
	target float64
	counts counters
	halted atomic.Bool
}

// split expands s, whose estimated share of the whole tree is weight. It
// returns false when the search must stop. s becomes split's own: a task
// made of it searches it without a copy.
func (sp *splitter) split(s *logic.State, weight float64) bool {
	if sp.stop.now() {
		return false
	}
	if s.Left() == 0 {
		sp.counts.solutions++
		if !sp.visit(s) {
			sp.halted.Store(true)
			return false
		}
		return true
	}
	if weight <= sp.target {
		task := s
		sp.g.Go(func() error {
			w := <-sp.pool
			defer func() { sp.pool <- w }()
			w.run(task)
			switch {
			case w.halted:
				return errHalt
			case w.stop.expired.Load():
				return errExpired
			}
			return nil
		})
		return true
	}
	cell, mask := pickCell(s)
	k := bits.OnesCount64(mask)
	if k > 1 {
		sp.counts.guesses++
	}
	for ; mask != 0; mask &= mask - 1 {
		sp.counts.nodes++
		child := s.Clone()
		if child.Assign(cell, bits.TrailingZeros64(mask)+1) != nil || child.Propagate() != nil {
			sp.counts.deadEnds++
			continue
		}
		if !sp.split(child, weight/float64(k)) {
			return false
		}
	}
	return true
}
