package anneal_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

func ExampleSolve() {
	b, err := sudoku.Parse("..4.27..1......4.2.3.4...7.3..74..9.8.139.....96..1....2....3........6.4..7....8.")
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := anneal.Solve(context.Background(), b, anneal.WithSeed(1), anneal.WithPropagation(true))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Best.Board().Validate() == nil)
	fmt.Print(res.Best.Board().Pretty())
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
	res, err := anneal.Run(context.Background(), squares{target: 2026}, start,
		anneal.WithTarget(0), anneal.WithSeed(3), anneal.WithChainLength(100),
		anneal.WithReheat(anneal.Reheat{Max: anneal.Unlimited, Stagnant: 10}))
	if err != nil {
		fmt.Println(err)
		return
	}
	sum := 0
	for _, x := range res.Best {
		sum += x * x
	}
	fmt.Println(res.Status, res.Cost, sum)
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
	res, err := anneal.Solve(context.Background(), b, anneal.WithSchedule(gentle), anneal.WithSeed(2))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Best.Board().Solved())
	// Output: target reached true
}

func ExampleWithObserver() {
	chains := 0
	_, err := anneal.Solve(context.Background(), sudoku.NewBoard(nil), anneal.WithSeed(1),
		anneal.WithObserver(func(p anneal.Progress) error {
			chains++
			if p.Chains == 3 {
				return anneal.ErrStop // enough: three chains
			}
			return nil
		}))
	fmt.Println(chains, err)
	// Output: 3 anneal: not solved: stopped after 3 chains, best cost 21
}
