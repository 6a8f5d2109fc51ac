package cube

import "testing"

// TestFramesOutward checks each face frame: unit steps at right angles, an
// outward normal down x right (so every face is seen from outside, as in
// the net), and m*m distinct cubies all on the face's side of the cube.
func TestFramesOutward(t *testing.T) {
	for _, m := range []int{4, 9} {
		seen := make(map[vec]int)
		for f := range Face(numFaces) {
			fr, nrm := frames[f], f.normal()
			for _, u := range []vec{fr.down, fr.right, nrm} {
				if u.dot(u) != 1 {
					t.Fatalf("%s: %v is not a unit step", f, u)
				}
			}
			if fr.down.dot(fr.right) != 0 || fr.down.dot(nrm) != 0 || fr.right.dot(nrm) != 0 {
				t.Fatalf("%s: steps %v, %v, normal %v not at right angles", f, fr.down, fr.right, nrm)
			}
			// The side of the cube the normal points to: the coordinate
			// along it is m-1 on a positive side, 0 on a negative one.
			side := 0
			if nrm[0]+nrm[1]+nrm[2] > 0 {
				side = m - 1
			}
			axis := 0
			for a := range 3 {
				if nrm[a] != 0 {
					axis = a
				}
			}
			onFace := make(map[vec]bool)
			for r := range m {
				for c := range m {
					k := cubie(Sticker{f, r, c}, m)
					for a := range 3 {
						if k[a] < 0 || k[a] >= m {
							t.Fatalf("%s r%dc%d: cubie %v outside the cube", f, r+1, c+1, k)
						}
					}
					if k[axis] != side {
						t.Fatalf("%s r%dc%d: cubie %v not on the side %v points to", f, r+1, c+1, k, nrm)
					}
					onFace[k] = true
					seen[k]++
				}
			}
			if len(onFace) != m*m {
				t.Fatalf("%s: %d distinct cubies, want %d", f, len(onFace), m*m)
			}
		}
		// Every surface cubie is seen once per side of the cube it is on.
		for x := range m {
			for y := range m {
				for z := range m {
					k, sides := vec{x, y, z}, 0
					for a := range 3 {
						if k[a] == 0 || k[a] == m-1 {
							sides++
						}
					}
					if seen[k] != sides {
						t.Fatalf("m=%d: cubie %v on %d faces, want %d", m, k, seen[k], sides)
					}
				}
			}
		}
		if want := m*m*m - (m-2)*(m-2)*(m-2); len(seen) != want {
			t.Fatalf("m=%d: %d surface cubies, want %d", m, len(seen), want)
		}
	}
}

// TestNetFolds checks the frames against the drawing of the net: where
// two faces touch in the cross, the cells on either side of the fold are
// stickers of one cubie, in the same order along the fold; and the left
// face's left column folds round to meet the back face's right column.
func TestNetFolds(t *testing.T) {
	const m = 9
	type fold struct {
		a, b Face
		// a's border (row or column index, and whether it is a row) meets
		// b's border.
		aLine, bLine int
		rows         bool
	}
	folds := []fold{
		{Up, Front, m - 1, 0, true},     // up above front
		{Front, Down, m - 1, 0, true},   // down below front
		{Left, Front, m - 1, 0, false},  // left beside front
		{Front, Right, m - 1, 0, false}, // right beside front
		{Right, Back, m - 1, 0, false},  // back beside right
		{Back, Left, m - 1, 0, false},   // round the back
	}
	for _, fd := range folds {
		for i := range m {
			sa, sb := Sticker{fd.a, i, fd.aLine}, Sticker{fd.b, i, fd.bLine}
			if fd.rows {
				sa, sb = Sticker{fd.a, fd.aLine, i}, Sticker{fd.b, fd.bLine, i}
			}
			if ka, kb := cubie(sa, m), cubie(sb, m); ka != kb {
				t.Errorf("%s (cubie %v) and %s (cubie %v) meet in the net but not on the cube", sa, ka, sb, kb)
			}
		}
	}
}
