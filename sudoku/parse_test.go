package sudoku_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// puzzleDir is the reference puzzle library beside the checkout.
var puzzleDir = filepath.Join("..", "..", "shared", "puzzles")

const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func mustParse(t testing.TB, text string, opts ...sudoku.ParseOption) *sudoku.Board {
	t.Helper()
	b, err := sudoku.Parse(text, opts...)
	if err != nil {
		t.Fatalf("Parse(%.40q): %v", text, err)
	}
	return b
}

// numbers writes n*n cells as decimal numbers: cell i holds digit(i).
func numbers(n int, sep string, digit func(i int) int) string {
	parts := make([]string, n*n)
	for i := range parts {
		parts[i] = strings.TrimSpace(strings.Repeat(" ", 0) + itoa(digit(i)))
	}
	return strings.Join(parts, sep)
}

func itoa(d int) string {
	if d < 10 {
		return string(rune('0' + d))
	}
	return string(rune('0'+d/10)) + string(rune('0'+d%10))
}

func TestParseNotations(t *testing.T) {
	want := mustParse(t, classic)
	if want.Get(0) != 5 || want.Get(1) != 3 || want.Get(2) != 0 || !want.Given(0) || want.Given(2) {
		t.Fatalf("classic parsed wrong: %s", want.Line())
	}
	g12, _ := sudoku.NewGeometry(4, 3)
	tests := []struct {
		name  string
		text  string
		opts  []sudoku.ParseOption
		size  int
		check func(*sudoku.Board) bool
	}{
		{"dots", classic, nil, 9, want.Equal},
		{"zeros", strings.ReplaceAll(classic, ".", "0"), nil, 9, want.Equal},
		{"underscores", strings.ReplaceAll(classic, ".", "_"), nil, 9, want.Equal},
		{"grid", want.Grid(), nil, 9, want.Equal},
		{"spaced grid with CRLF", strings.ReplaceAll(want.Grid(), "\n", "\r\n"), nil, 9, want.Equal},
		{"boxed grid", "+-------+-------+-------+\n| " + strings.ReplaceAll(strings.TrimSuffix(want.Grid(), "\n"), "\n", " |\n| ") + " |\n+-------+-------+-------+", nil, 9, want.Equal},
		{"spaced numbers", strings.Join(strings.Split(strings.ReplaceAll(classic, ".", "0"), ""), " "), nil, 9, want.Equal},
		{"comma numbers", strings.Join(strings.Split(strings.ReplaceAll(classic, ".", "0"), ""), ","), nil, 9, want.Equal},
		{"4x4", "1.3..4...........", nil, 0, nil}, // 17 cells: error, checked below
		{"6x6", strings.Repeat(".", 36), nil, 6, func(b *sudoku.Board) bool { return b.Geometry().BoxCols() == 3 }},
		{"16x16 letters", "G" + strings.Repeat(".", 255), nil, 16, func(b *sudoku.Board) bool { return b.Get(0) == 16 }},
		{"16x16 lower case", "g" + strings.Repeat(".", 255), nil, 16, func(b *sudoku.Board) bool { return b.Get(0) == 16 }},
		{"16x16 hex", "0F" + strings.Repeat(".", 254), []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)}, 16,
			func(b *sudoku.Board) bool { return b.Get(0) == 1 && b.Get(1) == 16 }},
		{"16x16 numbers", numbers(16, " ", func(i int) int { return i % 17 }), nil, 16, func(b *sudoku.Board) bool { return b.Get(16) == 16 }},
		{"25x25 commas", numbers(25, ", ", func(i int) int { return i % 26 }), nil, 25, func(b *sudoku.Board) bool { return b.Get(25) == 25 }},
		{"36x36 numbers", numbers(36, " ", func(i int) int { return i % 37 }), nil, 36, func(b *sudoku.Board) bool { return b.Get(36) == 36 }},
		{"64x64 empty zeros", numbers(64, " ", func(int) int { return 0 }), nil, 64, func(b *sudoku.Board) bool { return b.Empty() == 4096 }},
		{"64x64 dots", strings.TrimSpace(strings.Repeat(". ", 4096)), nil, 64, func(b *sudoku.Board) bool { return b.Empty() == 4096 }},
		{"12x12 4x3 boxes", strings.Repeat(".", 144), []sudoku.ParseOption{sudoku.WithGeometry(g12)}, 12,
			func(b *sudoku.Board) bool { return b.Geometry().BoxRows() == 4 }},
		{"4x4 compact grid", "12|34\n34|12\n-----\n21|43\n43|21\n", nil, 4, func(b *sudoku.Board) bool { return b.Solved() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := sudoku.Parse(tt.text, tt.opts...)
			if tt.size == 0 {
				if !errors.Is(err, sudoku.ErrCellCount) {
					t.Fatalf("error %v, want ErrCellCount", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.Geometry().Digits() != tt.size || !tt.check(b) {
				t.Fatalf("parsed %s wrong: %.80s", b.Geometry(), b.Line())
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name      string
		text      string
		opts      []sudoku.ParseOption
		want      error
		line, col int
	}{
		{"empty", "", nil, sudoku.ErrEmptyInput, 0, 0},
		{"blank", " \n\t\n", nil, sudoku.ErrEmptyInput, 0, 0},
		{"only rules", "---+---\n", nil, sudoku.ErrEmptyInput, 0, 0},
		{"80 cells", classic[:80], nil, sudoku.ErrCellCount, 0, 0},
		{"82 cells", classic + ".", nil, sudoku.ErrCellCount, 0, 0},
		{"too few", "123", nil, sudoku.ErrCellCount, 0, 0},
		{"letter beyond N", classic[:10] + "x" + classic[11:], nil, sudoku.ErrDigitRange, 1, 11},
		{"stray star", classic[:40] + "*" + classic[41:], nil, sudoku.ErrBadCharacter, 1, 41},
		{"stray on line 3", "53..7....\n6..195...\n.98..#.6.\n", nil, sudoku.ErrBadCharacter, 3, 6},
		{"minus inside a line", "-1" + strings.Repeat(" 0", 15), nil, sudoku.ErrBadCharacter, 1, 1},
		{"G in 9x9", "G" + classic[1:], nil, sudoku.ErrDigitRange, 1, 1},
		{"17 in 16x16", "17" + strings.Repeat(" 0", 255), nil, sudoku.ErrDigitRange, 1, 1},
		{"prime size", strings.Repeat(".", 49), nil, sudoku.ErrSize, 0, 0},
		{"36x36 as characters", strings.Repeat(".", 1296), nil, sudoku.ErrSize, 0, 0},
		{"65x65", numbers(65, " ", func(int) int { return 0 }), nil, sudoku.ErrSize, 0, 0},
		{"hex letter beyond F", "G" + strings.Repeat(".", 255), []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)}, sudoku.ErrBadCharacter, 1, 1},
		{"wrong size for geometry", classic, []sudoku.ParseOption{sudoku.WithGeometry(mustGeometry(t, 4, 4))}, sudoku.ErrCellCount, 0, 0},
		{"hex for 25x25", strings.Repeat(".", 625), []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)}, sudoku.ErrSize, 0, 0},
		{"nil option", classic, []sudoku.ParseOption{nil}, sudoku.ErrNilOption, 0, 0},
		{"nil geometry", classic, []sudoku.ParseOption{sudoku.WithGeometry(nil)}, sudoku.ErrNilOption, 0, 0},
		{"bad alphabet", classic, []sudoku.ParseOption{sudoku.WithAlphabet(7)}, sudoku.ErrSize, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := sudoku.Parse(tt.text, tt.opts...)
			if b != nil || !errors.Is(err, tt.want) {
				t.Fatalf("Parse = %v, %v; want error %v", b, err, tt.want)
			}
			var pe *sudoku.ParseError
			if errors.As(err, &pe) && (pe.Line != tt.line || pe.Column != tt.col) {
				t.Errorf("error %q at line %d column %d, want %d:%d", err, pe.Line, pe.Column, tt.line, tt.col)
			}
			if tt.line > 0 && !strings.Contains(err.Error(), "line") {
				t.Errorf("message %q does not say where", err)
			}
		})
	}
}

func mustGeometry(t testing.TB, r, c int) *sudoku.Geometry {
	t.Helper()
	g, err := sudoku.NewGeometry(r, c)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestBadInputs reads every case of the reference file of malformed
// puzzles: each must fail to parse or fail validation, except the ones its
// comment says parse but have no or several solutions (the solver's tests
// check those).
func TestBadInputs(t *testing.T) {
	f, err := os.Open(filepath.Join(puzzleDir, "bad-inputs.txt"))
	if os.IsNotExist(err) {
		t.Skip("bad-inputs.txt not present")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	comment, cases := "", 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			comment = line
			continue
		}
		cases++
		b, err := sudoku.Parse(line)
		solverCase := strings.Contains(comment, "unsolvable") || strings.Contains(comment, "multiple solutions") ||
			strings.Contains(comment, "not a square box size")
		switch {
		case err != nil:
			if solverCase && !strings.Contains(comment, "not a square box size") {
				t.Errorf("%s: parse error %v", comment, err)
			}
		case solverCase:
			// Parsed; the solver decides.
		case b.Validate() == nil:
			t.Errorf("%s: parsed and validated", comment)
		}
	}
	if cases == 0 {
		t.Error("no cases read")
	}
}

// TestReferenceRoundTrip parses the start of every reference set and
// checks that Line and Grid read back equal.
func TestReferenceRoundTrip(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join(puzzleDir, "*.txt"))
	if len(names) == 0 {
		t.Skip("reference sets not present")
	}
	for _, name := range names {
		if strings.HasSuffix(name, "bad-inputs.txt") {
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for i := 0; i < 100 && sc.Scan(); i++ {
			b := mustParse(t, sc.Text())
			for _, text := range []string{b.Line(), b.Grid()} {
				if back := mustParse(t, text); !back.Equal(b) {
					t.Fatalf("%s line %d: round trip changed the board", name, i+1)
				}
			}
			if strings.HasSuffix(name, ".sol.txt") && !b.Solved() {
				t.Fatalf("%s line %d: solution is not solved", name, i+1)
			}
			if b.Validate() != nil {
				t.Fatalf("%s line %d: %v", name, i+1, b.Validate())
			}
		}
		f.Close()
	}
}

func TestScanner(t *testing.T) {
	b16 := mustParse(t, "G"+strings.Repeat(".", 255))
	b4 := mustParse(t, "1.3.............")
	input := strings.Join([]string{
		"# a comment",
		classic,
		strings.ReplaceAll(classic, ".", "0"),
		"53..7....6..x95....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"",
		"",
		strings.TrimSuffix(mustParse(t, classic).Grid(), "\n"),
		"",
		strings.TrimSuffix(b16.Grid(), "\n"),
		"",
		"1.3.",
		"....",
		"....",
		"....",
		"",
		classic,
		"123456...",
	}, "\n")
	sc := sudoku.NewScanner(strings.NewReader(input))
	type got struct {
		line int
		ok   bool
		n    int
	}
	var results []got
	for sc.Scan() {
		b, err := sc.Board()
		if (b == nil) == (err == nil) {
			t.Fatalf("line %d: board %v and error %v", sc.Line(), b, err)
		}
		r := got{line: sc.Line(), ok: err == nil}
		if err == nil {
			r.n = b.Geometry().Digits()
		} else {
			var pe *sudoku.ParseError
			if !errors.As(err, &pe) || pe.Line < sc.Line() {
				t.Errorf("error %v should carry a stream line number", err)
			}
		}
		results = append(results, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	want := []got{
		{2, true, 9}, {3, true, 9}, {4, false, 0},
		{7, true, 9},   // a 9x9 grid
		{19, true, 16}, // a 16x16 grid with rules
		{39, true, 4},  // a 4x4 grid of four lines
		{44, true, 9}, {45, false, 0},
	}
	if len(results) != len(want) {
		t.Fatalf("read %v, want %v", results, want)
	}
	for i := range want {
		if results[i] != want[i] {
			t.Errorf("puzzle %d: %+v, want %+v", i+1, results[i], want[i])
		}
	}
	// The bad stray character is at line 4, column 13 of the stream.
	sc = sudoku.NewScanner(strings.NewReader(input))
	for sc.Scan() {
		if sc.Line() == 4 {
			_, err := sc.Board()
			var pe *sudoku.ParseError
			if !errors.As(err, &pe) || pe.Line != 4 || pe.Column != 13 || !strings.Contains(sc.Text(), "x") {
				t.Errorf("stray character reported as %v", err)
			}
		}
		if sc.Line() == 39 {
			if b, _ := sc.Board(); !b.Equal(b4) {
				t.Errorf("4x4 grid read as %v", b)
			}
		}
	}
	sc = sudoku.NewScanner(strings.NewReader(classic), nil)
	if sc.Scan() || !errors.Is(sc.Err(), sudoku.ErrNilOption) {
		t.Errorf("nil option: Err() = %v", sc.Err())
	}
}

func TestScannerWithGeometry(t *testing.T) {
	g := mustCustom(t, diagonal())
	sc := sudoku.NewScanner(strings.NewReader(classic+"\n"+classic+"\n"), sudoku.WithGeometry(g))
	n := 0
	for sc.Scan() {
		b, err := sc.Board()
		if err != nil || b.Geometry() != g {
			t.Fatalf("%v %v", b, err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("read %d puzzles, want 2", n)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestScannerReadError(t *testing.T) {
	sc := sudoku.NewScanner(failingReader{})
	if sc.Scan() || sc.Err() == nil {
		t.Errorf("read error not reported: %v", sc.Err())
	}
	long := strings.Repeat(".", 2<<20)
	sc = sudoku.NewScanner(strings.NewReader(long))
	if sc.Scan() || !errors.Is(sc.Err(), sudoku.ErrCellCount) {
		t.Errorf("over-long line: %v", sc.Err())
	}
}
