package play_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/play"
	"github.com/cubedoku/cubedoku/sudoku"
)

// benchGames returns games half played on hints: a 9x9 expert puzzle and
// a 16x16 puzzle, generated from fixed seeds. (A minimal 25x25 puzzle
// takes minutes to generate; logic's BenchmarkHintWalk times hints on
// 25x25 puzzles of the shared set.)
func benchGames(b *testing.B) map[string]*play.Game {
	ctx := context.Background()
	games := map[string]*play.Game{}
	for _, c := range []struct {
		name string
		n    int
		opts []generate.Option
	}{
		{"9x9-expert", 9, []generate.Option{generate.WithLevel(grade.Expert)}},
		{"16x16", 16, nil},
	} {
		g, err := sudoku.GeometryForSize(c.n)
		if err != nil {
			b.Fatal(err)
		}
		p, err := generate.New(ctx, g, append(c.opts, generate.WithSeed(1), generate.WithWorkers(1))...)
		if err != nil {
			b.Fatal(err)
		}
		gm, err := play.FromPuzzle(p)
		if err != nil {
			b.Fatal(err)
		}
		for gm.Board().Empty() > p.Board.Empty()/2 {
			st, err := gm.Hint(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if err := gm.ApplyHint(st); err != nil {
				b.Fatal(err)
			}
		}
		games[c.name] = gm
	}
	return games
}

// BenchmarkGame measures what an app's actions cost on games half played
// (with the history of that half): a hint, an entry with its undo, a
// save, and a load.
func BenchmarkGame(b *testing.B) {
	games := benchGames(b)
	for _, name := range []string{"9x9-expert", "16x16"} {
		gm := games[name]
		empty := 0
		for gm.Digit(empty) != 0 {
			empty++
		}
		data, err := json.Marshal(gm)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/hint", func(b *testing.B) {
			for b.Loop() {
				if _, err := gm.Hint(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(name+"/enter-undo", func(b *testing.B) {
			for b.Loop() {
				if err := gm.Enter(empty, 1); err != nil {
					b.Fatal(err)
				}
				gm.Undo()
			}
		})
		b.Run(name+"/save", func(b *testing.B) {
			for b.Loop() {
				if _, err := json.Marshal(gm); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(data)), "bytes")
		})
		b.Run(name+"/load", func(b *testing.B) {
			for b.Loop() {
				if _, err := play.Load(context.Background(), data); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
