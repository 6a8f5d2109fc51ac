// Package search solves puzzles exactly: a depth-first search over the
// candidate state of package logic, propagating naked and hidden singles at
// every node and branching on the open cell with the fewest candidates,
// weighed, once the search has met contradictions, against how often the
// cell's houses saw them.
//
// [Solve] finds a solution, [Count] counts solutions up to a limit (a limit
// of 2 tells whether a puzzle is unique), and [All] yields every solution.
// Each works on any [sudoku.Geometry] and takes a context: when it ends,
// the call returns promptly with the context's error.
//
// Classic 9x9 boards get a search of their own, chosen automatically: the
// candidates of each digit are bitboards of three 27-bit band words, on
// which naked and hidden singles and locked candidates along rows and
// columns are found a band at a time. It runs on the calling goroutine: a
// 9x9 tree is so small (a few dozen nodes for the hardest known puzzles)
// that handing parts of it to other goroutines costs more than it saves.
// Every other geometry (larger boards, rectangular boxes, variants, cubes)
// uses the general search on the states of package logic. On a board of
// boxes with fewer than one cell in ten decided, it tries each cell's
// digits starting from the one a pattern grid of the box shape has there,
// which spreads the digits evenly over the houses: the empty board of every box shape up to 64x64, rectangular
// ones included, is solved with no dead end, in about as many nodes as
// it has cells.
//
// Errors: [ErrNoSolution] (wrapping the [*sudoku.ConflictError] when the
// digits conflict), [ErrNodeLimit], the context's error, and
// [sudoku.ErrInvalidArgument] for bad arguments, options and rules.
// Statistics come back through [WithStats] only.
//
// Solve, on the general search, restarts: after 65,536 dead ends it
// starts again from the root, and again after cutoffs that grow by the
// Luby sequence, branching first on the cells whose houses failed most so
// far and breaking ties at random (see [WithSeed]). A board with many
// solutions can lead a depth-first search into a subtree without one that
// takes hours to leave (the heavy tail of Gomes, Selman and Kautz); a
// restart leaves it. Count and All never restart: they must see every
// subtree once.
//
// On boards of 36 digits and more, Solve (without [WithRules]) also runs a
// local search beside the exact one: a tabu search that fills each box
// with its missing digits and swaps two of them at a time until no row or
// column repeats a digit, never undoing a recent swap (after Jin and
// Hao's tabu search for Latin square completion). On boards with many
// solutions and more than half of their cells open, which can hold a
// depth-first search for minutes, it finds a solution in seconds. It cannot
// prove that there is none: that stays the exact search's job, and a board
// without a solution is answered as before.
//
// On the same boards Solve runs a third search: a clause-learning one, as
// satisfiability solvers search (Marques-Silva and Sakallah's conflict
// analysis; Eén and Sörensson's MiniSat), on the board's open cells as
// exactly-one constraints (each cell one of its candidates, each house
// each missing digit once). From each conflict it learns a clause that
// keeps it from the same dead end in other subtrees, which the exact
// search, which forgets, meets again and again on boards with 40 to 50 %
// of their cells open: three 49x49 boards with 42 % open, which neither
// the exact nor the tabu search solved in 20 s, took it 0.11 to 1.4 s,
// and a 36x36 board with half of its cells open, 6 s. It takes turns
// between a focused mode of frequent restarts and a stable mode of rare
// ones that steers towards the longest assignment it has met without a
// conflict, as the SAT solver CaDiCaL does. Its clauses hold every
// solution of the board, and no more: a model of them is a solution, and
// its proof that they have none ends Solve with [ErrNoSolution], as the
// exact search's exhausted tree does.
//
// With one worker the three take turns: for every 32 dead ends of the
// exact search, 2,048 swaps of the tabu search and 128 conflicts of the
// clause-learning one, none before the first 256 dead ends, so that a
// board solved at once pays nothing. With more, the first worker takes
// the same turns, and the second runs a tabu search of its own random
// stream without a break, so that two tabu streams race (on the phase
// set, seeds 1 to 8, board 17 took a median of 7.3 s instead of 9.0 s
// when the first worker left the tabu search to the second); once that
// tabu search has stalled 256 times (it solves the boards it can after
// far fewer), the second worker takes turns with a clause-learning
// search of its own stream too, so that two race, as the time they take
// varies widely with the seed. The first 4 swaps per open cell of a tabu
// search are a probe: if the fewest repeats it reached by then are above
// 4 % of the open cells (as on every board where it then found no
// solution, and on none where it did), it takes no more turns, and the
// second worker runs its clause-learning search alone; if not, its turns
// between the other searches grow sixteenfold. On the phase set with one
// worker (seed 1), boards 3, 11, 12, 17 and 18 took 4.8, 0.85, 0.69, 6.9
// and 7.3 s instead of 7.9, 1.7, 1.4, 15 and 18 s, and three 49x49 boards
// with 42 % open 0.18, 1.3 and 0.33 s instead of 0.31, 3.0 and 0.74 s;
// with two, board 3 took 2.1 and 5.3 s (seeds 1 and 2) instead of 6.3
// and 4.9 s.
// [Stats.Moves] counts the swaps and [Stats.Conflicts] the conflicts.
//
// On boards of 25 to 35 digits, where Solve runs no tabu search, each of
// its workers takes turns between its exact search and a clause-learning
// search of its own random stream, in the same measure, so that those
// race: a minimal 25x25 puzzle of package generate with 348 cells open
// after propagation, which the exact search had not solved in 120 s, took
// 4.3 to 12 s with two workers (four seeds), and the 20 reference 25x25
// puzzles with one solution went from 29-31 to 37-38 a second on one and
// two workers.
//
// Count with a limit of 1 or 2 asks whether there is a solution, or
// whether it is unique. On boards of 25 digits and more each worker of
// its exact search then takes turns with a clause-learning search of its
// own, as Solve's workers do, which counts on its own: it rules out each
// solution it finds by a clause, and the first of the two to count to the
// limit, or to the end (the clause-learning search by a proof that no
// other solution is left), answers. On boards of 36 digits and more,
// Count to 1 is Solve's search, tabu search and restarts included: of
// the phase-transition boards, with two workers, a 64x64 one with 60 %
// of its cells open took 5.5 s where the exact and clause-learning
// searches had not answered in 20 s, and two 49x49 ones with 60 % open
// 1.0 and 0.9 s instead of 4.4 and 4.6 s, and a 36x36 one with half of
// its cells open 1.8 and 5.0 s (two seeds) against 3.0 s. Count to
// 2 on those boards gives each worker a tabu search of its own too, in
// the same turns, probe included, and two different solutions found by
// them answer 2 (a solution found again is not counted twice). On the
// phase set, with two workers and two seeds, the 49x49 boards with
// 60 % of their cells open took 1.5 to 1.9 s instead of 6.6 to 24 s, and
// the 64x64 ones 3.3 to 8.3 s, where three of four runs had not answered
// in 40 s; 49x49 boards with 42 % open, which the clause-learning search
// answers, took 0.04 to 0.13 s longer for the probe.
// Making a puzzle asks whether there is a solution each time it
// takes a clue out (with the clue's digit ruled out of its cell, see
// [WithMarks]); on 25x25 boards with half of their cells open, the exact
// search could take over 40 s where the clause-learning search answered
// in 0.1 to 3 s. The uniqueness of the minimal 25x25 puzzle above, which
// the exact search had not proved in 120 s, took 22 s with two workers
// (CaDiCaL took 8.2 s to find the solution and prove it unique); the 20
// reference 25x25 puzzles went from 13 to 28-31 checks a second on one
// worker, and from 21 to 26 on two.
//
// On boards of 25 digits and more, the exact search (of Solve, Count and
// All) filters every node by the all-different rule of each house in
// full, after singles: a candidate that no assignment of the house's
// missing digits to its open cells uses is removed (Régin's filtering, by
// a matching and the strongly connected components of its alternating
// graph), which finds every naked and hidden subset at once. It starts
// once a worker has met 256 dead ends, so that a board solved at once
// pays nothing for it. A node then costs five to eight times as much, and
// the tree shrinks by more: on the 25x25 reference puzzles Solve and
// Count to 2 take about half as long, and of six 36x36 boards with 45 %
// of their cells open, it solved two that the search with singles alone
// did not solve within 20 s.
//
// With more than one worker (see [WithWorkers]; the default is GOMAXPROCS),
// Solve races its workers, each on its own random stream, once a serial
// start shows the search to be long; the first solution stops the rest.
// Count and All hand subtrees near the root to a bounded group of
// goroutines once a serial start shows the tree to be large; the first
// solution (or the limit, or a clause-learning search's count) cancels
// the rest. Every goroutine a call starts
// has ended when it returns. Each worker keeps a state (the candidates of
// every cell) per depth of its search up to about 4 MB of them; a deeper
// search keeps one every so many depths and at the depths it searched
// last, and rebuilds the others when it backtracks to them, by repeating
// its guesses and their propagation from the kept state above (an empty
// 64x64 board, over 3,000 guesses deep, takes about 15 MB with two
// workers instead of 230). [Stats.States] and [Stats.Rebuilt] tell how
// many it held and rebuilt. Each clause-learning search keeps at most
// 2^18 literals of the clauses it learns: the 64x64 boards of the phase
// set with 40 and 50 % of their cells open, searched for 60 s by two
// workers, peaked at 39 to 53 MB of resident memory.
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
	if limit == 1 && tabuBoard(b.Geometry().Digits(), cfg) {
		// Is there a solution? That is Solve's question: on boards where
		// Solve runs the tabu search, Count to 1 is Solve's search.
		cfg.restarts = true
	}
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
		if cfg.workers <= 1 || cfg.classic(ctx, tmpl) {
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
	c.workers = 0
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
			Workers:   c.workers, Seed: c.seed, Elapsed: time.Since(c.start),
		}
	}
}
