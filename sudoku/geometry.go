package sudoku

import (
	"fmt"
	"slices"
	"sync"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/internal/geomtab"
)

// Limits of the geometries this package builds.
const (
	// MaxDigits is the largest N: candidates elsewhere in the library are
	// uint64 bitmasks, one bit per digit.
	MaxDigits = 64
	// MaxCells is the largest number of cells a custom geometry may have
	// (the tables of a geometry name a cell in two bytes).
	MaxCells = 1 << 16
)

// maxUnitPairs bounds the pairs of cells the units of a custom geometry
// make (see NewCustomGeometry), and so its peer tables.
const maxUnitPairs = 1 << 24

// UnitKind says what a unit is, for messages and for rules that care
// (a box-line intersection, say). Solvers treat every unit alike.
type UnitKind uint8

// The kinds of unit.
const (
	Region   UnitKind = iota // any other all-different group of cells
	Row                      // a row of a board or of a cube face
	Column                   // a column of a board or of a cube face
	Box                      // a box of a board or of a cube face
	Diagonal                 // a main diagonal (diagonal Sudoku)
	Edge                     // stickers of one cubie that must differ
)

var kindNames = contract.NewNames[UnitKind]("sudoku", "UnitKind", "region", "row", "column", "box", "diagonal", "edge")

// String returns the kind's name in lower case, such as "row".
func (k UnitKind) String() string { return kindNames.String(k) }

// Unit is a group of cells whose digits must all differ. A unit of exactly
// N cells (N the number of digits) is a house: it holds every digit once.
type Unit struct {
	Kind  UnitKind `json:"kind"`
	Cells []int    `json:"cells"`
	// Name, when set, names the unit in messages ("row 3 of the front
	// face"); otherwise it is named by its kind and its rank among the
	// units of that kind ("row 3").
	Name string `json:"name,omitempty"`
}

// Spec describes a geometry for [NewCustomGeometry]: the cells, the units,
// and optionally how the cells are laid out as text.
type Spec struct {
	// Digits is N: every cell takes a digit 1..N. 1 <= N <= MaxDigits.
	Digits int `json:"digits"`
	// Cells is the number of cells, numbered 0..Cells-1.
	Cells int `json:"cells"`
	// Rows and Cols, when set, lay cell r*Cols+c out at row r, column c in
	// text, and Rows*Cols must equal Cells. When zero, text lists the cells
	// in order on one line and cells are named "cell 1", "cell 2", ...
	Rows int `json:"rows,omitempty"`
	Cols int `json:"cols,omitempty"`
	// BoxRows and BoxCols, when set, draw box lines in [Board.Pretty] every
	// BoxRows rows and BoxCols columns. They must divide Rows and Cols.
	BoxRows int `json:"boxRows,omitempty"`
	BoxCols int `json:"boxCols,omitempty"`
	// Units are the all-different groups. Each has 1..Digits distinct cells.
	Units []Unit `json:"units"`
	// CellNames, when set, name each cell in messages (len must be Cells).
	CellNames []string `json:"cellNames,omitempty"`
}

// Geometry is an immutable set of cells and units shared by every board on
// it. It is safe for concurrent use. What its methods return is the
// caller's own: slices are fresh copies, so changing one changes nothing
// else, and the accessors that take an index ([Geometry.Peer],
// [Geometry.UnitCell], ...) read without allocating. A nil or zero
// Geometry has no cells and no units: its methods return zero values.
type Geometry struct {
	digits           int
	cells            int
	rows, cols       int
	boxRows, boxCols int
	standard         bool   // built by NewGeometry: rows, columns, boxes in that order
	units            []Unit // Cells shared with tab.UnitCells; never handed out
	ordinal          []int  // ordinal of each unit among units of its kind
	tab              geomtab.Tables
	names            []string
}

// emptyTables are the tables of a nil geometry.
var emptyTables geomtab.Tables

func init() {
	geomtab.Register(func(g *Geometry) *geomtab.Tables {
		if g == nil {
			return &emptyTables
		}
		return &g.tab
	})
}

var standardGeometries sync.Map // [2]int{boxRows, boxCols} -> *Geometry

// NewGeometry returns the geometry of a board whose boxes are boxRows cells
// high and boxCols cells wide: N = boxRows*boxCols digits on an N x N grid
// with N rows, N columns and N boxes. NewGeometry(3, 3) is the classic 9x9
// board and NewGeometry(2, 3) the 6x6 board with boxes 2 high and 3 wide.
//
// It accepts exactly the shapes with both sides at least 2 and at most
// [MaxDigits] cells a box: from 2x2 (the 4x4 board) to 8x8 and 2x32 or
// 32x2 (64x64 boards), every rectangle in between included, such as 7x9
// for 63x63. Any other shape, zero, negative or too large numbers
// included, is an error wrapping both [ErrSize] and [ErrInvalidArgument].
//
// Geometries of the same shape are built once and shared.
func NewGeometry(boxRows, boxCols int) (*Geometry, error) {
	if err := checkShape(boxRows, boxCols); err != nil {
		return nil, fmt.Errorf("%w: %w", err, ErrInvalidArgument)
	}
	key := [2]int{boxRows, boxCols}
	if g, ok := standardGeometries.Load(key); ok {
		return g.(*Geometry), nil
	}
	g, _ := standardGeometries.LoadOrStore(key, buildStandard(boxRows, boxCols))
	return g.(*Geometry), nil
}

// checkShape returns nil for a box shape NewGeometry builds, else an error
// wrapping ErrSize: that of a shape read from input.
func checkShape(boxRows, boxCols int) error {
	if boxRows < 2 || boxCols < 2 || boxRows > MaxDigits || boxCols > MaxDigits || boxRows*boxCols > MaxDigits {
		return fmt.Errorf("%w: boxes of %dx%d (each side 2 or more, at most %d cells a box)", ErrSize, boxRows, boxCols, MaxDigits)
	}
	return nil
}

// GeometryForSize returns the geometry of an N x N board with the most
// square box shape, boxes no higher than wide: 9 gives 3x3 boxes, 6 gives
// boxes 2 high and 3 wide, 12 gives 3x4, 8 gives 2x4. Sizes with no such
// shape (primes, N < 4, N > 64) get an error wrapping [ErrSize] and
// [ErrInvalidArgument].
func GeometryForSize(n int) (*Geometry, error) {
	r, c, ok := boxShape(n)
	if !ok {
		return nil, fmt.Errorf("%w: no box shape for a %dx%d board (N from 4 to %d, not prime): %w",
			ErrSize, n, n, MaxDigits, ErrInvalidArgument)
	}
	return NewGeometry(r, c)
}

// Classic returns the geometry of the 9x9 board with 3x3 boxes.
func Classic() *Geometry { return classicGeometry }

// classic reports whether g is the classic geometry: 9x9, 3x3 boxes, no
// other unit.
func (g *Geometry) classic() bool { return g.standard && g.boxRows == 3 && g.boxCols == 3 }

// classicGeometry is the geometry Classic returns, looked up once: boards
// and solvers ask for it on every call.
var classicGeometry, _ = NewGeometry(3, 3)

// AddDiagonals returns g with its two main diagonals added as units, each
// holding every digit once: diagonal Sudoku (Sudoku X) on any board size.
// g must lay its cells out N x N for N digits; otherwise the error wraps
// [ErrGeometry] (and [ErrInvalidArgument] for a nil g).
func AddDiagonals(g *Geometry) (*Geometry, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: AddDiagonals(nil): %w", ErrGeometry, ErrInvalidArgument)
	}
	n := g.digits
	if g.rows != n || g.cols != n {
		return nil, fmt.Errorf("%w: diagonals need an N x N layout of N digits, not %s: %w", ErrGeometry, g, ErrInvalidArgument)
	}
	spec := g.Spec()
	down, up := make([]int, n), make([]int, n)
	for i := range n {
		down[i] = g.Cell(i, i)
		up[i] = g.Cell(i, n-1-i)
	}
	spec.Units = append(spec.Units, Unit{Kind: Diagonal, Cells: down}, Unit{Kind: Diagonal, Cells: up})
	return NewCustomGeometry(spec)
}

// boxShape returns the most square boxRows x boxCols = n with
// 2 <= boxRows <= boxCols.
func boxShape(n int) (rows, cols int, ok bool) {
	if n < 4 || n > MaxDigits {
		return 0, 0, false
	}
	for r := 2; r*r <= n; r++ {
		if n%r == 0 {
			rows, cols, ok = r, n/r, true
		}
	}
	return rows, cols, ok
}

func buildStandard(br, bc int) *Geometry {
	n := br * bc
	units := make([]Unit, 0, 3*n)
	for r := range n {
		cells := make([]int, n)
		for c := range n {
			cells[c] = r*n + c
		}
		units = append(units, Unit{Kind: Row, Cells: cells})
	}
	for c := range n {
		cells := make([]int, n)
		for r := range n {
			cells[r] = r*n + c
		}
		units = append(units, Unit{Kind: Column, Cells: cells})
	}
	for b := range n {
		r0, c0 := (b/br)*br, (b%br)*bc
		cells := make([]int, 0, n)
		for r := r0; r < r0+br; r++ {
			for c := c0; c < c0+bc; c++ {
				cells = append(cells, r*n+c)
			}
		}
		units = append(units, Unit{Kind: Box, Cells: cells})
	}
	g := &Geometry{digits: n, cells: n * n, rows: n, cols: n, boxRows: br, boxCols: bc, standard: true, units: units}
	g.derive()
	return g
}

// NewCustomGeometry builds a geometry from a specification, for variants
// such as diagonal Sudoku, extra regions or the faces of a cube. It checks
// the specification and returns an error wrapping [ErrGeometry] (and
// [ErrInvalidArgument]) that says what is wrong. The specification is
// copied; later changes to it have no effect on the geometry.
//
// Besides [MaxCells] cells and as many units, the units may pair at most
// 2^24 cells with each other in all (a unit of k cells makes k(k-1) pairs;
// a board of 65,536 cells in four families of 64-cell houses fits), which
// bounds the peer tables a geometry keeps to about 32 MiB and the time to
// build them to about a second.
func NewCustomGeometry(s Spec) (*Geometry, error) {
	bad := func(format string, args ...any) (*Geometry, error) {
		return nil, fmt.Errorf("%w: %s: %w", ErrGeometry, fmt.Sprintf(format, args...), ErrInvalidArgument)
	}
	switch {
	case s.Digits < 1 || s.Digits > MaxDigits:
		return bad("%d digits (want 1 to %d)", s.Digits, MaxDigits)
	case s.Cells < 1 || s.Cells > MaxCells:
		return bad("%d cells (want 1 to %d)", s.Cells, MaxCells)
	case s.Rows < 0 || s.Cols < 0 || (s.Rows == 0) != (s.Cols == 0) || s.Rows > s.Cells || s.Cols > s.Cells:
		return bad("layout of %d rows and %d columns", s.Rows, s.Cols)
	case s.Rows > 0 && s.Rows*s.Cols != s.Cells:
		return bad("layout of %dx%d does not hold %d cells", s.Rows, s.Cols, s.Cells)
	case s.BoxRows < 0 || s.BoxCols < 0 || (s.BoxRows == 0) != (s.BoxCols == 0):
		return bad("box lines of %dx%d", s.BoxRows, s.BoxCols)
	case s.BoxRows > 0 && (s.Rows == 0 || s.Rows%s.BoxRows != 0 || s.Cols%s.BoxCols != 0):
		return bad("box lines of %dx%d do not divide a %dx%d layout", s.BoxRows, s.BoxCols, s.Rows, s.Cols)
	case s.CellNames != nil && len(s.CellNames) != s.Cells:
		return bad("%d cell names for %d cells", len(s.CellNames), s.Cells)
	case len(s.Units) > MaxCells:
		return bad("%d units (at most %d)", len(s.Units), MaxCells)
	}
	pairs := 0
	for _, u := range s.Units {
		k := min(len(u.Cells), s.Digits) // longer units are refused below
		pairs += k * (k - 1)
	}
	if pairs > maxUnitPairs {
		return bad("units that pair %d cells with each other (at most %d)", pairs, maxUnitPairs)
	}
	units := make([]Unit, len(s.Units))
	seen := make([]int, s.Cells) // last unit (1-based) that used each cell
	for i, u := range s.Units {
		if len(u.Cells) == 0 || len(u.Cells) > s.Digits {
			return bad("unit %d has %d cells (want 1 to %d)", i, len(u.Cells), s.Digits)
		}
		if !kindNames.Valid(u.Kind) {
			return bad("unit %d has unknown kind %d", i, u.Kind)
		}
		for _, c := range u.Cells {
			if c < 0 || c >= s.Cells {
				return bad("unit %d names cell %d (cells are 0 to %d)", i, c, s.Cells-1)
			}
			if seen[c] == i+1 {
				return bad("unit %d names cell %d twice", i, c)
			}
			seen[c] = i + 1
		}
		units[i] = Unit{Kind: u.Kind, Cells: slices.Clone(u.Cells), Name: u.Name}
	}
	g := &Geometry{
		digits: s.Digits, cells: s.Cells, rows: s.Rows, cols: s.Cols,
		boxRows: s.BoxRows, boxCols: s.BoxCols, units: units, names: slices.Clone(s.CellNames),
	}
	g.derive()
	return g, nil
}

// derive fills the tables computed from the units.
func (g *Geometry) derive() {
	counts := make([]int, len(kindNames.List()))
	t := &g.tab
	g.ordinal = make([]int, len(g.units))
	t.UnitCells = make([][]int, len(g.units))
	t.CellUnits = make([][]int, g.cells)
	t.CellHouses = make([][]int, g.cells)
	for i, u := range g.units {
		t.UnitCells[i] = u.Cells
		g.ordinal[i] = counts[u.Kind]
		counts[u.Kind]++
		if len(u.Cells) == g.digits {
			t.Houses = append(t.Houses, i)
		}
		for _, c := range u.Cells {
			t.CellUnits[c] = append(t.CellUnits[c], i)
			if len(u.Cells) == g.digits {
				t.CellHouses[c] = append(t.CellHouses[c], i)
			}
		}
	}
	// Peers, in one backing array, each cell's in increasing order: p
	// runs over the cells in order and joins the list of every cell of
	// its units (once: last marks the cells p has joined).
	last := make([]int, g.cells)
	count := make([]int, g.cells)
	eachPeer := func(add func(c, p int)) {
		clear(last)
		for p := range g.cells {
			for _, u := range t.CellUnits[p] {
				for _, c := range g.units[u].Cells {
					if c != p && last[c] != p+1 {
						last[c] = p + 1
						add(c, p)
					}
				}
			}
		}
	}
	eachPeer(func(c, _ int) { count[c]++ })
	total := 0
	for _, k := range count {
		total += k
	}
	all := make([]uint16, total)
	t.Peers = make([][]uint16, g.cells)
	at := 0
	for c, k := range count {
		if k > 0 {
			t.Peers[c] = all[at : at : at+k]
		}
		at += k
	}
	eachPeer(func(c, p int) { t.Peers[c] = append(t.Peers[c], uint16(p)) })
	if g.cells <= geomtab.MaxSightCells {
		t.Sight = make([]uint64, (g.cells*g.cells+63)/64)
		for a, peers := range t.Peers {
			for _, b := range peers {
				i := a*g.cells + int(b)
				t.Sight[i>>6] |= 1 << (i & 63)
			}
		}
	}
}

// Digits returns N, the number of digits: cells take values 1..N.
func (g *Geometry) Digits() int {
	if g == nil {
		return 0
	}
	return g.digits
}

// NumCells returns the number of cells.
func (g *Geometry) NumCells() int {
	if g == nil {
		return 0
	}
	return g.cells
}

// NumUnits returns the number of units.
func (g *Geometry) NumUnits() int {
	if g == nil {
		return 0
	}
	return len(g.units)
}

// hasUnit reports whether i is a unit of g.
func (g *Geometry) hasUnit(i int) bool { return g != nil && i >= 0 && i < len(g.units) }

// hasCell reports whether c is a cell of g.
func (g *Geometry) hasCell(c int) bool { return g != nil && c >= 0 && c < g.cells }

// Unit returns a copy of unit i (the zero Unit when out of range): its
// Cells slice is new, the caller's to keep or change. [Geometry.UnitKind],
// [Geometry.UnitSize] and [Geometry.UnitCell] read a unit without
// allocating.
func (g *Geometry) Unit(i int) Unit {
	if !g.hasUnit(i) {
		return Unit{}
	}
	u := g.units[i]
	u.Cells = slices.Clone(u.Cells)
	return u
}

// Units returns a copy of every unit, in order. The slice and the units'
// Cells are new, the caller's to keep or change.
func (g *Geometry) Units() []Unit {
	if g == nil {
		return nil
	}
	out := make([]Unit, len(g.units))
	all := make([]int, 0, g.unitCellCount())
	for i, u := range g.units {
		start := len(all)
		all = append(all, u.Cells...)
		out[i] = Unit{Kind: u.Kind, Cells: all[start:len(all):len(all)], Name: u.Name}
	}
	return out
}

// unitCellCount returns the number of cells over all units.
func (g *Geometry) unitCellCount() int {
	n := 0
	for _, u := range g.units {
		n += len(u.Cells)
	}
	return n
}

// UnitKind returns the kind of unit i (Region when out of range).
func (g *Geometry) UnitKind(i int) UnitKind {
	if !g.hasUnit(i) {
		return Region
	}
	return g.units[i].Kind
}

// UnitSize returns the number of cells of unit i (0 when out of range).
func (g *Geometry) UnitSize(i int) int {
	if !g.hasUnit(i) {
		return 0
	}
	return len(g.units[i].Cells)
}

// UnitCell returns the j-th cell (0-based) of unit i, or -1 when i or j is
// out of range. With [Geometry.UnitSize] it walks a unit without
// allocating.
func (g *Geometry) UnitCell(i, j int) int {
	if !g.hasUnit(i) || j < 0 || j >= len(g.units[i].Cells) {
		return -1
	}
	return g.units[i].Cells[j]
}

// Houses returns the indices of the units that have exactly N cells and so
// hold every digit once, in increasing order. The slice is new, the
// caller's to keep or change; [Geometry.IsHouse] tests one unit.
func (g *Geometry) Houses() []int {
	if g == nil {
		return nil
	}
	return slices.Clone(g.tab.Houses)
}

// CellUnits returns the indices of the units that hold cell c, in
// increasing order (nil when out of range). The slice is new, the
// caller's to keep or change; [Geometry.IsHouse] tells which are houses.
func (g *Geometry) CellUnits(c int) []int {
	if !g.hasCell(c) {
		return nil
	}
	return slices.Clone(g.tab.CellUnits[c])
}

// IsHouse reports whether unit i has exactly N cells.
func (g *Geometry) IsHouse(i int) bool {
	return g.hasUnit(i) && len(g.units[i].Cells) == g.digits
}

// Peers returns the cells that share a unit with cell c, in increasing
// order (nil when out of range). The slice is new, the caller's to keep
// or change; [Geometry.NumPeers] and [Geometry.Peer] read the peers
// without allocating, and [Geometry.IsPeer] tests one.
func (g *Geometry) Peers(c int) []int {
	if !g.hasCell(c) {
		return nil
	}
	peers := make([]int, len(g.tab.Peers[c]))
	for i, p := range g.tab.Peers[c] {
		peers[i] = int(p)
	}
	return peers
}

// NumPeers returns the number of peers of cell c (0 when out of range).
func (g *Geometry) NumPeers(c int) int {
	if !g.hasCell(c) {
		return 0
	}
	return len(g.tab.Peers[c])
}

// Peer returns the i-th peer (0-based, in increasing order) of cell c, or
// -1 when c or i is out of range.
func (g *Geometry) Peer(c, i int) int {
	if !g.hasCell(c) || i < 0 || i >= len(g.tab.Peers[c]) {
		return -1
	}
	return int(g.tab.Peers[c][i])
}

// IsPeer reports whether cells a and b are different cells that share a
// unit.
func (g *Geometry) IsPeer(a, b int) bool {
	if !g.hasCell(a) || !g.hasCell(b) {
		return false
	}
	return g.tab.Sees(a, b)
}

// Rows returns the number of rows of the text layout (0 if none).
func (g *Geometry) Rows() int {
	if g == nil {
		return 0
	}
	return g.rows
}

// Cols returns the number of columns of the text layout (0 if none).
func (g *Geometry) Cols() int {
	if g == nil {
		return 0
	}
	return g.cols
}

// BoxRows returns the height of a box, or 0 when the layout has no boxes.
func (g *Geometry) BoxRows() int {
	if g == nil {
		return 0
	}
	return g.boxRows
}

// BoxCols returns the width of a box, or 0 when the layout has no boxes.
func (g *Geometry) BoxCols() int {
	if g == nil {
		return 0
	}
	return g.boxCols
}

// IsStandard reports whether g was built by [NewGeometry] (or
// [GeometryForSize]): an N x N board of rows, columns and boxes only.
func (g *Geometry) IsStandard() bool { return g != nil && g.standard }

// Cell returns the index of the cell at row and col (0-based) of the
// layout, or -1 when there is no such cell.
func (g *Geometry) Cell(row, col int) int {
	if g == nil || row < 0 || col < 0 || row >= g.rows || col >= g.cols {
		return -1
	}
	return row*g.cols + col
}

// RowCol returns the layout position of cell c (0-based), or -1, -1 when
// the geometry has no grid layout or c is out of range.
func (g *Geometry) RowCol(c int) (row, col int) {
	if !g.hasCell(c) || g.cols == 0 {
		return -1, -1
	}
	return c / g.cols, c % g.cols
}

// CellName names cell c for messages: "r3c5" (1-based) on a grid layout,
// the specification's name when one was given, else "cell 8" (1-based).
func (g *Geometry) CellName(c int) string {
	switch {
	case !g.hasCell(c):
		return fmt.Sprintf("cell %d (out of range)", c)
	case g.names != nil:
		return g.names[c]
	case g.cols > 0:
		return fmt.Sprintf("r%dc%d", c/g.cols+1, c%g.cols+1)
	}
	return fmt.Sprintf("cell %d", c+1)
}

// UnitName names unit i for messages: its [Unit.Name] when set, else its
// kind and rank among the units of that kind, such as "row 3" or "box 7"
// (1-based).
func (g *Geometry) UnitName(i int) string {
	if !g.hasUnit(i) {
		return fmt.Sprintf("unit %d (out of range)", i)
	}
	if g.units[i].Name != "" {
		return g.units[i].Name
	}
	return fmt.Sprintf("%s %d", g.units[i].Kind, g.ordinal[i]+1)
}

// String describes the geometry, such as "9x9 board (3x3 boxes)".
func (g *Geometry) String() string {
	if g == nil {
		return "nil geometry"
	}
	if g.standard {
		return fmt.Sprintf("%dx%d board (%dx%d boxes)", g.rows, g.cols, g.boxRows, g.boxCols)
	}
	return fmt.Sprintf("geometry of %d cells, %d units, digits 1-%d", g.cells, len(g.units), g.digits)
}

// Spec returns a copy of the specification of g, which can be changed and
// passed to [NewCustomGeometry] to build a variant (add a unit, say).
func (g *Geometry) Spec() Spec {
	if g == nil {
		return Spec{}
	}
	return Spec{
		Digits: g.digits, Cells: g.cells, Rows: g.rows, Cols: g.cols,
		BoxRows: g.boxRows, BoxCols: g.boxCols, CellNames: slices.Clone(g.names),
		Units: g.Units(),
	}
}

// Equal reports whether g and o describe the same cells, units, layout and
// names. Boards on equal geometries can be compared and copied.
func (g *Geometry) Equal(o *Geometry) bool {
	if g == o {
		return true
	}
	if g == nil || o == nil || g.digits != o.digits || g.cells != o.cells || g.rows != o.rows ||
		g.cols != o.cols || g.boxRows != o.boxRows || g.boxCols != o.boxCols ||
		len(g.units) != len(o.units) || !slices.Equal(g.names, o.names) {
		return false
	}
	for i, u := range g.units {
		if u.Kind != o.units[i].Kind || u.Name != o.units[i].Name || !slices.Equal(u.Cells, o.units[i].Cells) {
			return false
		}
	}
	return true
}
