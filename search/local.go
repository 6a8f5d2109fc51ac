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

// localFrom is the least number of digits of the boards on which Solve
// runs a tabu search (see tabu) beside the exact one: 36x36 and up, where
// boards with about half of their cells open can hold the exact search
// for minutes. Smaller boards are solved by the exact search within
// seconds at worst, and puzzles with one solution, the everyday case
// there, are the local search's worst.
const localFrom = 36

// On boards of localFrom digits and more, with one worker, the tabu
// search and the clause-learning search (see clauses) take turns with the
// exact search (below, the clause-learning search alone does; see
// clausesFrom): for every localTurn dead ends of the exact search, the
// tabu search makes localMoves moves (nearMoves once it has passed its
// probe, and none once it has failed it; see tabu.probed) and the
// clause-learning search meets clauseTurn conflicts, and neither runs
// before the first localTurn, so that a board the exact search solves at
// once (an empty one has no dead end) never pays for them. With several
// workers, the first takes the same turns, and the second runs a tabu
// search of its own random stream without a break, joined by a
// clause-learning search of its own once the tabu search stalls (see
// raceKicks), or replaced by it once the tabu search fails its probe.
// Two tabu streams race where one may need many times the moves of the
// other: on the phase set, seeds 1 to 8, board 17 (64x64, 60 % open)
// took a median of 7.3 s with two workers against 9.0 s when the first
// worker left the tabu search to the second (8.8 s with one worker), and
// boards 11 and 12 (49x49, 60 %) 0.65 and 0.85 s against 1.05 and 0.96
// s; board 18 (64x64) took 4.0 s against 3.4 s (seeds 1 to 6), as two
// tabu searches of that size slow each other a little; on boards whose
// probe fails, the first worker's probe costs 0.03 to 0.05 s.
//
// The three find different boards easy. The exact search solves those
// that propagation nearly solves (40 % open on 36x36 and 49x49) at once;
// the tabu search those with many solutions and more than half of their
// cells open; the clause-learning search those in between, where the
// exact search keeps failing for the same reasons in different subtrees
// and learning them pays: three 49x49 boards with 42 % of their cells
// open, not solved by the other two in 20 s, took it 0.11 to 1.4 s.
const (
	localTurn = 256
	// localMoves: with one worker, 2,048 moves a turn (1,024 before the
	// clause-learning search took its turns) keep the boards the tabu
	// search solves within a third of their time: boards 5, 6, 11, 12, 17
	// and 18 of the phase set took 0.17, 0.46, 1.8, 1.6, 23 and 19 s,
	// against 0.13, 0.41, 1.3, 1.4, 25 and 14 s with the exact and tabu
	// searches alone, in the same minutes (with 1,024 moves, boards 11,
	// 17 and 18 took 4.2, 38 and 29 s), while three 49x49 boards with
	// 42 % open that only the clause-learning search solves took 0.35,
	// 2.6 and 1.1 s.
	localMoves = 2048
	// hallTurn replaces localTurn once the exact search filters its
	// nodes by the all-different rule (see hall), whose dead ends take
	// five to eight times as long on these boards.
	hallTurn = 32
	// clauseTurn is the conflicts of a turn of the clause-learning
	// search: with two workers, the first taking turns of 32 dead ends
	// and 128 conflicts, three 49x49 boards with 42 % open took 0.14, 1.5
	// and 0.57 s.
	clauseTurn = 128
)

// raceKicks is the kicks (see tabu.kick) after which the tabu search of
// the second worker takes turns with a clause-learning search of its own
// random stream, so that two of those race on the boards the tabu search
// does not solve (at once, and alone, once the tabu search has failed its
// probe; see tabu.probed). On the phase set, seed 1, the tabu search
// solved its six boards after 1 to 73 kicks, and had made 483 to 902 on
// three it did not solve after 3 million moves.
const raceKicks = 256

// local is a worker's tabu search and clause-learning search (see
// clauses), each made on its first turn.
type local struct {
	t     *tabu.Search
	start *logic.State // the state both searches start from
	seed  uint64
	next  int64 // a worker taking turns: the dead ends at which its next turn is due
	turn  int64 // a worker taking turns: the dead ends between them
	race  int64 // second worker: the kicks before its clause-learning turns (raceKicks; 0 in tests)
	// noTabu says that the worker takes no more turns of the tabu
	// search: another worker runs it, the board is below localFrom, it
	// cannot run, it failed its probe (see far), or, for Count, it
	// stalled or kept finding the same solution (see countTabu).
	// noClauses says the same of the clause-learning search: Count's
	// below clausesFrom (tests), or whose model did not make a state
	// (which cannot happen; see runClauses).
	noTabu, noClauses bool
	k                 *clauses.Search
	// countTo, for Count, is its limit: the clause-learning search then
	// counts solutions of its own, ruling each out once found, until it
	// has countTo of them or a proof that there are no more, and that
	// count is the answer (see worker.answer). It is 0 for Solve, whose
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
	// far says that the tabu search's probe found it far from a solution
	// (see tabu.far): it takes no more turns.
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

// wantLocal reports whether Solve on start, under cfg, runs a tabu search
// beside the exact one (see localFrom).
func wantLocal(start *logic.State, cfg *config) bool {
	return cfg.restarts && tabuBoard(start.Geometry().Digits(), cfg) && start.Left() > 0
}

// tabuBoard reports whether a board of n digits, under cfg, is one on
// which Solve runs a tabu search (see localFrom).
func tabuBoard(n int, cfg *config) bool { return bigBoard(n, localFrom, cfg.localFrom, cfg) }

// bigBoard reports whether a board of n digits has from digits or more,
// from being replaced by tests' option when that is not 0 (negative for
// none), and cfg leaves the search to its own rules.
func bigBoard(n, from, option int, cfg *config) bool {
	if option != 0 {
		from = option
	}
	return cfg.rules == nil && from > 0 && n >= from
}

// turnEvery returns the dead ends of the exact search between the turns
// of the other searches: fewer once the exact search filters its nodes
// by the all-different rule (see hallTurn).
func turnEvery(hall bool) int64 {
	if hall {
		return hallTurn
	}
	return localTurn
}

// clausesFrom is the least number of digits of the boards on which Solve,
// where it runs no tabu search (below localFrom), and Count to 1 or 2
// (is there a solution? is it unique?) take turns between their exact
// search and a clause-learning search (see localTurn), which answers
// either way: with solutions, or with a proof that there is none (or none
// but those it found; see local.countTo). Solve and Count give each of
// their workers one, of its own random stream, as the time they take
// varies widely with the seed (Count's workers share one tree of the
// exact search, and each counts with its own clause-learning search).
// Making a puzzle asks Count whether there is a solution each time it
// takes a clue out, with the clue's digit ruled out of its cell. On 25x25
// boards with half of their cells open, the exact search can take
// minutes: one such board, with a second solution, held it for over
// 40 s, and the clause-learning search found that solution in 0.08 s
// (1,600 to 1,800 conflicts, two seeds). Some questions are hard
// for both: the four that took the two searches together longest while
// making one puzzle (1.9 to 4.1 s) took the clause-learning search alone
// 0.06 to 3.3 s.
const clausesFrom = 25

// wantClauses reports whether the exact search of Solve or Count on
// start, under cfg, takes turns with a clause-learning search (see
// clausesFrom). Solve asks it where wantLocal is false.
func wantClauses(start *logic.State, cfg *config) bool {
	return (cfg.countTo > 0 || cfg.restarts) && bigBoard(start.Geometry().Digits(), clausesFrom, cfg.clausesFrom, cfg) && start.Left() > 0
}

// wantCountTabu reports whether the workers of Count on start, under
// cfg, take turns with tabu searches of their own, which answer that
// there are two solutions when they have found two (see countTabu): for
// Count to 2 on the boards where Solve runs a tabu search.
func wantCountTabu(start *logic.State, cfg *config) bool {
	return cfg.countTo == 2 && tabuBoard(start.Geometry().Digits(), cfg) && start.Left() > 0
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
		r := l.t.Run(k, w.cancelled)
		w.counts.moves += r.Steps
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

// countKicks is how many kicks (see tabu.kick) the tabu search of Count
// to 2 makes without finding a solution before it leaves the call to the
// other searches, so that a puzzle with one solution, which the tabu
// search may never reach, pays for a few of its turns only. On the phase
// set, seed 1, Solve's tabu search solved its boards after 1 to 73 kicks.
const countKicks = 128

// nearMoves is the moves of a turn of a tabu search once it has passed its
// probe (see tabu.probed), where it takes localMoves before. Solve with
// one worker, on the boards of the phase set whose tabu searches pass it
// (seed 1), took 0.12, 0.23, 0.85, 0.69, 6.9 and 7.3 s against 0.16, 0.47,
// 1.7, 1.4, 15 and 18 s with localMoves; Count to 2 with two workers, on
// the boards of the phase set whose tabu searches pass it (seed 1), took
// 0.53 s (36x36, 60 % open), 2.0 and 1.5 s (49x49, 60 %) and 10.2 s twice
// (64x64, 60 %), against 1.21, 2.7, 2.4, 29.5 and 24.2 s with localMoves
// and 0.76, 2.3, 2.2, 13.5 and 12.0 s with four times as many.
const nearMoves = 16 * localMoves

// tabuMoves returns the moves of the worker's next turn of its tabu
// search: nearMoves once it has passed its probe (see tabu.probed),
// localMoves before.
func (w *worker) tabuMoves() int64 {
	if l := w.local; l.t != nil && l.t.Probed() {
		return nearMoves
	}
	return localMoves
}

// countFills is how many fresh fills the tabu search of Count to 2 makes
// after finding the call's first solution again (see countTabu) before it
// leaves the call to the other searches.
const countFills = 2

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
	if _, err := l.t.State(l.start); err != nil {
		// Cannot happen: a cost of 0 is a solution. Leave it to the
		// other searches.
		l.noTabu = true
		return false
	}
	switch l.finds.add(l.t.Values()) {
	case findSecond:
		w.counts.solutions++
		w.answered, w.answer, w.stopped = true, 2, true
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
			w.answered = l.countTo > 0 && !errors.Is(err, engine.ErrStopped)
			return true
		}
		l.k = k
	}
	for {
		r := l.k.Run(k, w.cancelled)
		w.counts.conflicts += r.Steps
		k -= r.Steps
		switch r.Status {
		case engine.Exhausted:
			w.answered, w.answer, w.stopped = l.countTo > 0, l.counted, true
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
				w.answered, w.answer, w.stopped = true, l.counted, true
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
