package anneal_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

// must returns s, and panics on err: for schedules made with arguments
// known to be good.
func must(s anneal.Schedule, err error) anneal.Schedule {
	if err != nil {
		panic(err)
	}
	return s
}

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
		var st anneal.Stats
		best, err := anneal.Run(context.Background(), p, p.start(), anneal.WithSeed(uint64(trial)),
			anneal.WithTarget(want), anneal.WithMovesPerChain(200), anneal.WithReheat(anneal.Reheat{Max: anneal.Unlimited, Stagnant: 10}),
			anneal.WithChainLimit(20000), anneal.WithStats(&st))
		if err != nil {
			t.Fatal(err)
		}
		if st.Status != anneal.TargetReached || st.BestCost != want || p.Cost(best) != want {
			t.Errorf("trial %d: %v, cost %v (recount %v), want %v", trial, st.Status, st.BestCost, p.Cost(best), want)
		}
	}
}

func TestTourOptimum(t *testing.T) {
	for _, n := range []int{6, 8, 10} {
		tr, order := circle(n, uint64(n))
		orig := slices.Clone(order)
		want := 2 * float64(n) * math.Sin(math.Pi/float64(n)) // perimeter of the regular polygon
		// No target: the run must get there by cooling until it freezes.
		var st anneal.Stats
		best, err := anneal.Run(context.Background(), tr, &order, anneal.WithSeed(1), anneal.WithMovesPerChain(100),
			anneal.WithSchedule(must(anneal.Geometric(0.9))), anneal.WithRestarts(3), anneal.WithWorkers(1), anneal.WithStats(&st))
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(st.BestCost-want) > 1e-9 || math.Abs(tr.Cost(best)-want) > 1e-9 {
			t.Errorf("%d cities: tour %v (recount %v), want %v", n, st.BestCost, tr.Cost(best), want)
		}
		if st.Status != anneal.Stuck {
			t.Errorf("%d cities: status %v, want %v", n, st.Status, anneal.Stuck)
		}
		if !slices.Equal(order, orig) {
			t.Errorf("%d cities: the start state was changed", n)
		}
	}
}

// traced is a run of the tour problem: its best state, statistics and
// the progress of worker 0 after every chain.
type traced struct {
	Best  *[]int
	Stats anneal.Stats
	Trace []anneal.Progress
}

// trace runs the tour problem and records every chain's progress.
func trace(t *testing.T, workers int, seed uint64) traced {
	t.Helper()
	tr, order := circle(12, 5)
	var got []anneal.Progress
	var st anneal.Stats
	best, err := anneal.Run(context.Background(), tr, &order, anneal.WithSeed(seed), anneal.WithWorkers(workers), anneal.WithStats(&st),
		anneal.WithMovesPerChain(50), anneal.WithChainLimit(40), anneal.WithObserver(func(p anneal.Progress) error {
			if p.Worker == 0 {
				got = append(got, p)
			}
			return nil
		}))
	if err != nil {
		t.Fatal(err)
	}
	st.Elapsed = 0
	return traced{best, st, got}
}

func TestSameSeedSameRun(t *testing.T) {
	noLeak(t)
	for _, workers := range []int{1, 3} {
		run1 := trace(t, workers, 42)
		run2 := trace(t, workers, 42)
		if diff := cmp.Diff(run1, run2); diff != "" {
			t.Errorf("workers=%d: runs differ (-first +second):\n%s", workers, diff)
		}
		st := run1.Stats
		tr, _ := circle(12, 5)
		if st.Status != anneal.ChainLimit || st.Chains != int64(40*workers) ||
			st.Workers != workers || st.Runs != 1 || st.Seed != 42 || math.Abs(st.BestCost-tr.Cost(run1.Best)) > 1e-9 {
			t.Errorf("workers=%d: %v after %d chains, want chain limit after %d (%+v)", workers, st.Status, st.Chains, 40*workers, st)
		}
		other := trace(t, workers, 43)
		if cmp.Equal(run1.Trace, other.Trace) {
			t.Errorf("workers=%d: seeds 42 and 43 gave the same run", workers)
		}
	}
	// Worker 0 of a run with three workers draws what a lone worker does.
	lone := trace(t, 1, 42).Trace
	first := trace(t, 3, 42).Trace
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
	var st anneal.Stats
	best, err := anneal.Run(ctx, p, &order, anneal.WithSeed(1), anneal.WithMovesPerChain(1<<30), anneal.WithTemperature(1),
		anneal.WithWorkers(1), anneal.WithStats(&st))
	if !errors.Is(err, context.Canceled) || st.Status != anneal.Canceled {
		t.Fatalf("got %v, %v; want context.Canceled", st.Status, err)
	}
	// The chain of 2^30 moves stops within one check of the context.
	if st.Moves > 5000+1024 {
		t.Errorf("%d moves after a cancel at move 5000", st.Moves)
	}
	if best == nil || math.Abs(tr.Cost(best)-st.BestCost) > 1e-9 {
		t.Errorf("best so far not returned: %v", st.BestCost)
	}

	// Already canceled (the start state is the best so far), and with
	// several workers.
	best, err = anneal.Run(ctx, tr, &order, anneal.WithStats(&st))
	if !errors.Is(err, context.Canceled) || st.Status != anneal.Canceled || best == nil || !slices.Equal(*best, order) {
		t.Errorf("canceled context: %v, %v", st.Status, err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	best, err = anneal.Run(ctx2, tr, &order, anneal.WithWorkers(2), anneal.WithMovesPerChain(1<<30), anneal.WithTemperature(1), anneal.WithStats(&st))
	if !errors.Is(err, context.DeadlineExceeded) || st.Status != anneal.Canceled || best == nil {
		t.Errorf("deadline with 2 workers: %v, %v", st.Status, err)
	}
}

func TestWorkersFirstToTargetWins(t *testing.T) {
	noLeak(t)
	tr, order := circle(10, 2)
	want := 20 * math.Sin(math.Pi/10)
	var st anneal.Stats
	best, err := anneal.Run(context.Background(), tr, &order, anneal.WithSeed(9), anneal.WithWorkers(4), anneal.WithStats(&st),
		anneal.WithTarget(want+1e-9), anneal.WithMovesPerChain(100), anneal.WithRestarts(anneal.Unlimited))
	if err != nil {
		t.Fatal(err)
	}
	if st.Status != anneal.TargetReached || math.Abs(tr.Cost(best)-want) > 1e-9 {
		t.Errorf("%v, cost %v, want %v", st.Status, tr.Cost(best), want)
	}
	if st.Workers != 4 || st.Worker < 0 || st.Worker >= 4 || math.Abs(st.BestCost-tr.Cost(best)) > 1e-9 {
		t.Errorf("stats %+v", st)
	}
}

func TestObserverStops(t *testing.T) {
	noLeak(t)
	tr, order := circle(10, 3)
	boom := errors.New("boom")
	for _, workers := range []int{1, 2} {
		calls := 0
		var st anneal.Stats
		best, err := anneal.Run(context.Background(), tr, &order, anneal.WithWorkers(workers), anneal.WithMovesPerChain(10), anneal.WithStats(&st),
			anneal.WithObserver(func(p anneal.Progress) error {
				calls++
				if calls == 3 {
					return boom
				}
				return nil
			}))
		if !errors.Is(err, boom) || st.Status != anneal.Stopped || calls != 3 || best == nil {
			t.Errorf("workers=%d: %v, %v after %d calls", workers, st.Status, err, calls)
		}
	}
}

func TestReheatsAndRestarts(t *testing.T) {
	// Every chain of flat freezes: 1 + 2 reheats, a restart, 1 + 2 reheats,
	// then stuck.
	start := 0
	var st anneal.Stats
	_, err := anneal.Run(context.Background(), flat{}, &start, anneal.WithMovesPerChain(5), anneal.WithWorkers(1), anneal.WithSeed(5),
		anneal.WithReheat(anneal.Reheat{Max: 2, To: 3}), anneal.WithRestarts(1), anneal.WithTemperature(2), anneal.WithStats(&st))
	if err != nil {
		t.Fatal(err)
	}
	want := anneal.Stats{Moves: 30, Accepted: 30, Chains: 6, Reheats: 4, Restarts: 1, Runs: 1, Workers: 1, Seed: 5,
		Temperature: 2, BestCost: 1, Status: anneal.Stuck}
	st.Elapsed = 0
	if st != want {
		t.Errorf("%+v, want stuck %+v", st, want)
	}
	var temps []float64
	_, err = anneal.Run(context.Background(), flat{}, &start, anneal.WithMovesPerChain(5), anneal.WithTemperature(8), anneal.WithWorkers(1),
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
	_, err := anneal.Run(context.Background(), tr, &order, anneal.WithTemperature(2), anneal.WithMovesPerChain(1), anneal.WithWorkers(1),
		anneal.WithChainLimit(6), anneal.WithSchedule(must(anneal.Geometric(0.5))),
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
		var st anneal.Stats
		_, err := anneal.Run(context.Background(), p, p.start(), append(opts, anneal.WithSeed(1), anneal.WithChainLimit(1), anneal.WithStats(&st))...)
		if err != nil {
			t.Fatal(err)
		}
		return st.Temperature
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
	if _, err := anneal.Run(nilCtx, tr, &order); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil context: %v", err)
	}
	if _, err := anneal.Run[*[]int, twoOpt](context.Background(), nil, &order); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil problem: %v", err)
	}
	bad := map[string]anneal.Option{
		"nil option":         nil,
		"nil schedule":       anneal.WithSchedule(nil),
		"nil schedule func":  anneal.WithSchedule(anneal.ScheduleFunc(nil)),
		"temperature 0":      anneal.WithTemperature(0),
		"temperature Inf":    anneal.WithTemperature(math.Inf(1)),
		"temperature NaN":    anneal.WithTemperature(math.NaN()),
		"acceptance 1":       anneal.WithAcceptance(1),
		"acceptance NaN":     anneal.WithAcceptance(math.NaN()),
		"chain 0":            anneal.WithMovesPerChain(0),
		"target NaN":         anneal.WithTarget(math.NaN()),
		"chain limit -1":     anneal.WithChainLimit(-1),
		"reheat max -2":      anneal.WithReheat(anneal.Reheat{Max: -2}),
		"reheat to -1":       anneal.WithReheat(anneal.Reheat{To: -1}),
		"reheat to Inf":      anneal.WithReheat(anneal.Reheat{To: math.Inf(1)}),
		"reheat stagnant -1": anneal.WithReheat(anneal.Reheat{Stagnant: -1}),
		"restarts -2":        anneal.WithRestarts(-2),
		"workers -1":         anneal.WithWorkers(-1),
		"workers max+1":      anneal.WithWorkers(sudoku.MaxWorkers + 1),
		"workers 1e6":        anneal.WithWorkers(1e6),
		"workers MaxInt":     anneal.WithWorkers(math.MaxInt),
		"nil observer":       anneal.WithObserver(nil),
		"nil stats":          anneal.WithStats(nil),
		"nil presolve":       anneal.WithPresolve(nil),
	}
	for name, opt := range bad {
		st := anneal.Stats{Status: anneal.Stuck}
		best, err := anneal.Run(context.Background(), tr, &order, opt, anneal.WithStats(&st))
		if !errors.Is(err, sudoku.ErrInvalidArgument) || best != nil || name != "nil stats" && st.Status != anneal.NotRun {
			t.Errorf("%s: %v, %v, %v", name, best, st.Status, err)
		}
		if !strings.HasPrefix(err.Error(), "anneal: ") || !strings.HasSuffix(err.Error(), ": invalid argument") {
			t.Errorf("%s: message %q", name, err)
		}
	}
}

// TestBadSchedulesAndCosts checks that a run ends with an error, not a
// silent run, when a user's schedule gives a temperature that is NaN,
// infinite or negative, or a user's cost a value that is not a finite
// number.
func TestBadSchedulesAndCosts(t *testing.T) {
	tr, order := circle(6, 1)
	for name, v := range map[string]float64{"NaN": math.NaN(), "+Inf": math.Inf(1), "-Inf": math.Inf(-1), "-1": -1} {
		s := anneal.ScheduleFunc(func(anneal.Progress) float64 { return v })
		var st anneal.Stats
		best, err := anneal.Run(context.Background(), tr, &order, anneal.WithSchedule(s), anneal.WithTemperature(1),
			anneal.WithWorkers(1), anneal.WithStats(&st))
		if !errors.Is(err, sudoku.ErrInvalidArgument) || st.Status != anneal.Stopped || best == nil {
			t.Errorf("schedule giving %s: %v, %v", name, st.Status, err)
		}
	}
	for _, where := range []string{"Cost", "Delta"} {
		for name, v := range map[string]float64{"NaN": math.NaN(), "+Inf": math.Inf(1), "-Inf": math.Inf(-1)} {
			for _, temp := range []anneal.Option{anneal.WithTemperature(1), anneal.WithAcceptance(0.5)} {
				p := badCost{tour: tr, where: where, v: v, after: 5}
				var st anneal.Stats
				_, err := anneal.Run(context.Background(), &p, &order, temp, anneal.WithWorkers(1), anneal.WithMovesPerChain(10),
					anneal.WithRestarts(anneal.Unlimited), anneal.WithStats(&st))
				if !errors.Is(err, sudoku.ErrInvalidArgument) || st.Status != anneal.Stopped || !strings.Contains(err.Error(), where) {
					t.Errorf("%s giving %s: %v, %v", where, name, st.Status, err)
				}
			}
		}
	}
}

// badCost is the tour problem whose Cost or Delta gives v from its
// after-th call on.
type badCost struct {
	tour
	where string
	v     float64
	after int
	calls int
}

func (b *badCost) Cost(s *[]int) float64 {
	if b.where == "Cost" {
		if b.calls++; b.calls > 1 {
			return b.v
		}
	}
	return b.tour.Cost(s)
}

func (b *badCost) Delta(s *[]int, m twoOpt) float64 {
	if b.where == "Delta" {
		if b.calls++; b.calls > b.after {
			return b.v
		}
	}
	return b.tour.Delta(s, m)
}

// TestWorkersDefault checks that 0 workers, the default, means one per
// processor, as in every package of the library.
func TestWorkersDefault(t *testing.T) {
	tr, order := circle(8, 1)
	for _, opts := range [][]anneal.Option{nil, {anneal.WithWorkers(0)}} {
		var st anneal.Stats
		if _, err := anneal.Run(context.Background(), tr, &order, append(opts, anneal.WithChainLimit(2), anneal.WithStats(&st))...); err != nil {
			t.Fatal(err)
		}
		if st.Workers != runtime.GOMAXPROCS(0) || st.Chains != int64(2*st.Workers) {
			t.Errorf("%d workers, %d chains; want %d workers", st.Workers, st.Chains, runtime.GOMAXPROCS(0))
		}
	}
}

// TestManyWorkersCancel runs the most workers allowed on a problem that
// never ends, and cancels it: the call returns with the context's error.
// (Before, WithWorkers(1e6) was accepted, allocated every chain up front
// and took 5.7 s to return after a cancel.) The latency is logged, not
// asserted: BenchmarkCancelLatency measures it.
func TestManyWorkersCancel(t *testing.T) {
	noLeak(t)
	tr, order := circle(50, 1)
	ctx, cancel := context.WithCancel(context.Background())
	var canceled time.Time
	go func() {
		time.Sleep(20 * time.Millisecond)
		canceled = time.Now()
		cancel()
	}()
	var st anneal.Stats
	best, err := anneal.Run(ctx, tr, &order, anneal.WithWorkers(sudoku.MaxWorkers), anneal.WithTemperature(1),
		anneal.WithMovesPerChain(1<<40), anneal.WithStats(&st))
	returned := time.Now()
	if !errors.Is(err, context.Canceled) || st.Status != anneal.Canceled || best == nil || st.Workers != sudoku.MaxWorkers {
		t.Fatalf("%v, %v, %d workers", st.Status, err, st.Workers)
	}
	t.Logf("returned %v after the cancel", returned.Sub(canceled))
}

func TestStatusText(t *testing.T) {
	if got := anneal.TargetReached.String(); got != "target reached" {
		t.Errorf("TargetReached.String() = %q", got)
	}
	if got := anneal.Status(99).String(); got != "Status(99)" {
		t.Errorf("Status(99).String() = %q", got)
	}
	for s := anneal.NotRun; s <= anneal.Stopped; s++ {
		text, err := s.MarshalText()
		var back anneal.Status
		if err != nil || string(text) != s.String() || back.UnmarshalText(text) != nil || back != s {
			t.Errorf("%v: %q, %v -> %v", s, text, err, back)
		}
		if p, err := anneal.ParseStatus(s.String()); err != nil || p != s {
			t.Errorf("ParseStatus(%q) = %v, %v", s, p, err)
		}
	}
	for _, s := range []anneal.Status{-1, 6, math.MaxInt} {
		if _, err := s.MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%d: %v", int(s), err)
		}
	}
	var s anneal.Status
	for _, name := range []string{"Target Reached", "target-reached", "TARGET_REACHED"} {
		if p, err := anneal.ParseStatus(name); err != nil || p != anneal.TargetReached {
			t.Errorf(`ParseStatus(%q) = %v, %v; names are read in any case and spacing`, name, p, err)
		}
	}
	for _, name := range []string{"", "target reachd", "done"} {
		if _, err := anneal.ParseStatus(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseStatus(%q): %v", name, err)
		}
		if err := s.UnmarshalText([]byte(name)); !errors.Is(err, sudoku.ErrInvalidArgument) || s != anneal.NotRun {
			t.Errorf("UnmarshalText(%q): %v", name, err)
		}
	}
}

// TestStatsJSON checks the camelCase keys of Stats and the status as text.
func TestStatsJSON(t *testing.T) {
	st := anneal.Stats{Moves: 1, BestCost: 2, Status: anneal.TargetReached, Seed: 3, Workers: 4, Elapsed: 5}
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"moves":1`, `"bestCost":2`, `"status":"target reached"`, `"seed":3`, `"workers":4`, `"elapsed":5`, `"runs":0`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("no %s in %s", key, data)
		}
	}
	var back anneal.Stats
	if err := json.Unmarshal(data, &back); err != nil || back != st {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}
