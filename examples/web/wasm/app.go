// Command wasm is the part of examples/web that runs in the browser,
// compiled with GOOS=js GOARCH=wasm: it keeps one game of package play and
// answers the page's calls with JSON views of it, the board drawn by
// package draw. The page's script only shows what it is given and passes
// on the player's keys and clicks.
//
// Everything but the few lines that bind the calls to JavaScript (main_js.go)
// is plain Go, tested with go test on any platform.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/play"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Spec is what the player picks for a new game. Its JSON form is what the
// page sends and what the saved game keeps beside play's own saved form.
type Spec struct {
	// Size is the side of a board, 4 to 25; 0 for a cube.
	Size int `json:"size,omitempty"`
	// Box is the box side of a cube's faces (2 to 5; 3 for 9x9 faces);
	// 0 for a board.
	Box int `json:"box,omitempty"`
	// Model and Edges describe a cube: "three-faces" or "six-faces",
	// "match" or "differ", as cube.ParseModel and cube.ParseEdgeRule read
	// them.
	Model string `json:"model,omitempty"`
	Edges string `json:"edges,omitempty"`
	// Level is a level of package grade ("easy", "hard"...), or "" for a
	// minimal puzzle of any level.
	Level string `json:"level,omitempty"`
	// Seed makes the puzzle; 0 for a random one.
	Seed uint64 `json:"seed,omitempty"`
}

// genLimit bounds the time spent looking for a puzzle of the level asked;
// after it, the closest puzzle found is played (and its grade shown).
const genLimit = 3 * time.Second

// bigLimit bounds the time spent removing clues from a board of 16x16 or
// more (of any level): the page keeps the puzzle reached by then, unique
// at every point of the removal. The limit covers making the solution
// too, so a slow machine may leave few cells open; it is a variable so
// that tests, which run under the race detector, can lengthen it.
var bigLimit = 700 * time.Millisecond

// App is the state of the page: the game, how it was made, the cell under
// the cursor and the hint being shown.
type App struct {
	spec  Spec
	game  *play.Game
	cube  *cube.Cube // nil for a board
	sel   int
	grade string
	// hideWrong leaves the entries that differ from the solution undrawn
	// (conflicts still show), for players who want to find them alone.
	hideWrong bool

	hint      *logic.Step
	stage     logic.Stage
	blame     []int // cells a hint refused to build on
	message   string
	genMillis float64
}

// View is what the page shows, as JSON.
type View struct {
	Spec      Spec     `json:"spec"`
	Digits    int      `json:"digits"`
	Cells     int      `json:"cells"`
	Selected  int      `json:"selected"`
	Board     string   `json:"board"`           // the board, or the cube's net, as SVG
	Faces     []string `json:"faces,omitempty"` // a cube's faces, one SVG each, in cube.Faces order
	FaceNames []string `json:"faceNames,omitempty"`
	// Zoom draws the selected cell's box alone, on boards and cubes of 16
	// or more digits, so that its pencil marks can be read; "" otherwise.
	Zoom      string   `json:"zoom,omitempty"`
	DigitText []string `json:"digitText"` // the label of each digit 1..N, index d-1
	Hint      string   `json:"hint,omitempty"`
	HintStage int      `json:"hintStage"`
	Message   string   `json:"message,omitempty"`
	Wrong     []int    `json:"wrong"`
	Conflicts []int    `json:"conflicts"`
	Values    []int    `json:"values"` // the digit of each cell, 0 for empty
	Filled    int      `json:"filled"`
	Solved    bool     `json:"solved"`
	CanUndo   bool     `json:"canUndo"`
	CanRedo   bool     `json:"canRedo"`
	Grade     string   `json:"grade,omitempty"`
	GenMillis float64  `json:"genMillis,omitempty"`
}

// saved is the form the page keeps in localStorage.
type saved struct {
	Spec     Spec            `json:"spec"`
	Grade    string          `json:"grade,omitempty"`
	Selected int             `json:"selected"`
	Game     json.RawMessage `json:"game"`
}

// NewGame makes a puzzle as spec asks and starts a game on it.
func (a *App) NewGame(ctx context.Context, spec Spec) error {
	g, c, err := geometryOf(spec)
	if err != nil {
		return err
	}
	opts := []generate.Option{generate.WithWorkers(1)}
	if spec.Seed != 0 {
		opts = append(opts, generate.WithSeed(spec.Seed))
	}
	if spec.Level != "" {
		lvl, err := grade.ParseLevel(spec.Level)
		if err != nil {
			return err
		}
		opts = append(opts, generate.WithLevel(lvl), generate.WithTimeLimit(genLimit))
	} else if g.Digits() >= 16 {
		// A minimal 16x16 puzzle takes about half a second in a browser,
		// a 25x25 one seconds: play the fewest clues reached by then.
		opts = append(opts, generate.WithTimeLimit(bigLimit))
	}
	start := time.Now()
	p, err := generate.New(ctx, g, opts...)
	missed := errors.Is(err, generate.ErrNotReached)
	if err != nil && !missed {
		return err
	}
	elapsed := time.Since(start)
	game, err := play.FromPuzzle(p)
	if err != nil {
		return err
	}
	*a = App{spec: spec, game: game, cube: c, hideWrong: a.hideWrong, genMillis: float64(elapsed.Microseconds()) / 1000}
	if p.Grade != nil {
		a.grade = fmt.Sprintf("%s %.2f", p.Grade.Level, p.Grade.Score)
	}
	minimal := ""
	if p.Minimal {
		minimal = " (minimal)"
	}
	a.message = fmt.Sprintf("New puzzle, %d clues%s, made in %.0f ms.", p.Clues(), minimal, a.genMillis)
	if missed && spec.Level != "" {
		a.message += fmt.Sprintf(" No %s puzzle came in time: this is the closest found.", spec.Level)
	}
	return nil
}

// geometryOf returns the geometry spec asks for, and the empty cube whose
// net and faces draw it when spec is a cube.
func geometryOf(spec Spec) (*sudoku.Geometry, *cube.Cube, error) {
	if spec.Size != 0 {
		if spec.Size < 4 || spec.Size > 25 {
			return nil, nil, fmt.Errorf("web: size %d: %w", spec.Size, sudoku.ErrInvalidArgument)
		}
		g, err := sudoku.GeometryForSize(spec.Size)
		return g, nil, err
	}
	m, err := cube.ParseModel(spec.Model)
	if err != nil {
		return nil, nil, err
	}
	e, err := cube.ParseEdgeRule(spec.Edges)
	if err != nil {
		return nil, nil, err
	}
	c, err := cube.New(spec.Box, m, e)
	if err != nil {
		return nil, nil, err
	}
	return c.Geometry(), c, nil
}

// Save returns the game in the form Load reads: the spec and play's saved
// game.
func (a *App) Save() ([]byte, error) {
	if a.game == nil {
		return nil, errors.New("web: no game to save")
	}
	data, err := json.Marshal(a.game)
	if err != nil {
		return nil, err
	}
	return json.Marshal(saved{Spec: a.spec, Grade: a.grade, Selected: a.sel, Game: data})
}

// Load restores a game Save wrote; on error the app is unchanged.
func (a *App) Load(ctx context.Context, data []byte) error {
	var s saved
	if err := json.Unmarshal(data, &s); err != nil {
		return fmt.Errorf("web: saved game: %w", err)
	}
	g, c, err := geometryOf(s.Spec)
	if err != nil {
		return err
	}
	game, err := play.Load(ctx, s.Game, play.WithWorkers(1))
	if err != nil {
		return err
	}
	if game.Geometry().Digits() != g.Digits() || game.Geometry().NumCells() != g.NumCells() {
		return fmt.Errorf("web: saved game does not fit its spec: %w", sudoku.ErrInvalidArgument)
	}
	*a = App{spec: s.Spec, game: game, cube: c, grade: s.Grade, hideWrong: a.hideWrong, message: "Game restored."}
	a.Select(s.Selected)
	return nil
}

// Select moves the cursor to cell c.
func (a *App) Select(c int) {
	if a.game != nil && c >= 0 && c < a.game.Geometry().NumCells() {
		a.sel = c
	}
}

// act runs one change of the game; any change ends the hint being shown.
func (a *App) act(f func() error) error {
	if a.game == nil {
		return errors.New("web: no game")
	}
	err := f()
	a.hint, a.blame, a.message = nil, nil, ""
	if err != nil {
		a.message = err.Error()
	} else if a.game.Solved() {
		a.message = "Solved!"
	}
	return err
}

// Enter puts digit d (0 clears) in the selected cell.
func (a *App) Enter(d int) error { return a.act(func() error { return a.game.Enter(a.sel, d) }) }

// Mark toggles pencil mark d in the selected cell.
func (a *App) Mark(d int) error { return a.act(func() error { return a.game.ToggleMark(a.sel, d) }) }

// FillMarks pencils every candidate in every empty cell.
func (a *App) FillMarks() error { return a.act(func() error { a.game.FillMarks(); return nil }) }

// Undo takes back the last action.
func (a *App) Undo() error {
	return a.act(func() error {
		if !a.game.Undo() {
			return errors.New("nothing to undo")
		}
		return nil
	})
}

// Redo makes the last undone action again.
func (a *App) Redo() error {
	return a.act(func() error {
		if !a.game.Redo() {
			return errors.New("nothing to redo")
		}
		return nil
	})
}

// Hint shows the next stage of a hint: where to look, then which rule,
// then the whole step; asked once more, it applies the step.
func (a *App) Hint(ctx context.Context) error {
	if a.game == nil {
		return errors.New("web: no game")
	}
	if a.hint != nil && a.stage < logic.StageStep {
		a.stage++
		a.message = ""
		return nil
	}
	if a.hint != nil {
		st := *a.hint
		return a.act(func() error { return a.game.ApplyHint(st) })
	}
	st, err := a.game.Hint(ctx)
	a.blame, a.message = nil, ""
	var we *logic.WrongEntryError
	switch {
	case errors.As(err, &we):
		a.blame = we.Cells
		a.message = "Fix the cells in red first: their digits are wrong."
		return nil
	case errors.Is(err, logic.ErrSolved):
		a.message = "Solved!"
		return nil
	case err != nil:
		a.message = err.Error()
		return err
	}
	a.hint, a.stage = &st, logic.StageArea
	return nil
}

// View draws the game for the page.
func (a *App) View() (*View, error) {
	if a.game == nil {
		return nil, errors.New("web: no game")
	}
	b := a.game.Board()
	g := a.game.Geometry()
	v := &View{
		Spec:      a.spec,
		Digits:    g.Digits(),
		Cells:     g.NumCells(),
		Selected:  a.sel,
		Message:   a.message,
		Wrong:     a.game.Wrong(),
		Conflicts: a.game.Conflicts(),
		Solved:    a.game.Solved(),
		CanUndo:   a.game.CanUndo(),
		CanRedo:   a.game.CanRedo(),
		Grade:     a.grade,
		GenMillis: a.genMillis,
	}
	for d := 1; d <= g.Digits(); d++ {
		v.DigitText = append(v.DigitText, b.DigitText(d))
	}
	if v.Wrong == nil {
		v.Wrong = []int{}
	}
	if v.Conflicts == nil {
		v.Conflicts = []int{}
	}
	v.Values = b.Digits()
	for _, d := range v.Values {
		if d != 0 {
			v.Filled++
		}
	}
	var wrong []int
	if !a.hideWrong {
		wrong = append(wrong, v.Wrong...)
	}
	wrong = append(wrong, a.blame...)
	opts := []draw.Option{
		draw.WithMarks(a.game.MarkMasks()),
		draw.WithWrong(wrong...),
		draw.WithConflicts(true),
		draw.WithSelected(a.sel),
	}
	if a.hint != nil {
		v.Hint = a.hint.Stage(a.stage)
		v.HintStage = int(a.stage)
		opts = append(opts, draw.WithStep(*a.hint, a.stage))
	}
	var buf bytes.Buffer
	panels, boxRows, boxCols := a.panels()
	if g.Digits() >= zoomDigits {
		if p, ok := boxAround(panels, a.sel, boxRows, boxCols); ok {
			if err := draw.SVG(&buf, b, append(opts, draw.WithPanels(p))...); err != nil {
				return nil, err
			}
			v.Zoom = buf.String()
			buf.Reset()
		}
	}
	if a.cube == nil {
		if err := draw.SVG(&buf, b, opts...); err != nil {
			return nil, err
		}
		v.Board = buf.String()
		return v, nil
	}
	if err := draw.SVG(&buf, b, append(opts, draw.WithPanels(panels...))...); err != nil {
		return nil, err
	}
	v.Board = buf.String()
	for i, f := range a.cube.Faces() {
		p := panels[i]
		p.Row, p.Col = 0, 0
		buf.Reset()
		if err := draw.SVG(&buf, b, append(opts, draw.WithPanels(p))...); err != nil {
			return nil, err
		}
		v.Faces = append(v.Faces, buf.String())
		v.FaceNames = append(v.FaceNames, strings.ReplaceAll(f.String(), " ", "-"))
	}
	return v, nil
}

// zoomDigits is the fewest digits of a board whose selected box is also
// drawn alone: from 16x16 on, a box's pencil marks are too small to read
// on a board that fits the window.
const zoomDigits = 16

// panels returns the squares of the drawing, one panel for a board and
// the net's faces for a cube, and the rows and columns of a box.
func (a *App) panels() (panels []draw.Panel, boxRows, boxCols int) {
	if a.cube != nil {
		n := a.cube.BoxSize()
		return a.cube.Panels(), n, n
	}
	g := a.game.Geometry()
	p := draw.Panel{Rows: g.Rows(), Cols: g.Cols(), Cells: make([]int, g.NumCells())}
	for c := range p.Cells {
		row, col := g.RowCol(c)
		p.Cells[row*p.Cols+col] = c
	}
	return []draw.Panel{p}, g.BoxRows(), g.BoxCols()
}

// boxAround returns a panel of the boxRows x boxCols squares of the box
// that holds cell c on one of panels, boxes counted from each panel's
// top-left square; false when no panel shows c.
func boxAround(panels []draw.Panel, c, boxRows, boxCols int) (draw.Panel, bool) {
	for _, p := range panels {
		for i, pc := range p.Cells {
			if pc != c {
				continue
			}
			r0, c0 := i/p.Cols/boxRows*boxRows, i%p.Cols/boxCols*boxCols
			box := draw.Panel{Name: p.Name, Rows: boxRows, Cols: boxCols, BoxRows: boxRows, BoxCols: boxCols}
			for r := r0; r < r0+boxRows; r++ {
				for col := c0; col < c0+boxCols; col++ {
					sq := -1
					if r < p.Rows && col < p.Cols {
						sq = p.Cells[r*p.Cols+col]
					}
					box.Cells = append(box.Cells, sq)
				}
			}
			return box, true
		}
	}
	return draw.Panel{}, false
}

// Dispatch runs the page's call name with its argument and returns the
// view as JSON (for "save", the saved game). The calls: "new" (a Spec as
// JSON), "load" (a saved game), "save", "view", "select" (a cell),
// "enter" (a digit, 0 to clear), "mark" (a digit), "fill", "undo", "redo",
// "hint" and "mistakes" ("show" or "hide": whether wrong entries are drawn). A call the game refuses (a digit over a given, nothing to
// undo) is not an error: the view's message says why.
func Dispatch(ctx context.Context, a *App, name, arg string) (string, error) {
	num := func() (int, error) {
		n, err := strconv.Atoi(arg)
		if err != nil {
			return 0, fmt.Errorf("web: %s %q: %w", name, arg, sudoku.ErrInvalidArgument)
		}
		return n, nil
	}
	var err error
	switch name {
	case "new":
		var spec Spec
		if err := json.Unmarshal([]byte(arg), &spec); err != nil {
			return "", fmt.Errorf("web: spec: %w", err)
		}
		err = a.NewGame(ctx, spec)
	case "load":
		err = a.Load(ctx, []byte(arg))
	case "save":
		data, err := a.Save()
		return string(data), err
	case "view":
	case "select":
		var c int
		if c, err = num(); err == nil {
			a.Select(c)
		}
	case "enter", "mark":
		var d int
		if d, err = num(); err == nil {
			if name == "enter" {
				a.Enter(d)
			} else {
				a.Mark(d)
			}
		}
	case "fill":
		a.FillMarks()
	case "undo":
		a.Undo()
	case "redo":
		a.Redo()
	case "hint":
		a.Hint(ctx)
	case "mistakes":
		if arg != "show" && arg != "hide" {
			return "", fmt.Errorf("web: mistakes %q, want show or hide: %w", arg, sudoku.ErrInvalidArgument)
		}
		a.hideWrong = arg == "hide"
	default:
		err = fmt.Errorf("web: no call %q: %w", name, sudoku.ErrInvalidArgument)
	}
	if err != nil {
		return "", err
	}
	v, err := a.View()
	if err != nil {
		return "", err
	}
	data, err := json.Marshal(v)
	return string(data), err
}

// guard runs f, turning a panic into an error, so that a bug fails one call
// instead of stopping the program.
func guard(f func() (string, error)) (s string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("web: internal error: %v", r)
		}
	}()
	return f()
}
