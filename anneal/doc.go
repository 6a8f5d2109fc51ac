// Package anneal is a simulated-annealing engine, generic over the state
// and move types of the problem it solves, and the annealing model of
// Sudoku on any [sudoku.Geometry]. It imports no exact method of the
// library (logic, search): deductions made before annealing are the
// caller's, passed in with [WithPresolve].
//
// A problem is three small interfaces: [Cost] (the full cost of a state
// and the change a move would make), [Neighborhood] (propose a random
// move, apply it in place) and [Copier] (copy a state, for each worker and
// to keep the best one). [Run] anneals it: Metropolis chains, one per
// temperature, a [Schedule] setting the next temperature from the
// [Progress] of the last chain, reheats and restarts when stuck, several
// independent workers at once, an observer per chain, and a context that
// ends the run promptly. Schedules shipped: [Geometric], the
// cost-dependent schedules A-D of Lambert and Whitlock (2010)
// ([LambertWhitlock], [CostDependent]), [Linear], [Logarithmic],
// [LundyMees] and [Adaptive]; a [ScheduleFunc] is a schedule too. The
// constructors check their arguments and return an error for bad ones,
// and a run checks what a user's schedule or cost gives, so no NaN or
// negative temperature reaches a chain.
//
// [Solve] anneals a puzzle with the [Model] of Lewis (2007): boxes filled
// with their missing digits, swaps within a box, and a cost of repeated
// digits in the other units, kept up to date from digit counts so that a
// move looks only at the units of its two cells. Annealing finds
// solutions; it cannot prove there is none (package search can).
//
// [Parallel] runs annealers made of several runs (a puzzle solved part
// by part, say) on parallel workers, the first to succeed winning: it
// shares out the workers, seeds, observer calls, chain limit and
// statistics of one call among the runs of its tasks. Package cube's
// face-by-face strategies are built on it.
//
// The calls follow the library's contract (see the root package): a
// context first and options last; [WithWorkers] (0, the default, one per
// processor), [WithSeed], [WithChainLimit], [WithObserver] and
// [WithStats] as in every package; bad arguments reported by errors
// wrapping [sudoku.ErrInvalidArgument].
//
// No limit is said one way for each kind of number. A limit on the work
// of a call, which ends it when reached ([WithChainLimit]), is off at 0,
// its default, as every limit of the library is. A count of something a
// worker is allowed to do, where 0 means not at all (the reheats of
// [Reheat].Max, the restarts of [WithRestarts], both 0 by default), takes
// [Unlimited] for no limit.
package anneal
