package cube

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/cubedoku/cubedoku/anneal"
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
	// solution wins. It is the simplest strategy and the slowest: three
	// to eight times slower than Master on the cubes of 9x9 faces, with
	// a longer tail.
	Whole
)

var strategyNames = []string{"master", "chains", "whole"}

// String returns "master", "chains" or "whole".
func (s Strategy) String() string { return name(strategyNames, s, "strategy") }

// MarshalText implements encoding.TextMarshaler with [Strategy.String].
func (s Strategy) MarshalText() ([]byte, error) { return marshalName(strategyNames, s, "strategy") }

// UnmarshalText implements encoding.TextUnmarshaler: "master", "chains"
// or "whole".
func (s *Strategy) UnmarshalText(text []byte) error {
	return unmarshalName(strategyNames, s, text, "strategy")
}

// AnnealStats counts what [Anneal] did, summed over its workers, faces
// and attempts.
type AnnealStats struct {
	Strategy Strategy
	Moves    int64 // moves proposed
	Chains   int64 // chains run (a chain is a run of moves at one temperature)
	Reheats  int64 // times a temperature was raised again
	// Faces counts the faces annealed, each attempt once (0 for Whole).
	Faces int
	// Retries counts the face solutions not kept: a face not solved
	// within its budget of chains, or solved with digits that leave the
	// rest of the cube without a completion that naked and hidden singles
	// can see.
	Retries int
	// Backtracks counts the solved faces undone to be solved again,
	// after a face that depends on them failed twice in a row.
	Backtracks int
	// Restarts counts the times every solved face was undone, to start
	// again from the givens, after more backtracks than the cube has
	// faces without solving more faces than before.
	Restarts int
	// Workers is the number of workers; Worker the one whose chain gave
	// the cube returned (always 0 but for Chains and Whole).
	Workers, Worker int
	// Seed is the seed the run used: pass it to [anneal.WithSeed] to
	// repeat a run with one worker.
	Seed uint64
	// Elapsed is the wall time of the call.
	Elapsed time.Duration
}

// faceChains is the number of chains a face gets before its annealing is
// deemed a failure. An empty face of 9x9 or 16x16 is solved in about 10
// chains; a face whose fixed edges leave it no solution would use up any
// budget, so it is kept small.
const faceChains = 60

// Anneal solves cube puzzle c by simulated annealing with strategy s, and
// returns the solution, a new cube that keeps c's givens. c is not
// changed. The options are those of package anneal, applied as by
// [anneal.Solve] (its defaults, then opts), with these differences:
// the target is always 0 (a solution); [anneal.WithWorkers] sets how
// many workers the strategy uses (see [Strategy]); [anneal.WithSeed]
// seeds every random stream of the run, so that with one worker a run is
// repeated exactly, while with several the first worker to finish wins
// and the answer may vary from run to run; [anneal.WithMaxChains] bounds
// the chains of each worker summed over all the faces it anneals; and the
// observer is called after every chain of every face's annealing, never
// concurrently, with Progress.Worker the worker (Chains) and the other
// fields those of the face's own run.
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
// then its neighbours, the last face nearly forced. Digits fixed early
// can leave a later face with no solution. So after each face the whole
// cube is checked with naked and hidden singles; a face whose digits fail
// the check, or that is not solved within its budget (60 chains, fewer
// when WithMaxChains leaves fewer), is annealed again from a new random
// start, and after two failures in a row the face solved last is undone
// and solved again (backtracking one face at a time). When more faces
// than the cube has are undone so without getting further than before,
// every face is undone and the chain starts again from the givens.
//
// Under Master the faces after the first cannot be annealed side by side
// by different workers: on a cube every two faces share a unit, an edge
// when they are adjacent, the rows or columns of the four faces between
// them when they are opposite, so two faces solved apart would break it.
// The workers race on one face at a time instead.
//
// # Errors
//
// Anneal runs until it solves c, unless WithMaxChains or ctx ends it
// first; annealing cannot prove that a puzzle has no solution, but an
// empty cell or digit that naked and hidden singles leave without a place
// is reported at once. It returns ctx's error when ctx ends first, an
// error wrapping [anneal.ErrNotSolved] when the chain limit is reached, an
// observer stops the run with [anneal.ErrStop] or the givens contradict
// each other ([logic.ErrContradiction] too), one wrapping
// [sudoku.ErrConflict] when two givens conflict, the observer's own
// error, and errors wrapping [sudoku.ErrInvalidArgument] (a nil context or cube,
// an unknown strategy) or [anneal.ErrInvalidArgument] (a bad option).
// The cube is nil on error; the stats count the work done in every case
// but bad arguments. No goroutine started by Anneal outlives it.
func Anneal(ctx context.Context, c *Cube, s Strategy, opts ...anneal.Option) (*Cube, AnnealStats, error) {
	began := time.Now()
	st := AnnealStats{Strategy: s}
	switch {
	case ctx == nil:
		return nil, st, invalid("nil context")
	case c == nil:
		return nil, st, invalid("nil cube")
	case s < 0 || int(s) >= len(strategyNames):
		return nil, st, invalid("unknown strategy %d", int(s))
	}
	set, err := anneal.ReadSettings(opts...)
	if err != nil {
		return nil, st, err
	}
	st.Workers, st.Seed = set.Workers, set.Seed
	c = c.Clone() // the caller's cube is only read; a zero Cube reads as the empty 9x9 one
	if err := c.Validate(); err != nil {
		return nil, st, err
	}
	var sol *sudoku.Board
	if s == Whole {
		sol, err = annealWhole(ctx, c, set, opts, &st)
	} else {
		sol, err = annealFaces(ctx, c, s, set, opts, &st)
	}
	st.Elapsed = time.Since(began)
	if err != nil {
		return nil, st, err
	}
	out := &Cube{v: c.v, b: sol}
	if !out.Solved() {
		return nil, st, fmt.Errorf("cube: internal error: annealing gave an unsolved cube (%v)", out.Validate())
	}
	return out, st, nil
}

// annealWhole anneals the cube's own geometry with anneal.Solve.
func annealWhole(ctx context.Context, c *Cube, set anneal.Settings, opts []anneal.Option, st *AnnealStats) (*sudoku.Board, error) {
	obs := newObserver(set.Observer)
	all := append(slices.Clip(opts), anneal.WithSeed(set.Seed), anneal.WithTarget(0))
	if o := obs.option(-1); o != nil {
		all = append(all, o)
	}
	res, err := anneal.Solve(ctx, c.b, all...)
	st.Moves, st.Chains, st.Reheats, st.Worker = res.Stats.Moves, res.Stats.Chains, res.Stats.Reheats, res.Stats.Worker
	if err != nil {
		return nil, err
	}
	return res.Best.Board(), nil
}

// errFound is returned by the chain that solved the cube, to cancel the
// others.
var errFound = errors.New("cube: solved")

// annealFaces runs the face-by-face strategies.
func annealFaces(ctx context.Context, c *Cube, s Strategy, set anneal.Settings, opts []anneal.Option, st *AnnealStats) (*sudoku.Board, error) {
	if err := propagates(c.b); err != nil {
		return nil, fmt.Errorf("%w: %w", anneal.ErrNotSolved, err)
	}
	obs := newObserver(set.Observer)
	if s == Master || set.Workers == 1 {
		d := newFacewise(c, set, 0)
		err := d.run(ctx, obs, faceSolver(opts, set.Workers, obs.option(-1)))
		d.stats.add(st)
		if err != nil {
			return nil, err
		}
		return d.board(), nil
	}
	drivers := make([]*facewise, set.Workers)
	winner := -1
	var once sync.Once
	g, gctx := errgroup.WithContext(ctx)
	for w := range drivers {
		d := newFacewise(c, set, w)
		drivers[w] = d
		g.Go(func() error {
			if err := d.run(gctx, obs, faceSolver(opts, 1, obs.option(w))); err != nil {
				return err
			}
			once.Do(func() { winner = w })
			return errFound
		})
	}
	err := g.Wait()
	for _, d := range drivers {
		d.stats.add(st)
	}
	if err == errFound && winner >= 0 {
		st.Worker = winner
		return drivers[winner].board(), nil
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return nil, err
}

// solveFunc anneals the puzzle of one face with a seed and a limit of
// chains per worker, and returns its solution.
type solveFunc func(ctx context.Context, sub *sudoku.Board, seed uint64, maxChains int) (*sudoku.Board, anneal.Stats, error)

// faceSolver returns the solveFunc of anneal.Solve with the caller's
// options, then workers, and the observer obs when not nil.
func faceSolver(opts []anneal.Option, workers int, obs anneal.Option) solveFunc {
	return func(ctx context.Context, sub *sudoku.Board, seed uint64, maxChains int) (*sudoku.Board, anneal.Stats, error) {
		all := append(slices.Clip(opts), anneal.WithWorkers(workers), anneal.WithSeed(seed),
			anneal.WithTarget(0), anneal.WithMaxChains(maxChains))
		if obs != nil {
			all = append(all, obs)
		}
		res, err := anneal.Solve(ctx, sub, all...)
		if err != nil {
			return nil, res.Stats, err
		}
		return res.Best.Board(), res.Stats, nil
	}
}

// observer calls the caller's observer from any number of workers, one
// call at a time, and not again once it has failed.
type observer struct {
	mu  sync.Mutex
	f   func(anneal.Progress) error
	err error
}

func newObserver(f func(anneal.Progress) error) *observer { return &observer{f: f} }

// option returns the observer as an option that sets Progress.Worker to
// worker (unless negative), or nil when there is no observer.
func (o *observer) option(worker int) anneal.Option {
	if o.f == nil {
		return nil
	}
	return anneal.WithObserver(func(p anneal.Progress) error {
		o.mu.Lock()
		defer o.mu.Unlock()
		if o.err == nil {
			if worker >= 0 {
				p.Worker = worker
			}
			o.err = o.f(p)
		}
		return o.err
	})
}

// failed returns the observer's error, nil while it has not failed.
func (o *observer) failed() error {
	if o.f == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// faceStats is what one face-by-face chain did.
type faceStats struct {
	moves, chains, reheats    int64
	faces, retries, backtrack int
	restarts                  int
}

func (f *faceStats) add(st *AnnealStats) {
	st.Moves += f.moves
	st.Chains += f.chains
	st.Reheats += f.reheats
	st.Faces += f.faces
	st.Retries += f.retries
	st.Backtracks += f.backtrack
	st.Restarts += f.restarts
}

// facewise is one face-by-face chain: the cube's digits fixed so far and
// the faces solved, in order.
type facewise struct {
	c         *Cube
	digits    []int  // fixed digit of each cell, 0 while free
	onFace    []bool // scratch: cells of the face being built
	subIndex  []int  // scratch: cell of the face's puzzle for each cube cell, -1 if none
	solved    []solvedFace
	rng       *rand.Rand
	workers   int
	maxChains int // the caller's limit per worker, 0 for none
	stats     faceStats
}

// solvedFace is a face solved, with the cells its solution fixed.
type solvedFace struct {
	face  Face
	cells []int
}

func newFacewise(c *Cube, set anneal.Settings, chain int) *facewise {
	cells := c.v.g.NumCells()
	d := &facewise{c: c, digits: c.b.Digits(), onFace: make([]bool, cells), subIndex: make([]int, cells),
		rng: rand.New(rand.NewPCG(set.Seed, 0x6375626500+uint64(chain))), workers: set.Workers, maxChains: set.MaxChains}
	return d
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
func (d *facewise) run(ctx context.Context, obs *observer, solve solveFunc) error {
	fails := 0   // failures in a row at the current depth
	stalls := 0  // faces undone since the deepest depth grew
	deepest := 0 // most faces solved at once since the last restart
	for !d.done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		ok, err := d.solveNext(ctx, solve)
		if err == nil {
			err = obs.failed()
		}
		switch {
		case errors.Is(err, anneal.ErrStop):
			return fmt.Errorf("%w: stopped by the observer", anneal.ErrNotSolved)
		case err != nil:
			return err
		case ok:
			fails = 0
			if len(d.solved) > deepest {
				deepest, stalls = len(d.solved), 0
			}
			continue
		}
		d.stats.retries++
		if fails++; fails < 2 || len(d.solved) == 0 {
			continue
		}
		fails = 0
		if stalls++; stalls <= len(d.c.v.faces) {
			d.undo()
			d.stats.backtrack++
			continue
		}
		// Undoing one face at a time goes round in circles: start again
		// from the givens.
		for len(d.solved) > 0 {
			d.undo()
		}
		d.stats.restarts++
		stalls, deepest = 0, 0
	}
	return nil
}

// solveNext anneals the next face and fixes its digits. It reports
// whether it did; false means a face to try again.
func (d *facewise) solveNext(ctx context.Context, solve solveFunc) (bool, error) {
	f := d.next()
	sub, cells, err := d.facePuzzle(f)
	if err != nil {
		return false, err
	}
	if sub.Empty() > 0 {
		limit := faceChains
		if d.maxChains > 0 {
			left := d.maxChains - int(d.stats.chains)
			if left <= 0 {
				return false, fmt.Errorf("%w: chain limit of %d reached with %d of %d faces solved",
					anneal.ErrNotSolved, d.maxChains, len(d.solved), len(d.c.v.faces))
			}
			limit = min(limit, left)
		}
		d.stats.faces++
		sol, stats, err := solve(ctx, sub, d.rng.Uint64(), limit)
		d.stats.moves += stats.Moves
		d.stats.chains += (stats.Chains + int64(max(stats.Workers, 1)) - 1) / int64(max(stats.Workers, 1))
		d.stats.reheats += stats.Reheats
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
