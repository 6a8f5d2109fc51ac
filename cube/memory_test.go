package cube_test

import (
	"errors"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/sudoku"
)

// allocated returns the bytes f allocates: the least of three calls, as
// the count is of the whole process, and another goroutine (one a test
// before left to wind down, or the runtime's) can only add to it.
func allocated(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// TestParseMemory is the reproducer of the 100 MB parse: cube.Parse took
// 8.3 GB for 100 MB of text. Now text over NetTextLimit is refused before
// it is read, and text under it costs a small multiple of the largest
// cube, not of the text.
func TestParseMemory(t *testing.T) {
	largest := mustNew(t, variant{5, cube.SixFaces, cube.Differ}).Net()
	if cube.NetTextLimit < 16*len(largest) {
		t.Fatalf("NetTextLimit %d leaves little room over the largest net, %d bytes", cube.NetTextLimit, len(largest))
	}
	// The largest net itself: what it keeps is a board of 3,750 cells.
	var err error
	got := allocated(func() { _, err = cube.Parse(largest, cube.Differ) })
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("the largest net, %d bytes: %d bytes allocated", len(largest), got)
	if got > 1<<20 {
		t.Errorf("parsing the largest net (%d bytes) allocated %d bytes", len(largest), got)
	}

	huge := strings.Repeat("1 2 3 4 5 6 7 8 9\n", 100<<20/18) // 100 MB
	for _, tc := range []struct {
		name  string
		text  string
		kind  error
		limit uint64 // most bytes Parse may allocate
	}{
		{"100 MB", huge, sudoku.ErrTooLarge, 4 << 10},
		{"one byte over the limit", strings.Repeat("#", cube.NetTextLimit+1), sudoku.ErrTooLarge, 4 << 10},
		{"lines of 9 cells up to the limit", huge[:cube.NetTextLimit/18*18], cube.ErrLayout, 256 << 10},
		{"one line up to the limit", strings.Repeat("1", cube.NetTextLimit), cube.ErrLayout, 64 << 10},
		{"lines of 100 cells up to the limit", strings.Repeat(strings.Repeat("1", 100)+"\n", cube.NetTextLimit/101), cube.ErrLayout, 1 << 20},
		{"comments up to the limit", strings.Repeat("# "+strings.Repeat("x", 98)+"\n", cube.NetTextLimit/101), sudoku.ErrEmptyInput, 64 << 10},
	} {
		var err error
		got := allocated(func() { _, err = cube.Parse(tc.text, cube.Match) })
		if !errors.Is(err, tc.kind) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.kind)
		}
		var pe *sudoku.ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: %T is not a *sudoku.ParseError", tc.name, err)
		}
		t.Logf("%s (%d bytes): %d bytes allocated", tc.name, len(tc.text), got)
		if got > tc.limit {
			t.Errorf("%s (%d bytes of text): %d bytes allocated, want at most %d", tc.name, len(tc.text), got, tc.limit)
		}
	}
}
