package grade_test

import (
	"context"
	"fmt"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/sudoku"
)

func ExamplePuzzle() {
	for _, line := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"...85.7.66..2.....5...469..8......9....9.75....7.14.2...8.......6.....1.9.4......",
		"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
	} {
		b, err := sudoku.Parse(line)
		if err != nil {
			fmt.Println(err)
			return
		}
		g, err := grade.Puzzle(context.Background(), b)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s %.2f %s, ER/EP/ED %.1f/%.1f/%.1f\n", g.Level, g.Score, g.Hardest, g.ER, g.EP, g.ED)
	}
	// Output:
	// simple 1.29 hidden single, ER/EP/ED 1.2/1.2/1.2
	// medium 2.60 locked candidates, ER/EP/ED 2.6/1.2/1.2
	// guessing 11.21 nested forcing chain, ER/EP/ED 11.2/11.2/9.7
}

// Levels read by name in any case, QQWing's names among them: its
// intermediate level (pairs and locked candidates) is Medium.
func ExampleParseLevel() {
	for _, name := range []string{"medium", "Intermediate", "EXPERT"} {
		l, err := grade.ParseLevel(name)
		fmt.Println(l, err)
	}
	// Output:
	// medium <nil>
	// medium <nil>
	// expert <nil>
}
