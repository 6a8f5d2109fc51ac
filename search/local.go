package search

import (
	"github.com/cubedoku/cubedoku/logic"
)

// localFrom is the least number of digits of the boards on which Solve
// runs a tabu search (see tabu) beside the exact one: 36x36 and up, where
// boards with about half of their cells open can hold the exact search
// for minutes. Smaller boards are solved by the exact search within
// seconds at worst, and puzzles with one solution, the everyday case
// there, are the local search's worst.
const localFrom = 36

// With one worker, the tabu search takes turns with the exact search: it
// makes localMoves moves for every localTurn dead ends of the exact
// search (on board 13 of the phase set, a 64x64 board, three fifths of
// the time goes to the tabu search), and none before the
// first localTurn, so that a board the exact search solves at once
// (an empty one has no dead end) never pays for it. With several
// workers, one of them runs the tabu search alone.
const (
	localTurn  = 256
	localMoves = 1024
	// hallTurn replaces localTurn once the exact search filters its
	// nodes by the all-different rule (see hall), whose dead ends take
	// five to eight times as long on these boards: a quarter of the dead
	// ends keeps the two searches' shares of the time about as they
	// were.
	hallTurn = 64
)

// localPoll is how many moves the tabu search makes between looks at the
// search's stop: a move takes about 16 microseconds on a 64x64 board
// with hundreds of cells in conflict, so a cancel is seen within about a
// millisecond.
const localPoll = 32

// local is a worker's tabu search, made on its first turn.
type local struct {
	t     *tabu
	start *logic.State // the state the tabu search starts from
	seed  uint64
	next  int64 // with one worker: the dead ends at which its next turn is due
	turn  int64 // with one worker: the dead ends between turns
}

// wantLocal reports whether Solve on start, under cfg, runs a tabu search
// beside the exact one (see localFrom).
func wantLocal(start *logic.State, cfg *config) bool {
	from := localFrom
	if cfg.localFrom != 0 {
		from = cfg.localFrom
	}
	return cfg.restarts && cfg.rules == nil && from > 0 && start.Geometry().Digits() >= from && start.Left() > 0
}

// runLocal makes the worker's tabu search take up to k moves (k < 0:
// until it finds a solution or the worker is stopped), localPoll at a
// time between looks at the stop, and hands a solution
// it finds to the visit. It reports whether the worker must stop. A
// geometry without a family of houses to swap in, or a start that the
// tabu search's rules or fill prove wrong, leaves the exact search alone.
func (w *worker) runLocal(k int64) bool {
	l := w.local
	if l.t == nil {
		if l.t = newTabu(stopContext{w}, l.start, l.seed); l.t == nil {
			w.local = nil
			return w.stopped
		}
	}
	for k != 0 {
		n := int64(localPoll)
		if k > 0 {
			n = min(n, k)
			k -= n
		}
		before := l.t.moves
		solved := l.t.run(int(n))
		w.counts.moves += l.t.moves - before
		if solved {
			s, err := l.t.state(l.start)
			if err != nil {
				// Cannot happen: a cost of 0 is a solution. Leave it to
				// the exact search.
				w.local = nil
				return false
			}
			w.found(s)
			w.stopped = true
			return true
		}
		if w.cancelled() {
			return true
		}
	}
	return false
}
