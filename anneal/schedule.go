package anneal

import (
	"math"
)

// Schedule sets the temperature of the next chain from the progress of
// the chain just run ([Progress.Temperature] is its temperature). With
// several workers Next is called from several goroutines at once, so a
// schedule should keep no state of its own: everything it may need is in
// the Progress. A temperature of 0 accepts no move that raises the cost;
// a negative, infinite or NaN one ends the run with an error.
type Schedule interface {
	Next(p Progress) float64
}

// ScheduleFunc adapts a function to a [Schedule].
type ScheduleFunc func(p Progress) float64

// Next returns f(p).
func (f ScheduleFunc) Next(p Progress) float64 { return f(p) }

type geometric float64

// Geometric cools by a constant rate: T(k+1) = rate * T(k), with
// 0 < rate < 1. Geometric(0.99) is Lewis's (2007) schedule; Lambert and
// Whitlock (2010) found 0.80 the fastest constant rate on their puzzles.
func Geometric(rate float64) Schedule { return geometric(rate) }

func (g geometric) Next(p Progress) float64 { return float64(g) * p.Temperature }

func (g geometric) check() error {
	if !(g > 0 && g < 1) {
		return invalid("Geometric(%v): want a rate between 0 and 1", float64(g))
	}
	return nil
}

// CostRate is one row of a cost-dependent schedule: when the cost has
// fallen by Fall percent from its initial value, cool at Rate percent.
type CostRate struct {
	Fall, Rate float64
}

type costDependent []CostRate

// CostDependent cools geometrically at a rate that depends on how far the
// cost has fallen from its initial value U0: with fall = 100(U0 - U)/U0
// percent (U the current cost), T(k+1) = rate(fall)/100 * T(k). rate is
// interpolated linearly between the rows, which must have increasing
// Fall; before the first row it is the first row's rate, after the last
// the last row's. Rates must lie in (0, 100). With U0 <= 0 the fall is
// taken as 100 %.
func CostDependent(rows ...CostRate) Schedule { return costDependent(rows) }

func (t costDependent) check() error {
	if len(t) == 0 {
		return invalid("CostDependent: no rows")
	}
	for i, r := range t {
		if !(r.Rate > 0 && r.Rate < 100) || !finite(r.Fall) || i > 0 && !(r.Fall > t[i-1].Fall) {
			return invalid("CostDependent: row %d (%v, %v): want rates in (0, 100) and increasing falls", i+1, r.Fall, r.Rate)
		}
	}
	return nil
}

func (t costDependent) Next(p Progress) float64 {
	return t.rate(fall(p)) / 100 * p.Temperature
}

// fall returns the fall of cost from its initial value, in percent.
func fall(p Progress) float64 {
	if p.InitialCost <= 0 {
		return 100
	}
	return 100 * (p.InitialCost - p.Cost) / p.InitialCost
}

// rate interpolates the table at fall f.
func (t costDependent) rate(f float64) float64 {
	if f <= t[0].Fall {
		return t[0].Rate
	}
	for i := 1; i < len(t); i++ {
		if f <= t[i].Fall {
			a, b := t[i-1], t[i]
			return a.Rate + (b.Rate-a.Rate)*(f-a.Fall)/(b.Fall-a.Fall)
		}
	}
	return t[len(t)-1].Rate
}

// lambertWhitlock holds table 5 of Lambert and Whitlock (2010): the
// cooling rate in percent of schedules A-D at a fall of cost of 0, 25, 50,
// 75, 90 and 95 percent.
var lambertWhitlock = [4][6]float64{
	{50, 65, 80, 90, 95, 99}, // A
	{85, 80, 70, 65, 55, 50}, // B
	{50, 55, 65, 70, 80, 85}, // C
	{50, 60, 70, 75, 80, 90}, // D
}

var lambertWhitlockFalls = [6]float64{0, 25, 50, 75, 90, 95}

// LambertWhitlock returns the dynamic schedule 'A', 'B', 'C' or 'D' of
// Lambert and Whitlock (2010), table 5: a [CostDependent] schedule whose
// rate rises (A, C, D) or falls (B) with the fall of cost, interpolated
// linearly between the table's rows (the paper does not say) and held at
// the last row's rate past a fall of 95 %. D was their fastest. Another
// letter gives a schedule that [WithSchedule] rejects.
func LambertWhitlock(variant byte) Schedule {
	i := int(variant) - 'A'
	if i < 0 || i >= len(lambertWhitlock) {
		return badSchedule("LambertWhitlock(" + string(rune(variant)) + "): want 'A' to 'D'")
	}
	rows := make([]CostRate, len(lambertWhitlockFalls))
	for j, f := range lambertWhitlockFalls {
		rows[j] = CostRate{Fall: f, Rate: lambertWhitlock[i][j]}
	}
	return costDependent(rows)
}

type badSchedule string

func (b badSchedule) Next(p Progress) float64 { return math.NaN() }
func (b badSchedule) check() error            { return invalid("%s", string(b)) }

type linear int

// Linear cools from the start temperature T0 to 0 in n chains:
// T(k) = T0 (1 - k/n) for chain k after the start (or a reheat), and 0
// from chain n on, where only moves that do not raise the cost are
// accepted. n must be positive.
func Linear(n int) Schedule { return linear(n) }

func (l linear) Next(p Progress) float64 {
	k := float64(p.Chain + 1)
	return max(p.StartTemperature*(1-k/float64(l)), 0)
}

func (l linear) check() error {
	if l < 1 {
		return invalid("Linear(%d): want at least 1 chain", int(l))
	}
	return nil
}

type logarithmic struct{}

// Logarithmic cools as T(k) = T0 ln 2 / ln(k + 2) for chain k after the
// start (or a reheat), so T(0) = T0: the slow schedule of the classical
// convergence proofs (Geman and Geman 1984), useful as a reference rather
// than for speed.
func Logarithmic() Schedule { return logarithmic{} }

func (logarithmic) Next(p Progress) float64 {
	return p.StartTemperature * math.Ln2 / math.Log(float64(p.Chain+3))
}

type lundyMees float64

// LundyMees cools as T(k+1) = T(k) / (1 + beta T(k)) (Lundy and Mees
// 1986), fast while hot and slow when cold. beta must be positive.
func LundyMees(beta float64) Schedule { return lundyMees(beta) }

func (l lundyMees) Next(p Progress) float64 {
	return p.Temperature / (1 + float64(l)*p.Temperature)
}

func (l lundyMees) check() error {
	if !(l > 0) || !finite(float64(l)) {
		return invalid("LundyMees(%v): want a positive beta", float64(l))
	}
	return nil
}

type adaptive struct{ start, rate float64 }

// Adaptive steers the temperature so that the share of moves accepted
// follows a falling target: start for the first chain after the
// temperature is set, times rate for each chain after (0 < start < 1,
// 0 < rate < 1). After chain k, which accepted a share a of its moves,
// T(k+1) = T(k) * target(k+1) / a, the factor kept between 1/2 and 2
// (2 when a is 0). Unlike a fixed rate of cooling it slows down by itself
// where moves get hard to accept, and speeds up where they do not.
// Adaptive(0.5, 0.9) halves the target about every 7 chains.
func Adaptive(start, rate float64) Schedule { return adaptive{start, rate} }

func (a adaptive) Next(p Progress) float64 {
	target := a.start * math.Pow(a.rate, float64(p.Chain+1))
	f := 2.0
	if p.Acceptance > 0 {
		f = min(max(target/p.Acceptance, 0.5), 2)
	}
	return p.Temperature * f
}

func (a adaptive) check() error {
	if !(a.start > 0 && a.start < 1) || !(a.rate > 0 && a.rate < 1) {
		return invalid("Adaptive(%v, %v): want a start and a rate between 0 and 1", a.start, a.rate)
	}
	return nil
}
