package anneal_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

// noPanic runs f and fails t if it panics.
func noPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%s: panic: %v", name, r)
		}
	}()
	f()
}

// extremes are the numbers every exported function is called with.
var (
	extremeInts    = []int{0, -1, 1, math.MaxInt, math.MinInt}
	extremeFloats  = []float64{0, -1, 1, math.NaN(), math.Inf(1), math.Inf(-1), math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64}
	extremeUint64s = []uint64{0, 1, math.MaxUint64}
)

// TestExportedExtremes calls every exported function and method of the
// package with zero values, nil and extreme numbers: each returns an
// error or a documented result, and none panics.
func TestExportedExtremes(t *testing.T) {
	noLeak(t)
	ctx := context.Background()
	var nilCtx context.Context
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	invalid := func(name string, err error) {
		t.Helper()
		if !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: %v, want an invalid argument", name, err)
		}
	}

	// Schedule constructors: an error, or a total schedule.
	for _, x := range extremeFloats {
		for _, y := range extremeFloats {
			noPanic(t, "Adaptive", func() {
				if s, err := anneal.Adaptive(x, y); err == nil {
					checkNext(t, "Adaptive", s)
				}
			})
		}
		noPanic(t, "Geometric", func() {
			if s, err := anneal.Geometric(x); err == nil {
				checkNext(t, "Geometric", s)
			}
		})
		noPanic(t, "LundyMees", func() {
			if s, err := anneal.LundyMees(x); err == nil {
				checkNext(t, "LundyMees", s)
			}
		})
		noPanic(t, "CostDependent", func() {
			if s, err := anneal.CostDependent(anneal.CostRate{Fall: x, Rate: x}); err == nil {
				checkNext(t, "CostDependent", s)
			}
		})
	}
	for _, n := range extremeInts {
		noPanic(t, "Linear", func() {
			if s, err := anneal.Linear(n); err == nil {
				checkNext(t, "Linear", s)
			} else if n > 0 {
				t.Errorf("Linear(%d): %v", n, err)
			}
		})
	}
	for _, v := range append(extremeInts, 2, 3, 4, 'D') {
		noPanic(t, "LambertWhitlock", func() {
			if s, err := anneal.LambertWhitlock(anneal.Variant(v)); err == nil {
				checkNext(t, "LambertWhitlock", s)
			}
		})
	}
	checkNext(t, "Logarithmic", anneal.Logarithmic())
	// Schedules given progress no run makes: no panic (the value is
	// unspecified; a run would reject a bad one).
	for _, s := range []anneal.Schedule{must(anneal.Geometric(0.5)), must(anneal.LambertWhitlock(anneal.VariantA)), must(anneal.Linear(3)),
		anneal.Logarithmic(), must(anneal.LundyMees(1)), must(anneal.Adaptive(0.5, 0.5)), anneal.ScheduleFunc(nil)} {
		for _, x := range extremeFloats {
			for _, n := range extremeInts {
				noPanic(t, "Next", func() {
					s.Next(anneal.Progress{Chain: n, Chains: n, Temperature: x, StartTemperature: x, InitialCost: x, Cost: -x, BestCost: x, Acceptance: x})
				})
			}
		}
	}

	// Options: each either fails the call with an invalid argument or is
	// taken; never a panic.
	tr, order := circle(5, 1)
	quick := []anneal.Option{anneal.WithChainLimit(2), anneal.WithMovesPerChain(5), anneal.WithWorkers(1)}
	try := func(name string, opt anneal.Option) {
		noPanic(t, name, func() {
			_, err := anneal.Run(ctx, tr, &order, append(quick, opt)...)
			if err != nil {
				invalid(name, err)
			}
		})
	}
	for _, x := range extremeFloats {
		try("WithTemperature", anneal.WithTemperature(x))
		try("WithAcceptance", anneal.WithAcceptance(x))
		try("WithTarget", anneal.WithTarget(x))
		try("WithReheat", anneal.WithReheat(anneal.Reheat{Max: 1, To: x, Stagnant: 1}))
	}
	for _, n := range extremeInts {
		if n < math.MaxInt { // a chain of MaxInt moves would run long: checked alone below
			try("WithMovesPerChain", anneal.WithMovesPerChain(n))
		}
		try("WithChainLimit", anneal.WithChainLimit(n))
		try("WithRestarts", anneal.WithRestarts(n))
		try("WithWorkers", anneal.WithWorkers(n))
		try("WithReheat", anneal.WithReheat(anneal.Reheat{Max: n, Stagnant: n}))
	}
	for _, seed := range extremeUint64s {
		try("WithSeed", anneal.WithSeed(seed))
	}
	try("WithSchedule", anneal.WithSchedule(nil))
	try("WithObserver", anneal.WithObserver(nil))
	try("WithStats", anneal.WithStats(nil))
	try("WithPresolve", anneal.WithPresolve(nil))
	noPanic(t, "WithMovesPerChain(MaxInt)", func() {
		c, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
		defer cancel()
		_, err := anneal.Run(c, tr, &order, anneal.WithMovesPerChain(math.MaxInt), anneal.WithWorkers(1))
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("WithMovesPerChain(MaxInt): %v", err)
		}
	})

	// Calls with nil and zero arguments.
	noPanic(t, "Run", func() {
		_, err := anneal.Run(nilCtx, tr, &order)
		invalid("Run(nil ctx)", err)
		_, err = anneal.Run[*[]int, twoOpt](ctx, nil, nil)
		invalid("Run(nil problem)", err)
		var nilModel *anneal.Model
		_, err = anneal.Run(ctx, nilModel, nil)
		invalid("Run(nil *Model)", err)
		// The zero Model: a puzzle with no cells, stuck at once.
		var st anneal.Stats
		_, err = anneal.Run(ctx, &anneal.Model{}, nil, anneal.WithWorkers(1), anneal.WithStats(&st))
		if err != nil || st.Status != anneal.Stuck || st.BestCost != 0 {
			t.Errorf("Run(zero Model): %v, %v", st.Status, err)
		}
		if _, err := anneal.Run(canceled, tr, &order); !errors.Is(err, context.Canceled) {
			t.Errorf("Run(canceled): %v", err)
		}
	})
	noPanic(t, "Solve", func() {
		_, err := anneal.Solve(nilCtx, sudoku.NewBoard(nil))
		invalid("Solve(nil ctx)", err)
		_, err = anneal.Solve(ctx, nil)
		invalid("Solve(nil board)", err)
		sol, err := anneal.Solve(ctx, &sudoku.Board{}, anneal.WithWorkers(1), anneal.WithSeed(1)) // the zero Board: an empty 9x9
		if err != nil || !sol.Solved() {
			t.Errorf("Solve(zero Board): %v", err)
		}
	})
	noPanic(t, "NewModel", func() {
		_, err := anneal.NewModel(context.Background(), nil)
		invalid("NewModel(nil)", err)
		_, err = anneal.NewModel(context.Background(), sudoku.NewBoard(nil), nil)
		invalid("NewModel(nil option)", err)
	})
	noPanic(t, "Parallel", func() {
		_, err := anneal.Parallel[int](ctx, 0, nil)
		invalid("Parallel(nil task)", err)
		for _, n := range extremeInts {
			_, err := anneal.Parallel(ctx, n, func(context.Context, *anneal.Worker) (int, error) { return 0, nil }, anneal.WithWorkers(2))
			if n < 0 || n > sudoku.MaxWorkers {
				invalid("Parallel(tasks)", err)
			} else if err != nil {
				t.Errorf("Parallel(%d tasks): %v", n, err)
			}
		}
	})
	noPanic(t, "Status", func() {
		for _, n := range extremeInts {
			s := anneal.Status(n)
			_ = s.String()
			if _, err := s.MarshalText(); err != nil && n >= 0 && n <= int(anneal.Stopped) {
				t.Errorf("Status(%d).MarshalText: %v", n, err)
			}
		}
		var nilStatus *anneal.Status
		invalid("(*Status)(nil).UnmarshalText", nilStatus.UnmarshalText([]byte("stuck")))
		_, err := anneal.ParseStatus("")
		invalid("ParseStatus", err)
	})

	// Model and BoardState methods on nil, zero and foreign values.
	m, err := anneal.NewModel(context.Background(), sudoku.NewBoard(nil))
	if err != nil {
		t.Fatal(err)
	}
	g4, _ := sudoku.NewGeometry(2, 2)
	other, err := anneal.NewModel(context.Background(), sudoku.NewBoard(g4))
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 1))
	var nilModel *anneal.Model
	for name, model := range map[string]*anneal.Model{"nil": nilModel, "zero": {}, "9x9": m} {
		for sname, s := range map[string]*anneal.BoardState{"nil": nil, "zero": {}, "foreign": other.Start(), "own": model.Start()} {
			noPanic(t, name+" model, "+sname+" state", func() {
				_ = model.Size()
				_ = model.Geometry()
				_ = model.Copy(nil, s)
				_ = model.Copy(model.Copy(nil, s), nil) // (Copy writes to its dst: not to s)
				model.Randomize(s, nil)
				model.Randomize(s, r)
				c := model.Cost(s)
				if sname != "own" && !math.IsInf(c, 1) {
					t.Errorf("%s model, %s state: cost %v, want +Inf", name, sname, c)
				}
				noRand := model.Propose(s, nil)
				w := model.Propose(s, r)
				for _, sw := range []anneal.Swap{noRand, w, {}, {A: -1, B: 0}, {A: 0, B: math.MaxInt32}, {A: math.MinInt32, B: math.MaxInt32}} {
					d := model.Delta(s, sw)
					if (sname != "own" || sw.A < 0 || sw.B == math.MaxInt32) && d != 0 {
						t.Errorf("%s model, %s state: Delta(%v) = %v, want 0", name, sname, sw, d)
					}
					model.Apply(s, sw)
				}
				_ = s.Cost()
				_ = s.Board()
				for _, c := range extremeInts {
					_ = s.Digit(c)
				}
			})
		}
	}
}

// TestModelConcurrentReads reads one Model and one state from several
// goroutines at once (run with -race): the Model is documented as safe
// for concurrent use, and reading a state (Cost, Delta, Digit, Board)
// does not write to it.
func TestModelConcurrentReads(t *testing.T) {
	b := puzzle(t, sudoku.Classic(), 0.5, 3)
	m, err := anneal.NewModel(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	shared := m.Start()
	m.Randomize(shared, rand.New(rand.NewPCG(1, 1)))
	want := shared.Board().Line()
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 2))
			var own *anneal.BoardState
			for range 500 {
				sw := m.Propose(shared, r)
				d := m.Delta(shared, sw)
				own = m.Copy(own, shared)
				m.Apply(own, sw)
				if m.Cost(own)-m.Cost(shared) != d || float64(own.Cost()) != m.Cost(own) {
					t.Errorf("delta %v, costs %v -> %v", d, m.Cost(shared), m.Cost(own))
					return
				}
				_ = shared.Digit(int(sw.A))
				_, _ = m.Size(), m.Geometry()
			}
			if shared.Board().Line() != want {
				t.Error("the shared state changed")
			}
		}()
	}
	wg.Wait()
}

// FuzzOptions runs a small problem with fuzzed option values: the call
// either fails with an invalid argument before running, or runs and ends
// normally; never a panic.
func FuzzOptions(f *testing.F) {
	f.Add(1.0, 0.5, 0.0, 10, 3, 0, 1, 0, 2, uint64(1))
	f.Add(math.NaN(), 1.0, math.Inf(1), -1, -2, -1, -5, 99, 2000, uint64(0))
	f.Add(0.0, 0.0, -1.0, math.MaxInt, math.MaxInt, math.MaxInt, math.MaxInt, math.MinInt, -1, uint64(math.MaxUint64))
	f.Fuzz(func(t *testing.T, temp, acc, target float64, chainLen, chainLimit, restarts, reheatMax, reheatStagnant, workers int, seed uint64) {
		tr, order := circle(6, seed)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		defer cancel()
		opts := []anneal.Option{anneal.WithTemperature(temp), anneal.WithAcceptance(acc), anneal.WithTarget(target),
			anneal.WithMovesPerChain(chainLen), anneal.WithChainLimit(chainLimit), anneal.WithRestarts(restarts),
			anneal.WithReheat(anneal.Reheat{Max: reheatMax, Stagnant: reheatStagnant}), anneal.WithWorkers(workers % 8), anneal.WithSeed(seed)}
		// Which of temperature and acceptance comes last decides which one
		// counts: try both orders.
		for _, order2 := range [][]anneal.Option{opts, append(opts[1:2:2], opts...)} {
			var st anneal.Stats
			best, err := anneal.Run(ctx, tr, &order, append(order2, anneal.WithStats(&st))...)
			if err != nil && !errors.Is(err, sudoku.ErrInvalidArgument) && !errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("%v, %v", st.Status, err)
			}
			if errors.Is(err, sudoku.ErrInvalidArgument) && st.Status != anneal.NotRun {
				t.Fatalf("an invalid argument after running: %v", st.Status)
			}
			if err == nil && (best == nil || math.IsNaN(st.BestCost)) {
				t.Fatalf("no state: %v, cost %v", st.Status, st.BestCost)
			}
		}
	})
}
