//go:build race

package grade_test

// raceEnabled reports whether the race detector is on; its slowdown
// shrinks the samples.
const raceEnabled = true
