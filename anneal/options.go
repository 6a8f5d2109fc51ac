package anneal

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"math"
	"runtime"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Unlimited is the count of reheats or restarts allowed (see [Reheat] and
// [WithRestarts]) that means no limit, and the result of
// [Worker.ChainsLeft] when no chain limit was set. These are counts for
// which 0 means none; a limit on the work of a call, such as
// [WithChainLimit], is off at 0 instead (see the package documentation).
const Unlimited = -1

// Option configures [Run], [Solve], [NewModel] and [Parallel]. Options are
// made by the With functions of this package; each checks its argument,
// and a bad one (or a nil Option) makes the call return an error wrapping
// [sudoku.ErrInvalidArgument]. When an option is repeated, the last one
// wins; an option that does not concern a call is ignored by it.
type Option interface {
	apply(*config) error
}

type optionFunc func(*config) error

func (f optionFunc) apply(c *config) error { return f(c) }

type config struct {
	schedule    Schedule
	temperature float64 // > 0: fixed initial temperature
	acceptance  float64 // > 0: initial temperature by target acceptance
	chainLen    int
	target      float64
	hasTarget   bool
	chainLimit  int // per worker, 0 for none
	reheat      Reheat
	restarts    int
	seed        uint64
	hasSeed     bool
	workers     int // 0 until resolved: runtime.GOMAXPROCS(0)
	observer    func(Progress) error
	stats       *Stats
	presolve    func(context.Context, *sudoku.Board) (*sudoku.Board, error)

	// Set by the options of a [Worker], never by a With function.
	hook *runHook
}

// newConfig applies every option, so that WithStats is in place whatever
// the outcome, and returns the first error.
func newConfig(opts []Option) (config, error) {
	return newConfigFrom(config{schedule: geometric(0.99)}, opts)
}

// newConfigFrom applies opts to the defaults c of a call, so that a bad
// option is named by its place among the caller's options.
func newConfigFrom(c config, opts []Option) (config, error) {
	err := contract.Apply(pkg, opts, func(o Option) error { return o.apply(&c) })
	return c, err
}

// resolveWorkers returns the workers of cfg: runtime.GOMAXPROCS(0) for 0.
func (c *config) resolveWorkers() int {
	if c.workers == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return c.workers
}

// pkg names the package in its errors.
const pkg = "anneal"

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// randomSeed returns a seed for runs given none.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand documents so)
	return binary.LittleEndian.Uint64(b[:])
}

// WithSchedule sets how the temperature falls from chain to chain. The
// default is [Geometric](0.99) (Lewis 2007) for [Run], and
// [LambertWhitlock]([VariantD]) for [Solve]. A nil schedule is an error; the
// schedules of this package are checked when they are made.
func WithSchedule(s Schedule) Option {
	return optionFunc(func(c *config) error {
		if f, ok := s.(ScheduleFunc); s == nil || ok && f == nil {
			return contract.Invalid(pkg, "WithSchedule(nil)")
		}
		c.schedule = s
		return nil
	})
}

// WithTemperature sets the initial temperature, which must be positive
// and finite. By default it is found automatically: the standard
// deviation of the costs met on a random walk of 200 moves from the start
// state (Lewis 2007), or see [WithAcceptance].
func WithTemperature(t float64) Option {
	return optionFunc(func(c *config) error {
		if !(t > 0) || !finite(t) {
			return contract.Invalid(pkg, "WithTemperature(%v): want a positive finite temperature", t)
		}
		c.temperature, c.acceptance = t, 0
		return nil
	})
}

// WithAcceptance makes the initial temperature the one at which a
// fraction rate (0 < rate < 1) of the moves proposed on a random walk of
// 200 moves would be accepted, such as 0.98 ("find T where nearly every
// move is accepted"). It replaces [WithTemperature].
func WithAcceptance(rate float64) Option {
	return optionFunc(func(c *config) error {
		if !(rate > 0 && rate < 1) {
			return contract.Invalid(pkg, "WithAcceptance(%v): want a rate between 0 and 1", rate)
		}
		c.acceptance, c.temperature = rate, 0
		return nil
	})
}

// WithMovesPerChain sets the number of moves per chain (per temperature),
// at least 1. The default is the square of the problem's [Sizer.Size]
// (for a puzzle, its free cells squared, as in Lewis 2007), or
// [DefaultMovesPerChain]. [Solve] uses a quarter of that square, which
// suits its default schedule better.
func WithMovesPerChain(n int) Option {
	return optionFunc(func(c *config) error {
		if n < 1 {
			return contract.Invalid(pkg, "WithMovesPerChain(%d): want at least 1", n)
		}
		c.chainLen = n
		return nil
	})
}

// WithTarget ends the run as soon as a state of cost at most target is
// found (status [TargetReached]). By default there is no target ([Solve]
// sets 0). A NaN target is an error.
func WithTarget(cost float64) Option {
	return optionFunc(func(c *config) error {
		if math.IsNaN(cost) {
			return contract.Invalid(pkg, "WithTarget(NaN)")
		}
		c.target, c.hasTarget = cost, true
		return nil
	})
}

// WithChainLimit ends each worker after n chains in all (status
// [ChainLimit]); under [Parallel], each task after n chains summed over
// its runs. Unlike a deadline, a chain limit is the same on every
// machine. 0, the default, means no limit; a negative n is an error.
func WithChainLimit(n int) Option {
	return optionFunc(func(c *config) error {
		if n < 0 {
			return contract.Invalid(pkg, "WithChainLimit(%d): want 0 (no limit) or more", n)
		}
		c.chainLimit = n
		return nil
	})
}

// Reheat says when a worker is stuck and how it raises the temperature
// again. A worker is stuck when a chain froze (applied no move that
// changed the cost) or, when Stagnant is positive, when Stagnant chains
// in a row had a mean cost no lower than the lowest chain mean since the
// temperature was last set. (Means, not the best state: the best state
// met by chance while hot, or a chain's last cost, is too noisy, and
// would make a slow schedule reheat before it had cooled.) A stuck worker
// reheats while it has reheats left, then restarts (see [WithRestarts])
// while it has restarts left, then ends with status [Stuck].
type Reheat struct {
	// Max is the number of reheats allowed between restarts: 0 for none,
	// [Unlimited] for no limit.
	Max int `json:"max"`
	// To is the temperature after a reheat; 0 means the initial
	// temperature.
	To float64 `json:"to"`
	// Stagnant is the number of chains without a new best cost that makes
	// a worker stuck; 0 means only freezing does.
	Stagnant int `json:"stagnant"`
}

// WithReheat sets when and how workers reheat. The default, the zero
// Reheat, never reheats and counts only freezing as stuck. Lewis (2007)
// resets the temperature after 20 chains without improvement:
// Reheat{Max: Unlimited, Stagnant: 20}, the default of [Solve];
// Lambert and Whitlock (2010) reheat at most 3 times when frozen:
// Reheat{Max: 3}. Max below [Unlimited], a negative Stagnant, or a
// negative or infinite To is an error.
func WithReheat(r Reheat) Option {
	return optionFunc(func(c *config) error {
		if r.Max < Unlimited || r.Stagnant < 0 || !(r.To >= 0) || !finite(r.To) {
			return contract.Invalid(pkg, "WithReheat(%+v): want Max >= -1, To >= 0, Stagnant >= 0", r)
		}
		c.reheat = r
		return nil
	})
}

// WithRestarts sets how many times a stuck worker with no reheat left
// starts again from a fresh state (a new random one when the problem is a
// [Randomizer]) at the initial temperature, keeping its best state. The
// default is 0; [Unlimited] means no limit; below that is an error.
func WithRestarts(n int) Option {
	return optionFunc(func(c *config) error {
		if n < Unlimited {
			return contract.Invalid(pkg, "WithRestarts(%d): want -1 (unlimited) or more", n)
		}
		c.restarts = n
		return nil
	})
}

// WithSeed makes the call reproducible: worker w draws its moves from a
// PCG stream made from seed and w, so the same seed gives each worker the
// same chain, and with one worker the same answer. Without it the seed
// is random; [Stats.Seed] reports it.
func WithSeed(seed uint64) Option {
	return optionFunc(func(c *config) error {
		c.seed, c.hasSeed = seed, true
		return nil
	})
}

// WithWorkers sets the number of independent chains run at once, each on
// its own goroutine from its own random start (under [Parallel], the
// workers its tasks share). 0, the default, means runtime.GOMAXPROCS(0);
// 1 runs on the calling goroutine. More workers than processors only take
// turns. A negative count, or one above [sudoku.MaxWorkers], is an error.
func WithWorkers(n int) Option {
	return optionFunc(func(c *config) error {
		c.workers = n
		return contract.Workers(pkg, n)
	})
}

// WithObserver calls f after every chain of every worker, with the
// worker's progress. Calls are never concurrent, even with several
// workers. An error from f ends the call, which returns it wrapped
// ([errors.Is] finds it), with status [Stopped]; f is not called again.
// f must not be nil.
func WithObserver(f func(Progress) error) Option {
	return optionFunc(func(c *config) error {
		if f == nil {
			return contract.Invalid(pkg, "WithObserver(nil)")
		}
		c.observer = f
		return nil
	})
}

// WithStats makes the call fill *s with its statistics when it returns,
// whatever the outcome: every option is applied before the first bad one
// is reported, and a call that fails on a bad argument, or whose context
// ended before it began, fills zero counts (status [NotRun] or
// [Canceled]). s must not be nil.
func WithStats(s *Stats) Option {
	return optionFunc(func(c *config) error {
		if s == nil {
			return contract.Invalid(pkg, "WithStats(nil)")
		}
		c.stats = s
		return nil
	})
}

// WithPresolve makes [Solve] and [NewModel] call f, with the call's
// context, on a copy of the puzzle before annealing, and keep every cell
// f's board fills fixed while annealing: exact deductions first,
// annealing for the rest. A function that calls logic.PlaceSingles places
// the naked and hidden singles the givens imply (the
// constraint-propagation hybrid of Lewis's later work). f should return
// soon after the context ends, with its error. f's board must be on the
// puzzle's geometry and keep every digit of the puzzle, else the call
// fails with an error wrapping [sudoku.ErrInvalidArgument]; an error from
// f is returned wrapped, so [errors.Is] and [errors.As] find it. By
// default there is none; [Run] ignores it. f must not be nil.
func WithPresolve(f func(ctx context.Context, b *sudoku.Board) (*sudoku.Board, error)) Option {
	return optionFunc(func(c *config) error {
		if f == nil {
			return contract.Invalid(pkg, "WithPresolve(nil)")
		}
		c.presolve = f
		return nil
	})
}
