package anneal

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
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

// Problem is what [Run] anneals: a cost, a neighbourhood and a way to
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
// they have (the free cells of a puzzle). The default chain length is the
// square of Size, as in Lewis (2007); without Sizer it is
// [DefaultChainLength].
type Sizer interface {
	Size() int
}

// DefaultChainLength is the number of moves per chain when neither
// [WithChainLength] nor [Sizer] says otherwise.
const DefaultChainLength = 1000

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
	// ChainLimit: the limit of [WithMaxChains] was reached.
	ChainLimit
	// Canceled: the context ended first; Run returns its error.
	Canceled
	// Stopped: an observer returned an error (or [ErrStop]).
	Stopped
)

var statusNames = [...]string{"not run", "target reached", "stuck", "chain limit", "canceled", "stopped"}

// String returns the status in words, such as "target reached".
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status %d", int(s))
}

// Stats counts what a run did, summed over its workers.
type Stats struct {
	Moves    int64 // moves proposed
	Accepted int64 // moves applied
	Chains   int64 // chains run (a chain is a run of moves at one temperature)
	Reheats  int64 // times the temperature was raised again
	Restarts int64 // times a chain started again from a fresh state
	// Workers is the number of independent chains that ran.
	Workers int
	// Worker is the index of the worker whose state was returned.
	Worker int
	// Seed is the seed the run used: pass it to [WithSeed] to repeat it.
	Seed uint64
	// Temperature is the initial temperature, given or found.
	Temperature float64
	// Elapsed is the wall time of the call.
	Elapsed time.Duration
}

// Result is the outcome of [Run].
type Result[S any] struct {
	Best   S       // the best state found (owned by the caller)
	Cost   float64 // its cost
	Status Status  // why the run ended
	Stats  Stats
}

// Progress describes a worker after a chain. The observer (see
// [WithObserver]) receives it, and a [Schedule] computes the next
// temperature from it.
type Progress struct {
	// Worker is the index of the worker, 0 with one worker.
	Worker int
	// Chain counts the chains since the temperature was last set: 0 for
	// the first chain after the start, a reheat or a restart.
	Chain int
	// Chains counts every chain this worker has run, this one included.
	Chains int
	// Temperature is the temperature of the chain just run, and
	// StartTemperature the one set at the start, reheat or restart.
	Temperature, StartTemperature float64
	// InitialCost is the cost at the start (or the last restart) of this
	// worker; Cost the current cost; BestCost the best this worker has
	// seen.
	InitialCost, Cost, BestCost float64
	// Acceptance is the fraction of the chain's moves that were applied,
	// and Improvement the fraction that lowered the cost.
	Acceptance, Improvement float64
	// Moves counts the moves this worker has proposed.
	Moves int64
	// Reheats and Restarts count this worker's reheats and restarts.
	Reheats, Restarts int
}

// Run anneals problem p from state start and returns the best state found.
// start is not changed. Each worker runs Metropolis chains: a move with
// cost change d is applied when d <= 0, else with probability exp(-d/T);
// after each chain the [Schedule] sets the next temperature. See the With
// functions for everything that can be set, and their defaults.
//
// The run ends when a state reaches the target cost, when the worker
// has no reheat or restart left and is stuck, at the chain limit, when an
// observer returns an error, or when ctx ends. In the last case Run
// returns the best state so far with ctx's error and status [Canceled];
// an observer's error is returned as is (nil for [ErrStop]). A nil
// context or problem, or a bad option, gives an error wrapping
// [ErrInvalidArgument].
//
// With several workers, the first to reach the target cancels the
// others; otherwise the lowest best cost wins, ties going to the lowest
// worker index. Each worker draws from its own stream derived from the
// seed, so a worker's chain is the same from run to run; which worker
// finishes first can vary, and with it the state returned. No goroutine
// started by Run outlives it.
func Run[S, M any](ctx context.Context, p Problem[S, M], start S, opts ...Option) (Result[S], error) {
	began := time.Now()
	var res Result[S]
	if ctx == nil {
		return res, invalid("nil context")
	}
	if p == nil {
		return res, invalid("nil problem")
	}
	if v := reflect.ValueOf(p); v.Kind() == reflect.Pointer && v.IsNil() {
		return res, invalid("nil %T problem", p)
	}
	cfg, err := newConfig(opts)
	if err != nil {
		return res, err
	}
	return run(ctx, p, start, &cfg, began)
}

func run[S, M any](ctx context.Context, p Problem[S, M], start S, cfg *config, began time.Time) (Result[S], error) {
	var res Result[S]
	if err := ctx.Err(); err != nil {
		res.Status = Canceled
		return res, err
	}
	seed := cfg.seed
	if !cfg.hasSeed {
		seed = randomSeed()
	}
	chainLen := cfg.chainLen
	if chainLen == 0 {
		chainLen = DefaultChainLength
		if sz, ok := p.(Sizer); ok && sz.Size() > 0 {
			chainLen = sz.Size() * sz.Size()
		}
	}
	t0 := cfg.temperature
	if t0 == 0 {
		t0 = initialTemperature(p, start, rand.New(rand.NewPCG(seed, 0)), cfg.acceptance)
	}
	workers := max(cfg.workers, 1)
	chains := make([]*chain[S, M], workers)
	for w := range chains {
		c := &chain[S, M]{p: p, cfg: cfg, worker: w, chainLen: chainLen, t0: t0}
		c.src.Seed(seed, streamOf(w))
		c.r = rand.New(&c.src)
		chains[w] = c
	}
	var (
		obsMu  sync.Mutex
		obsErr error // once the observer fails, it is not called again
	)
	observe := func(pr Progress) error {
		if cfg.observer == nil {
			return nil
		}
		obsMu.Lock()
		defer obsMu.Unlock()
		if obsErr == nil {
			obsErr = cfg.observer(pr)
		}
		return obsErr
	}

	var runErr error
	winner := -1
	if workers == 1 {
		st, err := chains[0].run(ctx, start, observe)
		chains[0].status = st
		runErr = err
		if st == TargetReached {
			winner = 0
		}
	} else {
		var once sync.Once
		g, gctx := errgroup.WithContext(ctx)
		for w, c := range chains {
			g.Go(func() error {
				st, err := c.run(gctx, start, observe)
				c.status = st
				if st == TargetReached {
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
		winner = 0
		for w, c := range chains {
			if c.bestCost < chains[winner].bestCost {
				winner = w
			}
		}
	}
	best := chains[winner]
	for _, c := range chains {
		res.Stats.Moves += c.stats.Moves
		res.Stats.Accepted += c.stats.Accepted
		res.Stats.Chains += c.stats.Chains
		res.Stats.Reheats += c.stats.Reheats
		res.Stats.Restarts += c.stats.Restarts
	}
	res.Stats.Workers, res.Stats.Worker, res.Stats.Seed, res.Stats.Temperature = workers, winner, seed, t0
	res.Best, res.Cost, res.Status = best.finalBest(), best.bestCost, best.status
	res.Stats.Elapsed = time.Since(began)
	switch {
	case res.Status == TargetReached:
		return res, nil
	case ctx.Err() != nil && (runErr == nil || errors.Is(runErr, ctx.Err())):
		res.Status = Canceled
		return res, ctx.Err()
	case runErr != nil:
		res.Status = Stopped
		if errors.Is(runErr, ErrStop) {
			return res, nil
		}
		return res, runErr
	}
	return res, nil
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
	t0       float64

	cur, best         S
	curCost, bestCost float64
	bestStale         bool // best is the current state, not yet copied
	status            Status
	stats             Stats
	_                 [64]byte
}

// fresh makes the current state a new start state.
func (c *chain[S, M]) fresh(start S) {
	c.finalBest() // the current state may be the best: keep it
	c.cur = c.p.Copy(c.cur, start)
	if rz, ok := c.p.(Randomizer[S]); ok {
		rz.Randomize(c.cur, c.r)
	}
	c.curCost = c.p.Cost(c.cur)
	if c.stats.Chains == 0 && c.stats.Restarts == 0 || c.curCost < c.bestCost {
		c.bestCost = c.curCost
		c.bestStale = true
	}
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
func (c *chain[S, M]) reached() bool {
	if !c.cfg.hasTarget || c.curCost > c.cfg.target {
		return false
	}
	c.curCost = c.p.Cost(c.cur)
	if c.curCost < c.bestCost {
		c.bestCost = c.curCost
	}
	return c.curCost <= c.cfg.target
}

// maxTabled is the largest whole cost increase whose acceptance
// probability a chain keeps in a table instead of calling math.Exp for
// every move (Sudoku's increases are small whole numbers).
const maxTabled = 32

// checkEvery is the number of moves between looks at the context.
const checkEvery = 1024

// run anneals until the chain is done and returns why.
func (c *chain[S, M]) run(ctx context.Context, start S, observe func(Progress) error) (Status, error) {
	cfg, p, r := c.cfg, c.p, c.r
	done := ctx.Done()
	c.fresh(start)
	if c.reached() {
		c.bestStale = true
		return TargetReached, nil
	}
	initial := c.curCost
	temp, startTemp := c.t0, c.t0
	k, stagnant, reheats, restarts := 0, 0, 0, 0
	lowest := math.Inf(1) // lowest mean cost of a chain since the temperature was set
	for {
		if ctx.Err() != nil {
			return Canceled, ctx.Err()
		}
		if cfg.maxChains > 0 && c.stats.Chains >= int64(cfg.maxChains) {
			return ChainLimit, nil
		}
		var moves, accepted, improved, changed int
		var sum float64                  // of the cost before each move
		var probs [maxTabled + 1]float64 // exp(-d/temp) for whole d, 0 until needed
		canceled, hit := false, false
		for moves < c.chainLen {
			if moves%checkEvery == checkEvery-1 {
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
					prob = math.Exp(-d / temp)
				}
				if r.Float64() >= prob {
					continue
				}
				if c.bestStale {
					c.best = p.Copy(c.best, c.cur)
					c.bestStale = false
				}
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
					if c.reached() {
						hit = true
						break
					}
				}
			}
		}
		c.stats.Moves += int64(moves)
		c.stats.Accepted += int64(accepted)
		c.stats.Chains++
		if hit {
			c.bestStale = true
			return TargetReached, nil
		}
		if canceled {
			return Canceled, ctx.Err()
		}
		// Resynchronise with a full count, so that rounding in the deltas
		// of real-valued costs cannot pile up.
		c.curCost = p.Cost(c.cur)
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
				c.fresh(start)
				if c.reached() {
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
		if math.IsNaN(next) || math.IsInf(next, 0) || next < 0 {
			return Stopped, invalid("schedule gave temperature %v after chain %d", next, k)
		}
		temp = next
		k++
	}
}

// initialTemperature finds a starting temperature from a random walk
// from start (on a copy): with acceptance 0, the standard deviation of
// the costs met (Lewis 2007); otherwise the temperature at which that
// fraction of the walk's proposed moves would be accepted.
func initialTemperature[S, M any](p Problem[S, M], start S, r *rand.Rand, acceptance float64) float64 {
	var zero S
	s := p.Copy(zero, start)
	if rz, ok := p.(Randomizer[S]); ok {
		rz.Randomize(s, r)
	}
	cost := p.Cost(s)
	var sum, sum2 float64
	var ups []float64
	downs := 0
	for range walkLength {
		m := p.Propose(s, r)
		d := p.Delta(s, m)
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
		if sd := math.Sqrt(max(sum2/walkLength-mean*mean, 0)); sd > 0 {
			return sd
		}
		return 1
	}
	if len(ups) == 0 {
		return 1
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
	return hi
}

// walkLength is the number of moves of the walk that sets the initial
// temperature.
const walkLength = 200
