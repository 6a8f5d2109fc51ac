package anneal_test

import (
	"context"
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestStatsWhateverTheOutcome checks that WithStats fills its Stats on
// every way a call can fail before it runs: a bad option after
// WithStats or before it, a nil option, a nil argument and a context
// ended before the call. Each leaves zero counts, where the Stats held
// counts before.
func TestStatsWhateverTheOutcome(t *testing.T) {
	tr, order := circle(5, 1)
	board := sudoku.NewBoard(nil)
	task := func(ctx context.Context, w *anneal.Worker) (int, error) { return 0, nil }
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	calls := map[string]func(ctx context.Context, opts ...anneal.Option) error{
		"Run": func(ctx context.Context, opts ...anneal.Option) error {
			_, err := anneal.Run(ctx, tr, &order, opts...)
			return err
		},
		"Solve": func(ctx context.Context, opts ...anneal.Option) error {
			_, err := anneal.Solve(ctx, board, opts...)
			return err
		},
		"Parallel": func(ctx context.Context, opts ...anneal.Option) error {
			_, err := anneal.Parallel(ctx, 0, task, opts...)
			return err
		},
	}
	stale := anneal.Stats{Moves: 7, Chains: 7, Runs: 7, Workers: 7, Seed: 7, Status: anneal.Stuck}
	for name, call := range calls {
		for _, tc := range []struct {
			what   string
			ctx    context.Context
			before []anneal.Option
			after  []anneal.Option
			want   error
			status anneal.Status
		}{
			{"a bad option after WithStats", context.Background(), nil, []anneal.Option{anneal.WithWorkers(-1)}, sudoku.ErrInvalidArgument, anneal.NotRun},
			{"a bad option before WithStats", context.Background(), []anneal.Option{anneal.WithChainLimit(-1)}, nil, sudoku.ErrInvalidArgument, anneal.NotRun},
			{"a nil option", context.Background(), []anneal.Option{nil}, nil, sudoku.ErrInvalidArgument, anneal.NotRun},
			{"a nil context", nil, nil, nil, sudoku.ErrInvalidArgument, anneal.NotRun},
			{"an ended context", canceled, nil, nil, context.Canceled, anneal.Canceled},
		} {
			st := stale
			opts := append(append(tc.before, anneal.WithStats(&st), anneal.WithSeed(1)), tc.after...)
			err := call(tc.ctx, opts...)
			if !errors.Is(err, tc.want) {
				t.Errorf("%s with %s: %v, want %v", name, tc.what, err, tc.want)
			}
			st.Elapsed = 0
			if st != (anneal.Stats{Status: tc.status}) {
				t.Errorf("%s with %s: stats %+v, want zero counts and status %v", name, tc.what, st, tc.status)
			}
		}
	}
}

// TestNoLimit checks the package's one rule for no limit: a chain limit of
// 0 is no limit, while 0 restarts and 0 reheats are none, and Unlimited
// is no limit for them. Every chain of flat freezes, so a worker is stuck
// after each one.
func TestNoLimit(t *testing.T) {
	start := 0
	chains := func(opts ...anneal.Option) (anneal.Stats, error) {
		var st anneal.Stats
		seen := 0
		stop := errors.New("enough chains")
		_, err := anneal.Run(context.Background(), flat{}, &start, append(opts, anneal.WithMovesPerChain(3), anneal.WithWorkers(1),
			anneal.WithTemperature(1), anneal.WithStats(&st), anneal.WithObserver(func(anneal.Progress) error {
				if seen++; seen == 50 {
					return stop
				}
				return nil
			}))...)
		if err != nil && !errors.Is(err, stop) {
			return st, err
		}
		return st, nil
	}
	for _, tc := range []struct {
		name   string
		opts   []anneal.Option
		chains int64
		status anneal.Status
	}{
		{"defaults", nil, 1, anneal.Stuck},
		{"chain limit 0", []anneal.Option{anneal.WithChainLimit(0)}, 1, anneal.Stuck},
		{"restarts 0", []anneal.Option{anneal.WithRestarts(0), anneal.WithReheat(anneal.Reheat{Max: 2})}, 3, anneal.Stuck},
		{"unlimited restarts", []anneal.Option{anneal.WithRestarts(anneal.Unlimited), anneal.WithChainLimit(0)}, 50, anneal.Stopped},
		{"unlimited reheats", []anneal.Option{anneal.WithReheat(anneal.Reheat{Max: anneal.Unlimited})}, 50, anneal.Stopped},
		{"chain limit 7", []anneal.Option{anneal.WithRestarts(anneal.Unlimited), anneal.WithChainLimit(7)}, 7, anneal.ChainLimit},
	} {
		st, err := chains(tc.opts...)
		if err != nil || st.Chains != tc.chains || st.Status != tc.status {
			t.Errorf("%s: %d chains, %v, %v; want %d chains, %v", tc.name, st.Chains, st.Status, err, tc.chains, tc.status)
		}
	}
}
