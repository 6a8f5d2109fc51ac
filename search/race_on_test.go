//go:build race

package search_test

// raceEnabled reports whether the race detector is on; its slowdown moves
// the longest counts out of race runs.
const raceEnabled = true
