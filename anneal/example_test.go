package anneal_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func ExampleSolve() {
	b, err := sudoku.Parse("..4.27..1......4.2.3.4...7.3..74..9.8.139.....96..1....2....3........6.4..7....8.")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Singles placed first stay fixed; one worker and a seed repeat the run.
	singles := func(_ context.Context, b *sudoku.Board) (*sudoku.Board, error) { return logic.PlaceSingles(b) }
	var st anneal.Stats
	sol, err := anneal.Solve(context.Background(), b, anneal.WithPresolve(singles),
		anneal.WithSeed(1), anneal.WithWorkers(1), anneal.WithStats(&st))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(st.Status, sol.Validate() == nil)
	fmt.Print(sol.Pretty())
	// Output:
	// target reached true
	// 9 6 4 | 5 2 7 | 8 3 1
	// 1 7 8 | 9 6 3 | 4 5 2
	// 2 3 5 | 4 1 8 | 9 7 6
	// ------+-------+------
	// 3 5 2 | 7 4 6 | 1 9 8
	// 8 4 1 | 3 9 2 | 7 6 5
	// 7 9 6 | 8 5 1 | 2 4 3
	// ------+-------+------
	// 4 2 9 | 6 8 5 | 3 1 7
	// 5 8 3 | 1 7 9 | 6 2 4
	// 6 1 7 | 2 3 4 | 5 8 9
}

// squares is a problem of its own: pick n integers in 0..99 whose squares
// sum to a target, one number changed by a move.
type squares struct{ target int }

func (q squares) Cost(s []int) float64 {
	sum := 0
	for _, x := range s {
		sum += x * x
	}
	return math.Abs(float64(sum - q.target))
}

func (q squares) Propose(s []int, r *rand.Rand) [2]int { return [2]int{r.IntN(len(s)), r.IntN(100)} }

func (q squares) Delta(s []int, m [2]int) float64 {
	sum := 0
	for _, x := range s {
		sum += x * x
	}
	after := sum - s[m[0]]*s[m[0]] + m[1]*m[1]
	return math.Abs(float64(after-q.target)) - math.Abs(float64(sum-q.target))
}

func (q squares) Apply(s []int, m [2]int) { s[m[0]] = m[1] }

func (q squares) Copy(dst, src []int) []int { return append(dst[:0], src...) }

func ExampleRun() {
	start := make([]int, 4)
	var st anneal.Stats
	best, err := anneal.Run(context.Background(), squares{target: 2026}, start,
		anneal.WithTarget(0), anneal.WithSeed(3), anneal.WithWorkers(1), anneal.WithMovesPerChain(100),
		anneal.WithReheat(anneal.Reheat{Max: anneal.Unlimited, Stagnant: 10}), anneal.WithStats(&st))
	if err != nil {
		fmt.Println(err)
		return
	}
	sum := 0
	for _, x := range best {
		sum += x * x
	}
	fmt.Println(st.Status, st.BestCost, sum)
	// Output: target reached 0 2026
}

func ExampleScheduleFunc() {
	// Cool by 10 % a chain while the cost is high, by 1 % near the end.
	gentle := anneal.ScheduleFunc(func(p anneal.Progress) float64 {
		if p.Cost > 4 {
			return 0.9 * p.Temperature
		}
		return 0.99 * p.Temperature
	})
	b := sudoku.NewBoard(nil) // an empty 9x9 board
	sol, err := anneal.Solve(context.Background(), b, anneal.WithSchedule(gentle), anneal.WithSeed(2), anneal.WithWorkers(1))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Solved())
	// Output: true
}

func ExampleCostDependent() {
	// Cool fast (by half) while the cost is near its start, slowly (by
	// 2 %) once it has fallen by 90 %. Bad rows are an error here, where
	// the schedule is made, not in a run.
	s, err := anneal.CostDependent(anneal.CostRate{Fall: 0, Rate: 50}, anneal.CostRate{Fall: 90, Rate: 98})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Next(anneal.Progress{Temperature: 1, InitialCost: 100, Cost: 100}))
	fmt.Println(s.Next(anneal.Progress{Temperature: 1, InitialCost: 100, Cost: 5}))
	_, err = anneal.CostDependent()
	fmt.Println(err)
	// Output:
	// 0.5
	// 0.98
	// anneal: CostDependent: no rows: invalid argument
}

func ExampleWithObserver() {
	enough := errors.New("enough")
	chains := 0
	_, err := anneal.Solve(context.Background(), sudoku.NewBoard(nil), anneal.WithSeed(1), anneal.WithWorkers(1),
		anneal.WithObserver(func(p anneal.Progress) error {
			chains++
			if p.Chains == 3 {
				return enough // stop after three chains
			}
			return nil
		}))
	fmt.Println(chains, errors.Is(err, enough), err)
	// Output: 3 true anneal: observer: enough
}

// ExampleParallel runs an annealer of one's own on the runner: each task
// anneals an empty 16x16 board in short runs of at most 10 chains, each
// from a new random start, until one solves it; the first task to solve
// it wins and the others stop. The statistics of every run add up in
// those of WithStats.
func ExampleParallel() {
	g, err := sudoku.NewGeometry(4, 4)
	if err != nil {
		fmt.Println(err)
		return
	}
	empty := sudoku.NewBoard(g)
	var st anneal.Stats
	sol, err := anneal.Parallel(context.Background(), 0, func(ctx context.Context, w *anneal.Worker) (*sudoku.Board, error) {
		for {
			// Each run gets its own seed from the task's stream, the
			// call's observer and chain limit, and adds to its stats.
			b, err := anneal.Solve(ctx, empty, w.Options(anneal.WithChainLimit(10))...)
			if !errors.Is(err, anneal.ErrNotSolved) || w.ChainsLeft() == 0 {
				return b, err // solved, or out of chains, or cut short
			}
		}
	}, anneal.WithWorkers(2), anneal.WithSeed(1), anneal.WithChainLimit(100_000), anneal.WithStats(&st))
	// Two tasks ran on one worker each; runs of at most 10 chains each.
	fmt.Println(sol.Solved(), err, st.Workers, st.Runs >= 1, st.Chains <= 10*st.Runs)
	// Output: true <nil> 2 true true
}
