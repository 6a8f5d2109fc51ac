//go:build !race

package reference_test

const raceEnabled = false
