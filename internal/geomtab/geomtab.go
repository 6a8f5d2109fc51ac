// Package geomtab hands the derived tables of a sudoku.Geometry to the
// library's own solvers without copying them.
//
// Package sudoku gives its users copies or read-only accessors only, so
// that no caller can change a geometry other code shares. Its hot paths
// (propagation in logic, the search, the annealer's cost) read the same
// tables at every step, where a copy per call would cost more than the
// step. They read them here: package sudoku registers, when it is
// initialised, the function that finds a geometry's tables, and this
// package, which imports nothing of the library, passes them on. Being
// internal, it is out of reach of code outside the module.
//
// The tables are shared by every board on the geometry and by every
// goroutine: nothing may write to them.
package geomtab

import "slices"

// Tables are the facts about a geometry that solvers look up. Every slice
// is shared and read-only.
type Tables struct {
	// UnitCells lists the cells of each unit, in the unit's order.
	UnitCells [][]int
	// Houses lists the units of exactly N cells, in increasing order.
	Houses []int
	// CellUnits lists, for each cell, the units that hold it.
	CellUnits [][]int
	// CellHouses lists, for each cell, the houses that hold it.
	CellHouses [][]int
	// Peers lists, for each cell, the other cells of its units, in
	// increasing order. A geometry has at most 1<<16 cells
	// (sudoku.MaxCells), so two bytes hold a cell: the peers of a 64x64
	// board take 1.4 MB.
	Peers [][]uint16
	// Sight has bit a*NumCells+b set when b is a peer of a, on geometries
	// of up to MaxSightCells cells, and is nil on larger ones: a look-up
	// where Peers needs a search.
	Sight []uint64
}

// MaxSightCells bounds the geometries with a Sight matrix: 1024 cells
// take 128 KiB, a cube of 64x64 faces would take hundreds of megabytes.
const MaxSightCells = 1024

// Sees reports whether cells a and b are peers.
func (t *Tables) Sees(a, b int) bool {
	if t.Sight != nil {
		i := a*len(t.Peers) + b
		return t.Sight[i>>6]>>(i&63)&1 != 0
	}
	_, ok := slices.BinarySearch(t.Peers[a], uint16(b))
	return ok
}

// of is the function Register set: a func(*G) *Tables for the geometry
// type G of package sudoku, which this package cannot name without an
// import cycle. Of asserts it back to the same type.
var of any

// Register sets the function that returns the tables of a geometry. It is
// called once, by package sudoku's initialisation, with G its Geometry.
func Register[G any](f func(*G) *Tables) { of = f }

// Of returns the tables of g, a *sudoku.Geometry (nil gives empty tables).
// G is the type Register was given; another one is a bug of the module and
// panics. Callers on a hot path fetch the tables once (per state, per
// call) and index them directly.
func Of[G any](g *G) *Tables { return of.(func(*G) *Tables)(g) }
