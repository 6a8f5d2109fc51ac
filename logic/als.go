package logic

import (
	"math/bits"
	"slices"
	"sync"
)

// An almost locked set (ALS) is a set of k open cells of one house whose
// candidates are k+1 digits in all: take any one digit away and the
// other k are locked in those cells. A single cell with two candidates is
// one too. The rules of this family (ALS-XZ, ALS-XY-Wing, death blossom)
// join such sets through the digits they share; the chain rules can use
// the same table for their ALS nodes: build it with [State.almostLocked]
// and look the sets up by digit.

// maxALSCells caps the size of the sets enumerated on boards with more
// than nine digits, where the subsets of a house are too many to list at
// every step; on 9x9 boards every size is listed.
const maxALSCells = 5

// cellSet is a set of cells of a state as a bitmask, w words long (w from
// [alsTable]); the sets of a table live in one flat slice.
type cellSet []uint64

// als is one almost locked set of an [alsTable].
type als struct {
	house  int    // the house it lies in (the lowest, if it lies in several)
	cells  []int  // its cells, in increasing order
	digits uint64 // its candidates: one more than cells
	set    int    // offset in alsTable.sets of its cell set, then its per-digit sets
}

// alsTable lists the almost locked sets of a state, with what the rules
// ask of them as cell bitmasks, so that "does every x of A see every x of
// B" and "which cells see every z of A and B" are a few word operations.
type alsTable struct {
	joined [][]alsLink // per set: the sets joined to it, see links
	once   sync.Once
	w      int         // words of a cell set
	n      int         // digits
	slots  []int32     // per set and digit index: the offset of its per-digit sets, see slot
	list   []als       // the sets, house by house
	flat   []int       // the cells of the sets, one after the other
	sets   []uint64    // per set: its cells, then per digit of its mask (in increasing order) the cells holding it and the cells seeing them all
	peers  []uint64    // per cell: its peers
	cand   []uint64    // per digit index: the open cells holding it
	byDig  [64][]int32 // per digit index: the sets holding it
}

// alsTables keeps the table of the last state asked (see stateMemo). A
// table is read-only once made (its links are made once, under its
// sync.Once).
var alsTables stateMemo[*alsTable]

// almostLocked returns the almost locked sets of s (every size on boards
// of up to nine digits, up to maxALSCells cells on larger ones), each
// listed once even when it lies in two houses.
func (s *State) almostLocked() *alsTable {
	if t, ok := alsTables.get(s); ok {
		return t
	}
	t := s.listALS()
	alsTables.put(s, t)
	return t
}

// listALS makes the table of [State.almostLocked].
func (s *State) listALS() *alsTable {
	cells := len(s.cand)
	w := (cells + 63) / 64
	t := &alsTable{w: w, n: s.n, peers: make([]uint64, cells*w), cand: make([]uint64, s.n*w),
		sets: make([]uint64, 0, 48*cells*w), flat: make([]int, 0, 12*cells), list: make([]als, 0, 4*cells)}
	for c := range cells {
		if s.value[c] != 0 {
			continue
		}
		p := t.peers[c*w : (c+1)*w]
		for _, q := range s.t.Peers[c] {
			p[q>>6] |= 1 << (q & 63)
		}
		for m := s.cand[c]; m != 0; m &= m - 1 {
			e := bits.TrailingZeros64(m)
			t.cand[e*w+c>>6] |= 1 << (c & 63)
		}
	}
	limit := 64
	if s.n > 9 {
		limit = maxALSCells
	}
	var open, stack []int
	for _, h := range s.t.Houses {
		open = open[:0]
		for _, c := range s.t.UnitCells[h] {
			if s.value[c] == 0 {
				open = append(open, c)
			}
		}
		// A set of all the open cells has as many digits as cells.
		size := min(len(open)-1, limit)
		var walk func(from int, union uint64)
		walk = func(from int, union uint64) {
			for i := from; i < len(open); i++ {
				u := union | s.cand[open[i]]
				k := bits.OnesCount64(u)
				if k > size+1 {
					continue
				}
				stack = append(stack, open[i])
				if k == len(stack)+1 {
					t.add(s, h, stack, u)
				}
				if len(stack) < size {
					walk(i+1, u)
				}
				stack = stack[:len(stack)-1]
			}
		}
		walk(0, 0)
	}
	return t
}

// add records the set of cells of s in house h with candidates digits,
// unless its cells also lie in a house listed before h.
func (t *alsTable) add(s *State, h int, cells []int, digits uint64) {
	for _, o := range s.t.CellHouses[cells[0]] {
		if o >= h {
			continue
		}
		all := true
		for _, c := range cells[1:] {
			if !slices.Contains(s.t.CellHouses[c], o) {
				all = false
				break
			}
		}
		if all {
			return
		}
	}
	w := t.w
	from := len(t.flat)
	t.flat = append(t.flat, cells...)
	a := als{house: h, cells: t.flat[from:len(t.flat):len(t.flat)], digits: digits, set: len(t.sets)}
	words := w * (1 + 2*bits.OnesCount64(digits))
	t.sets = slices.Grow(t.sets, words)[:len(t.sets)+words]
	clear(t.sets[a.set:])
	own := t.sets[a.set : a.set+w]
	for _, c := range cells {
		own[c>>6] |= 1 << (c & 63)
	}
	i := len(t.list)
	t.slots = slices.Grow(t.slots, t.n)[:len(t.slots)+t.n]
	for m, k := digits, 0; m != 0; m, k = m&(m-1), k+1 {
		e := bits.TrailingZeros64(m)
		t.byDig[e] = append(t.byDig[e], int32(i))
		t.slots[i*t.n+e] = int32(a.set + w*(1+2*k))
		holds := t.sets[a.set+w*(1+2*k) : a.set+w*(2+2*k)]
		seen := t.sets[a.set+w*(2+2*k) : a.set+w*(3+2*k)]
		first := true
		for _, c := range cells {
			if s.cand[c]&(1<<uint(e)) == 0 {
				continue
			}
			holds[c>>6] |= 1 << (c & 63)
			p := t.peers[c*w : (c+1)*w]
			if first {
				copy(seen, p)
				first = false
			} else {
				for j := range seen {
					seen[j] &= p[j]
				}
			}
		}
	}
	t.list = append(t.list, a)
}

// cellsOf returns the cells of set i.
func (t *alsTable) cellsOf(i int) cellSet {
	o := t.list[i].set
	return t.sets[o : o+t.w]
}

// slot returns the offset of the per-digit sets of digit index e in set
// i; e must be one of its digits.
func (t *alsTable) slot(i, e int) int { return int(t.slots[i*t.n+e]) }

// holding returns the cells of set i holding digit index e.
func (t *alsTable) holding(i, e int) cellSet {
	o := t.slot(i, e)
	return t.sets[o : o+t.w]
}

// seeing returns the cells that see every cell of set i holding digit
// index e (none of set i's own cells holding e among them).
func (t *alsTable) seeing(i, e int) cellSet {
	o := t.slot(i, e) + t.w
	return t.sets[o : o+t.w]
}

// disjoint reports whether sets i and j share no cell.
func (t *alsTable) disjoint(i, j int) bool {
	a, b := t.cellsOf(i), t.cellsOf(j)
	for k := range a {
		if a[k]&b[k] != 0 {
			return false
		}
	}
	return true
}

// subset reports whether a is a subset of b.
func subset(a, b cellSet) bool {
	for k := range a {
		if a[k]&^b[k] != 0 {
			return false
		}
	}
	return true
}

// and sets dst to a AND b and reports whether it is not empty.
func and(dst, a, b cellSet) bool {
	var nz uint64
	for k := range dst {
		dst[k] = a[k] & b[k]
		nz |= dst[k]
	}
	return nz != 0
}

// members yields the cells of set in increasing order.
func (set cellSet) members(yield func(int) bool) {
	for k, word := range set {
		for ; word != 0; word &= word - 1 {
			if !yield(k*64 + bits.TrailingZeros64(word)) {
				return
			}
		}
	}
}

// first returns the lowest cell of set, -1 when it is empty.
func (set cellSet) first() int {
	for k, word := range set {
		if word != 0 {
			return k*64 + bits.TrailingZeros64(word)
		}
	}
	return -1
}
