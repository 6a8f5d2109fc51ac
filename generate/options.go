package generate

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"time"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/logic"
)

// ErrNotReached reports that the attempt or time limit ran out before a
// puzzle met every target asked for (level, rules, number of clues,
// minimality). The puzzle returned with it is the best one found: unique,
// and closest to the targets.
var ErrNotReached = errors.New("generate: target not reached")

// Option configures the calls of this package. Options are made by the
// With functions of this package; each checks its argument, and a bad one
// (or a nil Option) makes the call return an error wrapping
// [sudoku.ErrInvalidArgument]. When an option is repeated, the last one
// wins, except [WithRequired] and [WithForbidden], which add up. An option
// that does not concern a call is ignored by it: [Grid] and [Solution]
// heed only [WithSeed] and [WithStats].
type Option interface {
	apply(*config) error
}

type optionFunc func(*config) error

func (f optionFunc) apply(c *config) error { return f(c) }

type config struct {
	seed         uint64
	hasSeed      bool
	symmetry     Symmetry
	clues        int // > 0: stop removing at this many clues
	minimal      bool
	level        grade.Level
	hasLevel     bool
	required     []logic.Technique
	forbidden    []logic.Technique
	attemptLimit int           // solutions tried for the targets; 0: no limit
	hasAttempts  bool          // attemptLimit set by WithAttemptLimit
	timeLimit    time.Duration // 0: no time limit
	workers      int
	stats        *Stats
}

// Stats describes one call. A call given [WithStats] fills it when it
// returns, whatever the outcome ([Puzzles], when the loop over it ends).
// The puzzles themselves carry no statistics, as the library's contract
// says: the seed and the time are here.
type Stats struct {
	// Workers is the number of goroutines that made puzzles at once: as
	// [WithWorkers] asked, but no more than there were attempts or
	// puzzles to run; 1 for Grid and Solution.
	Workers int `json:"workers"`
	// Seed is the seed of the call: the one of [WithSeed], or the one
	// drawn without it. The same call with WithSeed(Seed) makes the same
	// puzzles again. For Batch and Puzzles it is the seed from which each
	// puzzle's own is derived: puzzle i is the one [New] makes with
	// WithSeed([PuzzleSeed](Seed, i)) and the same other options.
	Seed uint64 `json:"seed"`
	// Elapsed is the wall time of the call, grading included.
	Elapsed time.Duration `json:"elapsed"`
	// Attempts counts the attempts: for New, the complete grids tried
	// (for FromSolution, the orders of removal) until one met the targets
	// or the limit came (a descent to a level, see [WithLevel], tries up
	// to 32 minimal puzzles on one grid, as one attempt); for Batch and
	// Puzzles, their sum over the puzzles made; for Grid and Solution, the
	// random starts tried (1 for a grid shuffled from a pattern). Attempts cut short by a winner found
	// before them are not counted, so with the same seed the count is the
	// same whatever the workers (unless a time limit ends the call).
	Attempts int `json:"attempts"`
	// Puzzles counts the puzzles returned (or yielded), and Missed those
	// among them that miss a target (see [ErrNotReached]).
	Puzzles int `json:"puzzles"`
	Missed  int `json:"missed"`
}

// WithSeed sets the seed of every random choice of the call, which then
// gives the same output with any number of workers (unless a time limit
// cuts the work short). Without it a random seed is drawn, and reported
// in [Stats.Seed].
func WithSeed(seed uint64) Option {
	return optionFunc(func(c *config) error {
		c.seed, c.hasSeed = seed, true
		return nil
	})
}

// WithSymmetry makes the clues symmetric: clues are removed an orbit of
// the symmetry at a time. Symmetries other than [NoSymmetry] need a
// geometry laid out as a grid, and the quarter turn and the diagonal a
// square one; [New] checks.
func WithSymmetry(s Symmetry) Option {
	return optionFunc(func(c *config) error {
		if !symmetryNames.Valid(s) {
			return invalid("WithSymmetry(%d): no such symmetry", s)
		}
		c.symmetry = s
		return nil
	})
}

// WithClues sets a target number of clues: removal stops as soon as the
// puzzle has at most n clues (unless [WithMinimal] asks for more). When a
// solution cannot be brought down to n clues, others are tried within the
// limits (see [WithAttemptLimit] and [WithTimeLimit]). n must be positive,
// and a target of as many clues as cells or more leaves every clue.
func WithClues(n int) Option {
	return optionFunc(func(c *config) error {
		if n <= 0 {
			return invalid("WithClues(%d): need a positive count", n)
		}
		c.clues = n
		return nil
	})
}

// WithMinimal(true) asks for a minimal puzzle: one from which no clue (with
// a symmetry, no orbit of clues) can be removed without losing uniqueness.
// Without any target of clues or level, puzzles are minimal anyway
// (unless [WithTimeLimit] cuts the removal short, when this option makes
// such a puzzle miss its target); the option matters with [WithClues] (go
// on removing past the target) and with [WithLevel] (keep only minimal
// puzzles).
func WithMinimal(on bool) Option {
	return optionFunc(func(c *config) error {
		c.minimal = on
		return nil
	})
}

// WithLevel asks for a puzzle that package grade rates at level l.
// Medium, hard and expert puzzles on boards of up to 144 cells are found
// by descent: from a minimal puzzle, mostly harder than l, clues of the
// solution come back until the rules of level l solve it and those below
// do not. Otherwise clues are removed only while the puzzle stays
// solvable by the rules of that level (for [grade.Guessing], while it
// stays unique). Either way the grader confirms the level, and solutions
// are tried until it is met or a limit ends them.
func WithLevel(l grade.Level) Option {
	return optionFunc(func(c *config) error {
		if l < grade.Simple || l > grade.Guessing {
			return invalid("WithLevel(%d): no such level", l)
		}
		c.level, c.hasLevel = l, true
		return nil
	})
}

// WithRequired asks for puzzles whose grading uses every one of the
// techniques: a player solving it the easiest way needs each of them.
// Repeated, the lists add up.
func WithRequired(ts ...logic.Technique) Option {
	return optionFunc(func(c *config) error {
		if err := checkTechniques("WithRequired", ts); err != nil {
			return err
		}
		c.required = appendNew(c.required, ts)
		return nil
	})
}

// WithForbidden asks for puzzles whose grading uses none of the
// techniques. Below the level [grade.Guessing] (and without a level),
// clues are removed only while the puzzle stays solvable without them;
// with the level Guessing, removal keeps only uniqueness, and the grade
// decides. Repeated, the lists add up.
func WithForbidden(ts ...logic.Technique) Option {
	return optionFunc(func(c *config) error {
		if err := checkTechniques("WithForbidden", ts); err != nil {
			return err
		}
		c.forbidden = appendNew(c.forbidden, ts)
		return nil
	})
}

// DefaultAttemptLimit is the number of solutions tried to meet the
// targets when neither [WithAttemptLimit] nor [WithTimeLimit] bounds
// them.
const DefaultAttemptLimit = 1000

// WithAttemptLimit bounds the number of solutions tried to meet the
// targets (level, rules, clues, minimal); 0 means no limit, as for the
// library's other limits: attempts go on until one meets the targets, or
// the time limit or the context ends them. Without this option the limit
// is [DefaultAttemptLimit], or none when [WithTimeLimit] is given. n must
// not be negative.
func WithAttemptLimit(n int) Option {
	return optionFunc(func(c *config) error {
		if n < 0 {
			return invalid("WithAttemptLimit(%d): negative", n)
		}
		c.attemptLimit, c.hasAttempts = n, true
		return nil
	})
}

// WithTimeLimit bounds the time spent on one puzzle. When it ends, the
// best puzzle so far is returned: a removal under way stops with the clues
// it has (the puzzle is unique at every point of it), and a puzzle that
// misses a target comes with [ErrNotReached]. The first attempt always
// runs, however short the limit. Unlike a context deadline, which is an
// error, the time limit still gives a puzzle; a context that ends first
// still gives its error. d must not be negative; 0 means no limit.
func WithTimeLimit(d time.Duration) Option {
	return optionFunc(func(c *config) error {
		if d < 0 {
			return invalid("WithTimeLimit(%v): negative", d)
		}
		c.timeLimit = d
		return nil
	})
}

// WithWorkers sets how many puzzles [Batch] and [Puzzles] make at once,
// and how many solutions [New] and [FromSolution] try at once when there
// are targets to retry for (level, rules, clues, minimal). The default,
// 0, is runtime.GOMAXPROCS(0); 1 works on the calling goroutine. No more
// goroutines start than there are puzzles or attempts to run. The output
// does not depend on it. n must be from 0 to [sudoku.MaxWorkers].
func WithWorkers(n int) Option {
	return optionFunc(func(c *config) error {
		c.workers = n
		return contract.Workers("generate", n)
	})
}

// WithStats makes the call fill *s when it returns, whatever the outcome
// (for [Puzzles], when the loop over it ends). s must not be nil.
func WithStats(s *Stats) Option {
	return optionFunc(func(c *config) error {
		if s == nil {
			return invalid("WithStats(nil)")
		}
		c.stats = s
		return nil
	})
}

func newConfig(opts []Option) (config, error) {
	var c config
	// Every option is applied, so that the stats of WithStats are filled
	// even when another option is bad; the first error is returned.
	if err := contract.Apply("generate", opts, func(o Option) error { return o.apply(&c) }); err != nil {
		return c, err
	}
	for _, t := range c.required {
		if slices.Contains(c.forbidden, t) {
			return c, invalid("%s is both required and forbidden", t.Name())
		}
		if c.hasLevel && grade.LevelOf(t.Rating()) > c.level {
			return c, invalid("%s is harder than level %s", t.Name(), c.level)
		}
	}
	if c.workers == 0 {
		c.workers = runtime.GOMAXPROCS(0)
	}
	if !c.hasAttempts && c.timeLimit == 0 {
		c.attemptLimit = DefaultAttemptLimit
	}
	return c, nil
}

// begin reads the options of the call named call and checks the
// arguments every call has: it returns an argument error for a bad
// option, a nil context or, when missing is set, a nil argument named
// what (the geometry or board the call works on). The config holds the
// Stats of WithStats even with an error, for the call to fill.
func begin(ctx context.Context, call, what string, missing bool, opts []Option) (config, error) {
	cfg, err := newConfig(opts)
	switch {
	case err != nil:
	case ctx == nil:
		err = invalid("%s: nil context", call)
	case missing:
		err = invalid("%s: nil %s", call, what)
	}
	return cfg, err
}

// targeted reports whether the puzzle must meet a target beyond
// uniqueness that only a finished removal can tell.
func (c *config) targeted() bool {
	return c.hasLevel || len(c.required) > 0 || len(c.forbidden) > 0
}

func checkTechniques(name string, ts []logic.Technique) error {
	all := logic.Techniques()
	for _, t := range ts {
		if !slices.Contains(all, t) {
			return invalid("%s: no technique %d", name, t)
		}
	}
	return nil
}

func appendNew(list, ts []logic.Technique) []logic.Technique {
	for _, t := range ts {
		if !slices.Contains(list, t) {
			list = append(list, t)
		}
	}
	return list
}

// invalid returns an argument error: "generate: what: invalid argument".
func invalid(format string, args ...any) error {
	return contract.Invalid("generate", format, args...)
}

// report fills the stats of WithStats, when set, with st and the time
// since start.
func (c *config) report(st Stats, start time.Time) {
	if c.stats != nil {
		st.Elapsed = time.Since(start)
		*c.stats = st
	}
}
