package tabu

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cubedoku/cubedoku/internal/geomtab"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestTabuBookkeeping runs tabu searches on boards with half of their
// cells open and checks, every few moves, what the search keeps up to
// date as it moves against the same worked out afresh from its digits:
// the counts per unit, the sums of the cells holding each digit in each
// unit, and the cost, how many of each open cell's units hold each digit
// and repeat its own, which cell of each block holds each digit, and the
// cells in conflict; that each block still holds its missing digits once
// each, each in a cell that may take it; and that the change of cost it
// works out for each swap it could make is the change the swap would
// make. Diagonal Sudoku, where two cells of a box may share a row and a
// diagonal, is among the boards.
func TestTabuBookkeeping(t *testing.T) {
	for _, box := range [][3]int{{4, 4}, {3, 4}, {6, 6}, {3, 3, 1}, {4, 4, 1}} {
		g, err := sudoku.NewGeometry(box[0], box[1])
		if err != nil {
			t.Fatal(err)
		}
		if box[2] == 1 {
			if g, err = sudoku.AddDiagonals(g); err != nil {
				t.Fatal(err)
			}
		}
		tb := tabuOnSolution(t, g, 0.45, 7, 1)
		checkMost(t, tb, g)
		for round := range 40 {
			tb.run(50)
			checkTabu(t, tb, round)
			if tb.cost == 0 {
				break
			}
		}
	}
}

// tabuOnSolution returns a tabu search of the given seed on a solution
// of the empty board of g (see solved), with each cell kept as a given
// with probability given (drawn from stream, with the digits of g as the
// other half of the seed).
func tabuOnSolution(t *testing.T, g *sudoku.Geometry, given float64, stream, seed uint64) *Search {
	t.Helper()
	full := solved(t, g)
	rng := rand.New(rand.NewPCG(uint64(g.Digits()), stream))
	b := sudoku.NewBoard(g)
	for c := range g.NumCells() {
		if rng.Float64() < given {
			if err := b.SetGiven(c, full.Get(c)); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, err := logic.NewState(b)
	if err == nil {
		err = s.Propagate()
	}
	if err != nil {
		t.Fatal(err)
	}
	tb := New(s, seed, nil)
	if tb == nil {
		t.Fatalf("%dx%d: no tabu search", g.Digits(), g.Digits())
	}
	return tb
}

// solved returns a solution of the empty board of g: the pattern grid
// of its box shape when that is one (see generate.Grid), else the first
// solution of the reference solver.
func solved(t *testing.T, g *sudoku.Geometry) *sudoku.Board {
	t.Helper()
	n, br, bc := g.Digits(), g.BoxRows(), g.BoxCols()
	b := sudoku.NewBoard(g)
	for c := range g.NumCells() {
		r, col := g.RowCol(c)
		if err := b.Set(c, (bc*(r%br)+r/br+col)%n+1); err != nil {
			t.Fatal(err)
		}
	}
	if b.Validate() == nil {
		return b
	}
	k, sol := reference.Count(sudoku.NewBoard(g), 1)
	if k != 1 {
		t.Fatalf("%v: no solution of the empty board", g)
	}
	return sol
}

// checkTabu compares the bookkeeping of tb with the same worked out from
// its digits.
func checkTabu(t *testing.T, tb *Search, round int) {
	t.Helper()
	count, sum := make([]int32, len(tb.count)), make([]int32, len(tb.sum))
	for c, v := range tb.val {
		for _, u := range tb.units[tb.unitStart[c]:tb.unitStart[c+1]] {
			count[int(u)*tb.stride+int(v)]++
			sum[int(u)*tb.stride+int(v)] += int32(c) + 1
		}
	}
	for i, k := range count {
		if k != tb.count[i] {
			t.Fatalf("round %d: count %d is %d, want %d", round, i, tb.count[i], k)
		}
		if sum[i] != tb.sum[i] {
			t.Fatalf("round %d: sum %d is %d, want %d", round, i, tb.sum[i], sum[i])
		}
	}
	if len(tb.changed) != 0 {
		t.Fatalf("round %d: %d cells left in the changed list", round, len(tb.changed))
	}
	cost := costOf(count)
	if cost != tb.cost {
		t.Fatalf("round %d: cost %d, want %d", round, tb.cost, cost)
	}
	inConf := map[int32]bool{}
	for i, c := range tb.conf {
		inConf[c] = true
		if tb.confAt[c] != int32(i) {
			t.Fatalf("round %d: cell %d is at %d of the conflicts, noted at %d", round, c, i, tb.confAt[c])
		}
	}
	for _, c := range tb.open {
		units := tb.units[tb.unitStart[c]:tb.unitStart[c+1]]
		for d := 1; d < tb.stride; d++ {
			n := 0
			for _, u := range units {
				if count[int(u)*tb.stride+d] > 0 {
					n++
				}
			}
			if got := tb.present[int(c)*tb.stride+d]; int(got) != n {
				t.Fatalf("round %d: cell %d has digit %d in %d units, noted %d", round, c, d, n, got)
			}
		}
		dup := 0
		for _, u := range units {
			if count[int(u)*tb.stride+int(tb.val[c])] > 1 {
				dup++
			}
		}
		if int(tb.dup[c]) != dup {
			t.Fatalf("round %d: cell %d repeats in %d units, noted %d", round, c, dup, tb.dup[c])
		}
		if inConf[c] != (dup > 0) {
			t.Fatalf("round %d: cell %d in the conflicts: %v, repeats in %d units", round, c, inConf[c], dup)
		}
		if tb.dom[c]&(1<<(tb.val[c]-1)) == 0 {
			t.Fatalf("round %d: cell %d holds %d, not a candidate", round, c, tb.val[c])
		}
		if h := tb.holder[int(tb.block[c])*tb.stride+int(tb.val[c])]; h != c {
			t.Fatalf("round %d: digit %d of block %d is held by %d, noted %d", round, tb.val[c], tb.block[c], c, h)
		}
	}
	if round%4 == 0 { // every fourth round: checking every swap is slow
		checkDeltas(t, tb, count, cost, round)
	}
	for i, cells := range tb.blocks {
		takers := make([]uint64, tb.stride)
		for _, c := range cells {
			for d := 1; d < tb.stride; d++ {
				if tb.dom[c]&(1<<(d-1)) != 0 {
					takers[d] |= 1 << (tb.val[c] - 1)
				}
			}
		}
		for d := 1; d < tb.stride; d++ {
			if got := tb.takers[i*tb.stride+d]; len(cells) > 0 && got != takers[d] {
				t.Fatalf("round %d: the takers of %d in block %d are %b, noted %b", round, d, i, takers[d], got)
			}
		}
		seen := map[uint8]bool{}
		for _, c := range cells {
			if seen[tb.val[c]] {
				t.Fatalf("round %d: block %d holds %d twice", round, i, tb.val[c])
			}
			seen[tb.val[c]] = true
		}
	}
}

// checkDeltas compares the change of cost that tb works out for each swap
// it could make with the cost of its digits, counted per unit in count
// (cost in all), worked out afresh with the two digits exchanged.
func checkDeltas(t *testing.T, tb *Search, count []int32, cost, round int) {
	t.Helper()
	swapped := make([]int32, len(count))
	for _, cells := range tb.blocks {
		for _, a := range cells {
			for _, b := range cells {
				x, y := int(tb.val[a]), int(tb.val[b])
				if a == b || tb.dom[a]&(1<<(y-1)) == 0 || tb.dom[b]&(1<<(x-1)) == 0 {
					continue
				}
				copy(swapped, count)
				for _, u := range tb.units[tb.unitStart[a]:tb.unitStart[a+1]] {
					swapped[int(u)*tb.stride+x]--
					swapped[int(u)*tb.stride+y]++
				}
				for _, u := range tb.units[tb.unitStart[b]:tb.unitStart[b+1]] {
					swapped[int(u)*tb.stride+y]--
					swapped[int(u)*tb.stride+x]++
				}
				if got, want := tb.delta(a, b), costOf(swapped)-cost; got != want {
					t.Fatalf("round %d: swapping cells %d and %d changes the cost by %d, worked out as %d", round, a, b, want, got)
				}
			}
		}
	}
}

// checkMost checks the tabu search's most against the units of the
// geometry: for each cell, the most of its cost units that hold any one
// other cell of its block.
func checkMost(t *testing.T, tb *Search, g *sudoku.Geometry) {
	t.Helper()
	tab := geomtab.Of(g)
	for c := range g.NumCells() {
		want := 0
		for o := range g.NumCells() {
			if o == c || tb.block[o] != tb.block[c] {
				continue
			}
			k := 0
			for _, u := range tb.units[tb.unitStart[c]:tb.unitStart[c+1]] {
				if slices.Contains(tab.UnitCells[u], o) {
					k++
				}
			}
			want = max(want, k)
		}
		if int(tb.most[c]) != want {
			t.Fatalf("%dx%d: cell %d shares at most %d cost units with another cell of its block, most says %d", g.Digits(), g.Digits(), c, want, tb.most[c])
		}
	}
}

// TestTabuConflictOrder checks that each move leaves the cells in
// conflict in the order they would have if every open cell of the units
// of the two swapped cells were updated in turn, which swap stops doing
// once it has met all that came in or out of conflict: the order decides
// the moves that a seed makes.
func TestTabuConflictOrder(t *testing.T) {
	for _, box := range [][2]int{{3, 3}, {4, 4}, {6, 6}} {
		g, err := sudoku.NewGeometry(box[0], box[1])
		if err != nil {
			t.Fatal(err)
		}
		tb := tabuOnSolution(t, g, 0.4, 9, 3)
		val := make([]uint8, len(tb.val))
		for range 2000 {
			if tb.cost == 0 {
				tb.shake()
			}
			conf, confAt := append([]int32(nil), tb.conf...), append([]int32(nil), tb.confAt...)
			copy(val, tb.val)
			tb.move()
			var swapped []int32
			for _, c := range tb.open {
				if tb.val[c] != val[c] {
					swapped = append(swapped, c)
				}
			}
			if len(swapped) != 2 {
				if len(swapped) != 0 {
					t.Fatalf("%d cells changed in a move", len(swapped))
				}
				continue
			}
			// The test does not know which of the two cells swap had
			// first: either order will do.
			want := [2][]int32{
				updated(tb, conf, confAt, swapped[0], swapped[1]),
				updated(tb, conf, confAt, swapped[1], swapped[0]),
			}
			if !slices.Equal(want[0], tb.conf) && !slices.Equal(want[1], tb.conf) {
				t.Fatalf("%dx%d: the cells in conflict are %v, want %v or %v", g.Digits(), g.Digits(), tb.conf, want[0], want[1])
			}
		}
	}
}

// updated returns the cells in conflict conf (confAt their places in it)
// after every open cell of the units of a, then of b, is put in or taken
// out in turn as tb's dup says.
func updated(tb *Search, conf, confAt []int32, a, b int32) []int32 {
	conf, confAt = slices.Clone(conf), slices.Clone(confAt)
	for _, x := range [2]int32{a, b} {
		for _, u := range tb.units[tb.unitStart[x]:tb.unitStart[x+1]] {
			for _, c := range tb.unitOpen[u] {
				switch in, at := tb.dup[c] > 0, confAt[c]; {
				case in && at < 0:
					confAt[c] = int32(len(conf))
					conf = append(conf, c)
				case !in && at >= 0:
					last := conf[len(conf)-1]
					conf[at], confAt[last] = last, at
					conf, confAt[c] = conf[:len(conf)-1], -1
				}
			}
		}
	}
	return conf
}
