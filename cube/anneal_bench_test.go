package cube_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
)

// BenchmarkAnneal anneals the empty cube of each variant with the
// face-by-face strategies on two workers, a new seed each time.
// (examples/cube -method anneal -n gives medians over seeds.)
func BenchmarkAnneal(b *testing.B) {
	vs := []variant{
		{3, cube.SixFaces, cube.Match}, {3, cube.SixFaces, cube.Differ}, {3, cube.ThreeFaces, cube.Match},
		{4, cube.ThreeFaces, cube.Match}, {4, cube.SixFaces, cube.Match},
		{5, cube.ThreeFaces, cube.Match}, {5, cube.SixFaces, cube.Match},
	}
	for _, v := range vs {
		for _, s := range []cube.Strategy{cube.Master, cube.Chains} {
			b.Run(v.String()+" "+s.String(), func(b *testing.B) {
				c := mustNew(b, v)
				ctx := context.Background()
				seed := uint64(0)
				for b.Loop() {
					seed++
					if _, err := cube.Anneal(ctx, c, s, cube.WithWorkers(2), cube.WithSeed(seed)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
