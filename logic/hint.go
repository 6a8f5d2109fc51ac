package logic

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Option configures [Hint]. Options are made by the With functions of
// this package; each checks its argument, and a bad one (or a nil Option)
// makes Hint return an error wrapping [sudoku.ErrInvalidArgument], after
// every option is applied. When an option is repeated, the last one wins.
// Without options, Hint gives the easiest step of [Ladder](false) from
// the digits on the board, or a last-resort step when no rule finds one.
type Option interface {
	apply(*hintConfig) error
}

type optionFunc func(*hintConfig) error

func (f optionFunc) apply(c *hintConfig) error { return f(c) }

type hintConfig struct {
	rules      Rules
	unique     bool
	marks      []uint64
	solution   *sudoku.Board
	lastResort bool
	puzzle     *sudoku.Board
}

// WithRules sets the rules to try, easiest first. Without rules (by
// default, or WithRules()) a hint uses [Ladder](false), or Ladder(true)
// with [WithUnique]. A nil rule is an error. A rule of the caller's own
// gives [CustomRule] steps; a faulty step of one (see [Rule]) makes Hint
// return an error wrapping [sudoku.ErrInvalidArgument] that names it.
// The list is copied.
func WithRules(rules ...Rule) Option {
	rs := slices.Clone(rules)
	return optionFunc(func(c *hintConfig) error {
		if err := checkRules("WithRules", rs); err != nil {
			return err
		}
		c.rules = rs
		return nil
	})
}

// WithUnique(true) says the puzzle is known to have one solution (a
// generated puzzle, or one search.Count has counted), which allows the
// rules that assume it (unique rectangles, BUG+1) in the default rules.
// The default is false.
func WithUnique(on bool) Option {
	return optionFunc(func(c *hintConfig) error {
		c.unique = on
		return nil
	})
}

// WithMarks starts the hint from the player's pencil marks, one mask per
// cell as [NewStateFromMarks] takes them (and [State.MarkMasks] gives
// them), and from the candidates the digits on the board allow in the
// cells without marks. nil, the default, means no marks; marks of
// another length than the board's cells make Hint return an error
// wrapping [sudoku.ErrInvalidArgument]. The marks are copied.
func WithMarks(marks []uint64) Option {
	m := slices.Clone(marks)
	return optionFunc(func(c *hintConfig) error {
		c.marks = m
		return nil
	})
}

// WithSolution gives the solved board: every entry and every pencil mark
// is checked against it first, and a mismatch is a [*WrongEntryError]
// instead of a hint built on a mistake. It also makes sure a hint is
// always found (see [GuessRule]). It must agree with the givens, which
// are never at fault: a solution that differs from a given, like one on
// another geometry or with an empty cell, makes Hint return an error
// wrapping [sudoku.ErrInvalidArgument]. nil, the default, means no
// solution.
func WithSolution(sol *sudoku.Board) Option {
	return optionFunc(func(c *hintConfig) error {
		c.solution = sol
		return nil
	})
}

// WithLastResort(false) leaves out the last-resort steps (the forcing
// chains of [ForcingChains], [GuessRule]): the hint is then ErrNoStep where
// the rules stop. The default is true.
func WithLastResort(on bool) Option {
	return optionFunc(func(c *hintConfig) error {
		c.lastResort = on
		return nil
	})
}

// WithPuzzle gives the puzzle board b was started from: its digits are
// the givens, and every other digit on b was found by the player. The
// avoidable rectangles ([AvoidableRectangle1], [AvoidableRectangle2])
// need it and find nothing without it (see [State.SetPuzzle]); they
// assume one solution, so they are in the default rules only with
// [WithUnique]. A puzzle on another geometry, or with a digit that b
// does not hold in the same cell, makes Hint return an error wrapping
// [sudoku.ErrInvalidArgument]. nil, the default, means no puzzle.
func WithPuzzle(p *sudoku.Board) Option {
	return optionFunc(func(c *hintConfig) error {
		c.puzzle = p
		return nil
	})
}

// Hint returns the easiest next step on board b, for an app's hint
// button: show [Step.Stage] one stage at a time, then apply the step (or
// let the player do it). It is the step of the first of the rules
// ([WithRules]) that finds one. When none does, it falls back on a last
// resort (unless [WithLastResort](false)): the first forcing chain of
// [ForcingChains] that finds a step, from [NishioForcingChain] to
// [NestedForcingChain], else, with [WithSolution], the solution's digit
// in a cell with the fewest candidates ([GuessRule]). The forcing chains
// leave no known 9x9 puzzle to a guess; a hint that needs them takes
// milliseconds on 9x9 and more on the largest boards, and ctx is looked
// at between them, not within one. So with a solution a hint is always found
// until the board is solved. b is not changed. Errors:
//   - a [*WrongEntryError], matching ErrWrongEntry, when the entries
//     conflict with each other or the givens, when they or the marks leave
//     a cell without a candidate, or when they disagree with the solution;
//     it names the cells;
//   - ErrSolved when every cell is filled;
//   - ErrNoStep when neither the rules nor the last resort find a step
//     (without a solution, on a puzzle that needs a guess);
//   - ctx's error once ctx has ended (it is looked at before each rule);
//   - [sudoku.ErrInvalidArgument] for a nil context or board, a nil or
//     bad option (a nil rule, marks of the wrong length, a solution on
//     another geometry, with an empty cell or with a digit other than a
//     given's, a puzzle that does not fit b), or a faulty step of a rule
//     of the caller's own.
func Hint(ctx context.Context, b *sudoku.Board, opts ...Option) (Step, error) {
	o := hintConfig{lastResort: true}
	if err := contract.Apply("logic", opts, func(opt Option) error { return opt.apply(&o) }); err != nil {
		return Step{}, err
	}
	switch {
	case ctx == nil:
		return Step{}, contract.Invalid("logic", "Hint: nil context")
	case b == nil:
		return Step{}, contract.Invalid("logic", "Hint: nil board")
	}
	if o.marks != nil {
		// Before the solution check, which would read the marks.
		if err := checkMarks("Hint", b.Geometry(), o.marks); err != nil {
			return Step{}, err
		}
	}
	if o.solution != nil {
		if err := checkAgainst(b, o.marks, o.solution); err != nil {
			return Step{}, err
		}
	}
	var s *State
	var err error
	if o.marks != nil {
		s, err = newStateFromMarks(b, o.marks)
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
	if err := s.setPuzzle("WithPuzzle", o.puzzle); err != nil {
		return Step{}, err
	}
	rules := o.rules
	if len(rules) == 0 {
		rules = Ladder(o.unique)
	}
	st, i, err := rules.next(ctx, s)
	switch {
	case err != nil:
		return Step{}, err
	case i >= 0:
		return st, nil
	case !o.lastResort:
		return Step{}, ErrNoStep
	}
	return lastResort(ctx, s, o.solution)
}

// checkAgainst compares the digits and marks on b with the solution sol,
// and returns a *WrongEntryError naming every cell that disagrees. A
// solution that does not fit b (another geometry, an empty cell, a digit
// other than a given's) is an error wrapping [sudoku.ErrInvalidArgument].
func checkAgainst(b *sudoku.Board, marks []uint64, sol *sudoku.Board) error {
	g := b.Geometry()
	if !g.Equal(sol.Geometry()) {
		return contract.Invalid("logic", "Hint: solution on a %s for a board on a %s", sol.Geometry(), g)
	}
	all := digitsMask(g.Digits())
	var cells []int
	var why []string
	for c := range g.NumCells() {
		want, got := sol.Get(c), b.Get(c)
		switch {
		case want == 0:
			return contract.Invalid("logic", "Hint: the solution has no digit in %s", g.CellName(c))
		case got != want && b.Given(c):
			return contract.Invalid("logic", "Hint: the solution has %s in %s, where the puzzle gives %s", b.DigitText(want), g.CellName(c), b.DigitText(got))
		case got != 0 && got != want:
			cells = append(cells, c)
			why = append(why, g.CellName(c)+" holds "+b.DigitText(got)+", not the solution's digit")
		case got == 0 && c < len(marks) && marks[c]&all != 0 && marks[c]&Bit(want) == 0:
			cells = append(cells, c)
			why = append(why, "the pencil marks of "+g.CellName(c)+" leave out the solution's digit")
		}
	}
	if cells == nil {
		return nil
	}
	return &WrongEntryError{Cells: cells, msg: strings.Join(why, "; ")}
}
