package classic

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/sudoku"
)

// localSets are the in-repository 9x9 sets the vector tests run on.
var localSets = []string{"9x9-levels", "9x9-minimal", "9x9-multi", "9x9-none", "9x9-techniques"}

// needVector skips t where the vector code is not built or the processor
// has no AVX2.
func needVector(t *testing.T) {
	t.Helper()
	if !hasVector {
		t.Skip("skipped: the vector code runs only on amd64 processors with AVX2, in builds without the purego tag")
	}
}

// withVector runs f with useVector set to on, and restores it.
func withVector(on bool, f func()) {
	old := useVector
	useVector = on
	defer func() { useVector = old }()
	f()
}

// TestVectorSinglesMatchScalar walks down at random from the in-repository
// 9x9 puzzles, placing a candidate left in an open cell at each step, and
// propagates each state both with the scalar rules and with
// vectorPropagate: both must find a contradiction in the same states, the
// vector one with the houses where it did, and otherwise leave the same
// candidates and open cells.
func TestVectorSinglesMatchScalar(t *testing.T) {
	needVector(t)
	rng := rand.New(rand.NewPCG(3, 7))
	var states, contradictions, placed int
	var ok bool
	for _, set := range localSets {
		for _, p := range reference.Local(t, set) {
			for walk := range 32 {
				var s State
				if withVector(false, func() { ok = s.load(p.Board) }); !ok {
					break
				}
				for step := 0; ; step++ {
					scalar, vector := s, s
					var okScalar, okVector bool
					withVector(false, func() { okScalar = scalar.singles() })
					withVector(true, func() { okVector = vector.singles() })
					states++
					if okScalar != okVector {
						t.Fatalf("%s line %d, walk %d, step %d: scalar rules report %v, vector rules %v", set, p.Line, walk, step, okScalar, okVector)
					}
					if !okScalar {
						contradictions++
						if vector.why == 0 {
							t.Fatalf("%s line %d, walk %d, step %d: the vector rules give no house for their contradiction", set, p.Line, walk, step)
						}
						break
					}
					if scalar.cand != vector.cand || scalar.open != vector.open {
						t.Fatalf("%s line %d, walk %d, step %d: the vector rules leave\n%x %x\nthe scalar rules\n%x %x", set, p.Line, walk, step, vector.cand, vector.open, scalar.cand, scalar.open)
					}
					placed += s.openCells() - scalar.openCells()
					s = scalar
					if s.solved() {
						break
					}
					// A candidate of an open cell, at random.
					b := rng.IntN(3)
					for s.open[b] == 0 {
						b = (b + 1) % 3
					}
					open := s.open[b]
					for range rng.IntN(bits.OnesCount32(open)) {
						open &= open - 1
					}
					i := bits.TrailingZeros32(open)
					ds := s.digitsAt(b, i)
					for range rng.IntN(bits.OnesCount32(ds)) {
						ds &= ds - 1
					}
					// Placed as for the scalar rules, which need to know
					// what changed.
					withVector(false, func() { ok = s.place(bits.TrailingZeros32(ds), b, i) })
					if !ok {
						t.Fatalf("%s line %d: place refused a candidate", set, p.Line)
					}
				}
			}
		}
	}
	if contradictions == 0 || placed == 0 {
		t.Fatalf("%d states, %d contradictions, %d cells placed by propagation: the walks test too little", states, contradictions, placed)
	}
	t.Logf("%d states, %d contradictions, %d cells placed by propagation", states, contradictions, placed)
}

// TestVectorSearchMatchesScalar searches the in-repository 9x9 puzzles
// with the vector rules and with the scalar ones: the searches must go the
// same way, node for node, while the search does not yet weigh its
// branching by the houses of its dead ends (which the two rules may give
// differently).
func TestVectorSearchMatchesScalar(t *testing.T) {
	needVector(t)
	for _, set := range localSets {
		for _, p := range reference.Local(t, set) {
			var scalar, vector Result
			var okScalar, okVector bool
			withVector(false, func() { scalar, okScalar = Search(context.Background(), p.Board, nil, 0, nil, 0, nil) })
			withVector(true, func() { vector, okVector = Search(context.Background(), p.Board, nil, 0, nil, 0, nil) })
			if okScalar != okVector || scalar.DeadEnds < weightAfter && scalar != vector {
				t.Errorf("%s line %d: scalar rules %+v %v, vector rules %+v %v", set, p.Line, scalar, okScalar, vector, okVector)
			}
			if okVector && vector.Solutions != int64(p.Count) {
				t.Errorf("%s line %d: %d solutions, want %d", set, p.Line, vector.Solutions, p.Count)
			}
		}
	}
}

// TestVectorLoadMatchesScalar loads and propagates the in-repository 9x9
// puzzles, and the same with a digit given twice in a row, a column or a
// box, with the scalar rules and with the vector ones, which leave the
// cells the givens see, and two givens in a house, to their first round:
// both must find the same contradictions and otherwise leave the same
// state.
func TestVectorLoadMatchesScalar(t *testing.T) {
	needVector(t)
	rng := rand.New(rand.NewPCG(5, 11))
	var boards, twice int
	for _, set := range localSets {
		for _, p := range reference.Local(t, set) {
			variants := []*sudoku.Board{p.Board}
			// The digit of a given, given again in an empty cell of its
			// row, column or box.
			for range 6 {
				b := p.Board.Clone()
				c := rng.IntN(81)
				for b.Get(c) == 0 {
					c = (c + 1) % 81
				}
				peers := b.Geometry().Peers(c)
				e := peers[rng.IntN(len(peers))]
				if b.Get(e) == 0 {
					b.SetGiven(e, b.Get(c))
					variants = append(variants, b)
				}
			}
			for i, b := range variants {
				var scalar, vector State
				var okScalar, okVector bool
				withVector(false, func() { okScalar = scalar.load(b) && scalar.propagate(nil) })
				withVector(true, func() { okVector = vector.load(b) && vector.propagate(nil) })
				boards++
				if i > 0 {
					twice++
					if okScalar {
						t.Fatalf("%s line %d: %s holds a digit twice in a house, and the scalar rules find no contradiction", set, p.Line, b.Line())
					}
				}
				if okScalar != okVector {
					t.Fatalf("%s line %d: %s: scalar rules report %v, vector rules %v", set, p.Line, b.Line(), okScalar, okVector)
				}
				if okScalar && (scalar.cand != vector.cand || scalar.open != vector.open) {
					t.Fatalf("%s line %d: %s: the vector rules leave\n%x %x\nthe scalar rules\n%x %x", set, p.Line, b.Line(), vector.cand, vector.open, scalar.cand, scalar.open)
				}
			}
		}
	}
	if twice == 0 {
		t.Fatal("no board with a digit given twice was made")
	}
	t.Logf("%d boards, %d with a digit given twice", boards, twice)
}

// TestVectorFillMatchesScalar fills boards from the states the searches
// of the in-repository 9x9 puzzles leave at their first solution, and
// from those puzzles loaded, with vectorFill and with the pure-Go code,
// into an empty board and into one holding a 1 in every seventh cell:
// the boards must come out the same.
func TestVectorFillMatchesScalar(t *testing.T) {
	needVector(t)
	label := [9]uint8{3, 1, 4, 0, 5, 8, 2, 6, 7}
	filled := 0
	for _, set := range localSets {
		for _, p := range reference.Local(t, set) {
			var s State
			withVector(false, func() { s.load(p.Board) })
			states := []State{s}
			visit := func(sol *Solution) bool { states = append(states, *sol.s); return false }
			withVector(false, func() { Search(context.Background(), p.Board, nil, 0, visit, 0, nil) })
			for _, st := range states {
				for _, lab := range []*[9]uint8{&identity, &label} {
					for _, ones := range []bool{false, true} {
						scalar, vector := sudoku.NewBoard(nil), sudoku.NewBoard(nil)
						if ones {
							for c := 0; c < 81; c += 7 {
								scalar.Set(c, 1)
								vector.Set(c, 1)
							}
						}
						var errScalar, errVector error
						withVector(false, func() { errScalar = st.fill(scalar, lab) })
						withVector(true, func() { errVector = st.fill(vector, lab) })
						if errScalar != nil || errVector != nil || scalar.Line() != vector.Line() {
							t.Fatalf("%s line %d: vectorFill wrote %s (%v), the pure-Go code %s (%v)", set, p.Line, vector.Line(), errVector, scalar.Line(), errScalar)
						}
						filled++
					}
				}
			}
		}
	}
	t.Logf("%d boards filled", filled)
}
