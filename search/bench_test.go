package search_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// benchSet solves the puzzles of a reference set, one per iteration in
// turn, and reports nodes per puzzle.
func benchSet(b *testing.B, name string, max int, opts ...search.Option) {
	puzzles := reference.Boards(b, name, max)
	ctx := context.Background()
	var nodes int64
	i := 0
	for b.Loop() {
		var st search.Stats
		if _, err := search.Solve(ctx, puzzles[i%len(puzzles)], append(opts, search.WithStats(&st))...); err != nil {
			b.Fatal(err)
		}
		nodes += st.Nodes
		i++
	}
	b.ReportMetric(float64(nodes)/float64(i), "nodes/op")
}

func BenchmarkSolve(b *testing.B) {
	sets := []struct {
		name string
		max  int
	}{
		{"9x9-qqwing-any-10000", 1000},
		{"9x9-17clue-royle-49158", 1000},
		{"9x9-magictour-top1465", 0},
		{"9x9-forum-hardest-1106", 0},
		{"16x16-minimal-100", 0},
		{"25x25-unique-20", 0},
	}
	for _, set := range sets {
		if strings.HasPrefix(set.name, "9x9") {
			// Classic boards take the classic search, on one worker;
			// the general one is measured beside it.
			b.Run(set.name+"/classic", func(b *testing.B) {
				benchSet(b, set.name, set.max)
			})
			b.Run(set.name+"/general", func(b *testing.B) {
				benchSet(b, set.name, set.max, search.WithGeneralEngine(), search.WithWorkers(1))
			})
			continue
		}
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", set.name, w), func(b *testing.B) {
				benchSet(b, set.name, set.max, search.WithWorkers(w))
			})
		}
	}
}

func BenchmarkSolveEmpty(b *testing.B) {
	for _, shape := range [][2]int{{3, 3}, {4, 4}, {5, 5}, {6, 6}, {8, 8}} {
		g := geometry(b, shape[0], shape[1])
		b.Run(fmt.Sprintf("%dx%d", g.Digits(), g.Digits()), func(b *testing.B) {
			empty := sudoku.NewBoard(g)
			var st search.Stats
			for b.Loop() {
				if _, err := search.Solve(context.Background(), empty, search.WithWorkers(1), search.WithStats(&st)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(st.Nodes), "nodes/op")
		})
	}
}

// BenchmarkCountUnique counts up to 2 solutions, as a uniqueness check
// does: the serg set's puzzles have several solutions, top1465's one.
func BenchmarkCountUnique(b *testing.B) {
	sets := []struct {
		name string
		want int
	}{
		{"9x9-serg-benchmark-10000", 2},
		{"9x9-magictour-top1465", 1},
		{"16x16-minimal-100", 1},
		{"25x25-unique-20", 1},
	}
	for _, set := range sets {
		puzzles := reference.Boards(b, set.name, 1000)
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", set.name, workers), func(b *testing.B) {
				i := 0
				var nodes int64
				for b.Loop() {
					var st search.Stats
					n, err := search.Count(context.Background(), puzzles[i%len(puzzles)], 2, search.WithWorkers(workers), search.WithStats(&st))
					if err != nil || n != set.want {
						b.Fatal(n, err)
					}
					nodes += st.Nodes
					i++
				}
				b.ReportMetric(float64(nodes)/float64(i), "nodes/op")
			})
		}
	}
}

// BenchmarkCount6x6 counts every solution of the 6x6 board (boxes 2x3)
// with its first row given, 28,200,960 / 720 = 39,168 of them, with one
// and two workers: the general search's count, where no other engine
// runs and every node is one of the exact search.
func BenchmarkCount6x6(b *testing.B) {
	g := geometry(b, 2, 3)
	board := sudoku.NewBoard(g)
	for c := range g.Digits() {
		if err := board.SetGiven(c, c+1); err != nil {
			b.Fatal(err)
		}
	}
	const want = 28200960 / 720
	for _, w := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				n, err := search.Count(context.Background(), board, 0, search.WithWorkers(w))
				if err != nil || n != want {
					b.Fatal(n, err)
				}
			}
		})
	}
}
