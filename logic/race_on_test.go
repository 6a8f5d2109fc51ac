//go:build race

package logic_test

// raceEnabled reports whether the race detector is on; its slowdown
// shrinks the samples of the property tests.
const raceEnabled = true
