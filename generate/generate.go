// Package generate makes puzzles with exactly one solution, proved: every
// clue is removed only after the search of package search has shown that
// the puzzle without it still has one solution (or, for a target level,
// after the rules of that level have solved it, which proves the same).
//
// [Grid] makes a random complete grid on any geometry: boards of every
// size and box shape, variants, the faces of a cube; [Solution] a random
// solution of a puzzle. [New] makes a puzzle from one: clues leave in a
// random order, an orbit of a [Symmetry] at a time, down to a target
// number of clues or until none can leave (a minimal puzzle). With a
// target level of package grade, or rules a player must or must not
// need, it tries solutions until one meets them; the levels between the
// easiest and guessing are searched for on each solution, by adding
// clues back to minimal puzzles (see [WithLevel]). [FromSolution] removes
// clues from a grid the caller has; [Batch] makes many puzzles on all
// processors, and [Puzzles] yields them one by one for batches of any
// length. [Transform] and [Relabel] give cheap variants of a board: the
// same puzzle turned, mirrored or with its digits renamed.
//
// The calls follow the contract of the module's documentation: a context
// first, options last ([WithSeed], [WithWorkers], [WithStats],
// [WithAttemptLimit], [WithTimeLimit] and the targets), the context's
// error within about 10 ms of its end, and every bad argument an error
// wrapping [sudoku.ErrInvalidArgument]. The same seed and options give the
// same puzzles, with any number of workers (unless a time limit cuts the
// work short).
package generate

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Puzzle is a generated puzzle. It encodes to JSON with camelCase keys;
// the boards as [sudoku.Board] encodes them.
type Puzzle struct {
	// Board holds the clues, as givens.
	Board *sudoku.Board `json:"board"`
	// Solution is the puzzle's only solution: the clues as givens, every
	// other cell an entry.
	Solution *sudoku.Board `json:"solution"`
	// Grade is the puzzle's grade when a level or rules were asked for
	// (grading costs more than generating a 9x9 puzzle); nil otherwise.
	Grade *grade.Grade `json:"grade,omitempty"`
	// Minimal reports that no clue (with a symmetry, no orbit of clues)
	// can be removed without losing uniqueness.
	Minimal bool `json:"minimal"`
	// Symmetry is the symmetry of the clues: the one [WithSymmetry] asked
	// for, or the one drawn for [RandomSymmetry].
	Symmetry Symmetry `json:"symmetry"`
}

// PuzzleSeed returns the seed of puzzle i of a [Batch] or [Puzzles] call
// whose seed is seed ([WithSeed], or [Stats.Seed] without it): [New] with
// WithSeed(PuzzleSeed(seed, i)) and the same other options makes that
// puzzle again, alone.
func PuzzleSeed(seed uint64, i int) uint64 { return mix(seed + uint64(i)) }

// Clues returns the number of clues: 0 for a Puzzle without a board.
func (p *Puzzle) Clues() int {
	if p == nil || p.Board == nil {
		return 0
	}
	return p.Board.Geometry().NumCells() - p.Board.Empty()
}

// MaxBatch is the largest count [Batch] takes: a larger one is an error
// wrapping [sudoku.ErrInvalidArgument], returned before any work. Longer
// runs take [Puzzles], which keeps no puzzle the loop has seen.
const MaxBatch = 1 << 20

// New makes a puzzle on g with exactly one solution, from random complete
// grids (see [Grid]), under the options. Without targets it returns a
// minimal puzzle from the first grid, unless [WithTimeLimit] cuts its
// removal of clues short: the puzzle then has the clues it had reached,
// with a nil error, and [Puzzle.Minimal] false (add [WithMinimal] to make
// that an error wrapping [ErrNotReached]). With targets (see [WithLevel],
// [WithRequired], [WithForbidden], [WithClues], [WithMinimal]) it tries
// grids until one meets them all, or a limit ends the attempts
// ([WithAttemptLimit], [WithTimeLimit]; by default [DefaultAttemptLimit]
// grids): then it
// returns the best puzzle found with an error wrapping [ErrNotReached].
//
// Other errors: one wrapping [sudoku.ErrInvalidArgument] for a nil context,
// geometry or option, or an option unfit for g; one wrapping
// [search.ErrNoSolution] when g has no complete grid; the context's error
// when ctx ends first (with no puzzle), whether or not a time limit is set.
func New(ctx context.Context, g *sudoku.Geometry, opts ...Option) (*Puzzle, error) {
	start := time.Now()
	cfg, err := begin(ctx, "New", "geometry", g == nil, opts)
	var st Stats
	defer func() { cfg.report(st, start) }()
	if err != nil {
		return nil, err
	}
	orbits, err := cfg.orbits(g)
	if err != nil {
		return nil, err
	}
	return generate(ctx, g, nil, orbits, &cfg, &st)
}

// FromSolution makes a puzzle whose only solution is sol, a complete
// grid, by removing its clues in a random order under the options. With
// targets it tries other orders of removal until one meets them or a
// limit ends the attempts, as [New] tries other grids. It returns an
// error wrapping [sudoku.ErrInvalidArgument] when sol is nil, not complete
// or not valid (then also wrapping the [*sudoku.ConflictError]), and
// otherwise the errors of New. sol is not changed.
func FromSolution(ctx context.Context, sol *sudoku.Board, opts ...Option) (*Puzzle, error) {
	start := time.Now()
	cfg, err := begin(ctx, "FromSolution", "board", sol == nil, opts)
	var st Stats
	defer func() { cfg.report(st, start) }()
	switch {
	case err != nil:
		return nil, err
	case !sol.Filled():
		return nil, invalid("FromSolution: the solution has %d empty cells", sol.Empty())
	}
	if err := sol.Validate(); err != nil {
		return nil, fmt.Errorf("generate: FromSolution: %w: %w", err, sudoku.ErrInvalidArgument)
	}
	orbits, err := cfg.orbits(sol.Geometry())
	if err != nil {
		return nil, err
	}
	return generate(ctx, sol.Geometry(), allGiven(sol), orbits, &cfg, &st)
}

// Batch makes n puzzles on g, on the workers of [WithWorkers] at once,
// and returns them in a stable order: puzzle i is the one [New] makes with
// the seed [PuzzleSeed] derives from Batch's own ([Stats.Seed]) and i, so
// any one of them can be made again alone. When some puzzle misses a
// target, its place holds
// the best one found and the error wraps [ErrNotReached]; any other error
// (the context's, say) ends the batch and is returned with no puzzles.
//
// n must be from 0 to [MaxBatch]; memory is taken for the puzzles as they
// come, not for n up front. Batch is [Puzzles] collected into a slice.
func Batch(ctx context.Context, g *sudoku.Geometry, n int, opts ...Option) ([]*Puzzle, error) {
	if n > MaxBatch {
		start := time.Now()
		cfg, _ := newConfig(opts)
		cfg.report(Stats{}, start)
		return nil, invalid("Batch: count %d above MaxBatch (%d); Puzzles takes any count", n, MaxBatch)
	}
	var (
		out    []*Puzzle
		missed int
	)
	for p, err := range Puzzles(ctx, g, n, opts...) {
		switch {
		case errors.Is(err, ErrNotReached):
			missed++
		case err != nil:
			return nil, err
		}
		out = append(out, p)
	}
	if missed > 0 {
		return out, fmt.Errorf("%w: %d of %d puzzles", ErrNotReached, missed, len(out))
	}
	return out, nil
}

// Puzzles returns an iterator over n puzzles on g: the puzzles of
// [Batch], in the same order, each yielded as soon as it and those before
// it are made. The workers of [WithWorkers] make puzzles at once, no more
// than twice as many ahead of the loop, so memory holds only those; n may
// be any count from 0 up (math.MaxInt for a run that ends when the loop
// breaks). Breaking out of the loop stops the workers; every goroutine
// Puzzles started has ended when the loop ends.
//
// A puzzle that misses a target comes with an error wrapping
// [ErrNotReached], and the loop goes on. Any other error comes last, with
// a nil puzzle: one wrapping [sudoku.ErrInvalidArgument] for a bad
// argument (a nil context or geometry, a negative n, an option unfit for
// g), one wrapping [search.ErrNoSolution] when g has no complete grid, the
// context's error when ctx ends first. The stats of [WithStats] are
// filled when the loop ends.
func Puzzles(ctx context.Context, g *sudoku.Geometry, n int, opts ...Option) iter.Seq2[*Puzzle, error] {
	return func(yield func(*Puzzle, error) bool) {
		start := time.Now()
		cfg, err := begin(ctx, "Puzzles", "geometry", g == nil, opts)
		var st Stats
		defer func() { cfg.report(st, start) }()
		var orbits [][]int
		switch {
		case err != nil:
		case n < 0:
			err = invalid("Puzzles: negative count %d", n)
		default:
			orbits, err = cfg.orbits(g)
		}
		if err != nil {
			yield(nil, err)
			return
		}
		base := seedOf(&cfg)
		st.Seed = base
		st.Workers = min(cfg.workers, n)
		make1 := func(ctx context.Context, i int) result {
			one := cfg
			one.seed, one.hasSeed = PuzzleSeed(base, i), true
			one.workers, one.stats = 1, nil
			var s Stats
			p, err := generate(ctx, g, nil, orbits, &one, &s)
			return result{p, s.Attempts, err}
		}
		next := serialPuzzles(ctx, n, make1)
		if st.Workers > 1 {
			var stop func()
			next, stop = parallelPuzzles(ctx, n, st.Workers, make1)
			defer stop()
		}
		for {
			r, ok := next()
			if !ok {
				return
			}
			st.Attempts += r.attempts
			if r.p == nil {
				yield(nil, r.err)
				return
			}
			st.Puzzles++
			if r.err != nil {
				st.Missed++
			}
			if !yield(r.p, r.err) {
				return
			}
		}
	}
}

// result is one puzzle of Puzzles: p is nil when err ends the run.
type result struct {
	p        *Puzzle
	attempts int
	err      error
}

// serialPuzzles returns the results of make1 for 0..n-1 made on the
// calling goroutine, one a call of next, and false after the last or after
// an error that ends the run.
func serialPuzzles(ctx context.Context, n int, make1 func(context.Context, int) result) (next func() (result, bool)) {
	i, over := 0, false
	return func() (result, bool) {
		if over || i >= n {
			return result{}, false
		}
		r := make1(ctx, i)
		i++
		over = r.p == nil
		return r, true
	}
}

// parallelPuzzles is serialPuzzles on workers goroutines, which make up to
// 2*workers puzzles ahead of the one next returns. The first error that
// ends the run cancels the others and is returned at once, and so is the
// error of parent once it has ended. stop ends the workers and waits for
// them.
func parallelPuzzles(parent context.Context, n, workers int, make1 func(context.Context, int) result) (next func() (result, bool), stop func()) {
	ctx, cancel := context.WithCancel(parent)
	var (
		mu      sync.Mutex
		cond    = sync.NewCond(&mu)
		started int                // the next index to start
		taken   int                // the results next has returned
		done    = map[int]result{} // made and not yet taken
		failed  *result            // the first error that ends the run
		stopped bool
		wg      sync.WaitGroup
	)
	window := 2 * workers
	wg.Add(workers)
	for range workers {
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				for !stopped && failed == nil && started < n && started >= taken+window {
					cond.Wait()
				}
				if stopped || failed != nil || started >= n {
					mu.Unlock()
					return
				}
				i := started
				started++
				mu.Unlock()
				r := make1(ctx, i)
				mu.Lock()
				if r.p == nil && failed == nil {
					failed = &r
					cancel()
				}
				done[i] = r
				cond.Broadcast()
				mu.Unlock()
			}
		}()
	}
	next = func() (result, bool) {
		mu.Lock()
		defer mu.Unlock()
		if taken >= n || stopped {
			return result{}, false
		}
		for {
			if err := parent.Err(); err != nil {
				// Puzzles made before ctx ended are not handed out after.
				stopped = true
				return result{err: err}, true
			}
			r, ok := done[taken]
			if ok && r.p != nil {
				delete(done, taken)
				taken++
				cond.Broadcast()
				return r, true
			}
			if failed != nil {
				stopped = true
				return *failed, true
			}
			cond.Wait()
		}
	}
	stop = func() {
		mu.Lock()
		stopped = true
		cond.Broadcast()
		mu.Unlock()
		cancel()
		wg.Wait()
	}
	return next, stop
}

// seedOf returns the configured seed, drawing one when none was set.
func seedOf(cfg *config) uint64 {
	if cfg.hasSeed {
		return cfg.seed
	}
	var b [8]byte
	crand.Read(b[:]) // never fails
	return binary.LittleEndian.Uint64(b[:])
}

// orbits returns the orbits of cfg's symmetry on g, or for RandomSymmetry
// nil, after checking that g has the grid layout every symmetry it draws
// from needs.
func (c *config) orbits(g *sudoku.Geometry) ([][]int, error) {
	if c.symmetry == RandomSymmetry {
		_, err := Rotate180.Orbits(g)
		return nil, err
	}
	return c.symmetry.Orbits(g)
}

// generate runs the attempts of New (sol == nil) or FromSolution on the
// orbits of cfg's symmetry on g, which it only reads (the workers of
// Puzzles share them; nil for RandomSymmetry, drawn here from the seed),
// and fills st with what it did.
func generate(ctx context.Context, g *sudoku.Geometry, sol *sudoku.Board, orbits [][]int, cfg *config, st *Stats) (*Puzzle, error) {
	seed := seedOf(cfg)
	st.Seed = seed
	sym := cfg.symmetry.choose(g, seed)
	if orbits == nil {
		var err error
		if orbits, err = sym.Orbits(g); err != nil {
			return nil, err // cannot happen: cfg.orbits checked g
		}
	}
	r := &remover{cfg: cfg, orbits: orbits, accept: newAcceptor(cfg)}
	if cfg.timeLimit > 0 {
		r.deadline = time.Now().Add(cfg.timeLimit)
	}
	limit := cfg.attemptLimit
	if !cfg.targeted() && cfg.clues == 0 && !cfg.minimal {
		limit = 1 // nothing to retry for
	}
	best, err := r.attempts(ctx, g, sol, seed, limit, st)
	if best == nil {
		return nil, err
	}
	best.Symmetry = sym
	st.Puzzles = 1
	if err != nil {
		st.Missed = 1
	}
	return best, err
}

// remover runs attempts: a grid, then the removal of clues, then the
// check of the targets.
type remover struct {
	cfg      *config
	orbits   [][]int
	accept   acceptor  // copied by each attempt, which has its own scratch
	deadline time.Time // of the time limit; zero: none
}

func (r *remover) outOfTime() bool {
	return !r.deadline.IsZero() && !time.Now().Before(r.deadline)
}

// attempt is one attempt's result.
type attempt struct {
	p    *Puzzle
	miss int // how far it misses the targets; 0 meets them all
}

// attempts tries up to limit attempts (0: until the time limit or ctx
// ends), on cfg.workers goroutines, and returns the first attempt, in the
// order of their numbers, that meets every target, whatever the number of
// workers; failing that, the best one seen, with ErrNotReached. It fills
// the workers and attempts of st.
func (r *remover) attempts(ctx context.Context, g *sudoku.Geometry, sol *sudoku.Board, seed uint64, limit int, st *Stats) (*Puzzle, error) {
	var (
		mu     sync.Mutex
		next   int // the next attempt number to start
		winner = -1
		best   attempt
		bestAt = -1
		errAt  = -1 // the lowest attempt that failed with an error
		errOut error
	)
	// done reports whether attempt i need not run: an attempt before it
	// met the targets or failed.
	done := func(i int) bool {
		return (winner >= 0 && i > winner) || (errAt >= 0 && i > errAt)
	}
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if done(next) || (limit > 0 && next >= limit) {
			return 0, false
		}
		if next > 0 && (r.outOfTime() || ended(ctx) != nil) {
			return 0, false
		}
		next++
		return next - 1, true
	}
	work := func() {
		for {
			i, ok := take()
			if !ok {
				return
			}
			a, err := r.attempt(ctx, g, sol, newRand(seed, uint64(i)))
			mu.Lock()
			switch {
			case err != nil:
				if errAt < 0 || i < errAt {
					errAt, errOut = i, err
				}
			case a.miss == 0 && (winner < 0 || i < winner):
				winner, best, bestAt = i, a, i
			case winner < 0 && (bestAt < 0 || a.miss < best.miss || a.miss == best.miss && i < bestAt):
				best, bestAt = a, i
			}
			mu.Unlock()
		}
	}
	workers := r.cfg.workers
	if limit > 0 {
		workers = min(workers, limit)
	}
	st.Workers = workers
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	// Whatever the workers, the outcome is that of the lowest attempt
	// that met the targets or failed; the attempts beyond it that were
	// already running are not counted.
	switch {
	case winner >= 0 && (errAt < 0 || winner < errAt):
		st.Attempts = winner + 1
		return best.p, nil
	case errAt >= 0:
		st.Attempts = errAt + 1
		return nil, errOut
	}
	st.Attempts = next
	if err := ended(ctx); err != nil {
		return nil, err
	}
	if bestAt < 0 {
		return nil, fmt.Errorf("%w: no attempt finished", ErrNotReached)
	}
	if best.p.Grade == nil && r.cfg.targeted() {
		if err := r.grade(ctx, best.p); err != nil {
			return nil, err
		}
		if best.miss == unmet && r.gradeMiss(*best.p.Grade) == 0 {
			// The descent missed its level by the rules it uses, but the
			// grader, with the uniqueness rules, rates it there.
			return best.p, nil
		}
	}
	return best.p, fmt.Errorf("%w after %d attempts", ErrNotReached, next)
}

// ended returns ctx's error, or [context.DeadlineExceeded] when its
// deadline has passed though its timer has not yet fired (the search
// reads the clock itself, and may end on a deadline before ctx does).
func ended(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		return context.DeadlineExceeded
	}
	return nil
}

// attempt makes one puzzle: a grid (or the caller's), clues removed in a
// random order, targets checked.
func (r *remover) attempt(ctx context.Context, g *sudoku.Geometry, sol *sudoku.Board, rng *rand.Rand) (attempt, error) {
	if sol == nil {
		var (
			err    error
			starts int
		)
		if sol, err = randomSolution(ctx, sudoku.NewBoard(g), rng, &starts); err != nil {
			return attempt{}, err
		}
		sol = allGiven(sol)
	}
	puzzle := sol.Clone()
	order := slices.Clone(r.orbits)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	accept := r.accept
	var err error
	complete, met := false, true
	if accept.lower != nil && r.cfg.clues == 0 && !r.cfg.minimal && g.NumCells() <= descendCells {
		complete, met, err = r.descend(ctx, &accept, puzzle, sol, order, rng)
	} else {
		complete, err = r.remove(ctx, &accept, puzzle, order)
	}
	if err != nil {
		return attempt{}, err
	}
	p := &Puzzle{Board: puzzle, Solution: puzzle.Clone()}
	p.Solution.FillEmpty(sol.Digits()) // cannot fail: a complete grid on the geometry
	p.Minimal = complete && r.accept.provesMinimal
	if r.cfg.minimal && !p.Minimal && complete {
		if p.Minimal, err = r.isMinimal(ctx, puzzle); err != nil {
			return attempt{}, err
		}
	}
	miss := 0
	if r.cfg.clues > 0 && p.Clues() > r.cfg.clues {
		miss += p.Clues() - r.cfg.clues
	}
	if r.cfg.minimal && !p.Minimal {
		miss++
	}
	switch {
	case !met:
		// A descent that missed the level is not graded: should no
		// attempt meet the targets, attempts grades the one it returns.
		miss += unmet
	case r.cfg.targeted():
		if err := r.grade(ctx, p); err != nil {
			return attempt{}, err
		}
		miss += r.gradeMiss(*p.Grade)
	}
	return attempt{p: p, miss: miss}, nil
}

// unmet is the miss of a descent that did not reach its level: more than
// any graded puzzle misses by.
const unmet = 1 << 20

// grade grades p.
func (r *remover) grade(ctx context.Context, p *Puzzle) error {
	gr, err := grade.Puzzle(ctx, p.Board)
	if err != nil {
		return err
	}
	p.Grade = &gr
	return nil
}

// remove removes the orbits of clues in order while the puzzle stays
// acceptable, and reports whether it went through every orbit (it stops
// at the target number of clues unless minimal, and when the time limit
// ends).
//
// Under a time limit, checks run under a node limit, a quarter of a node
// a cell at first: the orbits whose check needs more keep their clues,
// and once the others have been tried they are checked again, with a
// limit four times as high, until none is cut short. Most checks are
// cheap and a few very dear, so the cheap ones all get their turn before
// the time ends. (Without a time limit this costs more than it saves.)
func (r *remover) remove(ctx context.Context, accept *acceptor, puzzle *sudoku.Board, order [][]int) (complete bool, err error) {
	cells := puzzle.Geometry().NumCells()
	clues := cells
	digits := make([]int, 0, 4)
	accept.nodeLimit = 0
	parent := ctx
	// limited reports whether a deadline that ended a check was the time
	// limit's, which ends the removal with a puzzle, rather than ctx's,
	// which is an error. It is ctx's when ctx has ended or its own
	// deadline has passed (its timer may fire after the search has seen
	// the deadline by the clock), and whenever there is no time limit.
	limited := func() bool { return false }
	if !r.deadline.IsZero() {
		// The time limit bounds each check too: one cut short by it ends
		// the removal, with the clues it is checking kept.
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, r.deadline)
		defer cancel()
		limited = func() bool { return ended(parent) == nil && !time.Now().Before(r.deadline) }
		accept.nodeLimit = max(firstNodeLimit, int64(cells)/4)
	}
	for len(order) > 0 {
		var cut [][]int
		for _, orbit := range order {
			if r.cfg.clues > 0 && !r.cfg.minimal && clues <= r.cfg.clues {
				return false, nil
			}
			if err := ended(parent); err != nil {
				return false, err // checks too short to poll ctx do not hide its end
			}
			if r.outOfTime() {
				return false, nil
			}
			digits = takeOut(puzzle, orbit, digits)
			ok, err := accept.accepts(ctx, puzzle, orbit, digits)
			if ok {
				clues -= len(orbit)
				continue
			}
			putBack(puzzle, orbit, digits)
			switch {
			case errors.Is(err, search.ErrNodeLimit):
				cut = append(cut, orbit)
			case errors.Is(err, context.DeadlineExceeded) && limited():
				return false, nil // the time limit ended
			case err != nil:
				return false, err
			}
		}
		order = cut
		accept.nodeLimit *= 4
	}
	return true, nil
}

// firstNodeLimit is the least node limit of the first checks of remove.
const firstNodeLimit = 64

// isMinimal reports whether no orbit of clues can leave puzzle with its
// solution unique.
func (r *remover) isMinimal(ctx context.Context, puzzle *sudoku.Board) (bool, error) {
	b := puzzle.Clone()
	var check acceptor // proves uniqueness by search
	var digits []int
	for _, orbit := range r.orbits {
		if !b.Given(orbit[0]) {
			continue
		}
		digits = takeOut(b, orbit, digits)
		unique, err := check.unique(ctx, b, orbit, digits)
		putBack(b, orbit, digits)
		if err != nil || unique {
			return false, err
		}
	}
	return true, nil
}

// takeOut empties the cells of orbit, returning their digits in buf.
func takeOut(b *sudoku.Board, orbit []int, buf []int) []int {
	buf = buf[:0]
	for _, c := range orbit {
		buf = append(buf, b.Get(c))
		b.SetGiven(c, 0) // cannot fail: c is a cell
	}
	return buf
}

// putBack gives the cells of orbit their digits again, as givens.
func putBack(b *sudoku.Board, orbit []int, digits []int) {
	for i, c := range orbit {
		b.SetGiven(c, digits[i]) // cannot fail: the digit was there
	}
}

// gradeMiss counts the targets of level and rules a grade misses.
func (r *remover) gradeMiss(gr grade.Grade) int {
	miss := 0
	if r.cfg.hasLevel && gr.Level != r.cfg.level {
		d := int(gr.Level) - int(r.cfg.level)
		miss += 100 * max(d, -d)
	}
	for _, t := range r.cfg.required {
		if gr.Uses[t] == 0 {
			miss += 10
		}
	}
	for _, t := range r.cfg.forbidden {
		if gr.Uses[t] > 0 {
			miss += 10
		}
	}
	return miss
}

// unique reports whether puzzle, relieved of the clues digits in the
// cells of orbit and known to have a solution with those digits there,
// has no other. Rather than count to 2, which finds the known solution
// and then searches the rest, it searches only for a solution that
// differs in the orbit: for each of its cells, one with the cells before
// it as they were and a different digit in it. Narrowed so, propagation
// often ends the search at its root. The puzzle is as it came when it
// returns.
func (a *acceptor) unique(ctx context.Context, puzzle *sudoku.Board, orbit, digits []int) (bool, error) {
	g := puzzle.Geometry()
	if len(a.marks) != g.NumCells() || a.countLimit != a.nodeLimit || a.count == nil {
		if len(a.marks) != g.NumCells() {
			a.marks = make([]uint64, g.NumCells())
		}
		// Made once and kept, with room for the marks of each call
		// (WithMarks copies a.marks as it is then).
		a.count = append(make([]search.Option, 0, 3), search.WithWorkers(1), search.WithNodeLimit(int(a.nodeLimit)))
		a.countLimit = a.nodeLimit
	}
	all := logic.Bit(g.Digits())<<1 - 1
	unique := true
	var err error
	for i, c := range orbit {
		a.marks[c] = all &^ logic.Bit(digits[i])
		if a.marks[c] == 0 {
			// One digit only (N = 1): the cell can hold nothing else,
			// and a mark of 0 would mean no mark at all.
			puzzle.SetGiven(c, digits[i]) // cannot fail: the digit was there
			continue
		}
		var n int
		n, err = search.Count(ctx, puzzle, 1, append(a.count, search.WithMarks(a.marks))...)
		a.marks[c] = 0
		if err != nil || n > 0 {
			unique = false
			break
		}
		puzzle.SetGiven(c, digits[i]) // cannot fail: the digit was there
	}
	for _, c := range orbit {
		puzzle.SetGiven(c, 0) // cannot fail: c is a cell
	}
	return unique, err
}

// acceptor decides whether a puzzle may lose a clue: it must keep one
// solution, and, for a level or forbidden rules, stay solvable by the
// rules allowed.
type acceptor struct {
	// rules are the rules allowed, when logic is set: those beyond
	// singles, or every one allowed when a single is not (stepwise).
	rules         logic.Rules
	logic         bool     // solve with rules rather than count
	nakedOnly     bool     // hidden singles are not allowed either
	stepwise      bool     // singles are restricted: go step by step
	provesMinimal bool     // a full pass leaves a minimal puzzle
	quick         bool     // try singles before the search of unique
	marks         []uint64 // scratch marks of unique, all 0 between calls
	nodeLimit     int64    // of each search of unique, 0 for none
	// count are the options of unique's searches but the marks, made
	// for marks and countLimit (the nodeLimit when they were made).
	count      []search.Option
	countLimit int64
	// lower are the rules beyond singles below the target level, for
	// raise; nil when there is no climb to make.
	lower logic.Rules
	// empty is the state of the empty board and scratch the state that
	// load fills from it; both nil until load first runs. lowState is
	// measure's.
	empty, scratch, lowState *logic.State
}

func newAcceptor(cfg *config) acceptor {
	ceiling := grade.Guessing
	if cfg.hasLevel {
		ceiling = cfg.level
	}
	if ceiling == grade.Guessing && (cfg.hasLevel || len(cfg.forbidden) == 0) {
		return acceptor{provesMinimal: true}
	}
	a := acceptor{logic: true}
	allowed := func(t logic.Technique) bool {
		return !t.AssumesUnique() && grade.LevelOf(t.Rating()) <= ceiling && !slices.Contains(cfg.forbidden, t)
	}
	naked, hidden := allowed(logic.NakedSingle), allowed(logic.HiddenSingle)
	for _, t := range logic.Techniques() {
		if allowed(t) && (t != logic.NakedSingle && t != logic.HiddenSingle || !naked || !hidden) {
			a.rules = append(a.rules, t)
		}
	}
	switch {
	case naked && hidden:
		if cfg.hasLevel && ceiling >= grade.Medium {
			for _, t := range a.rules {
				if grade.LevelOf(t.(logic.Technique).Rating()) < ceiling {
					a.lower = append(a.lower, t)
				}
			}
			if a.lower == nil {
				a.lower = logic.Rules{} // singles alone
			}
		}
	case naked && len(a.rules) == 1:
		a.nakedOnly = true
	default:
		a.stepwise = true
	}
	return a
}

// accepts reports whether puzzle, just relieved of the clues digits in
// the cells of orbit, is acceptable (see acceptor).
func (a *acceptor) accepts(ctx context.Context, puzzle *sudoku.Board, orbit, digits []int) (bool, error) {
	if !a.logic {
		if a.quick {
			// Singles that solve the puzzle prove it unique at a
			// fraction of the search's cost.
			if s, err := a.load(puzzle); err == nil && s.Propagate() == nil && s.Left() == 0 {
				return true, nil
			}
		}
		return a.unique(ctx, puzzle, orbit, digits)
	}
	if err := ctx.Err(); err != nil {
		return false, err
	}
	s, err := a.load(puzzle)
	if err != nil {
		return false, nil
	}
	switch {
	case a.nakedOnly:
		err = s.PlaceSingles()
	case a.stepwise:
		for s.Left() > 0 && err == nil {
			st, _, nerr := a.rules.Next(s)
			if nerr != nil {
				break
			}
			err = s.Apply(st)
		}
	default:
		_, err = a.rules.Reduce(ctx, s)
	}
	return err == nil && s.Left() == 0, nil
}
