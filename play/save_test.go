package play_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/play"
	"github.com/cubedoku/cubedoku/sudoku"
	"github.com/google/go-cmp/cmp"
)

// roundTrip saves gm, loads the save, and checks that the restored game
// shows the same and saves the same, and that undo and redo go the same
// way in both.
func roundTrip(t *testing.T, gm *play.Game) *play.Game {
	t.Helper()
	data, err := json.Marshal(gm)
	if err != nil {
		t.Fatal(err)
	}
	restored, err := play.Load(context.Background(), data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	again, err := json.Marshal(restored)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, again) {
		t.Errorf("saved again differently:\n%s\n%s", data, again)
	}
	if diff := cmp.Diff(snap(gm), snap(restored)); diff != "" {
		t.Errorf("restored game (-saved +restored):\n%s", diff)
	}
	if !restored.Solution().Equal(gm.Solution()) || !restored.Puzzle().Equal(gm.Puzzle()) {
		t.Error("restored puzzle or solution differ")
	}
	var viaJSON play.Game
	if err := json.Unmarshal(data, &viaJSON); err != nil || !cmp.Equal(snap(gm), snap(&viaJSON)) {
		t.Errorf("json.Unmarshal: %v", err)
	}
	return restored
}

// played returns a game with entries, marks, undone and redone actions.
func played(t testing.TB) *play.Game {
	gm := newGame(t, classicPuzzle)
	gm.FillMarks()
	gm.Enter(2, 4)
	gm.Enter(3, 2) // wrong
	gm.ToggleMark(4, 9)
	gm.Enter(5, 8)
	gm.Undo()
	gm.Undo()
	return gm
}

func TestSaveRoundTrip(t *testing.T) {
	gm := played(t)
	restored := roundTrip(t, gm)
	for gm.Redo() {
		if !restored.Redo() || !cmp.Equal(snap(gm), snap(restored)) {
			t.Fatal("redo differs after a restore")
		}
	}
	for gm.Undo() {
		if !restored.Undo() || !cmp.Equal(snap(gm), snap(restored)) {
			t.Fatal("undo differs after a restore")
		}
	}
	if restored.CanUndo() {
		t.Error("the restored game has more to undo")
	}
	// A variant: its geometry has no box shape in the board's JSON, and is
	// carried by the save.
	g, err := sudoku.AddDiagonals(sudoku.Classic())
	if err != nil {
		t.Fatal(err)
	}
	p, err := generate.New(context.Background(), g, generate.WithSeed(1), generate.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	dg, err := play.New(context.Background(), p.Board)
	if err != nil {
		t.Fatal(err)
	}
	for c := range g.NumCells() {
		if dg.Digit(c) == 0 {
			dg.ToggleMark(c, 1)
			break
		}
	}
	dg.ToggleMark(0, 1)
	roundTrip(t, dg)
	if _, err := (*play.Game)(nil).MarshalJSON(); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil game: %v", err)
	}
	if err := (*play.Game)(nil).UnmarshalJSON([]byte("{}")); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("into a nil game: %v", err)
	}
}

// tamper returns the save of gm changed by f, which gets it as generic
// JSON.
func tamper(t *testing.T, gm *play.Game, f func(m map[string]any)) []byte {
	t.Helper()
	data, err := json.Marshal(gm)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// setChar returns s with its i-th byte replaced by c.
func setChar(s string, i int, c byte) string { return s[:i] + string(c) + s[i+1:] }

func TestLoadTampered(t *testing.T) {
	gm := played(t)
	board := func(m map[string]any) map[string]any { return m["board"].(map[string]any) }
	undo0 := func(m map[string]any) map[string]any {
		return m["undo"].([]any)[len(m["undo"].([]any))-1].([]any)[0].(map[string]any)
	}
	tests := []struct {
		name string
		f    func(m map[string]any)
		want error
		opts []play.Option
	}{
		{"version 2", func(m map[string]any) { m["version"] = 2 }, play.ErrBadSave, nil},
		{"no version", func(m map[string]any) { delete(m, "version") }, play.ErrBadSave, nil},
		{"no board", func(m map[string]any) { delete(m, "board") }, play.ErrBadSave, nil},
		{"no solution", func(m map[string]any) { delete(m, "solution") }, play.ErrBadSave, nil},
		{"board of 80 cells", func(m map[string]any) { board(m)["digits"] = board(m)["digits"].(string)[1:] }, play.ErrBadSave, nil},
		{"digit out of range", func(m map[string]any) { board(m)["digits"] = setChar(board(m)["digits"].(string), 2, 'A') }, play.ErrBadSave, nil},
		{"entry over a given", func(m map[string]any) { board(m)["digits"] = setChar(board(m)["digits"].(string), 0, '1') }, play.ErrBadSave, nil},
		{"box shape of 16x16", func(m map[string]any) { board(m)["boxRows"], board(m)["boxCols"] = 4, 4 }, play.ErrBadSave, nil},
		{"solution with a wrong digit", func(m map[string]any) {
			s := m["solution"].(map[string]any)
			s["digits"] = setChar(s["digits"].(string), 2, '9')
		}, play.ErrBadSave, nil},
		{"solution relabelled", func(m map[string]any) {
			s := m["solution"].(map[string]any)
			s["digits"] = strings.NewReplacer("1", "2", "2", "1").Replace(s["digits"].(string))
			s["givens"] = ""
		}, play.ErrBadSave, nil},
		{"solution with an empty cell", func(m map[string]any) {
			s := m["solution"].(map[string]any)
			s["digits"] = setChar(s["digits"].(string), 2, '.')
		}, play.ErrBadSave, nil},
		{"givens left out: several solutions", func(m map[string]any) {
			// The givens of the first three rows become the player's entries.
			for _, b := range []map[string]any{board(m), m["solution"].(map[string]any)} {
				b["givens"] = strings.Repeat(".", 27) + b["givens"].(string)[27:]
			}
		}, play.ErrNotUnique, []play.Option{play.WithUniqueCheck(true), play.WithWorkers(1)}},
		{"mark out of range", func(m map[string]any) { m["marks"] = []any{map[string]any{"cell": 2, "digits": []int{10}}} }, play.ErrBadSave, nil},
		{"mark 0", func(m map[string]any) { m["marks"] = []any{map[string]any{"cell": 2, "digits": []int{0}}} }, play.ErrBadSave, nil},
		{"marks of cell 81", func(m map[string]any) { m["marks"] = []any{map[string]any{"cell": 81, "digits": []int{1}}} }, play.ErrBadSave, nil},
		{"marks of cell -1", func(m map[string]any) { m["marks"] = []any{map[string]any{"cell": -1, "digits": []int{1}}} }, play.ErrBadSave, nil},
		{"marks on a given", func(m map[string]any) { m["marks"] = []any{map[string]any{"cell": 0, "digits": []int{1}}} }, play.ErrBadSave, nil},
		{"marks twice", func(m map[string]any) {
			m["marks"] = []any{map[string]any{"cell": 6, "digits": []int{1}}, map[string]any{"cell": 6, "digits": []int{2}}}
		}, play.ErrBadSave, nil},
		{"empty marks", func(m map[string]any) { m["marks"] = []any{map[string]any{"cell": 6, "digits": []int{}}} }, play.ErrBadSave, nil},
		{"undo of a given", func(m map[string]any) { undo0(m)["cell"] = 0 }, play.ErrBadSave, nil},
		{"undo of cell 81", func(m map[string]any) { undo0(m)["cell"] = 81 }, play.ErrBadSave, nil},
		{"undo to digit 10", func(m map[string]any) { undo0(m)["to"] = 10 }, play.ErrBadSave, nil},
		{"undo that does not meet the board", func(m map[string]any) { undo0(m)["to"] = 7 }, play.ErrBadSave, nil},
		{"undo with a mark out of range", func(m map[string]any) { undo0(m)["fromMarks"] = []int{12} }, play.ErrBadSave, nil},
		{"empty undo action", func(m map[string]any) { m["undo"] = append(m["undo"].([]any), []any{}) }, play.ErrBadSave, nil},
		{"redo that does not meet the board", func(m map[string]any) {
			m["redo"] = []any{[]any{map[string]any{"cell": 6, "from": 3, "to": 1}}}
		}, play.ErrBadSave, nil},
		{"redo with a digit and marks", func(m map[string]any) {
			m["redo"] = []any{[]any{map[string]any{"cell": 6, "from": 0, "to": 1, "toMarks": []int{1}}}}
		}, play.ErrBadSave, nil},
		{"bad geometry", func(m map[string]any) { m["geometry"] = map[string]any{"digits": 0, "cells": 1} }, play.ErrBadSave, nil},
		{"a geometry the board does not fit", func(m map[string]any) {
			g, _ := sudoku.AddDiagonals(sudoku.Classic())
			m["geometry"] = g.Spec()
		}, play.ErrBadSave, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gm, err := play.Load(context.Background(), tamper(t, gm, tc.f), tc.opts...)
			// A save is input: its faults are not argument errors.
			if !errors.Is(err, tc.want) || !errors.Is(err, play.ErrBadSave) || errors.Is(err, sudoku.ErrInvalidArgument) || gm != nil {
				t.Errorf("got %v, %v; want %v and ErrBadSave, not ErrInvalidArgument", gm, err, tc.want)
			}
		})
	}
	for _, data := range []string{"", "{", "[]", "null", `{"version":1}`, `{"version":1,"board":null,"solution":null}`} {
		if _, err := play.Load(context.Background(), []byte(data)); !errors.Is(err, play.ErrBadSave) || errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%q: %v", data, err)
		}
	}
	data, _ := json.Marshal(gm)
	// Without WithUniqueCheck, the save is trusted to hold a unique puzzle;
	// with it, a sound save loads as well.
	lessGivens := tamper(t, gm, func(m map[string]any) {
		for _, b := range []map[string]any{board(m), m["solution"].(map[string]any)} {
			b["givens"] = strings.Repeat(".", 27) + b["givens"].(string)[27:]
		}
	})
	if _, err := play.Load(context.Background(), lessGivens); err != nil {
		t.Errorf("a save of a puzzle with several solutions, not checked: %v", err)
	}
	if _, err := play.Load(context.Background(), data, play.WithUniqueCheck(true)); err != nil {
		t.Errorf("a sound save, checked: %v", err)
	}
	var nilCtx context.Context
	if _, err := play.Load(nilCtx, data); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil context: %v", err)
	}
	if _, err := play.Load(context.Background(), data, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil option: %v", err)
	}
	// Options count from 1, and every one is applied before the first
	// bad one is reported.
	_, err := play.Load(context.Background(), data, play.WithWorkers(1), nil, play.WithWorkers(-1))
	if !errors.Is(err, sudoku.ErrInvalidArgument) || !strings.Contains(err.Error(), "option 2 is nil") {
		t.Errorf("nil second option: %v", err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := play.Load(cancelled, data); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// A refused save leaves the game it was read into as it was.
	before := snap(gm)
	if err := gm.UnmarshalJSON(tamper(t, gm, func(m map[string]any) { m["version"] = 0 })); err == nil || !cmp.Equal(before, snap(gm)) {
		t.Errorf("UnmarshalJSON of a bad save: %v", err)
	}
}

// FuzzLoad: a save, however mangled, gives a game or an error, never both
// and never a panic; a game it gives saves again to a save that loads to
// the same.
func FuzzLoad(f *testing.F) {
	seed := func(gm *play.Game) {
		data, err := json.Marshal(gm)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	seed(played(f))
	small, err := play.New(context.Background(), parse(f, "1.3..4.......2.."))
	if err == nil {
		small.ToggleMark(1, 2)
		small.Enter(2, 1)
		seed(small)
	}
	f.Add([]byte(`{"version":1,"board":{"boxRows":2,"boxCols":2,"givens":"1234341221434321"},"solution":{"boxRows":2,"boxCols":2,"digits":"1234341221434321"}}`))
	f.Add([]byte(`{"version":1,"board":{"givens":"1..."},"solution":{"digits":"1"},"marks":[{"cell":1,"digits":[2]}],"undo":[[{"cell":1,"from":0,"to":0,"toMarks":[2]}]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		gm, err := play.Load(ctx, data, play.WithWorkers(1))
		if (gm == nil) == (err == nil) {
			t.Fatalf("game %v and error %v", gm, err)
		}
		if err != nil {
			if (!errors.Is(err, play.ErrBadSave) || errors.Is(err, sudoku.ErrInvalidArgument)) && ctx.Err() == nil {
				t.Fatalf("error not ErrBadSave alone: %v", err)
			}
			return
		}
		again, err := json.Marshal(gm)
		if err != nil {
			t.Fatal(err)
		}
		gm2, err := play.Load(ctx, again, play.WithWorkers(1))
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			t.Fatalf("a save of a loaded game does not load: %v\n%s", err, again)
		}
		third, _ := json.Marshal(gm2)
		if !bytes.Equal(again, third) {
			t.Fatalf("saves differ:\n%s\n%s", again, third)
		}
	})
}
