package sudoku

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/cubedoku/cubedoku/internal/contract"
)

// Scanner reads a stream of puzzles: one a line, or grids spread over
// several lines and separated by blank lines. Lines that start with '#'
// are comments. A block of lines is read as one grid when it has rule lines
// ('-', '+', '='), when it has as many lines as cells in each line and that
// many lines can make a board, or when no line of it holds the cells of a
// whole board; otherwise each line is a puzzle, so a malformed line loses
// none of the others.
//
// The Scanner streams: a line that holds a whole puzzle comes out of
// [Scanner.Scan] as soon as the line ends, without waiting for the rest
// of its block, unless it could also be the first row of a grid (a line
// of 16 cells, or of 36 or 64 numbers, with no geometry given: such a
// block is decided by its next lines). Once a block is known to hold a
// puzzle a line, each of its lines up to the next blank line is a puzzle.
// A grid comes out at the blank line or end of input that ends it.
//
// The Scanner holds at most one puzzle's text, bounded by
// [DefaultTextLimit] or [WithTextLimit]: a longer line or grid is skipped
// without being kept, and [Scanner.Board] reports it with an error
// wrapping [ErrTooLarge].
//
// Like [bufio.Scanner], call [Scanner.Scan] until it returns false, then
// [Scanner.Err]. A puzzle that does not parse does not stop the scan: its
// error comes from [Scanner.Board], with line numbers of the whole stream.
// Make a Scanner with [NewScanner]: a zero Scanner reads nothing, and its
// Scan returns false with an error wrapping [ErrInvalidArgument] from Err.
type Scanner struct {
	in     *bufio.Reader
	cfg    parseConfig
	cfgErr error
	lineNo int // lines read so far
	eof    bool
	err    error

	mode    scanMode
	block   block    // the block being collected (modeCollect)
	pending []puzzle // puzzles read; those from next on not yet returned
	next    int
	line    []byte // readLine's buffer, kept from line to line (at most the text limit)
	cur     puzzle
}

// block is a block of lines being collected, with what is known of its
// shape so far.
type block struct {
	text     []byte // its lines, joined by '\n'
	lines    []int  // the line in the stream of each
	rule     bool   // a rule line seen
	anyWhole bool   // a line that holds a whole board seen
	same     bool   // every line holds the same number of cells
	cells    int    // cells of the first line
	row      bool   // the first line could be the first row of a grid
}

// lineShape is what one line tells of the block it is in.
type lineShape struct {
	cells int  // cells it holds read on its own
	rule  bool // a rule line of a grid
	whole bool // it holds a whole board
	row   bool // it could be the first row of a grid (heeded on a block's first line)
}

// shapeOf returns the shape of a line of text; row only when first, as
// only a block's first line decides whether it could start a grid.
func (s *Scanner) shapeOf(text string, first bool) lineShape {
	rule := isRule(text)
	cells, top := cellsInLine(text, s.cfg)
	return lineShape{cells: cells, rule: rule, whole: !rule && s.wholeBoard(cells), row: first && s.couldBeRow(cells, top)}
}

// add appends a line of text, line lineNo of the stream, of the given
// shape.
func (b *block) add(text string, lineNo int, sh lineShape) {
	if len(b.lines) > 0 {
		b.text = append(b.text, '\n')
	} else {
		b.same, b.cells, b.row = true, sh.cells, sh.row
	}
	b.text = append(b.text, text...)
	b.lines = append(b.lines, lineNo)
	b.rule = b.rule || sh.rule
	b.anyWhole = b.anyWhole || sh.whole
	b.same = b.same && sh.cells == b.cells
}

func (b *block) reset() {
	*b = block{text: b.text[:0], lines: b.lines[:0]}
}

// split returns the block's lines as puzzles of their own.
func (b *block) split() []puzzle {
	out := make([]puzzle, 0, len(b.lines))
	text := string(b.text)
	for _, l := range b.lines {
		line, rest, _ := strings.Cut(text, "\n")
		out = append(out, puzzle{text: line, line: l})
		text = rest
	}
	return out
}

// scanMode says how the Scanner reads the lines of the current block.
type scanMode uint8

const (
	modeBetween scanMode = iota // no block started
	modeLines                   // the block is a puzzle a line
	modeCollect                 // undecided, or a grid: lines collected until the block ends
	modeSkip                    // the block was too large: skipped until it ends
)

type puzzle struct {
	text  string
	line  int   // first line of the puzzle in the stream
	lines []int // line in the stream of each line of text (grids only)
	err   error // set when the puzzle was too large to keep
}

// NewScanner returns a Scanner that reads puzzles from r with the options
// of [Parse]. A nil r reads nothing: Scan returns false and Err an error
// wrapping [ErrInvalidArgument].
func NewScanner(r io.Reader, opts ...ParseOption) *Scanner {
	cfg, err := newParseConfig(opts)
	if err == nil && r == nil {
		err = contract.Invalid("sudoku", "NewScanner(nil reader)")
	}
	s := &Scanner{cfg: cfg, cfgErr: err}
	if r != nil {
		s.in = bufio.NewReaderSize(r, 32<<10)
	}
	return s
}

// Scan advances to the next puzzle and reports whether there is one.
func (s *Scanner) Scan() bool {
	if s == nil {
		return false
	}
	if s.cfgErr != nil {
		s.err, s.cfgErr = s.cfgErr, nil
		s.eof = true
		return false
	}
	if s.in == nil && !s.eof {
		// A zero Scanner, not made by NewScanner, has nothing to read.
		s.err = contract.Invalid("sudoku", "Scan of a Scanner not made by NewScanner")
		s.eof = true
		return false
	}
	for s.next == len(s.pending) {
		s.pending, s.next = s.pending[:0], 0
		if s.eof {
			s.cur = puzzle{}
			return false
		}
		s.step()
	}
	s.cur = s.pending[s.next]
	s.pending[s.next] = puzzle{}
	s.next++
	return true
}

// step reads one line and files it according to the block it is in.
func (s *Scanner) step() {
	text, long, ok := s.readLine()
	if !ok {
		s.endBlock()
		s.eof = true
		return
	}
	trimmed := strings.TrimSpace(text)
	if strings.HasPrefix(trimmed, "#") {
		return
	}
	if trimmed == "" {
		s.endBlock()
		return
	}
	line := puzzle{text: text, line: s.lineNo}
	if long {
		line.err = s.tooLarge(s.lineNo, "line")
	}
	switch s.mode {
	case modeBetween:
		if long {
			// Nothing of it is kept: take the lines after it as puzzles
			// of their own.
			s.mode = modeLines
			s.pending = append(s.pending, line)
			return
		}
		sh := s.shapeOf(text, true)
		if sh.whole && !sh.row {
			s.mode = modeLines
			s.pending = append(s.pending, line)
			return
		}
		s.mode = modeCollect
		s.block.reset()
		s.block.add(text, s.lineNo, sh)
	case modeLines:
		s.pending = append(s.pending, line)
	case modeCollect:
		b := &s.block
		if long || len(b.text)+1+len(text) > s.cfg.textLimit() {
			first, _, _ := strings.Cut(string(b.text), "\n")
			s.pending = append(s.pending, puzzle{text: first, line: b.lines[0],
				err: s.tooLarge(b.lines[0], "block of lines")})
			b.reset()
			s.mode = modeSkip
			return
		}
		b.add(text, s.lineNo, s.shapeOf(text, false))
		// Decided already: a line holds a whole puzzle, there is no rule
		// line, and the block cannot become n lines of n cells making
		// one grid, whatever lines follow.
		if !b.rule && b.anyWhole && !(b.same && b.row && len(b.lines) <= b.cells) {
			s.pending = append(s.pending, b.split()...)
			b.reset()
			s.mode = modeLines
		}
	case modeSkip:
	}
}

// endBlock ends the current block at a blank line or the end of input.
func (s *Scanner) endBlock() {
	if b := &s.block; s.mode == modeCollect && len(b.lines) > 0 {
		if s.isGrid() {
			s.pending = append(s.pending, puzzle{text: string(b.text), line: b.lines[0], lines: slices.Clone(b.lines)})
		} else {
			s.pending = append(s.pending, b.split()...)
		}
	}
	s.block.reset()
	s.mode = modeBetween
}

func (s *Scanner) tooLarge(line int, what string) error {
	return &ParseError{Line: line, Err: ErrTooLarge,
		Msg: fmt.Sprintf("%s longer than the limit of %d bytes for one puzzle", what, s.cfg.textLimit())}
}

// readLine returns the next line without its line break. A line longer
// than the text limit is read to its end but not kept: long is then true
// and text holds its first bytes only. ok is false at the end of input.
func (s *Scanner) readLine() (text string, long, ok bool) {
	if s.err != nil {
		return "", false, false
	}
	limit := s.cfg.textLimit()
	buf := s.line[:0]
	defer func() { s.line = buf[:0] }()
	got := false
	for {
		frag, err := s.in.ReadSlice('\n')
		if len(frag) > 0 {
			got = true
			switch room := limit + 2 - len(buf); { // the limit, and "\r\n"
			case long:
			case len(frag) > room:
				buf = append(buf, frag[:max(room, 0)]...)
				long = true
			default:
				buf = append(buf, frag...)
			}
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			s.err = err
		}
		if err != nil && !got {
			return "", false, false
		}
		break
	}
	s.lineNo++
	buf = bytes.TrimSuffix(buf, []byte("\n"))
	buf = bytes.TrimSuffix(buf, []byte("\r"))
	if s.lineNo == 1 {
		buf = bytes.TrimPrefix(buf, []byte(byteOrderMark))
	}
	if len(buf) > limit {
		buf, long = buf[:limit], true
	}
	return string(buf), long, true
}

// couldBeRow reports whether a line of n cells, in an alphabet that
// writes digits up to top, could be a row of an n x n grid of n such
// lines: a line of 16 cells, or of 36 or 64 numbers.
func (s *Scanner) couldBeRow(n, top int) bool {
	if s.cfg.g != nil || n > top {
		return false
	}
	_, _, ok := boxShape(n)
	return ok
}

// isGrid decides whether the whole block collected is one grid or a
// puzzle a line.
func (s *Scanner) isGrid() bool {
	b := &s.block
	switch {
	case len(b.lines) == 1:
		return false
	case b.rule:
		return true
	}
	square := b.same && b.cells == len(b.lines)
	return !b.anyWhole || (square && s.cfg.g == nil && s.squareGrid())
}

// squareGrid reports whether the block, n lines of n cells each, can be
// one n x n board: n has a box shape and the block's alphabet writes n
// digits. Otherwise (81 puzzles of 81 cells, say) each line is a puzzle.
func (s *Scanner) squareGrid() bool {
	n := len(s.block.lines)
	if _, _, ok := boxShape(n); !ok {
		return false
	}
	a := s.cfg.alphabet
	if s.cfg.auto && statsOf(string(s.block.text)).looksDecimal() {
		a = Decimal
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

// cellsInLine counts the cells one line holds when read on its own, and
// returns the largest digit the alphabet it is read in can write.
func cellsInLine(line string, cfg parseConfig) (cells, top int) {
	st := statsOf(line)
	a := cfg.alphabet
	if cfg.auto && st.looksDecimal() {
		a = Decimal
	}
	return st.cells(a), a.MaxDigits()
}

// Board parses the current puzzle. A [*ParseError] it returns gives line
// numbers in the whole stream (for an error about the whole puzzle, its
// first line). A puzzle longer than the text limit is an error wrapping
// [ErrTooLarge]. Before the first Scan, or after Scan returned false, it
// returns an error wrapping [ErrEmptyInput].
func (s *Scanner) Board() (*Board, error) {
	if s == nil || s.cur.line == 0 {
		return nil, &ParseError{Msg: "no current puzzle (call Scan first)", Err: ErrEmptyInput}
	}
	if s.cur.err != nil {
		return nil, s.cur.err
	}
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
// For a puzzle over the text limit it is the start of its first line only.
func (s *Scanner) Text() string {
	if s == nil {
		return ""
	}
	return s.cur.text
}

// Line returns the line of the stream where the current puzzle starts (0
// when there is none).
func (s *Scanner) Line() int {
	if s == nil {
		return 0
	}
	return s.cur.line
}

// Err returns the error that ended the scan, if any: a read error or an
// invalid option. Puzzles that do not parse, or are too large, are not
// reported here but by [Scanner.Board].
func (s *Scanner) Err() error {
	if s == nil {
		return contract.Invalid("sudoku", "nil Scanner")
	}
	return s.err
}
