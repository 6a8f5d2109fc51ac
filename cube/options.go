package cube

import (
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/internal/contract"
)

// Option configures [Anneal] and [Cube.SVG]. Options are made by the With
// functions of this package; a nil Option, or one made with a bad
// argument, makes the call fail with an error wrapping
// [sudoku.ErrInvalidArgument]. When an option is repeated, the last one
// wins ([WithAnneal] and [WithDraw] add up instead); an option that does
// not concern a call is ignored by it.
//
// WithWorkers, WithSeed, WithChainLimit, WithObserver and WithStats are
// the library's shared options, as package anneal has them; the other
// options of package anneal (a schedule, say) reach Anneal through
// [WithAnneal], and those of package draw reach SVG through [WithDraw].
type Option interface {
	apply(*config) error
}

type optionFunc func(*config) error

func (f optionFunc) apply(c *config) error { return f(c) }

type config struct {
	workers    int
	seed       uint64
	hasSeed    bool
	chainLimit int
	observer   func(anneal.Progress) error
	stats      *Stats
	anneal     []anneal.Option // of WithAnneal
	draw       []draw.Option   // of WithDraw
}

// newConfig applies every option, so that WithStats is in place whatever
// the outcome, and returns the first error.
func newConfig(opts []Option) (config, error) {
	var c config
	err := contract.Apply(pkg, opts, func(o Option) error { return o.apply(&c) })
	return c, err
}

// annealOptions returns the options of the anneal.Parallel call of
// Anneal: those of WithAnneal, then the shared ones, which win, and
// statistics into st.
func (c *config) annealOptions(st *anneal.Stats) []anneal.Option {
	opts := append(c.anneal[:len(c.anneal):len(c.anneal)],
		anneal.WithWorkers(c.workers), anneal.WithChainLimit(c.chainLimit), anneal.WithStats(st))
	if c.hasSeed {
		opts = append(opts, anneal.WithSeed(c.seed))
	}
	if c.observer != nil {
		opts = append(opts, anneal.WithObserver(c.observer))
	}
	return opts
}

// report fills the caller's Stats, if asked for: the annealing's
// statistics and the counts of the faces, with the wall time of the call.
func (c *config) report(st Stats, began time.Time) {
	if c.stats != nil {
		st.Elapsed = time.Since(began)
		*c.stats = st
	}
}

// WithWorkers sets the number of workers [Anneal] runs at once (see
// [Strategy] for how each strategy uses them). 0, the default, means
// runtime.GOMAXPROCS(0); 1 runs on the calling goroutine. A negative
// count, or one above [sudoku.MaxWorkers], is an error.
func WithWorkers(n int) Option {
	return optionFunc(func(c *config) error {
		c.workers = n
		return contract.Workers(pkg, n)
	})
}

// WithSeed seeds every random stream of [Anneal], so that with one worker
// a run is repeated exactly; with several, the first worker to finish
// wins and the answer may vary. Without it the seed is random;
// [Stats] reports it.
func WithSeed(seed uint64) Option {
	return optionFunc(func(c *config) error {
		c.seed, c.hasSeed = seed, true
		return nil
	})
}

// WithChainLimit bounds the chains of each chain of faces of [Anneal]
// (Chains: each worker's; Master and Whole: the one chain, counted per
// worker of its runs), summed over all the faces it anneals; reaching it
// ends the call with an error wrapping [anneal.ErrNotSolved]. 0, the
// default, means no limit; a negative n is an error.
func WithChainLimit(n int) Option {
	return optionFunc(func(c *config) error {
		if n < 0 {
			return contract.Invalid(pkg, "WithChainLimit(%d): want 0 (no limit) or more", n)
		}
		c.chainLimit = n
		return nil
	})
}

// WithObserver makes [Anneal] call f after every chain of every face's
// annealing, never concurrently, with [anneal.Progress.Worker] the worker
// and the other fields those of the face's own run. An error from f ends
// the call, which returns it wrapped. f must not be nil.
func WithObserver(f func(anneal.Progress) error) Option {
	return optionFunc(func(c *config) error {
		if f == nil {
			return contract.Invalid(pkg, "WithObserver(nil)")
		}
		c.observer = f
		return nil
	})
}

// WithStats makes [Anneal] fill *s with its statistics when it returns,
// whatever the outcome: every option is applied before the first bad one
// is reported, and a call that fails on a bad argument fills zeros. s
// must not be nil.
func WithStats(s *Stats) Option {
	return optionFunc(func(c *config) error {
		if s == nil {
			return contract.Invalid(pkg, "WithStats(nil)")
		}
		c.stats = s
		return nil
	})
}

// WithAnneal passes options of package anneal to every annealing run of
// [Anneal]: a schedule, a temperature, moves per chain, reheats, restarts.
// They are applied as by [anneal.Solve] (its defaults, then these), but
// the target is always 0 (a solution), and the shared options of this
// package win over anneal's: WithWorkers, WithChainLimit and WithStats
// always, WithSeed and WithObserver when given. A nil option among opts
// is an error; the others are checked when Anneal applies them.
func WithAnneal(opts ...anneal.Option) Option {
	return optionFunc(func(c *config) error {
		for i, o := range opts {
			if o == nil {
				return contract.Invalid(pkg, "WithAnneal: option %d is nil", i+1)
			}
		}
		c.anneal = append(c.anneal, opts...)
		return nil
	})
}

// WithDraw passes options of package draw to [Cube.SVG]: pencil marks, a
// hint step, mistakes and a selection, with cells numbered as in
// [Cube.Geometry]. A nil option among opts is an error; the others are
// checked when SVG applies them.
func WithDraw(opts ...draw.Option) Option {
	return optionFunc(func(c *config) error {
		for i, o := range opts {
			if o == nil {
				return contract.Invalid(pkg, "WithDraw: option %d is nil", i+1)
			}
		}
		c.draw = append(c.draw, opts...)
		return nil
	})
}

// Stats describes a call of [Anneal]; [WithStats] asks for it. The
// annealing's statistics are those of [anneal.Parallel], on which Anneal
// runs: its counts are summed over every run (Runs counts the faces
// annealed, each attempt once; 1 for [Whole]), Workers and Seed are the
// call's, and Temperature, BestCost and Status are those of the last run
// of the chain of faces whose answer is returned. Elapsed is the wall
// time of the whole call. The counts of the face-by-face strategies
// follow; they are 0 for Whole.
type Stats struct {
	anneal.Stats
	// Retries counts the faces annealed again from a new random start,
	// their solution not kept.
	Retries int64 `json:"retries"`
	// Backtracks counts the solved faces undone to solve them again.
	Backtracks int64 `json:"backtracks"`
	// Resets counts the times every face was undone, to start again from
	// the givens.
	Resets int64 `json:"resets"`
}

// add adds the face counts of o to s.
func (s *Stats) add(o *Stats) {
	s.Retries += o.Retries
	s.Backtracks += o.Backtracks
	s.Resets += o.Resets
}
