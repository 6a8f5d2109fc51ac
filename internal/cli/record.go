package cli

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Formats are the values of -format for puzzles and solutions: one line a
// puzzle, a csv row a puzzle, the board drawn with box lines, or its rows
// alone (9 lines of 9 characters for a 9x9 board).
var Formats = []string{"line", "csv", "grid", "compact"}

// Output says how a command prints its puzzles: the format (one of
// Formats) and what goes with each.
type Output struct {
	Format   string
	Puzzle   bool // the puzzle
	Solution bool // its solution (beside the puzzle in the grid format)
	Stats    bool // the details of its grade: clues, hardest rule, steps, guesses, uses of each rule
	Timer    bool // the time it took, in milliseconds
	Log      bool // the steps the rules of package logic take on it, one a line
}

// Check returns a usage error for an output that cannot be printed.
func (o Output) Check() error {
	switch {
	case !slices.Contains(Formats, o.Format):
		return fmt.Errorf("-format %q: want %s", o.Format, strings.Join(Formats, ", "))
	case o.Log && o.Format == "csv":
		return errors.New("-log prints lines of steps: not with -format csv")
	}
	return nil
}

// Record is one puzzle as a command prints it.
type Record struct {
	Title    string        // the heading of a block of the grid format, if any
	Puzzle   *sudoku.Board // the puzzle, also read for the log
	Solution *sudoku.Board
	Grade    *grade.Grade // nil when not graded; needed for Stats
	Elapsed  time.Duration
}

// statRules are the rules the statistics count, in the order of their
// ratings: the columns of the csv format.
var statRules = logic.Ladder(true)

// Writer prints records in the form of an Output.
type Writer struct {
	w     io.Writer
	o     Output
	csv   *csv.Writer // for the csv format
	count int         // records written
}

// NewWriter returns a writer of records to w in the form of o.
func NewWriter(w io.Writer, o Output) *Writer {
	out := &Writer{w: w, o: o}
	if o.Format == "csv" {
		out.csv = csv.NewWriter(w)
	}
	return out
}

// fields returns the record's fields, named, in the order of the line and
// csv formats.
func (out *Writer) fields(r Record) (names, values []string) {
	add := func(name, value string) {
		names = append(names, name)
		values = append(values, value)
	}
	if out.o.Puzzle {
		add("puzzle", r.Puzzle.Line())
	}
	if out.o.Solution {
		add("solution", r.Solution.Line())
	}
	if gr := r.Grade; gr != nil {
		add("level", gr.Level.String())
		add("score", fmt.Sprintf("%.2f", gr.Score))
		if out.o.Stats {
			add("clues", strconv.Itoa(clues(r.Puzzle)))
			add("hardest", gr.Hardest.String())
			add("steps", strconv.Itoa(gr.Steps))
			add("guesses", strconv.Itoa(gr.Guesses))
			for _, rule := range statRules {
				add(rule.Name(), strconv.Itoa(gr.Uses[rule.(logic.Technique)]))
			}
		}
	}
	if out.o.Timer {
		add("ms", ms(r.Elapsed))
	}
	return names, values
}

// Write prints one record.
func (out *Writer) Write(r Record) error {
	out.count++
	names, values := out.fields(r)
	switch out.o.Format {
	case "csv":
		if out.count == 1 {
			if err := out.csv.Write(names); err != nil {
				return err
			}
		}
		return out.csv.Write(values)
	case "grid", "compact":
		return out.block(r)
	}
	var sb strings.Builder
	for i, v := range values {
		name := names[i]
		switch {
		case i > 0 && (name == "puzzle" || name == "solution" || name == "level" || name == "score"):
			sb.WriteByte(' ')
		case i > 0:
			if v == "0" && out.o.Stats && slices.ContainsFunc(statRules, func(r logic.Rule) bool { return r.Name() == name }) {
				continue // a rule not used
			}
			sb.WriteString(" " + strings.ReplaceAll(name, " ", "_") + "=")
			v = strings.ReplaceAll(v, " ", "_")
		}
		sb.WriteString(v)
	}
	sb.WriteByte('\n')
	if out.o.Log {
		if err := LogSteps(&sb, r.Puzzle); err != nil {
			return err
		}
	}
	_, err := io.WriteString(out.w, sb.String())
	return err
}

// block prints a record as a block of lines: the boards drawn (in the
// grid format the solution to the right of the puzzle; in the compact
// format below it, after a blank line), then the details and the log,
// and a blank line.
func (out *Writer) block(r Record) error {
	var sb strings.Builder
	if r.Title != "" && out.o.Format == "grid" {
		sb.WriteString(r.Title + "\n")
	}
	var boards []*sudoku.Board
	if out.o.Puzzle {
		boards = append(boards, r.Puzzle)
	}
	if out.o.Solution {
		boards = append(boards, r.Solution)
	}
	if out.o.Format == "compact" {
		for i, b := range boards {
			if i > 0 {
				sb.WriteByte('\n')
			}
			sb.WriteString(Compact(b))
		}
	} else {
		var rows []string
		for i, b := range boards {
			for j, row := range strings.Split(strings.TrimSuffix(b.Pretty(), "\n"), "\n") {
				if i == 0 {
					rows = append(rows, row)
				} else if j < len(rows) {
					rows[j] += "    " + row
				}
			}
		}
		for _, row := range rows {
			sb.WriteString(row + "\n")
		}
	}
	if gr := r.Grade; gr != nil {
		fmt.Fprintf(&sb, "Level: %s %.2f", gr.Level, gr.Score)
		if gr.HardestUses > 0 {
			fmt.Fprintf(&sb, " (hardest: %s, used %d times)", gr.Hardest, gr.HardestUses)
		}
		sb.WriteByte('\n')
		if out.o.Stats {
			fmt.Fprintf(&sb, "Clues: %d\nSteps: %d, guesses: %d\n", clues(r.Puzzle), gr.Steps, gr.Guesses)
			for _, rule := range statRules {
				if n := gr.Uses[rule.(logic.Technique)]; n > 0 {
					fmt.Fprintf(&sb, "  %s: %d\n", rule.Name(), n)
				}
			}
		}
	}
	if out.o.Timer {
		fmt.Fprintf(&sb, "Time: %s ms\n", ms(r.Elapsed))
	}
	if out.o.Log {
		if err := LogSteps(&sb, r.Puzzle); err != nil {
			return err
		}
	}
	sb.WriteByte('\n')
	_, err := io.WriteString(out.w, sb.String())
	return err
}

// Flush writes what the csv writer holds.
func (out *Writer) Flush() error {
	if out.csv == nil {
		return nil
	}
	out.csv.Flush()
	return out.csv.Error()
}

// clues counts the digits of a puzzle.
func clues(b *sudoku.Board) int {
	return b.Geometry().NumCells() - b.Empty()
}

// ms writes a duration in milliseconds.
func ms(d time.Duration) string {
	return strconv.FormatFloat(Millis(d), 'f', 3, 64)
}

// Compact returns the board's rows, a line each, with no separators: 9
// lines of 9 characters for a 9x9 board. Boards whose notation writes
// numbers (more than 35 digits) keep a space between them.
func Compact(b *sudoku.Board) string {
	line := b.Line()
	cols := b.Geometry().Cols()
	if cols == 0 {
		return line + "\n" // no layout: one line
	}
	var cells []string
	if strings.Contains(line, " ") {
		cells = strings.Fields(line)
	} else {
		cells = strings.Split(line, "")
	}
	sep := ""
	if len(cells) != len(line) {
		sep = " "
	}
	var sb strings.Builder
	for row := range slices.Chunk(cells, cols) {
		sb.WriteString(strings.Join(row, sep) + "\n")
	}
	return sb.String()
}

// LogSteps writes the steps the rules of package logic (easiest first,
// package logic's Ladder) take on puzzle b, one a numbered line, then a
// line with where they ended: the puzzle solved, or the cells left where
// no rule applies.
func LogSteps(w io.Writer, b *sudoku.Board) error {
	s, err := logic.NewState(b)
	if err != nil {
		return err
	}
	n := 0
	for st, err := range logic.Ladder(false).Steps(s) {
		if err != nil {
			return err
		}
		n++
		fmt.Fprintf(w, "%3d. %s\n", n, st.Text)
	}
	if s.Left() > 0 {
		_, err = fmt.Fprintf(w, "No rule applies after %d steps; %d cells left.\n", n, s.Left())
	} else {
		_, err = fmt.Fprintf(w, "Solved in %d steps.\n", n)
	}
	return err
}

// CheckSolution verifies an answer to a puzzle: solved, and keeping every
// digit of the puzzle.
func CheckSolution(puzzle, sol *sudoku.Board) error {
	if err := sol.Validate(); err != nil {
		return fmt.Errorf("answer is not a solution: %w", err)
	}
	if !sol.Solved() {
		return errors.New("answer is not a solution: it has empty cells")
	}
	for c := range puzzle.Geometry().NumCells() {
		if d := puzzle.Get(c); d != 0 && sol.Get(c) != d {
			return fmt.Errorf("answer changes %s", puzzle.Geometry().CellName(c))
		}
	}
	return nil
}
