package sudoku_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/sudoku"
)

const (
	base36Digits = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	hexDigits    = "0123456789ABCDEF"
	classic      = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)

func mustParse(t testing.TB, text string, opts ...sudoku.ParseOption) *sudoku.Board {
	t.Helper()
	b, err := sudoku.Parse(text, opts...)
	if err != nil {
		t.Fatalf("Parse(%.40q): %v", text, err)
	}
	return b
}

// chars writes b one character a cell, digit d as digits[d-1].
func chars(b *sudoku.Board, digits string, empty byte) string {
	var sb strings.Builder
	for _, d := range b.Digits() {
		if d == 0 {
			sb.WriteByte(empty)
		} else {
			sb.WriteByte(digits[d-1])
		}
	}
	return sb.String()
}

// numbers writes b as decimal numbers joined by sep, empty cells as empty.
func numbers(b *sudoku.Board, sep, empty string) string {
	parts := make([]string, 0, b.Geometry().NumCells())
	for _, d := range b.Digits() {
		if d == 0 {
			parts = append(parts, empty)
		} else {
			parts = append(parts, fmt.Sprint(d))
		}
	}
	return strings.Join(parts, sep)
}

// rows writes b as numbers, one row a line.
func rows(b *sudoku.Board) []string {
	n := b.Geometry().Cols()
	d := b.Digits()
	var out []string
	for r := range b.Geometry().Rows() {
		parts := make([]string, n)
		for c := range n {
			parts[c] = fmt.Sprint(d[r*n+c])
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

// onGeometry copies b's digits, as givens, to an empty board on g.
func onGeometry(t testing.TB, b *sudoku.Board, g *sudoku.Geometry) *sudoku.Board {
	t.Helper()
	nb := sudoku.NewBoard(g)
	for c, d := range b.Digits() {
		if err := nb.SetGiven(c, d); err != nil {
			t.Fatal(err)
		}
	}
	return nb
}

// checkBoard fails unless got has want's geometry and digits, and every
// digit is a given.
func checkBoard(t *testing.T, got, want *sudoku.Board) {
	t.Helper()
	if !got.Geometry().Equal(want.Geometry()) {
		t.Fatalf("geometry %v, want %v", got.Geometry(), want.Geometry())
	}
	if diff := cmp.Diff(want.Digits(), got.Digits()); diff != "" {
		t.Fatalf("digits (-want +got):\n%s", diff)
	}
	wantGivens := make([]bool, len(want.Digits()))
	for c, d := range want.Digits() {
		wantGivens[c] = d != 0
	}
	if diff := cmp.Diff(wantGivens, givens(got)); diff != "" {
		t.Fatalf("givens (-want +got):\n%s", diff)
	}
}

func TestParseNotations(t *testing.T) {
	p4 := puzzle(t, mustGeometry(t, 2, 2))
	p6 := puzzle(t, mustGeometry(t, 2, 3))
	p9 := puzzle(t, sudoku.Classic())
	g43 := mustGeometry(t, 4, 3)
	p12wide := puzzle(t, mustGeometry(t, 3, 4))
	p12tall := puzzle(t, g43)
	p16 := puzzle(t, mustGeometry(t, 4, 4))
	p25 := puzzle(t, mustGeometry(t, 5, 5))
	p36 := puzzle(t, mustGeometry(t, 6, 6))
	p64 := puzzle(t, mustGeometry(t, 8, 8))
	diagonal := mustCustom(t, diagonalSpec())
	loose := mustCustom(t, sudoku.Spec{Digits: 4, Cells: 6, Units: []sudoku.Unit{
		{Kind: sudoku.Region, Cells: []int{0, 1, 2, 3}}, {Kind: sudoku.Region, Cells: []int{2, 3, 4, 5}}}})
	looseWant := sudoku.NewBoard(loose)
	for c, d := range []int{1, 0, 2, 3, 0, 4} {
		if err := looseWant.SetGiven(c, d); err != nil {
			t.Fatal(err)
		}
	}

	framed := "+-------+-------+-------+\n"
	for r, line := range strings.Split(strings.TrimSuffix(p9.Pretty(), "\n"), "\n") {
		if r == 3 || r == 7 {
			line = "+=======+=======+=======+"
			framed += line + "\n"
			continue
		}
		framed += "| " + line + " |\n"
	}
	framed += "+-------+-------+-------+\n"

	hexOpt := []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)}
	tests := []struct {
		name string
		text string
		opts []sudoku.ParseOption
		want *sudoku.Board
		// notation Parse should report
		alphabet sudoku.Alphabet
		empty    byte
	}{
		{name: "81 characters with dots", text: chars(p9, base36Digits, '.'), want: p9, empty: '.'},
		{name: "81 characters with zeros", text: chars(p9, base36Digits, '0'), want: p9, empty: '0'},
		{name: "81 characters with underscores", text: chars(p9, base36Digits, '_'), want: p9, empty: '_'},
		{name: "surrounding white space", text: "\n\t " + chars(p9, base36Digits, '.') + "  \n\n", want: p9, empty: '.'},
		{name: "Pretty output", text: p9.Pretty(), want: p9, empty: '.'},
		{name: "Pretty output with CRLF", text: strings.ReplaceAll(p9.Pretty(), "\n", "\r\n"), want: p9, empty: '.'},
		{name: "framed grid with = rules", text: framed, want: p9, empty: '.'},
		{name: "nine lines of nine", text: strings.Join(splitEvery(chars(p9, base36Digits, '.'), 9), "\n"), want: p9, empty: '.'},
		{name: "9x9 numbers with spaces", text: numbers(p9, " ", "0"), want: p9, empty: '0'},
		{name: "9x9 numbers with commas", text: numbers(p9, ",", "0"), want: p9, empty: '0'},
		{name: "9x9 numbers with semicolons and tabs", text: numbers(p9, ";\t", "0"), want: p9, empty: '0'},
		{name: "4x4", text: chars(p4, base36Digits, '.'), want: p4, empty: '.'},
		{name: "4x4 grid of two-character pairs", text: "12|34\n34|12\n--+--\n23|41\n41|23\n",
			want: solved(t, mustGeometry(t, 2, 2)), empty: '.'},
		{name: "6x6 with 3x2 boxes in compact pairs", text: "12|34|56\n34|56|12\n56|12|34\n--+--+--\n23|45|61\n45|61|23\n61|23|45",
			opts: []sudoku.ParseOption{sudoku.WithGeometry(mustGeometry(t, 3, 2))}, want: solved(t, mustGeometry(t, 3, 2)), empty: '.'},
		{name: "6x6 infers 2x3 boxes", text: chars(p6, base36Digits, '.'), want: p6, empty: '.'},
		{name: "12x12 infers 3x4 boxes", text: chars(p12wide, base36Digits, '.'), want: p12wide, empty: '.'},
		{name: "12x12 with 4x3 boxes", text: chars(p12tall, base36Digits, '.'), opts: []sudoku.ParseOption{sudoku.WithGeometry(g43)},
			want: p12tall, empty: '.'},
		{name: "16x16 in 1-9A-G", text: chars(p16, base36Digits, '.'), want: p16, empty: '.'},
		{name: "16x16 in lower case", text: strings.ToLower(chars(p16, base36Digits, '.')), want: p16, empty: '.'},
		{name: "16x16 hex", text: chars(p16, hexDigits, '.'), opts: hexOpt, want: p16, alphabet: sudoku.Hex, empty: '.'},
		{name: "16x16 hex with underscores", text: chars(p16, hexDigits, '_'), opts: hexOpt, want: p16, alphabet: sudoku.Hex, empty: '_'},
		{name: "16x16 numbers with spaces", text: numbers(p16, " ", "0"), want: p16, alphabet: sudoku.Decimal, empty: '0'},
		{name: "16x16 numbers with commas", text: numbers(p16, ",", "0"), want: p16, alphabet: sudoku.Decimal, empty: '0'},
		{name: "16x16 numbers with dots", text: numbers(p16, " ", "."), want: p16, alphabet: sudoku.Decimal, empty: '.'},
		{name: "16x16 numbers a row a line", text: strings.Join(rows(p16), "\n"), want: p16, alphabet: sudoku.Decimal, empty: '0'},
		{name: "25x25 numbers with commas and spaces", text: numbers(p25, ", ", "0"), want: p25, alphabet: sudoku.Decimal, empty: '0'},
		{name: "25x25 numbers with spaces", text: numbers(p25, " ", "0"), want: p25, alphabet: sudoku.Decimal, empty: '0'},
		{name: "36x36 numbers", text: numbers(p36, " ", "0"), want: p36, alphabet: sudoku.Decimal, empty: '0'},
		{name: "64x64 numbers", text: numbers(p64, " ", "0"), want: p64, alphabet: sudoku.Decimal, empty: '0'},
		{name: "64x64 numbers with underscores", text: numbers(p64, ",", "_"), want: p64, alphabet: sudoku.Decimal, empty: '_'},
		{name: "diagonal geometry", text: chars(p9, base36Digits, '.'), opts: []sudoku.ParseOption{sudoku.WithGeometry(diagonal)},
			want: onGeometry(t, p9, diagonal), empty: '.'},
		{name: "geometry without layout", text: "1.2 3.4", opts: []sudoku.ParseOption{sudoku.WithGeometry(loose)},
			want: looseWant, empty: '.'},
		{name: "decimal asked for", text: numbers(p9, " ", "0"), opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Decimal)},
			want: p9, alphabet: sudoku.Decimal, empty: '0'},
		{name: "base36 asked for", text: "12 34 34 12 23 41 41 23", opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Base36)},
			want: solved(t, mustGeometry(t, 2, 2)), empty: '.'},
		{name: "later option wins", text: chars(p16, base36Digits, '.'),
			opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex), sudoku.WithAlphabet(sudoku.Base36)}, want: p16, empty: '.'},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := sudoku.Parse(tt.text, tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			checkBoard(t, b, tt.want)
			if want := (sudoku.Notation{Alphabet: tt.alphabet, Empty: tt.empty}); b.Notation() != want {
				t.Errorf("notation %+v, want %+v", b.Notation(), want)
			}
		})
	}
}

func splitEvery(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

func TestLineAndGrid(t *testing.T) {
	p4 := mustParse(t, "1.3.....4..2...1")
	p6 := mustParse(t, "1.....2.....3.....4.....5.....6.....")
	p16 := mustParse(t, "16 0 0 1"+strings.Repeat(" 0", 252))
	loose := mustCustom(t, sudoku.Spec{Digits: 3, Cells: 3, Units: []sudoku.Unit{{Kind: sudoku.Region, Cells: []int{0, 1, 2}}}})
	tests := []struct {
		name string
		got  string
		want string
	}{
		{name: "4x4 line", got: p4.Line(), want: "1.3.....4..2...1"},
		{name: "4x4 grid", got: p4.Pretty(), want: "1 . | 3 .\n. . | . .\n----+----\n4 . | . 2\n. . | . 1\n"},
		{name: "6x6 grid", got: p6.Pretty(), want: "" +
			"1 . . | . . .\n" +
			"2 . . | . . .\n" +
			"------+------\n" +
			"3 . . | . . .\n" +
			"4 . . | . . .\n" +
			"------+------\n" +
			"5 . . | . . .\n" +
			"6 . . | . . .\n"},
		{name: "16x16 decimal line", got: p16.Line()[:12], want: "16 0 0 1 0 0"},
		{name: "16x16 decimal grid", got: strings.SplitAfterN(p16.Pretty(), "\n", 2)[0],
			want: "16  0  0  1 |  0  0  0  0 |  0  0  0  0 |  0  0  0  0\n"},
		{name: "16x16 decimal rule", got: strings.Split(p16.Pretty(), "\n")[4],
			want: "------------+-------------+-------------+------------"},
		{name: "zeros kept", got: mustParse(t, strings.ReplaceAll(classic, ".", "0")).Line(), want: strings.ReplaceAll(classic, ".", "0")},
		{name: "underscores kept", got: mustParse(t, strings.ReplaceAll(classic, ".", "_")).Line(), want: strings.ReplaceAll(classic, ".", "_")},
		{name: "hex kept", got: mustParse(t, "0F"+strings.Repeat(".", 254), sudoku.WithAlphabet(sudoku.Hex)).Line()[:4], want: "0F.."},
		{name: "lower case written upper", got: mustParse(t, "g"+strings.Repeat(".", 255)).Line()[:3], want: "G.."},
		{name: "no layout", got: sudoku.NewBoard(loose).Pretty(), want: "...\n"},
		{name: "String is Line", got: p4.String(), want: p4.Line()},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tt.name, tt.got, tt.want)
		}
	}

	// Every shape reads back from both forms, in every alphabet it can use.
	for _, shape := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 5}, {3, 4}, {4, 3}, {4, 4}, {5, 5}, {5, 7}, {6, 6}, {8, 8}} {
		g := mustGeometry(t, shape[0], shape[1])
		for _, n := range []sudoku.Notation{{}, {Empty: '0'}, {Empty: '_'}, {Alphabet: sudoku.Hex}, {Alphabet: sudoku.Decimal}, {Alphabet: sudoku.Decimal, Empty: '.'}} {
			b := puzzle(t, g)
			if err := b.SetNotation(n); err != nil {
				continue // the alphabet cannot write this size
			}
			var opts []sudoku.ParseOption
			if n.Alphabet == sudoku.Hex {
				opts = append(opts, sudoku.WithAlphabet(sudoku.Hex))
			}
			if g.BoxRows() > g.BoxCols() {
				opts = append(opts, sudoku.WithGeometry(g))
			}
			for _, text := range []string{b.Line(), b.Pretty()} {
				back, err := sudoku.Parse(text, opts...)
				if err != nil {
					t.Errorf("%s in %+v: %v", g, n, err)
					continue
				}
				if !back.Equal(b) {
					t.Errorf("%s in %+v: %.60q read back as %.60q", g, n, text, back.Line())
				}
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	p16 := puzzle(t, mustGeometry(t, 4, 4))
	dec16 := numbers(p16, " ", "0") // begins "0 2 3 0 "
	grid := strings.Split(mustParse(t, classic).Pretty(), "\n")
	grid[2] = grid[2][:4] + "*" + grid[2][5:] // line 3, column 5
	shortRow := strings.Split(mustParse(t, classic).Pretty(), "\n")
	shortRow[5] = shortRow[5][:len(shortRow[5])-2] // line 6 loses its last cell
	tests := []struct {
		name       string
		text       string
		opts       []sudoku.ParseOption
		want       error
		parseError bool // errors.As finds a *ParseError
		line, col  int
		says       string // in the message, when set
	}{
		{name: "empty input", text: "", want: sudoku.ErrEmptyInput, parseError: true},
		{name: "white space only", text: " \n\t\r\n", want: sudoku.ErrEmptyInput, parseError: true},
		{name: "rules only", text: "---+---\n===\n", want: sudoku.ErrEmptyInput, parseError: true},
		{name: "80 characters", text: classic[:80], want: sudoku.ErrCellCount, parseError: true},
		{name: "82 characters", text: classic + ".", want: sudoku.ErrCellCount, parseError: true},
		{name: "too few cells", text: "123", want: sudoku.ErrCellCount, parseError: true},
		{name: "9 cells", text: "123456789", want: sudoku.ErrCellCount, parseError: true},
		// Read as characters, the 1024 digits would make a 32x32 board.
		{name: "25x25 solution missing a number", text: numbers(solved(t, mustGeometry(t, 5, 5)), " ", "0")[2:],
			want: sudoku.ErrCellCount, parseError: true},
		{name: "255 numbers", text: dec16[:strings.LastIndexByte(dec16, ' ')], want: sudoku.ErrCellCount, parseError: true},
		{name: "stray star", text: classic[:40] + "*" + classic[41:], want: sudoku.ErrBadCharacter, parseError: true, line: 1, col: 41},
		{name: "middle dot", text: classic[:40] + "\u00b7" + classic[41:], want: sudoku.ErrBadCharacter, parseError: true,
			line: 1, col: 41, says: "unexpected character '\u00b7'"},
		{name: "byte that is not UTF-8", text: classic[:40] + "\xff" + classic[41:], want: sudoku.ErrBadCharacter, parseError: true,
			line: 1, col: 41, says: `unexpected character "\xff"`},
		{name: "byte order mark not at the start", text: classic[:40] + "\ufeff" + classic[41:], want: sudoku.ErrBadCharacter, parseError: true,
			line: 1, col: 41, says: `unexpected character '\ufeff'`},
		{name: "grid with a short row", text: strings.Join(shortRow, "\n"), want: sudoku.ErrCellCount, parseError: true,
			line: 6, says: "this row has 8 cells, the others 9"},
		{name: "numbers with a long row", text: "1 2 0 0\n0 0 1 2\n2 1 0 0 0\n0 0 2 1", want: sudoku.ErrCellCount, parseError: true,
			line: 3, says: "this row has 5 cells, the others 4"},
		{name: "stray star on line 3 of a grid", text: strings.Join(grid, "\n"), want: sudoku.ErrBadCharacter, parseError: true, line: 3, col: 5},
		{name: "stray x in hex", text: "0x" + strings.Repeat(".", 254), opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)},
			want: sudoku.ErrBadCharacter, parseError: true, line: 1, col: 2},
		{name: "stray x among numbers", text: "1 x" + dec16[3:], want: sudoku.ErrBadCharacter, parseError: true, line: 1, col: 3},
		{name: "stray x among numbers on line 2", text: "1 2\n  3 x" + dec16[7:], want: sudoku.ErrBadCharacter, parseError: true, line: 2, col: 5},
		// In Base36 'x' is the digit 33, too big for a 9x9.
		{name: "x in a 9x9", text: classic[:20] + "x" + classic[21:], want: sudoku.ErrDigitRange, parseError: true, line: 1, col: 21},
		{name: "G in a 9x9", text: "G" + classic[1:], want: sudoku.ErrDigitRange, parseError: true, line: 1, col: 1},
		{name: "A in a 4x4", text: "...." + "...." + "..A." + "....", want: sudoku.ErrDigitRange, parseError: true, line: 1, col: 11},
		{name: "-1 at the start of numbers", text: "-1" + dec16[1:], want: sudoku.ErrBadCharacter, parseError: true, line: 1, col: 1},
		{name: "-1 among numbers", text: "1 -1" + dec16[3:], want: sudoku.ErrBadCharacter, parseError: true, line: 1, col: 3},
		{name: "-1 among 9x9 numbers", text: "-1" + numbers(puzzle(t, sudoku.Classic()), " ", "0")[1:],
			want: sudoku.ErrBadCharacter, parseError: true, line: 1, col: 1},
		{name: "+1 among numbers", text: "+1" + dec16[1:], want: sudoku.ErrBadCharacter, parseError: true, line: 1, col: 1},
		{name: "17 in a 16x16", text: "17" + dec16[1:], want: sudoku.ErrDigitRange, parseError: true, line: 1, col: 1},
		{name: "huge number", text: "99999999999999999999" + dec16[1:], opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Decimal)},
			want: sudoku.ErrDigitRange, parseError: true, line: 1, col: 1},
		{name: "49 cells make a 7x7", text: strings.Repeat(".", 49), want: sudoku.ErrSize, parseError: true},
		{name: "121 numbers make an 11x11", text: strings.TrimSpace(strings.Repeat("10 ", 121)), want: sudoku.ErrSize, parseError: true},
		{name: "36x36 as characters", text: strings.Repeat(".", 1296), want: sudoku.ErrSize, parseError: true},
		{name: "36x36 as characters with digits", text: strings.Repeat("123456789", 144), want: sudoku.ErrSize, parseError: true},
		{name: "65x65 numbers", text: strings.TrimSpace(strings.Repeat("0 ", 65*65)), want: sudoku.ErrSize, parseError: true},
		{name: "hex for a 25x25", text: strings.Repeat(".", 625), opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)},
			want: sudoku.ErrSize, parseError: true},
		{name: "hex G", text: "G" + strings.Repeat(".", 255), opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)},
			want: sudoku.ErrBadCharacter, parseError: true, line: 1, col: 1},
		{name: "wrong size for the geometry", text: classic, opts: []sudoku.ParseOption{sudoku.WithGeometry(mustGeometry(t, 2, 2))},
			want: sudoku.ErrCellCount, parseError: true},
		{name: "nil option", text: classic, opts: []sudoku.ParseOption{nil}, want: sudoku.ErrInvalidArgument},
		{name: "nil option after a good one", text: classic, opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Base36), nil},
			want: sudoku.ErrInvalidArgument},
		{name: "nil geometry", text: classic, opts: []sudoku.ParseOption{sudoku.WithGeometry(nil)}, want: sudoku.ErrInvalidArgument},
		{name: "unknown alphabet", text: classic, opts: []sudoku.ParseOption{sudoku.WithAlphabet(7)}, want: sudoku.ErrSize},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := sudoku.Parse(tt.text, tt.opts...)
			if b != nil || !errors.Is(err, tt.want) {
				t.Fatalf("Parse = %v, %v; want error %v", b, err, tt.want)
			}
			var pe *sudoku.ParseError
			if errors.As(err, &pe) != tt.parseError {
				t.Fatalf("error %#v: *ParseError %v, want %v", err, !tt.parseError, tt.parseError)
			}
			if !tt.parseError {
				return
			}
			if pe.Line != tt.line || pe.Column != tt.col {
				t.Errorf("error %q at line %d, column %d; want %d, %d", err, pe.Line, pe.Column, tt.line, tt.col)
			}
			where := fmt.Sprintf("line %d, column %d: ", tt.line, tt.col)
			if tt.col == 0 {
				where = fmt.Sprintf("line %d: ", tt.line)
			}
			if tt.line > 0 && !strings.Contains(err.Error(), where) {
				t.Errorf("message %q does not say where", err)
			}
			if pe.Msg == "" || !strings.HasPrefix(err.Error(), "sudoku: ") {
				t.Errorf("message %q", err)
			}
			if !strings.Contains(err.Error(), tt.says) {
				t.Errorf("message %q does not say %q", err, tt.says)
			}
		})
	}
}

// Editors on some systems begin UTF-8 files with a byte order mark; it is
// not part of the first puzzle.
func TestByteOrderMark(t *testing.T) {
	want := mustParse(t, classic)
	b, err := sudoku.Parse("\ufeff" + classic)
	if err != nil || !b.Equal(want) {
		t.Fatalf("Parse = %v, %v", b, err)
	}
	sc := sudoku.NewScanner(strings.NewReader("\ufeff" + classic + "\n" + classic + "\n"))
	n := 0
	for sc.Scan() {
		b, err := sc.Board()
		if err != nil || !b.Equal(want) || sc.Text() != classic {
			t.Fatalf("puzzle %d: %v, %v, text %q", n+1, b, err, sc.Text())
		}
		n++
	}
	if sc.Err() != nil || n != 2 {
		t.Errorf("%d puzzles, error %v", n, sc.Err())
	}
}

// TestBadInputs reads the reference file of malformed puzzles. Each must
// fail to parse or fail validation, except those its comment says have no
// solution or several: they parse, and the solver's tests check them.
func TestBadInputs(t *testing.T) {
	data, err := reference.ReadFile("bad-inputs.txt")
	if err != nil {
		t.Fatal(err)
	}
	solverCase := func(comment string) bool {
		for _, s := range []string{"unsolvable", "0 solutions", "2+ solutions", "multiple solutions"} {
			if strings.Contains(comment, s) {
				return true
			}
		}
		return false
	}
	// What a comment promises about how its line fails, when it says.
	kinds := []struct {
		comment string
		want    error
	}{
		{comment: "wrong length", want: sudoku.ErrCellCount},
		{comment: "stray character: '*'", want: sudoku.ErrBadCharacter},
		{comment: "stray character: 'x'", want: sudoku.ErrDigitRange}, // Base36 reads x as 33
		{comment: "stray non-numeric token", want: sudoku.ErrBadCharacter},
		{comment: "negative value", want: sudoku.ErrBadCharacter},
		{comment: "value out of range", want: sudoku.ErrDigitRange},
		{comment: "duplicate given", want: sudoku.ErrConflict},
	}
	var comment string
	var parsedForSolver []string
	cases := 0
	for i, line := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			comment = line
			continue
		}
		cases++
		b, err := sudoku.Parse(line)
		if err == nil {
			err = b.Validate()
		}
		switch {
		case solverCase(comment):
			if err != nil {
				t.Errorf("line %d (%s): %v; want a valid board for the solver", i+1, comment, err)
			}
			parsedForSolver = append(parsedForSolver, comment)
			continue
		case strings.Contains(comment, "not a square box size"):
			// 10x10 boards have boxes 2 high and 5 wide: the line is an
			// empty 10x10 board, which has many solutions.
			if err != nil || b.Geometry().BoxRows() != 2 || b.Geometry().BoxCols() != 5 || b.Empty() != 100 {
				t.Errorf("line %d (%s): %v; want an empty 10x10 board", i+1, comment, err)
			}
			parsedForSolver = append(parsedForSolver, comment)
			continue
		case err == nil:
			t.Errorf("line %d (%s): parsed and validated", i+1, comment)
			continue
		}
		for _, k := range kinds {
			if strings.Contains(comment, k.comment) && !errors.Is(err, k.want) {
				t.Errorf("line %d (%s): error %v, want %v", i+1, comment, err, k.want)
			}
		}
	}
	if cases < 10 {
		t.Fatalf("read %d cases", cases)
	}
	for _, c := range parsedForSolver {
		t.Logf("parses, left to the solver: %s", c)
	}
}

// referenceSets lists the files of the large reference sets, solution
// files too, for TestReferenceRoundTrip, a long test that runs only with
// CUBEDOKU_LONG=1 (see internal/reference; its own test reads back every
// line of the in-repository sets).
func referenceSets(t *testing.T) []string {
	t.Helper()
	dir := reference.SharedDir(t) // skips unless the long tests run
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, name := range names {
		if filepath.Base(name) != "bad-inputs.txt" {
			out = append(out, name)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s=1 asks for the long tests, but %s holds no set", reference.LongEnv, dir)
	}
	return out
}

// readLines returns up to max lines of a file.
func readLines(t *testing.T, name string, max int) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var lines []string
	for len(lines) < max && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestReferenceRoundTrip(t *testing.T) {
	const perFile = 200
	for _, name := range referenceSets(t) {
		t.Run(filepath.Base(name), func(t *testing.T) {
			isSolution := strings.HasSuffix(name, ".sol.txt")
			var puzzles []string
			if isSolution {
				puzzles = readLines(t, strings.TrimSuffix(name, ".sol.txt")+".txt", perFile)
			}
			lines := readLines(t, name, perFile)
			if len(lines) == 0 {
				t.Fatal("empty file")
			}
			if strings.HasPrefix(filepath.Base(name), "9x9-") {
				// A 9x9 line may carry fields after the puzzle (the rated
				// set adds its source and ratings); the board is the first.
				for i, line := range lines {
					if f := strings.Fields(line); len(f) > 0 {
						lines[i] = f[0]
					}
				}
			}
			for i, line := range lines {
				b, err := sudoku.Parse(line)
				if err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
				if b.Line() != line {
					t.Fatalf("line %d: Line() = %.60q, want the input %.60q", i+1, b.Line(), line)
				}
				for _, text := range []string{b.Line(), b.Pretty()} {
					back, err := sudoku.Parse(text)
					if err != nil {
						t.Fatalf("line %d: reading back %.60q: %v", i+1, text, err)
					}
					if !back.Equal(b) || back.Notation() != b.Notation() {
						t.Fatalf("line %d: %.60q read back as %.60q", i+1, text, back.Line())
					}
				}
				if err := b.Validate(); err != nil {
					t.Fatalf("line %d: %v", i+1, err)
				}
				if isSolution != b.Solved() {
					t.Fatalf("line %d: Solved() = %v", i+1, b.Solved())
				}
				if isSolution && i < len(puzzles) {
					p := mustParse(t, puzzles[i])
					for c, d := range p.Digits() {
						if d != 0 && b.Get(c) != d {
							t.Fatalf("line %d: solution has %d in %s, the puzzle %d", i+1, b.Get(c), b.Geometry().CellName(c), d)
						}
					}
				}
			}
		})
	}
}

// stream builds scanner input a line at a time and remembers where each
// puzzle starts.
type stream struct {
	lines []string
}

// add appends lines and returns the stream line number of the first.
func (s *stream) add(lines ...string) int {
	s.lines = append(s.lines, lines...)
	return len(s.lines) - len(lines) + 1
}

func (s *stream) String() string { return strings.Join(s.lines, "\n") + "\n" }

// scanned is what a Scanner reports for one puzzle.
type scanned struct {
	Line      int
	Text      string
	Board     string // Line() of the board, if it parsed
	Err       string // sentinel message, if it did not
	ErrLine   int
	ErrColumn int
}

func scanAll(t *testing.T, r *strings.Reader, opts ...sudoku.ParseOption) []scanned {
	t.Helper()
	sc := sudoku.NewScanner(r, opts...)
	var out []scanned
	for sc.Scan() {
		b, err := sc.Board()
		if (b == nil) == (err == nil) {
			t.Fatalf("line %d: Board() = %v, %v", sc.Line(), b, err)
		}
		got := scanned{Line: sc.Line(), Text: sc.Text()}
		if err != nil {
			var pe *sudoku.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("line %d: %v is not a *ParseError", sc.Line(), err)
			}
			got.Err, got.ErrLine, got.ErrColumn = pe.Err.Error(), pe.Line, pe.Column
		} else {
			got.Board = b.Line()
		}
		out = append(out, got)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("Err() = %v", err)
	}
	return out
}

func TestScannerLines(t *testing.T) {
	p9 := chars(puzzle(t, sudoku.Classic()), base36Digits, '.')
	bad := p9[:12] + "*" + p9[13:]
	var s stream
	s.add("# puzzles, one a line")
	first := s.add(p9)
	s.add("", "   ", "# another comment")
	zeros := s.add(strings.ReplaceAll(p9, ".", "0"))
	badLine := s.add(bad)
	unders := s.add(strings.ReplaceAll(p9, ".", "_"))
	s.add("  # an indented comment")
	short := s.add(p9[:80])
	last := s.add(p9)
	s.add("", "")
	small := s.add("1.3.....4..2...1")
	smallBad := s.add("1.3.....4..2...")
	smallLast := s.add("....5...........")

	want := []scanned{
		{Line: first, Text: p9, Board: p9},
		{Line: zeros, Text: strings.ReplaceAll(p9, ".", "0"), Board: strings.ReplaceAll(p9, ".", "0")},
		{Line: badLine, Text: bad, Err: sudoku.ErrBadCharacter.Error(), ErrLine: badLine, ErrColumn: 13},
		{Line: unders, Text: strings.ReplaceAll(p9, ".", "_"), Board: strings.ReplaceAll(p9, ".", "_")},
		{Line: short, Text: p9[:80], Err: sudoku.ErrCellCount.Error(), ErrLine: short},
		{Line: last, Text: p9, Board: p9},
		{Line: small, Text: "1.3.....4..2...1", Board: "1.3.....4..2...1"},
		{Line: smallBad, Text: "1.3.....4..2...", Err: sudoku.ErrCellCount.Error(), ErrLine: smallBad},
		{Line: smallLast, Text: "....5...........", Err: sudoku.ErrDigitRange.Error(), ErrLine: smallLast, ErrColumn: 5},
	}
	for _, input := range []struct {
		name string
		text string
	}{
		{name: "LF", text: s.String()},
		{name: "CRLF", text: strings.ReplaceAll(s.String(), "\n", "\r\n")},
		{name: "no final newline", text: strings.TrimSuffix(s.String(), "\n")},
	} {
		got := scanAll(t, strings.NewReader(input.text))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", input.name, diff)
		}
	}
}

func TestScannerGrids(t *testing.T) {
	b9 := puzzle(t, sudoku.Classic())
	b16 := puzzle(t, mustGeometry(t, 4, 4))
	b16dec := b16.Clone()
	if err := b16dec.SetNotation(sudoku.Notation{Alphabet: sudoku.Decimal}); err != nil {
		t.Fatal(err)
	}
	lines := func(grid string) []string { return strings.Split(strings.TrimSuffix(grid, "\n"), "\n") }
	join := func(ls []string) string { return strings.Join(ls, "\n") }
	badGrid := lines(b9.Pretty())
	badGrid[5] = badGrid[5][:8] + "?" + badGrid[5][9:]
	four := []string{"1 . 3 .", ". . . .", "4 . . 2", ". . . 1"}
	six := []string{"1.....", "2.....", "3.....", "4.....", "5.....", "6....."}

	var s stream
	s.add("# grids, separated by blank lines")
	at9 := s.add(lines(b9.Pretty())...)
	s.add("")
	at16 := s.add(lines(b16.Pretty())...)
	s.add("", "# the same in numbers", "")
	at16dec := s.add(lines(b16dec.Pretty())...)
	s.add("")
	at4 := s.add(four...)
	s.add("")
	at6 := s.add(six...)
	s.add("")
	atBad := s.add(badGrid...)
	s.add("")
	atCommented := s.add("1 . | 3 .", "# a comment inside a grid", ". . | . .", "----+----", ". * | . .", ". . | . 1")
	s.add("")
	atLine := s.add(b9.Line())
	atLine2 := s.add(b9.Line())

	want := []scanned{
		{Line: at9, Text: join(lines(b9.Pretty())), Board: b9.Line()},
		{Line: at16, Text: join(lines(b16.Pretty())), Board: b16.Line()},
		{Line: at16dec, Text: join(lines(b16dec.Pretty())), Board: b16dec.Line()},
		{Line: at4, Text: join(four), Board: "1.3.....4..2...1"},
		{Line: at6, Text: join(six), Board: "1.....2.....3.....4.....5.....6....."},
		{Line: atBad, Text: join(badGrid), Err: sudoku.ErrBadCharacter.Error(), ErrLine: atBad + 5, ErrColumn: 9},
		{Line: atCommented, Text: "1 . | 3 .\n. . | . .\n----+----\n. * | . .\n. . | . 1",
			Err: sudoku.ErrBadCharacter.Error(), ErrLine: atCommented + 4, ErrColumn: 3},
		{Line: atLine, Text: b9.Line(), Board: b9.Line()},
		{Line: atLine2, Text: b9.Line(), Board: b9.Line()},
	}
	got := scanAll(t, strings.NewReader(s.String()))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestScannerBlockShapes(t *testing.T) {
	// n lines of n cells with no rules: one grid when n lines can make a
	// board in the lines' alphabet, else a puzzle a line.
	var p9s, p6s, p4s []string
	for k := range 81 {
		b := puzzle(t, sudoku.Classic())
		if err := b.SetGiven(k, 0); err != nil {
			t.Fatal(err)
		}
		p9s = append(p9s, b.Line())
	}
	for k := range 36 {
		b := puzzle(t, mustGeometry(t, 2, 3))
		if err := b.SetGiven(k, 0); err != nil {
			t.Fatal(err)
		}
		p6s = append(p6s, b.Line())
	}
	for range 16 {
		p4s = append(p4s, puzzle(t, mustGeometry(t, 2, 2)).Line())
	}
	b36 := puzzle(t, mustGeometry(t, 6, 6))
	b16 := puzzle(t, mustGeometry(t, 4, 4))

	tests := []struct {
		name  string
		lines []string
		want  []string // Line() of each board read
	}{
		{name: "81 puzzles of 81 cells", lines: p9s, want: p9s},
		{name: "36 puzzles of 36 cells", lines: p6s, want: p6s},
		{name: "16 lines of 16 cells make a 16x16", lines: p4s, want: []string{strings.Join(p4s, "")}},
		{name: "36x36 numbers a row a line", lines: rows(b36), want: []string{b36.Line()}},
		{name: "16x16 numbers a row a line", lines: rows(b16), want: []string{numbers(b16, " ", "0")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, r := range scanAll(t, strings.NewReader(strings.Join(tt.lines, "\n"))) {
				if r.Err != "" {
					t.Fatalf("line %d: %s", r.Line, r.Err)
				}
				got = append(got, r.Board)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestScannerOptions(t *testing.T) {
	diagonal := mustCustom(t, diagonalSpec())
	b16 := puzzle(t, mustGeometry(t, 4, 4))
	hex := chars(b16, hexDigits, '.')
	tests := []struct {
		name     string
		text     string
		opts     []sudoku.ParseOption
		geometry *sudoku.Geometry
		want     []string
	}{
		{name: "custom geometry", text: classic + "\n\n" + classic + "\n", opts: []sudoku.ParseOption{sudoku.WithGeometry(diagonal)},
			geometry: diagonal, want: []string{classic, classic}},
		{name: "custom geometry as a grid", text: mustParse(t, classic).Pretty(), opts: []sudoku.ParseOption{sudoku.WithGeometry(diagonal)},
			geometry: diagonal, want: []string{classic}},
		{name: "hex", text: hex + "\n" + hex + "\n", opts: []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)},
			geometry: b16.Geometry(), want: []string{hex, hex}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := sudoku.NewScanner(strings.NewReader(tt.text), tt.opts...)
			var got []string
			for sc.Scan() {
				b, err := sc.Board()
				if err != nil {
					t.Fatalf("line %d: %v", sc.Line(), err)
				}
				if !b.Geometry().Equal(tt.geometry) {
					t.Errorf("line %d: geometry %v", sc.Line(), b.Geometry())
				}
				got = append(got, b.Line())
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

type failingReader struct{ err error }

func (r failingReader) Read([]byte) (int, error) { return 0, r.err }

func TestScannerErrors(t *testing.T) {
	readErr := errors.New("read failed")
	tests := []struct {
		name    string
		r       func() *sudoku.Scanner
		puzzles int
		want    error
	}{
		{name: "nil option", r: func() *sudoku.Scanner {
			return sudoku.NewScanner(strings.NewReader(classic), nil)
		}, want: sudoku.ErrInvalidArgument},
		{name: "nil geometry", r: func() *sudoku.Scanner {
			return sudoku.NewScanner(strings.NewReader(classic), sudoku.WithGeometry(nil))
		}, want: sudoku.ErrInvalidArgument},
		{name: "read error", r: func() *sudoku.Scanner {
			return sudoku.NewScanner(failingReader{readErr})
		}, want: readErr},
		{name: "empty stream", r: func() *sudoku.Scanner {
			return sudoku.NewScanner(strings.NewReader(""))
		}},
		{name: "comments only", r: func() *sudoku.Scanner {
			return sudoku.NewScanner(strings.NewReader("# one\n\n# two\n"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := tt.r()
			n := 0
			for sc.Scan() {
				if _, err := sc.Board(); err != nil {
					t.Errorf("line %d: %v", sc.Line(), err)
				}
				n++
			}
			if n != tt.puzzles {
				t.Errorf("read %d puzzles, want %d", n, tt.puzzles)
			}
			if err := sc.Err(); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
				t.Errorf("Err() = %v, want %v", err, tt.want)
			}
			if sc.Scan() {
				t.Error("Scan after the end returned true")
			}
		})
	}
}

// Space-separated one-character tokens on a board of ten digits or more
// are numbers that happen to be short: the board is written back in
// numbers, not in letters.
func TestShortNumbersStayNumbers(t *testing.T) {
	text := strings.TrimSpace(strings.Repeat("0 ", 99) + "5")
	b, err := sudoku.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Notation().Alphabet; got != sudoku.Decimal {
		t.Errorf("10x10 of short numbers read in %v", got)
	}
	if err := b.Set(0, 10); err != nil {
		t.Fatal(err)
	}
	if want := "10 " + text[2:]; b.Line() != want {
		t.Errorf("Line() = %q, want %q", b.Line(), want)
	}
	// Characters run together stay characters.
	b, err = sudoku.Parse(strings.Repeat("0", 255) + "5")
	if err != nil || b.Notation().Alphabet != sudoku.Base36 {
		t.Errorf("16x16 line: %v, %v", b.Notation(), err)
	}
}
