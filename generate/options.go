package generate

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
)

// ErrInvalidArgument reports a nil context, geometry, board or option, or
// an option out of range or unfit for the geometry (a quarter-turn
// symmetry on a board that is not square, say).
var ErrInvalidArgument = errors.New("generate: invalid argument")

// ErrNotReached reports that the budget ran out before a puzzle met every
// target asked for (level, rules, number of clues, minimality). The
// puzzle returned with it is the best one found: unique, and closest to
// the targets.
var ErrNotReached = errors.New("generate: target not reached")

// Option configures [New], [FromSolution] and [Batch]. Options are made by
// the With functions of this package; each checks its argument, and a bad
// one (or a nil Option) makes the call return an error wrapping
// [ErrInvalidArgument]. When an option is repeated, the last one wins,
// except [WithRequired] and [WithForbidden], which add up.
type Option interface {
	apply(*config) error
}

type optionFunc func(*config) error

func (f optionFunc) apply(c *config) error { return f(c) }

type config struct {
	seed      uint64
	hasSeed   bool
	symmetry  Symmetry
	clues     int // > 0: stop removing at this many clues
	minimal   bool
	level     grade.Level
	hasLevel  bool
	required  []logic.Technique
	forbidden []logic.Technique
	attempts  int           // solutions tried for the targets; 0: until the budget ends
	budget    time.Duration // 0: no time budget
	workers   int
}

// WithSeed makes the output reproducible: the same seed and options give
// the same puzzles, with any number of workers. Without it a random seed
// is drawn, and reported in [Puzzle.Seed].
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
		if s >= numSymmetries {
			return invalid("WithSymmetry(%d): no such symmetry", s)
		}
		c.symmetry = s
		return nil
	})
}

// WithClues sets a target number of clues: removal stops as soon as the
// puzzle has at most n clues (unless [WithMinimal] asks for more). When a
// solution cannot be brought down to n clues, others are tried within the
// budget (see [WithAttempts] and [WithBudget]). n must be positive.
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
// Without any target of clues or level, puzzles are minimal anyway; the
// option matters with [WithClues] (go on removing past the target) and
// with [WithLevel] (keep only minimal puzzles).
func WithMinimal(on bool) Option {
	return optionFunc(func(c *config) error {
		c.minimal = on
		return nil
	})
}

// WithLevel asks for a puzzle that package grade rates at level l. Clues
// are removed only while the puzzle stays solvable by the rules of that
// level (for [grade.Guessing], while it stays unique), and solutions are
// tried until the grade is met or the budget ends.
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

// WithAttempts bounds the number of solutions tried to meet the targets
// (level, rules, clues, minimal). The default, 0, means 1,000 without a
// budget and as many as [WithBudget] allows with one. n must not be
// negative.
func WithAttempts(n int) Option {
	return optionFunc(func(c *config) error {
		if n < 0 {
			return invalid("WithAttempts(%d): negative", n)
		}
		c.attempts = n
		return nil
	})
}

// WithBudget bounds the time spent on one puzzle. When it ends, the best
// puzzle so far is returned: a removal under way stops with the clues it
// has (the puzzle is unique at every point of it), and a puzzle that
// misses a target comes with [ErrNotReached]. Unlike a context deadline,
// which is an error, the budget still gives a puzzle. d must not be
// negative; 0 means no budget.
func WithBudget(d time.Duration) Option {
	return optionFunc(func(c *config) error {
		if d < 0 {
			return invalid("WithBudget(%v): negative", d)
		}
		c.budget = d
		return nil
	})
}

// WithWorkers sets how many puzzles [Batch] makes at once, and how many
// solutions [New] and [FromSolution] try at once when there are targets to
// retry for (level, rules, clues, minimal). The default (and 0) is
// runtime.GOMAXPROCS(0). The output does not depend on it.
func WithWorkers(n int) Option {
	return optionFunc(func(c *config) error {
		if n < 0 {
			return invalid("WithWorkers(%d): negative", n)
		}
		c.workers = n
		return nil
	})
}

func newConfig(opts []Option) (config, error) {
	var c config
	for i, o := range opts {
		if o == nil {
			return c, invalid("option %d is nil", i+1)
		}
		if err := o.apply(&c); err != nil {
			return c, err
		}
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
	return c, nil
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

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrInvalidArgument}, args...)...)
}
