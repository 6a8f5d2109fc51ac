package cube

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Strategy says how [Anneal] goes about a cube and shares the work among
// its workers.
type Strategy int

// The strategies. The zero value, Master, is the fastest measured on two
// cores, Chains a close second (see the package documentation).
const (
	// Master solves the cube face by face on one chain, and every worker
	// anneals each face in turn, from its own random start: the first to
	// solve the face wins, its digits are fixed and the workers go on to
	// the next face. It is the master/worker method of Mayorov and
	// Whitlock, with the faces after the first handed out one at a time
	// (see [Anneal] for why they cannot be solved side by side).
	Master Strategy = iota
	// Chains solves the cube face by face (see [Anneal]), each worker
	// on a chain of its own, with its own random stream: the first chain
	// to solve the last face wins and the others are cancelled. It is the
	// first method of Mayorov and Whitlock.
	Chains
	// Whole anneals the cube's geometry as one puzzle with package
	// anneal's model, unchanged: each box filled with its missing digits,
	// swaps within a box, and repeats counted in every other unit. Under
	// [Match] a cell shared by two faces lies in a box of each; it is
	// swapped only within the box of the first face in [Cube.Faces] order
	// (its designated box). The other face's box keeps its other cells as
	// a group that holds, with spare slots outside every unit, all the
	// digits the box is missing, so that its digits can follow those of
	// the shared cells, and it is counted as a cost unit like a row (see
	// [anneal.Model]). Workers run independent chains and the first
	// solution wins. It is the simplest strategy and the slowest, with
	// the longest tail.
	Whole
)

var strategyNames = contract.NewNames[Strategy](pkg, "Strategy", "master", "chains", "whole")

// String returns "master", "chains" or "whole".
func (s Strategy) String() string { return strategyNames.String(s) }

// MarshalText implements encoding.TextMarshaler with [Strategy.String].
func (s Strategy) MarshalText() ([]byte, error) { return strategyNames.Marshal(s) }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseStrategy].
func (s *Strategy) UnmarshalText(text []byte) error { return strategyNames.Unmarshal(s, text) }

// faceChains is the number of chains a face gets before its annealing is
// deemed a failure. An empty face of 9x9 or 16x16 is solved in about 10
// chains; a face whose fixed edges leave it no solution would use up any
// budget, so it is kept small.
const faceChains = 60

// Anneal solves cube puzzle c by simulated annealing with strategy s, and
// returns the solution, a new cube that keeps c's givens. c is only read:
// neither it nor its board is changed. It runs on [anneal.Parallel], each
// face (or the whole cube) annealed as by [anneal.Solve], with a target of
// 0. [WithWorkers] sets how many workers the strategy uses (see
// [Strategy]), [WithSeed] seeds every random stream, [WithChainLimit]
// bounds the chains, [WithObserver] watches every chain, [WithStats]
// reports the whole call, and [WithAnneal] passes other options of
// package anneal to every run.
//
// # Face by face
//
// Chains and Master solve one face at a time. A face is a puzzle of its
// own: its m x m cells with its rows, columns and boxes, where the cells
// fixed so far (the givens, and every cell of a face already solved) are
// givens; plus every other unit of the cube that holds a free cell of the
// face, cut down to the face's cells and the fixed cells. Under Match a
// cell shared with a face already solved is thus a given, and the edge of
// the face ahead, the cells shared with a face not yet solved, must agree
// with that face's fixed cells in its rows, columns and boxes; under
// Differ the stickers across an edge from fixed ones must differ from
// them (the edge units, cut down). The face is annealed with package
// anneal's model on that geometry, swaps within its own boxes, so every
// unit of the cube restricted to the cells fixed so far stays free of
// repeats, and once the last face is solved the whole cube is.
//
// The next face is the one with the most stickers fixed or across an
// edge from a fixed one (ties go to the earlier face): face 0 first,
// then its neighbors, the last face nearly forced. Digits fixed early
// can leave a later face with no solution. So after each face the whole
// cube is checked with naked and hidden singles (package logic); a face
// whose digits fail the check, or that is not solved within its budget
// (60 chains, fewer when WithChainLimit leaves fewer), is annealed again
// from a new random start (a retry), and after two failures in a row the
// face solved last is undone and solved again (backtracking one face at
// a time). When more faces than the cube has are undone so without
// getting further than before, every face is undone and the chain starts
// again from the givens (a restart).
//
// Under Master the faces after the first cannot be annealed side by side
// by different workers: on a cube every two faces share a unit, an edge
// when they are adjacent, the rows or columns of the four faces between
// them when they are opposite, so two faces solved apart would break it.
// The workers race on one face at a time instead.
//
// # Errors
//
// Anneal runs until it solves c, unless WithChainLimit or ctx ends it
// first; annealing cannot prove that a puzzle has no solution, but an
// empty cell or digit that naked and hidden singles leave without a place
// is reported at once. It returns ctx's error when ctx ends first, an
// error wrapping [anneal.ErrNotSolved] when the chain limit is reached or
// the givens contradict each other ([logic.ErrContradiction] too), one
// wrapping [sudoku.ErrConflict] (a [*sudoku.ConflictError]) when two
// givens conflict, the observer's error (wrapped), and errors wrapping
// [sudoku.ErrInvalidArgument] for a nil context or cube, an unknown
// strategy or a bad option. The cube is nil on error. No goroutine
// started by Anneal outlives it.
func Anneal(ctx context.Context, c *Cube, s Strategy, opts ...Option) (*Cube, error) {
	began := time.Now()
	var st Stats
	cfg, err := newConfig(opts)
	defer func() { cfg.report(st, began) }()
	switch {
	case err != nil:
		return nil, err
	case ctx == nil:
		return nil, contract.Invalid(pkg, "Anneal: nil context")
	case c == nil:
		return nil, contract.Invalid(pkg, "Anneal: nil cube")
	case !strategyNames.Valid(s):
		return nil, contract.Invalid(pkg, "Anneal: unknown strategy %d", int(s))
	}
	c = c.view() // only read, never changed: a zero Cube reads as the empty 9x9 one
	popts := cfg.annealOptions(&st.Stats)
	var (
		sol   *sudoku.Board
		mu    sync.Mutex
		faces Stats // the face counts of every task
	)
	switch s {
	case Whole:
		sol, err = anneal.Parallel(ctx, 1, func(ctx context.Context, w *anneal.Worker) (*sudoku.Board, error) {
			return anneal.Solve(ctx, c.b, w.Options(anneal.WithTarget(0))...)
		}, popts...)
	default:
		tasks := 0 // Chains: one chain of faces per worker
		if s == Master {
			tasks = 1 // one chain of faces, each face on every worker
		}
		check := c.Validate()
		if check == nil {
			if err := propagates(c.b); err != nil {
				check = fmt.Errorf("cube: %w: %w", anneal.ErrNotSolved, err)
			}
		}
		sol, err = anneal.Parallel(ctx, tasks, func(ctx context.Context, w *anneal.Worker) (*sudoku.Board, error) {
			if check != nil { // reported through Parallel, so that the stats give the seed and workers
				return nil, check
			}
			d := newFacewise(c, w)
			err := d.run(ctx)
			mu.Lock()
			faces.add(&d.counts)
			mu.Unlock()
			if err != nil {
				return nil, err
			}
			return d.board(), nil
		}, popts...)
	}
	st.add(&faces)
	if err != nil {
		return nil, err
	}
	out := &Cube{v: c.v, b: sol}
	if err := checkSolved(out); err != nil {
		return nil, err
	}
	return out, nil
}

// checkSolved returns nil for a solved cube, else an error wrapping
// anneal.ErrNotSolved, and the conflict when digits repeat. Anneal checks
// its answer with it, though no strategy is expected to give a cube that
// fails.
func checkSolved(c *Cube) error {
	switch err := c.Validate(); {
	case err != nil:
		return fmt.Errorf("cube: %w: annealing gave a cube with repeats: %w", anneal.ErrNotSolved, err)
	case !c.Solved():
		return fmt.Errorf("cube: %w: annealing gave a cube with empty cells", anneal.ErrNotSolved)
	}
	return nil
}

// facewise is one face-by-face chain: the cube's digits fixed so far and
// the faces solved, in order, annealed by a task of anneal.Parallel.
type facewise struct {
	c        *Cube
	w        *anneal.Worker
	digits   []int  // fixed digit of each cell, 0 while free
	onFace   []bool // scratch: cells of the face being built
	subIndex []int  // scratch: cell of the face's puzzle for each cube cell, -1 if none
	solved   []solvedFace
	counts   Stats // the retries, backtracks and resets of the chain
}

// solvedFace is a face solved, with the cells its solution fixed.
type solvedFace struct {
	face  Face
	cells []int
}

func newFacewise(c *Cube, w *anneal.Worker) *facewise {
	cells := c.v.g.NumCells()
	return &facewise{c: c, w: w, digits: c.b.Digits(), onFace: make([]bool, cells), subIndex: make([]int, cells)}
}

// done reports whether every face is solved.
func (d *facewise) done() bool { return len(d.solved) == len(d.c.v.faces) }

// board returns the cube's board with every cell fixed so far filled in,
// the givens kept.
func (d *facewise) board() *sudoku.Board {
	b := d.c.b.Clone()
	for cell, digit := range d.digits {
		if b.Get(cell) == 0 && digit != 0 {
			_ = b.Set(cell, digit)
		}
	}
	return b
}

// run solves the faces one after another until all are solved or an error
// ends it.
func (d *facewise) run(ctx context.Context) error {
	st := &d.counts
	fails := 0   // failures in a row at the current depth
	stalls := 0  // faces undone since the deepest depth grew
	deepest := 0 // most faces solved at once since the last restart
	for !d.done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		ok, err := d.solveNext(ctx)
		switch {
		case err != nil:
			return err
		case ok:
			fails = 0
			if len(d.solved) > deepest {
				deepest, stalls = len(d.solved), 0
			}
			continue
		}
		st.Retries++
		if fails++; fails < 2 || len(d.solved) == 0 {
			continue
		}
		fails = 0
		if stalls++; stalls <= len(d.c.v.faces) {
			d.undo()
			st.Backtracks++
			continue
		}
		// Undoing one face at a time goes round in circles: start again
		// from the givens.
		for len(d.solved) > 0 {
			d.undo()
		}
		st.Resets++
		stalls, deepest = 0, 0
	}
	return nil
}

// solveNext anneals the next face and fixes its digits. It reports
// whether it did; false means a face to try again.
func (d *facewise) solveNext(ctx context.Context) (bool, error) {
	f := d.next()
	sub, cells, err := d.facePuzzle(f)
	if err != nil {
		return false, err
	}
	if sub.Empty() > 0 {
		if d.w.ChainsLeft() == 0 {
			return false, fmt.Errorf("cube: %w: chain limit reached with %d of %d faces solved",
				anneal.ErrNotSolved, len(d.solved), len(d.c.v.faces))
		}
		sol, err := anneal.Solve(ctx, sub, d.w.Options(anneal.WithTarget(0), anneal.WithChainLimit(faceChains))...)
		switch {
		case errors.Is(err, anneal.ErrNotSolved):
			return false, nil
		case err != nil:
			return false, err
		}
		sub = sol
	}
	var fixed []int
	for i, cell := range cells {
		if d.digits[cell] == 0 {
			d.digits[cell] = sub.Get(i)
			fixed = append(fixed, cell)
		}
	}
	d.solved = append(d.solved, solvedFace{f, fixed})
	if len(fixed) > 0 && !d.done() && propagates(d.board()) != nil {
		d.undo()
		return false, nil
	}
	return true, nil
}

// undo frees the cells of the face solved last.
func (d *facewise) undo() {
	last := d.solved[len(d.solved)-1]
	for _, cell := range last.cells {
		d.digits[cell] = 0
	}
	d.solved = d.solved[:len(d.solved)-1]
}

// next returns the face to solve next: of the faces not solved, the one
// with the most stickers fixed or across an edge from a fixed one, the
// earliest on a tie.
func (d *facewise) next() Face {
	v := d.c.v
	best, bestCount := Face(-1), -1
	for _, f := range v.faces {
		if slices.ContainsFunc(d.solved, func(s solvedFace) bool { return s.face == f }) {
			continue
		}
		count := 0
		for i, cell := range v.faceCells[f] {
			fixed := d.digits[cell] != 0
			for _, p := range v.partners[v.stickerIndex(Sticker{f, i / v.m, i % v.m})] {
				fixed = fixed || d.digits[v.cell(p)] != 0
			}
			if fixed {
				count++
			}
		}
		if count > bestCount {
			best, bestCount = f, count
		}
	}
	return best
}

// facePuzzle returns the puzzle of face f: its cells first, row by row,
// then the fixed cells outside f that share a unit with a free cell of f;
// its own rows, columns and boxes, then every other unit of the cube with
// a free cell of f, cut down to the cells of the puzzle (of kind
// sudoku.Edge, so that only f's boxes are swapped within). The cells
// fixed so far are givens. It also returns the cube cell of each of f's
// cells.
func (d *facewise) facePuzzle(f Face) (*sudoku.Board, []int, error) {
	v := d.c.v
	g := v.g
	cells := v.faceCells[f]
	clear(d.onFace)
	for i := range d.subIndex {
		d.subIndex[i] = -1
	}
	var order []int // cube cell of each cell of the puzzle
	for _, cell := range cells {
		d.onFace[cell] = true
		d.subIndex[cell] = len(order)
		order = append(order, cell)
	}
	var units []sudoku.Unit
	seen := make(map[string]bool)
	for ui, u := range g.Units() {
		own, free := true, false
		for _, cell := range u.Cells {
			own = own && d.onFace[cell]
			free = free || d.onFace[cell] && d.digits[cell] == 0
		}
		if !free {
			continue
		}
		var sub []int
		for _, cell := range u.Cells {
			if !d.onFace[cell] && d.digits[cell] == 0 {
				continue
			}
			if d.subIndex[cell] < 0 {
				d.subIndex[cell] = len(order)
				order = append(order, cell)
			}
			sub = append(sub, d.subIndex[cell])
		}
		if len(sub) < 2 {
			continue
		}
		key := fmt.Sprint(slices.Sorted(slices.Values(sub)))
		if seen[key] {
			continue
		}
		seen[key] = true
		kind := u.Kind
		if !own {
			kind = sudoku.Edge
		}
		units = append(units, sudoku.Unit{Kind: kind, Cells: sub, Name: g.UnitName(ui)})
	}
	names := make([]string, len(order))
	for i, cell := range order {
		names[i] = g.CellName(cell)
	}
	sg, err := sudoku.NewCustomGeometry(sudoku.Spec{Digits: v.m, Cells: len(order), Units: units, CellNames: names})
	if err != nil { // not expected: the units come from a valid geometry
		return nil, nil, fmt.Errorf("cube: the puzzle of the %s face: %w", f, err)
	}
	b := sudoku.NewBoard(sg)
	for i, cell := range order {
		if digit := d.digits[cell]; digit != 0 {
			_ = b.SetGiven(i, digit)
		}
	}
	return b, cells, nil
}

// propagates checks b with naked and hidden singles, and returns the
// contradiction they find, if any.
func propagates(b *sudoku.Board) error {
	s, err := logic.NewState(b)
	if err == nil {
		err = s.Propagate()
	}
	return err
}
