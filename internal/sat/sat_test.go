package sat

import (
	"math/rand/v2"
	"testing"
)

// problem is a random problem of clauses and groups, kept to check a
// model and to count models by brute force.
type problem struct {
	n       int
	clauses [][]Lit
	exactly [][]int
	atMost  [][]int
}

func randomProblem(rng *rand.Rand, n int) problem {
	p := problem{n: n}
	for range rng.IntN(3) {
		p.exactly = append(p.exactly, rng.Perm(n)[:2+rng.IntN(3)])
	}
	for range rng.IntN(3) {
		p.atMost = append(p.atMost, rng.Perm(n)[:2+rng.IntN(3)])
	}
	for range n + rng.IntN(3*n) {
		c := make([]Lit, 2+rng.IntN(3))
		for i := range c {
			c[i] = Lit(rng.IntN(2 * n))
		}
		p.clauses = append(p.clauses, c)
	}
	return p
}

func (p problem) solver(seed uint64) *Solver {
	s := New(p.n, seed)
	for _, g := range p.exactly {
		s.ExactlyOne(g)
	}
	for _, g := range p.atMost {
		s.AtMostOne(g)
	}
	for _, c := range p.clauses {
		s.Clause(c...)
	}
	return s
}

// holds reports whether the assignment model (bit v for variable v)
// meets every constraint of p.
func (p problem) holds(model func(v int) bool) bool {
	for _, c := range p.clauses {
		ok := false
		for _, q := range c {
			if model(q.Var()) == (q&1 == 0) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	count := func(g []int) int {
		k := 0
		for _, v := range g {
			if model(v) {
				k++
			}
		}
		return k
	}
	for _, g := range p.exactly {
		if count(g) != 1 {
			return false
		}
	}
	for _, g := range p.atMost {
		if count(g) > 1 {
			return false
		}
	}
	return true
}

func (p problem) satisfiable() bool {
	for m := range 1 << p.n {
		if p.holds(func(v int) bool { return m>>v&1 != 0 }) {
			return true
		}
	}
	return false
}

// TestAgainstBruteForce: on thousands of random problems of up to 14
// variables, near the threshold where half have a model, Solve says
// satisfiable exactly when enumeration finds a model, and its model meets
// every constraint; with a limit of one conflict a call, repeated calls
// reach the same answer, and so do modes that change every few conflicts
// (so that the stable mode and its target phase take part).
func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	sat, unsat := 0, 0
	for i := range 3000 {
		p := randomProblem(rng, 4+rng.IntN(11))
		want := p.satisfiable()
		for variant, limit := range []int64{0, 1, 0} {
			s := p.solver(uint64(i))
			if variant == 2 {
				s.modeLen, s.modeEnd = 2, 2
			}
			st := Unknown
			for calls := 0; st == Unknown; calls++ {
				if calls > 1<<20 {
					t.Fatalf("problem %d: no answer after %d calls", i, calls)
				}
				st = s.Solve(limit, func() bool { return false })
			}
			if (st == Satisfiable) != want {
				t.Fatalf("problem %d (variant %d): status %d, want satisfiable %v: %+v", i, variant, st, want, p)
			}
			if st == Satisfiable && !p.holds(s.Value) {
				t.Fatalf("problem %d (variant %d): the model breaks a constraint: %+v", i, variant, p)
			}
		}
		if want {
			sat++
		} else {
			unsat++
		}
	}
	t.Logf("%d satisfiable, %d unsatisfiable", sat, unsat)
	if sat < 300 || unsat < 300 {
		t.Errorf("%d satisfiable and %d unsatisfiable problems: the test wants many of both", sat, unsat)
	}
}

// TestEnumerate: on a thousand random problems of up to 12 variables,
// ruling out each model found by a clause added between calls of Solve
// finds every model once, as many as enumeration counts, and then a proof
// that there is none left; with conflicts cut to one a call too, with
// learnt clauses reduced and compacted every few conflicts, and with half
// of the problem's clauses added only after a first call of one conflict
// (which may end above the root).
func TestEnumerate(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	found, reductions := 0, int64(0)
	for i := range 1000 {
		p := randomProblem(rng, 4+rng.IntN(9))
		want := 0
		for m := range 1 << p.n {
			if p.holds(func(v int) bool { return m>>v&1 != 0 }) {
				want++
			}
		}
		for variant, limit := range []int64{0, 1, 0, 1} {
			s := p.solver(uint64(i))
			switch variant {
			case 2:
				s.maxLits, s.nextReduce = 8, 4
			case 3:
				late := p
				late.clauses = p.clauses[:len(p.clauses)/2]
				s = late.solver(uint64(i))
				s.Solve(1, nil)
				for _, c := range p.clauses[len(p.clauses)/2:] {
					s.Clause(c...)
				}
			}
			seen := map[int]bool{}
			for {
				st := s.Solve(limit, nil)
				for calls := 0; st == Unknown; calls++ {
					if calls > 1<<20 {
						t.Fatalf("problem %d: no answer after %d calls", i, calls)
					}
					st = s.Solve(limit, nil)
				}
				if st == Unsatisfiable {
					break
				}
				m, block := 0, make([]Lit, p.n)
				for v := range p.n {
					if s.Value(v) {
						m |= 1 << v
						block[v] = Neg(v)
					} else {
						block[v] = Pos(v)
					}
				}
				if seen[m] || !p.holds(s.Value) {
					t.Fatalf("problem %d: model %b again, or not a model: %+v", i, m, p)
				}
				seen[m] = true
				if !s.Clause(block...) {
					break
				}
			}
			if len(seen) != want {
				t.Fatalf("problem %d (variant %d): %d models found, want %d: %+v", i, variant, len(seen), want, p)
			}
			if variant == 2 {
				reductions += s.reductions
			}
		}
		found += want
	}
	t.Logf("%d models found; %d reductions of learnt clauses", found, reductions)
	if reductions == 0 {
		t.Error("no reduction of learnt clauses: the variant that wants them does not test them")
	}
}

// TestPigeonholes: n+1 pigeons, each in exactly one of n holes, at most
// one a hole, have no model; n pigeons have one. Proving the first needs
// many conflicts, so learning, backjumping and the clause thinning all
// take part.
func TestPigeonholes(t *testing.T) {
	for n := 2; n <= 7; n++ {
		for _, pigeons := range []int{n, n + 1} {
			for _, small := range []bool{false, true} {
				pigeonholes(t, n, pigeons, small)
			}
		}
	}
}

// pigeonholes checks one pigeonhole problem; small bounds the learnt
// clauses to 200 literals, so that they are thinned after a few
// conflicts, the short ones too, and changes modes every 50 conflicts.
func pigeonholes(t *testing.T, n, pigeons int, small bool) {
	s := New(pigeons*n, uint64(n))
	if small {
		s.maxLits = 200
		s.modeLen, s.modeEnd = 50, 50
	}
	v := func(p, h int) int { return p*n + h }
	for p := range pigeons {
		var g []int
		for h := range n {
			g = append(g, v(p, h))
		}
		s.ExactlyOne(g)
	}
	for h := range n {
		var g []int
		for p := range pigeons {
			g = append(g, v(p, h))
		}
		s.AtMostOne(g)
	}
	st := s.Solve(0, func() bool { return false })
	t.Logf("%d pigeons, %d holes (small %v): %d conflicts", pigeons, n, small, s.conflicts)
	if small && s.learntLits > s.maxLits+int64(pigeons*n) {
		t.Errorf("%d pigeons, %d holes: %d literals learnt and kept, bound %d", pigeons, n, s.learntLits, s.maxLits)
	}
	want := Satisfiable
	if pigeons > n {
		want = Unsatisfiable
	}
	if st != want {
		t.Errorf("%d pigeons, %d holes (small %v): status %d, want %d", pigeons, n, small, st, want)
	}
	if st == Satisfiable {
		for h := range n {
			k := 0
			for p := range pigeons {
				if s.Value(v(p, h)) {
					k++
				}
			}
			if k > 1 {
				t.Errorf("%d pigeons, %d holes: hole %d holds %d", pigeons, n, h, k)
			}
		}
	}
}

// TestStop: a stop that says so at once ends a long search with Unknown,
// and a later call without it finishes the search.
func TestStop(t *testing.T) {
	n := 8
	s := New((n+1)*n, 1)
	for p := range n + 1 {
		var g []int
		for h := range n {
			g = append(g, p*n+h)
		}
		s.ExactlyOne(g)
	}
	for h := range n {
		var g []int
		for p := range n + 1 {
			g = append(g, p*n+h)
		}
		s.AtMostOne(g)
	}
	if st := s.Solve(0, func() bool { return true }); st != Unknown {
		t.Fatalf("status %d with a stop, want Unknown", st)
	}
	if st := s.Solve(0, func() bool { return false }); st != Unsatisfiable {
		t.Fatalf("status %d, want Unsatisfiable", st)
	}
	if s.Conflicts() == 0 {
		t.Error("no conflict counted")
	}
}

// TestTrivial: the empty problem and contradictory clauses at the start.
func TestTrivial(t *testing.T) {
	if st := New(0, 1).Solve(0, nil); st != Satisfiable {
		t.Errorf("no variables: status %d, want Satisfiable", st)
	}
	s := New(2, 1)
	s.Clause(Pos(0))
	if s.Clause(Neg(0)) {
		t.Error("x and not x: Clause reports no contradiction")
	}
	if st := s.Solve(0, nil); st != Unsatisfiable {
		t.Errorf("x and not x: status %d, want Unsatisfiable", st)
	}
	s = New(1, 1)
	if s.Clause() {
		t.Error("the empty clause: Clause reports no contradiction")
	}
	s = New(3, 1)
	s.Clause(Pos(0), Neg(0)) // always true: adds nothing
	s.ExactlyOne([]int{1, 2})
	s.Clause(Pos(1))
	if st := s.Solve(0, nil); st != Satisfiable || !s.Value(1) || s.Value(2) {
		t.Errorf("status %d, values %v %v; want Satisfiable, true, false", st, s.Value(1), s.Value(2))
	}
}

// TestLuby: the first terms of the sequence.
func TestLuby(t *testing.T) {
	want := []int64{1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, 1}
	for i, w := range want {
		if got := Luby(int64(i + 1)); got != w {
			t.Errorf("Luby(%d) = %d, want %d", i+1, got, w)
		}
	}
}

// TestPlanted: random clauses of three literals, four times as many as
// the variables, all satisfied by a hidden assignment, and groups with
// exactly one member true in it, have a model by construction and take
// hundreds of conflicts each. Every model Solve finds, in both modes and
// with the learnt clauses thinned often, shows that what it learnt cut
// off no model it should not have.
func TestPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	conflicts := int64(0)
	for i := range 40 {
		p := problem{n: 100 + rng.IntN(100)}
		hidden := make([]bool, p.n)
		for v := range hidden {
			hidden[v] = rng.IntN(2) == 0
		}
		truth := func(q Lit) bool { return hidden[q.Var()] == (q&1 == 0) }
		for range p.n / 10 {
			g := rng.Perm(p.n)[:3]
			if k := 0 + b2i(hidden[g[0]]) + b2i(hidden[g[1]]) + b2i(hidden[g[2]]); k == 1 {
				p.exactly = append(p.exactly, g)
			}
		}
		for range 4 * p.n {
			c := make([]Lit, 3)
			for {
				for k := range c {
					c[k] = Lit(rng.IntN(2 * p.n))
				}
				if truth(c[0]) || truth(c[1]) || truth(c[2]) {
					break
				}
			}
			p.clauses = append(p.clauses, c)
		}
		s := p.solver(uint64(i))
		if i%2 == 1 {
			s.maxLits = 300
			s.modeLen, s.modeEnd = 20, 20
		}
		st := s.Solve(0, nil)
		conflicts += s.conflicts
		if st != Satisfiable {
			t.Fatalf("problem %d: status %d, want satisfiable", i, st)
		}
		if !p.holds(s.Value) {
			t.Fatalf("problem %d: the model breaks a constraint", i)
		}
	}
	t.Logf("%d conflicts in all", conflicts)
	if conflicts < 4000 {
		t.Errorf("%d conflicts in all: the problems are too easy to test learning", conflicts)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
