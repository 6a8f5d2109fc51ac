package search

import (
	"errors"
	"slices"
	"sync"

	"github.com/cubedoku/cubedoku/internal/clauses"
	"github.com/cubedoku/cubedoku/internal/engine"
	"github.com/cubedoku/cubedoku/internal/tabu"
	"github.com/cubedoku/cubedoku/logic"
)

// local is a worker's tabu search and clause-learning search, each made
// on its first turn, which take turns with its exact search (see the
// policy in policy.go).
type local struct {
	t     *tabu.Search
	start *logic.State // the state both searches start from
	seed  uint64
	next  int64 // a worker taking turns: the dead ends at which its next turn is due
	turn  int64 // a worker taking turns: the dead ends between them
	race  int64 // second worker: the kicks before its clause-learning turns (raceKicks; 0 in tests)
	// noTabu says that the worker takes no more turns of the tabu
	// search: another worker runs it, the board is below localFrom, it
	// cannot run, it failed its probe (see tabu.Search.Far), or, for
	// Count, it stalled or kept finding the same solution (see
	// countTabu).
	// noClauses says the same of the clause-learning search: Count's
	// below clausesFrom (tests), or whose model did not make a state
	// (which cannot happen; see runClauses).
	noTabu, noClauses bool
	k                 *clauses.Search
	// countTo, for Count, is its limit: the clause-learning search then
	// counts solutions of its own, ruling each out once found, until it
	// has countTo of them or a proof that there are no more, and that
	// count is the answer (see answer). It is 0 for Solve, whose
	// solution goes to the visit.
	countTo, counted int64
	// first, for Unique, keeps the first solution counted (see
	// firstSolution).
	first *firstSolution
	// finds, for Count to 2 on boards of localFrom digits and more (nil
	// otherwise), holds the first solution that the tabu searches of the
	// call's workers found (see countTabu); fills counts the fresh fills
	// of this worker's tabu search after it found that one again.
	finds *tabuFinds
	fills int
	// answered says that the worker's clause-learning or tabu search
	// counted Count's solutions on its own to the end, and answer is that
	// count.
	answered bool
	answer   int64
	// far says that the tabu search's probe found it far from a solution
	// (see tabu.Search.Far): it takes no more turns.
	far bool
}

// tabuFinds is what the tabu searches of one call of Count share: the
// first solution one of them found, so that a different one, found by
// any of them, shows that there are two.
type tabuFinds struct {
	mu    sync.Mutex
	first []uint8 // the digit of every cell; nil before the first solution
}

// The kinds of solution tabuFinds.add meets.
const (
	findFirst  = iota // the first solution
	findSecond        // one that differs from the first
	findSame          // the first again
)

// add takes a solution, the digit of every cell, and says which kind it is.
func (f *tabuFinds) add(val []uint8) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case f.first == nil:
		f.first = slices.Clone(val)
		return findFirst
	case slices.Equal(f.first, val):
		return findSame
	}
	return findSecond
}

// clauseTurns returns the local of worker id of a search that takes turns
// with a clause-learning search alone (see clausesFrom), of the worker's
// own random stream, from localTurn dead ends on (from the first node in
// tests). countTo is Count's limit, 0 for Solve (see local.countTo).
func clauseTurns(start *logic.State, cfg *config, hall bool, id int, countTo int64) *local {
	next := int64(localTurn)
	if cfg.clausesFrom != 0 {
		next = 0 // tests: from the first node
	}
	seed := cfg.seed
	if id > 0 {
		seed ^= streamOf(id)
	}
	return &local{start: start, seed: seed, next: next, turn: turnEvery(hall), noTabu: true, countTo: countTo, first: cfg.first}
}

// runTabu makes the worker's tabu search take up to k moves (k < 0:
// until it finds a solution or the worker is stopped), and hands a
// solution it finds to the visit, or for Count to countTabu. It reports
// whether the worker must stop. A geometry without a family of houses to
// swap in, a start that the tabu search's rules or fill prove wrong, or a
// failed probe (see tabu.Search.Far) leaves the other searches alone.
func (w *worker) runTabu(k int64) bool {
	l := w.local
	if l.noTabu {
		return false
	}
	if l.t == nil {
		if l.t = tabu.New(l.start, l.seed, w.cancelled); l.t == nil {
			l.noTabu = true
			return w.stopped
		}
		if l.finds != nil {
			l.t.StallAfter(countKicks)
		}
	}
	for {
		r := w.turn(l.t, k, &w.counts.moves)
		if k > 0 {
			k -= r.Steps
		}
		switch r.Status {
		case engine.Abandoned:
			// Leave the call to the other searches, and, after a failed
			// probe, the tabu search's tables (a few megabytes on 64x64)
			// to their learnt clauses.
			l.noTabu, l.far = true, l.t.Far()
			if l.far {
				l.t = nil
			}
			return false
		case engine.Solved:
			if l.finds == nil {
				if w.deliver(l.t.State(l.start)) {
					return true
				}
				// Cannot happen: a cost of 0 is a solution. Leave it to
				// the exact search.
				l.noTabu = true
				return false
			}
			if w.countTabu() {
				return true
			}
			if l.noTabu || k == 0 {
				return false
			}
		default:
			return w.stopped
		}
	}
}

// tabuMoves returns the moves of the worker's next turn of its tabu
// search: nearMoves once it has passed its probe (see tabu.Search.Probed),
// localMoves before.
func (w *worker) tabuMoves() int64 {
	if l := w.local; l.t != nil && l.t.Probed() {
		return nearMoves
	}
	return localMoves
}

// countTabu takes the solution that the worker's tabu search has reached
// for Count to 2 (see local.finds) and reports whether the worker must
// stop. The second solution of the call's tabu searches answers it: there
// are at least two. After the first, the search goes on from a few random
// swaps away (shake), as a board with many solutions has others nearby;
// after the first found again, from a fresh fill, countFills times at
// most, as a board whose tabu searches keep finding the same solution may
// have no other.
func (w *worker) countTabu() bool {
	l := w.local
	s, err := l.t.State(l.start)
	if err != nil {
		// Cannot happen: a cost of 0 is a solution. Leave it to the
		// other searches.
		l.noTabu = true
		return false
	}
	l.first.keep(s) // for Unique, whichever solution comes first
	switch l.finds.add(l.t.Values()) {
	case findSecond:
		w.counts.solutions++
		l.answered, l.answer, w.stopped = true, 2, true
		return true
	case findFirst:
		w.counts.solutions++
		l.t.Shake()
	case findSame:
		if l.fills++; l.fills > countFills || !l.t.Fill() {
			l.noTabu = true
		}
	}
	return false
}

// runClauses makes the worker's clause-learning search meet up to k more
// conflicts. For Solve it hands a solution it finds to the visit; for
// Count (see local.countTo) it counts the solution and rules it out, and
// answers the call once it has countTo of them. It reports whether the
// worker must stop: at Solve's solution, at Count's answer, at a stop,
// and at a proof that the start has no solution (or, for Count, none but
// those counted), which ends the call as the exact search's exhausted
// tree would (the clauses hold every solution of the start).
func (w *worker) runClauses(k int64) bool {
	l := w.local
	if l.noClauses {
		return false
	}
	if l.k == nil {
		k, err := clauses.New(l.start, l.seed, w.cancelled)
		if err != nil {
			// Stopped, or the encoding alone proves that there is no
			// solution: either way the call ends, and in the second case
			// Count has its answer.
			w.stopped = true
			l.answered = l.countTo > 0 && !errors.Is(err, engine.ErrStopped)
			return true
		}
		l.k = k
	}
	for {
		r := w.turn(l.k, k, &w.counts.conflicts)
		k -= r.Steps
		switch r.Status {
		case engine.Exhausted:
			l.answered, l.answer, w.stopped = l.countTo > 0, l.counted, true
			return true
		case engine.Solved:
			if l.countTo == 0 {
				if w.deliver(l.k.State(l.start)) {
					return true
				}
				// Cannot happen: a model places every open cell once.
				// Leave it to the exact search.
				l.noClauses = true
				return false
			}
			if l.first != nil && l.counted == 0 {
				if s, err := l.k.State(l.start); err == nil {
					l.first.keep(s)
				}
			}
			l.counted++
			w.counts.solutions++
			if l.counted == l.countTo || !l.k.Block() {
				// The limit, or no solution but those found.
				l.answered, l.answer, w.stopped = true, l.counted, true
				return true
			}
			if k <= 0 {
				// The next solution in the next turn.
				return w.cancelled()
			}
		default:
			return w.cancelled()
		}
	}
}

// answered reports whether the worker's clause-learning or tabu search
// counted Count's solutions on its own to the end, and that count.
func (w *worker) answered() (bool, int64) {
	if w.local == nil {
		return false, 0
	}
	return w.local.answered, w.local.answer
}

// turn runs a turn of e of up to budget steps, stopped by the worker's
// stop, and adds its steps to *steps.
func (w *worker) turn(e engine.Engine, budget int64, steps *int64) engine.Report {
	r := e.Run(budget, w.cancelled)
	*steps += r.Steps
	return r
}

// deliver hands the solution that the tabu or the clause-learning search
// made into a state to the visit, and stops the worker. It reports false,
// doing nothing, when making the state failed with err.
func (w *worker) deliver(s *logic.State, err error) bool {
	if err != nil {
		return false
	}
	w.found(s)
	w.stopped = true
	return true
}
