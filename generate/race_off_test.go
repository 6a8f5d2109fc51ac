//go:build !race

package generate_test

// raceEnabled reports whether the race detector is on; its slowdown moves
// the longest counts out of race runs.
const raceEnabled = false
