package grade_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/reference"
)

// BenchmarkGrade grades 9x9 puzzles of each QQWing level and reports the
// median time of one grade (median-µs) besides the mean (ns/op).
func BenchmarkGrade(b *testing.B) {
	ctx := context.Background()
	for _, level := range []string{"easy", "intermediate", "expert"} {
		b.Run(level, func(b *testing.B) {
			ps := reference.Boards(b, "9x9-qqwing-"+level+"-1000", 200)
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
