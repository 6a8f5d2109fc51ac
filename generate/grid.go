package generate

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Grid returns a random complete grid on g: every cell holds a digit, as a
// given, and no unit repeats one. It is [Solution] of the empty board on
// g, with every digit made a given; see there how it is made.
//
// It returns an error wrapping [ErrInvalidArgument] for a nil context or
// geometry, one wrapping [search.ErrNoSolution] when g has no complete
// grid at all, and the context's error when ctx ends first.
func Grid(ctx context.Context, g *sudoku.Geometry, seed uint64) (*sudoku.Board, error) {
	if ctx == nil || g == nil {
		return nil, invalid("nil context or geometry")
	}
	sol, err := randomSolution(ctx, sudoku.NewBoard(g), newRand(seed, 0))
	if err != nil {
		return nil, err
	}
	return allGiven(sol), nil
}

// Solution returns a random solution of puzzle b, as [search.Solve] does
// (b's digits kept, its givens still givens, the other cells entries), but
// drawn at random: the same seed gives the same solution, and other seeds
// other solutions when b has several. It works on every geometry (boards
// of every size, variants, cubes): it places N random digits one by one,
// each in a random open cell and followed by propagation, and lets the
// search (on one goroutine, so that the result does not depend on timing)
// complete them; a start the search does not complete in a few nodes a
// cell is dropped for another, and after 64 such starts the search
// completes b itself. An empty plain board of 36x36 or more, where random
// starts cost the search far more than the empty board does, takes the
// search's grid of the empty board with its digits renamed and its bands,
// stacks, rows and columns shuffled.
//
// It returns an error wrapping [ErrInvalidArgument] for a nil context or
// board, one wrapping [search.ErrNoSolution] when b has no solution, and
// the context's error when ctx ends first. b is not changed.
func Solution(ctx context.Context, b *sudoku.Board, seed uint64) (*sudoku.Board, error) {
	if ctx == nil || b == nil {
		return nil, invalid("nil context or board")
	}
	return randomSolution(ctx, b, newRand(seed, 0))
}

// gridNodes is the node limit of a search that completes a random start:
// most need about a node per open cell, but a rare start sits on a
// subtree without a solution that takes a deterministic search minutes to
// leave, and another random start is found far sooner. A node limit, not a
// deadline, keeps the solutions reproducible.
func gridNodes(g *sudoku.Geometry) int64 { return 10*int64(g.NumCells()) + 1000 }

// maxGridTries bounds the random starts of randomSolution.
const maxGridTries = 64

// shuffleFrom is the least N of the plain boards whose random grids are
// made by shuffling one grid: on them a random start takes the search
// far longer than the empty board does (on 64x64, 0.2 to 1.8 s against
// 0.19 s).
const shuffleFrom = 36

func randomSolution(ctx context.Context, b *sudoku.Board, rng *rand.Rand) (*sudoku.Board, error) {
	g := b.Geometry()
	if b.Empty() == g.NumCells() && g.IsStandard() && g.Digits() >= shuffleFrom {
		return shuffledGrid(ctx, g, rng)
	}
	one := search.WithWorkers(1)
	s0, err := logic.NewState(b)
	if err == nil {
		err = s0.Propagate()
	}
	if err == nil {
		s := s0.Clone()
		limit := search.WithNodeLimit(gridNodes(g))
		for range maxGridTries {
			s.CopyFrom(s0)
			if !placeRandom(s, g.Digits(), rng) {
				continue
			}
			start := b.Clone()
			if err := s.Fill(start); err != nil {
				return nil, err
			}
			sol, err := search.Solve(ctx, start, one, limit)
			if err == nil || !errors.Is(err, search.ErrNoSolution) && !errors.Is(err, search.ErrNodeLimit) {
				return sol, err
			}
		}
	}
	// The givens contradict each other, or every random start failed:
	// the search decides on b itself.
	return search.Solve(ctx, b, one)
}

// placeRandom assigns up to k random candidates to random open cells of s,
// propagating after each, and reports whether s stayed consistent.
func placeRandom(s *logic.State, k int, rng *rand.Rand) bool {
	cells := s.Geometry().NumCells()
	for placed := 0; placed < k && s.Left() > 0; placed++ {
		c := rng.IntN(cells)
		for s.Value(c) != 0 {
			c = rng.IntN(cells)
		}
		d := randomBit(s.Candidates(c), rng)
		if s.Assign(c, d) != nil || s.Propagate() != nil {
			return false
		}
	}
	return true
}

// randomBit returns the digit of a random set bit of mask (mask != 0).
func randomBit(mask uint64, rng *rand.Rand) int {
	for i := rng.IntN(bits.OnesCount64(mask)); i > 0; i-- {
		mask &= mask - 1
	}
	return bits.TrailingZeros64(mask) + 1
}

// allGiven returns a copy of b with every digit a given.
func allGiven(b *sudoku.Board) *sudoku.Board {
	out := sudoku.NewBoard(b.Geometry())
	for c, d := range b.Digits() {
		out.SetGiven(c, d) // cannot fail: d is a digit of b's geometry
	}
	out.SetNotation(b.Notation()) // cannot fail: the notation wrote b
	return out
}

// newRand returns the random source of stream i of a seed: the same
// seed and stream give the same numbers.
func newRand(seed, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, mix(stream)))
}

// mix is SplitMix64's finaliser: nearby inputs give unrelated outputs.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// shuffledGrid returns a random grid of a plain board: the search's
// completion of the empty board, with its digits renamed, its bands and
// the rows within each band put in a random order, and likewise its
// stacks and columns. Each of these maps grids to grids.
func shuffledGrid(ctx context.Context, g *sudoku.Geometry, rng *rand.Rand) (*sudoku.Board, error) {
	base, err := search.Solve(ctx, sudoku.NewBoard(g), search.WithWorkers(1))
	if err != nil {
		return nil, err
	}
	n := g.Digits()
	rows := linePerm(n, g.BoxRows(), rng)
	cols := linePerm(n, g.BoxCols(), rng)
	digits := rng.Perm(n)
	out := sudoku.NewBoard(g)
	for c, d := range base.Digits() {
		out.Set(rows[c/n]*n+cols[c%n], digits[d-1]+1) // cannot fail: a cell and a digit of g
	}
	return out, nil
}

// linePerm returns a random order of n lines in groups of size k (bands
// of rows or stacks of columns) that keeps each group's lines together.
func linePerm(n, k int, rng *rand.Rand) []int {
	groups := rng.Perm(n / k)
	perm := make([]int, 0, n)
	for _, grp := range groups {
		for _, i := range rng.Perm(k) {
			perm = append(perm, grp*k+i)
		}
	}
	return perm
}
