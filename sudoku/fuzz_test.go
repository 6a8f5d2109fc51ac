package sudoku_test

import (
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

func fuzzSeeds(f *testing.F) {
	for _, s := range []string{
		classic,
		strings.ReplaceAll(classic, ".", "0"),
		mustParse(f, classic).Grid(),
		"1.3.............",
		"12|34\n34|12\n-----\n21|43\n43|21\n",
		"G" + strings.Repeat(".", 255),
		numbers(16, " ", func(i int) int { return i % 17 }),
		numbers(6, ",", func(i int) int { return i % 7 }),
		"-1 2 3",
		"",
		"# comment\n\n" + classic + "\n" + classic[:70],
	} {
		f.Add(s, false)
		f.Add(s, true)
	}
}

// FuzzParse checks that Parse returns a board or an error, never both or
// neither and never panics, and that what it returns reads back equal from
// both of its text forms.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text string, hex bool) {
		var opts []sudoku.ParseOption
		if hex {
			opts = append(opts, sudoku.WithAlphabet(sudoku.Hex))
		}
		b, err := sudoku.Parse(text, opts...)
		if (b == nil) == (err == nil) {
			t.Fatalf("Parse returned %v and %v", b, err)
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		again := []sudoku.ParseOption{sudoku.WithGeometry(b.Geometry())}
		if b.Notation().Alphabet == sudoku.Hex {
			again = append(again, sudoku.WithAlphabet(sudoku.Hex))
		}
		for _, form := range []string{b.Line(), b.Grid()} {
			back, err := sudoku.Parse(form, again...)
			if err != nil {
				t.Fatalf("reading back %q: %v", form, err)
			}
			if !back.Equal(b) {
				t.Fatalf("%q read back as %q", b.Line(), back.Line())
			}
		}
		_ = b.Validate() // must not panic
	})
}

// FuzzScanner checks that a stream never panics the Scanner and that each
// puzzle gives a board or an error.
func FuzzScanner(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, text string, hex bool) {
		var opts []sudoku.ParseOption
		if hex {
			opts = append(opts, sudoku.WithAlphabet(sudoku.Hex))
		}
		sc := sudoku.NewScanner(strings.NewReader(text), opts...)
		for sc.Scan() {
			b, err := sc.Board()
			if (b == nil) == (err == nil) {
				t.Fatalf("Board returned %v and %v", b, err)
			}
			if sc.Line() < 1 {
				t.Fatalf("line %d", sc.Line())
			}
		}
	})
}

// FuzzUnmarshalJSON checks that JSON never panics the decoder and that a
// board it accepts encodes back to the same board.
func FuzzUnmarshalJSON(f *testing.F) {
	for _, s := range []string{
		`{"boxRows":2,"boxCols":2,"givens":"1...............","digits":"1..............."}`,
		`{"givens":"` + classic + `","digits":"` + classic + `"}`,
		`{"boxRows":9,"boxCols":9}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		var b sudoku.Board
		if err := b.UnmarshalJSON([]byte(data)); err != nil {
			return
		}
		out, err := b.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back sudoku.Board
		if err := back.UnmarshalJSON(out); err != nil || !back.Equal(&b) {
			t.Fatalf("%s did not read back: %v", out, err)
		}
	})
}
