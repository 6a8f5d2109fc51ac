package sudoku_test

import (
	"encoding"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/sudoku"
)

var (
	_ encoding.TextMarshaler   = (*sudoku.Board)(nil)
	_ encoding.TextUnmarshaler = (*sudoku.Board)(nil)
	_ json.Marshaler           = (*sudoku.Board)(nil)
	_ json.Unmarshaler         = (*sudoku.Board)(nil)
)

// withEntries returns puzzle(g) with every other empty cell filled, as an
// entry, with the digit of the pattern solution.
func withEntries(t testing.TB, g *sudoku.Geometry) *sudoku.Board {
	t.Helper()
	b := puzzle(t, g)
	odd := false
	for c := range g.NumCells() {
		if b.Get(c) != 0 {
			continue
		}
		if odd {
			r, col := g.RowCol(c)
			if err := b.Set(c, pattern(g, r, col)); err != nil {
				t.Fatal(err)
			}
		}
		odd = !odd
	}
	return b
}

func TestMarshalText(t *testing.T) {
	src := withEntries(t, sudoku.Classic())
	text, err := src.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if string(text) != src.Line() {
		t.Fatalf("MarshalText = %q, want Line() %q", text, src.Line())
	}
	diagonal := mustCustom(t, diagonalSpec())
	hex16 := sudoku.NewBoard(mustGeometry(t, 4, 4))
	if err := hex16.SetNotation(sudoku.Notation{Alphabet: sudoku.Hex}); err != nil {
		t.Fatal(err)
	}
	p16 := puzzle(t, mustGeometry(t, 4, 4))

	tests := []struct {
		name   string
		target func() *sudoku.Board
		text   string
		want   *sudoku.Board // digits and geometry after; nil for an error
		err    error
	}{
		{name: "zero Board", target: func() *sudoku.Board { return new(sudoku.Board) }, text: string(text), want: src},
		{name: "classic board", target: func() *sudoku.Board { return sudoku.NewBoard(nil) }, text: string(text), want: src},
		{name: "diagonal board", target: func() *sudoku.Board { return sudoku.NewBoard(diagonal) }, text: string(text),
			want: onGeometry(t, src, diagonal)},
		{name: "zero Board takes the text's size", target: func() *sudoku.Board { return new(sudoku.Board) },
			text: chars(p16, base36Digits, '.'), want: p16},
		{name: "hex board reads hex", target: func() *sudoku.Board { return hex16.Clone() },
			text: chars(p16, hexDigits, '.'), want: p16},
		{name: "4x4 board given 81 cells", target: func() *sudoku.Board { return puzzle(t, mustGeometry(t, 2, 2)) },
			text: string(text), err: sudoku.ErrCellCount},
		{name: "classic board given 256 cells", target: func() *sudoku.Board { return withEntries(t, sudoku.Classic()) },
			text: chars(p16, base36Digits, '.'), err: sudoku.ErrCellCount},
		{name: "diagonal board given 16 cells", target: func() *sudoku.Board { return sudoku.NewBoard(diagonal) },
			text: "1.3.....4..2...1", err: sudoku.ErrCellCount},
		{name: "zero Board given 80 cells", target: func() *sudoku.Board { return new(sudoku.Board) },
			text: string(text[:80]), err: sudoku.ErrCellCount},
		{name: "stray character", target: func() *sudoku.Board { return withEntries(t, sudoku.Classic()) },
			text: "*" + string(text[1:]), err: sudoku.ErrBadCharacter},
		{name: "empty text", target: func() *sudoku.Board { return withEntries(t, sudoku.Classic()) },
			err: sudoku.ErrEmptyInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Reading a zero Board would give it a geometry: snapshot a twin.
			before := snap(tt.target())
			b := tt.target()
			err := b.UnmarshalText([]byte(tt.text))
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("UnmarshalText = %v, want %v", err, tt.err)
				}
				if diff := cmp.Diff(before, snap(b)); diff != "" {
					t.Errorf("a failed UnmarshalText changed the board (-before +after):\n%s", diff)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			checkBoard(t, b, tt.want)
			again, err := b.MarshalText()
			if err != nil || string(again) != tt.text {
				t.Errorf("MarshalText after UnmarshalText = %q, %v; want %q", again, err, tt.text)
			}
		})
	}
}

func TestJSONRoundTrip(t *testing.T) {
	for _, shape := range [][2]int{{2, 2}, {3, 3}, {4, 4}, {5, 7}, {6, 6}, {8, 8}} {
		g := mustGeometry(t, shape[0], shape[1])
		t.Run(g.String(), func(t *testing.T) {
			src := withEntries(t, g)
			data, err := json.Marshal(src)
			if err != nil {
				t.Fatal(err)
			}
			var fields map[string]any
			if err := json.Unmarshal(data, &fields); err != nil {
				t.Fatal(err)
			}
			if fields["boxRows"] != float64(shape[0]) || fields["boxCols"] != float64(shape[1]) {
				t.Errorf("box shape %v x %v, want %d x %d", fields["boxRows"], fields["boxCols"], shape[0], shape[1])
			}
			for _, target := range []struct {
				name  string
				board *sudoku.Board
			}{
				{name: "zero Board", board: new(sudoku.Board)},
				{name: "board on the geometry", board: sudoku.NewBoard(g)},
				{name: "board of another size", board: withEntries(t, mustGeometry(t, 2, 3))},
			} {
				back := target.board
				if err := json.Unmarshal(data, back); err != nil {
					t.Fatalf("%s: %v", target.name, err)
				}
				if back.Geometry() != g {
					t.Errorf("%s: geometry %v, want the shared %v", target.name, back.Geometry(), g)
				}
				if diff := cmp.Diff(src.Digits(), back.Digits()); diff != "" {
					t.Errorf("%s: digits (-want +got):\n%s", target.name, diff)
				}
				if diff := cmp.Diff(givens(src), givens(back)); diff != "" {
					t.Errorf("%s: givens (-want +got):\n%s", target.name, diff)
				}
				if diff := cmp.Diff(snap(src.Givens()), snap(back.Givens())); diff != "" {
					t.Errorf("%s: Givens() (-want +got):\n%s", target.name, diff)
				}
			}
		})
	}
}

// TestJSONNull checks that JSON null leaves a board as it was, as
// encoding/json leaves other values: a board in a struct field, and a zero
// Board, which then still takes the size of the text it reads.
func TestJSONNull(t *testing.T) {
	var saved struct{ Puzzle sudoku.Board }
	if err := saved.Puzzle.UnmarshalText([]byte(classic)); err != nil {
		t.Fatal(err)
	}
	before, g := snap(&saved.Puzzle), saved.Puzzle.Geometry()
	if err := json.Unmarshal([]byte(`{"Puzzle":null}`), &saved); err != nil {
		t.Fatalf("null in a struct field: %v", err)
	}
	if diff := cmp.Diff(before, snap(&saved.Puzzle)); diff != "" || saved.Puzzle.Geometry() != g {
		t.Errorf("null in a struct field changed the board (-before +after):\n%s", diff)
	}
	for _, data := range []string{"null", " null\n"} {
		var zero sudoku.Board
		if err := zero.UnmarshalJSON([]byte(data)); err != nil {
			t.Errorf("%q into a zero Board: %v", data, err)
		}
		if err := zero.UnmarshalText([]byte("1.3.............")); err != nil || zero.Geometry().Digits() != 4 {
			t.Errorf("%q made the zero Board a %v (%v)", data, zero.Geometry(), err)
		}
	}
}

func TestJSONForm(t *testing.T) {
	b := mustParse(t, "1.3.....4..2...1")
	if err := b.Set(1, 4); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"boxRows":2,"boxCols":2,"givens":"1.3.....4..2...1","digits":"143.....4..2...1"}`
	if string(data) != want {
		t.Errorf("JSON\n%s\nwant\n%s", data, want)
	}
	// The JSON form does not depend on the notation the board was read in.
	z := mustParse(t, "1030000040020001")
	if err := z.Set(1, 4); err != nil {
		t.Fatal(err)
	}
	if data, _ := json.Marshal(z); string(data) != want {
		t.Errorf("JSON of a board read with zeros\n%s\nwant\n%s", data, want)
	}
	// Boards larger than 35x35 are written as numbers.
	g36 := mustGeometry(t, 6, 6)
	b36 := sudoku.NewBoard(g36)
	if err := b36.SetGiven(0, 36); err != nil {
		t.Fatal(err)
	}
	if err := b36.Set(1, 7); err != nil {
		t.Fatal(err)
	}
	data, err = json.Marshal(b36)
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Givens, Digits string }
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(got.Givens, "36 0 0 ") || !strings.HasPrefix(got.Digits, "36 7 0 ") {
		t.Errorf("36x36 JSON %.80s", data)
	}
}

func TestJSONCustomGeometry(t *testing.T) {
	diagonal := mustCustom(t, diagonalSpec())
	src := onGeometry(t, puzzle(t, sudoku.Classic()), diagonal)
	if err := src.Set(0, 9); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "boxRows") {
		t.Errorf("JSON of a custom geometry %s claims a box shape", data)
	}
	back := sudoku.NewBoard(diagonal)
	if err := json.Unmarshal(data, back); err != nil {
		t.Fatal(err)
	}
	if back.Geometry() != diagonal {
		t.Errorf("geometry %v, want the diagonal geometry", back.Geometry())
	}
	if diff := cmp.Diff(snap(src), snap(back)); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}

	// A zero Board takes the size the digits imply: a classic board.
	var zero sudoku.Board
	if err := json.Unmarshal(data, &zero); err != nil {
		t.Fatal(err)
	}
	if zero.Geometry() != sudoku.Classic() || !zero.Equal(onGeometry(t, src, sudoku.Classic())) {
		t.Errorf("zero Board read %v %s", zero.Geometry(), zero.Line())
	}
}

// wideGeometry has more digits than one character can write and fewer
// cells than a 36x36 board.
func wideGeometry(t testing.TB) *sudoku.Geometry {
	t.Helper()
	cells := make([]int, 40)
	for i := range cells {
		cells[i] = i
	}
	return mustCustom(t, sudoku.Spec{Digits: 40, Cells: 40, Rows: 5, Cols: 8,
		Units: []sudoku.Unit{{Kind: sudoku.Region, Cells: cells}}})
}

func TestWideCustomGeometry(t *testing.T) {
	g := wideGeometry(t)
	tests := []struct {
		name   string
		digits map[int]int
	}{
		{name: "single-digit numbers only", digits: map[int]int{0: 3, 7: 9}},
		{name: "two-digit numbers", digits: map[int]int{0: 3, 1: 40}},
		{name: "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := sudoku.NewBoard(g)
			for c, d := range tt.digits {
				if err := b.SetGiven(c, d); err != nil {
					t.Fatal(err)
				}
			}
			for _, text := range []string{b.Line(), b.Pretty()} {
				back, err := sudoku.Parse(text, sudoku.WithGeometry(g))
				if err != nil {
					t.Fatalf("Parse(%q): %v", text, err)
				}
				checkBoard(t, back, b)
			}
			viaText := sudoku.NewBoard(g)
			if err := viaText.UnmarshalText([]byte(b.Line())); err != nil {
				t.Fatal(err)
			}
			checkBoard(t, viaText, b)
			data, err := json.Marshal(b)
			if err != nil {
				t.Fatal(err)
			}
			viaJSON := sudoku.NewBoard(g)
			if err := json.Unmarshal(data, viaJSON); err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			checkBoard(t, viaJSON, b)
		})
	}
}

// TestJSONErrors checks the errors of reading bad JSON into boards, which
// leaves them unchanged. None wraps sudoku.ErrInvalidArgument: a box shape
// out of range is an argument error when passed to sudoku.NewGeometry, but
// the JSON is input, as text is to sudoku.Parse.
func TestJSONErrors(t *testing.T) {
	diagonal := mustCustom(t, diagonalSpec())
	tests := []struct {
		name string
		data string
		want error // nil: any error
	}{
		{name: "given disagrees with its digit",
			data: `{"boxRows":2,"boxCols":2,"givens":"1...............","digits":"2..............."}`, want: sudoku.ErrConflict},
		{name: "given over an empty digit",
			data: `{"boxRows":2,"boxCols":2,"givens":"...............4","digits":"................"}`, want: sudoku.ErrConflict},
		{name: "box of one row", data: `{"boxRows":1,"boxCols":2,"givens":"....","digits":"...."}`, want: sudoku.ErrSize},
		{name: "box side only", data: `{"boxRows":3,"givens":"` + classic + `","digits":"` + classic + `"}`, want: sudoku.ErrSize},
		{name: "box of 81 digits", data: `{"boxRows":9,"boxCols":9,"givens":"1","digits":"1"}`, want: sudoku.ErrSize},
		{name: "digits do not fit the box shape",
			data: `{"boxRows":2,"boxCols":2,"givens":"` + classic + `","digits":"` + classic + `"}`, want: sudoku.ErrCellCount},
		{name: "givens and digits of different sizes",
			data: `{"givens":"1...............","digits":"` + classic + `"}`, want: sudoku.ErrCellCount},
		{name: "too few digits", data: `{"boxRows":2,"boxCols":2,"givens":"1..","digits":"1.."}`, want: sudoku.ErrCellCount},
		{name: "stray character", data: `{"boxRows":2,"boxCols":2,"givens":"................","digits":"*..............."}`,
			want: sudoku.ErrBadCharacter},
		{name: "digit too big", data: `{"boxRows":2,"boxCols":2,"givens":"................","digits":"5..............."}`,
			want: sudoku.ErrDigitRange},
		{name: "wrong JSON type", data: `{"givens": 3}`},
		{name: "not an object", data: `[1, 2]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, target := range []struct {
				name  string
				board func() *sudoku.Board
			}{
				{name: "zero Board", board: func() *sudoku.Board { return new(sudoku.Board) }},
				{name: "9x9 board", board: func() *sudoku.Board { return withEntries(t, sudoku.Classic()) }},
				{name: "diagonal board", board: func() *sudoku.Board { return onGeometry(t, puzzle(t, sudoku.Classic()), diagonal) }},
			} {
				// Reading a zero Board would give it a geometry: snapshot a twin.
				twin := target.board()
				before, beforeGeometry := snap(twin), twin.Geometry()
				b := target.board()
				err := json.Unmarshal([]byte(tt.data), b)
				if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
					t.Errorf("%s: error %v, want %v", target.name, err, tt.want)
				}
				if errors.Is(err, sudoku.ErrInvalidArgument) {
					t.Errorf("%s: %v is an argument error, but the JSON is input", target.name, err)
				}
				if diff := cmp.Diff(before, snap(b)); diff != "" || b.Geometry() != beforeGeometry {
					t.Errorf("%s: a failed Unmarshal changed the board (-before +after):\n%s", target.name, diff)
				}
			}
		})
	}
}

// TestUnmarshalTextClassicLine checks that a classic board reads a
// classic line into its own cells: the same board as Parse gives, in the
// line's notation, with no allocation.
func TestUnmarshalTextClassicLine(t *testing.T) {
	lines := []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"400000805030000000000700000020000060000080400000010000000603070500200000104000000",
		"4_____8_5_3__________7______2_____6_____8_4______1_______6_3_7_5__2_____1_4______\r\n",
		"4.0___8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	}
	b := sudoku.NewBoard(nil)
	for _, line := range lines {
		want, err := sudoku.Parse(line)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.UnmarshalText([]byte(line)); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if !b.Equal(want) || b.Notation() != want.Notation() || !slices.Equal(givens(b), givens(want)) {
			t.Errorf("%q: read %s (%+v), want %s (%+v)", line, b.Line(), b.Notation(), want.Line(), want.Notation())
		}
	}
	if want := byte('.'); b.Notation().Empty != want {
		t.Errorf("mixed empty marks: Empty %q, want the first, %q", b.Notation().Empty, want)
	}
	text := []byte(lines[0])
	if n := testing.AllocsPerRun(100, func() { _ = b.UnmarshalText(text) }); n != 0 {
		t.Errorf("UnmarshalText of a classic line allocates %v times, want 0", n)
	}
	bad := []byte(strings.Replace(lines[0], "4", "!", 1))
	if err := b.UnmarshalText(bad); !errors.Is(err, sudoku.ErrBadCharacter) {
		t.Errorf("stray character: %v, want ErrBadCharacter", err)
	}
	if !b.Equal(mustParse(t, lines[0])) {
		t.Errorf("a failed UnmarshalText changed the board to %s", b.Line())
	}
}

// BenchmarkParseClassic reads a classic line with Parse, and into a
// board reused by UnmarshalText.
func BenchmarkParseClassic(b *testing.B) {
	line := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	b.Run("Parse", func(b *testing.B) {
		for b.Loop() {
			if _, err := sudoku.Parse(line); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("UnmarshalText", func(b *testing.B) {
		board, text := sudoku.NewBoard(nil), []byte(line)
		for b.Loop() {
			if err := board.UnmarshalText(text); err != nil {
				b.Fatal(err)
			}
		}
	})
}
