package cube_test

import (
	"context"
	"math/bits"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/search"
)

// The exact numbers of complete fillings of the cubes of 4x4 faces. The
// package documentation has them in a table.
const (
	fillingsThreeMatch  = 5184
	fillingsThreeDiffer = 1124928
	fillingsSixMatch    = 768
	fillingsSixDiffer   = 1914599424
)

// This file counts the fillings of n = 2 cubes a second way, written apart
// from the package: every face is one of the 288 grids of a 4x4 Sudoku,
// found here by backtracking; the stickers that share a cubie are found
// by projecting each surface cubie onto the faces it shows on, as a
// viewer outside the cube sees them; and faces are chosen one at a time,
// each choice narrowing the grids left to the faces across an edge from
// it (sets of grids as bit sets), the last face counted, not enumerated.

// grids4 returns every 4x4 Sudoku grid, row by row, in lexicographic order.
func grids4() [][16]uint8 {
	var out [][16]uint8
	var g [16]uint8
	var fill func(i int)
	fill = func(i int) {
		if i == 16 {
			out = append(out, g)
			return
		}
		r, c := i/4, i%4
		for d := uint8(1); d <= 4; d++ {
			ok := true
			for j := range i {
				jr, jc := j/4, j%4
				if g[j] == d && (jr == r || jc == c || (jr/2 == r/2 && jc/2 == c/2)) {
					ok = false
					break
				}
			}
			if ok {
				g[i] = d
				fill(i + 1)
			}
		}
	}
	fill(0)
	return out
}

// viewed returns where cubie (x, y, z) of a cube of side m shows on face
// f, seen from outside with the face upright as in the net (x to the
// right, y up, z towards the front), and whether it shows there at all.
func viewed(f cube.Face, x, y, z, m int) (row, col int, ok bool) {
	last := m - 1
	switch f {
	case cube.Up:
		return z, x, y == last
	case cube.Down:
		return last - z, x, y == 0
	case cube.Front:
		return last - y, x, z == last
	case cube.Back:
		return last - y, last - x, z == 0
	case cube.Left:
		return last - y, z, x == 0
	case cube.Right:
		return last - y, last - z, x == last
	}
	return 0, 0, false
}

// gridSet is a set of the 288 grids.
type gridSet [5]uint64

func (s *gridSet) add(i int) { s[i/64] |= 1 << (i % 64) }
func (s gridSet) count() (n int) {
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// bruteCounter counts fillings of one n = 2 cube variant.
type bruteCounter struct {
	faces  []cube.Face
	grids  [][16]uint8
	compat [6][6][]gridSet // compat[a][b][g]: grids of face b that fit grid g on face a; nil if a, b share no cubie
}

func newBruteCounter(model cube.Model, edges cube.EdgeRule) *bruteCounter {
	const m = 4
	bc := &bruteCounter{grids: grids4(), faces: []cube.Face{cube.Up, cube.Front, cube.Right}}
	if model == cube.SixFaces {
		// Up and down first (they share no cubie), then round the middle:
		// the last face, back, is counted given its four neighbors.
		bc.faces = []cube.Face{cube.Up, cube.Down, cube.Left, cube.Front, cube.Right, cube.Back}
	}
	// Links between the faces' places (indices into bc.faces, cell
	// row*4+col): stickers of one cubie.
	type link struct{ a, ai, b, bi int }
	var links []link
	for x := range m {
		for y := range m {
			for z := range m {
				type place struct{ face, cell int }
				var on []place
				for i, f := range bc.faces {
					if r, c, ok := viewed(f, x, y, z, m); ok {
						on = append(on, place{i, r*m + c})
					}
				}
				for i := range on {
					for j := range on {
						if i != j {
							links = append(links, link{on[i].face, on[i].cell, on[j].face, on[j].cell})
						}
					}
				}
			}
		}
	}
	for a := range bc.faces {
		for b := range bc.faces {
			var ls []link
			for _, l := range links {
				if l.a == a && l.b == b {
					ls = append(ls, l)
				}
			}
			if len(ls) == 0 {
				continue
			}
			bc.compat[a][b] = make([]gridSet, len(bc.grids))
			for ga, gridA := range bc.grids {
				for gb, gridB := range bc.grids {
					fits := true
					for _, l := range ls {
						if (gridA[l.ai] == gridB[l.bi]) != (edges == cube.Match) {
							fits = false
							break
						}
					}
					if fits {
						bc.compat[a][b][ga].add(gb)
					}
				}
			}
		}
	}
	return bc
}

// count returns the number of fillings in which each face listed in
// fixed holds one of the grids listed for it (indices into bc.grids).
func (bc *bruteCounter) count(fixed map[cube.Face][]int) int {
	left := make([]gridSet, len(bc.faces))
	for i, f := range bc.faces {
		if gs, ok := fixed[f]; ok {
			for _, g := range gs {
				left[i].add(g)
			}
			continue
		}
		for g := range bc.grids {
			left[i].add(g)
		}
	}
	return bc.place(0, left)
}

// place counts the fillings of faces k and after, given the grids left to
// each face: a choice for face k narrows the grids left to the faces after
// it that share a cubie with it.
func (bc *bruteCounter) place(k int, left []gridSet) int {
	if k == len(bc.faces)-1 {
		return left[k].count()
	}
	total := 0
	next := make([]gridSet, len(left))
	for w, word := range left[k] {
		for ; word != 0; word &= word - 1 {
			g := w*64 + bits.TrailingZeros64(word)
			copy(next, left)
			for j := k + 1; j < len(bc.faces); j++ {
				if fit := bc.compat[k][j]; fit != nil {
					for i := range next[j] {
						next[j][i] &= fit[g][i]
					}
				}
			}
			total += bc.place(k+1, next)
		}
	}
	return total
}

// normalised returns the grids whose first row is 1 2 3 4: one of each
// class of grids that differ by a renaming of the digits (24 a class).
func normalised(grids [][16]uint8) []int {
	var out []int
	for i, g := range grids {
		if g[0] == 1 && g[1] == 2 && g[2] == 3 && g[3] == 4 {
			out = append(out, i)
		}
	}
	return out
}

func TestGrids4(t *testing.T) {
	grids := grids4()
	if len(grids) != 288 || len(normalised(grids)) != 12 {
		t.Fatalf("%d grids, %d normalised; want 288 and 12", len(grids), len(normalised(grids)))
	}
}

// TestCountN2 counts the complete fillings of the four cubes of 4x4 faces
// with package search and by brute force over the faces' grids, and
// checks that they agree: whole, and with one or two faces fixed. The
// brute force also counts by classes of digit renaming (a filling with its
// digits renamed is a filling, so the total is 24 times the sum over the
// 12 grids of face 0 whose first row is 1 2 3 4). The six-face cube with
// differing edges has too many fillings (1.9e9) to enumerate in a test:
// search counts it with faces fixed.
func TestCountN2(t *testing.T) {
	long := !testing.Short() && !raceEnabled
	tests := []struct {
		model cube.Model
		edges cube.EdgeRule
		want  int
		whole bool // search counts the whole cube in this test
	}{
		{cube.ThreeFaces, cube.Match, fillingsThreeMatch, true},
		{cube.ThreeFaces, cube.Differ, fillingsThreeDiffer, long},
		{cube.SixFaces, cube.Match, fillingsSixMatch, true},
		{cube.SixFaces, cube.Differ, fillingsSixDiffer, false},
	}
	ctx := context.Background()
	for _, tc := range tests {
		t.Run(tc.model.String()+" "+tc.edges.String(), func(t *testing.T) {
			bc := newBruteCounter(tc.model, tc.edges)
			if got := 24 * bc.count(map[cube.Face][]int{cube.Up: normalised(bc.grids)}); got != tc.want {
				t.Errorf("brute force by classes: %d fillings, want %d", got, tc.want)
			}
			if tc.edges == cube.Match || tc.model == cube.ThreeFaces {
				if got := bc.count(nil); got != tc.want {
					t.Errorf("brute force: %d fillings, want %d", got, tc.want)
				}
			}
			c := mustNew(t, variant{2, tc.model, tc.edges})
			if tc.whole {
				got, err := search.Count(ctx, c.Board(), 0)
				if err != nil || got != tc.want {
					t.Errorf("search: %d fillings (%v), want %d", got, err, tc.want)
				}
			}
			// Faces fixed: both ways agree. Face 0 alone leaves 6.6
			// million fillings of the six-face cube with differing edges.
			fixes := []map[cube.Face]int{
				{cube.Up: 0}, {cube.Up: 101}, {cube.Up: 287},
				{cube.Up: 5, cube.Right: 200}, {cube.Up: 287, cube.Right: 0},
			}
			if tc.model == cube.SixFaces && tc.edges == cube.Differ {
				fixes = []map[cube.Face]int{{cube.Up: 0, cube.Down: 0}, {cube.Up: 17, cube.Down: 230}, {cube.Up: 287, cube.Left: 40}}
				if long {
					fixes = append(fixes, map[cube.Face]int{cube.Up: 101})
				}
			}
			for _, fix := range fixes {
				fixed := c.Clone()
				want := make(map[cube.Face][]int)
				for f, g := range fix {
					want[f] = []int{g}
					for i, cell := range fixed.FaceCells(f) {
						_ = fixed.Board().SetGiven(cell, int(bc.grids[g][i]))
					}
				}
				got, err := search.Count(ctx, fixed.Board(), 0)
				if want := bc.count(want); err != nil || got != want {
					t.Errorf("faces holding grids %v: search %d (%v), brute force %d", fix, got, err, want)
				}
			}
		})
	}
}
