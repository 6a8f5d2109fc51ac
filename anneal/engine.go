package anneal

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/cubedoku/cubedoku/internal/contract"
)

// Cost measures states of type S and the change a move of type M would
// make. Costs are minimised.
type Cost[S, M any] interface {
	// Cost returns the full cost of s, computed from scratch.
	Cost(s S) float64
	// Delta returns Cost(s after m) - Cost(s) without changing s. The
	// engine runs on deltas and calls Cost only at the start and the end
	// of each chain, so Delta must agree with Cost.
	Delta(s S, m M) float64
}

// Neighborhood proposes moves from a state and applies them in place.
type Neighborhood[S, M any] interface {
	// Propose returns a random move from s, drawn with r only (so that a
	// run is reproduced by its seed). It must not change s.
	Propose(s S, r *rand.Rand) M
	// Apply makes move m on s, in place.
	Apply(s S, m M)
}

// Copier copies states. The engine copies the start state once per
// worker and per restart, and the current state into a buffer when it
// leaves a new best state for a worse one; never once per move.
type Copier[S any] interface {
	// Copy makes dst an independent copy of src and returns it, reusing
	// dst's memory when it can. dst may be the zero S (a nil pointer, say),
	// in which case Copy allocates.
	Copy(dst, src S) S
}

// Problem is what [Run] anneals: a cost, a neighborhood and a way to
// copy states.
type Problem[S, M any] interface {
	Cost[S, M]
	Neighborhood[S, M]
	Copier[S]
}

// Randomizer is implemented by problems that can draw a random start
// state. When a problem implements it, every chain (each worker's first,
// and each restart) starts from a copy of the start state passed through
// Randomize; otherwise from a plain copy.
type Randomizer[S any] interface {
	// Randomize replaces s in place with a random state, drawn with r.
	Randomize(s S, r *rand.Rand)
}

// Sizer is implemented by problems that know how many free variables
// they have (the free cells of a puzzle). The default number of moves per
// chain is the square of Size, as in Lewis (2007); without Sizer it is
// [DefaultMovesPerChain].
type Sizer interface {
	// Size returns the number of free variables (0 or less: unknown).
	Size() int
}

// DefaultMovesPerChain is the number of moves per chain when neither
// [WithMovesPerChain] nor [Sizer] says otherwise.
const DefaultMovesPerChain = 1000

// Status says why a run ended.
type Status int

// The statuses of a run.
const (
	// NotRun is the zero Status: the run did not start (bad arguments).
	NotRun Status = iota
	// TargetReached: a state with cost at most the target (see
	// [WithTarget]) was found.
	TargetReached
	// Stuck: a chain froze (accepted no move that changed the cost) or the
	// best cost stagnated, and no reheat or restart was left.
	Stuck
	// ChainLimit: the limit of [WithChainLimit] was reached.
	ChainLimit
	// Canceled: the context ended first; the call returns its error.
	Canceled
	// Stopped: an error ended the run: the observer's (see
	// [WithObserver]), or a schedule, cost or presolve function that gave
	// what it must not (a temperature or cost that is not a finite number,
	// a negative temperature).
	Stopped
)

var statusNames = contract.NewNames[Status](pkg, "Status", "not run", "target reached", "stuck", "chain limit", "canceled", "stopped")

// String returns the status in words, such as "target reached", or
// "Status(9)" for a value that is not a Status.
func (s Status) String() string { return statusNames.String(s) }

// MarshalText implements [encoding.TextMarshaler] with the names
// [Status.String] prints; a value that is not a Status is an error
// wrapping [sudoku.ErrInvalidArgument].
func (s Status) MarshalText() ([]byte, error) { return statusNames.Marshal(s) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseStatus].
// A nil s is an error wrapping [sudoku.ErrInvalidArgument].
func (s *Status) UnmarshalText(text []byte) error { return statusNames.Unmarshal(s, text) }

// ParseStatus returns the Status named name, as [Status.String] prints it
// ("target reached", say), in any case, with spaces, hyphens and
// underscores ignored ("target-reached" too). An unknown name is an error
// wrapping [sudoku.ErrInvalidArgument].
func ParseStatus(name string) (Status, error) { return statusNames.Parse(name) }

// Stats describes what a call of this package did; [WithStats] asks for
// it. The counts are summed over the call's workers and, for [Parallel],
// over the runs of its tasks.
type Stats struct {
	Moves    int64 `json:"moves"`    // moves proposed
	Accepted int64 `json:"accepted"` // moves applied
	// Chains counts the chains run (a chain is a run of moves at one
	// temperature).
	Chains int64 `json:"chains"`
	// Reheats counts the times the temperature was raised again.
	Reheats int64 `json:"reheats"`
	// Restarts counts the times a worker started again from a fresh state
	// (see [WithRestarts]).
	Restarts int64 `json:"restarts"`
	// Runs counts the runs of the engine ([Run] or [Solve] calls) once
	// their arguments were checked: 1 for Run and Solve, more under
	// [Parallel] (the faces annealed by package cube, say).
	Runs int64 `json:"runs"`
	// Workers is the number of workers that ran at once: the chains of Run
	// and Solve; for Parallel, its tasks running at once times the workers
	// of each of their runs.
	Workers int `json:"workers"`
	// Worker is the worker whose state was returned (the task, for
	// Parallel).
	Worker int `json:"worker"`
	// Seed is the seed the call used: pass it to [WithSeed] to repeat it.
	Seed uint64 `json:"seed"`
	// Temperature is the initial temperature, given or found; BestCost the
	// cost of the state returned; Status why the run ended. For Parallel
	// they are those of the last run of the task whose result is returned.
	Temperature float64 `json:"temperature"`
	BestCost    float64 `json:"bestCost"`
	Status      Status  `json:"status"`
	// Elapsed is the wall time of the call.
	Elapsed time.Duration `json:"elapsed"`
}

// add adds the counts of o to s.
func (s *Stats) add(o *Stats) {
	s.Moves += o.Moves
	s.Accepted += o.Accepted
	s.Chains += o.Chains
	s.Reheats += o.Reheats
	s.Restarts += o.Restarts
	s.Runs += o.Runs
}

// Progress describes a worker after a chain. The observer (see
// [WithObserver]) receives it, and a [Schedule] computes the next
// temperature from it.
type Progress struct {
	// Worker is the index of the worker, 0 with one worker. Under
	// [Parallel], task i's runs with w workers each report workers
	// i*w to i*w+w-1.
	Worker int `json:"worker"`
	// Chain counts the chains since the temperature was last set: 0 for
	// the first chain after the start, a reheat or a restart.
	Chain int `json:"chain"`
	// Chains counts every chain this worker has run, this one included.
	Chains int `json:"chains"`
	// Temperature is the temperature of the chain just run, and
	// StartTemperature the one set at the start, reheat or restart.
	Temperature      float64 `json:"temperature"`
	StartTemperature float64 `json:"startTemperature"`
	// InitialCost is the cost at the start (or the last restart) of this
	// worker; Cost the current cost; BestCost the best this worker has
	// seen.
	InitialCost float64 `json:"initialCost"`
	Cost        float64 `json:"cost"`
	BestCost    float64 `json:"bestCost"`
	// Acceptance is the fraction of the chain's moves that were applied,
	// and Improvement the fraction that lowered the cost.
	Acceptance  float64 `json:"acceptance"`
	Improvement float64 `json:"improvement"`
	// Moves counts the moves this worker has proposed.
	Moves int64 `json:"moves"`
	// Reheats and Restarts count this worker's reheats and restarts.
	Reheats  int `json:"reheats"`
	Restarts int `json:"restarts"`
}

// Run anneals problem p from state start and returns the best state found
// (the caller's to keep); [WithStats] gives its cost and why the run
// ended ([Stats.BestCost], [Stats.Status]). start is not changed. Each
// worker runs Metropolis chains: a move with cost change d is applied
// when d <= 0, else with probability exp(-d/T); after each chain the
// [Schedule] sets the next temperature. See the With functions for
// everything that can be set, and their defaults.
//
// The run ends when a state reaches the target cost, when the worker
// has no reheat or restart left and is stuck, at the chain limit, when an
// observer returns an error, or when ctx ends; the status says which.
// The first three return a nil error. In the others Run returns the best
// state so far with ctx's error, or the observer's error wrapped. A
// schedule that gives a temperature that is negative or not a finite
// number, or a cost (Cost or Delta) that is not a finite number, ends the
// run with an error wrapping [sudoku.ErrInvalidArgument], status
// [Stopped]. A nil context or problem, or a bad option, gives the zero S
// and an error wrapping [sudoku.ErrInvalidArgument], status [NotRun].
//
// With several workers, the first to reach the target cancels the
// others; otherwise the lowest best cost wins, ties going to the lowest
// worker index. Each worker draws from its own stream derived from the
// seed, so a worker's chain is the same from run to run; which worker
// finishes first can vary, and with it the state returned. No goroutine
// started by Run outlives it.
func Run[S, M any](ctx context.Context, p Problem[S, M], start S, opts ...Option) (S, error) {
	began := time.Now()
	var best S
	cfg, err := newConfig(opts)
	if err == nil {
		switch {
		case ctx == nil:
			err = contract.Invalid(pkg, "Run: nil context")
		case p == nil:
			err = contract.Invalid(pkg, "Run: nil problem")
		default:
			if v := reflect.ValueOf(p); v.Kind() == reflect.Pointer && v.IsNil() {
				err = contract.Invalid(pkg, "Run: nil %T problem", p)
			}
		}
	}
	var st Stats
	if err == nil {
		err = cfg.hook.prepare(&cfg)
		if err == nil {
			best, err = run(ctx, p, start, &cfg, &st)
		} else {
			st.Status = ChainLimit
		}
	}
	cfg.report(&st, began)
	return best, err
}

// report fills the caller's Stats, and the Parallel worker's, if any.
func (c *config) report(st *Stats, began time.Time) {
	st.Elapsed = time.Since(began)
	c.hook.done(st)
	if c.stats != nil {
		*c.stats = *st
	}
}

// run anneals p from start, and returns the best state; st gets its
// statistics, and with them the state's cost and the status.
func run[S, M any](ctx context.Context, p Problem[S, M], start S, cfg *config, st *Stats) (S, error) {
	var best S
	seed := cfg.seed
	if !cfg.hasSeed {
		seed = randomSeed()
	}
	if err := ctx.Err(); err != nil { // nothing ran: the start state, and zero counts
		st.Status = Canceled
		return p.Copy(best, start), err
	}
	workers := cfg.resolveWorkers()
	st.Seed, st.Workers, st.Runs = seed, workers, 1
	chainLen := cfg.chainLen
	if chainLen == 0 {
		chainLen = DefaultMovesPerChain
		if sz, ok := p.(Sizer); ok {
			if n := sz.Size(); n > 0 {
				// n*n, or the most moves a chain can count when that
				// does not fit in an int (a user's Sizer may say anything).
				chainLen = math.MaxInt
				if n <= math.MaxInt32 {
					chainLen = n * n
				}
			}
		}
	}
	t0 := cfg.temperature
	if t0 == 0 {
		var err error
		t0, err = initialTemperature(p, start, rand.New(rand.NewPCG(seed, 0)), cfg.acceptance)
		if err != nil {
			st.Status = Stopped
			return best, err
		}
	}
	st.Temperature = t0
	// Several workers on fewer processors take turns: each looks at the
	// context more often, so that all of them notice its end promptly.
	every := checkEvery
	for procs := runtime.GOMAXPROCS(0); every > minCheckEvery && every*workers > checkEvery*procs; {
		every /= 2
	}
	mask := every - 1
	newChain := func(w int) *chain[S, M] {
		c := &chain[S, M]{p: p, cfg: cfg, worker: w + cfg.hook.base(workers), chainLen: chainLen, t0: t0, mask: mask}
		c.src.Seed(seed, streamOf(w))
		c.r = rand.New(&c.src)
		return c
	}
	var obs observer
	observe := func(pr Progress) error {
		if cfg.observer == nil || obs.call(cfg.observer, pr) == nil {
			return nil
		}
		return obs.failed()
	}

	// Chains are made by the goroutines that run them, so that nothing is
	// allocated for a worker before it starts.
	chains := make([]*chain[S, M], workers)
	var runErr error
	winner := -1
	if workers == 1 {
		c := newChain(0)
		chains[0] = c
		c.status, runErr = c.run(ctx, start, observe)
		if c.status == TargetReached {
			winner = 0
		}
	} else {
		var once sync.Once
		g, gctx := errgroup.WithContext(ctx)
		for w := range chains {
			if gctx.Err() != nil {
				break
			}
			g.Go(func() error {
				c := newChain(w)
				chains[w] = c
				var err error
				c.status, err = c.run(gctx, start, observe)
				if c.status == TargetReached {
					once.Do(func() { winner = w })
					return errFound
				}
				return err
			})
		}
		if err := g.Wait(); err != errFound {
			runErr = err
		}
	}

	if winner < 0 {
		for w, c := range chains {
			if c != nil && c.started && (winner < 0 || c.bestCost < chains[winner].bestCost) {
				winner = w
			}
		}
	}
	for _, c := range chains {
		if c != nil {
			st.add(&c.stats)
		}
	}
	var cost float64
	if winner >= 0 {
		c := chains[winner]
		best, cost, st.Status = c.finalBest(), c.bestCost, c.status
		st.Worker = winner
	} else { // no chain started (ctx ended at once): the start state
		best, st.Status = p.Copy(best, start), Canceled
		cost = p.Cost(best)
	}
	switch {
	case st.Status == TargetReached:
		runErr = nil
	case ctx.Err() != nil && (runErr == nil || errors.Is(runErr, ctx.Err())):
		st.Status = Canceled
		runErr = ctx.Err()
	case runErr != nil:
		st.Status = Stopped
	}
	if finite(cost) {
		st.BestCost = cost
	}
	return best, runErr
}

// observer serialises the calls of a call's observer functions, and once
// one has failed calls none again: every later call returns its error.
type observer struct {
	mu  sync.Mutex
	err error // the first error of an observer function
}

// call calls f(p) unless an observer has failed, and returns the first
// error.
func (o *observer) call(f func(Progress) error, p Progress) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		o.err = f(p)
	}
	return o.err
}

// failed returns the first error of an observer function, wrapped, or nil.
func (o *observer) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		return nil
	}
	return fmt.Errorf("anneal: observer: %w", o.err)
}

// errFound is returned by the worker that reached the target, to cancel
// the others through the group's context.
var errFound = errors.New("anneal: target reached")

// streamOf returns the second PCG seed of worker w's stream (stream 0
// serves the initial temperature).
func streamOf(w int) uint64 { return 0x9e3779b97f4a7c15 * uint64(w+1) }

// chain is one worker's annealing state. Its random source lives inside
// it and padding keeps two workers' chains off a shared cache line: with
// the sources allocated side by side, every move of one worker evicted
// the other's, and two workers made no more moves a second than one.
type chain[S, M any] struct {
	_        [64]byte
	src      rand.PCG
	p        Problem[S, M]
	cfg      *config
	r        *rand.Rand
	worker   int
	chainLen int
	mask     int // the context is looked at every mask+1 moves
	t0       float64
	started  bool

	cur, best         S
	curCost, bestCost float64
	bestStale         bool // best is the current state, not yet copied
	status            Status
	stats             Stats
	_                 [64]byte
}

// fresh makes the current state a new start state. It returns an error
// when the problem gives the state a cost that is not a finite number.
func (c *chain[S, M]) fresh(start S) error {
	c.finalBest() // the current state may be the best: keep it
	c.cur = c.p.Copy(c.cur, start)
	if rz, ok := c.p.(Randomizer[S]); ok {
		rz.Randomize(c.cur, c.r)
	}
	c.curCost = c.p.Cost(c.cur)
	if !c.started || c.curCost < c.bestCost {
		c.bestCost = c.curCost
		c.bestStale = true
	}
	c.started = true
	return c.checkCost("Cost", c.curCost)
}

// checkCost returns an error when a cost the problem gave is not a finite
// number.
func (c *chain[S, M]) checkCost(method string, v float64) error {
	if finite(v) {
		return nil
	}
	return contract.Invalid(pkg, "%T.%s gave %v", c.p, method, v)
}

// finalBest returns the best state, copying the current one if it is.
func (c *chain[S, M]) finalBest() S {
	if c.bestStale {
		c.best = c.p.Copy(c.best, c.cur)
		c.bestStale = false
	}
	return c.best
}

// reached reports whether the current state reaches the target, checking
// a delta-tracked cost against a full count before believing it.
func (c *chain[S, M]) reached() (bool, error) {
	if !c.cfg.hasTarget || c.curCost > c.cfg.target {
		return false, nil
	}
	c.curCost = c.p.Cost(c.cur)
	if err := c.checkCost("Cost", c.curCost); err != nil {
		return false, err
	}
	if c.curCost < c.bestCost {
		c.bestCost = c.curCost
	}
	return c.curCost <= c.cfg.target, nil
}

// maxTabled is the largest whole cost increase whose acceptance
// probability a chain keeps in a table instead of calling math.Exp for
// every move (Sudoku's increases are small whole numbers).
const maxTabled = 32

// checkEvery is the number of moves between looks at the context, and
// minCheckEvery the fewest it falls to when workers outnumber processors.
const (
	checkEvery    = 1024
	minCheckEvery = 16
)

// run anneals until the chain is done and returns why.
func (c *chain[S, M]) run(ctx context.Context, start S, observe func(Progress) error) (Status, error) {
	cfg, p, r := c.cfg, c.p, c.r
	done := ctx.Done()
	if ctx.Err() != nil { // canceled before this worker began: no state made
		return Canceled, ctx.Err()
	}
	if err := c.fresh(start); err != nil {
		return Stopped, err
	}
	if ok, err := c.reached(); err != nil {
		return Stopped, err
	} else if ok {
		c.bestStale = true
		return TargetReached, nil
	}
	initial := c.curCost
	temp, startTemp := c.t0, c.t0
	k, stagnant, reheats, restarts := 0, 0, 0, 0
	lowest := math.Inf(1) // lowest mean cost of a chain since the temperature was set
	limit := int64(cfg.chainLimit)
	for {
		if ctx.Err() != nil {
			return Canceled, ctx.Err()
		}
		if limit > 0 && c.stats.Chains >= limit {
			return ChainLimit, nil
		}
		var moves, accepted, improved, changed int
		var sum float64                  // of the cost before each move
		var probs [maxTabled + 1]float64 // exp(-d/temp) for whole d, 0 until needed
		canceled, hit := false, false
		var bad error
		for moves < c.chainLen {
			if moves&c.mask == c.mask {
				select {
				case <-done:
					canceled = true
				default:
				}
				if canceled {
					break
				}
			}
			moves++
			sum += c.curCost
			m := p.Propose(c.cur, r)
			d := p.Delta(c.cur, m)
			if d > 0 {
				if !(temp > 0) {
					continue
				}
				var prob float64
				if i := int(d); d <= maxTabled && float64(i) == d {
					if prob = probs[i]; prob == 0 {
						prob = math.Exp(-d / temp)
						probs[i] = prob
					}
				} else {
					if d > math.MaxFloat64 {
						bad = c.checkCost("Delta", d)
						break
					}
					prob = math.Exp(-d / temp)
				}
				if r.Float64() >= prob {
					continue
				}
				if c.bestStale {
					c.best = p.Copy(c.best, c.cur)
					c.bestStale = false
				}
			} else if !(d >= -math.MaxFloat64) { // NaN or -Inf
				bad = c.checkCost("Delta", d)
				break
			}
			p.Apply(c.cur, m)
			accepted++
			if d == 0 {
				continue
			}
			changed++
			c.curCost += d
			if d < 0 {
				improved++
				if c.curCost < c.bestCost {
					c.bestCost = c.curCost
					c.bestStale = true
					if ok, err := c.reached(); err != nil {
						bad = err
						break
					} else if ok {
						hit = true
						break
					}
				}
			}
		}
		c.stats.Moves += int64(moves)
		c.stats.Accepted += int64(accepted)
		c.stats.Chains++
		switch {
		case bad != nil:
			return Stopped, bad
		case hit:
			c.bestStale = true
			return TargetReached, nil
		case canceled:
			return Canceled, ctx.Err()
		}
		// Resynchronise with a full count, so that rounding in the deltas
		// of real-valued costs cannot pile up.
		c.curCost = p.Cost(c.cur)
		if err := c.checkCost("Cost", c.curCost); err != nil {
			return Stopped, err
		}
		if c.curCost < c.bestCost {
			c.bestCost = c.curCost
			c.bestStale = true
		}
		pr := Progress{
			Worker: c.worker, Chain: k, Chains: int(c.stats.Chains),
			Temperature: temp, StartTemperature: startTemp,
			InitialCost: initial, Cost: c.curCost, BestCost: c.bestCost,
			Acceptance:  float64(accepted) / float64(max(moves, 1)),
			Improvement: float64(improved) / float64(max(moves, 1)),
			Moves:       c.stats.Moves, Reheats: reheats, Restarts: restarts,
		}
		if err := observe(pr); err != nil {
			return Stopped, err
		}
		if mean := sum / float64(max(moves, 1)); mean < lowest {
			lowest, stagnant = mean, 0
		} else {
			stagnant++
		}
		rh := cfg.reheat
		if changed == 0 || rh.Stagnant > 0 && stagnant >= rh.Stagnant {
			switch {
			case rh.Max == Unlimited || reheats < rh.Max:
				reheats++
				c.stats.Reheats++
				temp = rh.To
				if temp == 0 {
					temp = c.t0
				}
			case cfg.restarts == Unlimited || restarts < cfg.restarts:
				restarts++
				c.stats.Restarts++
				reheats = 0
				if err := c.fresh(start); err != nil {
					return Stopped, err
				}
				if ok, err := c.reached(); err != nil {
					return Stopped, err
				} else if ok {
					c.bestStale = true
					return TargetReached, nil
				}
				initial = c.curCost
				temp = c.t0
			default:
				return Stuck, nil
			}
			startTemp, k, stagnant, lowest = temp, 0, 0, math.Inf(1)
			continue
		}
		next := cfg.schedule.Next(pr)
		if !(next >= 0) || next > math.MaxFloat64 {
			return Stopped, contract.Invalid(pkg, "schedule %T gave temperature %v after chain %d", cfg.schedule, next, k)
		}
		temp = next
		k++
	}
}

// initialTemperature finds a starting temperature from a random walk
// from start (on a copy): with acceptance 0, the standard deviation of
// the costs met (Lewis 2007); otherwise the temperature at which that
// fraction of the walk's proposed moves would be accepted. It returns an
// error when the problem's costs are not finite numbers.
func initialTemperature[S, M any](p Problem[S, M], start S, r *rand.Rand, acceptance float64) (float64, error) {
	var zero S
	s := p.Copy(zero, start)
	if rz, ok := p.(Randomizer[S]); ok {
		rz.Randomize(s, r)
	}
	cost := p.Cost(s)
	if !finite(cost) {
		return 0, contract.Invalid(pkg, "%T.Cost gave %v", p, cost)
	}
	var sum, sum2 float64
	var ups []float64
	downs := 0
	for range walkLength {
		m := p.Propose(s, r)
		d := p.Delta(s, m)
		if !finite(d) {
			return 0, contract.Invalid(pkg, "%T.Delta gave %v", p, d)
		}
		if d > 0 {
			ups = append(ups, d)
		} else {
			downs++
		}
		p.Apply(s, m)
		cost += d
		sum += cost
		sum2 += cost * cost
	}
	if acceptance == 0 {
		mean := sum / walkLength
		if sd := math.Sqrt(max(sum2/walkLength-mean*mean, 0)); sd > 0 && finite(sd) {
			return sd, nil
		}
		return 1, nil
	}
	if len(ups) == 0 {
		return 1, nil
	}
	rate := func(t float64) float64 {
		a := float64(downs)
		for _, d := range ups {
			a += math.Exp(-d / t)
		}
		return a / walkLength
	}
	lo, hi := 1e-9, 1.0
	for rate(hi) < acceptance && hi < 1e12 {
		hi *= 2
	}
	for range 60 {
		mid := math.Sqrt(lo * hi)
		if rate(mid) < acceptance {
			lo = mid
		} else {
			hi = mid
		}
	}
	return hi, nil
}

// walkLength is the number of moves of the walk that sets the initial
// temperature.
const walkLength = 200
