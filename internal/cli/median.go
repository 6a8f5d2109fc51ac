package cli

// Median returns the median of sorted values, the mean of the two middle
// ones for an even count; 0 for none.
func Median[T ~int | ~int64 | ~float64](sorted []T) T {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	return (sorted[(n-1)/2] + sorted[n/2]) / 2
}
