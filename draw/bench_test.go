package draw_test

import (
	"context"
	"io"
	"testing"

	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// benchmark draws b with the marks logic finds and a hint step, as an
// app redraws its board after each move.
func benchmark(b *testing.B, board *sudoku.Board) {
	s, err := logic.NewState(board)
	if err != nil {
		b.Fatal(err)
	}
	opts := []draw.Option{draw.WithMarks(s.MarkMasks()), draw.WithConflicts(true), draw.WithSelected(0)}
	if st, err := logic.Hint(context.Background(), board); err == nil {
		opts = append(opts, draw.WithStep(st, logic.StageStep))
	}
	var size int64
	for b.Loop() {
		cw := &countWriter{}
		if err := draw.SVG(cw, board, opts...); err != nil {
			b.Fatal(err)
		}
		size = cw.n
	}
	b.ReportMetric(float64(size), "bytes/svg")
}

type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)

func Benchmark9x9(b *testing.B) {
	puzzles := reference.LocalBoards(b, "9x9-levels", 1, "hard")
	benchmark(b, puzzles[0])
}

func Benchmark64x64(b *testing.B) {
	g, err := sudoku.NewGeometry(8, 8)
	if err != nil {
		b.Fatal(err)
	}
	board := sudoku.NewBoard(g)
	for d := 1; d <= 64; d++ {
		_ = board.SetGiven(g.Cell(d-1, (d*7)%64), d)
	}
	benchmark(b, board)
}

// BenchmarkChain draws a chain step (an AIC with a group node) on its
// marks, where each link looks for the marks it would cross.
func BenchmarkChain(b *testing.B) {
	board, s, st := aicStep(b)
	opts := []draw.Option{draw.WithMarks(s.MarkMasks()), draw.WithStep(st, logic.StageStep)}
	for b.Loop() {
		if err := draw.SVG(io.Discard, board, opts...); err != nil {
			b.Fatal(err)
		}
	}
}
