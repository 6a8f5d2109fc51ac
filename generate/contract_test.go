package generate_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// lateContext is a context whose deadline passes once its Deadline method
// has been asked more than after times, while its Done channel stays
// open: the state of a real deadline context between its deadline and the
// firing of its timer, which fires late on a busy machine. The search
// reads the clock against Deadline itself, so it ends on such a deadline
// before ctx.Err says so. Counting calls instead of waiting makes the
// deadline pass at the same point of the work on every machine.
type lateContext struct {
	context.Context
	after int64
	asked atomic.Int64
}

func (c *lateContext) Deadline() (time.Time, bool) {
	if c.asked.Add(1) > c.after {
		return time.Now().Add(-time.Second), true
	}
	return time.Now().Add(time.Hour), true
}

// TestDeadlineDuringRemoval: a context deadline that passes while clues
// are being removed is an error, with no puzzle, whether or not a time
// limit is set; never a puzzle cut short with a nil error. (Before, the
// search's deadline error was taken for the end of a time limit, and a
// 25x25 puzzle came back non-minimal with no error.)
func TestDeadlineDuringRemoval(t *testing.T) {
	g := shape(t, 5, 5)
	for _, opts := range [][]generate.Option{
		{generate.WithSeed(3), generate.WithWorkers(1)},
		{generate.WithSeed(3), generate.WithWorkers(1), generate.WithTimeLimit(time.Hour)},
		{generate.WithSeed(3), generate.WithWorkers(1), generate.WithLevel(grade.Guessing)},
	} {
		// The grid takes a few calls of Deadline; 40 and the removal of
		// clues is under way.
		ctx := &lateContext{Context: context.Background(), after: 40}
		p, err := generate.New(ctx, g, opts...)
		if !errors.Is(err, context.DeadlineExceeded) || p != nil {
			clues, minimal := -1, false
			if p != nil {
				clues, minimal = p.Clues(), p.Minimal
			}
			t.Errorf("%d options: %v, puzzle of %d clues (minimal %v); want context.DeadlineExceeded and no puzzle", len(opts), err, clues, minimal)
		}
		if ctx.asked.Load() <= ctx.after {
			t.Errorf("%d options: the deadline was asked %d times; the test did not reach removal", len(opts), ctx.asked.Load())
		}
	}
	// Real deadlines, wherever they fall: an error and no puzzle, or (on a
	// machine fast enough to finish first) a minimal puzzle. Before, most
	// of these gave a puzzle cut short and no error.
	for i := range 10 {
		d := time.Duration(20+10*i) * time.Millisecond
		ctx, cancel := context.WithTimeout(context.Background(), d)
		p, err := generate.New(ctx, g, generate.WithSeed(uint64(i)), generate.WithWorkers(1))
		cancel()
		if !(errors.Is(err, context.DeadlineExceeded) && p == nil || err == nil && p.Minimal) {
			t.Errorf("deadline of %v, seed %d: %v, puzzle %v", d, i, err, p != nil)
		}
	}
}

// boxShapes returns every box shape sudoku.NewGeometry accepts.
func boxShapes(t *testing.T) []*sudoku.Geometry {
	var out []*sudoku.Geometry
	for r := 2; r <= sudoku.MaxDigits; r++ {
		for c := 2; r*c <= sudoku.MaxDigits; c++ {
			out = append(out, shape(t, r, c))
		}
	}
	return out
}

// TestEveryShapeHasGrids: every geometry NewGeometry makes, rectangular
// boxes of up to 64 digits included, gets a random complete grid from
// Grid, the same for a seed and another for the next seed. (Before, 24 of
// the 153 shapes, 7x9 and 3x19 among them, had no grid after 3 s, and 7
// more took from 0.6 to 2.9 s.) Run with -v for the slowest shape.
func TestEveryShapeHasGrids(t *testing.T) {
	ctx := context.Background()
	type timing struct {
		g *sudoku.Geometry
		d time.Duration
	}
	var slowest timing
	shapes := boxShapes(t)
	if len(shapes) != 153 {
		t.Errorf("%d box shapes, want 153", len(shapes))
	}
	for i, g := range shapes {
		if n := g.Digits(); raceEnabled && n > 16 && n < generate.ShuffleFrom && i%5 != 0 {
			// Under the race detector, a search from a random start costs
			// seconds on these sizes: a fifth of them are enough to look
			// for races, and the normal run checks them all.
			continue
		}
		var grids [2]*sudoku.Board
		for seed := range uint64(2) {
			start := time.Now()
			var st generate.Stats
			grid, err := generate.Grid(ctx, g, generate.WithSeed(seed), generate.WithStats(&st))
			if d := time.Since(start); d > slowest.d {
				slowest = timing{g, d}
			}
			if err != nil {
				t.Fatalf("%s, seed %d: %v", g, seed, err)
			}
			if !grid.Solved() || grid.Givens().Empty() != 0 || grid.Geometry() != g {
				t.Fatalf("%s, seed %d: not a complete grid of givens on the geometry", g, seed)
			}
			if st.Seed != seed || st.Workers != 1 || st.Attempts < 1 {
				t.Errorf("%s, seed %d: stats %+v", g, seed, st)
			}
			grids[seed] = grid
		}
		again, err := generate.Grid(ctx, g, generate.WithSeed(1))
		if err != nil || !again.Equal(grids[1]) {
			t.Errorf("%s: seed 1 gives another grid the second time (%v)", g, err)
		}
		if grids[0].Equal(grids[1]) {
			t.Errorf("%s: seeds 0 and 1 give the same grid", g)
		}
	}
	t.Logf("slowest grid: %s in %v", slowest.g, slowest.d)
}

// TestBatchBounds: a count too large for a slice is an argument error
// before any work or allocation (before, math.MaxInt panicked in
// makeslice and 1e9 reserved 7.8 GB), and Puzzles takes any count,
// keeping nothing the loop has seen.
func TestBatchBounds(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 2, 2)
	for _, n := range []int{math.MaxInt, 1e9, generate.MaxBatch + 1} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		ps, err := generate.Batch(ctx, g, n, generate.WithSeed(1))
		runtime.ReadMemStats(&after)
		if !errors.Is(err, sudoku.ErrInvalidArgument) || ps != nil {
			t.Errorf("Batch of %d: %d puzzles, %v; want sudoku.ErrInvalidArgument", n, len(ps), err)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("Batch of %d: allocated %d bytes before failing", n, grew)
		}
	}
	for _, workers := range []int{1, 3} {
		var st generate.Stats
		got := 0
		for p, err := range generate.Puzzles(ctx, g, math.MaxInt, generate.WithSeed(1), generate.WithWorkers(workers), generate.WithStats(&st)) {
			if err != nil {
				t.Fatal(err)
			}
			checkPuzzle(t, p, singletons(g))
			if got++; got == 10 {
				break
			}
		}
		if st.Puzzles != 10 || st.Workers != workers || st.Seed != 1 {
			t.Errorf("%d workers, 10 of MaxInt puzzles: stats %+v", workers, st)
		}
	}
}

// TestPuzzles: the iterator yields the puzzles of Batch in the same order,
// with any workers; breaking out of it leaves no goroutine behind; a
// puzzle that misses its target comes with ErrNotReached and the loop
// goes on.
func TestPuzzles(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	batch, err := generate.Batch(ctx, g, 6, generate.WithSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 5, 8} {
		before := runtime.NumGoroutine()
		i := 0
		for p, err := range generate.Puzzles(ctx, g, 6, generate.WithSeed(5), generate.WithWorkers(workers)) {
			if err != nil {
				t.Fatal(err)
			}
			if !p.Board.Equal(batch[i].Board) || !p.Solution.Equal(batch[i].Solution) {
				t.Errorf("%d workers: puzzle %d differs from Batch's", workers, i)
			}
			if i++; i == 4 {
				break
			}
		}
		waitGoroutines(t, before)
	}
	var st generate.Stats
	n := 0
	for p, err := range generate.Puzzles(ctx, g, 3, generate.WithSeed(1), generate.WithClues(17), generate.WithAttemptLimit(2), generate.WithWorkers(2), generate.WithStats(&st)) {
		if !errors.Is(err, generate.ErrNotReached) || p == nil {
			t.Fatalf("17 clues in 2 attempts: %v, %v", p, err)
		}
		n++
	}
	if n != 3 || st.Puzzles != 3 || st.Missed != 3 || st.Attempts != 6 {
		t.Errorf("3 puzzles missing their target: %d yielded, stats %+v", n, st)
	}
	// A context cancelled in the loop's body: its error comes next, last,
	// and every worker has ended.
	for _, workers := range []int{1, 3} {
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithCancel(ctx)
		var got []error
		for p, err := range generate.Puzzles(ctx, g, math.MaxInt, generate.WithWorkers(workers)) {
			got = append(got, err)
			if len(got) == 2 {
				cancel()
			}
			if err != nil && p != nil {
				t.Errorf("a puzzle with %v", err)
			}
		}
		cancel()
		if len(got) != 3 || got[0] != nil || got[1] != nil || !errors.Is(got[2], context.Canceled) {
			t.Errorf("cancelled after 2 puzzles, %d workers: %v", workers, got)
		}
		waitGoroutines(t, before)
	}
	// An error ends the loop: a cancelled context.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, workers := range []int{1, 2} {
		var errs []error
		for p, err := range generate.Puzzles(cancelled, g, 5, generate.WithWorkers(workers)) {
			if p != nil {
				t.Errorf("cancelled: a puzzle")
			}
			errs = append(errs, err)
		}
		if len(errs) != 1 || !errors.Is(errs[0], context.Canceled) {
			t.Errorf("cancelled, %d workers: %v", workers, errs)
		}
	}
}

// TestStats: every call fills the stats of WithStats, whatever the
// outcome, and the seed drawn without WithSeed reproduces the output.
func TestStats(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 3, 3)
	var st generate.Stats
	p, err := generate.New(ctx, g, generate.WithStats(&st))
	if err != nil {
		t.Fatal(err)
	}
	if st.Attempts != 1 || st.Puzzles != 1 || st.Workers != 1 || st.Elapsed <= 0 {
		t.Errorf("New: stats %+v", st)
	}
	again, err := generate.New(ctx, g, generate.WithSeed(st.Seed))
	if err != nil || !again.Board.Equal(p.Board) {
		t.Errorf("the reported seed does not give the puzzle again (%v)", err)
	}
	st = generate.Stats{}
	grid, err := generate.Grid(ctx, g, generate.WithStats(&st))
	if err != nil {
		t.Fatal(err)
	}
	if same, err := generate.Grid(ctx, g, generate.WithSeed(st.Seed)); err != nil || !same.Equal(grid) {
		t.Errorf("Grid: the reported seed %d does not give the grid again (%v)", st.Seed, err)
	}
	st = generate.Stats{}
	if _, err := generate.Solution(ctx, grid, generate.WithStats(&st)); err != nil || st.Workers != 1 || st.Elapsed <= 0 {
		t.Errorf("Solution: %v, stats %+v", err, st)
	}
	// Filled on failure too: a bad option after WithStats, a nil geometry.
	st = generate.Stats{}
	if _, err := generate.New(ctx, g, generate.WithStats(&st), generate.WithWorkers(-1)); !errors.Is(err, sudoku.ErrInvalidArgument) || st.Elapsed <= 0 {
		t.Errorf("bad option: %v, stats %+v", err, st)
	}
	st = generate.Stats{}
	if _, err := generate.Batch(ctx, nil, 2, generate.WithStats(&st)); !errors.Is(err, sudoku.ErrInvalidArgument) || st.Elapsed <= 0 {
		t.Errorf("nil geometry: %v, stats %+v", err, st)
	}
	data, err := json.Marshal(generate.Stats{Workers: 2, Seed: 3, Elapsed: 4, Attempts: 5, Puzzles: 6, Missed: 1})
	if err != nil || string(data) != `{"workers":2,"seed":3,"elapsed":4,"attempts":5,"puzzles":6,"missed":1}` {
		t.Errorf("stats JSON %s, %v", data, err)
	}
}

// TestPuzzleJSON: a puzzle encodes with camelCase keys and reads back.
func TestPuzzleJSON(t *testing.T) {
	ctx := context.Background()
	p, err := generate.New(ctx, shape(t, 2, 3), generate.WithSeed(4), generate.WithLevel(grade.Easy))
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		t.Fatal(err)
	}
	// No statistics: the seed and the time come back in Stats only.
	for _, k := range []string{"board", "solution", "grade", "minimal", "symmetry"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("no key %q in %s", k, data)
		}
	}
	if len(keys) != 5 {
		t.Errorf("keys of %s; want board, solution, grade, minimal and symmetry", data)
	}
	var back generate.Puzzle
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Board.Equal(p.Board) || !back.Solution.Equal(p.Solution) || back.Symmetry != p.Symmetry || back.Minimal != p.Minimal || !cmp.Equal(back.Grade, p.Grade) {
		t.Errorf("read back %s as %+v", data, back)
	}
	// No grade asked for: no key.
	p, err = generate.New(ctx, shape(t, 2, 2), generate.WithSeed(4))
	if err != nil {
		t.Fatal(err)
	}
	if data, err := json.Marshal(p); err != nil || strings.Contains(string(data), `"grade"`) {
		t.Errorf("ungraded puzzle: %s, %v", data, err)
	}
}

// TestTextForms: symmetries and transformations write their names and
// read them back, in any case; other names and numbers are argument
// errors.
func TestTextForms(t *testing.T) {
	for s := generate.NoSymmetry; s <= generate.RandomSymmetry; s++ {
		text, err := s.MarshalText()
		if err != nil || string(text) != s.String() {
			t.Fatalf("%v: %q, %v", s, text, err)
		}
		if back, err := generate.ParseSymmetry(strings.ToUpper(s.String())); err != nil || back != s {
			t.Errorf("ParseSymmetry(%q) = %v, %v", strings.ToUpper(s.String()), back, err)
		}
		var back generate.Symmetry
		if err := back.UnmarshalText(text); err != nil || back != s {
			t.Errorf("%s read back as %v, %v", text, back, err)
		}
	}
	for tr := generate.Rotate; tr <= generate.FlipColumns; tr++ {
		text, err := tr.MarshalText()
		if err != nil || string(text) != tr.String() {
			t.Fatalf("%v: %q, %v", tr, text, err)
		}
		var back generate.Transform
		if err := back.UnmarshalText([]byte(strings.ToUpper(tr.String()))); err != nil || back != tr {
			t.Errorf("UnmarshalText(%q) = %v, %v", strings.ToUpper(tr.String()), back, err)
		}
		if back, err := generate.ParseTransform(strings.ReplaceAll(tr.String(), " ", "-")); err != nil || back != tr {
			t.Errorf("ParseTransform of %q with a hyphen: %v, %v", tr, back, err)
		}
	}
	if s, err := generate.ParseSymmetry("90"); err != nil || s != generate.Rotate90 {
		t.Errorf(`"90": %v, %v`, s, err)
	}
	var s generate.Symmetry
	if err := s.UnmarshalText([]byte("180")); err != nil || s != generate.Rotate180 {
		t.Errorf(`"180": %v, %v`, s, err)
	}
	if err := s.UnmarshalText([]byte("spiral")); !errors.Is(err, sudoku.ErrInvalidArgument) || s != generate.Rotate180 {
		t.Errorf(`"spiral": %v, symmetry now %v`, err, s)
	}
	// Case, spaces, hyphens and underscores do not matter, as for every
	// enumeration of the library.
	for name, want := range map[string]generate.Symmetry{"Rotate 180": generate.Rotate180, "none ": generate.NoSymmetry, "FLIP": generate.Flip, "random": generate.RandomSymmetry} {
		if got, err := generate.ParseSymmetry(name); err != nil || got != want {
			t.Errorf("ParseSymmetry(%q) = %v, %v; want %v", name, got, err, want)
		}
	}
	for _, name := range []string{"", "spiral", "rotate 18", "transpose"} {
		if _, err := generate.ParseSymmetry(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseSymmetry(%q): %v", name, err)
		}
	}
	if tr, err := generate.ParseTransform("Flip_Columns"); err != nil || tr != generate.FlipColumns {
		t.Errorf("ParseTransform(Flip_Columns) = %v, %v", tr, err)
	}
	for _, name := range []string{"", "spin", "flip", "flip rows columns", "rotate180"} {
		if _, err := generate.ParseTransform(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseTransform(%q): %v", name, err)
		}
	}
	tr := generate.Transpose
	if err := tr.UnmarshalText([]byte("spin")); !errors.Is(err, sudoku.ErrInvalidArgument) || tr != generate.Transpose {
		t.Errorf("bad name changed the transform to %v (%v)", tr, err)
	}
	for _, bad := range []uint8{7, 200, math.MaxUint8} {
		if _, err := generate.Symmetry(bad).MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Symmetry(%d).MarshalText: %v", bad, err)
		}
		if _, err := generate.Transform(bad).MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("Transform(%d).MarshalText: %v", bad, err)
		}
	}
	// In JSON, as the names.
	data, err := json.Marshal(struct {
		S generate.Symmetry  `json:"s"`
		T generate.Transform `json:"t"`
	}{generate.Mirror, generate.FlipRows})
	if err != nil || string(data) != `{"s":"mirror","t":"flip rows"}` {
		t.Errorf("JSON %s, %v", data, err)
	}
}

// TestExtremes calls every exported function and method of the package
// with zero values, nil and extreme numbers: each gives an error wrapping
// sudoku.ErrInvalidArgument or its documented result, and none panics.
func TestExtremes(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 2, 2)
	var nilCtx context.Context
	var nilGeometry *sudoku.Geometry
	var nilBoard *sudoku.Board
	invalid := map[string]func() error{
		"New nil context":          func() error { _, err := generate.New(nilCtx, g); return err },
		"New nil geometry":         func() error { _, err := generate.New(ctx, nilGeometry); return err },
		"FromSolution nil context": func() error { _, err := generate.FromSolution(nilCtx, sudoku.NewBoard(g)); return err },
		"FromSolution nil board":   func() error { _, err := generate.FromSolution(ctx, nilBoard); return err },
		"FromSolution zero board":  func() error { _, err := generate.FromSolution(ctx, &sudoku.Board{}); return err },
		"Batch nil context":        func() error { _, err := generate.Batch(nilCtx, g, 1); return err },
		"Batch nil geometry":       func() error { _, err := generate.Batch(ctx, nilGeometry, 1); return err },
		"Batch -1":                 func() error { _, err := generate.Batch(ctx, g, -1); return err },
		"Batch MinInt":             func() error { _, err := generate.Batch(ctx, g, math.MinInt); return err },
		"Batch MaxInt":             func() error { _, err := generate.Batch(ctx, g, math.MaxInt); return err },
		"Puzzles nil context":      func() error { return firstError(generate.Puzzles(nilCtx, g, 1)) },
		"Puzzles nil geometry":     func() error { return firstError(generate.Puzzles(ctx, nilGeometry, 1)) },
		"Puzzles MinInt":           func() error { return firstError(generate.Puzzles(ctx, g, math.MinInt)) },
		"Grid nil context":         func() error { _, err := generate.Grid(nilCtx, g); return err },
		"Grid nil geometry":        func() error { _, err := generate.Grid(ctx, nilGeometry); return err },
		"Solution nil context":     func() error { _, err := generate.Solution(nilCtx, sudoku.NewBoard(g)); return err },
		"Solution nil board":       func() error { _, err := generate.Solution(ctx, nilBoard); return err },
		"Orbits nil geometry":      func() error { _, err := generate.Rotate180.Orbits(nil); return err },
		"Orbits MaxUint8":          func() error { _, err := generate.Symmetry(math.MaxUint8).Orbits(g); return err },
		"Apply nil board":          func() error { _, err := generate.Rotate.Apply(nil); return err },
		"Apply MaxUint8":           func() error { _, err := generate.Transform(math.MaxUint8).Apply(sudoku.NewBoard(g)); return err },
		"Relabel nil board":        func() error { _, err := generate.Relabel(nil, []int{1, 2, 3, 4}); return err },
		"Relabel nil perm":         func() error { _, err := generate.Relabel(sudoku.NewBoard(g), nil); return err },
		"Relabel extreme perm": func() error {
			_, err := generate.Relabel(sudoku.NewBoard(g), []int{math.MinInt, -1, 0, math.MaxInt})
			return err
		},
		"Symmetry.UnmarshalText nil":  func() error { var s *generate.Symmetry; return s.UnmarshalText([]byte("none")) },
		"Transform.UnmarshalText nil": func() error { var tr *generate.Transform; return tr.UnmarshalText([]byte("rotate")) },
		"Symmetry.UnmarshalText empty": func() error {
			var s generate.Symmetry
			return s.UnmarshalText(nil)
		},
		"ParseTransform 1 MiB": func() error { _, err := generate.ParseTransform(strings.Repeat("r", 1<<20)); return err },
	}
	for name, o := range map[string]generate.Option{
		"nil option":               nil,
		"WithSymmetry MaxUint8":    generate.WithSymmetry(math.MaxUint8),
		"WithClues 0":              generate.WithClues(0),
		"WithClues MinInt":         generate.WithClues(math.MinInt),
		"WithLevel -1":             generate.WithLevel(-1),
		"WithLevel MaxInt":         generate.WithLevel(math.MaxInt),
		"WithRequired MaxUint8":    generate.WithRequired(math.MaxUint8),
		"WithForbidden MaxUint8":   generate.WithForbidden(logic.Technique(math.MaxUint8)),
		"WithAttemptLimit -1":      generate.WithAttemptLimit(-1),
		"WithAttemptLimit Min":     generate.WithAttemptLimit(math.MinInt),
		"WithTimeLimit -1":         generate.WithTimeLimit(-1),
		"WithTimeLimit MinInt64":   generate.WithTimeLimit(math.MinInt64),
		"WithWorkers -1":           generate.WithWorkers(-1),
		"WithWorkers MaxWorkers+1": generate.WithWorkers(sudoku.MaxWorkers + 1),
		"WithWorkers MaxInt":       generate.WithWorkers(math.MaxInt),
		"WithStats nil":            generate.WithStats(nil),
	} {
		invalid["New "+name] = func() error { _, err := generate.New(ctx, g, o); return err }
		invalid["Grid "+name] = func() error { _, err := generate.Grid(ctx, g, o); return err }
		invalid["Batch "+name] = func() error { _, err := generate.Batch(ctx, g, 1, o); return err }
	}
	for name, call := range invalid {
		err := call()
		if !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: %v, want sudoku.ErrInvalidArgument", name, err)
		} else if !strings.HasPrefix(err.Error(), "generate: ") || !strings.HasSuffix(err.Error(), "invalid argument") {
			t.Errorf("%s: message %q, want \"generate: ...: invalid argument\"", name, err)
		}
	}
	// Documented results at the extremes.
	if n := (*generate.Puzzle)(nil).Clues(); n != 0 {
		t.Errorf("nil puzzle: %d clues", n)
	}
	if n := (&generate.Puzzle{}).Clues(); n != 0 {
		t.Errorf("zero puzzle: %d clues", n)
	}
	if ps, err := generate.Batch(ctx, g, 0); err != nil || len(ps) != 0 {
		t.Errorf("Batch of 0: %v, %v", ps, err)
	}
	for range generate.Puzzles(ctx, g, 0) {
		t.Errorf("Puzzles of 0 yielded")
	}
	for _, o := range []generate.Option{
		generate.WithSeed(0), generate.WithSeed(math.MaxUint64), generate.WithClues(math.MaxInt),
		generate.WithAttemptLimit(math.MaxInt), generate.WithTimeLimit(math.MaxInt64),
		generate.WithWorkers(0), generate.WithWorkers(sudoku.MaxWorkers), generate.WithMinimal(false),
		generate.WithRequired(), generate.WithForbidden(), generate.WithSymmetry(generate.NoSymmetry),
	} {
		p, err := generate.New(ctx, g, o)
		if err != nil {
			t.Fatalf("%v: %v", o, err)
		}
		checkPuzzle(t, p, singletons(g))
	}
	// A clue target beyond the cells keeps every clue.
	if p, err := generate.New(ctx, g, generate.WithClues(math.MaxInt), generate.WithSeed(1)); err != nil || p.Clues() != g.NumCells() {
		t.Errorf("clues MaxInt: %v, %v", p, err)
	}
	// The zero Board is a 9x9 board: Grid-like calls take it.
	if sol, err := generate.Solution(ctx, &sudoku.Board{}, generate.WithSeed(1)); err != nil || !sol.Solved() {
		t.Errorf("Solution of the zero board: %v", err)
	}
	if _, err := generate.Rotate.Apply(&sudoku.Board{}); err != nil {
		t.Errorf("Apply to the zero board: %v", err)
	}
	if s := generate.Symmetry(math.MaxUint8).String(); s != "Symmetry(255)" {
		t.Errorf("String of a bad symmetry: %q", s)
	}
	if s := generate.Transform(math.MaxUint8).String(); s != "Transform(255)" {
		t.Errorf("String of a bad transform: %q", s)
	}
}

// firstError returns the first error a sequence yields.
func firstError(seq func(func(*generate.Puzzle, error) bool)) error {
	for _, err := range seq {
		if err != nil {
			return err
		}
	}
	return nil
}

// TestConcurrentReads runs the calls that only read a board or a geometry
// on one of each from several goroutines at once (run with -race): the
// inputs stay as they were, and every goroutine gets the same answer.
func TestConcurrentReads(t *testing.T) {
	ctx := context.Background()
	g := shape(t, 2, 3)
	grid, err := generate.Grid(ctx, g, generate.WithSeed(9))
	if err != nil {
		t.Fatal(err)
	}
	line := grid.Line()
	perm := []int{6, 5, 4, 3, 2, 1}
	want, err := generate.FromSolution(ctx, grid, generate.WithSeed(2))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, err := generate.FromSolution(ctx, grid, generate.WithSeed(2))
			if err == nil && !p.Board.Equal(want.Board) {
				err = errors.New("FromSolution gives another puzzle")
			}
			for tr := generate.Rotate; tr <= generate.FlipColumns && err == nil; tr++ {
				_, err = tr.Apply(grid)
			}
			if err == nil {
				_, err = generate.Relabel(grid, perm)
			}
			if err == nil {
				_, err = generate.Solution(ctx, grid, generate.WithSeed(1))
			}
			if err == nil {
				_, err = generate.Mirror.Orbits(g)
			}
			if err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if grid.Line() != line || !cmp.Equal(perm, []int{6, 5, 4, 3, 2, 1}) {
		t.Errorf("inputs changed: %s, %v", grid.Line(), perm)
	}
}

// FuzzParseSymmetry: any name is a symmetry whose name reads back the
// same, or an argument error; nothing panics.
func FuzzParseSymmetry(f *testing.F) {
	for _, s := range []string{"none", "ROTATE180", "90", "180", "mirror", "diagonal", "", "spiral"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		s, err := generate.ParseSymmetry(name)
		if err != nil {
			if !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Fatalf("%q: %v", name, err)
			}
			return
		}
		text, err := s.MarshalText()
		var back generate.Symmetry
		if err != nil || back.UnmarshalText(text) != nil || back != s {
			t.Fatalf("%q read as %v, written %q (%v)", name, s, text, err)
		}
	})
}

// FuzzParseTransform: any name is a transformation whose name reads back
// the same, or an argument error; nothing panics.
func FuzzParseTransform(f *testing.F) {
	for _, s := range []string{"rotate", "Transpose", "flip rows", "flip-columns", "fliprows", "", "spin"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		tr, err := generate.ParseTransform(name)
		if err != nil {
			if !errors.Is(err, sudoku.ErrInvalidArgument) {
				t.Fatalf("%q: %v", name, err)
			}
			return
		}
		text, err := tr.MarshalText()
		var back generate.Transform
		if err != nil || back.UnmarshalText(text) != nil || back != tr {
			t.Fatalf("%q read as %v, written %q (%v)", name, tr, text, err)
		}
	})
}

// FuzzOptions: any values of the options give a unique puzzle (on a 4x4
// board, with few attempts) or an argument error; nothing panics.
func FuzzOptions(f *testing.F) {
	f.Add(uint64(1), uint8(0), 0, -1, 0, int64(0), 1, false)
	f.Add(uint64(2), uint8(1), 5, 2, 1, int64(time.Hour), 2, true)
	f.Add(uint64(3), uint8(9), -1, 7, -1, int64(-1), -1, false)
	f.Add(uint64(4), uint8(2), math.MaxInt, 5, 2, int64(math.MaxInt64), math.MaxInt, true)
	g := shape(f, 2, 2)
	f.Fuzz(func(t *testing.T, seed uint64, sym uint8, clues, level, attempts int, limit int64, workers int, minimal bool) {
		// Attempts bounded so that a run stays short (0 would be no limit);
		// the options check their bounds.
		attempts = min(attempts, 3)
		if attempts == 0 {
			attempts = 1
		}
		opts := []generate.Option{
			generate.WithSeed(seed), generate.WithSymmetry(generate.Symmetry(sym)),
			generate.WithTimeLimit(time.Duration(limit)), generate.WithMinimal(minimal),
			generate.WithAttemptLimit(attempts), generate.WithWorkers(min(workers, 4)),
		}
		if clues != 0 {
			opts = append(opts, generate.WithClues(clues))
		}
		if level >= -1 {
			opts = append(opts, generate.WithLevel(grade.Level(level)))
		}
		p, err := generate.New(context.Background(), g, opts...)
		switch {
		case errors.Is(err, sudoku.ErrInvalidArgument):
			if p != nil {
				t.Fatalf("a puzzle with %v", err)
			}
		case err != nil && !errors.Is(err, generate.ErrNotReached):
			t.Fatal(err)
		default:
			orbits, err := p.Symmetry.Orbits(g)
			if err != nil {
				t.Fatal(err)
			}
			checkPuzzle(t, p, orbits)
		}
	})
}
