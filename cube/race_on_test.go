//go:build race

package cube_test

// raceEnabled reports whether the race detector is on; its slowdown moves
// the longest counts out of race runs.
const raceEnabled = true
