package logic

import (
	"context"
	"errors"
	"fmt"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// ErrNoStep reports that no rule finds a step: logic alone is stuck (the
// puzzle needs a harder rule or a guess).
var ErrNoStep = errors.New("logic: no rule applies")

// ErrSolved reports a hint asked for on a board with no empty cell.
var ErrSolved = errors.New("logic: the board is solved")

// ErrWrongEntry reports that the player's entries or pencil marks cannot
// lead to the solution: an entry conflicts with another digit, differs
// from the solution, or a cell's marks leave out its solution digit (or
// leave it no candidate). [Hint] returns it as a
// [*WrongEntryError], which names the cells.
var ErrWrongEntry = errors.New("logic: entries contradict the solution")

// Result is how far rules got on a board.
type Result struct {
	// Steps are the steps taken, in order.
	Steps []Step `json:"steps"`
	// Board is the input with every digit the steps placed filled in.
	Board *sudoku.Board `json:"board"`
	// Solved reports whether the steps filled every cell.
	Solved bool `json:"solved"`
	// Marks are the candidates left in each cell, as [State.Marks] gives
	// them: what a player would have pencilled where the rules stopped.
	Marks [][]int `json:"marks"`
}

// Deduce applies rules to board b, easiest first (each step is found by
// the first rule of the list that sees one), until the board is solved or
// no rule finds anything: how far logic alone gets. With no rules it uses
// [Ladder](false). The board is not changed.
//
// It returns an error wrapping [sudoku.ErrInvalidArgument] for a nil
// context, board or rule, or for a faulty step of a rule (see [Rule]);
// one wrapping ErrContradiction when the digits of b conflict (with the
// [*sudoku.ConflictError] that names the cells) or a step breaks the
// state (b has no solution); and ctx's error once ctx has ended (it is
// looked at before each rule). After a step's error the Result holds the
// steps applied, the one that broke the state included.
func Deduce(ctx context.Context, b *sudoku.Board, rules ...Rule) (Result, error) {
	if b == nil {
		return Result{}, contract.Invalid("logic", "Deduce: nil board")
	}
	s, err := NewState(b)
	if err != nil {
		return Result{}, err
	}
	return deduce(ctx, "Deduce", s, b, rules)
}

// DeduceState is [Deduce] from a candidate state, such as one made by
// [NewStateFromMarks]; s is changed as the steps are applied. b, when not
// nil, is the board the Result fills in (a copy of it); it must be on the
// state's geometry. A nil or zero State is an error wrapping
// [sudoku.ErrInvalidArgument], and one that has broken down (see
// [State.Contradiction]) an error wrapping ErrContradiction.
func DeduceState(ctx context.Context, s *State, b *sudoku.Board, rules ...Rule) (Result, error) {
	return deduce(ctx, "DeduceState", s, b, rules)
}

// deduce is [DeduceState], named fn in errors.
func deduce(ctx context.Context, fn string, s *State, b *sudoku.Board, rules []Rule) (Result, error) {
	if ctx == nil {
		return Result{}, contract.Invalid("logic", "%s: nil context", fn)
	}
	if err := s.checkLive(fn); err != nil {
		return Result{}, err
	}
	if b != nil && !b.Geometry().Equal(s.g) {
		return Result{}, contract.Invalid("logic", "%s: a board on a %s for a state on a %s", fn, b.Geometry(), s.g)
	}
	if err := checkRules(fn, rules); err != nil {
		return Result{}, err
	}
	if len(rules) == 0 {
		rules = Ladder(false)
	}
	var res Result
	var stepErr error
	for st, err := range Rules(rules).steps(ctx, s, fn) {
		if err == nil || errors.Is(err, ErrContradiction) {
			res.Steps = append(res.Steps, st) // applied
		}
		stepErr = err
	}
	if b == nil {
		b = sudoku.NewBoard(s.g)
	}
	res.Board = b.Clone()
	if err := s.Fill(res.Board); err != nil {
		return res, err
	}
	res.Solved = s.Left() == 0 && stepErr == nil
	res.Marks = s.Marks()
	return res, stepErr
}

// checkRules returns an error wrapping [sudoku.ErrInvalidArgument], named
// for the function fn, when one of rules is nil.
func checkRules(fn string, rules []Rule) error {
	for i, r := range rules {
		if r == nil {
			return contract.Invalid("logic", "%s: rule %d is nil", fn, i+1)
		}
	}
	return nil
}

// checkMarks returns an error wrapping [sudoku.ErrInvalidArgument] and
// [sudoku.ErrCellCount], named for the function fn, unless marks holds
// one mask per cell of g.
func checkMarks(fn string, g *sudoku.Geometry, marks []uint64) error {
	if len(marks) != g.NumCells() {
		return contract.Invalid("logic", "%s: %d pencil marks for %d cells: %w", fn, len(marks), g.NumCells(), sudoku.ErrCellCount)
	}
	return nil
}

// PlaceSingles returns a copy of board b with every naked and hidden
// single its digits imply placed as an entry, and the singles those make,
// until none is left: the cells any solution of b must hold, found by
// propagation alone. b is not changed. It serves the presolve hook of
// package anneal (see anneal.WithPresolve), and any code that wants the
// forced cells of a puzzle.
//
// It returns an error wrapping [sudoku.ErrInvalidArgument] for a nil
// board, and one wrapping ErrContradiction when b has no solution: with
// the [*sudoku.ConflictError] that names the cells when its digits
// conflict, or with a description of the cell or house propagation left
// empty.
func PlaceSingles(b *sudoku.Board) (*sudoku.Board, error) {
	if b == nil {
		return nil, contract.Invalid("logic", "PlaceSingles: nil board")
	}
	s, err := NewState(b)
	if err != nil {
		return nil, err
	}
	if err := s.Propagate(); err != nil {
		return nil, fmt.Errorf("%w: %s", err, s.why.describe(s.words()))
	}
	out := b.Clone()
	if err := s.Fill(out); err != nil {
		return nil, err
	}
	return out, nil
}

// Marks returns the candidates of every cell in increasing order, indexed
// by cell: a view an app can render as pencil marks. A placed cell has
// none (nil).
func (s *State) Marks() [][]int {
	if s == nil {
		return [][]int{}
	}
	out := make([][]int, len(s.cand))
	for c, m := range s.cand {
		if s.value[c] == 0 {
			out[c] = digitList(m)
		}
	}
	return out
}

// MarkMasks returns the candidate mask of every cell (bit d-1 for digit
// d), the form [NewStateFromMarks] takes back.
func (s *State) MarkMasks() []uint64 {
	if s == nil {
		return nil
	}
	return append([]uint64(nil), s.cand...)
}

// NewStateFromMarks returns the state of board b (givens and entries
// placed, as [NewState] does) narrowed to a player's pencil marks: for
// each empty cell c, marks[c] is the mask of the digits the player left
// there (bit d-1 for digit d); 0 means the cell has no marks, and keeps
// every candidate the digits on the board allow. marks must have one
// entry per cell. Bits beyond N are ignored: a mask with none of the
// digits 1..N is no mark either.
//
// It returns an error wrapping ErrContradiction when the marks or the
// entries leave a cell without a candidate or a digit without a place in
// a house, naming where.
func NewStateFromMarks(b *sudoku.Board, marks []uint64) (*State, error) {
	s, err := newStateFromMarks(b, marks)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// newStateFromMarks is [NewStateFromMarks], but returns the state also
// after an error of ErrContradiction, for its [State.Contradiction] (nil
// when the digits conflict).
func newStateFromMarks(b *sudoku.Board, marks []uint64) (*State, error) {
	s, err := newState(b)
	if err != nil {
		return s, err
	}
	if err := checkMarks("NewStateFromMarks", b.Geometry(), marks); err != nil {
		return nil, err
	}
	for c, m := range marks {
		m &= s.all
		if m == 0 || s.value[c] != 0 {
			continue
		}
		if err := s.Eliminate(c, s.all&^m); err != nil {
			return s, fmt.Errorf("%w: %s", err, s.why.describe(s.words()))
		}
	}
	return s, nil
}
