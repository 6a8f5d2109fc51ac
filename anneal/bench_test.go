package anneal_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

// BenchmarkMove times one move (propose, delta, accept or reject, apply
// when accepted) on an empty board at a fixed temperature near where
// solving happens, as a chain of 100,000 moves per worker and iteration;
// ns/move is the figure to read: wall time over the moves of all workers,
// so two workers on two free processors give about half of one.
func BenchmarkMove(b *testing.B) {
	for _, n := range []int{9, 16, 25} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%d/workers=%d", n, n, workers), func(b *testing.B) {
				g, err := sudoku.GeometryForSize(n)
				if err != nil {
					b.Fatal(err)
				}
				m, err := anneal.NewModel(context.Background(), sudoku.NewBoard(g))
				if err != nil {
					b.Fatal(err)
				}
				const chain = 100_000
				var moves, accepted int64
				seed := uint64(0)
				for b.Loop() {
					seed++
					var st anneal.Stats
					_, err := anneal.Run(context.Background(), m, m.Start(), anneal.WithSeed(seed), anneal.WithWorkers(workers),
						anneal.WithTemperature(0.5), anneal.WithMovesPerChain(chain), anneal.WithChainLimit(1), anneal.WithStats(&st))
					if err != nil {
						b.Fatal(err)
					}
					moves += st.Moves
					accepted += st.Accepted
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(moves), "ns/move")
				b.ReportMetric(float64(accepted)/float64(moves), "accepted/move")
			})
		}
	}
}

// BenchmarkSolveEmpty solves empty boards with Solve's defaults, a new
// seed each iteration, with one and two workers. b.N runs give a mean;
// examples/schedule -compare prints medians over seeds.
func BenchmarkSolveEmpty(b *testing.B) {
	for _, n := range []int{9, 16, 25} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%d/workers=%d", n, n, workers), func(b *testing.B) {
				g, err := sudoku.GeometryForSize(n)
				if err != nil {
					b.Fatal(err)
				}
				empty := sudoku.NewBoard(g)
				var moves int64
				seed := uint64(0)
				for b.Loop() {
					seed++
					var st anneal.Stats
					_, err := anneal.Solve(context.Background(), empty, anneal.WithSeed(seed), anneal.WithWorkers(workers), anneal.WithStats(&st))
					if err != nil {
						b.Fatal(err)
					}
					moves += st.Moves
				}
				b.ReportMetric(float64(moves)/float64(seed), "moves/op")
			})
		}
	}
}

// BenchmarkCancelLatency measures how long Solve takes to return once its
// context is canceled, on a 64x64 board that it does not solve in time
// (chains there are millions of moves long), with two workers and with
// the most allowed. latency-ns is the mean over iterations.
func BenchmarkCancelLatency(b *testing.B) {
	for _, workers := range []int{2, sudoku.MaxWorkers} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) { cancelLatency(b, workers) })
	}
}

func cancelLatency(b *testing.B, workers int) {
	g, err := sudoku.NewGeometry(8, 8)
	if err != nil {
		b.Fatal(err)
	}
	empty := sudoku.NewBoard(g)
	var total, worst time.Duration
	n := 0
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		canceled := make(chan time.Time, 1)
		go func() {
			time.Sleep(20 * time.Millisecond)
			canceled <- time.Now()
			cancel()
		}()
		_, err := anneal.Solve(ctx, empty, anneal.WithSeed(1), anneal.WithWorkers(workers))
		returned := time.Now()
		if !errors.Is(err, context.Canceled) {
			b.Fatal(err)
		}
		lat := returned.Sub(<-canceled)
		total += lat
		worst = max(worst, lat)
		n++
	}
	b.ReportMetric(float64(total.Nanoseconds())/float64(n), "latency-ns")
	b.ReportMetric(float64(worst.Nanoseconds()), "max-latency-ns")
}
