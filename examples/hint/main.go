// Command hint solves Sudoku puzzles the way a person would, one explained
// step at a time, and grades them.
//
// It reads puzzles from the files named as arguments ("-" for standard
// input), or from standard input when it is not a terminal: one puzzle a
// line, or grids separated by blank lines, in any notation package sudoku
// reads. Given no input at all it uses a built-in puzzle.
//
//	go run ./examples/hint                     # walk the built-in puzzle
//	go run ./examples/hint puzzles.txt         # walk each puzzle
//	go run ./examples/hint -grade puzzles.txt  # one grade line per puzzle
//	go run ./examples/hint -svg hint.svg       # also draw a step of the walk
//
// Without -grade it prints, for each puzzle, every step the rules take,
// easiest first, with its explanation, and where the rules of the ladder
// stop, the steps of the forcing chains, as a hint gives them, each
// followed by a line per branch that tells its links in full (the
// explanation cuts long branches short); then the grade, or where logic
// stopped and the candidates left. With -grade it prints one line per
// puzzle, "<level> <ER> <hardest rule>" (see package grade for the
// scale), or "error: <message>". The exit code is 1 when any puzzle
// failed (or the step to draw is beyond the walk, or the drawing cannot
// be written: said on standard error), 2 for a usage or read error, and
// 130 after an interrupt, once what was done is printed.
//
// Flags:
//
//	-grade    print one grade line per puzzle instead of the steps
//	-stages   before each step, print its hint stages (where to look,
//	          which rule)
//	-hex      read one-character digits as hexadecimal 0-F (16x16)
//	-forcing  where the ladder stops, follow the forcing chains (the
//	          default; -forcing=false stops there, faster on big boards)
//	-svg FILE draw the board as it is before one step of the walk, with
//	          the candidates as pencil marks and the step highlighted, as
//	          an SVG image (the last puzzle's, when there are several)
//	-step N   with -svg, the step to draw: N from 1, at most the steps of
//	          the walk; 0, the default, draws the first step that is not
//	          a single, or the last step
//	-stage S  with -svg, the hint stage to draw the step at: 0 (where to
//	          look), 1 (the houses of the rule), 2 (the whole step; the
//	          default)
//	-version  print the module's version
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// builtin is a QQWing "expert" puzzle that logic solves without a guess,
// on the way meeting eleven of the rules.
const builtin = ".9...3...5.34...8...86.....31.5......6.8....9..4.3.......9..6......4..784.67.1..3"

func main() {
	cli.Main(run)
}

type options struct {
	grade, stages, hex bool
	forcing            bool
	svg                string
	step               int
	stage              logic.Stage
}

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("hint", "[file ...]", stdout, stderr)
	fs := c.Flags
	var o options
	fs.BoolVar(&o.grade, "grade", false, "print one line per puzzle: <level> <ER> <hardest rule>")
	fs.BoolVar(&o.stages, "stages", false, "print the hint stages before each step")
	fs.BoolVar(&o.hex, "hex", false, "read one-character digits as hexadecimal 0-F")
	fs.BoolVar(&o.forcing, "forcing", true, "where the ladder stops, follow the forcing chains")
	fs.StringVar(&o.svg, "svg", "", "draw the board before a step of the walk as an SVG image in this `file`")
	c.IntVar(&o.step, "step", 0, 0, math.MaxInt, "with -svg, the step to draw (0: the first that is not a single)")
	fs.TextVar(&o.stage, "stage", logic.StageStep, "with -svg, the hint `stage` to draw the step at: area, technique or step")
	if status, ok := c.Parse(args); !ok {
		return status
	}
	if o.svg == "" && (c.Set("step") || c.Set("stage")) {
		return c.Usage("-step and -stage choose the step -svg draws: give -svg")
	}
	if o.svg != "" && o.grade {
		return c.Usage("-svg draws a step of the walk: not with -grade")
	}
	inputs, closeInputs, err := cli.Open(fs.Args(), stdin, builtin)
	if err != nil {
		return c.Usage("%v", err)
	}
	defer closeInputs()

	out := bufio.NewWriter(stdout)
	defer out.Flush()
	status := 0
	var last picture // the last puzzle's step to draw
	for _, in := range inputs {
		sc := in.Scanner(o.hex)
		n := 0
		for sc.Scan() && ctx.Err() == nil {
			n++
			b, err := sc.Board()
			last = picture{}
			if err == nil {
				if o.grade {
					err = gradeLine(ctx, out, b)
				} else {
					last, err = walk(ctx, out, b, o)
				}
			}
			if err != nil {
				status = 1
				fmt.Fprintf(out, "error: %v\n", err)
			}
		}
		if ctx.Err() != nil {
			out.Flush()
			return c.Exit(ctx, status)
		}
		if err := sc.Err(); err != nil {
			out.Flush()
			return c.Usage("%s: %v", in.Name, err)
		}
		if n == 0 {
			out.Flush()
			return c.Usage("%s: no puzzles", in.Name)
		}
	}
	if o.svg != "" {
		if err := last.write(o.svg, o.step, o.stage); err != nil {
			out.Flush()
			return c.Fail(err)
		}
		fmt.Fprintf(out, "Drew step %d at stage %s in %s\n", last.n, o.stage, o.svg)
	}
	return status
}

func gradeLine(ctx context.Context, out io.Writer, b *sudoku.Board) error {
	g, err := grade.Puzzle(ctx, b)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "%s %.1f %s\n", g.Level, g.ER, g.Hardest)
	return err
}

// walk prints the steps the ladder takes on b, then the grade or the
// candidates where the rules stopped. With -svg it returns the step to
// draw.
func walk(ctx context.Context, out io.Writer, b *sudoku.Board, o options) (picture, error) {
	fmt.Fprintf(out, "%s\n", b.Pretty())
	s, err := logic.NewState(b)
	if err != nil {
		return picture{}, err
	}
	rules := logic.Ladder(false)
	n := 0
	var pic picture
	// A forcing chain step can take seconds on a big board: an interrupt
	// ends the walk between steps.
	for s.Left() > 0 && ctx.Err() == nil {
		st, _, err := rules.Next(s)
		if errors.Is(err, logic.ErrNoStep) && o.forcing {
			st, _, err = logic.ForcingChains().Next(s)
		}
		if errors.Is(err, logic.ErrNoStep) {
			break
		}
		if err != nil {
			return pic, err
		}
		n++
		if o.svg != "" && pic.want(n, st, o.step) {
			if pic.board, err = snapshot(b, s); err != nil {
				return pic, err
			}
			pic.marks, pic.step, pic.n = s.MarkMasks(), st, n
		}
		if o.stages {
			fmt.Fprintf(out, "   %s %s\n", st.Stage(logic.StageArea), st.Stage(logic.StageTechnique))
		}
		fmt.Fprintf(out, "%3d. %s\n", n, st.Text)
		if forcing[st.Rule] {
			// Its text cuts long branches short: each in full.
			for i, ch := range st.Chains {
				fmt.Fprintf(out, "     branch %d: %s\n", i+1, chainLine(b, ch))
			}
			// A nested one's chains inside, in pairs: a premise of a
			// branch that leads to a fact and to its opposite.
			for i, ch := range st.Inner {
				fmt.Fprintf(out, "     inside %d%c: %s\n", i/2+1, 'a'+i%2, chainLine(b, ch))
			}
		}
		if err := s.Apply(st); err != nil {
			return pic, fmt.Errorf("after step %d: %w", n, err)
		}
	}
	if err := ctx.Err(); err != nil {
		return pic, err
	}
	pic.steps, pic.walked = n, true
	now := b.Clone()
	if err := s.Fill(now); err != nil {
		return pic, err
	}
	if s.Left() > 0 {
		fmt.Fprintf(out, "No rule applies after %d steps; %d cells left. Candidates:\n%s", n, s.Left(), marksGrid(s))
	} else {
		fmt.Fprintf(out, "Solved in %d steps:\n%s", n, now.Pretty())
	}
	g, err := grade.Puzzle(ctx, b)
	if err != nil {
		return pic, err
	}
	fmt.Fprintf(out, "Grade: %s %.2f (ER/EP/ED %.1f/%.1f/%.1f; hardest rule: %s, %d steps at ER)\n\n", g.Level, g.Score, g.ER, g.EP, g.ED, g.Hardest, g.HardestUses)
	return pic, nil
}

// forcing holds the forcing chain techniques, whose steps the walk
// follows with a line per branch.
var forcing = func() map[logic.Technique]bool {
	m := map[logic.Technique]bool{}
	for _, r := range logic.ForcingChains() {
		if t, ok := r.(logic.Technique); ok {
			m[t] = true
		}
	}
	return m
}()

// chainLine writes the links of a chain as the facts they join, in
// order: "r2c6=7 → r2c6≠9 → r2c2=9", a node of several cells as
// "(r7c1 or r7c3)=2". A fact that rests on several ("r2c6≠9 and r2c9≠9 →
// r2c2=9"), or on another than the fact before, starts a new run after
// "; ". A link's end is true when the link is strong, as in an
// alternating chain (what is false forces) and a forcing chain (whose
// strong links end on a placement); a start is true when its first link
// is weak (what is true rules out), else false.
func chainLine(b *sudoku.Board, links []logic.Link) string {
	g := b.Geometry()
	truth := map[string]bool{} // the facts told so far, by node
	key := func(nd logic.Node) string { return fmt.Sprint(nd.Cells, nd.Digit) }
	say := func(nd logic.Node, on bool) string {
		names := make([]string, len(nd.Cells))
		for i, c := range nd.Cells {
			names[i] = g.CellName(c)
		}
		cells := names[0]
		if len(names) > 1 {
			cells = "(" + strings.Join(names, " or ") + ")"
		}
		if on {
			return cells + "=" + b.DigitText(nd.Digit)
		}
		return cells + "≠" + b.DigitText(nd.Digit)
	}
	var sb strings.Builder
	var last *logic.Node
	for i := 0; i < len(links); {
		// The links into one fact.
		j := i + 1
		for j < len(links) && sameNode(links[j].To, links[i].To) {
			j++
		}
		if j > i+1 || last == nil || !sameNode(*last, links[i].From) {
			if last != nil {
				sb.WriteString("; ")
			}
			for k := i; k < j; k++ {
				if k > i {
					sb.WriteString(" and ")
				}
				from := links[k].From
				on, ok := truth[key(from)]
				if !ok {
					on = !links[k].Strong
				}
				sb.WriteString(say(from, on))
			}
		}
		to := links[i].To
		truth[key(to)] = links[i].Strong
		sb.WriteString(" → " + say(to, links[i].Strong))
		last, i = &links[i].To, j
	}
	return sb.String()
}

// sameNode reports whether a and b are the same digit in the same cells.
func sameNode(a, b logic.Node) bool {
	return a.Digit == b.Digit && slices.Equal(a.Cells, b.Cells)
}

// picture is the board, marks and step chosen to draw, the n-th of a
// walk of steps.
type picture struct {
	board    *sudoku.Board
	marks    []uint64
	step     logic.Step
	n, steps int
	walked   bool // the walk went to its end
}

// want reports whether step st, the n-th, is the one to draw: the step
// asked for, or with none asked for, the first that is not a single, and
// until there is one, the latest.
func (p *picture) want(n int, st logic.Step, asked int) bool {
	if asked > 0 {
		return n == asked
	}
	return p.board == nil || isSingle(p.step)
}

// isSingle reports whether st places a naked or hidden single.
func isSingle(st logic.Step) bool {
	return st.Rule == logic.NakedSingle || st.Rule == logic.HiddenSingle
}

// snapshot returns puzzle b with the digits state s has placed.
func snapshot(b *sudoku.Board, s *logic.State) (*sudoku.Board, error) {
	now := b.Clone()
	return now, s.Fill(now)
}

// write draws the picture at a hint stage into the named file; there is
// none when the walk failed or the step asked for is beyond it.
func (p *picture) write(name string, step int, stage logic.Stage) error {
	switch {
	case !p.walked:
		return fmt.Errorf("-svg: nothing drawn, as the last puzzle failed")
	case p.board == nil:
		return fmt.Errorf("-step %d: the walk has %d steps", step, p.steps)
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	err = draw.SVG(f, p.board, draw.WithMarks(p.marks), draw.WithStep(p.step, stage))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// marksGrid renders the candidates of every cell, a row of the layout a
// line, each cell's digits padded to the widest cell. Digits are written
// as the board writes them ("G" on a 16x16 board), with commas between
// them when some take more than one character (Decimal).
func marksGrid(s *logic.State) string {
	g, n := s.Geometry(), s.Notation()
	cells := make([]string, g.NumCells())
	width, sep := 1, ""
	if len(n.DigitText(g, g.Digits())) > 1 {
		sep = ","
	}
	marks := s.Marks()
	for c := range cells {
		if v := s.Value(c); v != 0 {
			cells[c] = n.DigitText(g, v)
		} else {
			var ds []string
			for _, d := range marks[c] {
				ds = append(ds, n.DigitText(g, d))
			}
			cells[c] = strings.Join(ds, sep)
		}
		width = max(width, len(cells[c]))
	}
	cols := g.Cols()
	if cols == 0 {
		cols = len(cells)
	}
	var sb strings.Builder
	for c, text := range cells {
		fmt.Fprintf(&sb, "%-*s", width, text)
		if (c+1)%cols == 0 {
			sb.WriteByte('\n')
		} else {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}
