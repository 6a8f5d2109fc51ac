package sudoku

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// maxLine is the longest line a Scanner reads: a 64x64 board of numbers on
// one line is about 12 KiB.
const maxLine = 1 << 20

// Scanner reads a stream of puzzles: one a line, or grids spread over
// several lines and separated by blank lines. Lines that start with '#'
// are comments. A block of lines is read as one grid when it has rule lines
// ('-', '+', '='), when it has as many lines as cells in each line and that
// many lines can make a board, or when no line of it holds the cells of a
// whole board; otherwise each line is a puzzle, so a malformed line loses
// none of the others.
//
// Like [bufio.Scanner], call [Scanner.Scan] until it returns false, then
// [Scanner.Err]. A puzzle that does not parse does not stop the scan: its
// error comes from [Scanner.Board], with line numbers of the whole stream.
type Scanner struct {
	in      *bufio.Scanner
	cfg     parseConfig
	cfgErr  error
	lineNo  int      // lines read so far
	pending []puzzle // puzzles of the current block not yet returned
	cur     puzzle
	err     error
}

type puzzle struct {
	text  string
	line  int   // first line of the puzzle in the stream
	lines []int // line in the stream of each line of text (grids only)
}

// NewScanner returns a Scanner that reads puzzles from r with the options
// of [Parse].
func NewScanner(r io.Reader, opts ...ParseOption) *Scanner {
	in := bufio.NewScanner(r)
	in.Buffer(make([]byte, 0, 64<<10), maxLine)
	cfg, err := newParseConfig(opts)
	return &Scanner{in: in, cfg: cfg, cfgErr: err}
}

// Scan advances to the next puzzle and reports whether there is one.
func (s *Scanner) Scan() bool {
	if s.cfgErr != nil {
		s.err, s.cfgErr = s.cfgErr, nil
		return false
	}
	for len(s.pending) == 0 {
		if !s.readBlock() {
			return false
		}
	}
	s.cur, s.pending = s.pending[0], s.pending[1:]
	return true
}

// readBlock reads the next block of non-blank lines into s.pending and
// reports whether anything was read.
func (s *Scanner) readBlock() bool {
	if s.err != nil {
		// The scan has ended. Reading on would return the part of an
		// over-long line already buffered as if it were a whole line.
		return false
	}
	var lines []puzzle
	for s.in.Scan() {
		s.lineNo++
		text := s.in.Text()
		if s.lineNo == 1 {
			text = strings.TrimPrefix(text, byteOrderMark)
		}
		trimmed := strings.TrimSpace(text)
		if strings.HasPrefix(trimmed, "#") {
			continue
		}
		if trimmed == "" {
			if len(lines) > 0 {
				break
			}
			continue
		}
		lines = append(lines, puzzle{text: text, line: s.lineNo})
	}
	if err := s.in.Err(); err != nil {
		s.err = err
		if errors.Is(err, bufio.ErrTooLong) {
			s.err = &ParseError{Line: s.lineNo + 1, Err: ErrCellCount, Msg: "line longer than 1 MiB"}
		}
	}
	if len(lines) == 0 {
		return false
	}
	if s.isGrid(lines) {
		var sb strings.Builder
		nums := make([]int, len(lines)) // comments between them skipped
		for i, l := range lines {
			if i > 0 {
				sb.WriteByte('\n')
			}
			sb.WriteString(l.text)
			nums[i] = l.line
		}
		s.pending = []puzzle{{text: sb.String(), line: lines[0].line, lines: nums}}
	} else {
		s.pending = lines
	}
	return true
}

// isGrid decides whether a block of lines is one grid or a puzzle a line.
func (s *Scanner) isGrid(lines []puzzle) bool {
	if len(lines) == 1 {
		return false
	}
	square, anyWhole := true, false
	for _, l := range lines {
		if isRule(l.text) {
			return true
		}
		n := cellsInLine(l.text, s.cfg)
		square = square && n == len(lines)
		anyWhole = anyWhole || s.wholeBoard(n)
	}
	return !anyWhole || (square && s.cfg.g == nil && s.squareGrid(lines))
}

// squareGrid reports whether a block of n lines of n cells each can be one
// n x n board: n has a box shape and the block's alphabet writes n digits.
// Otherwise (81 puzzles of 81 cells, say) each line is a puzzle.
func (s *Scanner) squareGrid(lines []puzzle) bool {
	n := len(lines)
	if _, _, ok := boxShape(n); !ok {
		return false
	}
	a := s.cfg.alphabet
	if s.cfg.auto {
		var toks []token
		for _, l := range lines {
			toks = append(toks, tokenize(l.text)...)
		}
		if looksDecimal(toks) {
			a = Decimal
		}
	}
	return n <= a.MaxDigits()
}

// wholeBoard reports whether n cells can make a board on their own.
func (s *Scanner) wholeBoard(n int) bool {
	if s.cfg.g != nil {
		return n == s.cfg.g.cells
	}
	r := 4
	for r*r < n {
		r++
	}
	_, _, ok := boxShape(r)
	return r*r == n && ok
}

// cellsInLine counts the cells one line holds when read on its own.
func cellsInLine(line string, cfg parseConfig) int {
	toks := tokenize(line)
	if cfg.alphabet == Decimal || (cfg.auto && looksDecimal(toks)) {
		return len(toks)
	}
	n := 0
	for _, t := range toks {
		n += len(t.text)
	}
	return n
}

// Board parses the current puzzle. A [*ParseError] it returns gives line
// numbers in the whole stream (for an error about the whole puzzle, its
// first line).
func (s *Scanner) Board() (*Board, error) {
	b, err := parse(s.cur.text, s.cfg)
	var pe *ParseError
	if errors.As(err, &pe) {
		moved := *pe
		switch {
		case moved.Line > 0 && moved.Line <= len(s.cur.lines):
			moved.Line = s.cur.lines[moved.Line-1]
		case moved.Line > 0:
			moved.Line += s.cur.line - 1
		default:
			moved.Line = s.cur.line
		}
		return nil, &moved
	}
	return b, err
}

// Text returns the current puzzle's text as read (lines joined by '\n').
func (s *Scanner) Text() string { return s.cur.text }

// Line returns the line of the stream where the current puzzle starts.
func (s *Scanner) Line() int { return s.cur.line }

// Err returns the error that ended the scan, if any: a read error, an
// invalid option, or a line longer than 1 MiB. Puzzles that do not parse
// are not reported here but by [Scanner.Board].
func (s *Scanner) Err() error { return s.err }
