package reference

import (
	"math/bits"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Count counts the solutions of b up to limit (limit < 1 means 1) by plain
// backtracking and returns the count and the first solution it met (nil
// when there is none). It shares no code with package search, so the
// counts in the in-repository sets are checked independently of the
// library's solver. It keeps the digits used in each unit and, at each
// step, branches on the fewest choices it can see: the candidates of one
// empty cell, or the places left for a missing digit in one unit (each
// solution puts the digit in exactly one of them, so the count stays
// exact). Nothing is deduced and nothing is remembered between steps:
// slow on big boards with few clues, quick on the sets kept here.
//
// Every digit on b counts as fixed. A board whose digits already clash
// has no solution.
func Count(b *sudoku.Board, limit int) (int, *sudoku.Board) {
	limit = max(limit, 1)
	g := b.Geometry()
	n, digits := g.NumCells(), g.Digits()
	all := uint64(1)<<digits - 1 // all ones for 64 digits: 1<<64 is 0
	cellUnits := make([][]int, n)
	unitCells := make([][]int, g.NumUnits())
	used := make([]uint64, g.NumUnits()) // the digits placed in each unit
	grid := make([]int, n)
	var empty []int
	for c := range n {
		cellUnits[c] = g.CellUnits(c) // a copy of its own
		for _, u := range cellUnits[c] {
			unitCells[u] = append(unitCells[u], c)
		}
		grid[c] = b.Get(c)
		if grid[c] == 0 {
			empty = append(empty, c)
		}
	}
	for c, d := range grid {
		if d == 0 {
			continue
		}
		bit := uint64(1) << (d - 1)
		for _, u := range cellUnits[c] {
			if used[u]&bit != 0 {
				return 0, nil
			}
			used[u] |= bit
		}
	}
	candidates := func(c int) uint64 {
		m := all
		for _, u := range cellUnits[c] {
			m &^= used[u]
		}
		return m
	}
	place := func(c int, bit uint64) {
		for _, u := range cellUnits[c] {
			used[u] |= bit
		}
		grid[c] = bits.TrailingZeros64(bit) + 1
	}
	unplace := func(c int, bit uint64) {
		for _, u := range cellUnits[c] {
			used[u] &^= bit
		}
		grid[c] = 0
	}
	count, left := 0, len(empty)
	var first *sudoku.Board
	var walk func() bool // false: stop, the limit is reached
	walk = func() bool {
		if left == 0 {
			count++
			if first == nil {
				first = b.Clone()
				for _, c := range empty {
					if err := first.Set(c, grid[c]); err != nil {
						panic(err) // a digit of 1..digits on an empty cell
					}
				}
			}
			return count < limit
		}
		// The empty cell with the fewest candidates.
		cell, cellMask, best := -1, uint64(0), digits+1
		for _, c := range empty {
			if grid[c] != 0 {
				continue
			}
			m := candidates(c)
			if k := bits.OnesCount64(m); k < best {
				cell, cellMask, best = c, m, k
				if k == 0 {
					return true
				}
			}
		}
		// A digit missing from a unit with fewer places, if any.
		unit, digit := -1, uint64(0)
		if best > 1 {
			var counts [64]int
			for u, cells := range unitCells {
				missing := all &^ used[u]
				if missing == 0 {
					continue
				}
				for m := missing; m != 0; m &= m - 1 {
					counts[bits.TrailingZeros64(m)] = 0
				}
				for _, c := range cells {
					if grid[c] != 0 {
						continue
					}
					for m := candidates(c); m != 0; m &= m - 1 {
						counts[bits.TrailingZeros64(m)]++
					}
				}
				for m := missing; m != 0; m &= m - 1 {
					d := bits.TrailingZeros64(m)
					if counts[d] < best {
						unit, digit, best = u, m&-m, counts[d]
						if best == 0 {
							return true
						}
					}
				}
			}
		}
		left--
		defer func() { left++ }()
		if unit < 0 {
			for m := cellMask; m != 0; m &= m - 1 {
				bit := m & -m
				place(cell, bit)
				more := walk()
				unplace(cell, bit)
				if !more {
					return false
				}
			}
			return true
		}
		places := make([]int, 0, best) // this level's own: walk below recurses
		for _, c := range unitCells[unit] {
			if grid[c] == 0 && candidates(c)&digit != 0 {
				places = append(places, c)
			}
		}
		for _, c := range places {
			place(c, digit)
			more := walk()
			unplace(c, digit)
			if !more {
				return false
			}
		}
		return true
	}
	walk()
	return count, first
}
