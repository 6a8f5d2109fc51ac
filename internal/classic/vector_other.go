//go:build !amd64 || purego

package classic

// hasVector is false: vectorPropagate is written for amd64 only.
const hasVector = false

// vectorPropagate is never called where hasVector is false; it reports a
// contradiction with nothing changed.
func vectorPropagate(cand *[3][9]uint32, open *[3]uint32, placed bool) int { return -1 }

// vectorLoad is never called where hasVector is false; it does nothing.
func vectorLoad(digits *[96]uint8, cand *[3][9]uint32, open *[3]uint32) {}

// vectorFill is never called where hasVector is false; it does nothing.
func vectorFill(cand *[3][9]uint32, open *[3]uint32, digits *[9]uint8, out *[96]uint8) {}
