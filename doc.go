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
//   - [github.com/cubedoku/cubedoku/play]: the state of a game being
//     played, for an app: entries and pencil marks (an entry clears the
//     marks it rules out), undo and redo, mistakes as cells, staged hints
//     that never stall on a unique puzzle, and a saved game in JSON that is
//     checked when read back.
//   - [github.com/cubedoku/cubedoku/anneal]: simulated annealing, generic
//     over a problem's state and moves, with cooling schedules and the
//     annealing model of Sudoku on any geometry.
//   - [github.com/cubedoku/cubedoku/draw]: boards of any geometry drawn as
//     SVG, in one style for boards and cubes: givens, entries, pencil
//     marks, a hint step at each stage, mistakes and conflicts.
//   - [github.com/cubedoku/cubedoku/cube]: Sudoku on three or six faces of
//     a cube, with matching or differing edges: its geometry, built from
//     cubie coordinates, the unfolded net as text, JSON and SVG (drawn
//     with package draw), and annealing face by face on parallel workers.
//
// The runnable programs under examples/ show each in use; examples/solve
// solves puzzles from files or standard input, examples/hint explains,
// draws and grades them, examples/schedule and examples/phase anneal, and
// examples/cube solves, counts and draws cubes, examples/generate makes
// puzzles, examples/uniqueness measures how many empty cells a cube
// puzzle can have and stay unique, and examples/web serves a playable page,
// the library compiled to WebAssembly.
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
//	fmt.Print(sol.Pretty())
//	n, err := search.Count(ctx, b, 2) // 1: the solution is unique
//
// # One contract
//
// Every package follows the same rules, so that code using several of
// them reads as one library.
//
// Calls. A call that may run long takes a [context.Context] first and
// options last, and returns its answer and an error:
// Verb(ctx, subject, required arguments..., opts...) (answer, error). It
// returns within about 10 ms of the context's end, with the context's
// error, and no goroutine it started outlives it. Options are values of
// the package's own Option type, made by its With functions; a nil
// option, or one made with a bad argument, makes the call fail. When an
// option is repeated, the last one wins (generate's WithRequired and
// WithForbidden, which name techniques, add up instead); an option that
// does not concern a call is ignored by it.
//
// Shared options. Where a package has them, these options have the same
// name, meaning and default everywhere:
//
//   - WithWorkers(n): how many goroutines work at once. 0, the default,
//     means runtime.GOMAXPROCS(0); 1 runs on the calling goroutine. A
//     negative count, or one above [sudoku.MaxWorkers], is an error.
//     Where the workers share one search (package search), more of them
//     than processors would only take turns, so at most GOMAXPROCS run;
//     where each draws its own random stream (anneal, generate, cube),
//     n of them run, so that a seed gives the same answer on any
//     machine. Stats.Workers says how many ran.
//   - WithSeed(seed): the seed of every random stream of a call that draws
//     random numbers. Without it a random seed is drawn and reported in
//     the statistics, so a run can be repeated; with one worker the same
//     seed gives the same answer. Package search is the exception: its
//     seed is 0 unless set, so a search with one worker is always
//     reproducible.
//   - WithStats(&stats): the call fills the package's Stats when it
//     returns, whatever the outcome (for an iterator, when the loop over
//     it ends). Every Stats has the fields Workers (the workers that ran),
//     Elapsed (wall time) and, where the call draws random numbers, Seed.
//     This is the only way statistics come back: answers carry none.
//   - Limits that, unlike a deadline, are the same on every machine are
//     named for what they count: search.WithNodeLimit,
//     anneal.WithChainLimit, generate.WithAttemptLimit;
//     generate.WithTimeLimit is a budget of wall time after which the best
//     answer so far is kept. A limit of 0, the default, means no limit.
//     A count of something allowed, where 0 means none (anneal's reheats
//     and restarts), takes anneal.Unlimited for no limit instead.
//   - WithObserver(f): f is called with the package's Progress as the call
//     goes, never concurrently; an error from f ends the call, which
//     returns that error.
//
// Errors. Every error wraps a sentinel of its own package or of a
// package below it (grade and draw have none of their own), tested with
// [errors.Is], and keeps its cause: an error from a package below is
// wrapped with %w all the way up, so [errors.As] finds a
// [*sudoku.ConflictError] or a [*sudoku.ParseError] whatever package
// returned it. A bad argument, in every package, wraps the one
// [sudoku.ErrInvalidArgument]. No input makes a call panic, hang, or
// take memory out of proportion to what it keeps.
//
// Values. Every value an app stores or shows has a text form and a JSON
// form: enumerations (techniques, levels, symmetries, strategies...)
// implement [encoding.TextMarshaler] and [encoding.TextUnmarshaler] with
// the names their String methods print, and each has a ParseX function
// that reads a name; structs encode with camelCase JSON keys.
//
// Data. What a function returns is the caller's to keep and change; what
// it takes and documents as read-only, it never changes. Shared values
// ([sudoku.Geometry], a zero cube.Cube) are safe to read from many
// goroutines at once, and give out copies or read-only views.
package cubedoku
