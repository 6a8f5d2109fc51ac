package sudoku_test

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/cubedoku/cubedoku/sudoku"
)

// fuzzSeeds are inputs in every notation, good and bad.
func fuzzSeeds(f *testing.F) []string {
	p4 := puzzle(f, mustGeometry(f, 2, 2))
	p6 := puzzle(f, mustGeometry(f, 2, 3))
	p16 := puzzle(f, mustGeometry(f, 4, 4))
	dec16 := p16.Clone()
	if err := dec16.SetNotation(sudoku.Notation{Alphabet: sudoku.Decimal}); err != nil {
		f.Fatal(err)
	}
	return []string{
		classic,
		strings.ReplaceAll(classic, ".", "0"),
		strings.ReplaceAll(classic, ".", "_"),
		mustParse(f, classic).Pretty(),
		classic[:80],
		classic[:40] + "*" + classic[41:],
		p4.Line(),
		p4.Pretty(),
		"12|34\n34|12\n--+--\n23|41\n41|23\n",
		p6.Pretty(),
		chars(p16, base36Digits, '.'),
		chars(p16, hexDigits, '.'),
		numbers(p16, " ", "0"),
		numbers(p16, ",", "."),
		dec16.Pretty(),
		"-1 " + numbers(p16, " ", "0")[2:],
		"10 0 16\n\n# comment\n" + classic,
		"",
		"\r\n---+---\n",
	}
}

// FuzzParse checks that Parse returns a board or an error, never both or
// neither, never panics, and that a board it returns reads back equal from
// its Line and its Pretty form. Under a text limit, text over it is an error
// wrapping ErrTooLarge and text within it reads as without the limit.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s, false, uint16(0))
		f.Add(s, true, uint16(0))
		f.Add(s, false, uint16(len(s)))
		f.Add(s, false, uint16(max(len(s)-1, 1)))
	}
	f.Fuzz(func(t *testing.T, text string, hex bool, limit uint16) {
		opts := hexOption(hex)
		if limit > 0 {
			lb, lerr := sudoku.Parse(text, append(opts, sudoku.WithTextLimit(int(limit)))...)
			ub, uerr := sudoku.Parse(text, opts...)
			var pe *sudoku.ParseError
			switch {
			case len(text) > int(limit):
				if !errors.Is(lerr, sudoku.ErrTooLarge) || !errors.As(lerr, &pe) || lb != nil {
					t.Fatalf("%d bytes under a limit of %d: %v, %v", len(text), limit, lb, lerr)
				}
			case (lerr == nil) != (uerr == nil) || lerr == nil && !lb.Equal(ub):
				t.Fatalf("%d bytes within a limit of %d: %v (%v), without the limit %v (%v)", len(text), limit, lb, lerr, ub, uerr)
			}
		}
		b, err := sudoku.Parse(text, opts...)
		if (b == nil) == (err == nil) {
			t.Fatalf("Parse returned %v and %v", b, err)
		}
		// A leading space changes nothing but keeps a line of 81 cells
		// from the quick reading of classic lines: both readings agree.
		spaced, serr := sudoku.Parse(" "+text, opts...)
		if (serr == nil) != (err == nil) || (err == nil && (!spaced.Equal(b) || spaced.Notation() != b.Notation() || !slices.Equal(givens(spaced), givens(b)))) {
			t.Fatalf("%q: read as %v (%v), with a leading space as %v (%v)", text, b, err, spaced, serr)
		}
		if !hex {
			// A classic board reused by UnmarshalText reads as Parse on the
			// classic geometry, and keeps its digits on error.
			want, werr := sudoku.Parse(text, sudoku.WithGeometry(sudoku.Classic()))
			reused, _ := sudoku.Parse(strings.Repeat("123456789", 9))
			uerr := reused.UnmarshalText([]byte(text))
			switch {
			case (uerr == nil) != (werr == nil):
				t.Fatalf("%q: UnmarshalText %v, Parse %v", text, uerr, werr)
			case uerr == nil && (!reused.Equal(want) || reused.Notation() != want.Notation() || !slices.Equal(givens(reused), givens(want))):
				t.Fatalf("%q: UnmarshalText read %v, Parse %v", text, reused, want)
			case uerr != nil && reused.Line() != strings.Repeat("123456789", 9):
				t.Fatalf("%q: UnmarshalText failed (%v) and changed the board to %v", text, uerr, reused)
			}
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "sudoku: ") {
				t.Fatalf("error message %q", err)
			}
			return
		}
		again := []sudoku.ParseOption{sudoku.WithGeometry(b.Geometry())}
		if b.Notation().Alphabet == sudoku.Hex {
			again = append(again, sudoku.WithAlphabet(sudoku.Hex))
		}
		for _, form := range []string{b.Line(), b.Pretty()} {
			back, err := sudoku.Parse(form, again...)
			if err != nil {
				t.Fatalf("reading back %q: %v", form, err)
			}
			if !back.Equal(b) {
				t.Fatalf("%q read back as %q", b.Line(), back.Line())
			}
		}
		if err := b.Validate(); err != nil && err.Error() == "" {
			t.Fatal("empty conflict message")
		}
	})
}

// FuzzScanner checks that no stream panics the Scanner, that each puzzle
// gives a board or an error, that no puzzle keeps more text than the
// limit, and that a stream read a byte at a time gives the same puzzles
// as read at once (streaming changes when puzzles come out, not which).
func FuzzScanner(f *testing.F) {
	seeds := fuzzSeeds(f)
	f.Add(strings.Join(seeds, "\n"), false, uint16(0))
	f.Add(strings.Join(seeds, "\n\n"), false, uint16(0))
	f.Add(strings.Join(seeds, "\n"), false, uint16(100))
	for _, s := range seeds {
		f.Add(s, false, uint16(0))
		f.Add(s, true, uint16(0))
		f.Add(s+"\n"+s, false, uint16(len(s)))
	}
	f.Fuzz(func(t *testing.T, text string, hex bool, limit uint16) {
		opts := hexOption(hex)
		if limit > 0 {
			opts = append(opts, sudoku.WithTextLimit(int(limit)))
		}
		type result struct {
			text, board string
			line        int
			err         string
		}
		scan := func(r io.Reader) []result {
			sc := sudoku.NewScanner(r, opts...)
			var out []result
			last := 0
			for sc.Scan() {
				b, err := sc.Board()
				if (b == nil) == (err == nil) {
					t.Fatalf("Board returned %v and %v", b, err)
				}
				if sc.Line() <= last {
					t.Fatalf("puzzle at line %d after one at line %d", sc.Line(), last)
				}
				last = sc.Line()
				tooLarge := errors.Is(err, sudoku.ErrTooLarge)
				if strings.TrimSpace(sc.Text()) == "" && !tooLarge {
					t.Fatalf("line %d: blank puzzle text", sc.Line())
				}
				if limit > 0 && len(sc.Text()) > int(limit) {
					t.Fatalf("line %d: %d bytes of text kept, over the limit of %d", sc.Line(), len(sc.Text()), limit)
				}
				r := result{text: sc.Text(), line: sc.Line()}
				if err != nil {
					r.err = err.Error()
				} else {
					r.board = b.Line()
				}
				out = append(out, r)
			}
			if err := sc.Err(); err != nil {
				t.Fatalf("Err() = %v on a string", err)
			}
			return out
		}
		whole := scan(strings.NewReader(text))
		bytewise := scan(iotest.OneByteReader(strings.NewReader(text)))
		if !slices.Equal(whole, bytewise) {
			t.Fatalf("read at once: %v\nread a byte at a time: %v", whole, bytewise)
		}
	})
}

// FuzzUnmarshalJSON checks that no JSON panics the decoder and that a
// board it accepts encodes back to the same board.
func FuzzUnmarshalJSON(f *testing.F) {
	for _, s := range []string{
		`{"boxRows":2,"boxCols":2,"givens":"1...............","digits":"1..2............"}`,
		`{"givens":"` + classic + `","digits":"` + classic + `"}`,
		`{"boxRows":9,"boxCols":9}`,
		`{"boxRows":2,"boxCols":3,"givens":"0 0 1","digits":"0 0 1"}`,
		`{"boxRows":2,"boxCols":2}`,
		`{"boxRows":2,"boxCols":2,"givens":null,"digits":""}`,
		`{"givens":"` + classic + `"}`,
		`{"digits":"` + classic + `","givens":" "}`,
		`{}`,
		`null`,
		`{"boxRows":9223372036854775807,"boxCols":-9223372036854775808}`,
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
		if err := back.UnmarshalJSON(out); err != nil {
			t.Fatalf("%s did not read back: %v", out, err)
		}
		if !back.Equal(&b) {
			t.Fatalf("%s read back as %s", out, back.Line())
		}
		for c := range b.Geometry().NumCells() {
			if back.Given(c) != b.Given(c) {
				t.Fatalf("%s: given %v in %s after reading back", out, back.Given(c), b.Geometry().CellName(c))
			}
		}
	})
}

// hexOption is the option that reads Hex when hex is set.
func hexOption(hex bool) []sudoku.ParseOption {
	if hex {
		return []sudoku.ParseOption{sudoku.WithAlphabet(sudoku.Hex)}
	}
	return nil
}
