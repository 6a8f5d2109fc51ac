package anneal

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/sudoku"
)

// ErrNotSolved reports that [Solve] ended without a solution: the run got
// stuck or hit its chain limit. Annealing cannot prove that a puzzle has
// no solution; the best state is still returned.
var ErrNotSolved = errors.New("anneal: not solved")

// Model is the annealing model of Lewis (2007) for a puzzle on any
// [sudoku.Geometry]: every swap group (a box) is filled with the digits
// it is missing, so it holds each digit once and keeps doing so, a move
// swaps two free cells of one group, and the cost counts, over every
// other unit, the digits it holds more than once (for a house, the same
// as the digits it is missing). Its states are [*BoardState] and its
// moves [Swap]. A Model is immutable and safe for concurrent use; [Run]
// uses it as a [Problem]. The zero Model (and a nil *Model) is the model
// of a puzzle with no cells: its states are empty and its moves change
// nothing.
//
// The swap groups are the units of kind [sudoku.Box]; a geometry without
// boxes uses the houses of the kind of its first house instead (the rows
// of a Latin square, say). Each cell belongs to the first group that
// lists it, its designated box. On a cube whose faces share edge cells, a
// shared cell lies in the boxes of two faces: it is swapped only within
// its designated box, the other box keeps its remaining cells as a group
// of their own, and because swaps in the first box change what the
// second holds, such a box is counted in the cost like any other unit.
// Which digits such a group must hold depends on the digits its shared
// cells take, so it is filled with all the digits its box is missing:
// those its cells cannot hold wait in spare slots of the group, outside
// every unit, and a swap between a cell and a spare slot changes the
// group's digits. The cost is thus 0 exactly on solutions, whatever the
// geometry.
type Model struct {
	g      *sudoku.Geometry
	puzzle *sudoku.Board // the puzzle as given (the presolved cells are not on it)
	cells  int           // cells of the geometry
	n      int           // digits
	stride int           // n + 1: counts are indexed [unit*stride + digit]

	fixed  []uint8   // start digits: fixed cells' digits, free cells' fill
	groups [][]int32 // free cells of each swap group
	free   []int32   // free cells of groups with two or more of them
	group  []int32   // swap group of each cell, -1 if fixed or ungrouped

	units     []int32 // geometry index of each cost unit
	cellUnits []int32 // cost units of cell c: cellUnits[unitStart[c]:unitStart[c+1]]
	unitStart []int32
}

// Swap exchanges the digits of cells A and B, two free cells of one swap
// group.
type Swap struct {
	A int32 `json:"a"`
	B int32 `json:"b"`
}

// BoardState is a state of a [Model]: a digit in every cell, with each
// cost unit's count of every digit and the cost they give. Make one with
// [Model.Start]; copy it with [Model.Copy]. [BoardState.Board] gives it
// as a board.
type BoardState struct {
	m      *Model
	digits []uint8
	counts []uint8
	cost   int
}

// NewModel builds the model of puzzle b. Its digits (givens or not) stay
// fixed; the other cells are filled box by box. With [WithPresolve] the
// cells the presolve function fills are fixed too; ctx is the presolve
// function's. Other options are ignored. b is not changed.
//
// It returns an error wrapping [sudoku.ErrInvalidArgument] for a nil
// context or board, a bad option, a presolved board that is not on b's
// geometry or changes its digits, or an empty cell in no swap group; one
// wrapping [sudoku.ErrConflict] (a [*sudoku.ConflictError]) when b's
// digits, or the presolved ones, conflict; and the presolve function's
// error, wrapped.
func NewModel(ctx context.Context, b *sudoku.Board, opts ...Option) (*Model, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return nil, err
	}
	if ctx == nil {
		return nil, contract.Invalid(pkg, "NewModel: nil context")
	}
	return newModel(ctx, b, cfg.presolve)
}

func newModel(ctx context.Context, b *sudoku.Board, presolve func(context.Context, *sudoku.Board) (*sudoku.Board, error)) (*Model, error) {
	if b == nil {
		return nil, contract.Invalid(pkg, "NewModel: nil board")
	}
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("anneal: %w", err)
	}
	b = b.Clone() // the caller's board stays the caller's
	g := b.Geometry()
	n, cells := g.Digits(), g.NumCells()
	m := &Model{g: g, puzzle: b, cells: cells, n: n, stride: n + 1, fixed: make([]uint8, cells), group: make([]int32, cells)}
	for c := range cells {
		m.fixed[c] = uint8(b.Get(c))
	}
	if presolve != nil {
		p, err := presolve(ctx, b.Clone())
		if err != nil {
			return nil, fmt.Errorf("anneal: presolve: %w", err)
		}
		if p == nil || !p.Geometry().Equal(g) {
			return nil, contract.Invalid(pkg, "presolve gave a board not on the puzzle's geometry")
		}
		for c := range cells {
			if d := b.Get(c); d != 0 && p.Get(c) != d {
				return nil, contract.Invalid(pkg, "presolve changed %s from %d to %d", g.CellName(c), d, p.Get(c))
			}
		}
		if err := p.Validate(); err != nil {
			return nil, fmt.Errorf("anneal: presolve: %w", err)
		}
		for c := range cells {
			m.fixed[c] = uint8(p.Get(c))
		}
	}

	// Swap groups: boxes, or the houses of the first house's kind.
	kind := sudoku.Box
	units := g.Units() // a copy: taken once
	if !hasKind(units, kind) {
		if hs := g.Houses(); len(hs) > 0 {
			kind = units[hs[0]].Kind
		}
	}
	designated := make([]int32, cells) // designated group unit + 1, 0 if none
	for ui, u := range units {
		if u.Kind != kind {
			continue
		}
		for _, c := range u.Cells {
			if designated[c] == 0 {
				designated[c] = int32(ui) + 1
			}
		}
	}
	isGroup := make([]bool, len(units)) // every cell of the unit designates it
	for ui, u := range units {
		isGroup[ui] = u.Kind == kind
		for _, c := range u.Cells {
			if designated[c] != int32(ui)+1 {
				isGroup[ui] = false
			}
		}
	}
	for c := range cells {
		m.group[c] = -1
		if m.fixed[c] == 0 && designated[c] == 0 {
			return nil, contract.Invalid(pkg, "%s is empty and in no %s to swap within", g.CellName(c), kind)
		}
	}
	for ui, u := range units {
		if u.Kind != kind {
			continue
		}
		var mine []int32
		var have [sudoku.MaxDigits + 1]bool
		for _, c := range u.Cells {
			if d := m.fixed[c]; d != 0 && m.group[c] < 0 { // fixed, not filled by a group before
				have[d] = true
			} else if designated[c] == int32(ui)+1 {
				mine = append(mine, int32(c))
			}
		}
		if len(mine) == 0 {
			continue
		}
		// Fill with the missing digits; a group short of missing digits
		// (possible only when it shares cells) takes any others.
		var fill []uint8
		for d := 1; d <= n; d++ {
			if !have[d] {
				fill = append(fill, uint8(d))
			}
		}
		for d := 1; len(fill) < len(mine); d = d%n + 1 {
			fill = append(fill, uint8(d))
		}
		gi := int32(len(m.groups))
		for i, c := range mine {
			m.fixed[c] = fill[i]
			m.group[c] = gi
		}
		// A group that shares its box has more missing digits than
		// cells; the digits left over wait in spare slots of the group,
		// past the last cell, in no cost unit, so that a swap with one
		// changes which digits the group holds.
		for _, d := range fill[len(mine):] {
			mine = append(mine, int32(len(m.fixed)))
			m.fixed = append(m.fixed, d)
			m.group = append(m.group, gi)
		}
		m.groups = append(m.groups, mine)
		if len(mine) >= 2 {
			m.free = append(m.free, mine...)
		}
	}

	// Cost units: every unit but the groups a swap cannot change.
	costIndex := make([]int32, len(units))
	for ui := range units {
		costIndex[ui] = -1
		if !isGroup[ui] {
			costIndex[ui] = int32(len(m.units))
			m.units = append(m.units, int32(ui))
		}
	}
	cellUnits := geomtab.Of(g).CellUnits // shared, read-only
	slots := len(m.fixed)                // cells, then spare slots
	m.unitStart = make([]int32, slots+1)
	for c := range slots {
		m.unitStart[c] = int32(len(m.cellUnits))
		if c >= cells {
			continue
		}
		for _, ui := range cellUnits[c] {
			if ci := costIndex[ui]; ci >= 0 {
				m.cellUnits = append(m.cellUnits, ci)
			}
		}
	}
	m.unitStart[slots] = int32(len(m.cellUnits))
	return m, nil
}

func hasKind(units []sudoku.Unit, k sudoku.UnitKind) bool {
	for _, u := range units {
		if u.Kind == k {
			return true
		}
	}
	return false
}

// Size returns the number of free cells that moves can swap (see
// [Sizer]).
func (m *Model) Size() int {
	if m == nil {
		return 0
	}
	return len(m.free)
}

// Geometry returns the model's geometry, nil for the zero Model.
func (m *Model) Geometry() *sudoku.Geometry {
	if m == nil {
		return nil
	}
	return m.g
}

// Start returns a state with every group filled with its missing digits
// in increasing order. [Run] passes copies of it through
// [Model.Randomize].
func (m *Model) Start() *BoardState {
	if m == nil {
		return &BoardState{}
	}
	s := &BoardState{m: m, digits: append([]uint8(nil), m.fixed...), counts: make([]uint8, len(m.units)*m.stride)}
	s.recount()
	return s
}

// owns reports whether s is a state of m.
func (m *Model) owns(s *BoardState) bool { return s != nil && s.m == m && m != nil }

// recount computes the counts and the cost from the digits.
func (s *BoardState) recount() {
	clear(s.counts)
	m := s.m
	s.cost = 0
	if m == nil || len(m.units) == 0 {
		return
	}
	unitCells := geomtab.Of(m.g).UnitCells // shared, read-only
	for ci, ui := range m.units {
		base := ci * m.stride
		for _, c := range unitCells[ui] {
			d := int(s.digits[c])
			if s.counts[base+d] > 0 {
				s.cost++
			}
			s.counts[base+d]++
		}
	}
}

// Randomize shuffles the digits of every swap group of s, drawing from r.
// It does nothing when s is not a state of m or r is nil.
func (m *Model) Randomize(s *BoardState, r *rand.Rand) {
	if !m.owns(s) || r == nil {
		return
	}
	for _, cells := range m.groups {
		for i := len(cells) - 1; i > 0; i-- {
			j := r.IntN(i + 1)
			a, b := cells[i], cells[j]
			s.digits[a], s.digits[b] = s.digits[b], s.digits[a]
		}
	}
	s.recount()
}

// Copy makes dst a copy of src, reusing dst's memory when dst is not nil.
// A nil src, or one of another model, is copied as [Model.Start], so that
// a wrong start state given to [Run] cannot index out of range.
func (m *Model) Copy(dst, src *BoardState) *BoardState {
	if dst == nil {
		dst = new(BoardState)
	}
	if src == nil || src.m != m || m == nil {
		src = m.Start()
	}
	dst.m, dst.cost = src.m, src.cost
	dst.digits = append(dst.digits[:0], src.digits...)
	dst.counts = append(dst.counts[:0], src.counts...)
	return dst
}

// Cost returns the cost of s counted from its digits alone: over every
// cost unit, the digits it holds more than once, counted with
// multiplicity. It is 0 exactly when s is a solution, and +Inf when s is
// nil or a state of another model.
func (m *Model) Cost(s *BoardState) float64 {
	if !m.owns(s) {
		return math.Inf(1)
	}
	if len(m.units) == 0 {
		return 0
	}
	var seen [sudoku.MaxDigits + 1]uint8
	cost := 0
	unitCells := geomtab.Of(m.g).UnitCells // shared, read-only
	for _, ui := range m.units {
		clear(seen[:])
		for _, c := range unitCells[ui] {
			d := s.digits[c]
			if seen[d] > 0 {
				cost++
			}
			seen[d]++
		}
	}
	return float64(cost)
}

// Propose picks a free cell at random and another free cell of its swap
// group. A puzzle with no two free cells in one group, or a nil r, gets
// the move that swaps cell 0 with itself, which changes nothing.
func (m *Model) Propose(s *BoardState, r *rand.Rand) Swap {
	if m == nil || len(m.free) == 0 || r == nil {
		return Swap{}
	}
	// Both picks come from one 64-bit draw, 32 bits each, by
	// multiply-and-shift: the bias is below n/2^32, far under noise.
	u := r.Uint64()
	a := m.free[(u>>32)*uint64(len(m.free))>>32]
	cells := m.groups[m.group[a]]
	b := cells[(u&0xffffffff)*uint64(len(cells)-1)>>32]
	if b == a {
		b = cells[len(cells)-1]
	}
	return Swap{a, b}
}

// valid reports whether w names two cells (or spare slots) of s, a state
// of m.
func (m *Model) valid(s *BoardState, w Swap) bool {
	return m.owns(s) && uint(w.A) < uint(len(s.digits)) && uint(w.B) < uint(len(s.digits))
}

// Delta returns the change of cost that swap w would make, looking only
// at the cost units of its two cells. A swap that is not one of s (cells
// out of range, s nil or of another model) changes nothing: 0.
func (m *Model) Delta(s *BoardState, w Swap) float64 {
	if !m.valid(s, w) {
		return 0
	}
	x, y := s.digits[w.A], s.digits[w.B]
	if x == y {
		return 0
	}
	ua := m.cellUnits[m.unitStart[w.A]:m.unitStart[w.A+1]]
	ub := m.cellUnits[m.unitStart[w.B]:m.unitStart[w.B+1]]
	return float64(m.side(s, ua, ub, x, y) + m.side(s, ub, ua, y, x))
}

// side returns the change in the units of us not in others when digit x
// leaves and y arrives.
func (m *Model) side(s *BoardState, us, others []int32, x, y uint8) int {
	d := 0
	stride := int32(m.stride)
outer:
	for _, u := range us {
		for _, o := range others {
			if o == u {
				continue outer
			}
		}
		base := u * stride
		if s.counts[base+int32(x)] > 1 {
			d--
		}
		if s.counts[base+int32(y)] > 0 {
			d++
		}
	}
	return d
}

// Apply makes swap w on s, updating the counts of the cost units of its
// two cells and the cost. A swap that is not one of s (see [Model.Delta])
// does nothing. Swapping a given or a presolved cell, which Propose never
// does, would break the puzzle: Apply takes the moves Propose makes.
func (m *Model) Apply(s *BoardState, w Swap) {
	if !m.valid(s, w) {
		return
	}
	x, y := s.digits[w.A], s.digits[w.B]
	if x == y {
		return
	}
	ua := m.cellUnits[m.unitStart[w.A]:m.unitStart[w.A+1]]
	ub := m.cellUnits[m.unitStart[w.B]:m.unitStart[w.B+1]]
	s.cost += m.move(s, ua, ub, x, y) + m.move(s, ub, ua, y, x)
	s.digits[w.A], s.digits[w.B] = y, x
}

// move updates the counts of the units of us not in others when digit x
// leaves and y arrives, and returns the change of cost.
func (m *Model) move(s *BoardState, us, others []int32, x, y uint8) int {
	d := 0
	stride := int32(m.stride)
outer:
	for _, u := range us {
		for _, o := range others {
			if o == u {
				continue outer
			}
		}
		base := u * stride
		if s.counts[base+int32(x)] > 1 {
			d--
		}
		s.counts[base+int32(x)]--
		if s.counts[base+int32(y)] > 0 {
			d++
		}
		s.counts[base+int32(y)]++
	}
	return d
}

// Cost returns the cost of s as kept up to date move by move, or -1 for a
// nil state.
func (s *BoardState) Cost() int {
	if s == nil {
		return -1
	}
	return s.cost
}

// Digit returns the digit in cell c (0 when out of range, or for a nil
// state).
func (s *BoardState) Digit(c int) int {
	if s == nil || s.m == nil || c < 0 || c >= s.m.cells {
		return 0
	}
	return int(s.digits[c])
}

// Board returns the puzzle with every empty cell filled from s, as
// entries; the givens stay givens. Nil for a nil state or one of the zero
// Model.
func (s *BoardState) Board() *sudoku.Board {
	if s == nil || s.m == nil || s.m.puzzle == nil {
		return nil
	}
	b := s.m.puzzle.Clone()
	for c, d := range s.digits[:s.m.cells] {
		if b.Get(c) == 0 {
			_ = b.Set(c, int(d)) // an empty cell is never a given
		}
	}
	return b
}

// Solve anneals puzzle b with the [Model] of Lewis (2007) until it is
// solved, and returns the solution: a copy of b with every empty cell
// filled (as an entry; b's givens stay givens). b is not changed. Its
// defaults differ from [Run]'s: target cost 0, schedule
// [LambertWhitlock]([VariantD]), chains of a quarter of the free cells squared,
// and Reheat{Max: Unlimited, Stagnant: 20}, so it runs until it solves b
// or ctx ends, unless options say otherwise ([WithChainLimit], say).
// Options given are applied after these defaults. [WithStats] reports
// the run, with its status and best cost.
//
// When ctx ends first, Solve returns the best board found (filled, but
// with repeats) and ctx's error; when the run ends otherwise without a
// solution (stuck, or at the chain limit), the best board and an error
// wrapping [ErrNotSolved]; when the observer fails, the best board and
// its error, wrapped. It returns a nil board with the errors of
// [NewModel] and [Run] for bad arguments: [sudoku.ErrInvalidArgument],
// a [*sudoku.ConflictError] for conflicting digits, the presolve
// function's error. A target above 0 ([WithTarget]) makes any board of at
// most that cost the answer: it comes with a nil error and may hold
// repeats ([WithStats] gives its cost; [sudoku.Board.Validate] finds
// them).
func Solve(ctx context.Context, b *sudoku.Board, opts ...Option) (*sudoku.Board, error) {
	began := time.Now()
	var st Stats
	cfg, err := newConfigFrom(config{
		hasTarget: true,
		schedule:  lambertWhitlockTable(VariantD),
		reheat:    Reheat{Max: Unlimited, Stagnant: 20},
	}, opts)
	defer func() { cfg.report(&st, began) }()
	if err != nil {
		return nil, err
	}
	if ctx == nil {
		return nil, contract.Invalid(pkg, "Solve: nil context")
	}
	if err := cfg.hook.prepare(&cfg); err != nil {
		st.Status = ChainLimit
		return nil, err
	}
	m, err := newModel(ctx, b, cfg.presolve)
	if err != nil {
		return nil, err
	}
	if cfg.chainLen == 0 {
		cfg.chainLen = max(m.Size()*m.Size()/4, 1)
	}
	best, err := run(ctx, Problem[*BoardState, Swap](m), m.Start(), &cfg, &st)
	if err == nil && st.Status != TargetReached {
		err = fmt.Errorf("%w: %s after %d chains, best cost %v", ErrNotSolved, st.Status, st.Chains, st.BestCost)
	}
	return best.Board(), err
}
