package anneal_test

import (
	"math"
	"math/rand/v2"
	"slices"
)

// partition splits numbers into two sets of sums as close as possible: a
// state is a side (+1 or -1) per number, a move flips one, and the cost
// is the absolute difference of the sums.
type partition struct{ nums []float64 }

type sides struct {
	side []float64
	diff float64 // sum of side[i]*nums[i]
}

func (p partition) Cost(s *sides) float64 {
	d := 0.0
	for i, x := range p.nums {
		d += s.side[i] * x
	}
	return math.Abs(d)
}

func (p partition) Delta(s *sides, i int) float64 {
	return math.Abs(s.diff-2*s.side[i]*p.nums[i]) - math.Abs(s.diff)
}

func (p partition) Propose(s *sides, r *rand.Rand) int { return r.IntN(len(p.nums)) }

func (p partition) Apply(s *sides, i int) {
	s.diff -= 2 * s.side[i] * p.nums[i]
	s.side[i] = -s.side[i]
}

func (p partition) Copy(dst, src *sides) *sides {
	if dst == nil {
		dst = new(sides)
	}
	dst.side = append(dst.side[:0], src.side...)
	dst.diff = src.diff
	return dst
}

func (p partition) start() *sides {
	s := &sides{side: make([]float64, len(p.nums))}
	for i, x := range p.nums {
		s.side[i] = 1
		s.diff += x
	}
	return s
}

// optimum finds the best difference by trying every split.
func (p partition) optimum() float64 {
	best := math.Inf(1)
	n := len(p.nums)
	for mask := range 1 << (n - 1) {
		d := 0.0
		for i, x := range p.nums {
			if mask&(1<<i) != 0 {
				d += x
			} else {
				d -= x
			}
		}
		best = min(best, math.Abs(d))
	}
	return best
}

// tour is a travelling-salesman problem: a state is an order of the
// cities, a move reverses the segment i..j (2-opt), and the cost is the
// length of the closed tour.
type tour struct{ x, y []float64 }

type twoOpt struct{ i, j int }

// circle returns n cities evenly spaced on the unit circle, listed in a
// shuffled order; the shortest tour is the regular polygon.
func circle(n int, seed uint64) (tour, []int) {
	t := tour{x: make([]float64, n), y: make([]float64, n)}
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		t.x[i], t.y[i] = math.Cos(a), math.Sin(a)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	r := rand.New(rand.NewPCG(seed, seed))
	r.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	return t, order
}

func (t tour) dist(a, b int) float64 { return math.Hypot(t.x[a]-t.x[b], t.y[a]-t.y[b]) }

func (t tour) Cost(s *[]int) float64 {
	o := *s
	d := 0.0
	for k := range o {
		d += t.dist(o[k], o[(k+1)%len(o)])
	}
	return d
}

func (t tour) Propose(s *[]int, r *rand.Rand) twoOpt {
	n := len(*s)
	i := r.IntN(n - 1)
	j := i + 1 + r.IntN(n-1-i)
	return twoOpt{i, j}
}

func (t tour) Delta(s *[]int, m twoOpt) float64 {
	o := *s
	n := len(o)
	if m.i == 0 && m.j == n-1 {
		return 0 // reversing the whole tour changes nothing
	}
	a, b := o[(m.i-1+n)%n], o[m.i]
	c, d := o[m.j], o[(m.j+1)%n]
	return t.dist(a, c) + t.dist(b, d) - t.dist(a, b) - t.dist(c, d)
}

func (t tour) Apply(s *[]int, m twoOpt) { slices.Reverse((*s)[m.i : m.j+1]) }

func (t tour) Copy(dst, src *[]int) *[]int {
	if dst == nil {
		dst = new([]int)
	}
	*dst = append((*dst)[:0], *src...)
	return dst
}

// flat is a problem whose moves never change the cost, so every chain
// freezes: for counting reheats and restarts.
type flat struct{}

func (flat) Cost(s *int) float64              { return 1 }
func (flat) Delta(s *int, m int) float64      { return 0 }
func (flat) Propose(s *int, r *rand.Rand) int { return r.IntN(10) }
func (flat) Apply(s *int, m int)              { *s = m }
func (flat) Copy(dst, src *int) *int          { v := *src; return &v }
