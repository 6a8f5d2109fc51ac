package tabu

import (
	"fmt"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
)

// BenchmarkTabuMove times one move of the tabu search on the
// boards of big-phase-36-49-64 with 60 % of their cells open, the boards
// it solves: an op is a move. A search that reaches a solution is shaken
// off it and goes on, so each run times moves like those of a search, not
// the solved board. The moves a seed makes do not depend on the machine,
// so two versions of the search compare move for move, as in
//
//	go test -run '^$' -bench TabuMove -benchtime 200000x ./internal/tabu
//
// It skips, saying so, when ../shared/puzzles is not beside the checkout.
func BenchmarkTabuMove(b *testing.B) {
	for i, p := range reference.Boards(b, "big-phase-36-49-64", 0) {
		g := p.Geometry()
		if 100*p.Empty() < 55*g.NumCells() {
			continue
		}
		b.Run(fmt.Sprintf("%02d-%dx%d", i+1, g.Digits(), g.Digits()), func(b *testing.B) {
			s, err := logic.NewState(p)
			if err == nil {
				err = s.Propagate()
			}
			if err != nil {
				b.Fatal(err)
			}
			t := New(s, 1, nil)
			if t == nil {
				b.Fatal("no tabu search")
			}
			for b.Loop() {
				for k := 0; t.cost == 0 && k < 100; k++ {
					t.shake()
				}
				if t.cost == 0 {
					b.Fatal("100 shakes of 20 swaps each left the board solved")
				}
				t.move()
			}
		})
	}
}
