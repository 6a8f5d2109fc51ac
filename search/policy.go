package search

import (
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// The policy: which engine runs for which call, on which board, and when.
//
//   - Classic 9x9 boards (without WithRules) take the classic search of
//     package classic, on the calling goroutine, for every call.
//   - Every other board takes the exact depth-first search of this
//     package (worker). Solve restarts it (restarting), Count and All
//     never do; several workers share its tree (explore) or race (the
//     portfolio of Solve).
//   - From hallFrom digits on, the exact search filters its nodes by the
//     all-different rule (package alldiff) once it has met hallAfter dead
//     ends.
//   - From clausesFrom digits on, Solve and Count to 1 or 2 give each
//     worker a clause-learning search (package clauses) that takes turns
//     with its exact search.
//   - From localFrom digits on, Solve (and Count to 1, which asks Solve's
//     question) runs a tabu search (package tabu) beside them: in turns on
//     the first worker, without a break on the second. Count to 2 gives
//     each worker a tabu search that answers 2 when two of them differ.
//
// A board that the exact search solves at once pays for none of the
// others: they start after its first turn of dead ends. The thresholds
// are below, each with why it has its value; the benchmarks of this
// package (BenchmarkSolve, BenchmarkCountUnique, BenchmarkSolveBig,
// BenchmarkClassic) measure them.
const (
	// localFrom is the least digits of a board on which Solve runs a tabu
	// search: from 36x36 on, boards with about half of their cells open
	// can hold the exact search for minutes, and those with many
	// solutions are where the tabu search is fastest. On smaller boards
	// the exact search takes seconds at worst, and their everyday
	// puzzles, with one solution, are the tabu search's worst.
	localFrom = 36
	// clausesFrom is the least digits of a board on which Solve and Count
	// to 1 or 2 take turns with a clause-learning search: from 25x25 on,
	// boards with 40 to 50 % of their cells open make the exact search
	// fail again and again for the same reasons in different subtrees,
	// which the clause-learning search learns once. Below, the exact
	// search is quick enough that the encoding would not pay.
	clausesFrom = 25
	// hallFrom is the least digits of a board on which the exact search
	// filters its nodes by the all-different rule: on 25x25 puzzles it
	// halves the time of Solve and Count to 2, on 16x16 ones it gains
	// too little for a node that costs several times as much.
	hallFrom = 25
	// hallAfter is the dead ends a worker meets before it filters by the
	// all-different rule, so that a board the search solves at once (an
	// empty one) never pays for the filter.
	hallAfter = localTurn

	// localTurn is the dead ends of the exact search between the turns
	// of the tabu and clause-learning searches, and before the first: a
	// board solved without many dead ends never pays for them.
	localTurn = 256
	// hallTurn replaces localTurn once the exact search filters by the
	// all-different rule, whose dead ends take five to eight times as
	// long: the turns keep their share of the time.
	hallTurn = 32
	// localMoves is the moves of a turn of the tabu search before it has
	// passed its probe (see tabu.Search.Far): enough to keep the boards
	// it solves within a third of the time it takes them alone, few
	// enough to leave the others where only the clause-learning search
	// answers.
	localMoves = 2048
	// nearMoves is the moves of a turn of a tabu search once it has
	// passed its probe: a search close to a solution gets most of the
	// time (sixteen times as many moves took the boards it solves down to
	// half their time and less; four times as many gained less).
	nearMoves = 16 * localMoves
	// clauseTurn is the conflicts of a turn of the clause-learning
	// search, chosen with hallTurn on the 49x49 boards with 42 % of their
	// cells open that only the clause-learning search solves.
	clauseTurn = 128
	// raceKicks is the kicks (see tabu.Search.Kicks) after which the tabu
	// search of Solve's second worker takes turns with a clause-learning
	// search of its own: the tabu search solves the boards it can after
	// a few dozen kicks, and makes hundreds on those it cannot.
	raceKicks = 256
	// countKicks is the kicks after which the tabu search of Count to 2
	// gives up looking for a new solution: a puzzle with one solution
	// then pays for a few of its turns only.
	countKicks = 128
	// countFills is the fresh fills the tabu search of Count to 2 makes
	// after finding the call's first solution again, before it gives up:
	// a board whose tabu searches keep finding the same solution may
	// have no other.
	countFills = 2

	// restartUnit is the cutoff unit of Solve's restarts, in dead ends:
	// the n-th run from the root gives up after sat.Luby(n) times as
	// many. Dead ends, not nodes, so that a long descent without a
	// mistake (an empty board takes one node a cell) is never cut.
	restartUnit = 128
	// firstCutoff is the cutoff of the first worker's first run, in dead
	// ends: until then Solve is the plain search of Count and All, so
	// that puzzles with one solution, whose trees a restart only makes
	// the search walk again, are solved as before (the hardest 25x25
	// reference puzzle takes 45,000).
	firstCutoff = 1 << 16
	// serialBudget is the nodes a search with several workers runs on the
	// calling goroutine alone before it starts the others: most trees of
	// 9x9 size are smaller, and sharing those costs more than it saves.
	serialBudget = 2048
)

// countAsSolve reports whether Count to limit on b, under cfg, is
// Solve's search, restarts and tabu search included: Count to 1 asks
// Solve's question, is there a solution, and on the boards where Solve
// runs a tabu search (see localFrom) that search answers it best.
func countAsSolve(b *sudoku.Board, limit int, cfg *config) bool {
	return limit == 1 && tabuBoard(b.Geometry().Digits(), cfg)
}

// portfolioFirst reports whether Solve on start, under cfg, runs its
// portfolio from the start (see solveGeneral): with one worker, and on
// boards large enough for the tabu or the clause-learning search to run
// beside the exact one from the start. Otherwise its workers share one
// plain search tree first.
func portfolioFirst(start *logic.State, cfg *config) bool {
	return cfg.workerCount() <= 1 || wantLocal(start, cfg) || wantClauses(start, cfg)
}

// solveTurns gives the workers of Solve's portfolio the engines that take
// turns with their exact searches. On boards where Solve runs a tabu
// search (see localFrom), the first worker takes turns between its exact
// search, a tabu search and a clause-learning search (see localTurn);
// with more workers, the second runs a tabu search of its own random
// stream without a break, joined by a clause-learning search once it
// stalls (see raceKicks) or replaced by one once it fails its probe. On
// boards too small for the tabu search but not for the clause-learning
// one (see clausesFrom), each worker takes turns between its exact search
// and a clause-learning search of its own random stream, so that those
// race. hall says that the workers filter by the all-different rule (see
// withHall): their turns come more often then (see hallTurn).
func solveTurns(start *logic.State, cfg *config, hall bool, all []*worker) {
	switch {
	case wantLocal(start, cfg):
		next, race := int64(localTurn), int64(raceKicks)
		if cfg.localFrom != 0 {
			next, race = 0, 0 // tests: from the first node
		}
		all[0].local = &local{start: start, seed: cfg.seed, next: next, turn: turnEvery(hall)}
		if len(all) > 1 {
			all[1].local = &local{start: start, seed: cfg.seed ^ streamOf(1), race: race}
		}
	case wantClauses(start, cfg):
		for _, w := range all {
			w.local = clauseTurns(start, cfg, hall, w.id, 0)
		}
	}
}

// countTurns returns what gives each worker of Count's search (see
// explore) the engines that take turns with its exact search: a
// clause-learning search of its own when Count asks whether there is a
// solution, or whether it is unique (see clausesFrom), and a tabu search
// of its own too when it asks the second on a board of localFrom digits
// or more (see countTabu); nothing otherwise. hall is as for solveTurns.
func countTurns(start *logic.State, cfg *config, hall bool) func(*worker) {
	clauses := wantClauses(start, cfg)
	var finds *tabuFinds
	if wantCountTabu(start, cfg) {
		finds = &tabuFinds{}
	}
	return func(w *worker) {
		if clauses || finds != nil {
			w.local = clauseTurns(start, cfg, hall, w.id, int64(cfg.countTo))
			w.local.noClauses = !clauses
			if finds != nil {
				w.local.noTabu, w.local.finds = false, finds
			}
		}
	}
}

// wantLocal reports whether Solve on start, under cfg, runs a tabu search
// beside the exact one (see localFrom).
func wantLocal(start *logic.State, cfg *config) bool {
	return cfg.restarts && tabuBoard(start.Geometry().Digits(), cfg) && start.Left() > 0
}

// tabuBoard reports whether a board of n digits, under cfg, is one on
// which Solve runs a tabu search (see localFrom).
func tabuBoard(n int, cfg *config) bool { return bigBoard(n, localFrom, cfg.localFrom, cfg) }

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

// wantHall reports whether the exact search on start, under cfg, filters
// its nodes by the all-different rule (see hallFrom).
func wantHall(start *logic.State, cfg *config) bool {
	if cfg.rules != nil || cfg.hall < 0 {
		return false
	}
	return cfg.hall > 0 || start.Geometry().Digits() >= hallFrom
}

// withHall makes each of the workers filter its nodes by the
// all-different rule, with a filter of its own made when it first needs
// it, when the search on start, under cfg, wants that (see wantHall), and
// reports whether it did.
func withHall(start *logic.State, cfg *config, workers ...*worker) bool {
	if !wantHall(start, cfg) {
		return false
	}
	after := int64(hallAfter)
	if cfg.hall > 0 {
		after = int64(cfg.hall - 1) // tests
	}
	for _, w := range workers {
		w.hall.on, w.hall.after = true, after
	}
	return true
}
