package search

import (
	"context"
	"errors"
	"github.com/cubedoku/cubedoku/internal/contract"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/cubedoku/cubedoku/internal/classic"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// ErrNoSolution reports a puzzle without a solution. When the givens
// already conflict the error also wraps the [*sudoku.ConflictError] that
// names the cells; when propagation from the givens empties a cell or a
// house, it also wraps [logic.ErrContradiction] and says which.
var ErrNoSolution = errors.New("search: no solution")

// ErrNodeLimit reports a search that reached the limit of [WithNodeLimit]
// before it ended.
var ErrNodeLimit = errors.New("search: node limit reached")

// Option configures [Solve], [Count] and [All]. Options are made by the
// With functions of this package; each checks its argument, and a bad one
// (or a nil Option) makes the call return an error wrapping
// [sudoku.ErrInvalidArgument]. When an option is repeated, the last one
// wins.
type Option interface {
	apply(*config) error
}

type optionFunc func(*config) error

func (f optionFunc) apply(c *config) error { return f(c) }

type config struct {
	// workers is the count asked for (0: the default) until resolved is
	// set, and then the count the call runs (see workerCount).
	workers  int
	resolved bool
	stats    *Stats
	rules    logic.Rules // applied at every node when set
	general  bool        // use the general search on classic boards too (tests)
	// nodeLimit, when positive, ends the search after about that many
	// nodes.
	nodeLimit int64
	marks     []uint64 // when set, the candidates each cell is narrowed to
	// marksBuf is the buffer marks are expanded into (see markSet),
	// kept when the configuration goes back to the pool.
	marksBuf []uint64
	// terse skips the description of why a board has no solution, for
	// callers that drop it (Count): on the classic search, describing it
	// costs more than finding it.
	terse bool
	seed  uint64 // see WithSeed
	// observer, when set, is told of the search's progress (see
	// WithObserver).
	observer func(Progress) error
	watch    *watch    // the observer's, made when the search starts
	start    time.Time // when the call began
	// restarts makes the general search restart (Solve; see portfolio).
	restarts bool
	// countTo is Count's limit when it is 1 or 2, the counts that its
	// clause-learning search can reach (see clausesFrom), and 0 otherwise.
	countTo int
	// first, for Unique, keeps the first solution the count finds.
	first *firstSolution
	// stackBytes, when positive, replaces the memory a worker's stack of
	// states may hold (tests; see stackBytes).
	stackBytes int
	// firstCutoff, when positive, replaces the cutoff of the first run
	// of Solve (tests; see firstCutoff).
	firstCutoff int64
	// localFrom, when not 0, replaces localFrom: the least digits of a
	// board on which Solve runs a tabu search; negative for none (tests).
	localFrom int
	// clausesFrom, when not 0, replaces clausesFrom: the least digits
	// of a board on which Solve and Count to 1 or 2 run a clause-learning
	// search without a tabu search; negative for none (tests).
	clausesFrom int
	// hall, when not 0, turns the all-different filter of the exact
	// search off (negative), or on whatever the board once a worker has
	// met hall-1 dead ends (from the first node for 1) (tests; see
	// hallFrom and hallAfter).
	hall int
}

// classic reports whether the call is for the classic search: a valid
// call on a classic 9x9 board.
func (c *config) classic(ctx context.Context, b *sudoku.Board) bool {
	if c.general || c.rules != nil || checkArgs(ctx, b) != nil || !classic.Is(b.Geometry()) {
		return false
	}
	c.workers, c.resolved = 1, true
	return true
}

// workerCount returns how many workers the call runs: as asked, but at
// most GOMAXPROCS (see WithWorkers). It looks at GOMAXPROCS on first use
// only, and not at all for one worker or a classic 9x9 board: the look
// takes the scheduler's lock, and generators make thousands of such calls
// a second.
func (c *config) workerCount() int {
	if !c.resolved {
		c.resolved = true
		if c.workers != 1 {
			if procs := runtime.GOMAXPROCS(0); c.workers == 0 || c.workers > procs {
				c.workers = procs
			}
		}
	}
	return c.workers
}

// WithWorkers sets how many goroutines search at once. The default (and 0)
// is runtime.GOMAXPROCS(0), which is also the most used: the search never
// waits, so goroutines beyond the processors that run them would only take
// turns and slow down the one about to finish. With 1 the search runs on
// the calling goroutine and starts none. Classic 9x9 boards are always
// searched on the calling goroutine (see the package documentation). A
// count above GOMAXPROCS runs GOMAXPROCS workers (see [Stats.Workers]);
// a negative one, or one above [sudoku.MaxWorkers], is an error wrapping
// [sudoku.ErrInvalidArgument].
func WithWorkers(n int) Option {
	return optionFunc(func(c *config) error {
		c.workers = n
		return contract.Workers("search", n)
	})
}

// WithRules makes the search apply rules (see [logic.Rules.Reduce]) at
// every node, after naked and hidden singles, until none finds anything:
// human-style deductions first, guesses only when they run out. Each rule
// costs time at every node and may save nodes; the benchmarks of package
// logic and of this package measure both. An empty list means singles
// only, as without the option. Boards of every geometry, the classic 9x9
// included, then take the general search.
//
// Rules that are sound only for puzzles known to have one solution (see
// [logic.Technique.AssumesUnique]) would lose solutions of the others, so
// a list holding one, or a nil rule, is an error wrapping
// [sudoku.ErrInvalidArgument]. So is a rule that reports a step that
// changes nothing (see [logic.Rule]): the call that meets it returns that
// error. A search with rules looks at its context between the rules'
// steps too, so a cancel is seen within one rule's Find; a rule of the
// caller's that runs long holds it up that long.
func WithRules(rules logic.Rules) Option {
	return optionFunc(func(c *config) error {
		for i, r := range rules {
			if r == nil {
				return invalid("WithRules: rule %d is nil", i+1)
			}
			if t, ok := r.(logic.Technique); ok && t.AssumesUnique() {
				return invalid("WithRules: %s assumes a unique solution", t.Name())
			}
		}
		c.rules = nil
		if len(rules) > 0 {
			c.rules = slices.Clone(rules)
		}
		return nil
	})
}

// WithNodeLimit makes the search give up after searching about n nodes
// (see [Stats.Nodes]; the limit is checked every few nodes): the call then
// ends as when its context ends, with an error wrapping [ErrNodeLimit]
// instead of the context's. Unlike a deadline, a node limit does not
// depend on the machine or its load: with one worker, the same search
// stops at the same node every time, which is what a program that must
// be reproducible (a generator that gives up on a hard random start, say)
// needs. 0, the default, means no limit; a negative n is an error. The
// limit counts the exact search's nodes only: the tabu and
// clause-learning searches that take turns with it on big boards (see
// the package documentation) run their turns as before, so that on those
// boards the time a node limit buys is longer, and still the same from
// run to run with one worker.
func WithNodeLimit(n int) Option {
	return optionFunc(func(c *config) error {
		if n < 0 {
			return invalid("WithNodeLimit(%d)", n)
		}
		c.nodeLimit = int64(n)
		return nil
	})
}

// WithMarks narrows the search to the solutions that agree with pencil
// marks, as [logic.NewStateFromMarks] reads them: marks[c] is the mask of
// the digits empty cell c may take (bit d-1 for digit d, see [logic.Bit]),
// and a mask with no digit of the board (0, or bits beyond N only) leaves
// the cell every digit. Marks of cells that hold a digit are ignored.
//
// It tells whether a player's marks still allow a solution, and lets a
// generator ask whether a puzzle has a solution other than one it knows:
// mark a cell with every digit but the known one (on a board of one digit
// that mask is 0, which is no mark at all). marks must hold one mask per
// cell of the board (else the call returns an error wrapping
// [sudoku.ErrInvalidArgument]). marks is copied when WithMarks is
// called: changing the slice afterwards does not change the option, and
// an option may serve calls on several goroutines at once.
func WithMarks(marks []uint64) Option {
	if marks == nil {
		return optionFunc(func(c *config) error {
			c.marks = nil
			return nil
		})
	}
	m := &markSet{cells: len(marks)}
	for c, x := range marks {
		switch {
		case x == 0:
		case m.first.mask == 0:
			m.first = mark{int32(c), x}
		default:
			m.more = append(m.more, mark{int32(c), x})
		}
	}
	return m
}

// markSet is the copy of pencil marks that WithMarks keeps: the cells
// marked, as most callers mark a few (a generator, one cell at a time,
// with an option for each call), the first of them held in place, and the
// number of cells. A call expands it into a buffer of its configuration,
// which the pool of configurations keeps from call to call.
type markSet struct {
	cells int
	first mark   // the first cell marked; a mask of 0 when none is
	more  []mark // the others
}

// mark is the mask of a marked cell.
type mark struct {
	cell int32
	mask uint64
}

func (m *markSet) apply(c *config) error {
	buf := slices.Grow(c.marksBuf[:0], m.cells)[:m.cells]
	if buf == nil {
		buf = []uint64{} // no cell: a length that the call rejects, not no marks
	}
	clear(buf)
	if m.first.mask != 0 {
		buf[m.first.cell] = m.first.mask
	}
	for _, k := range m.more {
		buf[k.cell] = k.mask
	}
	c.marks, c.marksBuf = buf, buf
	return nil
}

// WithSeed sets the seed of the random choices of [Solve]: after a
// restart (see [Stats.Restarts]), and on every worker but the first from
// the start, each worker breaks ties between equally good cells at
// random, from a PCG stream made from seed and the worker's index. With
// WithWorkers(1) and a seed, a run is reproducible: the same board gives
// the same solution in the same number of nodes. Without it the seed is
// 0, so that a search with one worker is reproducible anyway (as
// [WithNodeLimit] and the generators that pass a node limit need).
// [Count] and [All] make no random choice.
func WithSeed(seed uint64) Option {
	return optionFunc(func(c *config) error {
		c.seed = seed
		return nil
	})
}

// WithObserver calls f with the progress of the search: once when the
// search starts, then about every tenth of a second while it runs, and
// after each restart, from the searching goroutine (calls are never
// concurrent, even with several workers). An error from f ends the call,
// which returns it wrapped ([errors.Is] finds it); f is not called again.
// f must not be nil. It lets a program show a long search (one of a large
// board with many open cells may take seconds) as it goes.
func WithObserver(f func(Progress) error) Option {
	return optionFunc(func(c *config) error {
		if f == nil {
			return invalid("WithObserver(nil)")
		}
		c.observer = f
		return nil
	})
}

// Progress describes a running search to the function of
// [WithObserver]. It encodes to JSON with camelCase keys (Elapsed in
// nanoseconds).
type Progress struct {
	// Worker is the index of the worker reporting, 0 with one worker.
	Worker int `json:"worker"`
	// Nodes counts the nodes every worker has searched so far (as last
	// polled), and Restarts the restarts of every worker (see
	// [Stats.Restarts]).
	Nodes    int64 `json:"nodes"`
	Restarts int64 `json:"restarts"`
	// Depth is the number of guesses the reporting worker stands on now;
	// Decided the cells its current state has decided, and BestDecided
	// the most cells any of its states had decided since the call began,
	// out of Cells.
	Depth       int `json:"depth"`
	Decided     int `json:"decided"`
	BestDecided int `json:"bestDecided"`
	Cells       int `json:"cells"`
	// Elapsed is the wall time since the call began.
	Elapsed time.Duration `json:"elapsed"`
}

// WithStats makes the call fill *s with statistics of the search when it
// returns (for [All], when the loop over it ends), whatever the outcome: a
// call that fails on a bad argument fills it with zeros (no worker ran).
// s must not be nil.
func WithStats(s *Stats) Option {
	return optionFunc(func(c *config) error {
		if s == nil {
			return invalid("WithStats(nil)")
		}
		c.stats = s
		return nil
	})
}

// Stats describes one search. It encodes to JSON with camelCase keys
// (Elapsed in nanoseconds).
type Stats struct {
	// Nodes counts the states searched: the root, and every child made by
	// trying a digit in a cell.
	Nodes int64 `json:"nodes"`
	// Guesses counts the cells branched on (where more than one digit had
	// to be tried).
	Guesses int64 `json:"guesses"`
	// DeadEnds counts the children that propagation proved contradictory.
	DeadEnds int64 `json:"deadEnds"`
	// Solutions counts the solutions reached, by the exact search, the
	// clause-learning one or the tabu one (Count and All may stop workers
	// after the limit, and the searches of Count may reach the same
	// solution, so this can exceed what was returned).
	Solutions int64 `json:"solutions"`
	// Shared counts the subtrees a worker handed to another that had run
	// out of work (0 in a serial search, and in a parallel one that ended
	// before its serial start did).
	Shared int64 `json:"shared"`
	// Restarts counts the times a worker of [Solve] gave up its search
	// tree, past a cutoff of nodes that grows with each restart, to start
	// again from the root with the cells that failed most weighed
	// heaviest (0 for All, and for Count but to 1 on boards of 36 digits
	// and more, where it is Solve's search).
	Restarts int64 `json:"restarts"`
	// States is the most search states (copies of the candidates of
	// every cell) one worker held at once: the memory of a search is
	// about Workers x States x the size of one. A worker keeps one state
	// per depth up to a few megabytes' worth; deeper searches keep some
	// (see Rebuilt).
	States int64 `json:"states"`
	// Rebuilt counts the states a worker had given up to bound its
	// memory and rebuilt, by repeating its guesses and propagation from
	// a state it kept, when the search backtracked to them.
	Rebuilt int64 `json:"rebuilt"`
	// Moves counts the swaps made by the local search that [Solve], and
	// Count to 1 or 2, run beside the exact one on boards of 36 digits
	// and more.
	Moves int64 `json:"moves"`
	// Conflicts counts the conflicts met by the clause-learning search
	// that Solve runs beside the exact one on boards of 25 digits and
	// more, and Count to 1 or 2 too (see the package documentation).
	Conflicts int64 `json:"conflicts"`
	// Workers is the number of workers used: as asked, but at most
	// GOMAXPROCS, and 1 on classic 9x9 boards, which are searched on the
	// calling goroutine (see [WithWorkers]).
	Workers int `json:"workers"`
	// Seed is the seed the call used (see [WithSeed]): pass it to
	// WithSeed to repeat a run with one worker.
	Seed uint64 `json:"seed"`
	// Elapsed is the wall time of the call.
	Elapsed time.Duration `json:"elapsed"`
}

func newConfig(opts []Option) (*config, error) {
	c := configs.Get().(*config) // zero but for marksBuf (see release)
	if first := contract.Apply("search", opts, func(o Option) error { return o.apply(c) }); first != nil {
		return c, c.fail(first)
	}
	// The clock only for those who read it: a call without statistics or
	// an observer has no use for its start, and reading the clock costs a
	// uniqueness check of a generator's 9x9 puzzle about a twentieth of
	// its time.
	if c.stats != nil || c.observer != nil {
		c.start = time.Now()
	}
	return c, nil
}

// configs keeps the configurations of calls that have returned, for
// newConfig to reuse: a generator makes thousands of calls a second.
var configs = sync.Pool{New: func() any { return new(config) }}

// release hands c back to newConfig once the call that made it has
// returned, and every goroutine it started has ended.
func (c *config) release() {
	*c = config{marksBuf: c.marksBuf[:0]}
	configs.Put(c)
}

// invalid returns an argument error: "search: what: invalid argument",
// wrapping sudoku.ErrInvalidArgument.
func invalid(format string, args ...any) error {
	return contract.Invalid("search", format, args...)
}

func isNoSolution(err error) bool { return errors.Is(err, ErrNoSolution) }
