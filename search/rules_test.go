package search_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// ruleSets are the rule lists the tests and benchmarks run at every node.
var ruleSets = []struct {
	name  string
	rules logic.Rules
}{
	{"singles", nil},
	{"locked", logic.Rules{logic.LockedCandidates}},
	{"subsets", logic.Rules{logic.HiddenPair, logic.HiddenTriple, logic.NakedTriple}},
	{"ladder", simpleLadder(false)},
}

// TestWithRulesCounts checks that rules at every node change how the
// search goes, never what it finds: the same counts as singles alone on
// boards with many solutions, valid solutions, fewer nodes in all.
func TestWithRulesCounts(t *testing.T) {
	noLeaks(t)
	ctx := context.Background()
	firstRow := sudoku.NewBoard(geometry(t, 2, 3))
	for c := range 6 {
		firstRow.SetGiven(c, c+1)
	}
	_, sols := reference.LocalSet(t, "9x9-minimal", 0)
	boards := []*sudoku.Board{sudoku.NewBoard(geometry(t, 2, 2)), firstRow}
	n := 20
	if raceEnabled {
		// The race detector slows the rules tenfold: the 39,168 grids
		// of the 6x6 board with its first row alone take 20 s.
		boards, n = boards[:1], 5
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range n {
		boards = append(boards, holes(t, rng, sols[i], 50, false))
	}
	for _, set := range ruleSets[1:] {
		for _, w := range []int{1, 2} {
			for _, b := range boards {
				want, err := search.Count(ctx, b, 0, search.WithGeneralEngine(), search.WithWorkers(1))
				if err != nil {
					t.Fatal(err)
				}
				got, err := search.Count(ctx, b, 0, search.WithRules(set.rules), search.WithWorkers(w))
				if err != nil || got != want {
					t.Fatalf("%s, %d workers, %s: count %d (%v), want %d", set.name, w, b.Line(), got, err, want)
				}
				sol, err := search.Solve(ctx, b, search.WithRules(set.rules), search.WithWorkers(w))
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, b, sol)
			}
		}
	}

	// On hard puzzles the rules leave fewer nodes to search.
	hard := reference.LocalBoards(t, "9x9-levels/guessing", 0)
	nodes := func(opts ...search.Option) int64 {
		var total int64
		for _, p := range hard {
			var st search.Stats
			if _, err := search.Count(ctx, p, 2, append(opts, search.WithStats(&st), search.WithWorkers(1))...); err != nil {
				t.Fatal(err)
			}
			total += st.Nodes
		}
		return total
	}
	plain, ladder := nodes(search.WithGeneralEngine()), nodes(search.WithRules(simpleLadder(false)))
	if ladder >= plain {
		t.Errorf("with every rule %d nodes, with singles alone %d", ladder, plain)
	}
	t.Logf("nodes for %d puzzles: singles %d, every rule %d", len(hard), plain, ladder)
}

func TestWithRulesErrors(t *testing.T) {
	b := sudoku.NewBoard(nil)
	ctx := context.Background()
	for _, rules := range []logic.Rules{
		{logic.HiddenPair, nil},
		simpleLadder(true),
		{logic.UniqueRectangle},
	} {
		if _, err := search.Solve(ctx, b, search.WithRules(rules)); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("WithRules(%v): %v, want ErrInvalidArgument", rules, err)
		}
	}
	// No solution stays no solution.
	p, err := sudoku.Parse("...79.2.6.....58...5..8........1.364.7....9..9.6834...1...78..3.......177...4....")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := search.Solve(ctx, p, search.WithRules(simpleLadder(false))); !errors.Is(err, search.ErrNoSolution) {
		t.Errorf("Solve = %v, want ErrNoSolution", err)
	}
}

// BenchmarkRules measures what rules at every node cost and save in a
// uniqueness check: time and nodes per puzzle for each rule set.
func BenchmarkRules(b *testing.B) {
	for _, name := range []string{"9x9-magictour-top1465", "16x16-minimal-100"} {
		puzzles := reference.Boards(b, name, 200)
		for _, set := range ruleSets {
			b.Run(fmt.Sprintf("%s/%s", name, set.name), func(b *testing.B) {
				opts := []search.Option{search.WithWorkers(1), search.WithGeneralEngine()}
				if set.rules != nil {
					opts = append(opts, search.WithRules(set.rules))
				}
				var nodes int64
				i := 0
				for b.Loop() {
					var st search.Stats
					if n, err := search.Count(context.Background(), puzzles[i%len(puzzles)], 2, append(opts, search.WithStats(&st))...); n != 1 || err != nil {
						b.Fatal(n, err)
					}
					nodes += st.Nodes
					i++
				}
				b.ReportMetric(float64(nodes)/float64(i), "nodes/op")
			})
		}
	}
}
