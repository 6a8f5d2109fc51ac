// Command uniqueness measures how many cells of a Sudoku cube can be empty
// while the puzzle keeps a unique solution, with exact counts.
//
// For each variant (three or six faces, matching or differing edges) and
// each step of the share of empty cells, it makes random puzzles: a random
// complete cube (package generate), then that share of its cells, chosen
// at random, emptied. Package search then counts each puzzle's solutions
// up to two, which proves it unique or not. Lambert and Whitlock (2010)
// and Mayorov and Whitlock estimated the same by re-solving each puzzle
// with other random numbers, which cannot prove uniqueness.
//
// Cells are the cells of the cube's geometry: under matching edges the
// stickers of one cubie are one cell, so a cube of 9x9 faces has 386 of
// them on six faces and 217 on three; under differing edges each sticker
// is a cell (486 and 243).
//
//	go run ./examples/uniqueness                    # 9x9 faces, every variant, 20 puzzles a step
//	go run ./examples/uniqueness -faces 6 -edges differ -n 50 -percent-step 2
//
// It prints CSV, one line per variant and step:
//
//	faces,edges,n,empty_pct,puzzles,unique,multiple
//
// and then, on standard error, for each variant the largest share of
// empty cells at which every puzzle was unique, the smallest at which
// some puzzle had several solutions, and the largest at which at least
// half were unique. The exit code is 0 after the whole table, 1 when a
// count fails, 2 for a usage error, and 130 after an interrupt, once the
// rows done are printed.
//
// Flags:
//
//	-faces 3|6|both   the models (default both)
//	-edges match|differ|both
//	                  the edge rules (default both)
//	-box N            box size, 2 to 5 (faces of N*N x N*N; default 3), or
//	-size S           the faces' size, 4, 9, 16 or 25 (default 9)
//	-n K              puzzles per step (default 20)
//	-percent-step P   step of the share of empty cells, in percent (default 5)
//	-seed S           seed of the random cubes and cells (0, the default:
//	                  random, told on standard error)
//	-workers W        puzzles counted at once (0: one per CPU)
//	-version          print the module's version
package main

import (
	"context"
	"fmt"
	"io"
	"runtime"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/sudoku"
)

func main() {
	cli.Main(run)
}

type options struct {
	faces, edges              string
	box, puzzles, step, works int
	seed                      uint64
}

// variant is one model and edge rule.
type variant struct {
	model cube.Model
	edges cube.EdgeRule
}

func (v variant) faces() int {
	if v.model == cube.ThreeFaces {
		return 3
	}
	return 6
}

func run(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("uniqueness", "", stdout, stderr)
	fs := c.Flags
	var (
		o     options
		shape cli.Shape
	)
	fs.StringVar(&o.faces, "faces", "both", "models: 3, 6 or both")
	fs.StringVar(&o.edges, "edges", "both", "edge rules: match, differ or both")
	c.ShapeVars(&shape, 9)
	c.CountVar(&o.puzzles, 20, "puzzles per step")
	c.IntVar(&o.step, "percent-step", 5, 1, 100, "step of the share of empty cells, in percent")
	c.SeedVar(&o.seed, "seed of the random cubes and cells")
	c.WorkersVar(&o.works, "puzzles counted at once")
	if status, ok := c.Parse(args); !ok {
		return status
	}
	variants, err := o.variants()
	if err == nil {
		o.box, err = shape.CubeBox()
	}
	if err != nil {
		return c.Usage("%v", err)
	}
	geoms := make([]*sudoku.Geometry, len(variants))
	for i, v := range variants {
		if geoms[i], err = cube.NewGeometry(o.box, v.model, v.edges); err != nil {
			return c.Usage("%v", err)
		}
	}
	if o.works == 0 {
		o.works = runtime.GOMAXPROCS(0)
	}
	if o.seed == 0 {
		o.seed = cli.Seed(0)
		c.Errorf("seed %d", o.seed)
	}

	fmt.Fprintln(stdout, "faces,edges,n,empty_pct,puzzles,unique,multiple")
	for vi, v := range variants {
		g := geoms[vi]
		allUnique, firstMultiple, mostlyUnique := -1, -1, -1
		for pct := 0; pct <= 100; pct += o.step {
			seed := o.seed ^ uint64(vi)<<48 ^ uint64(pct)<<32
			unique, err := cli.CountUnique(ctx, g, pct, o.puzzles, o.works, seed)
			if err != nil {
				if ctx.Err() != nil {
					return c.Exit(ctx, cli.ExitFailure)
				}
				return c.Fail(err)
			}
			fmt.Fprintf(stdout, "%d,%s,%d,%d,%d,%d,%d\n", v.faces(), v.edges, o.box, pct, o.puzzles, unique, o.puzzles-unique)
			if unique == o.puzzles && firstMultiple < 0 {
				allUnique = pct
			}
			if unique < o.puzzles && firstMultiple < 0 {
				firstMultiple = pct
			}
			if 2*unique >= o.puzzles {
				mostlyUnique = pct
			}
		}
		fmt.Fprintf(stderr, "%d faces, %s, n=%d: every puzzle unique up to %d%% empty; first with several solutions at %s; at least half unique up to %d%% empty\n",
			v.faces(), v.edges, o.box, allUnique, percent(firstMultiple), mostlyUnique)
	}
	return cli.ExitOK
}

func percent(p int) string {
	if p < 0 {
		return "none"
	}
	return fmt.Sprintf("%d%% empty", p)
}

func (o options) variants() ([]variant, error) {
	var models []cube.Model
	switch o.faces {
	case "3":
		models = []cube.Model{cube.ThreeFaces}
	case "6":
		models = []cube.Model{cube.SixFaces}
	case "both":
		models = []cube.Model{cube.SixFaces, cube.ThreeFaces}
	default:
		return nil, fmt.Errorf("-faces %q: want 3, 6 or both", o.faces)
	}
	var rules []cube.EdgeRule
	switch o.edges {
	case "both":
		rules = []cube.EdgeRule{cube.Match, cube.Differ}
	default:
		var r cube.EdgeRule
		if err := r.UnmarshalText([]byte(o.edges)); err != nil {
			return nil, fmt.Errorf("-edges %q: want match, differ or both", o.edges)
		}
		rules = []cube.EdgeRule{r}
	}
	var out []variant
	for _, m := range models {
		for _, r := range rules {
			out = append(out, variant{m, r})
		}
	}
	return out, nil
}
