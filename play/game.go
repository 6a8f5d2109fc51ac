// Package play is the state of a game of Sudoku being played, for an app
// to build on: a [Game] holds the puzzle, its one solution, the digits the
// player has entered and the pencil marks they have made, with undo and
// redo of every action, the player's mistakes as cells, staged hints that
// start from the player's own marks, and a saved form in JSON that is
// checked when it is read back.
//
// A game is made by [New] from any puzzle with exactly one solution
// (proved there by package search), or by [FromPuzzle] from a puzzle of
// package generate. It works on every geometry: boards of every size, with
// square or rectangular boxes, variants and the faces of a cube. Since the
// puzzle is known to be unique, its hints use the uniqueness rules
// (logic.Ladder(true)) and never stall: where the rules run out, a last
// resort explains a forcing chain (logic.ForcingChains), and a guess
// (logic.GuessRule) comes only after those.
//
// An app's flow:
//
//	p, err := generate.New(ctx, sudoku.Classic(), generate.WithLevel(grade.Hard))
//	game, err := play.FromPuzzle(p)
//	err = game.Enter(c, 7)          // a digit; the 7s pencilled in c's peers go
//	err = game.ToggleMark(c2, 3)    // a pencil mark
//	game.Undo()                     // takes back the last action, whole
//	bad := game.Wrong()             // entries that differ from the solution
//	step, err := game.Hint(ctx)     // show step.Stage(0), (1), (2) in turn
//	err = game.ApplyHint(step)      // or let the player do it
//	data, err := json.Marshal(game) // save; play.Load(ctx, data) restores
//
// A Game is not safe for concurrent use. Every method that takes a cell
// takes its index in the geometry (sudoku.Geometry.Cell gives it from a
// row and a column), and every digit runs 1..N; a cell or digit out of
// range, or a change to a given, is an error wrapping
// [sudoku.ErrInvalidArgument] that changes nothing.
package play

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

var (
	// ErrNotUnique reports a puzzle with more than one solution, which
	// [New] refuses (and [Load] with [WithUniqueCheck]): a player's
	// entries could not be judged.
	ErrNotUnique = errors.New("play: the puzzle has more than one solution")
	// ErrFilled reports a pencil mark asked of a cell that holds a digit.
	// It comes wrapped with [sudoku.ErrInvalidArgument].
	ErrFilled = errors.New("play: the cell holds a digit")
)

// Game is one puzzle being played: the puzzle's givens, its solution, the
// player's entries and pencil marks, and the history of the player's
// actions for [Game.Undo] and [Game.Redo]. Its JSON form is the saved
// game ([Game.MarshalJSON], [Load]). The zero Game is not usable; make one
// with [New], [FromPuzzle] or [Load]. On a nil or zero Game the methods
// that change a game, and Hint, return an error wrapping
// [sudoku.ErrInvalidArgument], and the others return zero values (nil,
// 0, false) and change nothing.
type Game struct {
	g        *sudoku.Geometry
	board    *sudoku.Board // givens and entries
	solution *sudoku.Board
	marks    []uint64 // pencil marks of each cell, bit d-1 for digit d
	undo     []action // done actions, the last one last
	redo     []action // undone actions, the next to redo last
}

// action is one step of the history: the cells it changed, before and
// after. Undo restores every from, Redo every to.
type action []change

// change is what an action did to one cell.
type change struct {
	cell     int
	from, to cellState
}

// cellState is what the player can change in a cell: its entry (0 for
// none) and its pencil marks.
type cellState struct {
	digit int
	marks uint64
}

// New starts a game on puzzle, which must have exactly one solution: New
// finds it, and proves that it is the only one, with package search (on
// the workers of [WithWorkers]). The givens of puzzle are the clues; the
// digits it holds that are not givens become the player's first entries
// (right or wrong). puzzle is not changed.
//
// Errors: one wrapping search.ErrNoSolution when the givens have no
// solution (and the [*sudoku.ConflictError] when they conflict);
// [ErrNotUnique] (wrapping search.ErrMultipleSolutions) when they have
// several; the context's error when ctx
// ends first; and one wrapping [sudoku.ErrInvalidArgument] for a nil
// context, puzzle or option, a bad option, or a puzzle on the zero
// Geometry (no cells).
func New(ctx context.Context, puzzle *sudoku.Board, opts ...Option) (*Game, error) {
	cfg, err := newConfig(opts)
	switch {
	case err != nil:
		return nil, err
	case ctx == nil:
		return nil, contract.Invalid("play", "New: nil context")
	case puzzle == nil:
		return nil, contract.Invalid("play", "New: nil puzzle")
	case empty(puzzle):
		return nil, contract.Invalid("play", "New: a board of no cells")
	}
	sol, err := solveUnique(ctx, puzzle.Givens(), cfg)
	if err != nil {
		return nil, contract.Errorf("play", "New: %w", err)
	}
	return newGame(puzzle.Clone(), sol), nil
}

// FromPuzzle starts a game on a puzzle of package generate, whose
// solution is proved unique there: it is taken as it is, with no search.
// The givens of p.Board are the clues and its other digits the player's
// first entries. p is not changed.
//
// It returns an error wrapping [sudoku.ErrInvalidArgument] for a nil p, a
// p without a board or a solution, a board on the zero Geometry (no
// cells), or a solution that does not solve the board (on another
// geometry, with an empty cell, a repeated digit in a unit, or a digit
// other than a given's).
func FromPuzzle(p *generate.Puzzle) (*Game, error) {
	if p == nil || p.Board == nil || p.Solution == nil {
		return nil, contract.Invalid("play", "FromPuzzle: nil puzzle, board or solution")
	}
	if empty(p.Board) {
		return nil, contract.Invalid("play", "FromPuzzle: a board of no cells")
	}
	if err := checkSolution(p.Board, p.Solution); err != nil {
		return nil, contract.Invalid("play", "FromPuzzle: %w", err)
	}
	return newGame(p.Board.Clone(), solutionOf(p.Solution, p.Board)), nil
}

// empty reports whether b is on a geometry without cells (the zero
// Geometry), which has nothing to play and could not be saved and loaded
// again.
func empty(b *sudoku.Board) bool { return b.Geometry().NumCells() == 0 }

// newGame returns a game on board (givens and entries), which it keeps,
// with solution sol, which it keeps.
func newGame(board, sol *sudoku.Board) *Game {
	return &Game{
		g:        board.Geometry(),
		board:    board,
		solution: sol,
		marks:    make([]uint64, board.Geometry().NumCells()),
	}
}

// solveUnique returns the one solution of givens, a board of givens only:
// search.ErrNoSolution (saying why) when there is none, ErrNotUnique,
// wrapping search.ErrMultipleSolutions, when there are several.
func solveUnique(ctx context.Context, givens *sudoku.Board, cfg config) (*sudoku.Board, error) {
	sol, err := search.Unique(ctx, givens, cfg.searchOptions()...)
	if errors.Is(err, search.ErrMultipleSolutions) {
		return nil, fmt.Errorf("%w: %w", ErrNotUnique, err)
	}
	return sol, err
}

// checkSolution returns an error, without a sentinel, when sol does not
// solve the givens of puzzle.
func checkSolution(puzzle, sol *sudoku.Board) error {
	g := puzzle.Geometry()
	switch {
	case !g.Equal(sol.Geometry()):
		return fmt.Errorf("a solution on a %s for a puzzle on a %s", sol.Geometry(), g)
	case !sol.Filled():
		return errors.New("the solution has an empty cell")
	case !sol.Solved():
		return fmt.Errorf("the solution breaks a unit: %w", sol.Validate())
	}
	for c := range g.NumCells() {
		if puzzle.Given(c) && puzzle.Get(c) != sol.Get(c) {
			return fmt.Errorf("the solution has %s in %s, the puzzle's given %s", puzzle.DigitText(sol.Get(c)), g.CellName(c), puzzle.DigitText(puzzle.Get(c)))
		}
	}
	return nil
}

// solutionOf returns a copy of sol with the givens of puzzle as givens
// and every other cell an entry.
func solutionOf(sol, puzzle *sudoku.Board) *sudoku.Board {
	out := puzzle.Givens()
	out.FillEmpty(sol.Digits()) // cannot fail: sol is full and on out's geometry
	return out
}

// Geometry returns the geometry of the game's board.
func (gm *Game) Geometry() *sudoku.Geometry {
	if !gm.live() {
		return nil
	}
	return gm.g
}

// Puzzle returns a copy of the puzzle: the givens alone.
func (gm *Game) Puzzle() *sudoku.Board {
	if !gm.live() {
		return nil
	}
	return gm.board.Givens()
}

// Board returns a copy of the board as the player sees it: the givens
// and the player's entries (which [sudoku.Board.Given] tells apart).
func (gm *Game) Board() *sudoku.Board {
	if !gm.live() {
		return nil
	}
	return gm.board.Clone()
}

// Solution returns a copy of the puzzle's one solution.
func (gm *Game) Solution() *sudoku.Board {
	if !gm.live() {
		return nil
	}
	return gm.solution.Clone()
}

// Digit returns the digit in cell c, given or entered; 0 when c is empty
// or out of range.
func (gm *Game) Digit(c int) int {
	if !gm.live() {
		return 0
	}
	return gm.board.Get(c)
}

// Given reports whether cell c holds a given.
func (gm *Game) Given(c int) bool { return gm.live() && gm.board.Given(c) }

// Marks returns the pencil marks of cell c in increasing order (nil when
// it has none, or c is out of range).
func (gm *Game) Marks(c int) []int {
	if !gm.live() || c < 0 || c >= len(gm.marks) || gm.marks[c] == 0 {
		return nil
	}
	return digitList(gm.marks[c])
}

// HasMark reports whether digit d is pencilled in cell c.
func (gm *Game) HasMark(c, d int) bool {
	return gm.live() && c >= 0 && c < len(gm.marks) && d >= 1 && d <= gm.g.Digits() && gm.marks[c]&logic.Bit(d) != 0
}

// MarkMasks returns the pencil marks of every cell as masks (bit d-1 for
// digit d, 0 for a cell without marks), the form logic.WithMarks and
// logic.NewStateFromMarks take.
func (gm *Game) MarkMasks() []uint64 {
	if !gm.live() {
		return nil
	}
	return slices.Clone(gm.marks)
}

// Solved reports whether every cell holds the solution's digit.
func (gm *Game) Solved() bool { return gm.live() && gm.board.Equal(gm.solution) }

// live reports whether gm is a game made by New, FromPuzzle or Load: not
// nil, not the zero Game.
func (gm *Game) live() bool { return gm != nil && gm.g != nil }

// checkCell returns an error, naming the call, for a cell out of range.
func (gm *Game) checkCell(call string, c int) error {
	if !gm.live() {
		return contract.Invalid("play", "%s on a nil or zero Game", call)
	}
	if c < 0 || c >= gm.g.NumCells() {
		return contract.Invalid("play", "%s: cell %d out of range 0..%d", call, c, gm.g.NumCells()-1)
	}
	return nil
}

// checkDigit returns an error, naming the call, for a digit out of range
// (0 allowed when zero is set).
func (gm *Game) checkDigit(call string, d int, zero bool) error {
	lo := 1
	if zero {
		lo = 0
	}
	if d < lo || d > gm.g.Digits() {
		return contract.Invalid("play", "%s: digit %d out of range %d..%d", call, d, lo, gm.g.Digits())
	}
	return nil
}

// Enter puts digit d in cell c as the player's entry, or with d = 0
// clears the entry, as one action for [Game.Undo]. A digit entered also
// clears the cell's own pencil marks and d's marks in every cell that
// shares a unit with c, as players expect. Entering the digit the cell
// already holds changes nothing and is no action.
//
// A wrong digit is entered all the same: [Game.Wrong] and
// [Game.Conflicts] list the mistakes. It returns an error wrapping
// [sudoku.ErrGivenCell] and [sudoku.ErrInvalidArgument] when c holds a
// given, and one wrapping sudoku.ErrInvalidArgument for c or d out of
// range.
func (gm *Game) Enter(c, d int) error {
	if err := gm.checkCell("Enter", c); err != nil {
		return err
	}
	if err := gm.checkDigit("Enter", d, true); err != nil {
		return err
	}
	if gm.board.Given(c) {
		return contract.Invalid("play", "Enter: %s: %w", gm.g.CellName(c), sudoku.ErrGivenCell)
	}
	var a action
	gm.enter(&a, c, d)
	gm.do(a)
	return nil
}

// Clear clears the entry of cell c: [Game.Enter](c, 0).
func (gm *Game) Clear(c int) error { return gm.Enter(c, 0) }

// enter adds to a the changes of entering d in c (a cell that is no
// given), and makes them.
func (gm *Game) enter(a *action, c, d int) {
	if gm.board.Get(c) == d {
		return
	}
	to := cellState{digit: d}
	if d == 0 {
		to.marks = gm.marks[c]
	}
	gm.change(a, c, to)
	if d == 0 {
		return
	}
	bit := logic.Bit(d)
	for i := range gm.g.NumPeers(c) {
		p := gm.g.Peer(c, i)
		if gm.marks[p]&bit != 0 {
			gm.change(a, p, cellState{digit: gm.board.Get(p), marks: gm.marks[p] &^ bit})
		}
	}
}

// change sets cell c to st and records it in a.
func (gm *Game) change(a *action, c int, st cellState) {
	from := gm.state(c)
	if from == st {
		return
	}
	*a = append(*a, change{cell: c, from: from, to: st})
	gm.set(c, st)
}

// state returns what the player holds in cell c.
func (gm *Game) state(c int) cellState {
	st := cellState{marks: gm.marks[c]}
	if !gm.board.Given(c) {
		st.digit = gm.board.Get(c)
	}
	return st
}

// set writes st into cell c, which is no given.
func (gm *Game) set(c int, st cellState) {
	gm.board.Set(c, st.digit) // cannot fail: c and the digit are checked
	gm.marks[c] = st.marks
}

// do records a, made already, as the last action, and forgets what was
// undone; an action that changed nothing is not recorded.
func (gm *Game) do(a action) {
	if len(a) == 0 {
		return
	}
	gm.undo = append(gm.undo, a)
	gm.redo = nil
}

// ToggleMark pencils digit d in cell c, or rubs it out when it is there,
// as one action for [Game.Undo]. It returns an error wrapping [ErrFilled]
// and [sudoku.ErrInvalidArgument] when c holds a digit (given or
// entered), and one wrapping sudoku.ErrInvalidArgument for c or d out of
// range.
func (gm *Game) ToggleMark(c, d int) error {
	if err := gm.checkCell("ToggleMark", c); err != nil {
		return err
	}
	if err := gm.checkDigit("ToggleMark", d, false); err != nil {
		return err
	}
	if gm.board.Get(c) != 0 {
		return contract.Invalid("play", "ToggleMark: %s: %w", gm.g.CellName(c), ErrFilled)
	}
	var a action
	gm.change(&a, c, cellState{marks: gm.marks[c] ^ logic.Bit(d)})
	gm.do(a)
	return nil
}

// FillMarks pencils in every empty cell the digits that no cell sharing a
// unit with it holds, replacing the marks it had, as one action for
// [Game.Undo]: the "fill in candidates" of an app.
func (gm *Game) FillMarks() {
	if !gm.live() {
		return
	}
	var a action
	for c := range gm.marks {
		if gm.board.Get(c) == 0 {
			gm.change(&a, c, cellState{marks: gm.candidates(c)})
		}
	}
	gm.do(a)
}

// ClearMarks rubs out every pencil mark, as one action for [Game.Undo].
func (gm *Game) ClearMarks() {
	if !gm.live() {
		return
	}
	var a action
	for c, m := range gm.marks {
		if m != 0 {
			gm.change(&a, c, cellState{digit: gm.state(c).digit})
		}
	}
	gm.do(a)
}

// candidates returns the digits no peer of cell c holds.
func (gm *Game) candidates(c int) uint64 {
	var seen uint64
	for i := range gm.g.NumPeers(c) {
		if d := gm.board.Get(gm.g.Peer(c, i)); d != 0 {
			seen |= logic.Bit(d)
		}
	}
	return allDigits(gm.g.Digits()) &^ seen
}

// allDigits returns the mask of digits 1..n.
func allDigits(n int) uint64 { return ^uint64(0) >> uint(64-n) }

// Undo takes back the last action not yet undone (an entry with the marks
// it cleared, a mark, a hint applied, a fill or clear of marks), whole. It
// reports whether there was one.
func (gm *Game) Undo() bool {
	if !gm.CanUndo() {
		return false
	}
	a := gm.undo[len(gm.undo)-1]
	gm.undo = gm.undo[:len(gm.undo)-1]
	for i := len(a) - 1; i >= 0; i-- {
		gm.set(a[i].cell, a[i].from)
	}
	gm.redo = append(gm.redo, a)
	return true
}

// Redo makes again the last action [Game.Undo] took back, unless a new
// action came since. It reports whether there was one.
func (gm *Game) Redo() bool {
	if !gm.CanRedo() {
		return false
	}
	a := gm.redo[len(gm.redo)-1]
	gm.redo = gm.redo[:len(gm.redo)-1]
	for _, ch := range a {
		gm.set(ch.cell, ch.to)
	}
	gm.undo = append(gm.undo, a)
	return true
}

// CanUndo reports whether [Game.Undo] has an action to take back.
func (gm *Game) CanUndo() bool { return gm.live() && len(gm.undo) > 0 }

// CanRedo reports whether [Game.Redo] has an action to make again.
func (gm *Game) CanRedo() bool { return gm.live() && len(gm.redo) > 0 }

// Wrong returns the cells, in increasing order, whose entries differ from
// the solution (nil when there are none).
func (gm *Game) Wrong() []int {
	if !gm.live() {
		return nil
	}
	var out []int
	for c := range gm.marks {
		if d := gm.board.Get(c); d != 0 && d != gm.solution.Get(c) {
			out = append(out, c)
		}
	}
	return out
}

// WrongMarks returns the empty cells, in increasing order, whose pencil
// marks leave out the solution's digit (nil when there are none). A cell
// without marks is never among them.
func (gm *Game) WrongMarks() []int {
	if !gm.live() {
		return nil
	}
	var out []int
	for c, m := range gm.marks {
		if gm.board.Get(c) == 0 && m != 0 && m&logic.Bit(gm.solution.Get(c)) == 0 {
			out = append(out, c)
		}
	}
	return out
}

// Conflicts returns the cells, in increasing order, that hold the same
// digit as another cell of one of their units: the clashes a player sees
// without knowing the solution. A given clashing with an entry is listed
// with it. It is nil when there are none.
func (gm *Game) Conflicts() []int {
	if !gm.live() {
		return nil
	}
	var ce *sudoku.ConflictError
	if !errors.As(gm.board.Validate(), &ce) {
		return nil
	}
	var out []int
	for _, x := range ce.Conflicts {
		out = append(out, x.A, x.B)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Hint returns the next step for the player, from their pencil marks in
// the cells that have some and from the candidates the digits allow in
// the others: the easiest step of logic.Ladder(true) (the puzzle is
// unique, so the uniqueness rules take part, and the avoidable rectangles
// tell the givens from the player's entries), or, where the rules run
// out, a last-resort step: a forcing chain (logic.ForcingChains), or
// after those a guess (logic.GuessRule). Show it in stages with
// [logic.Step.Stage], then apply it with [Game.ApplyHint] or let the
// player do it. The game is not changed.
//
// Errors: a [*logic.WrongEntryError], matching logic.ErrWrongEntry, that
// names the cells when an entry or a cell's marks disagree with the
// solution (a hint built on a mistake would mislead); logic.ErrSolved
// when every cell is filled (rightly); and ctx's error once it has ended.
func (gm *Game) Hint(ctx context.Context) (logic.Step, error) {
	if !gm.live() {
		return logic.Step{}, contract.Invalid("play", "Hint on a nil or zero Game")
	}
	return logic.Hint(ctx, gm.board, logic.WithUnique(true), logic.WithMarks(gm.marks), logic.WithSolution(gm.solution),
		logic.WithPuzzle(gm.board.Givens()))
}

// ApplyHint makes the changes of step st, such as [Game.Hint] returns, as
// one action for [Game.Undo]: each placement becomes an entry (clearing
// marks as [Game.Enter] does), and each removal rubs the digits out of
// the cell's marks; a cell without marks is first pencilled with the
// digits its peers leave it, so that the removal shows. Removals from a
// cell that holds a digit are skipped.
//
// It returns an error wrapping [sudoku.ErrInvalidArgument], changing
// nothing, for a cell or digit out of range, or a placement on a given
// that holds another digit.
func (gm *Game) ApplyHint(st logic.Step) error {
	if !gm.live() {
		return contract.Invalid("play", "ApplyHint on a nil or zero Game")
	}
	for _, p := range st.Place {
		if err := gm.checkCell("ApplyHint", p.Cell); err != nil {
			return err
		}
		if err := gm.checkDigit("ApplyHint", p.Digit, false); err != nil {
			return err
		}
		if gm.board.Given(p.Cell) && gm.board.Get(p.Cell) != p.Digit {
			return contract.Invalid("play", "ApplyHint: %s in %s: %w", gm.board.DigitText(p.Digit), gm.g.CellName(p.Cell), sudoku.ErrGivenCell)
		}
	}
	for _, r := range st.Remove {
		if err := gm.checkCell("ApplyHint", r.Cell); err != nil {
			return err
		}
		for _, d := range r.Digits {
			if err := gm.checkDigit("ApplyHint", d, false); err != nil {
				return err
			}
		}
	}
	var a action
	for _, p := range st.Place {
		if !gm.board.Given(p.Cell) {
			gm.enter(&a, p.Cell, p.Digit)
		}
	}
	for _, r := range st.Remove {
		c := r.Cell
		if gm.board.Get(c) != 0 {
			continue
		}
		m := gm.marks[c]
		if m == 0 {
			m = gm.candidates(c)
		}
		for _, d := range r.Digits {
			m &^= logic.Bit(d)
		}
		gm.change(&a, c, cellState{marks: m})
	}
	gm.do(a)
	return nil
}

// digitList returns the digits of mask in increasing order.
func digitList(mask uint64) []int {
	out := make([]int, 0, bits.OnesCount64(mask))
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, bits.TrailingZeros64(mask)+1)
	}
	return out
}
