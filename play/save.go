package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Version is the version of the saved form [Game.MarshalJSON] writes, and
// the only one [Load] reads.
const Version = 1

// ErrBadSave reports a saved game [Load] cannot restore: not JSON of the
// saved form, another version, or a state no game can reach (digits out
// of range, entries over givens, marks in filled cells, a solution that
// does not solve the puzzle, a history that does not lead to the board).
// A save is input, not an argument, as a board's JSON is to
// [sudoku.Board.UnmarshalJSON]: the error does not wrap
// [sudoku.ErrInvalidArgument]. It wraps the cause where there is one
// (such as a [*sudoku.ParseError]), and gives only the text of a cause
// that is an argument error.
var ErrBadSave = errors.New("play: bad saved game")

// saved is the JSON form of a game.
type saved struct {
	Version int `json:"version"`
	// Geometry is the geometry of a board without a box shape (a variant,
	// a cube); the boards carry the box shape of the others.
	Geometry *sudoku.Spec  `json:"geometry,omitempty"`
	Board    *sudoku.Board `json:"board"`
	Solution *sudoku.Board `json:"solution"`
	Marks    []savedMarks  `json:"marks,omitempty"`
	Undo     []savedAction `json:"undo,omitempty"`
	Redo     []savedAction `json:"redo,omitempty"`
}

// savedMarks are the pencil marks of one cell.
type savedMarks struct {
	Cell   int   `json:"cell"`
	Digits []int `json:"digits"`
}

// savedAction is one action of the history.
type savedAction []savedChange

// savedChange is one change of an action: a cell's entry (0 for none) and
// marks before and after.
type savedChange struct {
	Cell      int   `json:"cell"`
	From      int   `json:"from"`
	To        int   `json:"to"`
	FromMarks []int `json:"fromMarks,omitempty"`
	ToMarks   []int `json:"toMarks,omitempty"`
}

// MarshalJSON implements [json.Marshaler]: the saved game, with camelCase
// keys. It holds the version ([Version]), the board (givens and entries)
// and the solution as [sudoku.Board] writes them, the geometry's
// [sudoku.Spec] when the board has no box shape, the pencil marks
// ("marks": cells and their digits) and the history ("undo" and "redo":
// actions, each a list of the cells it changed with the entry and the
// marks before and after). [Load] reads it back.
func (gm *Game) MarshalJSON() ([]byte, error) {
	if gm == nil || gm.g == nil {
		return nil, contract.Invalid("play", "MarshalJSON of a nil or zero Game")
	}
	s := saved{Version: Version, Board: gm.board, Solution: gm.solution}
	if !gm.g.IsStandard() {
		spec := gm.g.Spec()
		s.Geometry = &spec
	}
	for c, m := range gm.marks {
		if m != 0 {
			s.Marks = append(s.Marks, savedMarks{Cell: c, Digits: digitList(m)})
		}
	}
	s.Undo = saveActions(gm.undo)
	s.Redo = saveActions(gm.redo)
	return json.Marshal(s)
}

func saveActions(as []action) []savedAction {
	var out []savedAction
	for _, a := range as {
		sa := make(savedAction, len(a))
		for i, ch := range a {
			sa[i] = savedChange{Cell: ch.cell, From: ch.from.digit, To: ch.to.digit}
			if ch.from.marks != 0 {
				sa[i].FromMarks = digitList(ch.from.marks)
			}
			if ch.to.marks != 0 {
				sa[i].ToMarks = digitList(ch.to.marks)
			}
		}
		out = append(out, sa)
	}
	return out
}

// Load restores a game from its saved form ([Game.MarshalJSON]), checking
// it: the version, the geometry, the board (sizes, digits in range,
// entries that agree with the givens), that the solution solves the
// puzzle, the marks (cells and digits in range, only in empty cells), and
// that the history leads to the board, step by step. It trusts the save
// on one point, that the puzzle has no other solution (as [New] and
// [FromPuzzle] made sure), unless [WithUniqueCheck] asks it to prove that
// again with package search (on the workers of [WithWorkers]); without
// it, Load takes no longer than reading the save.
//
// A save that fails a check is an error wrapping [ErrBadSave] (and not
// sudoku.ErrInvalidArgument); a puzzle with several solutions is
// [ErrNotUnique] too. Other errors: the context's error when ctx ends
// first, and one wrapping sudoku.ErrInvalidArgument for a nil context
// or option, or a bad option.
func Load(ctx context.Context, data []byte, opts ...Option) (*Game, error) {
	cfg, err := newConfig(opts)
	switch {
	case err != nil:
		return nil, err
	case ctx == nil:
		return nil, contract.Invalid("play", "Load: nil context")
	case ctx.Err() != nil:
		return nil, contract.Errorf("play", "Load: %w", ctx.Err())
	}
	gm, err := decode(data)
	switch {
	case err != nil:
		return nil, err
	case !cfg.uniqueCheck:
		return gm, nil
	}
	sol, err := solveUnique(ctx, gm.board.Givens(), cfg)
	switch {
	case errors.Is(err, ErrNotUnique):
		return nil, badSave("%w", err)
	case err != nil && ctx.Err() != nil:
		return nil, contract.Errorf("play", "Load: %w", ctx.Err())
	case err != nil:
		return nil, badSave("the puzzle has no solution: %w", err)
	case !sol.Equal(gm.solution):
		return nil, badSave("the saved solution is not the puzzle's")
	}
	return gm, nil
}

// UnmarshalJSON implements [json.Unmarshaler] with [Load] and the default
// options. On error gm is unchanged.
func (gm *Game) UnmarshalJSON(data []byte) error {
	if gm == nil {
		return contract.Invalid("play", "UnmarshalJSON into a nil *Game")
	}
	g, err := Load(context.Background(), data)
	if err != nil {
		return err
	}
	*gm = *g
	return nil
}

// badSave returns an error wrapping ErrBadSave and the errors among args
// (for %w), except one that wraps sudoku.ErrInvalidArgument, such as a
// geometry NewCustomGeometry refuses: that one is given as text only,
// since the save is input, not an argument.
func badSave(format string, args ...any) error {
	for i, a := range args {
		if err, ok := a.(error); ok && errors.Is(err, sudoku.ErrInvalidArgument) {
			args[i] = errors.New(err.Error())
		}
	}
	return fmt.Errorf("%w: "+format, append([]any{ErrBadSave}, args...)...)
}

// decode reads and checks a saved game, all but the proof that its
// solution is the only one.
func decode(data []byte) (*Game, error) {
	var head struct {
		Version  int             `json:"version"`
		Geometry *sudoku.Spec    `json:"geometry"`
		Board    json.RawMessage `json:"board"`
		Solution json.RawMessage `json:"solution"`
		Marks    []savedMarks    `json:"marks"`
		Undo     []savedAction   `json:"undo"`
		Redo     []savedAction   `json:"redo"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, badSave("%w", err)
	}
	if head.Version != Version {
		return nil, badSave("version %d, want %d", head.Version, Version)
	}
	var g *sudoku.Geometry
	if head.Geometry != nil {
		var err error
		if g, err = sudoku.NewCustomGeometry(*head.Geometry); err != nil {
			return nil, badSave("geometry: %w", err)
		}
	}
	board, err := readBoard("board", head.Board, g)
	if err != nil {
		return nil, err
	}
	g = board.Geometry()
	sol, err := readBoard("solution", head.Solution, g)
	if err != nil {
		return nil, err
	}
	if err := checkSolution(board, sol); err != nil {
		return nil, badSave("%w", err)
	}
	if err := board.Givens().Validate(); err != nil {
		return nil, badSave("the givens: %w", err)
	}
	gm := newGame(board, solutionOf(sol, board))
	for _, m := range head.Marks {
		mask, err := gm.readMarks(m.Digits)
		switch {
		case err != nil:
			return nil, err
		case m.Cell < 0 || m.Cell >= g.NumCells():
			return nil, badSave("marks of cell %d, out of range 0..%d", m.Cell, g.NumCells()-1)
		case gm.board.Get(m.Cell) != 0:
			return nil, badSave("marks in %s, which holds a digit", g.CellName(m.Cell))
		case gm.marks[m.Cell] != 0:
			return nil, badSave("marks of %s twice", g.CellName(m.Cell))
		case mask == 0:
			return nil, badSave("empty marks of %s", g.CellName(m.Cell))
		}
		gm.marks[m.Cell] = mask
	}
	if gm.undo, err = gm.readActions("undo", head.Undo); err != nil {
		return nil, err
	}
	if gm.redo, err = gm.readActions("redo", head.Redo); err != nil {
		return nil, err
	}
	if err := gm.checkHistory(); err != nil {
		return nil, err
	}
	return gm, nil
}

// readBoard reads a board of the saved form, on geometry g when it is not
// nil.
func readBoard(what string, raw json.RawMessage, g *sudoku.Geometry) (*sudoku.Board, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, badSave("no %s", what)
	}
	b := new(sudoku.Board)
	if g != nil {
		b = sudoku.NewBoard(g)
	}
	if err := b.UnmarshalJSON(raw); err != nil {
		return nil, badSave("%s: %w", what, err)
	}
	if g != nil && !b.Geometry().Equal(g) {
		return nil, badSave("%s on a %s, the geometry a %s", what, b.Geometry(), g)
	}
	return b, nil
}

// readMarks returns the mask of digits, each of which must be in range.
func (gm *Game) readMarks(digits []int) (uint64, error) {
	var m uint64
	for _, d := range digits {
		if d < 1 || d > gm.g.Digits() {
			return 0, badSave("pencil mark %d out of range 1..%d", d, gm.g.Digits())
		}
		m |= logic.Bit(d)
	}
	return m, nil
}

// readActions reads the actions of the history: cells in range and not
// givens, digits in range, and no action empty.
func (gm *Game) readActions(what string, sas []savedAction) ([]action, error) {
	var out []action
	for i, sa := range sas {
		if len(sa) == 0 {
			return nil, badSave("%s action %d is empty", what, i+1)
		}
		a := make(action, len(sa))
		for j, ch := range sa {
			switch {
			case ch.Cell < 0 || ch.Cell >= gm.g.NumCells():
				return nil, badSave("%s action %d: cell %d out of range 0..%d", what, i+1, ch.Cell, gm.g.NumCells()-1)
			case gm.board.Given(ch.Cell):
				return nil, badSave("%s action %d changes the given in %s", what, i+1, gm.g.CellName(ch.Cell))
			case ch.From < 0 || ch.From > gm.g.Digits() || ch.To < 0 || ch.To > gm.g.Digits():
				return nil, badSave("%s action %d: a digit out of range 0..%d", what, i+1, gm.g.Digits())
			}
			from, err := gm.readMarks(ch.FromMarks)
			if err != nil {
				return nil, err
			}
			to, err := gm.readMarks(ch.ToMarks)
			if err != nil {
				return nil, err
			}
			if (ch.From != 0 && from != 0) || (ch.To != 0 && to != 0) {
				return nil, badSave("%s action %d: marks in %s with a digit", what, i+1, gm.g.CellName(ch.Cell))
			}
			a[j] = change{cell: ch.Cell, from: cellState{ch.From, from}, to: cellState{ch.To, to}}
		}
		out = append(out, a)
	}
	return out, nil
}

// checkHistory checks that the history leads to the board: undoing every
// action, last first, meets in each cell what the action left there, and
// so does redoing the undone ones. It works on copies of the state.
func (gm *Game) checkHistory() error {
	cur := make([]cellState, gm.g.NumCells())
	for c := range cur {
		cur[c] = gm.state(c)
	}
	walk := func(what string, as []action, undo bool) error {
		st := slices.Clone(cur)
		for i := len(as) - 1; i >= 0; i-- {
			a := as[i]
			for k := range a {
				j := k
				if undo {
					j = len(a) - 1 - k
				}
				ch := a[j]
				have, next := ch.to, ch.from
				if !undo {
					have, next = ch.from, ch.to
				}
				if st[ch.cell] != have {
					return badSave("%s action %d does not meet the state of %s", what, i+1, gm.g.CellName(ch.cell))
				}
				st[ch.cell] = next
			}
		}
		return nil
	}
	if err := walk("undo", gm.undo, true); err != nil {
		return err
	}
	return walk("redo", gm.redo, false)
}
