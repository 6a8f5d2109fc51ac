package cube_test

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/search"
)

// TestGenerate makes cube puzzles with the generator, which works on the
// cube's geometry like on any other: each is unique and minimal, proved
// here again by counting with every clue removed in turn, and parses back
// from its net.
func TestGenerate(t *testing.T) {
	ctx := context.Background()
	sizes := []int{2, 3}
	for _, n := range sizes {
		for _, model := range []cube.Model{cube.ThreeFaces, cube.SixFaces} {
			for _, edges := range []cube.EdgeRule{cube.Match, cube.Differ} {
				if raceEnabled && n == 3 && model == cube.SixFaces {
					continue
				}
				g, err := cube.NewGeometry(n, model, edges)
				if err != nil {
					t.Fatal(err)
				}
				p, err := generate.New(ctx, g, generate.WithSeed(uint64(n)))
				if err != nil {
					t.Fatalf("n=%d %s %s: %v", n, model, edges, err)
				}
				c, err := cube.FromBoard(p.Board, n, model, edges)
				if err != nil {
					t.Fatal(err)
				}
				back, err := cube.Parse(c.Net(), edges)
				if err != nil || !back.Board().Equal(p.Board) {
					t.Fatalf("n=%d %s %s: the net does not read back (%v)", n, model, edges, err)
				}
				if k, err := search.Count(ctx, p.Board, 2); k != 1 || err != nil {
					t.Fatalf("n=%d %s %s: %d solutions (%v)", n, model, edges, k, err)
				}
				if !p.Minimal {
					t.Errorf("n=%d %s %s: not minimal", n, model, edges)
				}
				for cell := range g.NumCells() {
					if !p.Board.Given(cell) {
						continue
					}
					less := p.Board.Clone()
					less.SetGiven(cell, 0)
					if k, err := search.Count(ctx, less, 2); k != 2 || err != nil {
						t.Fatalf("n=%d %s %s: without %s, %d solutions (%v)", n, model, edges, g.CellName(cell), k, err)
					}
				}
			}
		}
	}
}
