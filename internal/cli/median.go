package cli

import "time"

// Millis returns a duration in milliseconds, to the microsecond.
func Millis(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}

// Median returns the median of sorted values, the mean of the two middle
// ones for an even count; 0 for none.
func Median[T ~int | ~int64 | ~float64](sorted []T) T {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	return (sorted[(n-1)/2] + sorted[n/2]) / 2
}
