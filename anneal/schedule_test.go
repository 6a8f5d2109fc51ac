package anneal_test

import (
	"math"
	"testing"

	"github.com/cubedoku/cubedoku/anneal"
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
		{"geometric", anneal.Geometric(0.99), p, 1.98},
		{"geometric 0.8", anneal.Geometric(0.8), p, 1.6},
		// Table 5 rows, hit exactly: fall 75 %.
		{"A at 75", anneal.LambertWhitlock('A'), p, 0.90 * 2},
		{"B at 75", anneal.LambertWhitlock('B'), p, 0.65 * 2},
		{"C at 75", anneal.LambertWhitlock('C'), p, 0.70 * 2},
		{"D at 75", anneal.LambertWhitlock('D'), p, 0.75 * 2},
		{"D at 0", anneal.LambertWhitlock('D'), at(200), 0.50 * 2},
		{"D at 95", anneal.LambertWhitlock('D'), at(10), 0.90 * 2},
		// Between rows: linear. 60 % lies 2/5 of the way from 50 to 75.
		{"A at 60", anneal.LambertWhitlock('A'), at(80), (80 + 0.4*10) / 100 * 2},
		{"B at 92.5", anneal.LambertWhitlock('B'), at(15), (55 + 0.5*(50-55)) / 100 * 2},
		{"D at 12.5", anneal.LambertWhitlock('D'), at(175), 0.55 * 2},
		// Outside the table: the nearest row.
		{"D at 100", anneal.LambertWhitlock('D'), at(0), 0.90 * 2},
		{"D cost rose", anneal.LambertWhitlock('D'), at(300), 0.50 * 2},
		{"custom", anneal.CostDependent(anneal.CostRate{Fall: 0, Rate: 60}, anneal.CostRate{Fall: 100, Rate: 90}), p, (60 + 0.75*30) / 100 * 2},
		// Linear: T0 (1 - (k+1)/n) for the next chain k+1 = 5.
		{"linear", anneal.Linear(10), p, 10 * (1 - 5.0/10)},
		{"linear end", anneal.Linear(5), p, 0},
		{"logarithmic", anneal.Logarithmic(), p, 10 * math.Ln2 / math.Log(7)},
		{"lundy-mees", anneal.LundyMees(0.5), p, 2 / (1 + 0.5*2)},
		// Adaptive: target for chain 5 is start*rate^5; factor target/0.3.
		{"adaptive cools", anneal.Adaptive(0.5, 0.8), p, 2 * 0.5 * math.Pow(0.8, 5) / 0.3},
		{"adaptive warms", anneal.Adaptive(0.6, 0.95), p, 2 * 0.6 * math.Pow(0.95, 5) / 0.3},
		{"adaptive at most halves", anneal.Adaptive(0.1, 0.5), p, 1},
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
	if got := anneal.Adaptive(0.5, 0.9).Next(anneal.Progress{Temperature: 1, Acceptance: 0}); got != 2 {
		t.Errorf("Next = %v, want 2", got)
	}
	if got := anneal.Adaptive(0.9, 0.99).Next(anneal.Progress{Temperature: 1, Acceptance: 0.01}); got != 2 {
		t.Errorf("Next = %v, want 2", got)
	}
}
