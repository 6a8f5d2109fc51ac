package cube_test

import (
	"context"
	"fmt"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/cube"
)

// ExampleAnneal solves an empty six-face cube of 9x9 faces by annealing it
// face by face. With one worker and a seed the answer is the same every
// time; with more, the first worker to finish wins.
func ExampleAnneal() {
	c, err := cube.New(3, cube.SixFaces, cube.Match)
	if err != nil {
		fmt.Println(err)
		return
	}
	var stats cube.Stats
	sol, err := cube.Anneal(context.Background(), c, cube.Master, cube.WithSeed(1), cube.WithWorkers(1), cube.WithStats(&stats))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Solved(), sol.Validate(), stats.Runs >= 6)
	fmt.Println("front, row 1:", sol.Face(cube.Front).Line()[:9])
	// Output:
	// true <nil> true
	// front, row 1: 472831956
}

// ExampleWithAnneal tunes the annealing of each face with options of
// package anneal (here Lambert and Whitlock's schedule A and longer
// chains), while the shared options are the cube's own.
func ExampleWithAnneal() {
	c, err := cube.New(2, cube.ThreeFaces, cube.Differ)
	if err != nil {
		fmt.Println(err)
		return
	}
	schedule, err := anneal.LambertWhitlock(anneal.VariantA)
	if err != nil {
		fmt.Println(err)
		return
	}
	var stats cube.Stats
	sol, err := cube.Anneal(context.Background(), c, cube.Chains,
		cube.WithAnneal(anneal.WithSchedule(schedule), anneal.WithMovesPerChain(100)),
		cube.WithSeed(2), cube.WithWorkers(1), cube.WithStats(&stats))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Solved(), sol.Validate(), stats.Seed, stats.Workers)
	// Output: true <nil> 2 1
}
