package anneal

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Parallel runs tasks on parallel workers, the first to succeed winning:
// the runner for annealers made of several runs of [Run] or [Solve], such
// as package cube's face-by-face strategies. tasks is the number of
// tasks; 0 means one per worker. The workers of [WithWorkers] are shared
// out: at most that many tasks run at once, and each run of a task gets
// workers/tasks of them by default (at least 1), so one task (tasks = 1)
// runs each of its runs on every worker, and one task per worker runs
// each on one.
//
// task i is called with a context and its [Worker], which hands its runs
// their options (see [Worker.Options]): the options given to Parallel,
// then the run's own, then the task's settings: a seed from the task's
// own random stream, derived from [WithSeed]; an observer (that of
// [WithObserver]) whose calls from every task are serialised, with
// [Progress.Worker] numbering each task's run workers apart; the chain
// limit of [WithChainLimit], counted for each task over all its runs; and
// statistics added to the task's, which Parallel sums into those of
// [WithStats].
//
// The first task to return a nil error wins: Parallel cancels the
// others' context and returns its result. A task that returns an error
// wrapping [ErrNotSolved] has failed alone: the others go on, and when
// every task has failed so, Parallel returns the result and error of the
// lowest-numbered one. Any other error (the context's, an observer's, a
// bad option's) ends the call at once: Parallel cancels the other tasks
// and returns the result and error of the task that returned it.
//
// With one worker the tasks run one after another on the calling
// goroutine, and with a seed the call is repeated exactly; with several,
// which task finishes first can vary. ctx, task and every option are
// checked first: a nil context or task, tasks outside 0 to
// [sudoku.MaxWorkers], or a bad option is an error wrapping
// [sudoku.ErrInvalidArgument]. Nothing is allocated for a task before it
// starts, and no goroutine started by Parallel outlives it.
func Parallel[T any](ctx context.Context, tasks int, task func(ctx context.Context, w *Worker) (T, error), opts ...Option) (T, error) {
	began := time.Now()
	var (
		zero T
		st   Stats
	)
	cfg, err := newConfig(opts)
	defer func() { cfg.report(&st, began) }()
	switch {
	case err != nil:
		return zero, err
	case ctx == nil:
		return zero, contract.Invalid(pkg, "Parallel: nil context")
	case task == nil:
		return zero, contract.Invalid(pkg, "Parallel: nil task")
	case tasks < 0 || tasks > sudoku.MaxWorkers:
		return zero, contract.Invalid(pkg, "Parallel: %d tasks: want 0 to %d", tasks, sudoku.MaxWorkers)
	}
	workers := cfg.resolveWorkers()
	if tasks == 0 {
		tasks = workers
	}
	running := min(tasks, workers)
	seed := cfg.seed
	if !cfg.hasSeed {
		seed = randomSeed()
	}
	share := max(workers/tasks, 1)    // default workers of each run
	if err := ctx.Err(); err != nil { // nothing ran: zero counts
		st.Status = Canceled
		return zero, err
	}
	st.Seed, st.Workers = seed, running*share

	r := &runner{opts: slices.Clone(opts), share: share, seed: seed, chainLimit: cfg.chainLimit}
	var (
		mu       sync.Mutex
		chosen   *Worker // whose result is returned
		val      T
		outErr   error
		won      bool
		fatal    bool
		runsWide int // most workers of any run
	)
	// finish records what task w returned, and tells the group whether to
	// stop: errFound for a winner, the error for a fatal one.
	finish := func(w *Worker, v T, err error) error {
		mu.Lock()
		defer mu.Unlock()
		st.add(&w.stats)
		runsWide = max(runsWide, w.runWorkers)
		switch {
		case won || fatal:
			return nil // the call is decided
		case err == nil:
			won, chosen, val, outErr = true, w, v, nil
			return errFound
		case errors.Is(err, ErrNotSolved):
			if chosen == nil || w.index < chosen.index {
				chosen, val, outErr = w, v, err
			}
			return nil
		default:
			fatal, chosen, val, outErr = true, w, v, err
			return err
		}
	}
	do := func(ctx context.Context, i int) error {
		w := r.worker(i)
		v, err := task(ctx, w)
		return finish(w, v, err)
	}
	if running == 1 {
		for i := range tasks {
			if do(ctx, i) != nil || ctx.Err() != nil {
				break
			}
		}
	} else {
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(running)
		for i := range tasks {
			if gctx.Err() != nil {
				break
			}
			g.Go(func() error { return do(gctx, i) })
		}
		_ = g.Wait() // the outcome is in chosen, val and outErr
	}

	if runsWide > 0 {
		st.Workers = running * runsWide
	}
	switch {
	case won:
	case ctx.Err() != nil && !fatal:
		outErr = ctx.Err() // tasks were cut short before they all failed
	case !fatal && r.obs.failed() != nil:
		outErr = r.obs.failed() // a task went on past its observer's error
	case chosen == nil:
		outErr = ErrNotSolved // not reached: every task records a result
	}
	if chosen != nil {
		st.Worker = chosen.index
		st.Temperature, st.BestCost, st.Status = chosen.last.Temperature, chosen.last.BestCost, chosen.last.Status
	}
	if !won && ctx.Err() != nil {
		st.Status = Canceled
	}
	return val, outErr
}

// runner is what the tasks of one Parallel call share.
type runner struct {
	opts       []Option
	share      int // default workers of each run
	seed       uint64
	chainLimit int // per task, 0 for none

	obs observer // the observer calls of every task's runs
}

// worker returns the Worker of task i.
func (r *runner) worker(i int) *Worker {
	w := &Worker{r: r, index: i}
	w.rng = rand.New(rand.NewPCG(r.seed, taskStream(i)))
	return w
}

// taskStream returns the second PCG seed of task i's stream, apart from
// the engine's worker streams.
func taskStream(i int) uint64 { return 0x6a09e667f3bcc909 ^ streamOf(i) }

// observe returns f serialised with every other observer call of the
// call, and failing for good once one call has failed.
func (r *runner) observe(f func(Progress) error) func(Progress) error {
	return func(p Progress) error { return r.obs.call(f, p) }
}

// A Worker is what a task of [Parallel] knows of the call: its index, its
// random stream, the options of its runs and the chains it has left. The
// statistics of its runs reach the caller of Parallel through [WithStats]
// alone. It belongs to its task's goroutine: its methods must not be
// called from others. The zero Worker (or a nil one), not made by
// Parallel, has index 0, no random stream, no chain limit, and adds
// nothing to the options of its runs.
type Worker struct {
	r          *runner
	index      int
	rng        *rand.Rand
	stats      Stats
	last       Stats // of the last run
	chains     int   // chains used, counted per run worker
	runWorkers int   // most workers of any run
}

// Index returns the task's index, 0 to tasks-1.
func (w *Worker) Index() int {
	if w == nil {
		return 0
	}
	return w.index
}

// Rand returns the task's random stream, made from the call's seed and
// the task's index, for the task's own random choices. [Worker.Options]
// draws the seed of each run from it too, so a task that makes the same
// calls in the same order is repeated exactly by the same seed. Nil for a
// Worker not made by Parallel.
func (w *Worker) Rand() *rand.Rand {
	if w == nil {
		return nil
	}
	return w.rng
}

// Options returns the options of one run of the task ([Run] or [Solve]),
// to be passed to it whole: the options given to [Parallel], then opts,
// then the task's settings (see Parallel). Call it once per run: each call
// draws the run's seed. The run's workers are the task's share of the
// workers unless opts set [WithWorkers]; [WithStats] among Parallel's
// options is the call's, not the run's. A run started when the task has
// used up its chain limit returns at once with an error wrapping
// [ErrNotSolved]. For a Worker not made by Parallel it returns a copy of
// opts.
func (w *Worker) Options(opts ...Option) []Option {
	if w == nil || w.r == nil {
		return slices.Clone(opts)
	}
	out := make([]Option, 0, len(w.r.opts)+len(opts)+2)
	out = append(out, w.r.opts...)
	out = append(out, optionFunc(func(c *config) error {
		c.workers, c.stats, c.chainLimit = w.r.share, nil, 0
		return nil
	}))
	out = append(out, opts...)
	hook := &runHook{w: w, seed: w.rng.Uint64()}
	return append(out, optionFunc(func(c *config) error {
		c.hook = hook
		return nil
	}))
}

// ChainsLeft returns the chains the task may still run under the limit
// of [WithChainLimit] (each run's chains counted per run worker), or
// [Unlimited] when there is no limit.
func (w *Worker) ChainsLeft() int {
	if w == nil || w.r == nil || w.r.chainLimit == 0 {
		return Unlimited
	}
	return max(w.r.chainLimit-w.chains, 0)
}

// runHook connects a run to the task whose [Worker.Options] made it.
type runHook struct {
	w    *Worker
	seed uint64
}

// prepare applies the task's settings to the run's configuration. It
// returns an error wrapping ErrNotSolved when the task has no chain left.
func (h *runHook) prepare(c *config) error {
	if h == nil {
		return nil
	}
	w := h.w
	c.seed, c.hasSeed = h.seed, true
	if left := w.ChainsLeft(); left != Unlimited {
		if left == 0 {
			return fmt.Errorf("%w: task %d used up its chain limit of %d", ErrNotSolved, w.index, w.r.chainLimit)
		}
		if c.chainLimit == 0 || c.chainLimit > left {
			c.chainLimit = left
		}
	}
	if c.observer != nil {
		c.observer = w.r.observe(c.observer)
	}
	return nil
}

// base returns the Progress.Worker of the first of a run's workers.
func (h *runHook) base(workers int) int {
	if h == nil {
		return 0
	}
	return h.w.index * workers
}

// done adds the run's statistics to the task's.
func (h *runHook) done(st *Stats) {
	if h == nil {
		return
	}
	w := h.w
	w.stats.add(st)
	w.last = *st
	if st.Workers > 0 {
		w.chains += int((st.Chains + int64(st.Workers) - 1) / int64(st.Workers))
		w.runWorkers = max(w.runWorkers, st.Workers)
	}
}
