package search_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// classicSets are the classic 9x9 sets of ../shared/puzzles the classic
// search is measured on, with the number of solutions Count(ctx, b, 2)
// finds for each of their puzzles; relabelled sets have the digits of
// each puzzle relabelled at random (see relabelled).
var classicSets = []struct {
	name       string
	want       int
	relabelled bool
}{
	{"9x9-17clue-royle-49158", 1, false},
	{"9x9-17clue-royle-49158", 1, true},
	{"9x9-qqwing-expert-1000", 1, false},
	{"9x9-magictour-top1465", 1, false},
	{"9x9-forum-hardest-1106", 1, false},
	{"9x9-forum-hardest-1905-11plus", 1, false},
	{"9x9-serg-benchmark-10000", 2, false},
}

// relabelled returns the puzzles with the digits of each relabelled by
// a permutation of its own, drawn from a fixed seed: the 17-clue set is
// written with its most frequent digits first, and a search whose speed
// hangs on the labels would look faster on it than on the same puzzles
// as a user may hold them.
func relabelled(puzzles []*sudoku.Board) []*sudoku.Board {
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]*sudoku.Board, len(puzzles))
	for i, p := range puzzles {
		perm := rng.Perm(9)
		q := sudoku.NewBoard(nil)
		for c := range 81 {
			if v := p.Get(c); v != 0 {
				q.SetGiven(c, perm[v-1]+1)
			}
		}
		out[i] = q
	}
	return out
}

// BenchmarkClassic runs the classic search over every puzzle of each
// set, one whole set per iteration, counting to 2 (a uniqueness check)
// and finding a first solution, and reports puzzles per second. Run it
// on one processor, as
//
//	go test ./search -run '^$' -bench Classic -cpu 1 -benchtime 2x
func BenchmarkClassic(b *testing.B) {
	ctx := context.Background()
	for _, set := range classicSets {
		name, load := set.name, func(b *testing.B) []*sudoku.Board { return reference.Boards(b, set.name, 0) }
		if set.relabelled {
			name, load = name+"-relabelled", func(b *testing.B) []*sudoku.Board { return relabelled(reference.Boards(b, set.name, 0)) }
		}
		b.Run(name+"/count2", func(b *testing.B) {
			puzzles := load(b)
			for b.Loop() {
				for _, p := range puzzles {
					if n, err := search.Count(ctx, p, 2); err != nil || n != set.want {
						b.Fatalf("%s: %d solutions, %v; want %d", p.Line(), n, err, set.want)
					}
				}
			}
			b.ReportMetric(float64(b.N*len(puzzles))/b.Elapsed().Seconds(), "puzzles/s")
		})
		b.Run(name+"/first", func(b *testing.B) {
			puzzles := load(b)
			for b.Loop() {
				for _, p := range puzzles {
					if _, err := search.Solve(ctx, p); err != nil {
						b.Fatalf("%s: %v", p.Line(), err)
					}
				}
			}
			b.ReportMetric(float64(b.N*len(puzzles))/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
