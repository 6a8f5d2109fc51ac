package generate_test

import (
	"context"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/sudoku"
)

func geometry(b *testing.B, n int) *sudoku.Geometry {
	g, err := sudoku.GeometryForSize(n)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkMinimal makes minimal unique puzzles one after another on one
// goroutine.
func BenchmarkMinimal(b *testing.B) {
	for _, n := range []int{9, 16} {
		g := geometry(b, n)
		b.Run(g.String(), func(b *testing.B) {
			ctx := context.Background()
			seed := uint64(0)
			clues := 0
			for b.Loop() {
				p, err := generate.New(ctx, g, generate.WithSeed(seed), generate.WithWorkers(1))
				if err != nil {
					b.Fatal(err)
				}
				clues += p.Clues()
				seed++
			}
			b.ReportMetric(float64(clues)/float64(b.N), "clues/op")
		})
	}
}

// BenchmarkGrid makes random complete grids.
func BenchmarkGrid(b *testing.B) {
	for _, n := range []int{9, 16, 25} {
		g := geometry(b, n)
		b.Run(g.String(), func(b *testing.B) {
			ctx := context.Background()
			seed := uint64(0)
			for b.Loop() {
				if _, err := generate.Grid(ctx, g, generate.WithSeed(seed)); err != nil {
					b.Fatal(err)
				}
				seed++
			}
		})
	}
}

// BenchmarkTimeLimit makes 25x25 unique puzzles with the fewest clues
// reached in a time limit of one second.
func BenchmarkTimeLimit(b *testing.B) {
	g := geometry(b, 25)
	ctx := context.Background()
	seed := uint64(0)
	clues := 0
	for b.Loop() {
		p, err := generate.New(ctx, g, generate.WithSeed(seed), generate.WithWorkers(1), generate.WithTimeLimit(time.Second))
		if err != nil {
			b.Fatal(err)
		}
		clues += p.Clues()
		seed++
	}
	b.ReportMetric(float64(clues)/float64(b.N), "clues/op")
}

// BenchmarkLevel makes 9x9 puzzles of each level of package grade, one
// after another on one goroutine.
func BenchmarkLevel(b *testing.B) {
	g := geometry(b, 9)
	for _, l := range []grade.Level{grade.Simple, grade.Easy, grade.Medium, grade.Hard, grade.Expert, grade.Guessing} {
		b.Run(l.String(), func(b *testing.B) {
			ctx := context.Background()
			seed := uint64(0)
			attempts, clues := 0, 0
			for b.Loop() {
				var st generate.Stats
				p, err := generate.New(ctx, g, generate.WithLevel(l), generate.WithSeed(seed), generate.WithWorkers(1), generate.WithStats(&st))
				if err != nil {
					b.Fatal(err)
				}
				attempts += st.Attempts
				clues += p.Clues()
				seed++
			}
			b.ReportMetric(float64(attempts)/float64(b.N), "attempts/op")
			b.ReportMetric(float64(clues)/float64(b.N), "clues/op")
		})
	}
}
