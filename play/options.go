package play

import (
	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/search"
)

// Option configures [New] and [Load]. Options are made by the With
// functions of this package; each checks its argument, and a bad one (or
// a nil Option) makes the call return an error wrapping
// [sudoku.ErrInvalidArgument]. When an option is repeated, the last one
// wins.
type Option interface {
	apply(*config) error
}

type optionFunc func(*config) error

func (f optionFunc) apply(c *config) error { return f(c) }

type config struct {
	workers     int
	uniqueCheck bool
}

// WithUniqueCheck(true) makes [Load] prove again, with package search,
// that the saved solution is the puzzle's only one, as [New] does, instead
// of trusting the save on that one point: a search that takes
// microseconds on a 9x9 puzzle, milliseconds on 16x16, and up to seconds
// on some 25x25 puzzles. The default is false. [New] always proves it.
func WithUniqueCheck(on bool) Option {
	return optionFunc(func(c *config) error {
		c.uniqueCheck = on
		return nil
	})
}

// WithWorkers sets how many goroutines the search that proves a puzzle
// unique ([New], [Load] with [WithUniqueCheck]) may use, as
// search.WithWorkers does: 0, the default, means runtime.GOMAXPROCS(0),
// 1 runs on the calling goroutine. A negative count, or one above
// [sudoku.MaxWorkers], is an error.
func WithWorkers(n int) Option {
	return optionFunc(func(c *config) error {
		c.workers = n
		return contract.Workers("play", n)
	})
}

// newConfig applies opts in order, all of them, and returns the first
// error.
func newConfig(opts []Option) (config, error) {
	var c config
	err := contract.Apply("play", opts, func(o Option) error { return o.apply(&c) })
	return c, err
}

// searchOptions are the options of package search that c asks for.
func (c config) searchOptions() []search.Option {
	return []search.Option{search.WithWorkers(c.workers)}
}
