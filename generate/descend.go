package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// A removal to a level L (see remove) ends with a puzzle the rules of L
// solve and from which no clue can leave without losing that; but most
// such puzzles are easier than L (for a hard 9x9 puzzle, about one in a
// hundred needs a hard rule), since the last clues to leave take the
// puzzle past L at once. descend comes from the other side: a minimal
// puzzle, proved unique by search, is mostly harder than L, and clues of
// the solution come back, one at a time, until the rules of L solve it.
// A clue never makes a puzzle harder, so the rules need not start again:
// the candidates they left in the puzzle without it stay valid with it,
// and they go on from there. Each step tries a sample of the clues that
// could come next, in the cells the rules left open (a clue in a cell they
// solved would change nothing): one with which the rules of L solve the
// puzzle and those below L do not ends the descent; failing that, the step
// takes the one with which the rules of L get furthest (see walk). When
// the descent fails, the clues leave again from the puzzle with a few more
// clues, for a new minimal puzzle near the last, and a new descent.

// descendCells is the most cells of a board that descend works on. On
// larger boards removal at the level meets it in one or two attempts,
// and the minimal puzzle a descent starts from costs more than that: a
// hard or medium 16x16 puzzle took 1.5 to 2 times as long by descent.
const descendCells = 144

// descend makes puzzle, a copy of its solution sol with every clue, a
// puzzle at the acceptor's level (see above), removing clues in order to
// a minimal puzzle first. It reports whether the last removal went through
// every orbit (see remove), and whether the puzzle met the level, as the
// acceptor measures it; when it did not, the puzzle is unique, harder or
// easier than the level.
func (r *remover) descend(ctx context.Context, accept *acceptor, puzzle, sol *sudoku.Board, order [][]int, rng *rand.Rand) (complete, met bool, err error) {
	var unique acceptor // proves uniqueness by search
	g := puzzle.Geometry()
	d := &descent{r: r, accept: accept, puzzle: puzzle, sol: sol, rng: rng, orbitOf: make([]int, g.NumCells())}
	for i, orbit := range r.orbits {
		for _, c := range orbit {
			d.orbitOf[c] = i
		}
	}
	for round := range descendRounds {
		if round > 0 {
			if err := ended(ctx); err != nil {
				return false, false, err
			}
			if r.outOfTime() {
				break
			}
			// Another minimal puzzle near the last one: a few clues of
			// the solution come back, and the clues leave again, the
			// old ones first, in a new order (the new ones, tried
			// first, would mostly leave and give the last puzzle back).
			var out [][]int
			order = order[:0]
			for _, o := range r.orbits {
				if puzzle.Given(o[0]) {
					order = append(order, o)
				} else {
					out = append(out, o)
				}
			}
			rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			for _, o := range out[:min(len(out), descendPerturb)] {
				give(puzzle, o, sol)
				order = append(order, o)
			}

		}
		if complete, err = r.remove(ctx, &unique, puzzle, order); err != nil {
			return false, false, err
		}
		solved, needs, err := accept.measure(ctx, puzzle)
		if err != nil {
			return false, false, err
		}
		switch {
		case solved && needs:
			return complete, true, nil
		case solved:
			continue // too easy already
		case !needs:
			// No solution: cannot be, on clues of a solution.
			return complete, false, nil
		}
		d.budget = descendBudget * g.NumCells()
		if d.low == nil {
			d.low, d.up = accept.lowState.Clone(), accept.scratch.Clone()
			d.tryLow, d.tryUp, d.next = d.low.Clone(), d.low.Clone(), d.low.Clone()
		} else {
			d.low.CopyFrom(accept.lowState)
			d.up.CopyFrom(accept.scratch)
		}
		if met, err = d.walk(ctx); err != nil || met {
			return complete, met, err
		}
	}
	return complete, false, nil
}

// descendBudget bounds the clues one descent tries, per cell of the
// board, and descendTries those it tries at each step, from the cells the
// rules left open (a sample: trying them all costs more than it finds);
// descendRounds bounds the minimal puzzles descend makes and descends from
// on one grid: each after the first comes back to the last one's clues
// with descendPerturb orbits of clues more, and removes clues again, the
// last puzzle's in a new order, then the new ones; at a third of the cost
// of a minimal puzzle from a new grid. Measured on 9x9 hard puzzles, in
// CPU time per puzzle (interleaved runs): every clue at each step instead
// of 16, 1.12 times as long; 5 or 12 orbits back instead of 8, 1.1 to 1.2
// times; the new clues shuffled among the others, 1.1 times.
const (
	descendBudget  = 1
	descendTries   = 16
	descendRounds  = 32
	descendPerturb = 8
)

// descent is the state of one descend.
type descent struct {
	r           *remover
	accept      *acceptor
	puzzle, sol *sudoku.Board
	rng         *rand.Rand
	orbitOf     []int // the index in r.orbits of each cell's orbit
	budget      int   // of clues left to try
	cands       []int // orbits that may come next
	// low and up are where the rules below the level and those of the
	// level stop on the puzzle; tryLow and tryUp the same with one more
	// clue; next is up with the clue the descent takes next.
	low, up, tryLow, tryUp, next *logic.State
}

// walk descends from the puzzle, whose rules stop at d.low and d.up (both
// short of solving it): it tries up to descendTries of the clues that
// could come next, in a random order, and reports true, with the clue given, when one makes a
// puzzle of the level. Otherwise, it gives the clue with which the rules
// of the level get furthest without solving the puzzle, and goes on from
// there until no clue is left to take or the budget runs out; the puzzle
// keeps the clues it was given.
func (d *descent) walk(ctx context.Context) (bool, error) {
	g := d.puzzle.Geometry()
	for d.budget > 0 {
		d.cands = d.cands[:0]
		for c := range g.NumCells() {
			if d.up.Value(c) == 0 && !slices.Contains(d.cands, d.orbitOf[c]) {
				d.cands = append(d.cands, d.orbitOf[c])
			}
		}
		d.rng.Shuffle(len(d.cands), func(i, j int) { d.cands[i], d.cands[j] = d.cands[j], d.cands[i] })
		d.cands = d.cands[:min(len(d.cands), descendTries)]
		best := -1
		for _, o := range d.cands {
			if err := ended(ctx); err != nil {
				return false, err
			}
			if d.budget <= 0 || d.r.outOfTime() {
				return false, nil
			}
			d.budget--
			orbit := d.r.orbits[o]
			solved, err := extend(ctx, d.accept.rules, d.tryUp, d.up, orbit, d.sol)
			if err != nil {
				return false, err
			}
			if solved {
				if solved, err = extend(ctx, d.accept.lower, d.tryLow, d.low, orbit, d.sol); err != nil {
					return false, err
				}
				if !solved {
					give(d.puzzle, orbit, d.sol)
					return true, nil
				}
				continue // too easy with it
			}
			if best < 0 || d.tryUp.Left() < d.next.Left() {
				best = o
				d.next.CopyFrom(d.tryUp)
			}
		}
		if best < 0 {
			return false, nil // every clue makes the puzzle too easy
		}
		orbit := d.r.orbits[best]
		if _, err := extend(ctx, d.accept.lower, d.tryLow, d.low, orbit, d.sol); err != nil {
			return false, err
		}
		give(d.puzzle, orbit, d.sol)
		d.low, d.tryLow = d.tryLow, d.low
		d.up, d.next = d.next, d.up
	}
	return false, nil
}

// extend makes to a copy of from with the digits of sol in the cells of
// orbit placed, reduces it by rules, and reports whether that solves it.
// A contradiction (from was not a state of sol's puzzle) is no solution.
func extend(ctx context.Context, rules logic.Rules, to, from *logic.State, orbit []int, sol *sudoku.Board) (bool, error) {
	to.CopyFrom(from)
	for _, c := range orbit {
		if err := to.Assign(c, sol.Get(c)); err != nil {
			return false, ignoreContradiction(err)
		}
	}
	if _, err := rules.Reduce(ctx, to); err != nil {
		return false, ignoreContradiction(err)
	}
	return to.Left() == 0, nil
}

// measure loads puzzle into the acceptor's scratch state and solves it by
// the rules below the target level, then, when they leave cells open, by
// those of the level. It reports whether the puzzle is solved in the end
// (so it has one solution), and whether the lower rules left cells open
// (so, when it is solved, the puzzle needs the level). When they did,
// lowState holds where they stopped and the scratch state where the rules
// of the level did.
func (a *acceptor) measure(ctx context.Context, puzzle *sudoku.Board) (solved, needs bool, err error) {
	s, err := a.load(puzzle)
	if err != nil {
		return false, false, nil
	}
	if _, err := a.lower.Reduce(ctx, s); err != nil {
		return false, false, ignoreContradiction(err)
	}
	if s.Left() == 0 {
		return true, false, nil
	}
	if a.lowState == nil {
		a.lowState = s.Clone()
	} else {
		a.lowState.CopyFrom(s)
	}
	if _, err := a.rules.Reduce(ctx, s); err != nil {
		return false, true, ignoreContradiction(err)
	}
	return s.Left() == 0, true, nil
}

// give gives the cells of orbit their digits in sol, as givens.
func give(b *sudoku.Board, orbit []int, sol *sudoku.Board) {
	for _, c := range orbit {
		b.SetGiven(c, sol.Get(c)) // cannot fail: a digit of the same geometry
	}
}

// load returns the acceptor's scratch state holding the digits of b,
// placed and removed from their peers (as [logic.NewState] makes it,
// without its allocations), or the error of a contradiction.
func (a *acceptor) load(b *sudoku.Board) (*logic.State, error) {
	g := b.Geometry()
	if a.empty == nil || a.empty.Geometry() != g {
		empty, err := logic.NewState(sudoku.NewBoard(g))
		if err != nil {
			return nil, err
		}
		a.empty, a.scratch = empty, empty.Clone()
	}
	s := a.scratch
	s.CopyFrom(a.empty)
	for c := range g.NumCells() {
		if d := b.Get(c); d != 0 {
			if err := s.Assign(c, d); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// ignoreContradiction returns nil for an error wrapping
// [logic.ErrContradiction] (a puzzle with no solution, which a move
// refuses) and err otherwise.
func ignoreContradiction(err error) error {
	if errors.Is(err, logic.ErrContradiction) {
		return nil
	}
	return err
}
