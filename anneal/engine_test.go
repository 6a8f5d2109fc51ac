package anneal_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/anneal"
)

// noLeak fails t when goroutines started during the test are still
// running shortly after it.
func noLeak(t *testing.T) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		for range 100 {
			if runtime.NumGoroutine() <= before {
				return
			}
			time.Sleep(time.Millisecond)
		}
		t.Errorf("%d goroutines before, %d after", before, runtime.NumGoroutine())
	})
}

func TestPartitionOptimum(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 5 {
		p := partition{}
		for range 14 {
			p.nums = append(p.nums, float64(1+r.IntN(1000)))
		}
		want := p.optimum()
		res, err := anneal.Run(context.Background(), p, p.start(), anneal.WithSeed(uint64(trial)),
			anneal.WithTarget(want), anneal.WithChainLength(200), anneal.WithReheat(anneal.Reheat{Max: anneal.Unlimited, Stagnant: 10}),
			anneal.WithMaxChains(20000))
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != anneal.TargetReached || res.Cost != want || p.Cost(res.Best) != want {
			t.Errorf("trial %d: %v, cost %v (recount %v), want %v", trial, res.Status, res.Cost, p.Cost(res.Best), want)
		}
	}
}

func TestTourOptimum(t *testing.T) {
	for _, n := range []int{6, 8, 10} {
		tr, order := circle(n, uint64(n))
		orig := slices.Clone(order)
		want := 2 * float64(n) * math.Sin(math.Pi/float64(n)) // perimeter of the regular polygon
		// No target: the run must get there by cooling until it freezes.
		res, err := anneal.Run(context.Background(), tr, &order, anneal.WithSeed(1), anneal.WithChainLength(100),
			anneal.WithSchedule(anneal.Geometric(0.9)), anneal.WithRestarts(3))
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(res.Cost-want) > 1e-9 || math.Abs(tr.Cost(res.Best)-want) > 1e-9 {
			t.Errorf("%d cities: tour %v (recount %v), want %v", n, res.Cost, tr.Cost(res.Best), want)
		}
		if res.Status != anneal.Stuck {
			t.Errorf("%d cities: status %v, want %v", n, res.Status, anneal.Stuck)
		}
		if !slices.Equal(order, orig) {
			t.Errorf("%d cities: the start state was changed", n)
		}
	}
}

// trace runs the tour problem and records every chain's progress.
func trace(t *testing.T, workers int, seed uint64) (anneal.Result[*[]int], []anneal.Progress) {
	t.Helper()
	tr, order := circle(12, 5)
	var got []anneal.Progress
	res, err := anneal.Run(context.Background(), tr, &order, anneal.WithSeed(seed), anneal.WithWorkers(workers),
		anneal.WithChainLength(50), anneal.WithMaxChains(40), anneal.WithObserver(func(p anneal.Progress) error {
			if p.Worker == 0 {
				got = append(got, p)
			}
			return nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	res.Stats.Elapsed = 0
	return res, got
}

func TestSameSeedSameRun(t *testing.T) {
	noLeak(t)
	for _, workers := range []int{1, 3} {
		res1, trace1 := trace(t, workers, 42)
		res2, trace2 := trace(t, workers, 42)
		if diff := cmp.Diff(res1, res2); diff != "" {
			t.Errorf("workers=%d: results differ (-first +second):\n%s", workers, diff)
		}
		if diff := cmp.Diff(trace1, trace2); diff != "" {
			t.Errorf("workers=%d: traces differ (-first +second):\n%s", workers, diff)
		}
		if res1.Status != anneal.ChainLimit || res1.Stats.Chains != int64(40*workers) || res1.Stats.Workers != workers {
			t.Errorf("workers=%d: %v after %d chains, want chain limit after %d", workers, res1.Status, res1.Stats.Chains, 40*workers)
		}
		_, other := trace(t, workers, 43)
		if cmp.Equal(trace1, other) {
			t.Errorf("workers=%d: seeds 42 and 43 gave the same run", workers)
		}
	}
	// Worker 0 of a run with three workers draws what a lone worker does.
	_, lone := trace(t, 1, 42)
	_, first := trace(t, 3, 42)
	if diff := cmp.Diff(lone, first); diff != "" {
		t.Errorf("worker 0 differs from a single worker:\n%s", diff)
	}
}

// canceling wraps the tour problem and cancels a context at the given
// proposal.
type canceling struct {
	tour
	after, proposed int
	cancel          context.CancelFunc
}

func (c *canceling) Propose(s *[]int, r *rand.Rand) twoOpt {
	c.proposed++
	if c.proposed == c.after {
		c.cancel()
	}
	return c.tour.Propose(s, r)
}

func TestCancel(t *testing.T) {
	noLeak(t)
	tr, order := circle(50, 1)
	ctx, cancel := context.WithCancel(context.Background())
	p := &canceling{tour: tr, after: 5000, cancel: cancel}
	res, err := anneal.Run(ctx, p, &order, anneal.WithSeed(1), anneal.WithChainLength(1<<30), anneal.WithTemperature(1))
	if !errors.Is(err, context.Canceled) || res.Status != anneal.Canceled {
		t.Fatalf("got %v, %v; want context.Canceled", res.Status, err)
	}
	// The chain of 2^30 moves stops within one check of the context.
	if res.Stats.Moves > 5000+1024 {
		t.Errorf("%d moves after a cancel at move 5000", res.Stats.Moves)
	}
	if res.Best == nil || math.Abs(tr.Cost(res.Best)-res.Cost) > 1e-9 {
		t.Errorf("best so far not returned: %v", res.Cost)
	}

	// Already canceled, and with several workers.
	res, err = anneal.Run(ctx, tr, &order)
	if !errors.Is(err, context.Canceled) || res.Status != anneal.Canceled {
		t.Errorf("canceled context: %v, %v", res.Status, err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	res, err = anneal.Run(ctx2, tr, &order, anneal.WithWorkers(2), anneal.WithChainLength(1<<30), anneal.WithTemperature(1))
	if !errors.Is(err, context.DeadlineExceeded) || res.Status != anneal.Canceled || res.Best == nil {
		t.Errorf("deadline with 2 workers: %v, %v", res.Status, err)
	}
}

func TestWorkersFirstToTargetWins(t *testing.T) {
	noLeak(t)
	tr, order := circle(10, 2)
	want := 20 * math.Sin(math.Pi/10)
	res, err := anneal.Run(context.Background(), tr, &order, anneal.WithSeed(9), anneal.WithWorkers(4),
		anneal.WithTarget(want+1e-9), anneal.WithChainLength(100), anneal.WithRestarts(anneal.Unlimited))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != anneal.TargetReached || math.Abs(tr.Cost(res.Best)-want) > 1e-9 {
		t.Errorf("%v, cost %v, want %v", res.Status, tr.Cost(res.Best), want)
	}
	if res.Stats.Workers != 4 || res.Stats.Worker < 0 || res.Stats.Worker >= 4 {
		t.Errorf("stats %+v", res.Stats)
	}
}

func TestObserverStops(t *testing.T) {
	noLeak(t)
	tr, order := circle(10, 3)
	boom := errors.New("boom")
	for _, workers := range []int{1, 2} {
		calls := 0
		res, err := anneal.Run(context.Background(), tr, &order, anneal.WithWorkers(workers), anneal.WithChainLength(10),
			anneal.WithObserver(func(p anneal.Progress) error {
				calls++
				if calls == 3 {
					return boom
				}
				return nil
			}))
		if !errors.Is(err, boom) || res.Status != anneal.Stopped || calls != 3 {
			t.Errorf("workers=%d: %v, %v after %d calls", workers, res.Status, err, calls)
		}
		res, err = anneal.Run(context.Background(), tr, &order, anneal.WithWorkers(workers),
			anneal.WithObserver(func(anneal.Progress) error { return anneal.ErrStop }))
		if err != nil || res.Status != anneal.Stopped || res.Best == nil {
			t.Errorf("workers=%d: ErrStop gave %v, %v", workers, res.Status, err)
		}
	}
}

func TestReheatsAndRestarts(t *testing.T) {
	// Every chain of flat freezes: 1 + 2 reheats, a restart, 1 + 2 reheats,
	// then stuck.
	start := 0
	res, err := anneal.Run(context.Background(), flat{}, &start, anneal.WithChainLength(5),
		anneal.WithReheat(anneal.Reheat{Max: 2, To: 3}), anneal.WithRestarts(1))
	if err != nil {
		t.Fatal(err)
	}
	want := anneal.Stats{Moves: 30, Accepted: 30, Chains: 6, Reheats: 4, Restarts: 1, Workers: 1}
	res.Stats.Elapsed, res.Stats.Seed, res.Stats.Temperature = 0, 0, 0
	if res.Status != anneal.Stuck || res.Stats != want {
		t.Errorf("%v %+v, want stuck %+v", res.Status, res.Stats, want)
	}
	var temps []float64
	_, err = anneal.Run(context.Background(), flat{}, &start, anneal.WithChainLength(5), anneal.WithTemperature(8),
		anneal.WithReheat(anneal.Reheat{Max: 2, To: 3}), anneal.WithObserver(func(p anneal.Progress) error {
			temps = append(temps, p.Temperature)
			return nil
		}))
	if err != nil || !cmp.Equal(temps, []float64{8, 3, 3}) {
		t.Errorf("temperatures %v (%v), want [8 3 3]", temps, err)
	}
}

func TestScheduleTemperaturesInRun(t *testing.T) {
	tr, order := circle(8, 1)
	var temps []float64
	_, err := anneal.Run(context.Background(), tr, &order, anneal.WithTemperature(2), anneal.WithChainLength(1),
		anneal.WithMaxChains(6), anneal.WithSchedule(anneal.Geometric(0.5)),
		anneal.WithReheat(anneal.Reheat{}), anneal.WithObserver(func(p anneal.Progress) error {
			if p.Chain != len(temps) {
				t.Errorf("chain index %d, want %d", p.Chain, len(temps))
			}
			temps = append(temps, p.Temperature)
			return nil
		}))
	// One move a chain may freeze it (and end the run); what ran must follow T0 0.5^k.
	if err != nil || len(temps) == 0 {
		t.Fatal(err, temps)
	}
	for k, T := range temps {
		if want := 2 * math.Pow(0.5, float64(k)); math.Abs(T-want) > 1e-12 {
			t.Errorf("chain %d: T = %v, want %v", k, T, want)
		}
	}
}

func TestInitialTemperature(t *testing.T) {
	p := partition{nums: []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3}}
	temp := func(opts ...anneal.Option) float64 {
		res, err := anneal.Run(context.Background(), p, p.start(), append(opts, anneal.WithSeed(1), anneal.WithMaxChains(1))...)
		if err != nil {
			t.Fatal(err)
		}
		return res.Stats.Temperature
	}
	if got := temp(anneal.WithTemperature(7)); got != 7 {
		t.Errorf("WithTemperature(7) gave %v", got)
	}
	sigma := temp()
	hot, cold := temp(anneal.WithAcceptance(0.95)), temp(anneal.WithAcceptance(0.6))
	if !(sigma > 0) || !(hot > cold) || !(cold > 0) {
		t.Errorf("sigma %v, 95%% acceptance %v, 60%% acceptance %v", sigma, hot, cold)
	}
}

func TestBadArguments(t *testing.T) {
	tr, order := circle(5, 1)
	nilCtx := context.Context(nil)
	if _, err := anneal.Run(nilCtx, tr, &order); !errors.Is(err, anneal.ErrInvalidArgument) {
		t.Errorf("nil context: %v", err)
	}
	if _, err := anneal.Run[*[]int, twoOpt](context.Background(), nil, &order); !errors.Is(err, anneal.ErrInvalidArgument) {
		t.Errorf("nil problem: %v", err)
	}
	bad := map[string]anneal.Option{
		"nil option":         nil,
		"nil schedule":       anneal.WithSchedule(nil),
		"geometric 1":        anneal.WithSchedule(anneal.Geometric(1)),
		"geometric NaN":      anneal.WithSchedule(anneal.Geometric(math.NaN())),
		"table E":            anneal.WithSchedule(anneal.LambertWhitlock('E')),
		"empty table":        anneal.WithSchedule(anneal.CostDependent()),
		"unsorted table":     anneal.WithSchedule(anneal.CostDependent(anneal.CostRate{Fall: 50, Rate: 80}, anneal.CostRate{Fall: 10, Rate: 90})),
		"rate 100":           anneal.WithSchedule(anneal.CostDependent(anneal.CostRate{Fall: 0, Rate: 100})),
		"linear 0":           anneal.WithSchedule(anneal.Linear(0)),
		"lundy-mees 0":       anneal.WithSchedule(anneal.LundyMees(0)),
		"adaptive 1":         anneal.WithSchedule(anneal.Adaptive(1, 0.9)),
		"adaptive rate 0":    anneal.WithSchedule(anneal.Adaptive(0.5, 0)),
		"temperature 0":      anneal.WithTemperature(0),
		"temperature Inf":    anneal.WithTemperature(math.Inf(1)),
		"acceptance 1":       anneal.WithAcceptance(1),
		"chain 0":            anneal.WithChainLength(0),
		"target NaN":         anneal.WithTarget(math.NaN()),
		"max chains -1":      anneal.WithMaxChains(-1),
		"reheat max -2":      anneal.WithReheat(anneal.Reheat{Max: -2}),
		"reheat to -1":       anneal.WithReheat(anneal.Reheat{To: -1}),
		"reheat stagnant -1": anneal.WithReheat(anneal.Reheat{Stagnant: -1}),
		"restarts -2":        anneal.WithRestarts(-2),
		"workers -1":         anneal.WithWorkers(-1),
		"nil observer":       anneal.WithObserver(nil),
	}
	for name, opt := range bad {
		res, err := anneal.Run(context.Background(), tr, &order, opt)
		if !errors.Is(err, anneal.ErrInvalidArgument) || res.Status != anneal.NotRun {
			t.Errorf("%s: %v, %v", name, res.Status, err)
		}
	}
	// A schedule that returns a bad temperature ends the run with an error.
	nan := anneal.ScheduleFunc(func(anneal.Progress) float64 { return math.NaN() })
	if _, err := anneal.Run(context.Background(), tr, &order, anneal.WithSchedule(nan), anneal.WithTemperature(1)); !errors.Is(err, anneal.ErrInvalidArgument) {
		t.Errorf("NaN temperature: %v", err)
	}
}

func TestStatusString(t *testing.T) {
	if got := anneal.TargetReached.String(); got != "target reached" {
		t.Errorf("TargetReached.String() = %q", got)
	}
	if got := anneal.Status(99).String(); got != "status 99" {
		t.Errorf("Status(99).String() = %q", got)
	}
}
