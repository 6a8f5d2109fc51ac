package anneal_test

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

func TestSchedules(t *testing.T) {
	// p is the progress after chain 4 of a run that started at 10 and is
	// now at temperature 2, cost down from 200 to 50 (a fall of 75 %), with
	// 30 % of the chain's moves accepted.
	p := anneal.Progress{Chain: 4, Temperature: 2, StartTemperature: 10, InitialCost: 200, Cost: 50, Acceptance: 0.3}
	at := func(cost float64) anneal.Progress { q := p; q.Cost = cost; return q }
	tests := []struct {
		name string
		s    anneal.Schedule
		p    anneal.Progress
		want float64
	}{
		{"geometric", must(anneal.Geometric(0.99)), p, 1.98},
		{"geometric 0.8", must(anneal.Geometric(0.8)), p, 1.6},
		// Table 5 rows, hit exactly: fall 75 %.
		{"A at 75", must(anneal.LambertWhitlock(anneal.VariantA)), p, 0.90 * 2},
		{"B at 75", must(anneal.LambertWhitlock(anneal.VariantB)), p, 0.65 * 2},
		{"C at 75", must(anneal.LambertWhitlock(anneal.VariantC)), p, 0.70 * 2},
		{"D at 75", must(anneal.LambertWhitlock(anneal.VariantD)), p, 0.75 * 2},
		{"D at 0", must(anneal.LambertWhitlock(anneal.VariantD)), at(200), 0.50 * 2},
		{"D at 95", must(anneal.LambertWhitlock(anneal.VariantD)), at(10), 0.90 * 2},
		// Between rows: linear. 60 % lies 2/5 of the way from 50 to 75.
		{"A at 60", must(anneal.LambertWhitlock(anneal.VariantA)), at(80), (80 + 0.4*10) / 100 * 2},
		{"B at 92.5", must(anneal.LambertWhitlock(anneal.VariantB)), at(15), (55 + 0.5*(50-55)) / 100 * 2},
		{"D at 12.5", must(anneal.LambertWhitlock(anneal.VariantD)), at(175), 0.55 * 2},
		// Outside the table: the nearest row.
		{"D at 100", must(anneal.LambertWhitlock(anneal.VariantD)), at(0), 0.90 * 2},
		{"D cost rose", must(anneal.LambertWhitlock(anneal.VariantD)), at(300), 0.50 * 2},
		{"custom", must(anneal.CostDependent(anneal.CostRate{Fall: 0, Rate: 60}, anneal.CostRate{Fall: 100, Rate: 90})), p, (60 + 0.75*30) / 100 * 2},
		// Linear: T0 (1 - (k+1)/n) for the next chain k+1 = 5.
		{"linear", must(anneal.Linear(10)), p, 10 * (1 - 5.0/10)},
		{"linear end", must(anneal.Linear(5)), p, 0},
		{"logarithmic", anneal.Logarithmic(), p, 10 * math.Ln2 / math.Log(7)},
		{"lundy-mees", must(anneal.LundyMees(0.5)), p, 2 / (1 + 0.5*2)},
		// Adaptive: target for chain 5 is start*rate^5; factor target/0.3.
		{"adaptive cools", must(anneal.Adaptive(0.5, 0.8)), p, 2 * 0.5 * math.Pow(0.8, 5) / 0.3},
		{"adaptive warms", must(anneal.Adaptive(0.6, 0.95)), p, 2 * 0.6 * math.Pow(0.95, 5) / 0.3},
		{"adaptive at most halves", must(anneal.Adaptive(0.1, 0.5)), p, 1},
		{"func", anneal.ScheduleFunc(func(p anneal.Progress) float64 { return p.Temperature - 1 }), p, 1},
	}
	for _, tt := range tests {
		if got := tt.s.Next(tt.p); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("%s: Next = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestLogarithmicStartsAtT0(t *testing.T) {
	// The temperature of chain k is T0 ln 2 / ln(k+2): Next after chain k
	// gives chain k+1's.
	s := anneal.Logarithmic()
	for k := range 5 {
		got := s.Next(anneal.Progress{Chain: k, StartTemperature: 3})
		if want := 3 * math.Ln2 / math.Log(float64(k+3)); math.Abs(got-want) > 1e-12 {
			t.Errorf("chain %d: %v, want %v", k+1, got, want)
		}
	}
}

func TestAdaptiveFactorBounded(t *testing.T) {
	// Nothing accepted: the temperature doubles, whatever the target.
	if got := must(anneal.Adaptive(0.5, 0.9)).Next(anneal.Progress{Temperature: 1, Acceptance: 0}); got != 2 {
		t.Errorf("Next = %v, want 2", got)
	}
	if got := must(anneal.Adaptive(0.9, 0.99)).Next(anneal.Progress{Temperature: 1, Acceptance: 0.01}); got != 2 {
		t.Errorf("Next = %v, want 2", got)
	}
}

// TestScheduleConstructorErrors checks that every constructor rejects a
// bad argument where the schedule is made. Before, CostDependent() with no
// rows gave a schedule whose Next, called from a ScheduleFunc (the
// documented way to write a custom schedule), panicked with an index out
// of range, and LambertWhitlock('Z').Next gave NaN.
func TestScheduleConstructorErrors(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	bad := map[string]func() (anneal.Schedule, error){
		"geometric 0":    func() (anneal.Schedule, error) { return anneal.Geometric(0) },
		"geometric 1":    func() (anneal.Schedule, error) { return anneal.Geometric(1) },
		"geometric NaN":  func() (anneal.Schedule, error) { return anneal.Geometric(nan) },
		"geometric -Inf": func() (anneal.Schedule, error) { return anneal.Geometric(-inf) },
		"no rows":        func() (anneal.Schedule, error) { return anneal.CostDependent() },
		"unsorted rows": func() (anneal.Schedule, error) {
			return anneal.CostDependent(anneal.CostRate{Fall: 50, Rate: 80}, anneal.CostRate{Fall: 10, Rate: 90})
		},
		"equal falls": func() (anneal.Schedule, error) {
			return anneal.CostDependent(anneal.CostRate{Fall: 5, Rate: 80}, anneal.CostRate{Fall: 5, Rate: 90})
		},
		"rate 100":         func() (anneal.Schedule, error) { return anneal.CostDependent(anneal.CostRate{Fall: 0, Rate: 100}) },
		"rate 0":           func() (anneal.Schedule, error) { return anneal.CostDependent(anneal.CostRate{Fall: 0, Rate: 0}) },
		"rate NaN":         func() (anneal.Schedule, error) { return anneal.CostDependent(anneal.CostRate{Fall: 0, Rate: nan}) },
		"fall NaN":         func() (anneal.Schedule, error) { return anneal.CostDependent(anneal.CostRate{Fall: nan, Rate: 50}) },
		"fall Inf":         func() (anneal.Schedule, error) { return anneal.CostDependent(anneal.CostRate{Fall: inf, Rate: 50}) },
		"table 4":          func() (anneal.Schedule, error) { return anneal.LambertWhitlock(4) },
		"table -1":         func() (anneal.Schedule, error) { return anneal.LambertWhitlock(-1) },
		"table 'D'":        func() (anneal.Schedule, error) { return anneal.LambertWhitlock('D') },
		"table MaxInt":     func() (anneal.Schedule, error) { return anneal.LambertWhitlock(math.MaxInt) },
		"linear 0":         func() (anneal.Schedule, error) { return anneal.Linear(0) },
		"linear MinInt":    func() (anneal.Schedule, error) { return anneal.Linear(math.MinInt) },
		"lundy-mees 0":     func() (anneal.Schedule, error) { return anneal.LundyMees(0) },
		"lundy-mees Inf":   func() (anneal.Schedule, error) { return anneal.LundyMees(inf) },
		"lundy-mees NaN":   func() (anneal.Schedule, error) { return anneal.LundyMees(nan) },
		"adaptive 1":       func() (anneal.Schedule, error) { return anneal.Adaptive(1, 0.9) },
		"adaptive rate 0":  func() (anneal.Schedule, error) { return anneal.Adaptive(0.5, 0) },
		"adaptive NaN":     func() (anneal.Schedule, error) { return anneal.Adaptive(nan, 0.5) },
		"adaptive rate -1": func() (anneal.Schedule, error) { return anneal.Adaptive(0.5, -1) },
	}
	for name, make := range bad {
		s, err := make()
		if !errors.Is(err, sudoku.ErrInvalidArgument) || s != nil {
			t.Errorf("%s: %v, %v", name, s, err)
		}
	}
	// A good table is copied: changing the caller's rows changes nothing.
	rows := []anneal.CostRate{{Fall: 0, Rate: 50}, {Fall: 100, Rate: 90}}
	s := must(anneal.CostDependent(rows...))
	rows[0].Rate = 99
	if got := s.Next(anneal.Progress{Temperature: 1, InitialCost: 10, Cost: 10}); got != 0.5 {
		t.Errorf("after the rows changed: %v, want 0.5", got)
	}
	// A nil ScheduleFunc gives NaN, which WithSchedule and a run reject.
	if got := anneal.ScheduleFunc(nil).Next(anneal.Progress{}); !math.IsNaN(got) {
		t.Errorf("nil ScheduleFunc: %v", got)
	}
}

// progresses returns the progress values a run can make (finite,
// non-negative temperatures, finite costs, acceptance in [0, 1]) at their
// extremes, for checking that a schedule's Next is total on them.
func progresses() []anneal.Progress {
	var out []anneal.Progress
	for _, temp := range []float64{0, 1e-300, 1, 1e300, math.MaxFloat64} {
		for _, costs := range [][2]float64{{0, 0}, {10, 0}, {10, 20}, {-5, 3}, {1e308, -1e308}, {math.SmallestNonzeroFloat64, 1}} {
			for _, chain := range []int{0, 1, 1000, math.MaxInt - 1} {
				for _, acc := range []float64{0, 0.3, 1} {
					out = append(out, anneal.Progress{Chain: chain, Chains: chain, Temperature: temp, StartTemperature: temp,
						InitialCost: costs[0], Cost: costs[1], BestCost: costs[1], Acceptance: acc})
				}
			}
		}
	}
	return out
}

// checkNext fails t unless s gives a finite, non-negative temperature for
// every progress a run can make.
func checkNext(t *testing.T, name string, s anneal.Schedule) {
	t.Helper()
	for _, p := range progresses() {
		if got := s.Next(p); !(got >= 0) || math.IsInf(got, 0) {
			t.Fatalf("%s: Next(%+v) = %v", name, p, got)
		}
	}
}

func TestSchedulesTotal(t *testing.T) {
	for name, s := range map[string]anneal.Schedule{
		"geometric": must(anneal.Geometric(0.99)), "A": must(anneal.LambertWhitlock(anneal.VariantA)), "B": must(anneal.LambertWhitlock(anneal.VariantB)),
		"C": must(anneal.LambertWhitlock(anneal.VariantC)), "D": must(anneal.LambertWhitlock(anneal.VariantD)), "linear": must(anneal.Linear(1)),
		"linear max": must(anneal.Linear(math.MaxInt)), "logarithmic": anneal.Logarithmic(), "lundy-mees": must(anneal.LundyMees(1e-300)),
		"lundy-mees big": must(anneal.LundyMees(1e300)), "adaptive": must(anneal.Adaptive(0.99, 0.99)),
		"one row": must(anneal.CostDependent(anneal.CostRate{Fall: -1e308, Rate: 1e-300})),
		// Falls whose difference overflows gave NaN between them.
		"rows far apart": must(anneal.CostDependent(anneal.CostRate{Fall: -1e308, Rate: 1}, anneal.CostRate{Fall: 1e308, Rate: 99})),
		"rows farther":   must(anneal.CostDependent(anneal.CostRate{Fall: -math.MaxFloat64, Rate: 1}, anneal.CostRate{Fall: math.MaxFloat64, Rate: 99})),
		"rows close":     must(anneal.CostDependent(anneal.CostRate{Fall: 0, Rate: 1}, anneal.CostRate{Fall: math.SmallestNonzeroFloat64, Rate: 99})),
	} {
		checkNext(t, name, s)
	}
}

// FuzzSchedules makes every schedule from fuzzed arguments: each
// constructor either returns an error wrapping sudoku.ErrInvalidArgument
// and no schedule, or a schedule whose Next is total.
func FuzzSchedules(f *testing.F) {
	f.Add(0.99, 0.5, 0.9, 10, byte('D'), 0.0, 50.0, 100.0, 90.0)
	f.Add(1.0, 0.0, 1.0, 0, byte('Z'), 0.0, 0.0, 0.0, 0.0)
	f.Add(math.NaN(), math.Inf(1), -1.0, -1, byte(0), math.NaN(), 100.0, -1.0, 50.0)
	f.Add(0.5, 0.5, 1.0, 1, byte('A'), -1e308, 1.0, 1e308, 99.0)
	f.Fuzz(func(t *testing.T, rate, start, beta float64, n int, variant byte, fall1, rate1, fall2, rate2 float64) {
		check := func(name string, s anneal.Schedule, err error) {
			if (err == nil) == (s == nil) || err != nil && !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Fatalf("%s: %v, %v", name, s, err)
			}
			if s != nil {
				checkNext(t, name, s)
			}
		}
		s, err := anneal.Geometric(rate)
		check("Geometric", s, err)
		s, err = anneal.Adaptive(start, rate)
		check("Adaptive", s, err)
		s, err = anneal.LundyMees(beta)
		check("LundyMees", s, err)
		s, err = anneal.Linear(n)
		check("Linear", s, err)
		s, err = anneal.LambertWhitlock(anneal.Variant(variant))
		check("LambertWhitlock", s, err)
		s, err = anneal.CostDependent(anneal.CostRate{Fall: fall1, Rate: rate1}, anneal.CostRate{Fall: fall2, Rate: rate2})
		check("CostDependent", s, err)
		s, err = anneal.CostDependent(anneal.CostRate{Fall: fall2, Rate: rate1})
		check("CostDependent one row", s, err)
	})
}

// TestVariantText checks that every Variant goes through text and JSON
// and back, that ParseVariant reads a letter in any case, and that the
// schedule a parsed variant makes is that variant's.
func TestVariantText(t *testing.T) {
	for v := anneal.VariantA; v <= anneal.VariantD; v++ {
		data, err := json.Marshal(v)
		var back anneal.Variant
		if err != nil || string(data) != `"`+v.String()+`"` || json.Unmarshal(data, &back) != nil || back != v {
			t.Errorf("%v: JSON %s, %v -> %v", v, data, err, back)
		}
		lower, err := anneal.ParseVariant(strings.ToLower(v.String()))
		if err != nil || lower != v {
			t.Errorf("ParseVariant(%q) = %v, %v", strings.ToLower(v.String()), lower, err)
		}
	}
	if got := anneal.VariantD.String(); got != "D" {
		t.Errorf("VariantD.String() = %q", got)
	}
	for _, name := range []string{"", "E", "AB", "0"} {
		if _, err := anneal.ParseVariant(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseVariant(%q): %v", name, err)
		}
	}
	if _, err := anneal.Variant(4).MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("Variant(4).MarshalText: %v", err)
	}
	if _, err := anneal.LambertWhitlock(4); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("LambertWhitlock(4): %v", err)
	}
	// B cools at 85 % at the start, where the others cool at 50 %.
	b, err := anneal.ParseVariant("b")
	if err != nil {
		t.Fatal(err)
	}
	s := must(anneal.LambertWhitlock(b))
	if got := s.Next(anneal.Progress{Temperature: 1, InitialCost: 100, Cost: 100}); math.Abs(got-0.85) > 1e-12 {
		t.Errorf("schedule B at no fall: %v, want 0.85", got)
	}
}
