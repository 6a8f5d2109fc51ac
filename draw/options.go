package draw

import (
	"slices"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/logic"
)

// Limits of [WithCellSize], in pixels.
const (
	MinCellSize = 12
	MaxCellSize = 400
)

// Option configures [SVG]. Options are made by the With functions of this
// package; each checks what it can of its argument when made, and a bad
// one (or a nil Option) makes SVG return an error wrapping
// [sudoku.ErrInvalidArgument]. Arguments that depend on the board (cell
// indices, the number of marks) are checked by SVG. When an option is
// repeated, the last one wins.
type Option interface {
	apply(*config) error
}

type optionFunc func(*config) error

func (f optionFunc) apply(c *config) error { return f(c) }

type config struct {
	cellSize  int     // pixels a side of a square; 0 means by the number of digits
	title     string  // the picture's title; "" for none
	panels    []Panel // nil means the geometry's own layout
	marks     []uint64
	step      *logic.Step
	stage     logic.Stage
	wrong     []int
	conflicts bool
	selected  []int
}

// invalid reports a bad argument: "draw: what: invalid argument", wrapping
// [sudoku.ErrInvalidArgument].
func invalid(format string, args ...any) error {
	return contract.Invalid("draw", format, args...)
}

// WithCellSize sets the side of a cell's square in pixels, from
// [MinCellSize] to [MaxCellSize]; anything else is an error. The default
// grows with the number of digits N so that pencil marks stay readable:
// 40 up to N = 16, 36 up to 25, 32 beyond. Lines, digits and marks scale
// with it. The picture has a viewBox, so it can also be scaled as a whole.
func WithCellSize(px int) Option {
	return optionFunc(func(c *config) error {
		if px < MinCellSize || px > MaxCellSize {
			return invalid("WithCellSize(%d): want %d to %d pixels", px, MinCellSize, MaxCellSize)
		}
		c.cellSize = px
		return nil
	})
}

// WithTitle gives the picture a title (an SVG title element, which
// browsers show as a tooltip and screen readers read). It is escaped as
// XML text; the default is none.
func WithTitle(title string) Option {
	return optionFunc(func(c *config) error {
		c.title = title
		return nil
	})
}

// WithPanels places the cells on the picture as the panels say, instead of
// the geometry's own layout (one panel of its rows and columns, or for a
// geometry without one, its cells in order on a near-square grid). A cube
// draws its net with one panel per face. The panels are copied; SVG checks
// them against the board.
func WithPanels(panels ...Panel) Option {
	p := make([]Panel, len(panels))
	for i, pn := range panels {
		pn.Cells = slices.Clone(pn.Cells)
		p[i] = pn
	}
	return optionFunc(func(c *config) error {
		if len(p) == 0 {
			return invalid("WithPanels: no panel")
		}
		c.panels = p
		return nil
	})
}

// WithMarks draws pencil marks: marks[c] is the mask of the digits marked
// in cell c (bit d-1 for digit d, see [logic.Bit]), the form
// [logic.State.MarkMasks] returns and [logic.NewStateFromMarks] takes.
// Marks of cells that hold a digit are not drawn, and bits beyond N are
// ignored. marks must hold one mask per cell of the board, or be nil for
// none; it is copied.
//
// Marks are small digits in a sub-grid of the cell, each digit in its own
// place (the shape of a box on a board with boxes: 3x3 for 9x9, 3 wide
// and 2 high for 6x6). Where that would make them too small to read (more
// than 16 digits at the default sizes), the marks of a cell are listed in
// increasing order in nine places, and when there are more than nine, the
// first eight are shown and an ellipsis in the ninth says that there are
// more. A cell of 48 pixels ([WithCellSize]) gives each of 25 digits its
// own place again.
func WithMarks(marks []uint64) Option {
	m := slices.Clone(marks)
	return optionFunc(func(c *config) error {
		c.marks = m
		return nil
	})
}

// WithStep highlights a hint step (from [logic.Hint] or a rule) at a stage
// of the hint, as [logic.Step.Stage] tells it in words:
//   - [logic.StageArea]: the houses or cells the step's Area
//     names, where to look;
//   - [logic.StageTechnique]: every house the step rests on;
//   - [logic.StageStep] (or more): also the cells of its pattern, with the
//     pattern's digits among their marks, the digits it places (in their
//     cells, in green) and the candidates it removes (struck out in red,
//     among the marks or alone when no marks are drawn), and its chains
//     ([logic.Step.Chains]).
//
// A chain is drawn link by link, in purple: a line from the mark of one
// node to the mark of the next, solid for a strong link and dashed for a
// weak one, with an arrow head at its end so that the chain reads from
// its start. A node's candidate is circled, and a group (a node of several
// cells) framed, its links joining the middle of its marks. A line that
// would pass over another mark bows round it. The candidates of the
// chains are drawn as the pattern's digits, even where the marks leave
// them out or no marks are drawn, so that the links always join digits.
// On panels that show part of the board, a link with a node none of whose
// cells is shown is left out.
//
// The step is copied. Its cells, houses and digits, and the cells and
// digits of its chains' nodes, must be those of the board drawn, and each
// node must have a cell: SVG returns an error wrapping
// [sudoku.ErrInvalidArgument] otherwise.
func WithStep(st logic.Step, stage logic.Stage) Option {
	cp := st
	cp.Houses = slices.Clone(st.Houses)
	cp.Cells = slices.Clone(st.Cells)
	cp.Digits = slices.Clone(st.Digits)
	cp.Place = slices.Clone(st.Place)
	cp.Remove = make([]logic.Removal, len(st.Remove))
	for i, r := range st.Remove {
		cp.Remove[i] = logic.Removal{Cell: r.Cell, Digits: slices.Clone(r.Digits)}
	}
	cp.Chains = cloneChains(st.Chains)
	return optionFunc(func(c *config) error {
		c.step, c.stage = &cp, stage
		return nil
	})
}

// WithWrong marks cells as mistakes: their digits in red on a red ground.
// An app passes the entries that disagree with the solution; an empty
// cell among them (one whose pencil marks leave out the solution's digit,
// say) gets the red ground and keeps its marks. The cells are copied (a
// slice passed as cells... may change after the call); each must be a cell
// of the board.
func WithWrong(cells ...int) Option {
	w := slices.Clone(cells)
	return optionFunc(func(c *config) error {
		c.wrong = w
		return nil
	})
}

// WithConflicts(true) marks the cells of the board that break a unit (as
// [sudoku.Board.Validate] finds them) on a red ground, and the digits of
// those that are not givens in red. The default is false: no conflicts
// marked.
func WithConflicts(on bool) Option {
	return optionFunc(func(c *config) error {
		c.conflicts = on
		return nil
	})
}

// WithSelected highlights cells an app has selected, such as the cell
// under the player's cursor, on a blue ground. The cells are copied (a
// slice passed as cells... may change after the call); each must be a cell
// of the board.
func WithSelected(cells ...int) Option {
	s := slices.Clone(cells)
	return optionFunc(func(c *config) error {
		c.selected = s
		return nil
	})
}
