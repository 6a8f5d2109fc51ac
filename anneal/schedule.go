package anneal

import (
	"math"
	"slices"

	"github.com/cubedoku/cubedoku/internal/contract"
)

// Schedule sets the temperature of the next chain from the progress of
// the chain just run ([Progress.Temperature] is its temperature). With
// several workers Next is called from several goroutines at once, so a
// schedule should keep no state of its own: everything it may need is in
// the Progress. A temperature of 0 accepts no move that raises the cost;
// a negative, infinite or NaN one ends the run with an error wrapping
// [sudoku.ErrInvalidArgument].
//
// The constructors of this package check their arguments and return an
// error for bad ones, so a Schedule they return is always usable: its
// Next gives a finite temperature, never negative, for every Progress a
// run makes (finite temperatures and costs), and may be called from a
// [ScheduleFunc] of one's own.
type Schedule interface {
	// Next returns the temperature of the next chain, given the progress
	// of the chain just run.
	Next(p Progress) float64
}

// ScheduleFunc adapts a function to a [Schedule].
type ScheduleFunc func(p Progress) float64

// Next returns f(p); NaN for a nil f, which a run rejects with an error.
func (f ScheduleFunc) Next(p Progress) float64 {
	if f == nil {
		return math.NaN()
	}
	return f(p)
}

type geometric float64

// Geometric cools by a constant rate: T(k+1) = rate * T(k), with
// 0 < rate < 1 (else an error wrapping [sudoku.ErrInvalidArgument]).
// Geometric(0.99) is Lewis's (2007) schedule; Lambert and Whitlock (2010)
// found 0.80 the fastest constant rate on their puzzles.
func Geometric(rate float64) (Schedule, error) {
	if !(rate > 0 && rate < 1) {
		return nil, contract.Invalid(pkg, "Geometric(%v): want a rate between 0 and 1", rate)
	}
	return geometric(rate), nil
}

func (g geometric) Next(p Progress) float64 { return float64(g) * p.Temperature }

// CostRate is one row of a cost-dependent schedule: when the cost has
// fallen by Fall percent from its initial value, cool at Rate percent.
type CostRate struct {
	Fall float64 `json:"fall"`
	Rate float64 `json:"rate"`
}

type costDependent []CostRate

// CostDependent cools geometrically at a rate that depends on how far the
// cost has fallen from its initial value U0: with fall = 100(U0 - U)/U0
// percent (U the current cost), T(k+1) = rate(fall)/100 * T(k). rate is
// interpolated linearly between the rows, which must have finite,
// increasing Fall; before the first row it is the first row's rate, after
// the last the last row's. Rates must lie in (0, 100). With U0 <= 0 the
// fall is taken as 100 %. No rows, or a bad row, is an error wrapping
// [sudoku.ErrInvalidArgument]. The rows are copied.
func CostDependent(rows ...CostRate) (Schedule, error) {
	if len(rows) == 0 {
		return nil, contract.Invalid(pkg, "CostDependent: no rows")
	}
	for i, r := range rows {
		if !(r.Rate > 0 && r.Rate < 100) || !finite(r.Fall) || i > 0 && !(r.Fall > rows[i-1].Fall) {
			return nil, contract.Invalid(pkg, "CostDependent: row %d (%v, %v): want rates in (0, 100) and finite, increasing falls", i+1, r.Fall, r.Rate)
		}
	}
	return costDependent(slices.Clone(rows)), nil
}

func (t costDependent) Next(p Progress) float64 {
	return t.rate(fall(p)) / 100 * p.Temperature
}

// fall returns the fall of cost from its initial value, in percent (NaN
// when the costs are not numbers, which rate takes as past the last row).
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
			// The share of the way from a to b, of halves, so that falls
			// far apart cannot overflow; falls so close that their halves
			// meet count as b.
			w := (f/2 - a.Fall/2) / (b.Fall/2 - a.Fall/2)
			if !(w >= 0 && w <= 1) {
				w = 1
			}
			return a.Rate + (b.Rate-a.Rate)*w
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

// Variant names one of the four dynamic schedules of Lambert and Whitlock
// (2010) that [LambertWhitlock] makes. Its text form is the letter, read
// in any case ("d" or "D"), so that it serves as a flag value and in JSON.
type Variant int

// The variants, as the paper names them.
const (
	VariantA Variant = iota // rate rising with the fall of cost, from 50 % to 99 %
	VariantB                // rate falling, from 85 % to 50 %
	VariantC                // rate rising, from 50 % to 85 %
	VariantD                // rate rising, from 50 % to 90 %: their fastest
)

var variantNames = contract.NewNames[Variant](pkg, "Variant", "A", "B", "C", "D")

// String returns the variant's letter, "A" to "D", or "Variant(n)" for a
// value that is not a Variant.
func (v Variant) String() string { return variantNames.String(v) }

// MarshalText implements [encoding.TextMarshaler] with the letter
// [Variant.String] prints; a value that is not a Variant is an error
// wrapping [sudoku.ErrInvalidArgument].
func (v Variant) MarshalText() ([]byte, error) { return variantNames.Marshal(v) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseVariant].
// A nil v is an error wrapping [sudoku.ErrInvalidArgument].
func (v *Variant) UnmarshalText(text []byte) error { return variantNames.Unmarshal(v, text) }

// ParseVariant returns the Variant named name, "A" to "D" in any case.
// Another name is an error wrapping [sudoku.ErrInvalidArgument].
func ParseVariant(name string) (Variant, error) { return variantNames.Parse(name) }

// LambertWhitlock returns the dynamic schedule v of Lambert and Whitlock
// (2010), table 5: a [CostDependent] schedule whose rate rises (A, C, D)
// or falls (B) with the fall of cost, interpolated linearly between the
// table's rows (the paper does not say) and held at the last row's rate
// past a fall of 95 %. A value that is not a Variant is an error wrapping
// [sudoku.ErrInvalidArgument].
func LambertWhitlock(v Variant) (Schedule, error) {
	if !variantNames.Valid(v) {
		return nil, contract.Invalid(pkg, "LambertWhitlock(%v): want VariantA to VariantD", v)
	}
	return lambertWhitlockTable(v), nil
}

func lambertWhitlockTable(v Variant) costDependent {
	rows := make([]CostRate, len(lambertWhitlockFalls))
	for j, f := range lambertWhitlockFalls {
		rows[j] = CostRate{Fall: f, Rate: lambertWhitlock[v][j]}
	}
	return costDependent(rows)
}

type linear int

// Linear cools from the start temperature T0 to 0 in n chains:
// T(k) = T0 (1 - k/n) for chain k after the start (or a reheat), and 0
// from chain n on, where only moves that do not raise the cost are
// accepted. n must be positive (else an error wrapping
// [sudoku.ErrInvalidArgument]).
func Linear(n int) (Schedule, error) {
	if n < 1 {
		return nil, contract.Invalid(pkg, "Linear(%d): want at least 1 chain", n)
	}
	return linear(n), nil
}

func (l linear) Next(p Progress) float64 {
	k := float64(p.Chain) + 1
	return max(p.StartTemperature*(1-k/float64(l)), 0)
}

type logarithmic struct{}

// Logarithmic cools as T(k) = T0 ln 2 / ln(k + 2) for chain k after the
// start (or a reheat), so T(0) = T0: the slow schedule of the classical
// convergence proofs (Geman and Geman 1984), useful as a reference rather
// than for speed. It has no argument to check, so it returns no error.
func Logarithmic() Schedule { return logarithmic{} }

func (logarithmic) Next(p Progress) float64 {
	return p.StartTemperature * math.Ln2 / math.Log(max(float64(p.Chain)+3, 3))
}

type lundyMees float64

// LundyMees cools as T(k+1) = T(k) / (1 + beta T(k)) (Lundy and Mees
// 1986), fast while hot and slow when cold. beta must be positive and
// finite (else an error wrapping [sudoku.ErrInvalidArgument]).
func LundyMees(beta float64) (Schedule, error) {
	if !(beta > 0) || !finite(beta) {
		return nil, contract.Invalid(pkg, "LundyMees(%v): want a positive finite beta", beta)
	}
	return lundyMees(beta), nil
}

func (l lundyMees) Next(p Progress) float64 {
	t := p.Temperature / (1 + float64(l)*p.Temperature)
	if math.IsNaN(t) { // an infinite temperature: 1/beta in the limit
		return 1 / float64(l)
	}
	return t
}

type adaptive struct{ start, rate float64 }

// Adaptive steers the temperature so that the share of moves accepted
// follows a falling target: start for the first chain after the
// temperature is set, times rate for each chain after (0 < start < 1,
// 0 < rate < 1, else an error wrapping [sudoku.ErrInvalidArgument]).
// After chain k, which accepted a share a of its moves,
// T(k+1) = T(k) * target(k+1) / a, the factor kept between 1/2 and 2
// (2 when a is 0), and the temperature below the largest finite number.
// Unlike a fixed rate of cooling it slows down by itself where moves get
// hard to accept, and speeds up where they do not. Adaptive(0.5, 0.9)
// halves the target about every 7 chains.
func Adaptive(start, rate float64) (Schedule, error) {
	if !(start > 0 && start < 1) || !(rate > 0 && rate < 1) {
		return nil, contract.Invalid(pkg, "Adaptive(%v, %v): want a start and a rate between 0 and 1", start, rate)
	}
	return adaptive{start, rate}, nil
}

func (a adaptive) Next(p Progress) float64 {
	target := a.start * math.Pow(a.rate, float64(p.Chain+1))
	f := 2.0
	if p.Acceptance > 0 {
		f = min(max(target/p.Acceptance, 0.5), 2)
	}
	return min(p.Temperature*f, math.MaxFloat64)
}
