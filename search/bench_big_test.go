package search_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// bigDeadline is how long BenchmarkSolveBig gives one board: the time the
// big boards at the phase transition are meant to be solved within.
const bigDeadline = 60 * time.Second

// BenchmarkSolveBig solves each board of big-phase-36-49-64 (36x36, 49x49
// and 64x64 boards with 40, 50 and 60 % of their cells empty, the hard
// region of the phase transition) with one and with two workers, each
// call cut off after bigDeadline and seeded with the board's number, so
// that a run with one worker repeats. A board not solved in time counts in
// the timeouts/op metric instead of failing the benchmark; a wrong answer
// fails it. A call that times out takes the whole deadline, so pick boards
// with -bench, as in
//
//	go test -run '^$' -bench 'SolveBig/.*64x64' -benchtime 1x ./search
//
// It skips, saying so, when ../shared/puzzles is not beside the checkout.
func BenchmarkSolveBig(b *testing.B) {
	puzzles := reference.Boards(b, "big-phase-36-49-64", 0)
	for i, p := range puzzles {
		name := fmt.Sprintf("%02d-%s", i+1, bigName(p))
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/workers=%d", name, w), func(b *testing.B) {
				var nodes, timeouts, calls int64
				for b.Loop() {
					ctx, cancel := context.WithTimeout(context.Background(), bigDeadline)
					var st search.Stats
					sol, err := search.Solve(ctx, p, search.WithWorkers(w), search.WithSeed(uint64(i+1)), search.WithStats(&st))
					cancel()
					calls++
					nodes += st.Nodes
					// An if chain, not a switch: go1.26.8's compiler
					// crashes on a tagless switch in a b.Loop body.
					if errors.Is(err, context.DeadlineExceeded) {
						timeouts++
					} else if err != nil {
						b.Fatal(err)
					} else {
						checkSolution(b, p, sol)
					}
				}
				b.ReportMetric(float64(nodes)/float64(calls), "nodes/op")
				b.ReportMetric(float64(timeouts)/float64(calls), "timeouts/op")
			})
		}
	}
}

// bigName names a board by its size and its share of empty cells, as
// "49x49-50%".
func bigName(p *sudoku.Board) string {
	g := p.Geometry()
	empty := 0
	for c := range g.NumCells() {
		if p.Get(c) == 0 {
			empty++
		}
	}
	return fmt.Sprintf("%dx%d-%d%%", g.Digits(), g.Digits(), (100*empty+g.NumCells()/2)/g.NumCells())
}
