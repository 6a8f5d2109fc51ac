package cube_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
)

// readers calls each read-only method of a cube and returns what it gives,
// so that readers running at once can be compared with a run alone.
var readers = map[string]func(c *cube.Cube) any{
	"BoxSize":  func(c *cube.Cube) any { return c.BoxSize() },
	"Digits":   func(c *cube.Cube) any { return c.Digits() },
	"Model":    func(c *cube.Cube) any { return c.Model() },
	"Edges":    func(c *cube.Cube) any { return c.Edges() },
	"Faces":    func(c *cube.Cube) any { return c.Faces() },
	"Geometry": func(c *cube.Cube) any { return c.Geometry().String() },
	"Board":    func(c *cube.Cube) any { b := c.Board(); return b.Line() + b.Givens().Line() },
	"FaceCells": func(c *cube.Cube) any {
		var out [][]int
		for f := cube.Face(-1); f <= cube.Down+1; f++ {
			out = append(out, c.FaceCells(f))
		}
		return out
	},
	"Face": func(c *cube.Cube) any {
		var out []string
		for _, f := range c.Faces() {
			out = append(out, c.Face(f).Line())
		}
		return out
	},
	"Cell": func(c *cube.Cube) any {
		return []int{c.Cell(cube.Sticker{Face: cube.Front, Row: 1, Col: 2}), c.Cell(cube.Sticker{Face: cube.Back})}
	},
	"Stickers": func(c *cube.Cube) any {
		var out [][]cube.Sticker
		for cell := -1; cell <= c.Geometry().NumCells(); cell++ {
			out = append(out, c.Stickers(cell))
		}
		return out
	},
	"Partners": func(c *cube.Cube) any {
		var out [][]cube.Sticker
		for _, f := range c.Faces() {
			for r := range c.Digits() {
				out = append(out, c.Partners(cube.Sticker{Face: f, Row: r, Col: 0}))
			}
		}
		return out
	},
	"Neighbors": func(c *cube.Cube) any {
		var out [][]cube.Face
		for f := cube.Up; f <= cube.Down; f++ {
			out = append(out, c.Neighbors(f))
		}
		return out
	},
	"At": func(c *cube.Cube) any {
		var out []int
		for _, f := range c.Faces() {
			for r := range c.Digits() {
				out = append(out, c.At(cube.Sticker{Face: f, Row: r, Col: r}))
			}
		}
		return out
	},
	"Clone":    func(c *cube.Cube) any { return c.Clone().Net() },
	"Validate": func(c *cube.Cube) any { return c.Validate() == nil },
	"Solved":   func(c *cube.Cube) any { return c.Solved() },
	"String":   func(c *cube.Cube) any { return c.String() },
	"Net":      func(c *cube.Cube) any { return c.Net() },
	"Panels":   func(c *cube.Cube) any { return c.Panels() },
	"SVG": func(c *cube.Cube) any {
		var sb strings.Builder
		if err := c.SVG(&sb); err != nil {
			return err
		}
		return sb.String()
	},
	"MarshalJSON": func(c *cube.Cube) any {
		data, err := json.Marshal(c)
		if err != nil {
			return err
		}
		return string(data)
	},
}

// TestReadersCoverMethods keeps readers complete: every method of *Cube
// but UnmarshalJSON, the one that changes it, is a reader.
func TestReadersCoverMethods(t *testing.T) {
	typ := reflect.TypeFor[*cube.Cube]()
	var missing []string
	for i := range typ.NumMethod() {
		name := typ.Method(i).Name
		if _, ok := readers[name]; !ok && name != "UnmarshalJSON" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Fatalf("methods of *Cube with no concurrent-read test: %v", missing)
	}
}

// TestConcurrentReads runs every read-only method of a zero Cube, a nil
// one and made ones from several goroutines at once (under -race this
// fails on any write), and checks that each gives what it gives alone, on
// a twin of the cube, and that the cube is unchanged. The goroutines start
// on a cube nothing has read yet, so a zero Cube that set itself up on
// first use would race.
func TestConcurrentReads(t *testing.T) {
	puzzle := solvedPuzzle(t, variant{2, cube.SixFaces, cube.Differ}, func(cell int) bool { return cell%3 == 0 })
	made := func(v variant) func() *cube.Cube {
		return func() *cube.Cube { return mustNew(t, v) }
	}
	cubes := map[string]func() *cube.Cube{
		"zero":    func() *cube.Cube { return new(cube.Cube) },
		"nil":     func() *cube.Cube { return nil },
		"new":     made(variant{3, cube.SixFaces, cube.Match}),
		"puzzle":  puzzle.Clone,
		"empty 2": made(variant{2, cube.ThreeFaces, cube.Differ}),
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range readers {
			if !yield(name) {
				return
			}
		}
	})
	for cname, twins := range cubes {
		t.Run(cname, func(t *testing.T) {
			twin, c := twins(), twins()
			want := make(map[string]any)
			for _, name := range names {
				want[name] = readers[name](twin)
			}
			const goroutines = 4
			var wg sync.WaitGroup
			errs := make(chan string, goroutines*len(names))
			start := make(chan struct{})
			for g := range goroutines {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start // all at once, on the first read of all
					// Each goroutine starts at another method, so that
					// different methods overlap.
					for i := range names {
						name := names[(i+g*len(names)/goroutines)%len(names)]
						if got := readers[name](c); !reflect.DeepEqual(got, want[name]) {
							errs <- name
						}
					}
				}()
			}
			close(start)
			wg.Wait()
			close(errs)
			for name := range errs {
				t.Errorf("%s gave another answer when run beside the others", name)
			}
			if c != nil && c.Board().Empty() == c.Geometry().NumCells() && *c == (cube.Cube{}) {
				return // still a zero Cube, as it should be
			}
			if cname == "zero" {
				t.Fatalf("reading a zero Cube wrote into it")
			}
			if got, want := readers["MarshalJSON"](c), readers["MarshalJSON"](twin); got != want {
				t.Fatalf("reading the cube changed it:\n%s\nnow\n%s", want, got)
			}
		})
	}
}

// TestZeroCubeShared checks that the zero Cube's shared default cannot be
// changed through what its methods return.
func TestZeroCubeShared(t *testing.T) {
	var a, b cube.Cube
	_ = a.Board().SetGiven(0, 5)
	a.Faces()[0] = cube.Back
	a.FaceCells(cube.Up)[0] = 7
	a.Stickers(0)[0] = cube.Sticker{Face: cube.Down}
	a.Partners(cube.Sticker{Face: cube.Up, Row: 8})[0] = cube.Sticker{Face: cube.Down}
	for name, c := range map[string]*cube.Cube{"the same": &a, "another": &b, "a clone": b.Clone()} {
		if got := c.Board().Empty(); got != c.Geometry().NumCells() {
			t.Errorf("%s zero cube has %d empty cells, want all %d", name, got, c.Geometry().NumCells())
		}
		if got := c.Faces(); !slices.Equal(got, []cube.Face{cube.Up, cube.Front, cube.Right}) {
			t.Errorf("%s zero cube: faces %v", name, got)
		}
		if got := c.FaceCells(cube.Up)[0]; got != 0 {
			t.Errorf("%s zero cube: up's first cell %d", name, got)
		}
		if got := c.Stickers(0); !slices.Equal(got, []cube.Sticker{{Face: cube.Up}}) {
			t.Errorf("%s zero cube: stickers of cell 0 %v", name, got)
		}
		if got := c.Partners(cube.Sticker{Face: cube.Up, Row: 8}); !slices.Equal(got, []cube.Sticker{{Face: cube.Front}}) {
			t.Errorf("%s zero cube: partners of up r9c1 %v", name, got)
		}
	}
	// A made cube hands out copies too: its variant is shared by every
	// cube of the same kind.
	c := mustNew(t, variant{2, cube.SixFaces, cube.Match})
	d := mustNew(t, variant{2, cube.SixFaces, cube.Match})
	c.FaceCells(cube.Front)[0] = -1
	c.Faces()[1] = cube.Down
	if d.FaceCells(cube.Front)[0] == -1 || d.Faces()[1] != cube.Left {
		t.Fatalf("a change to a made cube's slices reached another cube")
	}
	// The board of a made cube is its own, and changes to it are kept.
	_ = c.Board().SetGiven(0, 3)
	if c.Board().Get(0) != 3 || d.Board().Get(0) != 0 {
		t.Fatalf("board changes: got %d and %d", c.Board().Get(0), d.Board().Get(0))
	}
	var sb strings.Builder
	if err := c.SVG(&sb); err != nil || !strings.Contains(sb.String(), ">3</text>") {
		t.Fatalf("the given does not show in the SVG (%v)", err)
	}
}
