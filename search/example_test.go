package search_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

func ExampleSolve() {
	b, err := sudoku.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := search.Solve(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(sol.Pretty())
	// Output:
	// 8 1 2 | 7 5 3 | 6 4 9
	// 9 4 3 | 6 8 2 | 1 7 5
	// 6 7 5 | 4 9 1 | 2 8 3
	// ------+-------+------
	// 1 5 4 | 2 3 7 | 8 9 6
	// 3 6 9 | 8 4 5 | 7 2 1
	// 2 8 7 | 1 6 9 | 5 3 4
	// ------+-------+------
	// 5 2 1 | 9 7 4 | 3 6 8
	// 4 3 8 | 5 2 6 | 9 1 7
	// 7 9 6 | 3 1 8 | 4 5 2
}

func ExampleSolve_noSolution() {
	// Two 5s in the first row.
	b, _ := sudoku.Parse("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	_, err := search.Solve(context.Background(), b)
	fmt.Println(errors.Is(err, search.ErrNoSolution))
	var conflict *sudoku.ConflictError
	if errors.As(err, &conflict) {
		fmt.Println(conflict.Conflicts[0].Digit, b.Geometry().CellName(conflict.Conflicts[0].A), b.Geometry().CellName(conflict.Conflicts[0].B))
	}
	// Output:
	// true
	// 5 r1c1 r1c2
}

func ExampleCount() {
	// The empty 4x4 board has 288 solutions; a limit of 2 is enough to
	// tell that it is not unique.
	g, _ := sudoku.NewGeometry(2, 2)
	empty := sudoku.NewBoard(g)
	all, _ := search.Count(context.Background(), empty, 0)
	some, _ := search.Count(context.Background(), empty, 2)
	fmt.Println(all, some)
	// Output: 288 2
}

func ExampleAll() {
	// A 4x4 puzzle with few givens: list its solutions in search order.
	b, _ := sudoku.Parse("12..34..........")
	n := 0
	for sol, err := range search.All(context.Background(), b, search.WithWorkers(1)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		n++
		if n <= 2 {
			fmt.Println(sol.Line())
		}
	}
	fmt.Println(n, "solutions")
	// Output:
	// 1234341221434321
	// 1234341223414123
	// 12 solutions
}

func ExampleWithSeed() {
	g, _ := sudoku.NewGeometry(4, 4)
	b := sudoku.NewBoard(g) // every 16x16 grid solves it
	var first *sudoku.Board
	for range 2 {
		sol, err := search.Solve(context.Background(), b, search.WithWorkers(1), search.WithSeed(42))
		if err != nil {
			fmt.Println(err)
			return
		}
		if first == nil {
			first = sol
		}
		fmt.Println(sol.Validate() == nil && sol.Filled(), sol.Equal(first))
	}
	// Output:
	// true true
	// true true
}

func ExampleWithObserver() {
	g, _ := sudoku.NewGeometry(5, 5)
	b := sudoku.NewBoard(g)
	calls := 0
	_, err := search.Solve(context.Background(), b, search.WithObserver(func(p search.Progress) error {
		if calls == 0 {
			fmt.Printf("started: %d cells, %d decided\n", p.Cells, p.BestDecided)
		}
		calls++
		return nil // an error here would end the search and be returned
	}))
	fmt.Println(err)
	// Output:
	// started: 625 cells, 0 decided
	// <nil>
}

func ExampleWithNodeLimit() {
	// Counting every 9x9 grid would take days; a node limit ends the
	// call after about 100,000 nodes, at the same point on every machine
	// (a deadline would not), with the count reached so far.
	empty := sudoku.NewBoard(sudoku.Classic())
	n, err := search.Count(context.Background(), empty, 0, search.WithNodeLimit(100_000))
	fmt.Println(errors.Is(err, search.ErrNodeLimit), n > 0)
	// Output: true true
}

func ExampleWithMarks() {
	// Is there a solution other than the one we know? Mark one open cell
	// with every digit but the known one, and count.
	b, _ := sudoku.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	ctx := context.Background()
	sol, _ := search.Solve(ctx, b)
	marks := make([]uint64, b.Geometry().NumCells())
	all := uint64(1)<<b.Geometry().Digits() - 1
	marks[1] = all &^ (1 << (sol.Get(1) - 1))
	n, _ := search.Count(ctx, b, 1, search.WithMarks(marks))
	fmt.Println("other solutions with", b.Geometry().CellName(1), "changed:", n)
	// Output: other solutions with r1c2 changed: 0
}

func ExampleUnique() {
	ctx := context.Background()
	b, _ := sudoku.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	sol, err := search.Unique(ctx, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Line())
	// Take a clue out: the puzzle has several solutions.
	b.SetGiven(0, 0)
	_, err = search.Unique(ctx, b)
	fmt.Println(errors.Is(err, search.ErrMultipleSolutions))
	// Output:
	// 812753649943682175675491283154237896369845721287169534521974368438526917796318452
	// true
}
