//go:build amd64 && !purego

package classic

// vectorPropagate applies the digit rules and naked singles to the state
// of cand and open until they change nothing, on all nine digits at once
// with AVX2 (see vector_amd64.s), and leaves that state in them; with
// placed, it first takes from every digit the cells that its placed cells
// see, and from the other digits the placed cells (see load). It
// returns the number of rounds it ran, or on a contradiction -1 when the
// band rule left a digit no cell in a band, and -2 when an open cell has
// no digit left or a placed cell has two; cand and open then hold the
// state where it stopped.
//
//go:noescape
func vectorPropagate(cand *[3][9]uint32, open *[3]uint32, placed bool) int

// vectorLoad sets open to the cells of digits (a classic board's, then
// zeros) that hold 0, and cand[b][d] to the open cells of band b and
// those that hold d+1.
//
//go:noescape
func vectorLoad(digits *[96]uint8, cand *[3][9]uint32, open *[3]uint32)

// vectorFill writes into each byte of out[:81] that is 0 the digit of its
// cell if the cell is placed: digits[k] for the cells of word k of cand
// that open does not hold.
//
//go:noescape
func vectorFill(cand *[3][9]uint32, open *[3]uint32, digits *[9]uint8, out *[96]uint8)

// cpuid returns the registers the CPUID instruction sets for leaf and
// sub-leaf sub.
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns the low word of the register that says which vector
// states the operating system saves.
func xgetbv() uint32

// hasVector reports whether the processor and the operating system
// support AVX2, which vectorPropagate needs.
var hasVector = func() bool {
	if max, _, _, _ := cpuid(0, 0); max < 7 {
		return false
	}
	const osxsave, avx = 1 << 27, 1 << 28
	if _, _, ecx, _ := cpuid(1, 0); ecx&osxsave == 0 || ecx&avx == 0 {
		return false
	}
	const xmm, ymm = 1 << 1, 1 << 2
	if xgetbv()&(xmm|ymm) != xmm|ymm {
		return false
	}
	const avx2 = 1 << 5
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&avx2 != 0
}()
