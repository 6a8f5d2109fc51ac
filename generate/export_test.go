package generate

// ShuffleFrom is shuffleFrom for the tests: the least N of the plain
// boards whose grids are shuffled patterns rather than searched from
// random starts (see Solution).
const ShuffleFrom = shuffleFrom
