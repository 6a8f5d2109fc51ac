package anneal_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestParallelOutcome checks which task's result Parallel returns: the
// first to succeed, the first fatal error, or, when every task fails
// with ErrNotSolved, the lowest-numbered one.
func TestParallelOutcome(t *testing.T) {
	noLeak(t)
	ctx := context.Background()
	mine := errors.New("mine")
	// block waits for the call to be decided by another task.
	block := func(ctx context.Context, w *anneal.Worker) (int, error) {
		<-ctx.Done()
		return -w.Index(), ctx.Err()
	}
	for _, tc := range []struct {
		name    string
		task    func(context.Context, *anneal.Worker) (int, error)
		want    int
		wantErr error
	}{
		{"task 2 wins", func(ctx context.Context, w *anneal.Worker) (int, error) {
			if w.Index() == 2 {
				return 2, nil
			}
			return block(ctx, w)
		}, 2, nil},
		{"every task fails", func(ctx context.Context, w *anneal.Worker) (int, error) {
			return 10 + w.Index(), fmt.Errorf("task %d: %w", w.Index(), anneal.ErrNotSolved)
		}, 10, anneal.ErrNotSolved},
		{"failures, then a winner", func(ctx context.Context, w *anneal.Worker) (int, error) {
			if w.Index() == 3 {
				return 3, nil
			}
			return w.Index(), anneal.ErrNotSolved
		}, 3, nil},
		{"fatal error", func(ctx context.Context, w *anneal.Worker) (int, error) {
			if w.Index() == 1 {
				return 1, mine
			}
			return block(ctx, w)
		}, 1, mine},
	} {
		var st anneal.Stats
		got, err := anneal.Parallel(ctx, 0, tc.task, anneal.WithWorkers(4), anneal.WithStats(&st))
		if got != tc.want || !errors.Is(err, tc.wantErr) || tc.wantErr == nil && err != nil {
			t.Errorf("%s: %d, %v; want %d, %v", tc.name, got, err, tc.want, tc.wantErr)
		}
		if st.Worker != tc.want%10 || st.Workers != 4 {
			t.Errorf("%s: stats %+v", tc.name, st)
		}
	}
}

// TestParallelOneWorker checks that with one worker the tasks run one
// after another on the calling goroutine, stopping at the first winner.
func TestParallelOneWorker(t *testing.T) {
	var ran []int
	got, err := anneal.Parallel(context.Background(), 5, func(ctx context.Context, w *anneal.Worker) (string, error) {
		ran = append(ran, w.Index()) // no lock: never concurrent
		if w.Index() == 2 {
			return "two", nil
		}
		return "", anneal.ErrNotSolved
	}, anneal.WithWorkers(1))
	if got != "two" || err != nil || fmt.Sprint(ran) != "[0 1 2]" {
		t.Errorf("%q, %v after tasks %v", got, err, ran)
	}
}

// TestParallelRuns checks what a task's runs get from the call: the
// share of workers, the serialised observer with worker numbers apart,
// the chain limit per task, seeds from the task's stream, and statistics
// summed into the call's.
func TestParallelRuns(t *testing.T) {
	noLeak(t)
	g, err := sudoku.NewGeometry(3, 4)
	if err != nil {
		t.Fatal(err)
	}
	empty := sudoku.NewBoard(g)
	for _, tc := range []struct{ tasks, workers, runWorkers int }{{0, 2, 1}, {1, 2, 2}, {2, 4, 2}, {3, 2, 1}} {
		var inside, calls atomic.Int32
		var mu sync.Mutex
		seen := map[int]bool{}
		var st anneal.Stats
		var runs atomic.Int64
		_, err := anneal.Parallel(context.Background(), tc.tasks, func(ctx context.Context, w *anneal.Worker) (*sudoku.Board, error) {
			for w.ChainsLeft() > 0 {
				var run anneal.Stats
				_, err := anneal.Solve(ctx, empty, w.Options(anneal.WithChainLimit(2), anneal.WithMovesPerChain(50), anneal.WithStats(&run))...)
				runs.Add(1)
				if run.Workers != tc.runWorkers || run.Chains > int64(2*run.Workers) {
					t.Errorf("%+v: a run of %d workers, %d chains", tc, run.Workers, run.Chains)
				}
				if !errors.Is(err, anneal.ErrNotSolved) {
					return nil, err
				}
			}
			return nil, fmt.Errorf("task %d: %w", w.Index(), anneal.ErrNotSolved)
		}, anneal.WithWorkers(tc.workers), anneal.WithChainLimit(5), anneal.WithSeed(1), anneal.WithStats(&st),
			anneal.WithObserver(func(p anneal.Progress) error {
				if inside.Add(1) != 1 {
					t.Error("observer called concurrently")
				}
				defer inside.Add(-1)
				calls.Add(1)
				mu.Lock()
				seen[p.Worker] = true
				mu.Unlock()
				return nil
			}))
		if !errors.Is(err, anneal.ErrNotSolved) {
			t.Fatalf("%+v: %v", tc, err)
		}
		tasks := tc.tasks
		if tasks == 0 {
			tasks = tc.workers
		}
		// Each task's chains, counted per run worker, stop at 5: three
		// runs of at most 2 chains each.
		if st.Runs != runs.Load() || st.Runs != int64(3*tasks) ||
			st.Chains != int64(5*tasks*tc.runWorkers) || st.Seed != 1 || int(calls.Load()) != int(st.Chains) {
			t.Errorf("%+v: %d runs, %d observer calls, stats %+v", tc, runs.Load(), calls.Load(), st)
		}
		for w := range seen {
			if w < 0 || w >= tasks*tc.runWorkers {
				t.Errorf("%+v: Progress.Worker %d", tc, w)
			}
		}
		if len(seen) != tasks*tc.runWorkers {
			t.Errorf("%+v: workers seen %v", tc, seen)
		}
	}
}

// TestParallelReproducible checks that with one worker a seed repeats the
// call, and that a task's runs draw different seeds.
func TestParallelReproducible(t *testing.T) {
	call := func(seed uint64) string {
		var seeds []uint64
		sol, err := anneal.Parallel(context.Background(), 2, func(ctx context.Context, w *anneal.Worker) (*sudoku.Board, error) {
			for range 2 {
				var st anneal.Stats
				sol, err := anneal.Solve(ctx, sudoku.NewBoard(nil), w.Options(anneal.WithStats(&st))...)
				seeds = append(seeds, st.Seed, w.Rand().Uint64())
				if err != nil {
					return nil, err
				}
				if w.Index() == 1 {
					return sol, nil
				}
			}
			return nil, anneal.ErrNotSolved
		}, anneal.WithWorkers(1), anneal.WithSeed(seed))
		if err != nil {
			t.Fatal(err)
		}
		if len(seeds) != 6 || seeds[0] == seeds[2] || seeds[0] == seeds[4] {
			t.Fatalf("seeds %v", seeds)
		}
		return fmt.Sprint(sol.Line(), seeds)
	}
	if a, b := call(3), call(3); a != b {
		t.Errorf("seed 3 twice:\n%s\n%s", a, b)
	}
	if a, b := call(3), call(4); a == b {
		t.Error("seeds 3 and 4 gave the same call")
	}
}

// TestParallelObserverError checks that an observer's error ends every
// task and comes back, even from a task that ignores it.
func TestParallelObserverError(t *testing.T) {
	noLeak(t)
	stop := errors.New("stop")
	var calls atomic.Int32
	_, err := anneal.Parallel(context.Background(), 0, func(ctx context.Context, w *anneal.Worker) (int, error) {
		for ctx.Err() == nil {
			_, err := anneal.Solve(ctx, sudoku.NewBoard(nil), w.Options(anneal.WithChainLimit(1))...)
			if !errors.Is(err, anneal.ErrNotSolved) && !errors.Is(err, stop) {
				return 0, err
			}
			if errors.Is(err, stop) && w.Index() == 0 {
				return 0, anneal.ErrNotSolved // task 0 hides the error
			}
			if errors.Is(err, stop) {
				return 0, err
			}
		}
		return 0, ctx.Err()
	}, anneal.WithWorkers(2), anneal.WithObserver(func(anneal.Progress) error {
		if calls.Add(1) == 3 {
			return stop
		}
		return nil
	}))
	if !errors.Is(err, stop) || calls.Load() != 3 {
		t.Errorf("%v after %d calls", err, calls.Load())
	}
}

// TestParallelCancel checks that the context's end ends every task and
// that the call returns its error.
func TestParallelCancel(t *testing.T) {
	noLeak(t)
	g, _ := sudoku.NewGeometry(5, 5)
	ctx, cancel := context.WithCancel(context.Background())
	var st anneal.Stats
	var started atomic.Int32
	_, err := anneal.Parallel(ctx, 0, func(ctx context.Context, w *anneal.Worker) (*sudoku.Board, error) {
		if started.Add(1) == 2 {
			cancel()
		}
		return anneal.Solve(ctx, sudoku.NewBoard(g), w.Options()...)
	}, anneal.WithWorkers(2), anneal.WithStats(&st))
	if !errors.Is(err, context.Canceled) || st.Status != anneal.Canceled {
		t.Errorf("%v, %+v", err, st)
	}
	if _, err := anneal.Parallel(ctx, 0, func(ctx context.Context, w *anneal.Worker) (int, error) {
		t.Error("a task ran after the cancel")
		return 0, nil
	}); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled before: %v", err)
	}
}

// TestParallelChainLimitUsedUp checks that a run started by a task with
// no chain left returns at once with ErrNotSolved.
func TestParallelChainLimitUsedUp(t *testing.T) {
	_, err := anneal.Parallel(context.Background(), 1, func(ctx context.Context, w *anneal.Worker) (int, error) {
		if _, err := anneal.Solve(ctx, sudoku.NewBoard(nil), w.Options(anneal.WithTarget(-1))...); !errors.Is(err, anneal.ErrNotSolved) {
			return 0, fmt.Errorf("first run: %w", err)
		}
		if w.ChainsLeft() != 0 {
			return 0, fmt.Errorf("%d chains left", w.ChainsLeft())
		}
		var st anneal.Stats
		tr, order := circle(5, 1)
		best, err := anneal.Run(ctx, tr, &order, w.Options(anneal.WithStats(&st))...)
		if !errors.Is(err, anneal.ErrNotSolved) || st.Chains != 0 || best != nil || st.Status != anneal.ChainLimit {
			return 0, fmt.Errorf("second run: %v, %v, %+v", best, err, st)
		}
		return 1, nil
	}, anneal.WithChainLimit(3), anneal.WithWorkers(1))
	if err != nil {
		t.Error(err)
	}
}

func TestParallelBadArguments(t *testing.T) {
	task := func(context.Context, *anneal.Worker) (int, error) { return 1, nil }
	var nilCtx context.Context
	for name, call := range map[string]func() (int, error){
		"nil context":  func() (int, error) { return anneal.Parallel(nilCtx, 0, task) },
		"nil task":     func() (int, error) { return anneal.Parallel[int](context.Background(), 0, nil) },
		"tasks -1":     func() (int, error) { return anneal.Parallel(context.Background(), -1, task) },
		"tasks max+1":  func() (int, error) { return anneal.Parallel(context.Background(), sudoku.MaxWorkers+1, task) },
		"tasks MaxInt": func() (int, error) { return anneal.Parallel(context.Background(), math.MaxInt, task) },
		"workers MaxInt": func() (int, error) {
			return anneal.Parallel(context.Background(), 0, task, anneal.WithWorkers(math.MaxInt))
		},
		"nil option":     func() (int, error) { return anneal.Parallel(context.Background(), 0, task, nil) },
		"chain limit -1": func() (int, error) { return anneal.Parallel(context.Background(), 0, task, anneal.WithChainLimit(-1)) },
		"nil observer":   func() (int, error) { return anneal.Parallel(context.Background(), 0, task, anneal.WithObserver(nil)) },
		"nil stats":      func() (int, error) { return anneal.Parallel(context.Background(), 0, task, anneal.WithStats(nil)) },
		"nil ScheduleFun": func() (int, error) {
			return anneal.Parallel(context.Background(), 0, task, anneal.WithSchedule(anneal.ScheduleFunc(nil)))
		},
	} {
		if got, err := call(); !errors.Is(err, sudoku.ErrInvalidArgument) || got != 0 {
			t.Errorf("%s: %d, %v", name, got, err)
		}
	}
	// The most tasks allowed, two at a time: only those that run are made.
	got, err := anneal.Parallel(context.Background(), sudoku.MaxWorkers, func(ctx context.Context, w *anneal.Worker) (int, error) {
		if w.Index() == sudoku.MaxWorkers-1 {
			return w.Index(), nil
		}
		return 0, anneal.ErrNotSolved
	}, anneal.WithWorkers(2))
	if got != sudoku.MaxWorkers-1 || err != nil {
		t.Errorf("MaxWorkers tasks: %d, %v", got, err)
	}
}

func TestZeroWorker(t *testing.T) {
	for _, w := range []*anneal.Worker{nil, new(anneal.Worker)} {
		opts := []anneal.Option{anneal.WithSeed(1)}
		if w.Index() != 0 || w.Rand() != nil || w.ChainsLeft() != anneal.Unlimited || len(w.Options(opts...)) != 1 {
			t.Errorf("%p: index %d, rand %v, chains left %d", w, w.Index(), w.Rand(), w.ChainsLeft())
		}
	}
}
