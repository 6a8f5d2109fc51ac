package sudoku

import (
	"encoding/binary"
	"fmt"
	"iter"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cubedoku/cubedoku/internal/contract"
)

// ParseOption configures [Parse] and [NewScanner].
type ParseOption interface {
	applyParse(*parseConfig) error
}

type parseConfig struct {
	g        *Geometry
	alphabet Alphabet
	auto     bool // alphabet not set by an option
	limit    int  // most bytes of one puzzle's text; 0 means DefaultTextLimit
}

// DefaultTextLimit is the most bytes of text one puzzle may take, unless
// [WithTextLimit] sets another limit: 256 KiB, many times what a 64x64
// board takes in any form this package reads or writes (about 15 KiB as a
// grid of numbers with box lines). [Parse] refuses longer text before
// reading it, and a [Scanner] never holds more than this of a puzzle, so
// memory stays in proportion to the puzzles kept, whatever the input.
const DefaultTextLimit = 256 << 10

// textLimit returns the effective limit on one puzzle's text.
func (c parseConfig) textLimit() int {
	if c.limit > 0 {
		return c.limit
	}
	return DefaultTextLimit
}

type parseOptionFunc func(*parseConfig) error

func (f parseOptionFunc) applyParse(c *parseConfig) error { return f(c) }

// WithGeometry reads the text as a board on g instead of inferring an N x N
// board from the number of cells; the text must then hold exactly
// g.NumCells() cells, in cell order. It is how rectangular boxes other than
// the most square ones (12x12 with 4x3 boxes) and custom geometries are read.
func WithGeometry(g *Geometry) ParseOption {
	return parseOptionFunc(func(c *parseConfig) error {
		if g == nil {
			return contract.Invalid("sudoku", "WithGeometry(nil)")
		}
		c.g = g
		return nil
	})
}

// WithAlphabet reads digits in alphabet a instead of inferring it. Without
// it, text whose cells are separated numbers, with some of two digits (such
// as "10 0 16") or more than 35x35 of them, is read as Decimal and anything
// else as Base36; Hex text must be asked for, since its '0' means 1.
// An alphabet other than the three constants is an error wrapping
// [ErrInvalidArgument] (and [ErrSize]).
func WithAlphabet(a Alphabet) ParseOption {
	return parseOptionFunc(func(c *parseConfig) error {
		if a > Decimal {
			return fmt.Errorf("%w: WithAlphabet(%d): unknown alphabet: %w", ErrSize, a, ErrInvalidArgument)
		}
		c.alphabet, c.auto = a, false
		return nil
	})
}

// WithTextLimit sets the most bytes of text one puzzle may take, instead
// of [DefaultTextLimit]. Longer text is an error wrapping [ErrTooLarge],
// found before any parsing work; a [Scanner] skips such a puzzle without
// keeping it. A higher limit costs no parsing memory beyond the text:
// [Parse] keeps at most the cells of the largest board it could return.
// A limit below 1 is an error wrapping [ErrInvalidArgument].
func WithTextLimit(bytes int) ParseOption {
	return parseOptionFunc(func(c *parseConfig) error {
		if bytes < 1 {
			return contract.Invalid("sudoku", "WithTextLimit(%d)", bytes)
		}
		c.limit = bytes
		return nil
	})
}

func newParseConfig(opts []ParseOption) (parseConfig, error) {
	if len(opts) == 0 {
		return parseConfig{auto: true}, nil // without the closure, which would move cfg to the heap
	}
	cfg := parseConfig{auto: true}
	err := contract.Apply("sudoku", opts, func(o ParseOption) error { return o.applyParse(&cfg) })
	return cfg, err
}

// token is a run of non-separator characters of the input.
type token struct {
	text      string
	line, col int // 1-based position of the first character
}

// isSeparator reports whether ch separates cells within a line: white
// space, commas, semicolons and the '|' of grids.
func isSeparator(ch byte) bool {
	switch ch {
	case ' ', '\t', '\r', '\v', '\f', ',', ';', '|':
		return true
	}
	return false
}

// isRule reports whether line only draws a grid: box lines of '-', '+',
// '=' and '|' (at least one of the first three) and white space.
func isRule(line string) bool {
	drawn := false
	for i := range len(line) {
		switch line[i] {
		case '-', '+', '=':
			drawn = true
		case ' ', '\t', '\r', '\v', '\f', '|':
		default:
			return false
		}
	}
	return drawn
}

// tokens yields the tokens of text with their positions, skipping rule
// lines. It keeps none of them, so that reading text takes memory in
// proportion to the cells kept, not to the length of the text.
func tokens(text string) iter.Seq[token] {
	return func(yield func(token) bool) {
		for lineNo := 1; ; lineNo++ {
			line, rest, more := strings.Cut(text, "\n")
			if !isRule(line) {
				for i := 0; i < len(line); {
					if isSeparator(line[i]) {
						i++
						continue
					}
					j := i
					for j < len(line) && !isSeparator(line[j]) {
						j++
					}
					if !yield(token{text: line[i:j], line: lineNo, col: i + 1}) {
						return
					}
					i = j
				}
			}
			if !more {
				return
			}
			text = rest
		}
	}
}

// tokenStats is what the reading of a text needs to know of all its
// tokens, gathered without keeping them.
type tokenStats struct {
	count   int  // tokens: the cells they make in Decimal
	chars   int  // their characters: the cells they make in Base36 and Hex
	long    bool // some token has more than two characters
	number  bool // some token is a number of two digits
	singles bool // every token is one character, '0'-'9' or '.'
	pairs   bool // every token has two characters
}

func statsOf(text string) tokenStats {
	st := tokenStats{singles: true, pairs: true}
	for t := range tokens(text) {
		n := len(t.text)
		st.count++
		st.chars += n
		st.long = st.long || n > 2
		st.number = st.number || (n == 2 && isDigit(t.text[0]) && isDigit(t.text[1]))
		st.singles = st.singles && n == 1 && (isDigit(t.text[0]) || t.text[0] == '.')
		st.pairs = st.pairs && n == 2
	}
	return st
}

// cells returns the cells the tokens make in alphabet a.
func (st tokenStats) cells(a Alphabet) int {
	if a == Decimal {
		return st.count
	}
	return st.chars
}

// looksDecimal reports whether the tokens read best as separated numbers:
// tokens of at most two characters, and either some of them numbers of two
// digits or more of them than one character a cell can write (N > 35).
// A stray token among numbers is then reported where it stands.
// Single-character tokens read the same either way.
func (st tokenStats) looksDecimal() bool {
	max := Base36.MaxDigits()
	return !st.long && (st.number || st.count > max*max)
}

func isDigit(ch byte) bool { return ch >= '0' && ch <= '9' }

// rawCell is one cell read from text before the board's size is known.
type rawCell struct {
	digit     int // 0 for empty
	line, col int
	char      string // as written, for messages
}

// Parse reads one puzzle from text. Every digit read becomes a given.
//
// Accepted: one character a cell ("53..7....", with '.', '0' or '_' for an
// empty cell, 1-9 then A-Z for digits above 9); numbers separated by spaces
// or commas, 0 or '.' for empty, for any size; either form spread over
// lines and decorated as a grid: '|' between cells, and rule lines drawn
// with '-', '+', '=' and '|' between rows. Without
// [WithGeometry] the board is N x N with N*N the number of cells read, and
// boxes as square as N allows (see [GeometryForSize]).
//
// Text longer than [DefaultTextLimit] (or the limit [WithTextLimit] sets)
// is refused before it is read, with an error wrapping [ErrTooLarge].
//
// Errors are [*ParseError] values (or wrap [ErrInvalidArgument]) that say what
// and where; they match ErrEmptyInput, ErrBadCharacter, ErrCellCount,
// ErrDigitRange, ErrSize or ErrTooLarge under [errors.Is]. Parse does not check the
// givens against each other: use [Board.Validate] for that.
func Parse(text string, opts ...ParseOption) (*Board, error) {
	cfg, err := newParseConfig(opts)
	if err != nil {
		return nil, err
	}
	return parse(text, cfg)
}

// byteOrderMark is the mark some editors put at the start of a UTF-8 file.
const byteOrderMark = "\ufeff"

func parse(text string, cfg parseConfig) (*Board, error) {
	if limit := cfg.textLimit(); len(text) > limit {
		return nil, &ParseError{Err: ErrTooLarge,
			Msg: fmt.Sprintf("%d bytes of text, more than the limit of %d for one puzzle", len(text), limit)}
	}
	text = strings.TrimPrefix(text, byteOrderMark)
	if b := parseClassicLine(text, cfg); b != nil {
		return b, nil
	}
	st := statsOf(text)
	if st.count == 0 {
		return nil, &ParseError{Msg: "no cells in the input", Err: ErrEmptyInput}
	}
	// A geometry of more digits than one character can write is read in
	// Decimal whatever the tokens look like.
	wide := cfg.g != nil && cfg.g.digits > Base36.MaxDigits()
	if cfg.auto && (wide || st.looksDecimal()) {
		b, err := parseTokens(text, st, Decimal, cfg.g)
		if err == nil {
			return b, nil
		}
		// Pairs of digits can also be two cells each ("12|34" in a 4x4
		// grid): keep that reading when every token is a pair and it makes
		// a board. Numbers of mixed widths are numbers: reading their
		// characters as cells would turn a malformed board into one of
		// another size.
		if st.pairs {
			if b, cerr := parseTokens(text, st, Base36, cfg.g); cerr == nil {
				return b, nil
			}
		}
		return nil, err
	}
	b, err := parseTokens(text, st, cfg.alphabet, cfg.g)
	if err == nil && cfg.auto && b.g.digits > 9 && st.singles {
		// "0 0 5 0 ..." on a board of ten digits or more: separate numbers
		// that happen to have one character each. Read either way it is the
		// same board; written back, it keeps its numbers.
		b.notation.Alphabet = Decimal
	}
	return b, err
}

// parseClassicLine reads the commonest input at once: a classic 9x9
// puzzle on one line of 81 characters, digits 1-9 and '.', '0' or '_'
// for empty cells, as the general reading would. Anything else, errors
// included, it leaves to the general reading (it returns nil).
func parseClassicLine(text string, cfg parseConfig) *Board {
	text = strings.TrimSuffix(strings.TrimSuffix(text, "\n"), "\r")
	if len(text) != 81 || cfg.alphabet != Base36 || (cfg.g != nil && !cfg.g.classic()) {
		return nil
	}
	var digits [88]uint8
	empty, ok := readClassicLine(text, &digits)
	if !ok {
		return nil
	}
	b := NewBoard(cfg.g)
	b.setClassic(&digits, empty)
	return b
}

// readClassicLine reads the 81 characters of text into digits, eight at a
// time with no branch per character, and returns the first empty mark it
// met (0 for none); ok is false when a character is neither a digit 1-9
// nor an empty mark. digits[81:] is left holding 1s.
func readClassicLine[T string | []byte](text T, digits *[88]uint8) (empty byte, ok bool) {
	var line [88]byte
	copy(line[81:], "1111111") // read, and not stored in the board
	copy(line[:], text[:81])
	var bad, dots, zeros, unders uint64
	for i := 0; i < len(line); i += 8 {
		u := binary.LittleEndian.Uint64(line[i:])
		x := u ^ 0x30*lowBytes // '0' to '9' become 0 to 9
		// Bit 7 of each byte of x below 10: adding 0x76 to its low seven
		// bits sets bit 7 from 10 up, with no carry into the next byte.
		digit := ^((x&^highBits + 0x76*lowBytes) | x) & highBits
		dot, under := zeroBytes(u^'.'*lowBytes), zeroBytes(u^'_'*lowBytes)
		bad |= ^(digit | dot | under) & highBits
		dots, zeros, unders = dots|dot, zeros|zeroBytes(x)&digit, unders|under
		binary.LittleEndian.PutUint64(digits[i:], x&(digit>>7*0xff))
	}
	if bad != 0 {
		return 0, false
	}
	switch {
	case zeros == 0 && unders == 0:
		if dots != 0 {
			return '.', true
		}
		return 0, true
	case dots == 0 && unders == 0:
		return '0', true
	case dots == 0 && zeros == 0:
		return '_', true
	}
	for _, ch := range line { // several kinds: the first
		if ch == '.' || ch == '0' || ch == '_' {
			return ch, true
		}
	}
	return 0, true
}

const (
	lowBytes = 0x0101010101010101 // bit 0 of each byte
	highBits = 0x8080808080808080 // bit 7 of each byte
)

// zeroBytes returns bit 7 of each byte of t that is 0. Adding 0x7f to the
// low seven bits of a byte sets its bit 7 unless they are all 0, and no
// byte carries into the next.
func zeroBytes(t uint64) uint64 {
	return ^((t&^highBits + 0x7f*lowBytes) | t) & highBits
}

// setClassic makes b, a board of 81 cells, hold digits[:81] as givens,
// in the notation a classic line with empty mark empty (0: none) reads in.
func (b *Board) setClassic(digits *[88]uint8, empty byte) {
	b.notation = Notation{Alphabet: Base36, Empty: cmpOr(empty, '.')}
	copy(b.digits, digits[:81])
	given := b.given[:81]
	for i, d := range digits[:81] {
		given[i] = d != 0
	}
}

// maxCells is the most cells a board read on g may have: g's cells, or
// without g those of the largest board [GeometryForSize] makes.
func maxCells(g *Geometry) int {
	if g != nil {
		return g.cells
	}
	return MaxDigits * MaxDigits
}

// parseTokens reads the tokens of text, of stats st, in alphabet a, on g
// or on the N x N board their count implies.
func parseTokens(text string, st tokenStats, alphabet Alphabet, g *Geometry) (*Board, error) {
	cells, count, empty, err := readCells(text, st.cells(alphabet), alphabet, maxCells(g))
	if err != nil {
		return nil, err
	}
	if count > len(cells) {
		cells = nil // not all kept: no row to blame for the count
	}
	if g == nil {
		if g, err = inferGeometry(count, alphabet); err != nil {
			return nil, pointAtOddLine(err, cells)
		}
	} else if count != g.cells {
		return nil, pointAtOddLine(&ParseError{Err: ErrCellCount,
			Msg: fmt.Sprintf("%d cells read, want %d for a %s", count, g.cells, g)}, cells)
	}
	if g.digits > alphabet.MaxDigits() {
		return nil, &ParseError{Err: ErrSize,
			Msg: fmt.Sprintf("the %s alphabet writes at most %d digits, the %s has %d", alphabet, alphabet.MaxDigits(), g, g.digits)}
	}
	b := NewBoard(g)
	b.notation = Notation{Alphabet: alphabet, Empty: empty}
	for i, rc := range cells {
		if rc.digit > g.digits {
			return nil, &ParseError{Line: rc.line, Column: rc.col, Err: ErrDigitRange,
				Msg: fmt.Sprintf("%q stands for %d, but the digits of a %s go up to %d", rc.char, rc.digit, g, g.digits)}
		}
		b.digits[i] = uint8(rc.digit)
		b.given[i] = rc.digit != 0
	}
	return b, nil
}

// readCells turns the tokens of text, n cells, into cells: one a
// character in Base36 and Hex, one a token in Decimal. It checks and
// counts every cell but keeps no more than bound of them, so that a long
// text read to a count error takes memory in proportion to the largest
// board, not to the text. It also returns the first empty mark used.
func readCells(text string, n int, a Alphabet, bound int) (cells []rawCell, count int, empty byte, err error) {
	cells = make([]rawCell, 0, min(n, bound))
	keep := func(rc rawCell) {
		if count++; count <= bound {
			cells = append(cells, rc)
		}
	}
	if a == Decimal {
		for t := range tokens(text) {
			if t.text == "." || t.text == "_" {
				empty = cmpOr(empty, t.text[0])
				keep(rawCell{line: t.line, col: t.col, char: t.text})
				continue
			}
			v := 0
			for i := range len(t.text) {
				ch := t.text[i]
				if !isDigit(ch) {
					return nil, 0, 0, badChar(t.line, t.col+i, t.text[i:], "a number")
				}
				v = min(v*10+int(ch-'0'), math.MaxInt32)
			}
			if v == 0 {
				empty = cmpOr(empty, '0')
			}
			keep(rawCell{digit: v, line: t.line, col: t.col, char: t.text})
		}
		return cells, count, cmpOr(empty, '0'), nil
	}
	for t := range tokens(text) {
		for i := range len(t.text) {
			ch := t.text[i]
			rc := rawCell{line: t.line, col: t.col + i, char: t.text[i : i+1]}
			switch {
			case isEmptyMark(a, ch):
				empty = cmpOr(empty, ch)
			case charDigit(a, ch) > 0:
				rc.digit = charDigit(a, ch)
			default:
				what := "a digit 1-9, a letter A-Z, or '.', '0', '_' for an empty cell"
				if a == Hex {
					what = "a hex digit 0-F, or '.', '_' for an empty cell"
				}
				return nil, 0, 0, badChar(t.line, t.col+i, t.text[i:], what)
			}
			keep(rc)
		}
	}
	return cells, count, cmpOr(empty, '.'), nil
}

func cmpOr(a, b byte) byte {
	if a != 0 {
		return a
	}
	return b
}

// badChar reports the character at the start of rest, which is at the
// given line and (byte) column: a whole UTF-8 character, or one byte of
// text that is not UTF-8.
func badChar(line, col int, rest, want string) error {
	r, size := utf8.DecodeRuneInString(rest)
	shown := strconv.QuoteRune(r)
	if r == utf8.RuneError && size <= 1 {
		shown = strconv.Quote(rest[:1])
	}
	return &ParseError{Line: line, Column: col, Err: ErrBadCharacter,
		Msg: fmt.Sprintf("unexpected character %s (want %s)", shown, want)}
}

// pointAtOddLine adds to a wrong cell count the line to blame, when the
// cells come in rows of equal length but one: a grid with a short or long
// row.
func pointAtOddLine(err error, cells []rawCell) error {
	pe, ok := err.(*ParseError)
	if !ok || pe.Err != ErrCellCount || len(cells) == 0 {
		return err
	}
	type row struct{ line, cells int }
	var rows []row
	for _, c := range cells {
		if len(rows) == 0 || rows[len(rows)-1].line != c.line {
			rows = append(rows, row{line: c.line})
		}
		rows[len(rows)-1].cells++
	}
	if len(rows) < 3 {
		return err
	}
	// The usual length is the one shared by the first two rows that agree.
	usual := rows[0].cells
	if rows[0].cells != rows[1].cells {
		usual = rows[2].cells
	}
	odd := -1
	for i, r := range rows {
		if r.cells != usual {
			if odd >= 0 {
				return err // more than one odd row: no single line to blame
			}
			odd = i
		}
	}
	if odd < 0 {
		return err
	}
	return &ParseError{Line: rows[odd].line, Err: ErrCellCount,
		Msg: fmt.Sprintf("%s: this row has %d cells, the others %d", pe.Msg, rows[odd].cells, usual)}
}

// inferGeometry returns the N x N geometry for a count of cells.
func inferGeometry(count int, a Alphabet) (*Geometry, error) {
	n := int(math.Sqrt(float64(count)))
	for n*n > count {
		n--
	}
	for (n+1)*(n+1) <= count {
		n++
	}
	if n*n != count || n < 4 {
		msg := fmt.Sprintf("%d cells do not make a square board (%dx%d boards have %d, %dx%d boards %d)",
			count, n, n, n*n, n+1, n+1, (n+1)*(n+1))
		if n < 4 {
			msg = fmt.Sprintf("%d cells: too few for a board (the smallest, 4x4, has 16)", count)
		}
		return nil, &ParseError{Err: ErrCellCount, Msg: msg}
	}
	if n > a.MaxDigits() && a != Decimal {
		return nil, &ParseError{Err: ErrSize,
			Msg: fmt.Sprintf("%d cells make a %dx%d board, whose digits need numbers separated by spaces", count, n, n)}
	}
	g, err := GeometryForSize(n)
	if err != nil {
		return nil, &ParseError{Err: ErrSize,
			Msg: fmt.Sprintf("%d cells make a %dx%d board, which has no box shape (N from 4 to %d, not prime)", count, n, n, MaxDigits)}
	}
	return g, nil
}

// Line returns the board as one line in its notation: a character a cell,
// or numbers separated by single spaces in the Decimal alphabet.
func (b *Board) Line() string {
	b = b.view()
	n := b.effectiveNotation()
	var sb strings.Builder
	if n.Alphabet == Decimal {
		sb.Grow(3 * len(b.digits))
		for i, d := range b.digits {
			if i > 0 {
				sb.WriteByte(' ')
			}
			writeCell(&sb, n, int(d), 0)
		}
		return sb.String()
	}
	sb.Grow(len(b.digits))
	for _, d := range b.digits {
		writeCell(&sb, n, int(d), 0)
	}
	return sb.String()
}

// effectiveNotation is the board's notation, as [Notation.effective]
// makes it for the board's digits.
func (b *Board) effectiveNotation() Notation { return b.notation.effective(b.g.digits) }

// effective returns n as it writes a board of the given number of
// digits: Decimal when n's alphabet cannot write them all, and with the
// empty-cell character filled in.
func (n Notation) effective(digits int) Notation {
	if digits > n.Alphabet.MaxDigits() {
		n = Notation{Alphabet: Decimal}
	}
	n.Empty = n.emptyChar()
	return n
}

// DigitText returns digit d as the board's notation writes it:
// b.Notation().DigitText(b.Geometry(), d), see [Notation.DigitText].
// Drawings and apps label cells with it, so they agree with
// [Board.Pretty].
func (b *Board) DigitText(d int) string {
	b = b.view()
	return b.notation.DigitText(b.g, d)
}

// DigitText returns digit d of a board on geometry g as notation n writes
// it, the way a person reads it: "7", "G" for 16 on a 16x16 board in
// Base36, "F" for 16 in Hex, "42" in Decimal or where the alphabet cannot
// write every digit of g (as [Board.Line] does then). It is "" when d is
// not a digit 1..N of g, or g is nil. Every text of the library that
// names a digit for a person (hint steps, errors, drawings) writes it
// with this function.
func (n Notation) DigitText(g *Geometry, d int) string {
	if g == nil || d < 1 || d > g.digits {
		return ""
	}
	var sb strings.Builder
	writeCell(&sb, n.effective(g.digits), d, 0)
	return sb.String()
}

// writeCell writes digit d (0 for empty), right-aligned to width.
func writeCell(sb *strings.Builder, n Notation, d, width int) {
	var s string
	switch {
	case d == 0:
		s = string(n.Empty)
	case n.Alphabet == Decimal:
		s = fmt.Sprint(d)
	default:
		s = string(digitChar(n.Alphabet, d))
	}
	for range width - len(s) {
		sb.WriteByte(' ')
	}
	sb.WriteString(s)
}

// String returns [Board.Line].
func (b *Board) String() string { return b.Line() }

// Pretty returns the board as a grid of lines in its notation, with box
// lines when the geometry has boxes, ending in a newline. [Parse] reads it
// back. A geometry without a layout is written as one line.
//
//	5 3 . | . 7 . | . . .
//	6 . . | 1 9 5 | . . .
//	. 9 8 | . . . | . 6 .
//	------+-------+------
func (b *Board) Pretty() string {
	b = b.view()
	g := b.g
	if g.rows == 0 {
		return b.Line() + "\n"
	}
	n := b.effectiveNotation()
	width := 1
	if n.Alphabet == Decimal {
		width = len(fmt.Sprint(g.digits))
	}
	br, bc := g.boxRows, g.boxCols
	if br == 0 {
		br, bc = g.rows, g.cols
	}
	var sb strings.Builder
	segment := bc*width + bc - 1 // characters of one box's part of a row
	boxesAcross := g.cols / bc
	for r := range g.rows {
		if r > 0 && r%br == 0 {
			for i := range boxesAcross {
				if i > 0 {
					sb.WriteByte('+')
				}
				dashes := segment
				if i > 0 {
					dashes++
				}
				if i < boxesAcross-1 {
					dashes++
				}
				sb.WriteString(strings.Repeat("-", dashes))
			}
			sb.WriteByte('\n')
		}
		for c := range g.cols {
			if c > 0 {
				if c%bc == 0 {
					sb.WriteString(" | ")
				} else {
					sb.WriteByte(' ')
				}
			}
			writeCell(&sb, n, int(b.digits[r*g.cols+c]), width)
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
