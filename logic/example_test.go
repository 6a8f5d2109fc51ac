package logic_test

import (
	"fmt"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func ExampleState_Propagate() {
	b, _ := sudoku.Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	s, _ := logic.NewState(b)
	fmt.Println(s.Left(), "open cells; r1c3 may hold", digits(s.Candidates(2)))
	if err := s.Propagate(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Left(), "open cells; r1c3 holds", s.Value(2))
	// Output:
	// 51 open cells; r1c3 may hold [1 2 4]
	// 0 open cells; r1c3 holds 4
}
