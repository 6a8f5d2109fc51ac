package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// call runs Dispatch and decodes the view.
func call(t *testing.T, a *App, name string, arg any) *View {
	t.Helper()
	s, err := Dispatch(context.Background(), a, name, argText(arg))
	if err != nil {
		t.Fatalf("%s(%v): %v", name, arg, err)
	}
	var v View
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s(%v): view %q: %v", name, arg, s, err)
	}
	return &v
}

func argText(arg any) string {
	switch a := arg.(type) {
	case nil:
		return ""
	case string:
		return a
	case int:
		return strconv.Itoa(a)
	default:
		data, _ := json.Marshal(a)
		return string(data)
	}
}

// TestGame plays a 9x9 game through the page's calls: hints at each stage
// and applied, a mistake, undo and redo, marks, and a save read back.
func TestGame(t *testing.T) {
	var a App
	v := call(t, &a, "new", Spec{Size: 9, Level: "easy", Seed: 3})
	if v.Digits != 9 || v.Cells != 81 || len(v.Values) != 81 || !strings.HasPrefix(v.Board, "<svg") {
		t.Fatalf("new 9x9: digits %d, cells %d, %d values, board %.20q", v.Digits, v.Cells, len(v.Values), v.Board)
	}
	if !strings.HasPrefix(v.Grade, "easy ") {
		t.Errorf("grade %q, want easy", v.Grade)
	}
	givens := v.Filled
	sol := a.game.Solution()

	// The hint's stages, then applied.
	var texts []string
	for stage := logic.StageArea; stage <= logic.StageStep; stage++ {
		v = call(t, &a, "hint", nil)
		if v.HintStage != int(stage) || v.Hint == "" || slices.Contains(texts, v.Hint) {
			t.Fatalf("hint %d: stage %d, %q after %q", stage, v.HintStage, v.Hint, texts)
		}
		texts = append(texts, v.Hint)
	}
	v = call(t, &a, "hint", nil)
	if v.Hint != "" || v.Filled != givens+1 || len(v.Wrong) != 0 {
		t.Fatalf("applied hint: hint %q, filled %d (givens %d), wrong %v", v.Hint, v.Filled, givens, v.Wrong)
	}

	// A wrong digit in an empty cell, seen, then undone and redone.
	c := slices.Index(v.Values, 0)
	wrongDigit := sol.Get(c)%9 + 1
	call(t, &a, "select", c)
	v = call(t, &a, "enter", wrongDigit)
	if !slices.Equal(v.Wrong, []int{c}) || !strings.Contains(v.Board, "wrong") {
		t.Fatalf("wrong entry in %d: wrong %v", c, v.Wrong)
	}
	if v = call(t, &a, "mistakes", "hide"); strings.Contains(v.Board, "wrong") || !slices.Equal(v.Wrong, []int{c}) {
		t.Errorf("mistakes hidden: wrong %v, still drawn: %v", v.Wrong, strings.Contains(v.Board, "wrong"))
	}
	v = call(t, &a, "hint", nil)
	if v.Hint != "" || !strings.Contains(v.Message, "red") || !strings.Contains(v.Board, "wrong") {
		t.Errorf("hint over a mistake: hint %q, message %q, the cell drawn wrong: %v", v.Hint, v.Message, strings.Contains(v.Board, "wrong"))
	}
	call(t, &a, "mistakes", "show")
	v = call(t, &a, "undo", nil)
	if len(v.Wrong) != 0 || v.Values[c] != 0 || !v.CanRedo {
		t.Fatalf("undo: wrong %v, cell %d, canRedo %v", v.Wrong, v.Values[c], v.CanRedo)
	}
	v = call(t, &a, "redo", nil)
	if v.Values[c] != wrongDigit {
		t.Fatalf("redo: cell %d holds %d, want %d", c, v.Values[c], wrongDigit)
	}
	v = call(t, &a, "enter", sol.Get(c))
	if len(v.Wrong) != 0 || v.Values[c] != sol.Get(c) {
		t.Fatalf("right entry: wrong %v, cell %d", v.Wrong, v.Values[c])
	}

	// A mark in another empty cell.
	m := slices.Index(v.Values, 0)
	call(t, &a, "select", m)
	v = call(t, &a, "mark", 5)
	if !a.game.HasMark(m, 5) || v.Message != "" {
		t.Fatalf("mark 5 in %d: %v, message %q", m, a.game.Marks(m), v.Message)
	}
	call(t, &a, "select", c)
	v = call(t, &a, "mark", 5)
	if v.Message == "" {
		t.Errorf("a mark in a filled cell gave no message")
	}

	// Save and load: the same view.
	want := call(t, &a, "view", nil)
	saved, err := Dispatch(context.Background(), &a, "save", "")
	if err != nil {
		t.Fatal(err)
	}
	var b App
	got := call(t, &b, "load", saved)
	got.Message, want.Message = "", ""
	if got.Board != want.Board || !slices.Equal(got.Values, want.Values) || got.Selected != want.Selected || got.CanUndo != want.CanUndo {
		t.Errorf("loaded game differs: values %v, want %v", got.Values, want.Values)
	}

	// A mark that leaves out the solution's digit stops the hints until it
	// goes; then hints to the end solve the game.
	if sol.Get(m) != 5 {
		if v = call(t, &b, "hint", nil); v.Hint != "" || !strings.Contains(v.Message, "red") {
			t.Errorf("hint over a wrong mark: hint %q, message %q", v.Hint, v.Message)
		}
	}
	call(t, &b, "select", m)
	call(t, &b, "mark", 5)
	for range 2000 {
		if v = call(t, &b, "hint", nil); v.Solved {
			break
		}
	}
	if !v.Solved || !b.game.Board().Equal(b.game.Solution()) {
		t.Fatalf("hints did not solve the game: %d of %d filled", v.Filled, v.Cells)
	}
}

// TestChainHint loads a game of magictour top1465 #611, whose first hint
// is an AIC, and checks that the board draws its chain at the hint's last
// stage only: a path per link, strong and weak, in the chains' group.
func TestChainHint(t *testing.T) {
	const puzzle = ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9..."
	const solution = "125693784864751392937248561213974658476582139589136247341825976698317425752469813"
	board := func(digits string) map[string]any {
		return map[string]any{"boxRows": 3, "boxCols": 3, "givens": puzzle, "digits": digits}
	}
	saved, err := json.Marshal(map[string]any{
		"spec": Spec{Size: 9},
		"game": map[string]any{"version": 1, "board": board(puzzle), "solution": board(solution)},
	})
	if err != nil {
		t.Fatal(err)
	}
	var a App
	call(t, &a, "load", string(saved))
	for stage := range 3 {
		v := call(t, &a, "hint", nil)
		links := strings.Count(v.Board, `<path class="link `)
		switch {
		case stage < 2 && links != 0:
			t.Errorf("stage %d draws %d links", stage, links)
		case stage == 2 && (!strings.HasPrefix(v.Hint, "AIC: ") || strings.Count(v.Board, `class="link strong"`) != 3 || strings.Count(v.Board, `class="link weak"`) != 2):
			t.Errorf("stage 2: %q drawn with %d strong and %d weak links, want an AIC with 3 and 2", v.Hint,
				strings.Count(v.Board, `class="link strong"`), strings.Count(v.Board, `class="link weak"`))
		}
	}
}

// TestSizes starts a game on every board size the page offers and checks
// its view: a digit label per digit and a square per cell.
func TestSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("boards up to 25x25: not in -short mode")
	}
	for _, n := range []int{4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25} {
		var a App
		v := call(t, &a, "new", Spec{Size: n, Seed: 1})
		if v.Digits != n || v.Cells != n*n || len(v.DigitText) != n || strings.Count(v.Board, "data-cell=") != n*n {
			t.Errorf("%dx%d: digits %d, cells %d, labels %v", n, n, v.Digits, v.Cells, v.DigitText)
		}
		// The zoom on the last cell's box: the box's n cells, that one among them.
		v = call(t, &a, "select", n*n-1)
		checkZoom(t, strconv.Itoa(n), v, n)
	}
}

// checkZoom checks the zoom of view v: none below 16 digits, else a
// drawing of the box cells that holds the selected cell.
func checkZoom(t *testing.T, name string, v *View, box int) {
	t.Helper()
	if v.Digits < 16 {
		if v.Zoom != "" {
			t.Errorf("%s: a zoom below 16 digits", name)
		}
		return
	}
	if got := strings.Count(v.Zoom, "data-cell="); got != box || !strings.Contains(v.Zoom, `data-cell="`+strconv.Itoa(v.Selected)+`"`) {
		t.Errorf("%s: the zoom draws %d cells, want the %d of the box of cell %d", name, got, box, v.Selected)
	}
}

// TestLevelMissed asks a 4x4 board for an expert puzzle, which none is:
// the closest puzzle is played, and the message says so.
func TestLevelMissed(t *testing.T) {
	var a App
	v := call(t, &a, "new", Spec{Size: 4, Level: "expert", Seed: 1})
	if !strings.Contains(v.Message, "No expert puzzle") || strings.HasPrefix(v.Grade, "expert") || v.Cells != 16 {
		t.Errorf("4x4 expert: grade %q, message %q", v.Grade, v.Message)
	}
}

// TestCube starts cubes of every model and edge rule and checks their
// drawings: the net and one picture per face. The 16x16 cube gets a
// longer removal than the page's: under the race detector, making its
// solution takes most of 700 ms, and a loaded machine all of it.
func TestCube(t *testing.T) {
	defer func(d time.Duration) { bigLimit = d }(bigLimit)
	bigLimit = 5 * time.Second
	for _, spec := range []Spec{
		{Box: 2, Model: "six faces", Edges: "match", Seed: 1},
		{Box: 2, Model: "three faces", Edges: "differ", Seed: 1},
		{Box: 3, Model: "three faces", Edges: "match", Seed: 1},
		{Box: 4, Model: "six faces", Edges: "differ", Seed: 1},
	} {
		var a App
		v := call(t, &a, "new", spec)
		faces := 3
		if spec.Model == "six faces" {
			faces = 6
		}
		if len(v.Faces) != faces || len(v.FaceNames) != faces || !strings.Contains(v.Board, "<svg") {
			t.Errorf("%+v: %d faces %v", spec, len(v.Faces), v.FaceNames)
		}
		for i, f := range v.Faces {
			if !strings.HasPrefix(f, "<svg") {
				t.Errorf("%+v: face %s is %.20q", spec, v.FaceNames[i], f)
			}
		}
		if v.Digits != spec.Box*spec.Box || v.Solved {
			t.Errorf("%+v: digits %d, solved %v", spec, v.Digits, v.Solved)
		}
		checkZoom(t, fmt.Sprint(spec), call(t, &a, "select", v.Cells-1), v.Digits)

		// An entry and a mark, saved and read back: the same net and faces.
		empty := slices.Index(v.Values, 0)
		call(t, &a, "select", empty)
		call(t, &a, "mark", 1)
		call(t, &a, "select", slices.Index(v.Values[empty+1:], 0)+empty+1)
		want := call(t, &a, "enter", 2)
		saved, err := Dispatch(context.Background(), &a, "save", "")
		if err != nil {
			t.Fatal(err)
		}
		var b App
		got := call(t, &b, "load", saved)
		if got.Board != want.Board || !slices.Equal(got.Faces, want.Faces) || got.Spec != want.Spec {
			t.Errorf("%+v: the cube read back draws otherwise", spec)
		}
	}
}

// TestBadCalls checks that bad calls and specs are errors and change
// nothing.
func TestBadCalls(t *testing.T) {
	var a App
	ctx := context.Background()
	if _, err := Dispatch(ctx, &a, "view", ""); err == nil {
		t.Error("view without a game: no error")
	}
	for _, spec := range []string{
		`{"size":3}`, `{"size":26}`, `{"size":7}`, `{"size":9,"level":"impossible"}`,
		`{"box":6,"model":"six faces","edges":"match"}`, `{"box":2,"model":"five faces","edges":"match"}`,
		`{"box":2,"model":"six faces","edges":"sideways"}`, `not json`,
	} {
		if _, err := Dispatch(ctx, &a, "new", spec); err == nil {
			t.Errorf("new %s: no error", spec)
		}
	}
	call(t, &a, "new", Spec{Size: 4, Seed: 1})
	before := call(t, &a, "view", nil)
	for _, c := range [][2]string{{"enter", "x"}, {"select", ""}, {"mistakes", "maybe"}, {"mark", "1.5"}, {"nosuchcall", ""}, {"load", "{}"}, {"load", "null"}} {
		_, err := Dispatch(ctx, &a, c[0], c[1])
		if err == nil {
			t.Errorf("%s(%q): no error", c[0], c[1])
		}
		if c[0] != "load" && c[0] != "nosuchcall" && !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s(%q): %v, want ErrInvalidArgument", c[0], c[1], err)
		}
	}
	after := call(t, &a, "view", nil)
	if after.Board != before.Board || !slices.Equal(after.Values, before.Values) {
		t.Error("bad calls changed the game")
	}
	// A digit out of range or a change to a given is the game's refusal,
	// shown as a message.
	g := slices.IndexFunc(after.Values, func(d int) bool { return d != 0 })
	call(t, &a, "select", g)
	if v := call(t, &a, "enter", 2); v.Message == "" || !slices.Equal(v.Values, before.Values) {
		t.Errorf("entry over a given: message %q", v.Message)
	}
	if v := call(t, &a, "enter", 9); v.Message == "" {
		t.Errorf("digit 9 on a 4x4 board: no message")
	}
}

// FuzzLoad reads saved games: an error or a game whose view draws, never a
// panic.
func FuzzLoad(f *testing.F) {
	var a App
	if err := a.NewGame(context.Background(), Spec{Size: 4, Seed: 2}); err != nil {
		f.Fatal(err)
	}
	a.Select(5)
	a.Mark(3)
	a.Select(a.game.Geometry().NumCells() - 1)
	a.Enter(1)
	data, err := a.Save()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
	f.Add(`{"spec":{"box":2,"model":"three faces","edges":"match"},"game":{}}`)
	f.Add(`{"spec":{"size":4},"selected":-1,"game":null}`)
	f.Fuzz(func(t *testing.T, s string) {
		var b App
		out, err := Dispatch(context.Background(), &b, "load", s)
		if err != nil {
			if b.game != nil {
				t.Fatal("a failed load left a game")
			}
			return
		}
		var v View
		if err := json.Unmarshal([]byte(out), &v); err != nil || v.Cells != len(v.Values) {
			t.Fatalf("view of a loaded game: %v, %d cells, %d values", err, v.Cells, len(v.Values))
		}
	})
}

// BenchmarkNewGame measures what the page's "New game" costs natively (the
// browser's own times come from TestBrowser in examples/web): making the
// puzzle, starting the game and drawing the first view.
func BenchmarkNewGame(b *testing.B) {
	for _, bc := range []struct {
		name string
		spec Spec
	}{
		{"9x9", Spec{Size: 9}},
		{"9x9-easy", Spec{Size: 9, Level: "easy"}},
		{"9x9-hard", Spec{Size: 9, Level: "hard"}},
		{"16x16", Spec{Size: 16}},
		{"cube-six-9x9", Spec{Box: 3, Model: "six faces", Edges: "match"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var a App
			seed := uint64(0)
			for b.Loop() {
				seed++
				bc.spec.Seed = seed
				if err := a.NewGame(context.Background(), bc.spec); err != nil {
					b.Fatal(err)
				}
				if _, err := a.View(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestGuard checks that a panic in a call becomes that call's error.
func TestGuard(t *testing.T) {
	s, err := guard(func() (string, error) { panic("boom") })
	if err == nil || !strings.Contains(err.Error(), "boom") || s != "" {
		t.Errorf("guard of a panic: %q, %v", s, err)
	}
	s, err = guard(func() (string, error) { return "ok", nil })
	if err != nil || s != "ok" {
		t.Errorf("guard of a call: %q, %v", s, err)
	}
}
