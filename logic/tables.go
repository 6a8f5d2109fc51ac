package logic

import (
	"runtime"
	"slices"
	"sync"
	"weak"

	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/sudoku"
)

// tables are the facts about a geometry that the rules look up: which
// houses overlap and which houses form families. They are derived once
// per geometry and kept while the geometry lives.
type tables struct {
	// overlaps lists every ordered pair of houses sharing two or more
	// cells, with the shared cells (locked candidates).
	overlaps []overlap
	// families are groups of pairwise disjoint houses of one kind other
	// than boxes, each of 2 to 64 houses (fish).
	families []family
	// allHouses is true when every unit is a house (BUG+1 needs it).
	allHouses bool
}

// boxKind is the kind of unit the fish and the turbot rules leave out.
const boxKind = sudoku.Box

type overlap struct {
	from, to int   // houses
	shared   []int // cells in both
	// fromRest and toRest are the other cells of from and of to, in
	// their houses' order.
	fromRest, toRest []int
}

type family struct {
	houses []int
	at     []int8 // per cell: index in houses, or -1
}

var (
	tablesMu    sync.Mutex
	tablesCache = map[weak.Pointer[sudoku.Geometry]]*tables{}
)

// tablesOf returns the tables of g, deriving them on first use. The cache
// holds g weakly: an entry goes when its geometry is collected.
func tablesOf(g *sudoku.Geometry) *tables {
	key := weak.Make(g)
	tablesMu.Lock()
	t, ok := tablesCache[key]
	tablesMu.Unlock()
	if ok {
		return t
	}
	t = deriveTables(g)
	tablesMu.Lock()
	if old, ok := tablesCache[key]; ok {
		t = old
	} else {
		tablesCache[key] = t
		runtime.AddCleanup(g, func(k weak.Pointer[sudoku.Geometry]) {
			tablesMu.Lock()
			delete(tablesCache, k)
			tablesMu.Unlock()
		}, key)
	}
	tablesMu.Unlock()
	return t
}

// without returns the cells of cells not in drop, in order.
func without(cells, drop []int) []int {
	return slices.DeleteFunc(slices.Clone(cells), func(c int) bool { return slices.Contains(drop, c) })
}

func deriveTables(g *sudoku.Geometry) *tables {
	tab := geomtab.Of(g) // shared, read-only: no copy per unit or cell
	houses := tab.Houses
	t := &tables{allHouses: len(houses) == g.NumUnits()}
	// Overlaps: for each house, count the cells it shares with others.
	shared := make([][]int, g.NumUnits())
	for _, a := range houses {
		for _, c := range tab.UnitCells[a] {
			for _, b := range tab.CellHouses[c] {
				if b != a {
					shared[b] = append(shared[b], c)
				}
			}
		}
		for _, b := range houses {
			if len(shared[b]) >= 2 {
				t.overlaps = append(t.overlaps, overlap{from: a, to: b, shared: shared[b],
					fromRest: without(tab.UnitCells[a], shared[b]), toRest: without(tab.UnitCells[b], shared[b])})
			}
			shared[b] = nil
		}
	}
	// Families: greedy, in unit order, per kind other than boxes.
	byKind := map[sudoku.UnitKind][]*family{}
	var order []*family
	for _, h := range houses {
		kind, cells := g.UnitKind(h), tab.UnitCells[h]
		if kind == boxKind {
			continue
		}
		var home *family
		for _, f := range byKind[kind] {
			if len(f.houses) < 64 && disjoint(f, cells) {
				home = f
				break
			}
		}
		if home == nil {
			home = &family{at: make([]int8, g.NumCells())}
			for i := range home.at {
				home.at[i] = -1
			}
			byKind[kind] = append(byKind[kind], home)
			order = append(order, home)
		}
		for _, c := range cells {
			home.at[c] = int8(len(home.houses))
		}
		home.houses = append(home.houses, h)
	}
	for _, f := range order {
		if len(f.houses) >= 2 {
			t.families = append(t.families, *f)
		}
	}
	return t
}

func disjoint(f *family, cells []int) bool {
	for _, c := range cells {
		if f.at[c] >= 0 {
			return false
		}
	}
	return true
}
