package cube_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/search"
)

// BenchmarkSolveEmpty solves the empty cube of each variant with package
// search on one worker and on two. (examples/cube -n gives medians over
// seeds.)
func BenchmarkSolveEmpty(b *testing.B) {
	vs := append(variants(3, 4), variant{5, cube.ThreeFaces, cube.Match}, variant{5, cube.ThreeFaces, cube.Differ})
	for _, v := range vs {
		for _, workers := range []int{1, 2} {
			b.Run(v.String()+map[int]string{1: " one worker", 2: " two workers"}[workers], func(b *testing.B) {
				c := mustNew(b, v)
				ctx := context.Background()
				for b.Loop() {
					if _, err := search.Solve(ctx, c.Board(), search.WithWorkers(workers)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkNet measures printing and reading the net of a six-face cube
// of 9x9 faces.
func BenchmarkNet(b *testing.B) {
	c := mustNew(b, variant{3, cube.SixFaces, cube.Match})
	text := c.Net()
	b.Run("Net", func(b *testing.B) {
		for b.Loop() {
			_ = c.Net()
		}
	})
	b.Run("Parse", func(b *testing.B) {
		for b.Loop() {
			if _, err := cube.Parse(text, cube.Match); err != nil {
				b.Fatal(err)
			}
		}
	})
}
