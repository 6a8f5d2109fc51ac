package search_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/search"
)

// TestClassicSetsLong runs the classic search over every puzzle of the
// 9x9 sets of ../shared/puzzles (only with CUBEDOKU_LONG=1): Count to 2
// must find each set's number of solutions, Solve's answer must pass the
// validator and, where the set has a .sol file, equal it; and on every
// 25th puzzle Count to 3 must agree with the general search.
func TestClassicSetsLong(t *testing.T) {
	reference.SkipUnlessLong(t)
	ctx := context.Background()
	for _, set := range classicSets {
		t.Run(set.name, func(t *testing.T) {
			puzzles, sols := reference.Set(t, set.name, 0)
			if sols != nil && len(sols) != len(puzzles) {
				t.Fatalf("%d puzzles, %d solutions", len(puzzles), len(sols))
			}
			for i, p := range puzzles {
				n, err := search.Count(ctx, p, 2)
				if err != nil || n != set.want {
					t.Fatalf("%s: %d solutions (%v), want %d", p.Line(), n, err, set.want)
				}
				sol, err := search.Solve(ctx, p)
				if err != nil {
					t.Fatalf("%s: %v", p.Line(), err)
				}
				checkSolution(t, p, sol)
				if sols != nil && !sol.Equal(sols[i]) {
					t.Fatalf("%s: solution %s, want %s", p.Line(), sol.Line(), sols[i].Line())
				}
				if i%25 == 0 {
					want, err := search.Count(ctx, p, 3, search.WithGeneralEngine(), search.WithWorkers(1))
					if err != nil {
						t.Fatal(err)
					}
					if got, err := search.Count(ctx, p, 3); err != nil || got != want {
						t.Fatalf("%s: classic count %d (%v), general %d", p.Line(), got, err, want)
					}
				}
			}
		})
	}
}
