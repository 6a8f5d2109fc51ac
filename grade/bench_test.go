package grade_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/sudoku"
)

// BenchmarkGrade grades 9x9 puzzles of each QQWing level, of magictour's
// top 1465 and of the forum's hardest (SE ER 11 and up), and reports the
// median time of one grade (median-µs) besides the mean (ns/op). It takes
// 200 puzzles spread evenly over each set, whose order is not random
// (magictour's first puzzles are among its easiest): with -benchtime
// 200x each is graded once, and the median is the set's.
func BenchmarkGrade(b *testing.B) {
	ctx := context.Background()
	sets := map[string]string{
		"easy": "9x9-qqwing-easy-1000", "intermediate": "9x9-qqwing-intermediate-1000",
		"expert": "9x9-qqwing-expert-1000", "magictour": "9x9-magictour-top1465",
		"forum-hardest": "9x9-forum-hardest-1905-11plus",
	}
	for _, name := range []string{"easy", "intermediate", "expert", "magictour", "forum-hardest"} {
		b.Run(name, func(b *testing.B) {
			all := reference.Boards(b, sets[name], 0)
			n := min(200, len(all))
			ps := make([]*sudoku.Board, n)
			for i := range ps {
				ps[i] = all[i*len(all)/n]
			}
			var times []time.Duration
			i := 0
			for b.Loop() {
				start := time.Now()
				if _, err := grade.Puzzle(ctx, ps[i%len(ps)]); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				i++
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "median-µs")
		})
	}
}
