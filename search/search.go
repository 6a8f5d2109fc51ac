// Package search solves puzzles exactly, on any [sudoku.Geometry].
//
// The calls:
//   - [Solve] returns a solution;
//   - [Count] counts solutions up to a limit;
//   - [Unique] proves that there is exactly one solution and returns it;
//   - [All] yields every solution.
//
// Each takes a context and options: [WithWorkers] (goroutines, GOMAXPROCS
// by default), [WithNodeLimit] (a limit that does not depend on the
// machine), [WithSeed] (reproducible runs with one worker), [WithMarks]
// (pencil marks the solutions must keep), [WithRules] (human-style
// deductions at every node), [WithObserver] (progress) and [WithStats]
// (statistics, filled whatever the outcome).
//
// The engines. Classic 9x9 boards (without WithRules) take a search of
// their own on bitboards, on the calling goroutine: their trees are too
// small to share. Every other board takes a depth-first search that propagates
// naked and hidden singles at every node and branches on the open cell
// with the fewest candidates, weighed by where it met dead ends. Solve
// restarts it with growing cutoffs and races its workers; Count and All
// share one tree between them. Bigger boards add engines that take turns
// with it:
//   - from 25x25 on, a filter by the all-different rule of each house, and,
//     for Solve, Count to 1 or 2 and Unique, a clause-learning search that
//     answers either way (a solution, or a proof that there is none);
//   - from 36x36 on, for the same calls, a tabu search that
//     finds solutions of boards with many of them and about half of their
//     cells open, which hold the exact search longest.
//
// A board solved at once pays for none of them. The benchmarks of this
// package measure each.
//
// The guarantees. Answers are exact: a count is the count up to its limit,
// a solution keeps every digit of the board and repeats none in a unit,
// and "no solution" is a proof.
// When ctx ends, or the node limit is reached, a call returns promptly
// with the context's error or [ErrNodeLimit]. Errors wrap [ErrNoSolution]
// (with the [*sudoku.ConflictError] when the digits conflict),
// [ErrMultipleSolutions] and [sudoku.ErrInvalidArgument] for bad
// arguments, options and rules. No goroutine a call starts outlives it,
// and the memory of a search stays bounded (a worker keeps a few megabytes
// of states and rebuilds the others). With several workers, which
// solution Solve returns may vary from run to run; with one worker and a
// seed, a run repeats.
package search

import (
	"context"
	"iter"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Solve returns a solution of board b: a copy of b with every empty cell
// filled (as an entry; b's givens stay givens). Every digit already on b is
// kept, given or not. b itself is not changed.
//
// It returns an error wrapping [ErrNoSolution] when b has no solution (also
// wrapping [*sudoku.ConflictError] when its digits already conflict), the
// context's error when ctx ends first ([ErrNodeLimit] when the limit of
// [WithNodeLimit] comes first), and one wrapping [sudoku.ErrInvalidArgument] for
// a nil context, board or option. With several workers the solution found
// first is returned, which can differ from run to run when b has more
// than one.
func Solve(ctx context.Context, b *sudoku.Board, opts ...Option) (*sudoku.Board, error) {
	cfg, err := newConfig(opts)
	defer cfg.release()
	if err != nil {
		return nil, err
	}
	if ctx == nil || b == nil {
		return nil, cfg.fail(checkArgs(ctx, b))
	}
	cfg.restarts = true
	if cfg.observer == nil && cfg.classic(ctx, b) {
		// The classic search stops at the first solution and fills a
		// copy of b with it: no visit to call and nothing to lock.
		sol := b.Clone()
		out, err := exploreClassic(ctx, b, cfg, nil, 1, sol)
		if out.counts.solutions == 0 {
			sol = nil
		}
		return solveResult(ctx, cfg, out, err, sol)
	}
	var (
		mu  sync.Mutex
		sol *sudoku.Board
	)
	out, err := searchBoard(ctx, b, cfg, func(f solution) bool {
		mu.Lock()
		defer mu.Unlock()
		if sol == nil {
			sol = b.Clone()
			f.Fill(sol) // cannot fail: sol is on the search's geometry
		}
		return false
	})
	return solveResult(ctx, cfg, out, err, sol)
}

// solveResult reports a search's counts and makes Solve's answer of its
// outcome: the search's error, else sol, else why there is none.
func solveResult(ctx context.Context, cfg *config, out outcome, err error, sol *sudoku.Board) (*sudoku.Board, error) {
	cfg.report(out.counts)
	if err != nil {
		return nil, err
	}
	if sol == nil {
		if err := out.interrupted(ctx); err != nil {
			return nil, err
		}
		return nil, ErrNoSolution
	}
	return sol, nil
}

// Count returns the number of solutions of b, counting no further than
// limit: Count(ctx, b, 2) is 1 exactly when b has a unique solution. A
// limit of 0 means no limit (bound the call with ctx). The count is exact
// up to the limit, with any number of workers. With a limit of 1 or 2, on
// boards of 25 digits and more, a clause-learning search joins the exact
// one, and on boards of 36 digits and more, with a limit of 1, Solve's
// tabu search too, and with a limit of 2, tabu searches that answer 2
// when they have found two different solutions (see the package
// documentation).
//
// When ctx ends first, Count returns the solutions counted so far with the
// context's error (with [ErrNodeLimit] when the limit of [WithNodeLimit]
// ends it). Conflicting givens count 0 solutions and give no error;
// a negative limit or a nil argument is an error wrapping
// [sudoku.ErrInvalidArgument].
func Count(ctx context.Context, b *sudoku.Board, limit int, opts ...Option) (int, error) {
	cfg, err := newConfig(opts)
	defer cfg.release()
	if err != nil {
		return 0, err
	}
	if limit < 0 {
		return 0, cfg.fail(invalid("Count: negative limit %d", limit))
	}
	if ctx == nil || b == nil {
		return 0, cfg.fail(checkArgs(ctx, b))
	}
	n, err := count(ctx, b, limit, cfg)
	if isNoSolution(err) {
		return 0, nil
	}
	return n, err
}

// count is the search of Count and Unique on the checked arguments: it
// returns the count, up to limit when it is positive, and an error
// wrapping ErrNoSolution for a board without a solution from the start.
// When cfg.first is set, it receives the first solution found.
func count(ctx context.Context, b *sudoku.Board, limit int, cfg *config) (int, error) {
	cfg.terse = true
	cfg.restarts = countAsSolve(b, limit, cfg)
	if limit <= 2 {
		cfg.countTo = limit
	}
	var (
		out outcome
		n   int
		err error
	)
	if cfg.observer == nil && cfg.classic(ctx, b) {
		// The classic search counts by itself and stops at the limit: no
		// visit to call and no shared counter.
		var fill *sudoku.Board
		if cfg.first != nil {
			fill = cfg.first.board
		}
		out, err = exploreClassic(ctx, b, cfg, nil, limit, fill)
		n = int(out.counts.solutions)
		if n > 0 && cfg.first != nil {
			cfg.first.kept = true
		}
	} else {
		n, out, err = countGeneral(ctx, b, limit, cfg)
	}
	cfg.report(out.counts)
	if err != nil {
		return 0, err
	}
	if out.answered {
		// The clause-learning search counted to the end first.
		return int(out.answer), nil
	}
	if !out.halted {
		if err := out.interrupted(ctx); err != nil {
			return n, err
		}
	}
	return n, nil
}

// countGeneral is Count's search on boards other than the classic one,
// whose workers count into one counter (see counter). It returns the count,
// up to limit when it is positive.
func countGeneral(ctx context.Context, b *sudoku.Board, limit int, cfg *config) (int, outcome, error) {
	var total counter
	visit := func(solution) bool { return total.add(limit) }
	switch {
	case cfg.first != nil:
		visit = func(f solution) bool {
			cfg.first.keep(f)
			return total.add(limit)
		}
	case limit == 0:
		// Nothing to stop at: each worker counts on its own, with no
		// shared counter to contend for.
		visit = func(solution) bool { return true }
	}
	out, err := searchBoard(ctx, b, cfg, visit)
	if limit == 0 {
		return int(out.counts.solutions), out, err
	}
	return total.get(limit), out, err
}

// All returns an iterator over every solution of b, each a new board as
// [Solve] returns it. Breaking out of the loop stops the search; every
// goroutine it started has ended when the loop ends.
//
// Each pair has a nil error, except a last pair (nil, err) when the search
// could not run or did not finish: err wraps [sudoku.ErrInvalidArgument], is the
// context's error, or is [ErrNodeLimit]. Conflicting givens yield nothing and no error. With
// several workers the order of the solutions varies from run to run.
//
// b is read when the loop starts; changing it in the loop body does not
// change the search.
func All(ctx context.Context, b *sudoku.Board, opts ...Option) iter.Seq2[*sudoku.Board, error] {
	return func(yield func(*sudoku.Board, error) bool) {
		cfg, err := newConfig(opts)
		defer cfg.release()
		if err != nil {
			yield(nil, err)
			return
		}
		if err := checkArgs(ctx, b); err != nil {
			yield(nil, cfg.fail(err))
			return
		}
		// Solutions are built from a copy taken now, so the loop body may
		// change b while the search runs.
		tmpl := b.Clone()
		board := func(f solution) *sudoku.Board {
			out := tmpl.Clone()
			f.Fill(out) // cannot fail: out is on the search's geometry
			return out
		}
		var out outcome
		if cfg.classic(ctx, tmpl) || cfg.workerCount() <= 1 {
			out, err = searchBoard(ctx, tmpl, cfg, func(f solution) bool {
				return yield(board(f), nil)
			})
		} else {
			out, err = allParallel(ctx, tmpl, cfg, board, yield)
		}
		cfg.report(out.counts)
		if out.halted || isNoSolution(err) {
			// A loop body that stopped the loop must not be called
			// again, whatever a worker met meanwhile.
			return
		}
		if err != nil {
			yield(nil, err)
			return
		}
		if err := out.interrupted(ctx); err != nil {
			yield(nil, err)
		}
	}
}

// solution is a solution handed to a visit: Fill writes its digits into
// the empty cells of a board on the search's geometry. It is valid only
// during the visit.
type solution interface {
	Fill(*sudoku.Board) error
}

// searchBoard runs the search that serves b (the classic one on classic
// boards, the general one on every other) and calls visit for each
// solution until it returns false or ctx ends; with several workers,
// concurrently. The error is that of a board without a solution from the
// start, or of a bad argument.
func searchBoard(ctx context.Context, b *sudoku.Board, cfg *config, visit func(solution) bool) (outcome, error) {
	if cfg.observer != nil && ctx != nil && b != nil {
		cfg.watch = newWatch(cfg.observer, cfg.start, b.Geometry().NumCells())
		if err := cfg.watch.call(Progress{}, true); err != nil {
			return outcome{}, err
		}
	}
	if cfg.classic(ctx, b) {
		return exploreClassic(ctx, b, cfg, visit, 0, nil)
	}
	s, err := root(ctx, b, cfg.marks)
	if err != nil {
		return outcome{}, err
	}
	var out outcome
	if cfg.restarts {
		out = solveGeneral(ctx, s, cfg, func(s *logic.State) bool { return visit(s) })
	} else {
		out = explore(ctx, s, cfg, func(s *logic.State) bool { return visit(s) })
	}
	if out.err == nil && cfg.watch != nil {
		out.err = cfg.watch.err
	}
	return out, out.err
}

// allParallel runs a parallel search whose workers hand solutions to the
// calling goroutine, which yields them. It returns when the search and
// every goroutine of it have ended; halted is set when yield asked to stop.
func allParallel(ctx context.Context, b *sudoku.Board, cfg *config,
	board func(solution) *sudoku.Board, yield func(*sudoku.Board, error) bool) (outcome, error) {
	inner, cancel := context.WithCancel(ctx)
	defer cancel()
	solutions := make(chan *sudoku.Board)
	type result struct {
		out outcome
		err error
	}
	done := make(chan result)
	go func() {
		out, err := searchBoard(inner, b, cfg, func(f solution) bool {
			select {
			case solutions <- board(f):
				return true
			case <-inner.Done():
				return false
			}
		})
		close(solutions)
		done <- result{out, err}
	}()
	finished := false
	defer func() {
		if !finished { // yield panicked: stop and wait for the search first
			cancel()
			for range solutions {
			}
			<-done
		}
	}()
	halted := false
	for sol := range solutions {
		if !halted && !yield(sol, nil) {
			halted = true
			cancel()
		}
	}
	r := <-done
	finished = true
	r.out.halted = halted
	return r.out, r.err
}

// counter counts solutions across workers up to a limit.
type counter struct{ n atomic.Int64 }

// add counts one solution and reports whether the search should go on.
func (c *counter) add(limit int) bool {
	n := c.n.Add(1)
	return limit == 0 || n < int64(limit)
}

func (c *counter) get(limit int) int {
	n := int(c.n.Load())
	if limit > 0 {
		return min(n, limit)
	}
	return n
}

// fail fills the statistics of a call that ends on a bad argument before
// any search (no worker ran) and returns err. Solve and Count look only
// for nil arguments before they search: the search itself finds a context
// that has ended, and looking at it once more would cost every call (a
// generator makes thousands a second) one more look at the context.
func (c *config) fail(err error) error {
	c.workers, c.resolved = 0, true
	c.start = time.Now()
	c.report(counters{})
	return err
}

func (c *config) report(counts counters) {
	if c.stats != nil {
		*c.stats = Stats{
			Nodes: counts.nodes, Guesses: counts.guesses, DeadEnds: counts.deadEnds,
			Solutions: counts.solutions, Shared: counts.shared, Restarts: counts.restarts,
			States: counts.states, Rebuilt: counts.rebuilt, Moves: counts.moves,
			Conflicts: counts.conflicts,
			Workers:   c.workerCount(), Seed: c.seed, Elapsed: time.Since(c.start),
		}
	}
}
