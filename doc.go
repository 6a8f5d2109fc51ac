// Package cubedoku is a library for Sudoku in two and three dimensions:
// classic boards of every box size from 4x4 to 64x64, variants with extra
// regions, and Sudoku on the faces of a cube.
//
// Everything rests on one idea: a puzzle is a geometry, a set of cells that
// each take a digit 1..N, and a list of units, groups of cells whose digits
// must all differ. The packages are written once against a geometry, so
// they serve every board and variant alike:
//
//   - [github.com/cubedoku/cubedoku/sudoku]: Geometry and Board, parsing and
//     printing of the usual formats, validation. It imports nothing else of
//     the library.
//   - [github.com/cubedoku/cubedoku/logic]: the candidate state (a bitmask per
//     cell) and its propagation: naked and hidden singles, contradictions
//     reported as values; human-style rules with explained steps, hints
//     and logic-only solving.
//   - [github.com/cubedoku/cubedoku/search]: an exact depth-first solver,
//     parallel on request, that finds a solution, counts solutions up to a
//     limit (uniqueness) or yields them all.
//   - [github.com/cubedoku/cubedoku/grade]: the difficulty of a puzzle for a
//     person, from the rules it needs.
//   - [github.com/cubedoku/cubedoku/generate]: puzzles with a proved unique
//     solution on any geometry: random grids, minimal or symmetric clue
//     patterns, target levels and rules, reproducible from a seed.
//   - [github.com/cubedoku/cubedoku/anneal]: simulated annealing, generic
//     over a problem's state and moves, with cooling schedules and the
//     annealing model of Sudoku on any geometry.
//   - [github.com/cubedoku/cubedoku/cube]: Sudoku on three or six faces of
//     a cube, with matching or differing edges: its geometry, built from
//     cubie coordinates, the unfolded net as text, JSON and SVG, and
//     annealing face by face on parallel workers.
//
// The runnable programs under examples/ show each in use; examples/solve
// solves puzzles from files or standard input, examples/hint explains and
// grades them, examples/schedule and examples/phase anneal, and
// examples/cube solves, counts and draws cubes, examples/generate makes
// puzzles and examples/uniqueness measures how many empty cells a cube
// puzzle can have and stay unique.
//
// A short program:
//
//	b, err := sudoku.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
//	if err != nil {
//		return err // says what is wrong with the text, and where
//	}
//	sol, err := search.Solve(ctx, b)
//	if err != nil {
//		return err // search.ErrNoSolution, or the context's error
//	}
//	fmt.Print(sol.Grid())
//	n, err := search.Count(ctx, b, 2) // 1: the solution is unique
package cubedoku
