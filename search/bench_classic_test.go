package search_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
)

// classicSets are the classic 9x9 sets of ../shared/puzzles the classic
// search is measured on, with the number of solutions Count(ctx, b, 2)
// finds for each of their puzzles.
var classicSets = []struct {
	name string
	want int
}{
	{"9x9-17clue-royle-49158", 1},
	{"9x9-qqwing-expert-1000", 1},
	{"9x9-magictour-top1465", 1},
	{"9x9-forum-hardest-1106", 1},
	{"9x9-forum-hardest-1905-11plus", 1},
	{"9x9-serg-benchmark-10000", 2},
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
		b.Run(set.name+"/count2", func(b *testing.B) {
			puzzles := reference.Boards(b, set.name, 0)
			for b.Loop() {
				for _, p := range puzzles {
					if n, err := search.Count(ctx, p, 2); err != nil || n != set.want {
						b.Fatalf("%s: %d solutions, %v; want %d", p.Line(), n, err, set.want)
					}
				}
			}
			b.ReportMetric(float64(b.N*len(puzzles))/b.Elapsed().Seconds(), "puzzles/s")
		})
		b.Run(set.name+"/first", func(b *testing.B) {
			puzzles := reference.Boards(b, set.name, 0)
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
