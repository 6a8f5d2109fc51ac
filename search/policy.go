package search

import "github.com/cubedoku/cubedoku/logic"

// hallFrom is the least number of digits of the boards on which the
// exact search filters every node by the all-different rule: 25x25 and
// up. On the 25x25 puzzles with one solution of the reference sets it
// halves the time of Solve and of Count to 2; on 16x16 ones it gains
// under a tenth.
const hallFrom = 25

// hallAfter is how many dead ends a worker meets before it filters its
// nodes by the all-different rule: a board the search solves at once, as
// the empty ones, never pays for it (the empty 64x64 board took 4.4 s
// with it from the first node, against 0.07 s).
const hallAfter = localTurn

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
		w.useHall, w.hallAfter = true, after
	}
	return true
}
