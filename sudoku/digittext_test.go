package sudoku_test

import (
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// TestDigitText checks DigitText against the notation the board is
// written in: each digit's text is what Line writes for a board holding
// that digit alone, and out-of-range digits have none.
func TestDigitText(t *testing.T) {
	for _, tc := range []struct {
		size     int
		alphabet sudoku.Alphabet
		want     map[int]string
	}{
		{9, sudoku.Base36, map[int]string{1: "1", 9: "9"}},
		{16, sudoku.Base36, map[int]string{10: "A", 16: "G"}},
		{16, sudoku.Hex, map[int]string{1: "0", 16: "F"}},
		{25, sudoku.Decimal, map[int]string{7: "7", 25: "25"}},
		{36, sudoku.Base36, map[int]string{9: "9", 36: "36"}}, // Base36 stops at 35: decimal
		{64, sudoku.Base36, map[int]string{64: "64"}},
	} {
		g, err := sudoku.GeometryForSize(tc.size)
		if err != nil {
			t.Fatal(err)
		}
		b := sudoku.NewBoard(g)
		if err := b.SetNotation(sudoku.Notation{Alphabet: tc.alphabet}); err != nil && tc.size <= tc.alphabet.MaxDigits() {
			t.Fatal(err)
		}
		for d, want := range tc.want {
			if got := b.DigitText(d); got != want {
				t.Errorf("%dx%d in %s: DigitText(%d) = %q, want %q", tc.size, tc.size, tc.alphabet, d, got, want)
			}
		}
		for d := 1; d <= tc.size; d++ {
			c := b.Clone()
			_ = c.Set(0, d)
			text := c.DigitText(d)
			if text == "" || len(c.Line()) < len(text) || c.Line()[:len(text)] != text {
				t.Errorf("%dx%d in %s: DigitText(%d) = %q, Line begins %.4q", tc.size, tc.size, tc.alphabet, d, text, c.Line())
			}
		}
		for _, d := range []int{0, -1, tc.size + 1} {
			if got := b.DigitText(d); got != "" {
				t.Errorf("%dx%d: DigitText(%d) = %q, want \"\"", tc.size, tc.size, d, got)
			}
		}
	}
	var zero sudoku.Board
	if zero.DigitText(9) != "9" || zero.DigitText(10) != "" {
		t.Errorf("a zero board is not an empty 9x9 one")
	}
}

// TestNotationDigitText: Board.DigitText is the notation's DigitText on
// the board's geometry, and a nil geometry writes nothing.
func TestNotationDigitText(t *testing.T) {
	g, err := sudoku.GeometryForSize(16)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []sudoku.Notation{{}, {Alphabet: sudoku.Hex}, {Alphabet: sudoku.Decimal}} {
		b := sudoku.NewBoard(g)
		if err := b.SetNotation(n); err != nil {
			t.Fatal(err)
		}
		for d := 0; d <= 17; d++ {
			if got, want := n.DigitText(g, d), b.DigitText(d); got != want {
				t.Errorf("%s: DigitText(g, %d) = %q, the board's %q", n.Alphabet, d, got, want)
			}
		}
	}
	if got := (sudoku.Notation{}).DigitText(nil, 1); got != "" {
		t.Errorf("nil geometry: %q", got)
	}
}

// TestConflictDigitText: a conflict names its digit in the board's
// notation: "G" on a 16x16 board, "F" in Hex, never "16".
func TestConflictDigitText(t *testing.T) {
	g, err := sudoku.GeometryForSize(16)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		alphabet sudoku.Alphabet
		want     string
	}{{sudoku.Base36, "both hold G"}, {sudoku.Hex, "both hold F"}, {sudoku.Decimal, "both hold 16"}} {
		b := sudoku.NewBoard(g)
		if err := b.SetNotation(sudoku.Notation{Alphabet: tc.alphabet}); err != nil {
			t.Fatal(err)
		}
		_ = b.Set(0, 16)
		_ = b.Set(1, 16)
		err := b.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.alphabet, err, tc.want)
		}
	}
}
