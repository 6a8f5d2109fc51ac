// Command gen makes the in-repository puzzle sets of package reference
// (internal/reference/testdata/*.txt) with the library's own generator and
// checks every line with reference.Count, a brute-force counter that shares
// no code with package search. Run it from the repository root with
//
//	go generate ./internal/reference
//
// or, the same, go run ./internal/reference/gen -out internal/reference/testdata.
// The seeds are fixed, so the same library makes the same files (unless a
// machine is so slow that the search for a rare technique's puzzles hits
// its minute); a change to the generator or the grader makes other
// puzzles, all checked again.
// bad-inputs.txt is hand-made and not written here. A run takes a minute
// or two on two cores.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// line is one puzzle of a set, ready to be written.
type line struct {
	board *sudoku.Board
	count int           // solutions, exact (checked by reference.Count)
	tag   string        // "" for none
	want  *sudoku.Board // the generator's solution, for a unique puzzle
}

func main() {
	out := flag.String("out", "testdata", "directory of the sets")
	flag.Parse()
	log.SetFlags(0)
	ctx := context.Background()
	g := &gen{ctx: ctx, rng: rand.New(rand.NewPCG(19, 2026))}

	classic := sudoku.Classic()
	var levels []line
	for l := grade.Simple; l <= grade.Guessing; l++ {
		for _, p := range g.batch(classic, 20, uint64(100+l), generate.WithLevel(l)) {
			if p.Grade == nil || p.Grade.Level != l {
				log.Fatalf("asked for level %v, got %v", l, p.Grade)
			}
			levels = append(levels, line{board: p.Board, count: 1, tag: l.String(), want: p.Solution})
		}
	}
	g.write(*out, "9x9-levels", "9x9 puzzles, 20 of each level of package grade (tag: the level), unique and minimal for their level's rules", levels)

	var techniques []line
	for i, t := range logic.Techniques()[2:] {
		// Rare techniques may take long to meet: a minute each at most.
		ps := g.batchWithin(time.Minute, classic, 2, uint64(200+i), generate.WithRequired(t))
		if len(ps) < 2 {
			log.Printf("%d puzzles needing %v within a minute", len(ps), t)
		}
		for _, p := range ps {
			techniques = append(techniques, line{board: p.Board, count: 1, tag: t.Name(), want: p.Solution})
		}
	}
	g.write(*out, "9x9-techniques", "9x9 puzzles whose grading needs a technique (tag: the technique), two each", techniques)

	minimal := g.batch(classic, 40, 300)
	var unique []line
	for _, p := range minimal {
		unique = append(unique, line{board: p.Board, count: 1, tag: "minimal", want: p.Solution})
	}
	g.write(*out, "9x9-minimal", "minimal 9x9 puzzles, unique", unique)
	g.write(*out, "9x9-multi", "9x9 puzzles with 2 to 300 solutions (tag: clues removed from a minimal puzzle)", g.multi(minimal, 60, 300))
	g.write(*out, "9x9-none", "9x9 puzzles with consistent givens and no solution (tag: how they were made)", g.none(minimal, 20))

	for _, shape := range []struct{ rows, cols, unique, multi, none, clues int }{
		{2, 2, 10, 6, 3, 0},
		{2, 3, 12, 6, 3, 0},
		{2, 4, 10, 6, 3, 0},
		{3, 4, 6, 4, 2, 0},
		{4, 4, 8, 3, 2, 0},
		{5, 5, 3, 0, 0, 330},
	} {
		geo, err := sudoku.NewGeometry(shape.rows, shape.cols)
		if err != nil {
			log.Fatal(err)
		}
		var opts []generate.Option
		what := "minimal"
		if shape.clues > 0 {
			opts = append(opts, generate.WithClues(shape.clues))
			what = fmt.Sprintf("at most %d clues, not minimal", shape.clues)
		}
		ps := g.batch(geo, shape.unique, uint64(400+geo.Digits()), opts...)
		var lines []line
		for _, p := range ps {
			lines = append(lines, line{board: p.Board, count: 1, tag: "unique", want: p.Solution})
		}
		if shape.multi > 0 {
			lines = append(lines, g.multi(ps, shape.multi, 300)...)
		}
		if shape.none > 0 {
			lines = append(lines, g.none(ps, shape.none)...)
		}
		name := fmt.Sprintf("%dx%d", geo.Digits(), geo.Digits())
		g.write(*out, name, fmt.Sprintf("%s boards (boxes %dx%d): unique puzzles (%s, tag unique), then some with several solutions (tag: clues removed) and some with none", name, shape.rows, shape.cols, what), lines)
	}
}

type gen struct {
	ctx context.Context
	rng *rand.Rand
}

// batch makes n puzzles on geo with the seed and options; it fails when
// the generator cannot.
func (g *gen) batch(geo *sudoku.Geometry, n int, seed uint64, opts ...generate.Option) []*generate.Puzzle {
	ps, err := generate.Batch(g.ctx, geo, n, append(opts, generate.WithSeed(seed))...)
	if err != nil {
		log.Fatalf("%v, seed %d: %v", geo, seed, err)
	}
	return ps
}

// batchWithin makes n puzzles on geo under the options, each from its
// own seed (seed, seed+1, ...), until it has them all or d has passed:
// for targets the generator meets rarely.
func (g *gen) batchWithin(d time.Duration, geo *sudoku.Geometry, n int, seed uint64, opts ...generate.Option) []*generate.Puzzle {
	ctx, cancel := context.WithTimeout(g.ctx, d)
	defer cancel()
	var out []*generate.Puzzle
	for ; len(out) < n; seed++ {
		p, err := generate.New(ctx, geo, append(opts, generate.WithSeed(seed))...)
		switch {
		case errors.Is(err, generate.ErrNotReached):
			continue
		case ctx.Err() != nil:
			return out
		case err != nil:
			log.Fatalf("%v, seed %d: %v", geo, seed, err)
		}
		out = append(out, p)
	}
	return out
}

// multi makes n puzzles with 2 to most solutions from the unique puzzles
// ps: a copy of one with one to four of its clues removed.
func (g *gen) multi(ps []*generate.Puzzle, n, most int) []line {
	var out []line
	for tries := 0; len(out) < n; tries++ {
		if tries > 100*n {
			log.Fatalf("%v: %d puzzles with several solutions after %d tries", ps[0].Board.Geometry(), len(out), tries)
		}
		p := ps[tries%len(ps)].Board.Clone()
		k := 1 + g.rng.IntN(4)
		for _, c := range g.clues(p)[:k] {
			if err := p.SetGiven(c, 0); err != nil {
				log.Fatal(err)
			}
		}
		if count, _ := reference.Count(p, most+1); count >= 2 && count <= most {
			out = append(out, line{board: p, count: count, tag: fmt.Sprintf("removed %d", k)})
		}
	}
	return out
}

// none makes n puzzles with consistent givens and no solution from the
// unique puzzles ps: a copy of one with a clue added, a digit that no
// given of its peers holds but that is not the solution's.
func (g *gen) none(ps []*generate.Puzzle, n int) []line {
	var out []line
	for tries := 0; len(out) < n; tries++ {
		if tries > 100*n {
			log.Fatalf("%v: %d puzzles without a solution after %d tries", ps[0].Board.Geometry(), len(out), tries)
		}
		src := ps[tries%len(ps)]
		p := src.Board.Clone()
		geo := p.Geometry()
		c := g.rng.IntN(geo.NumCells())
		if p.Get(c) != 0 {
			continue
		}
		d := 1 + g.rng.IntN(geo.Digits())
		if d == src.Solution.Get(c) {
			continue
		}
		if err := p.SetGiven(c, d); err != nil {
			log.Fatal(err)
		}
		if p.Validate() != nil {
			continue // a clash among the givens: not what this set is for
		}
		if count, _ := reference.Count(p, 1); count == 0 {
			out = append(out, line{board: p, count: 0, tag: "clue added"})
		}
	}
	return out
}

// clues returns the clue cells of p in a random order.
func (g *gen) clues(p *sudoku.Board) []int {
	var out []int
	for c := range p.Geometry().NumCells() {
		if p.Get(c) != 0 {
			out = append(out, c)
		}
	}
	g.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// write checks every line with reference.Count and writes the set.
func (g *gen) write(dir, name, about string, lines []line) {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %s.\n", name, about)
	fmt.Fprintf(&b, "# Made by go generate ./internal/reference (internal/reference/gen); counts checked by reference.Count.\n")
	fmt.Fprintf(&b, "# Fields, tab-separated: puzzle, a solution (- for none), number of solutions, tag (- for none).\n")
	for _, l := range lines {
		count, sol := reference.Count(l.board, l.count+1)
		if count != l.count {
			log.Fatalf("%s: %s: %d solutions by count, %d by the generator", name, l.board.Line(), count, l.count)
		}
		solution, tag := "-", l.tag
		if sol != nil {
			if err := sol.Validate(); err != nil || !sol.Filled() {
				log.Fatalf("%s: %s: bad solution %s: %v", name, l.board.Line(), sol.Line(), err)
			}
			if l.want != nil && !sol.Equal(l.want) {
				log.Fatalf("%s: %s: the count's solution is not the generator's", name, l.board.Line())
			}
			solution = sol.Line()
		}
		if tag == "" {
			tag = "-"
		}
		fmt.Fprintf(&b, "%s\t%s\t%d\t%s\n", l.board.Line(), solution, count, tag)
	}
	file := filepath.Join(dir, name+".txt")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d puzzles, %d bytes", file, len(lines), b.Len())
}
