//go:build race

package reference_test

// raceEnabled reports whether the race detector is on: it slows the
// counts of the big boards tenfold.
const raceEnabled = true
