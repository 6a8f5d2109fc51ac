package search

import (
	"context"
	"math/rand/v2"

	"golang.org/x/sync/errgroup"

	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/internal/sat"
	"github.com/cubedoku/cubedoku/logic"
)

// schedule is what the portfolio and the parallel start of explore ask of
// a worker's exact search: onBudget, when set, is called once the worker
// has searched budget nodes, or met deadEndBudget dead ends (when that is
// not 0); cutoff, when positive, is the count of dead ends at which the
// worker gives up its tree to restart (see restarting), and restart says
// it did.
type schedule struct {
	onBudget      func()
	budget        int64
	deadEndBudget int64
	cutoff        int64
	restart       bool
}

// streamOf returns the second PCG seed of worker w's random stream.
func streamOf(w int) uint64 { return 0x9e3779b97f4a7c15 * uint64(w+1) }

// restarting searches start with restarts until it finds a solution, the
// tree is exhausted, or the search is stopped. Each run gives up after a
// cutoff of dead ends growing by the Luby sequence (the first worker's
// first run, the plain search, gets first); the weights of the
// houses (see pickCell) carry over from run to run, so each restart
// branches first where the earlier runs failed. From the first restart
// on, ties between cells are broken at random, and each cell tries its
// digits with the fewest places left in its houses first (see
// leastConstraining): on 36x36 boards with half their cells open, that
// order solves boards that the lowest digit first and the most places
// first leave unsolved far longer.
//
// A run that exhausts its tree proves that start has no solution: the
// cutoff only ever ends a run early, never prunes it.
func (w *worker) restarting(start *logic.State, seed uint64, first int64) {
	for i := int64(1); ; i++ {
		w.sched.cutoff = w.counts.deadEnds + sat.Luby(i)*restartUnit
		if w.rng == nil {
			w.sched.cutoff = w.counts.deadEnds + first
		}
		w.sched.restart = false
		w.run(task{state: start})
		if !w.sched.restart || w.halted {
			w.sched.cutoff = 0
			return
		}
		w.stopped = false
		if w.cancelled() {
			return
		}
		w.counts.restarts++
		if w.obs.watch != nil {
			w.obs.watch.restarts.Add(1)
			w.observe(true)
			if w.stopped {
				return
			}
		}
		if w.rng == nil {
			w.rng = rand.New(rand.NewPCG(seed, streamOf(w.id)))
		}
	}
}

// portfolio finds one solution of start for Solve: each worker runs its
// own search with restarts (see restarting), the first as the plain
// search until its first restart, the others from their own random
// streams, with the digit order of restarts, from the first node; the
// first solution stops them all. As in explore, the first worker searches
// alone for serialBudget nodes before it starts the others, so that small
// trees cost no goroutine. Which engines take turns with the exact search
// of which worker is the policy's (see policy.go).
func portfolio(ctx context.Context, start *logic.State, cfg *config, visit visitFunc) outcome {
	stop := newStopper(ctx, cfg.nodeLimit)
	var order []uint8
	if sparse(start) {
		order = valueOrder(start.Geometry())
	}
	houses := geomtab.Of(start.Geometry()).CellHouses
	quit := stop.quit
	all := make([]*worker, cfg.workerCount())
	for i := range all {
		all[i] = &worker{id: i, stop: stop, visit: visit, rules: cfg.rules, first: order, houses: houses, obs: observed{watch: cfg.watch}, stackBytes: cfg.stackBytes}
		if i > 0 {
			all[i].rng = rand.New(rand.NewPCG(cfg.seed, streamOf(i)))
		}
	}
	hall := withHall(start, cfg, all...)
	solveTurns(start, cfg, hall, all)
	var g errgroup.Group
	search := func(w *worker) {
		if w.id > 0 && w.local != nil && !w.local.noTabu {
			// The tabu search, until it or another worker ends the call;
			// the exact search if it cannot run (see runTabu). Once it
			// stalls, it takes turns with a clause-learning search of its
			// own (see raceKicks), which runs alone once the tabu search
			// has failed its probe (see tabu.Search.Far).
			for l := w.local; !l.noTabu || l.far && !l.noClauses; {
				if w.runTabu(localMoves) {
					quit.Store(true)
					return
				}
				if (l.far || l.t != nil && l.t.Kicks() >= l.race) && w.runClauses(clauseTurn) {
					quit.Store(true)
					return
				}
			}
			w.local = nil
		}
		first := cfg.firstCutoff
		if first <= 0 {
			first = firstCutoff
		}
		w.restarting(start, cfg.seed, first)
		// A solution, a proof that there is none, or a stop: the others
		// end too.
		quit.Store(true)
	}
	first := all[0]
	if len(all) > 1 {
		first.sched.budget = serialBudget
		if wantLocal(start, cfg) {
			// The tabu search of the second worker starts when the
			// first worker's would with one worker (see localTurn).
			first.sched.deadEndBudget = localTurn
		}
		if cfg.localFrom != 0 {
			first.sched.budget = 0 // tests: the others from the first node
		}
		first.sched.onBudget = func() {
			for _, w := range all[1:] {
				g.Go(func() error {
					search(w)
					return nil
				})
			}
		}
	}
	search(first)
	g.Wait()
	out := outcome{expired: stop.expired.Load(), exceeded: stop.exceeded.Load()}
	for _, w := range all {
		out.counts.add(w.counts)
		out.halted = out.halted || w.halted
		if out.err == nil {
			out.err = w.err
		}
	}
	out.counts.nodes++ // the root
	return out
}

// solveGeneral finds one solution of start for Solve. With one worker,
// and on boards of 25 digits and more, where the workers take turns with
// a clause-learning or tabu search (see clausesFrom and localFrom), it is
// the portfolio. Otherwise the workers first share one plain search tree,
// as Count's do, for up to 2*firstCutoff nodes (about as many dead ends
// as the first run of the portfolio's first worker): on puzzles with one
// solution, which restarts do not help, splitting the tree is what makes
// two workers faster than one, where racing two exact searches of the
// whole tree is slower than one. Only a search that goes on past that
// turns into the portfolio, whose workers restart from the first cutoff
// of the Luby sequence.
func solveGeneral(ctx context.Context, start *logic.State, cfg *config, visit visitFunc) outcome {
	if portfolioFirst(start, cfg) {
		return portfolio(ctx, start, cfg, visit)
	}
	shared := *cfg
	shared.restarts = false
	budget := 2 * int64(firstCutoff)
	if cfg.firstCutoff > 0 {
		budget = 2 * cfg.firstCutoff
	}
	userLimit := cfg.nodeLimit > 0 && cfg.nodeLimit <= budget
	if !userLimit {
		shared.nodeLimit = budget
	}
	out := explore(ctx, start, &shared, visit)
	if !out.exceeded || userLimit || out.halted || out.err != nil || ctx.Err() != nil {
		return out
	}
	rest := *cfg
	rest.firstCutoff = restartUnit
	if cfg.nodeLimit > 0 {
		// The shared search stops a few nodes past its budget, which
		// may use up a limit just above it; a remainder of 0 or less
		// would read as no limit at all.
		rest.nodeLimit = cfg.nodeLimit - out.counts.nodes
		if rest.nodeLimit <= 0 {
			return out
		}
	}
	more := portfolio(ctx, start, &rest, visit)
	more.counts.add(out.counts)
	return more
}
