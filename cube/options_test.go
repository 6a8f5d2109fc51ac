package cube_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestAnnealStatsWhateverTheOutcome checks that WithStats fills its Stats
// when Anneal fails on an argument, wherever the bad one stands: zero
// counts, where the Stats held counts before.
func TestAnnealStatsWhateverTheOutcome(t *testing.T) {
	noLeak(t)
	c := mustNew(t, variant{2, cube.ThreeFaces, cube.Match})
	var nilCtx context.Context
	for _, tc := range []struct {
		name   string
		ctx    context.Context
		c      *cube.Cube
		s      cube.Strategy
		before []cube.Option
		after  []cube.Option
	}{
		{name: "bad option after", ctx: context.Background(), c: c, after: []cube.Option{cube.WithWorkers(-1)}},
		{name: "bad option before", ctx: context.Background(), c: c, before: []cube.Option{cube.WithChainLimit(-1)}},
		{name: "nil option", ctx: context.Background(), c: c, before: []cube.Option{nil}},
		{name: "nil anneal option", ctx: context.Background(), c: c, after: []cube.Option{cube.WithAnneal(nil)}},
		{name: "bad anneal option", ctx: context.Background(), c: c, after: []cube.Option{cube.WithAnneal(anneal.WithMovesPerChain(0))}},
		{name: "nil context", ctx: nilCtx, c: c},
		{name: "nil cube", ctx: context.Background()},
		{name: "bad strategy", ctx: context.Background(), c: c, s: 9},
	} {
		for _, s := range []cube.Strategy{tc.s, cube.Whole} {
			if tc.s != 0 && s == cube.Whole {
				continue
			}
			var st cube.Stats
			st.Moves, st.Runs, st.Workers, st.Retries, st.Resets = 7, 7, 7, 7, 7
			opts := append(append(tc.before, cube.WithStats(&st), cube.WithSeed(3)), tc.after...)
			sol, err := cube.Anneal(tc.ctx, tc.c, s, opts...)
			if !errors.Is(err, sudoku.ErrInvalidArgument) || sol != nil {
				t.Errorf("%s, %s: %v, want an argument error", tc.name, s, err)
			}
			st.Elapsed = 0
			if st != (cube.Stats{}) {
				t.Errorf("%s, %s: stats %+v, want zeros", tc.name, s, st)
			}
		}
	}
}

// TestWithAnneal checks that options of package anneal reach every run
// through WithAnneal: one chain of 7 moves on one worker makes 7 moves.
func TestWithAnneal(t *testing.T) {
	noLeak(t)
	c := mustNew(t, variant{3, cube.SixFaces, cube.Match})
	for _, s := range strategies {
		var st cube.Stats
		_, err := cube.Anneal(context.Background(), c, s, cube.WithWorkers(1), cube.WithSeed(1), cube.WithChainLimit(1),
			cube.WithAnneal(anneal.WithMovesPerChain(7), anneal.WithWorkers(5)), cube.WithStats(&st))
		if !errors.Is(err, anneal.ErrNotSolved) {
			t.Fatalf("%s: %v, want ErrNotSolved after one chain", s, err)
		}
		if st.Chains != 1 || st.Moves != 7 || st.Workers != 1 || st.Seed != 1 {
			t.Errorf("%s: stats %+v, want one chain of 7 moves on the one worker of WithWorkers", s, st)
		}
	}
}

// TestStatsJSON checks that Stats encodes as one object with camelCase
// keys: the annealing's fields and the face counts side by side.
func TestStatsJSON(t *testing.T) {
	st := cube.Stats{Stats: anneal.Stats{Moves: 1, Status: anneal.Stuck}, Retries: 2, Backtracks: 3, Resets: 4}
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"moves":1`, `"status":"stuck"`, `"retries":2`, `"backtracks":3`, `"resets":4`} {
		if !strings.Contains(string(data), key) {
			t.Errorf("%s lacks %s", data, key)
		}
	}
	var back cube.Stats
	if err := json.Unmarshal(data, &back); err != nil || back != st {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

// TestSVGCubeOptions checks SVG's options: a nil one, a bad one and a nil
// draw option are argument errors; draw options reach the drawing.
func TestSVGCubeOptions(t *testing.T) {
	c := mustNew(t, variant{2, cube.ThreeFaces, cube.Match})
	var buf bytes.Buffer
	for name, opts := range map[string][]cube.Option{
		"nil option":      {nil},
		"nil draw option": {cube.WithDraw(nil)},
		"bad option":      {cube.WithWorkers(-1)},
		"bad draw option": {cube.WithDraw(draw.WithCellSize(-1))},
	} {
		if err := c.SVG(&buf, opts...); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("%s: %v, want an argument error", name, err)
		}
	}
	buf.Reset()
	if err := c.SVG(&buf, cube.WithDraw(draw.WithTitle("a title of mine"))); err != nil || !strings.Contains(buf.String(), "a title of mine") {
		t.Errorf("WithDraw(WithTitle): %v", err)
	}
}
