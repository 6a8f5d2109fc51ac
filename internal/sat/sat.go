// Package sat is a small clause-learning satisfiability solver for
// problems made of exactly-one constraints, as a Sudoku is: each open
// cell holds exactly one of its candidates, each house holds each missing
// digit in exactly one of its places. Every "at most one" is kept as a
// group and propagated directly (a member made true makes the others
// false), every "at least one" as a clause; what the solver learns from
// its conflicts are clauses too.
//
// The search is the usual one of such solvers (Marques-Silva and Sakallah;
// Moskewicz and others; Eén and Sörensson): unit propagation over two
// watched literals, first-unique-implication-point learning with the
// learnt clause shrunk by the reasons of its literals (Sörensson and
// Biere), variable activity with a heap that also bumps the literals
// behind the learnt clause's (as Kissat does), saved phases, restarts by
// the Luby sequence, learnt clauses thinned by their literal block
// distance (Audemard and Simon), and two modes taken in turns, as CaDiCaL
// does (Biere and Fleury, "Chasing target phases", 2020): a focused one of
// frequent restarts and a stable one of rare restarts that steers towards
// the longest assignment met without a conflict.
package sat

import (
	"math/rand/v2"
	"slices"
)

// Lit is a literal: variable v true is 2v, false 2v+1.
type Lit int32

// Pos returns the literal of variable v true.
func Pos(v int) Lit { return Lit(2 * v) }

// Neg returns the literal of variable v false.
func Neg(v int) Lit { return Lit(2*v + 1) }

// Var returns the variable of l.
func (l Lit) Var() int { return int(l >> 1) }

// Not returns the negation of l.
func (l Lit) Not() Lit { return l ^ 1 }

// Status is the outcome of Solve.
type Status int8

const (
	// Unknown: the stop ended the search first.
	Unknown Status = iota
	// Satisfiable: Value gives a model.
	Satisfiable
	// Unsatisfiable: there is no model.
	Unsatisfiable
)

const (
	noReason = -1
	// A reason below noReason is a binary one: reason -2-p says the
	// literal was implied by literal p through a group.
	binBase = -2
)

// Solver holds a problem and the state of its search. The zero Solver
// is not usable; make one with New.
type Solver struct {
	value  []int8  // per literal: 1 true, -1 false, 0 unassigned
	level  []int32 // per variable
	reason []int32 // per variable: clause, noReason, or binary (see binBase)
	trail  []Lit
	lim    []int  // trail length at the start of each decision level
	qhead  int    // next trail entry to propagate
	ok     bool   // false once the clauses are contradictory at level 0
	conf   [2]Lit // the clause of a conflict found in a group

	// arena holds the clauses one after the other, each as a header of
	// hdrSize words and its literals, the first two of them watched; a
	// clause is named by the index of its header (see clause). Keeping a
	// clause's length and literals side by side, rather than a slice per
	// clause, spares propagate a load from another place in memory for
	// each clause it visits.
	arena   []Lit
	watches [][]int32 // per literal p: the clauses watching p.Not()
	// The at-most-one groups: group g's variables are
	// groupVars[groupStart[g]:groupStart[g+1]], and variable v is in the
	// groups inGroup[inStart[v]:inStart[v+1]] (built by index). Flat
	// arrays spare a slice header per group and per variable: a 64x64
	// board has tens of thousands of both.
	groupVars  []int32
	groupStart []int32
	inGroup    []int32
	inStart    []int32
	indexed    bool // inGroup and inStart hold every group

	activity []float64
	varInc   float64
	heap     varHeap
	phase    []bool // the value a variable last had
	seen     []bool
	learnBuf []Lit
	stamp    []int64 // per level: lbdOf's mark
	stampN   int64
	stack    []Lit // redundant's literals to look at
	toclear  []Lit // the literals analyze marked seen

	stable  bool   // the mode: stable, or focused
	modeEnd int64  // the conflicts at which the mode changes
	modeLen int64  // the conflicts of the current mode
	target  []int8 // per variable: the stable mode's phase, 1 true, -1 false, 0 none
	targetN int    // the length of the assignment target was taken from
	clean   int    // the length of the trail that met no conflict

	learntLits int64 // the literals of the learnt clauses kept
	maxLits    int64 // maxLearntLits, or less in tests
	conflicts  int64
	decisions  int64
	nextReduce int64
	reductions int64
	started    bool  // Solve has propagated the clauses given
	run        int64 // the run of the Luby sequence in the current mode
	budget     int64 // the conflicts left to the run
}

// varDecay is the factor by which the activity of every variable decays
// at each conflict (by growing the bump instead).
const varDecay = 0.95

// New returns a solver of n variables and no clauses. The seed breaks ties
// between variables of equal activity at the start.
func New(n int, seed uint64) *Solver {
	s := &Solver{
		value:      make([]int8, 2*n),
		level:      make([]int32, n),
		reason:     make([]int32, n),
		watches:    make([][]int32, 2*n),
		groupStart: []int32{0},
		inStart:    make([]int32, n+1),
		indexed:    true,
		activity:   make([]float64, n),
		varInc:     1,
		phase:      make([]bool, n),
		seen:       make([]bool, n),
		stamp:      make([]int64, n+1),
		ok:         true,
		nextReduce: 2000,
		maxLits:    maxLearntLits,
		target:     make([]int8, n),
		modeLen:    firstMode,
		modeEnd:    firstMode,
	}
	s.heap.act = s.activity
	s.heap.pos = make([]int32, n)
	rng := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	for v := range n {
		s.activity[v] = rng.Float64() * 1e-5
		s.phase[v] = true
	}
	for v := range n {
		s.heap.pos[v] = -1
		s.heap.insert(int32(v))
	}
	return s
}

// ExactlyOne adds the constraint that exactly one of the variables vars
// is true. It reports false when the problem is then contradictory.
func (s *Solver) ExactlyOne(vars []int) bool {
	if !s.ok {
		return false
	}
	s.AtMostOne(vars)
	c := make([]Lit, len(vars))
	for i, v := range vars {
		c[i] = Pos(v)
	}
	return s.Clause(c...)
}

// AtMostOne adds the constraint that at most one of the variables vars is
// true. Groups are meant to come before the first Solve: one added later
// is not checked against the variables already assigned.
func (s *Solver) AtMostOne(vars []int) {
	if len(vars) < 2 {
		return
	}
	for _, v := range vars {
		s.groupVars = append(s.groupVars, int32(v))
	}
	s.groupStart = append(s.groupStart, int32(len(s.groupVars)))
	s.indexed = false
}

// index lists the groups of each variable in inGroup and inStart, and
// copies the groups' arrays into ones of about their length.
func (s *Solver) index() {
	s.groupVars = slices.Clone(s.groupVars)
	s.groupStart = slices.Clone(s.groupStart)
	clear(s.inStart)
	for _, v := range s.groupVars {
		s.inStart[v+1]++
	}
	for v := range len(s.inStart) - 1 {
		s.inStart[v+1] += s.inStart[v]
	}
	s.inGroup = slices.Grow(s.inGroup[:0], len(s.groupVars))[:len(s.groupVars)]
	next := slices.Clone(s.inStart[:len(s.inStart)-1])
	for g := range len(s.groupStart) - 1 {
		for _, v := range s.groupVars[s.groupStart[g]:s.groupStart[g+1]] {
			s.inGroup[next[v]] = int32(g)
			next[v]++
		}
	}
	s.indexed = true
}

// Clause adds the clause of lits: one of them at least is true. It
// reports false when the problem is then contradictory. A clause may be
// added between calls of Solve too, as one that rules out the model just
// found: the search goes back to its root first, keeping what it learnt.
func (s *Solver) Clause(lits ...Lit) bool {
	if !s.ok {
		return false
	}
	s.backtrack(0)
	var c []Lit
	for _, q := range lits {
		switch {
		case s.value[q] == 1 || slices.Contains(c, q.Not()):
			return true // satisfied, or always true
		case s.value[q] == -1 || slices.Contains(c, q):
		default:
			c = append(c, q)
		}
	}
	return s.addClause(c)
}

// addClause adds a clause at level 0.
func (s *Solver) addClause(c []Lit) bool {
	switch len(c) {
	case 0:
		s.ok = false
	case 1:
		switch s.value[c[0]] {
		case -1:
			s.ok = false
		case 0:
			s.assign(c[0], noReason)
		}
	default:
		s.attach(c, false, 0)
	}
	return s.ok
}

// The header of a clause in the arena: its length, then its meta word,
// which holds the literal block distance of a learnt clause above two
// flags.
const (
	hdrLen     = 0
	hdrMeta    = 1
	hdrSize    = 2
	metaLearnt = 1
	metaGone   = 2 // deleted, until compact
	metaShift  = 2
)

// clause returns the literals of the clause of the arena named ci.
func (s *Solver) clause(ci int32) []Lit {
	return s.arena[ci+hdrSize : ci+hdrSize+int32(s.arena[ci+hdrLen])]
}

// attach adds clause c, of two literals or more, to the arena and to the
// watch lists of its first two literals, and returns its name.
func (s *Solver) attach(c []Lit, learnt bool, lbd int32) int32 {
	ci := int32(len(s.arena))
	meta := Lit(lbd) << metaShift
	if learnt {
		meta |= metaLearnt
	}
	s.arena = append(s.arena, Lit(len(c)), meta)
	s.arena = append(s.arena, c...)
	s.watches[c[0].Not()] = append(s.watches[c[0].Not()], ci)
	s.watches[c[1].Not()] = append(s.watches[c[1].Not()], ci)
	return ci
}

func (s *Solver) assign(p Lit, why int32) {
	s.value[p], s.value[p.Not()] = 1, -1
	v := p.Var()
	s.level[v] = int32(len(s.lim))
	s.reason[v] = why
	s.trail = append(s.trail, p)
}

// Value reports the value of variable v in the model Solve found.
func (s *Solver) Value(v int) bool { return s.value[Pos(v)] == 1 }

// Conflicts returns the conflicts met so far.
func (s *Solver) Conflicts() int64 { return s.conflicts }

// propagate propagates the trail from qhead on. It returns the conflicting
// clause, -1 for none, or binBase for the group conflict in s.conf.
func (s *Solver) propagate() int32 {
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		if p&1 == 0 {
			// p makes its variable true: the rest of its groups false.
			v := int32(p.Var())
			for _, g := range s.inGroup[s.inStart[v]:s.inStart[v+1]] {
				for _, u := range s.groupVars[s.groupStart[g]:s.groupStart[g+1]] {
					if u == v {
						continue
					}
					switch s.value[Pos(int(u))] {
					case 1:
						s.conf = [2]Lit{Neg(int(v)), Neg(int(u))}
						return binBase
					case 0:
						s.assign(Neg(int(u)), binBase-int32(p))
					}
				}
			}
		}
		ws := s.watches[p]
		falseLit := p.Not()
		j := 0
	watches:
		for i := 0; i < len(ws); i++ {
			ci := ws[i]
			c := s.clause(ci)
			if c[0] == falseLit {
				c[0], c[1] = c[1], c[0]
			}
			if s.value[c[0]] == 1 {
				ws[j] = ci
				j++
				continue
			}
			for k := 2; k < len(c); k++ {
				if s.value[c[k]] != -1 {
					// A new literal to watch: c leaves this list.
					c[1], c[k] = c[k], c[1]
					s.watches[c[1].Not()] = append(s.watches[c[1].Not()], ci)
					continue watches
				}
			}
			ws[j] = ci
			j++
			if s.value[c[0]] == -1 {
				j += copy(ws[j:], ws[i+1:])
				s.watches[p] = ws[:j]
				s.qhead = len(s.trail)
				return ci
			}
			s.assign(c[0], ci)
		}
		s.watches[p] = ws[:j]
	}
	return -1
}

// reasonOf returns the literals of reason why but the one it implied (all
// false): the other literal of a binary reason, held in buf, or those of
// a clause after its first.
func (s *Solver) reasonOf(why int32, buf []Lit) []Lit {
	if why <= binBase {
		return append(buf[:0], Lit(binBase-why).Not())
	}
	return s.clause(why)[1:]
}

// analyze returns the learnt clause of conflict confl (its first literal
// the one to assert) and the level to go back to.
func (s *Solver) analyze(confl int32) ([]Lit, int) {
	learnt := append(s.learnBuf[:0], 0)
	var scratch [1]Lit
	var lits []Lit
	if confl == binBase {
		lits = s.conf[:]
	} else {
		lits = s.clause(confl)
	}
	cur := int32(len(s.lim))
	pathC := 0
	var p Lit = -1
	idx := len(s.trail) - 1
	for {
		for _, q := range lits {
			v := q.Var()
			if s.seen[v] || s.level[v] == 0 {
				continue
			}
			s.bump(v, 1)
			s.seen[v] = true
			if s.level[v] >= cur {
				pathC++
			} else {
				learnt = append(learnt, q)
			}
		}
		for !s.seen[s.trail[idx].Var()] {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p.Var()] = false
		pathC--
		if pathC == 0 {
			break
		}
		lits = s.reasonOf(s.reason[p.Var()], scratch[:])
	}
	learnt[0] = p.Not()
	// Shrink: a literal implied by literals of the clause alone (or of
	// level 0), however far back, adds nothing.
	// The clause is filtered in place (a literal is read before its
	// place is written); toclear keeps its literals to unmark.
	s.toclear = append(s.toclear[:0], learnt[1:]...)
	var levels uint32 // a filter of the levels in the clause
	for _, q := range learnt[1:] {
		levels |= levelBit(s.level[q.Var()])
	}
	keep := learnt[:1]
	for _, q := range learnt[1:] {
		if s.reason[q.Var()] == noReason || !s.redundant(q, levels) {
			keep = append(keep, q)
		}
	}
	for _, q := range s.toclear {
		s.seen[q.Var()] = false
	}
	learnt = keep
	// The literals behind the clause's are bumped too, by half as much.
	for _, q := range learnt {
		if why := s.reason[q.Var()]; why != noReason {
			for _, r := range s.reasonOf(why, scratch[:]) {
				if s.level[r.Var()] > 0 {
					s.bump(r.Var(), 0.5)
				}
			}
		}
	}
	back := 0
	if len(learnt) > 1 {
		mx := 1
		for i := 2; i < len(learnt); i++ {
			if s.level[learnt[i].Var()] > s.level[learnt[mx].Var()] {
				mx = i
			}
		}
		learnt[1], learnt[mx] = learnt[mx], learnt[1]
		back = int(s.level[learnt[1].Var()])
	}
	s.learnBuf = learnt
	return learnt, back
}

// levelBit returns the bit of level l in a filter of 32 bits.
func levelBit(l int32) uint32 { return 1 << (uint32(l) & 31) }

// redundant reports whether p, a literal of the clause being learnt, is
// implied by its other literals (those marked seen) and literals of level
// 0, following reasons back (Sörensson and Biere 2009). A literal of a
// level not in the filter levels cannot be, nor can a decision. What it
// proves redundant stays marked, in s.toclear.
func (s *Solver) redundant(p Lit, levels uint32) bool {
	var scratch [1]Lit
	s.stack = append(s.stack[:0], p)
	top := len(s.toclear)
	for len(s.stack) > 0 {
		q := s.stack[len(s.stack)-1]
		s.stack = s.stack[:len(s.stack)-1]
		for _, r := range s.reasonOf(s.reason[q.Var()], scratch[:]) {
			v := r.Var()
			if s.seen[v] || s.level[v] == 0 {
				continue
			}
			if s.reason[v] == noReason || levels&levelBit(s.level[v]) == 0 {
				for _, x := range s.toclear[top:] {
					s.seen[x.Var()] = false
				}
				s.toclear = s.toclear[:top]
				return false
			}
			s.seen[v] = true
			s.stack = append(s.stack, r)
			s.toclear = append(s.toclear, r)
		}
	}
	return true
}

// lbdOf returns the number of decision levels among the literals of c.
func (s *Solver) lbdOf(c []Lit) int32 {
	s.stampN++
	n := int32(0)
	for _, q := range c {
		if l := s.level[q.Var()]; s.stamp[l] != s.stampN {
			s.stamp[l] = s.stampN
			n++
		}
	}
	return n
}

// bump raises the activity of v by f times the current increment.
func (s *Solver) bump(v int, f float64) {
	s.activity[v] += f * s.varInc
	if s.activity[v] > 1e100 {
		for i := range s.activity {
			s.activity[i] *= 1e-100
		}
		s.varInc *= 1e-100
	}
	s.heap.up(int32(v))
}

// backtrack undoes the assignments above decision level lvl.
func (s *Solver) backtrack(lvl int) {
	if len(s.lim) <= lvl {
		return
	}
	for i := len(s.trail) - 1; i >= s.lim[lvl]; i-- {
		p := s.trail[i]
		v := p.Var()
		s.phase[v] = p&1 == 0
		s.value[p], s.value[p.Not()] = 0, 0
		if s.heap.pos[v] < 0 {
			s.heap.insert(int32(v))
		}
	}
	s.trail = s.trail[:s.lim[lvl]]
	s.lim = s.lim[:lvl]
	s.qhead = len(s.trail)
	s.clean = min(s.clean, len(s.trail))
}

// maxLearntLits bounds the literals of the learnt clauses kept: past it,
// reduce runs at once, and spares the clauses of distance 2 no more. On
// a 64x64 board the clauses learnt run to hundreds of literals, and
// without a bound their memory grows with the length of the search; the
// boards the search solves in seconds never reach the bound.
const maxLearntLits = 1 << 18

// reduce deletes the worse half of the learnt clauses, by literal block
// distance, keeping those that are the reason of an assignment and,
// unless the learnt clauses hold more than maxLits literals, those of
// distance 2 or less.
func (s *Solver) reduce() {
	over := s.learntLits > s.maxLits
	var cand []int32
	for ci := int32(0); ci < int32(len(s.arena)); ci += hdrSize + int32(s.arena[ci+hdrLen]) {
		meta := s.arena[ci+hdrMeta]
		if meta&metaLearnt == 0 || !over && meta>>metaShift <= 2 {
			continue
		}
		if q := s.arena[ci+hdrSize]; s.reason[q.Var()] == ci && s.value[q] == 1 {
			continue
		}
		cand = append(cand, ci)
	}
	slices.SortStableFunc(cand, func(a, b int32) int {
		return int(s.arena[b+hdrMeta]>>metaShift - s.arena[a+hdrMeta]>>metaShift)
	})
	for _, ci := range cand[:len(cand)/2] {
		s.learntLits -= int64(s.arena[ci+hdrLen])
		s.arena[ci+hdrMeta] |= metaGone
	}
	s.compact()
}

// compact copies the clauses not deleted into a new arena, and
// renames them in the watch lists and the reasons, so that memory stays
// bounded by the clauses kept, however long the search. While it runs,
// the meta word of each clause of the old arena holds its new name, or
// -1 for a deleted clause.
func (s *Solver) compact() {
	kept := 0
	for ci := 0; ci < len(s.arena); ci += hdrSize + int(s.arena[ci+hdrLen]) {
		if s.arena[ci+hdrMeta]&metaGone == 0 {
			kept += hdrSize + int(s.arena[ci+hdrLen])
		}
	}
	// A fresh arena sized to what is kept, with room for the clauses
	// learnt until the next reduction, rather than the old one kept for
	// reuse: two arenas at their largest were most of a solver's memory.
	old, next := s.arena, make([]Lit, 0, kept+kept/2)
	for ci := 0; ci < len(old); {
		n := hdrSize + int(old[ci+hdrLen])
		if old[ci+hdrMeta]&metaGone != 0 {
			old[ci+hdrMeta] = -1
		} else {
			w := len(next)
			next = append(next, old[ci:ci+n]...)
			old[ci+hdrMeta] = Lit(w)
		}
		ci += n
	}
	for p, ws := range s.watches {
		j := 0
		for _, ci := range ws {
			if r := old[ci+hdrMeta]; r >= 0 {
				ws[j] = int32(r)
				j++
			}
		}
		s.watches[p] = ws[:j]
	}
	for v, why := range s.reason {
		if why >= 0 && s.value[Pos(v)] != 0 {
			// A clause that is a reason is never deleted.
			s.reason[v] = int32(old[why+hdrMeta])
		}
	}
	s.arena = next
}

// Luby returns the i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1,
// 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...: the cutoffs that waste at most a
// logarithmic factor against the best fixed cutoff for a search of
// unknown run-time distribution (Luby, Sinclair and Zuckerman 1993). The
// exact search of package search restarts by it too.
func Luby(i int64) int64 {
	for {
		k := int64(1)
		for (int64(1)<<k)-1 < i {
			k++
		}
		if i == (int64(1)<<k)-1 {
			return int64(1) << (k - 1)
		}
		i -= (int64(1) << (k - 1)) - 1
	}
}

// restartUnit is the number of conflicts of the Luby sequence's unit:
// the n-th run from level 0 lasts Luby(n)*restartUnit conflicts. Short
// runs pay on Sudoku: on two boards of 36x36 with 60 % of their cells
// open, two seeds each, a unit of 16 met a solution after 0.3 to 0.8
// times the conflicts of a unit of 100.
const restartUnit = 16

// stableUnit is restartUnit in the stable mode, CaDiCaL's.
const stableUnit = 1024

// firstMode is the conflicts of the first focused mode and of the first
// stable one; each later pair of modes lasts twice as long as the one
// before. On the hard big boards (36x36 to 49x49, about half of their
// cells open) the modes with the target phase need up to ten times fewer
// conflicts than the focused mode alone.
const firstMode = 1000

// switchMode turns to the other mode, and restarts the Luby sequence of
// restarts with a restart at once.
func (s *Solver) switchMode() {
	s.stable = !s.stable
	if !s.stable {
		s.modeLen *= 2
	}
	s.modeEnd = s.conflicts + s.modeLen
	s.run, s.budget = 0, 0
}

// updateTarget takes the target phase from the assignment that met no
// conflict, when it is the longest yet.
func (s *Solver) updateTarget() {
	if s.clean <= s.targetN {
		return
	}
	s.targetN = s.clean
	for _, q := range s.trail[:s.clean] {
		s.target[q.Var()] = 1 - 2*int8(q&1)
	}
}

// Solve searches for a model until it finds one, proves there is none,
// has met limit more conflicts (limit > 0), or stop (polled every 16
// conflicts and every 256 decisions; nil for none) returns true. After
// Unknown, a call goes on where the last one ended, with what it learnt.
func (s *Solver) Solve(limit int64, stop func() bool) Status {
	if !s.ok {
		return Unsatisfiable
	}
	if stop == nil {
		stop = func() bool { return false }
	}
	if !s.indexed {
		s.index()
	}
	if !s.started {
		if s.propagate() != -1 {
			s.ok = false
			return Unsatisfiable
		}
		s.started = true
		s.run, s.budget = 1, restartUnit
	}
	end := int64(-1)
	if limit > 0 {
		end = s.conflicts + limit
	}
	for {
		confl := s.propagate()
		if confl != -1 {
			s.conflicts++
			s.budget--
			if len(s.lim) == 0 {
				s.ok = false
				return Unsatisfiable
			}
			s.updateTarget()
			learnt, back := s.analyze(confl)
			s.backtrack(back)
			if len(learnt) == 1 {
				s.assign(learnt[0], noReason)
			} else {
				ci := s.attach(learnt, true, s.lbdOf(learnt))
				s.learntLits += int64(len(learnt))
				s.assign(learnt[0], ci)
				if s.learntLits > s.maxLits {
					s.reduce()
				}
			}
			s.varInc /= varDecay
			if s.conflicts == end || s.conflicts%16 == 0 && stop() {
				return Unknown
			}
			continue
		}
		s.clean = len(s.trail)
		if s.conflicts >= s.modeEnd {
			s.switchMode()
		}
		if s.budget <= 0 {
			s.backtrack(0)
			s.run++
			unit := int64(restartUnit)
			if s.stable {
				unit = stableUnit
			}
			s.budget = Luby(s.run) * unit
		}
		if s.conflicts >= s.nextReduce {
			s.nextReduce = s.conflicts + 2000 + 300*s.reductions
			s.reductions++
			s.reduce()
		}
		v := s.pick()
		if v < 0 {
			return Satisfiable
		}
		s.decisions++
		if s.decisions%256 == 0 && stop() {
			return Unknown
		}
		s.lim = append(s.lim, len(s.trail))
		phase := s.phase[v]
		if s.stable && s.target[v] != 0 {
			phase = s.target[v] > 0
		}
		if phase {
			s.assign(Pos(v), noReason)
		} else {
			s.assign(Neg(v), noReason)
		}
	}
}

// pick returns the unassigned variable of highest activity, or -1.
func (s *Solver) pick() int {
	for s.heap.len() > 0 {
		v := int(s.heap.pop())
		if s.value[Pos(v)] == 0 {
			return v
		}
	}
	return -1
}

// varHeap is a max-heap of variables by activity.
type varHeap struct {
	act  []float64
	heap []int32
	pos  []int32 // index in heap, -1 when not there
}

func (h *varHeap) len() int { return len(h.heap) }

func (h *varHeap) insert(v int32) {
	h.pos[v] = int32(len(h.heap))
	h.heap = append(h.heap, v)
	h.up(v)
}

func (h *varHeap) up(v int32) {
	i := h.pos[v]
	if i < 0 {
		return
	}
	for i > 0 {
		parent := (i - 1) / 2
		if h.act[h.heap[parent]] >= h.act[v] {
			break
		}
		h.heap[i] = h.heap[parent]
		h.pos[h.heap[i]] = i
		i = parent
	}
	h.heap[i] = v
	h.pos[v] = i
}

func (h *varHeap) pop() int32 {
	top := h.heap[0]
	last := h.heap[len(h.heap)-1]
	h.heap = h.heap[:len(h.heap)-1]
	h.pos[top] = -1
	if len(h.heap) == 0 {
		return top
	}
	i := int32(0)
	n := int32(len(h.heap))
	for {
		child := 2*i + 1
		if child >= n {
			break
		}
		if child+1 < n && h.act[h.heap[child+1]] > h.act[h.heap[child]] {
			child++
		}
		if h.act[h.heap[child]] <= h.act[last] {
			break
		}
		h.heap[i] = h.heap[child]
		h.pos[h.heap[i]] = i
		i = child
	}
	h.heap[i] = last
	h.pos[last] = i
	return top
}
