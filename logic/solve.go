package logic

import (
	"context"
	"errors"
	"fmt"
	"strings"

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
// leave it no candidate). [HintOptions.Hint] returns it as a
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
// board or a nil rule, or when a rule makes a step that changes nothing;
// and one wrapping ErrContradiction when the digits of b conflict (with
// the [*sudoku.ConflictError] that names the cells) or a step breaks the
// state (b has no solution). After a step's error the Result holds the
// steps up to it.
func Deduce(b *sudoku.Board, rules ...Rule) (Result, error) {
	if b == nil {
		return Result{}, fmt.Errorf("logic: Deduce: nil board: %w", sudoku.ErrInvalidArgument)
	}
	s, err := NewState(b)
	if err != nil {
		return Result{}, err
	}
	return DeduceState(s, b, rules...)
}

// DeduceState is [Deduce] from a candidate state, such as one made by
// [NewStateFromMarks]; s is changed as the steps are applied. b, when not
// nil, is the board the Result fills in (a copy of it); it must be on the
// state's geometry. A state that has broken down (see
// [State.Contradiction]) is an error wrapping ErrContradiction.
func DeduceState(s *State, b *sudoku.Board, rules ...Rule) (Result, error) {
	if s == nil || s.g == nil {
		return Result{}, fmt.Errorf("logic: DeduceState: nil or zero State: %w", sudoku.ErrInvalidArgument)
	}
	if b != nil && !b.Geometry().Equal(s.g) {
		return Result{}, fmt.Errorf("logic: DeduceState: a board on a %s for a state on a %s: %w", b.Geometry(), s.g, sudoku.ErrInvalidArgument)
	}
	if err := checkRules("DeduceState", rules); err != nil {
		return Result{}, err
	}
	if s.broken() {
		return Result{}, s.brokenErr("DeduceState")
	}
	if len(rules) == 0 {
		rules = Ladder(false)
	}
	var res Result
	var stepErr error
	for st, err := range Rules(rules).Steps(s) {
		res.Steps = append(res.Steps, st)
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
			return fmt.Errorf("logic: %s: rule %d is nil: %w", fn, i+1, sudoku.ErrInvalidArgument)
		}
	}
	return nil
}

// checkMarks returns an error wrapping [sudoku.ErrInvalidArgument] and
// [sudoku.ErrCellCount], named for the function fn, unless marks holds
// one mask per cell of g.
func checkMarks(fn string, g *sudoku.Geometry, marks []uint64) error {
	if len(marks) != g.NumCells() {
		return fmt.Errorf("logic: %s: %d pencil marks for %d cells: %w: %w", fn, len(marks), g.NumCells(), sudoku.ErrInvalidArgument, sudoku.ErrCellCount)
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
		return nil, fmt.Errorf("logic: PlaceSingles: nil board: %w", sudoku.ErrInvalidArgument)
	}
	s, err := NewState(b)
	if err != nil {
		return nil, err
	}
	if err := s.Propagate(); err != nil {
		return nil, fmt.Errorf("%w: %s", err, s.why.Describe(s.g))
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

// MarksMasks returns the candidate mask of every cell (bit d-1 for digit
// d), the form [NewStateFromMarks] takes back.
func (s *State) MarksMasks() []uint64 {
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
			return s, fmt.Errorf("%w: %s", err, s.why.Describe(s.g))
		}
	}
	return s, nil
}

// HintOptions configure [HintOptions.Hint]; the zero value gives the
// easiest step of [Ladder](false) from the digits on the board, or a
// last-resort step when no rule finds one.
type HintOptions struct {
	// Rules to try, easiest first; nil means Ladder(false), or
	// Ladder(true) when Unique is set.
	Rules Rules
	// Unique says the puzzle is known to have one solution (a generated
	// puzzle, or one search.Count has counted), which allows the rules
	// that assume it (unique rectangles, BUG+1) in the default rules.
	Unique bool
	// Marks, when not nil, are the player's pencil marks, one mask per
	// cell as [NewStateFromMarks] takes them: the hint then starts from
	// what the player has pencilled, and from the candidates the digits
	// on the board allow in the cells without marks.
	Marks []uint64
	// Solution, when not nil, is the solved board: every entry and every
	// pencil mark is checked against it first, and a mismatch is a
	// [*WrongEntryError] instead of a hint built on a mistake. It also
	// makes sure a hint is always found (see [GuessRule]). It must agree
	// with the givens, which are never at fault: a solution that differs
	// from a given, like one on another geometry or with an empty cell,
	// is an error wrapping [sudoku.ErrInvalidArgument].
	Solution *sudoku.Board
	// NoLastResort leaves out the last-resort steps ([ContradictionRule],
	// [GuessRule]): the hint is then ErrNoStep where the rules stop.
	NoLastResort bool
}

// Hint returns the easiest next step on board b: [HintOptions.Hint] with
// the zero options.
func Hint(b *sudoku.Board) (Step, error) { return HintOptions{}.Hint(b) }

// Hint returns the easiest next step on board b, for an app's hint button:
// show [Step.Stage] one stage at a time, then apply the step (or let the
// player do it). It is [HintOptions.HintContext] without a deadline.
func (o HintOptions) Hint(b *sudoku.Board) (Step, error) {
	return o.HintContext(context.Background(), b)
}

// HintContext returns the easiest next step on board b: the step of the
// first of the rules that finds one. When none does, and o.NoLastResort
// is not set, it falls back on a last resort: a candidate that leads to
// a contradiction ([ContradictionRule]: first by singles alone, then, in
// the cells with two candidates, by the rules), else, when o.Solution is
// set, the solution's digit in a cell with the fewest candidates
// ([GuessRule]). So with a solution a hint is always found until the
// board is solved. Errors:
//   - a [*WrongEntryError], matching ErrWrongEntry, when the entries
//     conflict with each other or the givens, when they or the marks leave
//     a cell without a candidate, or when they disagree with o.Solution;
//     it names the cells;
//   - ErrSolved when every cell is filled;
//   - ErrNoStep when neither the rules nor the last resort find a step
//     (without a solution, on a puzzle that needs a guess);
//   - ctx's error once ctx has ended (it is looked at before each rule);
//   - [sudoku.ErrInvalidArgument] for a nil context or board, a nil rule,
//     marks of the wrong length, or a solution on another geometry, with
//     an empty cell or with a digit other than a given's.
func (o HintOptions) HintContext(ctx context.Context, b *sudoku.Board) (Step, error) {
	switch {
	case ctx == nil:
		return Step{}, fmt.Errorf("logic: Hint: nil context: %w", sudoku.ErrInvalidArgument)
	case b == nil:
		return Step{}, fmt.Errorf("logic: Hint: nil board: %w", sudoku.ErrInvalidArgument)
	}
	if err := checkRules("Hint", o.Rules); err != nil {
		return Step{}, err
	}
	if o.Marks != nil {
		// Before the solution check, which would read the marks.
		if err := checkMarks("Hint", b.Geometry(), o.Marks); err != nil {
			return Step{}, err
		}
	}
	if o.Solution != nil {
		if err := checkAgainst(b, o.Marks, o.Solution); err != nil {
			return Step{}, err
		}
	}
	var s *State
	var err error
	if o.Marks != nil {
		s, err = newStateFromMarks(b, o.Marks)
	} else {
		s, err = newState(b)
	}
	switch {
	case errors.Is(err, ErrContradiction):
		return Step{}, wrongFromContradiction(err, b, s)
	case err != nil:
		return Step{}, err
	case s.Left() == 0:
		return Step{}, ErrSolved
	}
	rules := o.Rules
	if rules == nil {
		rules = Ladder(o.Unique)
	}
	st, i, err := rules.next(ctx, s)
	switch {
	case err != nil:
		return Step{}, err
	case i >= 0:
		return st, nil
	case o.NoLastResort:
		return Step{}, ErrNoStep
	}
	return lastResort(ctx, s, rules, o.Solution)
}

// checkAgainst compares the digits and marks on b with the solution sol,
// and returns a *WrongEntryError naming every cell that disagrees. A
// solution that does not fit b (another geometry, an empty cell, a digit
// other than a given's) is an error wrapping [sudoku.ErrInvalidArgument].
func checkAgainst(b *sudoku.Board, marks []uint64, sol *sudoku.Board) error {
	g := b.Geometry()
	if !g.Equal(sol.Geometry()) {
		return fmt.Errorf("logic: Hint: solution on a %s for a board on a %s: %w", sol.Geometry(), g, sudoku.ErrInvalidArgument)
	}
	all := digitsMask(g.Digits())
	var cells []int
	var why []string
	for c := range g.NumCells() {
		want, got := sol.Get(c), b.Get(c)
		switch {
		case want == 0:
			return fmt.Errorf("logic: Hint: the solution has no digit in %s: %w", g.CellName(c), sudoku.ErrInvalidArgument)
		case got != want && b.Given(c):
			return fmt.Errorf("logic: Hint: the solution has %d in %s, where the puzzle gives %d: %w", want, g.CellName(c), got, sudoku.ErrInvalidArgument)
		case got != 0 && got != want:
			cells = append(cells, c)
			why = append(why, fmt.Sprintf("%s holds %d, not the solution's digit", g.CellName(c), got))
		case got == 0 && c < len(marks) && marks[c]&all != 0 && marks[c]&Bit(want) == 0:
			cells = append(cells, c)
			why = append(why, fmt.Sprintf("the pencil marks of %s leave out the solution's digit", g.CellName(c)))
		}
	}
	if cells == nil {
		return nil
	}
	return &WrongEntryError{Cells: cells, msg: strings.Join(why, "; ")}
}
