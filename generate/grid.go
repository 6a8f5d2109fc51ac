package generate

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"time"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Grid returns a random complete grid on g: every cell holds a digit, as a
// given, and no unit repeats one. It is [Solution] of the empty board on
// g, with every digit made a given; see there how it is made. The options
// it heeds are [WithSeed] (the same seed gives the same grid) and
// [WithStats].
//
// It returns an error wrapping [sudoku.ErrInvalidArgument] for a nil
// context, geometry or option, one wrapping [search.ErrNoSolution] when g
// has no complete grid at all, and the context's error when ctx ends
// first. Every geometry [sudoku.NewGeometry] makes gets its grid at once.
func Grid(ctx context.Context, g *sudoku.Geometry, opts ...Option) (*sudoku.Board, error) {
	var empty *sudoku.Board
	if g != nil {
		empty = sudoku.NewBoard(g)
	}
	sol, err := random(ctx, "Grid", "geometry", empty, opts)
	if err != nil {
		return nil, err
	}
	return allGiven(sol), nil
}

// Solution returns a random solution of puzzle b, as [search.Solve] does
// (b's digits kept, its givens still givens, the other cells entries), but
// drawn at random: the same seed ([WithSeed]) gives the same solution, and
// other seeds other solutions when b has several. It works on every
// geometry (boards of every size, variants, cubes): it places N random
// digits one by one, each in a random open cell and followed by
// propagation, and lets the search (on one goroutine, so that the result
// does not depend on timing) complete them; a start the search does not
// complete in a few nodes a cell is dropped for another, and after 64
// such starts the search completes b itself.
//
// The empty board of a plain geometry (rows, columns and boxes, see
// [sudoku.Geometry.IsStandard]) of 36x36 or more, where random starts cost
// the search far more than the empty board does, and one whose random
// starts all fail, takes a pattern grid instead (row r, column c holding
// the digit C*(r mod R) + r/R + c mod N + 1, for boxes R high and C wide),
// with its digits renamed, its bands, stacks, rows and columns shuffled,
// and, for square boxes, transposed half the time: every plain geometry
// gets a grid in a few milliseconds, without a search.
//
// The options it heeds are WithSeed and [WithStats]. It returns an error
// wrapping [sudoku.ErrInvalidArgument] for a nil context, board or option,
// one wrapping [search.ErrNoSolution] when b has no solution, and the
// context's error when ctx ends first. b is not changed.
func Solution(ctx context.Context, b *sudoku.Board, opts ...Option) (*sudoku.Board, error) {
	return random(ctx, "Solution", "board", b, opts)
}

// random is the body of [Grid] and [Solution]: call names the function
// and what its argument, for the errors of a nil context or a nil b.
func random(ctx context.Context, call, what string, b *sudoku.Board, opts []Option) (*sudoku.Board, error) {
	start := time.Now()
	cfg, err := begin(ctx, call, what, b == nil, opts)
	st := Stats{Workers: 1}
	defer func() { cfg.report(st, start) }()
	if err != nil {
		return nil, err
	}
	st.Seed = seedOf(&cfg)
	return randomSolution(ctx, b, newRand(st.Seed, 0), &st.Attempts)
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
// shuffled pattern grids: on them a random start takes the search far
// longer than the empty board does, and for some box shapes (3x16, 7x9,
// 2x31...) neither finishes in seconds.
const shuffleFrom = 36

// randomSolution returns a random solution of b (see Solution), adding
// the starts it tries to *tries.
func randomSolution(ctx context.Context, b *sudoku.Board, rng *rand.Rand, tries *int) (*sudoku.Board, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	g := b.Geometry()
	emptyPlain := b.Empty() == g.NumCells() && g.IsStandard()
	if emptyPlain && g.Digits() >= shuffleFrom {
		*tries++
		return shuffledGrid(b, rng), nil
	}
	one := search.WithWorkers(1)
	s0, err := logic.NewState(b)
	if err == nil {
		err = s0.Propagate()
	}
	if err == nil {
		s := s0.Clone()
		limit := search.WithNodeLimit(int(gridNodes(g)))
		for range maxGridTries {
			*tries++
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
	*tries++
	if emptyPlain {
		// Every random start failed; a plain board has its pattern.
		return shuffledGrid(b, rng), nil
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

// shuffledGrid returns a random grid of the plain geometry of b (an
// empty board), in b's notation: the pattern grid whose row r, column c
// holds C*(r mod R) + r/R + c mod N (plus 1), for boxes R high and C wide,
// with its digits renamed, its bands and the rows within each band put in
// a random order, likewise its stacks and columns, and, when the boxes
// are square, rows and columns exchanged half the time. Each of these maps
// grids to grids. It takes no search and a few milliseconds on 64x64.
func shuffledGrid(b *sudoku.Board, rng *rand.Rand) *sudoku.Board {
	g := b.Geometry()
	n, rh, cw := g.Digits(), g.BoxRows(), g.BoxCols()
	rows := linePerm(n, rh, rng)
	cols := linePerm(n, cw, rng)
	digits := rng.Perm(n)
	transpose := rh == cw && rng.IntN(2) == 1
	out := sudoku.NewBoard(g)
	for r := range n {
		for c := range n {
			d := (cw*(r%rh) + r/rh + c) % n
			to := rows[r]*n + cols[c]
			if transpose {
				to = cols[c]*n + rows[r]
			}
			out.Set(to, digits[d]+1) // cannot fail: a cell and a digit of g
		}
	}
	out.SetNotation(b.Notation()) // cannot fail: the notation wrote b
	return out
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
