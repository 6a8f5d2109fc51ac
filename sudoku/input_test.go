package sudoku_test

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/sudoku"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// heapAfter returns the live heap after f, once collected: what f keeps.
func heapAfter(f func()) int64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	return int64(after.HeapAlloc) - int64(before.HeapAlloc)
}

// The reproducer of issue 19: 100 MB of text took 4-8 GB to parse. Text
// over the limit is now refused before it is read.
func TestParseTooLarge(t *testing.T) {
	big := strings.Repeat(classic+"\n", 100<<20/82)
	var err error
	n := allocated(func() { _, err = sudoku.Parse(big) })
	var pe *sudoku.ParseError
	if !errors.Is(err, sudoku.ErrTooLarge) || !errors.As(err, &pe) {
		t.Fatalf("Parse of %d bytes: %v, want a *ParseError wrapping ErrTooLarge", len(big), err)
	}
	if n > 64<<10 {
		t.Errorf("Parse of %d bytes allocated %d bytes before failing, want under 64 KiB", len(big), n)
	}

	// The limit is the caller's to set, and the boundary is exact.
	text := classic + "\n"
	if _, err := sudoku.Parse(text, sudoku.WithTextLimit(len(text))); err != nil {
		t.Errorf("Parse of %d bytes with a limit of %d: %v", len(text), len(text), err)
	}
	if _, err := sudoku.Parse(text, sudoku.WithTextLimit(len(text)-1)); !errors.Is(err, sudoku.ErrTooLarge) {
		t.Errorf("Parse of %d bytes with a limit of %d: %v, want ErrTooLarge", len(text), len(text)-1, err)
	}
	for _, bad := range []int{0, -1, -1 << 62} {
		if _, err := sudoku.Parse(text, sudoku.WithTextLimit(bad)); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("WithTextLimit(%d): %v, want ErrInvalidArgument", bad, err)
		}
	}
	// JSON and text decoding go through the same limit.
	var b sudoku.Board
	if err := b.UnmarshalText([]byte(big)); !errors.Is(err, sudoku.ErrTooLarge) {
		t.Errorf("UnmarshalText of %d bytes: %v, want ErrTooLarge", len(big), err)
	}
}

// The default limit holds the largest board in every form this package
// writes, and the decorated forms users write by hand.
func TestDefaultTextLimitFits64x64(t *testing.T) {
	g := mustGeometry(t, 8, 8)
	b := solved(t, g)
	forms := map[string]string{
		"line":   b.Line(),
		"pretty": b.Pretty(),
		// Wide hand-made decoration: numbers padded to three columns,
		// ", " between cells, "|" and rule lines of "=".
		"decorated": func() string {
			var sb strings.Builder
			for r := range 64 {
				if r%8 == 0 {
					sb.WriteString(strings.Repeat("=", 64*5) + "\n")
				}
				for c := range 64 {
					if c%8 == 0 {
						sb.WriteString("| ")
					}
					fmt.Fprintf(&sb, "%3d, ", b.Get(b.Geometry().Cell(r, c)))
				}
				sb.WriteString("|\n")
			}
			return sb.String()
		}(),
	}
	for name, text := range forms {
		if len(text) > sudoku.DefaultTextLimit/4 {
			t.Errorf("%s: %d bytes, near the default limit of %d", name, len(text), sudoku.DefaultTextLimit)
		}
		got, err := sudoku.Parse(text, sudoku.WithGeometry(g))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !got.Equal(b) {
			t.Errorf("%s: read a different board", name)
		}
		sc := sudoku.NewScanner(strings.NewReader(text+"\n\n"+text), sudoku.WithGeometry(g))
		n := 0
		for sc.Scan() {
			if got, err := sc.Board(); err != nil || !got.Equal(b) {
				t.Fatalf("%s: scanned puzzle %d: %v", name, n+1, err)
			}
			n++
		}
		if n != 2 || sc.Err() != nil {
			t.Errorf("%s: scanned %d puzzles (want 2), Err %v", name, n, sc.Err())
		}
	}
}

// The reproducer of issue 19: with one puzzle a line, the first puzzle
// came out only at a blank line or the end of input. A pipe that sends
// one puzzle and waits must get it back before it sends the next.
func TestScannerStreams(t *testing.T) {
	r, w := io.Pipe()
	defer r.Close()
	sc := sudoku.NewScanner(r)
	lines := []string{classic, mustParse(t, classic).Givens().Line(), "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7."}
	got := make(chan string)
	go func() {
		defer close(got)
		for sc.Scan() {
			b, err := sc.Board()
			if err != nil {
				got <- "error: " + err.Error()
				continue
			}
			got <- b.Line()
		}
	}()
	for i, line := range lines {
		if _, err := io.WriteString(w, line+"\n"); err != nil {
			t.Fatal(err)
		}
		select {
		case b := <-got:
			if b != line {
				t.Fatalf("puzzle %d: got %q, want %q", i+1, b, line)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("puzzle %d: nothing came out of the Scanner while the pipe waits", i+1)
		}
	}
	// A grid, after the blank line that ends the block of lines, comes
	// out at the blank line that ends it.
	if _, err := io.WriteString(w, "\n"+mustParse(t, classic).Pretty()+"\n"); err != nil {
		t.Fatal(err)
	}
	select {
	case b := <-got:
		if b != classic {
			t.Fatalf("grid: got %q", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("grid: nothing came out at its blank line")
	}
	w.Close()
	if b, ok := <-got; ok {
		t.Errorf("after the end: %q", b)
	}
	if err := sc.Err(); err != nil {
		t.Errorf("Err() = %v", err)
	}
}

// repeatReader yields text again and again up to n bytes, without holding
// them: a stream larger than any buffer the Scanner may keep.
type repeatReader struct {
	text string
	n, i int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:min(len(p), k+r.n)], r.text[r.i:])
		k, r.n, r.i = k+c, r.n-c, (r.i+c)%len(r.text)
	}
	return k, nil
}

// The Scanner reached 4.8-6.6 GB on large inputs: it read a whole block
// (every line up to a blank one) before returning anything. Now it keeps
// at most one puzzle, whatever the stream.
func TestScannerBoundedMemory(t *testing.T) {
	size := 16 << 20
	if testing.Short() {
		size = 8 << 20
	}
	tests := []struct {
		name   string
		text   string
		tooBig bool // every puzzle too large
	}{
		{name: "puzzles a line, no blank line", text: classic + "\n"},
		{name: "one line, no line break", text: "123456789"},
		{name: "one grid, no blank line", text: "1 2 3 |\n", tooBig: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := sudoku.NewScanner(&repeatReader{text: tt.text, n: size})
			// The first puzzle comes out having kept little of the stream.
			var first bool
			kept := heapAfter(func() { first = sc.Scan() })
			if !first {
				t.Fatalf("no puzzle in %d bytes: %v", size, sc.Err())
			}
			if kept > 2<<20 {
				t.Errorf("the first Scan kept %d bytes of a %d-byte stream, want under 2 MiB", kept, size)
			}
			n := 1
			var peak int64
			for sc.Scan() {
				n++
				if n%20000 == 0 {
					var m runtime.MemStats
					runtime.GC()
					runtime.ReadMemStats(&m)
					peak = max(peak, int64(m.HeapAlloc))
				}
				_, err := sc.Board()
				if tt.tooBig && !errors.Is(err, sudoku.ErrTooLarge) {
					t.Fatalf("puzzle %d: %v, want ErrTooLarge", n, err)
				}
			}
			if sc.Err() != nil {
				t.Fatal(sc.Err())
			}
			if peak > 32<<20 {
				t.Errorf("heap reached %d bytes while scanning", peak)
			}
		})
	}
}

// A line or a grid over the limit is one puzzle whose Board is an error
// wrapping ErrTooLarge; the puzzles around it are read as usual and the
// scan goes on.
func TestScannerTooLarge(t *testing.T) {
	long := strings.Repeat(".", 2<<20)
	grid := mustParse(t, classic).Pretty()
	text := classic + "\n" + long + "\n" + classic + "\n\n" + grid + "\n" + strings.Repeat("1 2 |\n", 1000) + "\n" + grid
	sc := sudoku.NewScanner(strings.NewReader(text), sudoku.WithTextLimit(1000))
	type result struct {
		line int
		err  error
	}
	var got []result
	for sc.Scan() {
		b, err := sc.Board()
		if err == nil && !b.Equal(mustParse(t, classic)) {
			t.Errorf("line %d: read %v", sc.Line(), b)
		}
		if len(sc.Text()) > 1000 {
			t.Errorf("line %d: Text of %d bytes kept, over the limit", sc.Line(), len(sc.Text()))
		}
		got = append(got, result{sc.Line(), err})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	gridLines := strings.Count(grid, "\n")
	want := []result{{1, nil}, {2, sudoku.ErrTooLarge}, {3, nil}, {5, nil}, {5 + gridLines + 1, sudoku.ErrTooLarge}, {5 + gridLines + 1001 + 1, nil}}
	if len(got) != len(want) {
		t.Fatalf("got %d puzzles %v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		var pe *sudoku.ParseError
		if got[i].line != w.line || !errors.Is(got[i].err, w.err) || (w.err == nil) != (got[i].err == nil) ||
			(w.err != nil && (!errors.As(got[i].err, &pe) || pe.Line != w.line)) {
			t.Errorf("puzzle %d: line %d, %v; want line %d, %v", i+1, got[i].line, got[i].err, w.line, w.err)
		}
	}
}

// A block whose first line could be the first row of a grid (16 cells:
// a 4x4 puzzle, or a row of a 16x16) waits for its next line; a line of
// another size settles it at once, and so does a first line that no grid
// row can be.
func TestScannerDecidesEarly(t *testing.T) {
	p4 := puzzle(t, mustGeometry(t, 2, 2)).Line()
	r, w := io.Pipe()
	defer r.Close()
	sc := sudoku.NewScanner(r)
	lines := make(chan string)
	go func() {
		defer close(lines)
		for sc.Scan() {
			b, err := sc.Board()
			if err != nil {
				lines <- err.Error()
				continue
			}
			lines <- b.Line()
		}
	}()
	io.WriteString(w, p4+"\n")
	select {
	case l := <-lines:
		t.Fatalf("a 16-cell line came out before the block was decided: %q", l)
	case <-time.After(50 * time.Millisecond):
	}
	// A classic line settles it: both are puzzles, in order.
	io.WriteString(w, classic+"\n")
	for _, want := range []string{p4, classic} {
		select {
		case l := <-lines:
			if l != want {
				t.Fatalf("got %q, want %q", l, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%q did not come out once the block was decided", want)
		}
	}
	// After a blank line, a new block: a 6x6 puzzle on one line (36
	// characters, which no alphabet of one character a cell can write as
	// a row of a 36x36 grid) comes out at once.
	p6 := puzzle(t, mustGeometry(t, 2, 3)).Line()
	io.WriteString(w, "\n"+p6+"\n")
	select {
	case l := <-lines:
		if l != p6 {
			t.Fatalf("got %q, want %q", l, p6)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a 6x6 line did not come out while the pipe waits")
	}
	w.Close()
	for range lines {
	}
}

// Parse's memory stays in proportion to the largest board it could
// return, whatever the text limit lets in: text far too long for any
// board is read to the same error as before (by errors.Is) while keeping
// no more than a 64x64 board's cells. Each kept cell takes 40 bytes, so
// 4096 of them take 160 KiB; the bound leaves room for the rest of a call.
func TestParseMemoryBoundedByLargestBoard(t *testing.T) {
	const bound = 1 << 20
	rows := func(n, m int) string { // n lines of m zeros
		return strings.Repeat(strings.Repeat("0 ", m)+"\n", n)
	}
	for _, tc := range []struct {
		name string
		text string
		opts []sudoku.ParseOption
		want error
	}{
		{"10M dots", strings.Repeat(".", 10_000_000), nil, sudoku.ErrCellCount},
		{"3000x3000 dots", strings.Repeat(".", 3000*3000), nil, sudoku.ErrSize},
		{"2000 rows of 2000 numbers", rows(2000, 2000), nil, sudoku.ErrSize},
		{"2000 rows of 2001 numbers", rows(2000, 2001), nil, sudoku.ErrCellCount},
		{"10M dots on a 9x9 geometry", strings.Repeat(".", 10_000_000), []sudoku.ParseOption{sudoku.WithGeometry(sudoku.Classic())}, sudoku.ErrCellCount},
		{"a bad character after 10M dots", strings.Repeat(".", 10_000_000) + "!", nil, sudoku.ErrBadCharacter},
	} {
		opts := append([]sudoku.ParseOption{sudoku.WithTextLimit(len(tc.text))}, tc.opts...)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := sudoku.Parse(tc.text, opts...)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > bound {
			t.Errorf("%s (%d bytes): Parse allocated %d bytes, want at most %d", tc.name, len(tc.text), got, bound)
		}
	}
	// The character is found where it stands, past the cells kept.
	var pe *sudoku.ParseError
	text := strings.Repeat(".", 10_000_000) + "!"
	if _, err := sudoku.Parse(text, sudoku.WithTextLimit(len(text))); !errors.As(err, &pe) || pe.Column != len(text) {
		t.Errorf("a bad last character: %v, want it at column %d", err, len(text))
	}
}
