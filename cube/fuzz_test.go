package cube_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/sudoku"
)

// fuzzNets are nets of every model, good and bad.
func fuzzNets(f *testing.F) []string {
	var nets []string
	for _, v := range variants(2, 3) {
		c := solvedPuzzle(f, v, func(cell int) bool { return cell%5 != 0 })
		nets = append(nets, c.Net())
		c.Board().ClearEntries()
		nets = append(nets, c.Net(), strings.ReplaceAll(c.Net(), " ", ""))
	}
	good := nets[1]
	return append(nets,
		"", "\n\n", "----+----\n", "1 2 | 3 4\n", "#\n",
		good[:len(good)/2],
		strings.Replace(good, "1", "Z", 1),
		strings.Replace(good, "2", "-", 1),
		strings.Replace(good, "\n\n", "\n", 1),
		"\ufeff"+good,
	)
}

// FuzzParse checks that Parse returns a cube or an error, never both or
// neither, never panics, and that a cube it returns reads back equal from
// its net.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzNets(f) {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, text string, differ bool) {
		edges := cube.Match
		if differ {
			edges = cube.Differ
		}
		c, err := cube.Parse(text, edges)
		if (c == nil) == (err == nil) {
			t.Fatalf("Parse returned %v and %v", c, err)
		}
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "sudoku: ") && !strings.HasPrefix(msg, "cube: ") {
				t.Fatalf("error message %q", msg)
			}
			return
		}
		back, err := cube.Parse(c.Net(), edges)
		if err != nil {
			t.Fatalf("reading back %q: %v", c.Net(), err)
		}
		if back.Model() != c.Model() || back.BoxSize() != c.BoxSize() || !back.Board().Equal(c.Board()) {
			t.Fatalf("%q read back as %q", c.Net(), back.Net())
		}
		_ = c.Validate()
	})
}

// FuzzJSON checks that UnmarshalJSON never panics, leaves the cube alone
// on error, and that a cube it reads writes back to JSON that reads equal.
func FuzzJSON(f *testing.F) {
	for _, v := range variants(2, 3) {
		c := solvedPuzzle(f, v, func(cell int) bool { return cell%3 == 0 })
		data, err := json.Marshal(c)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add(`{"boxSize":2}`)
	f.Add(`{"boxSize":2,"model":"six faces","edges":"differ","givens":"","digits":"1"}`)
	f.Add(`{"boxSize":25,"model":"three faces"}`)
	f.Add(`{}`)
	f.Add(`null`)
	f.Add(`{"givens":""}`)
	f.Add(`{"givens":"1` + strings.Repeat(".", 47) + `"}`)
	f.Add(`{"model":"six faces","digits":"1` + strings.Repeat(".", 95) + `"}`)
	f.Add(`{"boxSize":2,"givens":"1` + strings.Repeat(".", 47) + `","digits":"2` + strings.Repeat(".", 47) + `"}`)
	f.Add(`{"boxSize":-1}`)
	f.Add(`{"boxSize":9223372036854775807,"model":"six faces"}`)
	f.Fuzz(func(t *testing.T, data string) {
		var c cube.Cube
		if err := json.Unmarshal([]byte(data), &c); err != nil {
			if c.Digits() != 9 || c.Board().Empty() != c.Geometry().NumCells() {
				t.Fatalf("the cube changed on error %v", err)
			}
			return
		}
		out, err := json.Marshal(&c)
		if err != nil {
			t.Fatal(err)
		}
		var back cube.Cube
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("reading back %s: %v", out, err)
		}
		if !back.Board().Equal(c.Board()) || back.Board().Givens().Line() != c.Board().Givens().Line() {
			t.Fatalf("%s read back as %s", out, back.Net())
		}
	})
}

// FuzzParseNames checks that each Parse function of a name gives a value
// whose String is that name (in any case, and with spaces, hyphens and
// underscores ignored), or an argument error, never both.
func FuzzParseNames(f *testing.F) {
	drop := strings.NewReplacer(" ", "", "-", "", "_", "")
	fold := func(s string) string { return strings.ToLower(drop.Replace(s)) }
	for _, s := range []string{"three faces", "six-faces", "Six_Faces", "match", "differ", "up", "down", "master", "whole", "", "Up", "face 7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		check := func(kind string, got fmt.Stringer, err error) {
			switch {
			case err == nil && fold(got.String()) != fold(name):
				t.Fatalf("Parse%s(%q) = %q", kind, name, got)
			case err != nil && !errors.Is(err, sudoku.ErrInvalidArgument):
				t.Fatalf("Parse%s(%q): %v is not an argument error", kind, name, err)
			}
		}
		m, err := cube.ParseModel(name)
		check("Model", m, err)
		e, err := cube.ParseEdgeRule(name)
		check("EdgeRule", e, err)
		fc, err := cube.ParseFace(name)
		check("Face", fc, err)
		s, err := cube.ParseStrategy(name)
		check("Strategy", s, err)
	})
}

// FuzzNew checks that New and NewGeometry accept exactly the box sides
// 2..5 and the declared models and rules, and that a cube made reports
// what it was made with.
func FuzzNew(f *testing.F) {
	f.Add(3, 0, 0)
	f.Add(5, 1, 1)
	f.Add(-1, 2, -1)
	f.Add(math.MaxInt, math.MinInt, 0)
	f.Fuzz(func(t *testing.T, box, model, edges int) {
		c, err := cube.New(box, cube.Model(model), cube.EdgeRule(edges))
		g, gerr := cube.NewGeometry(box, cube.Model(model), cube.EdgeRule(edges))
		valid := box >= 2 && box <= 5 && model >= 0 && model <= 1 && edges >= 0 && edges <= 1
		if !valid {
			if err == nil || gerr == nil || c != nil || g != nil {
				t.Fatalf("New(%d, %d, %d) = %v, %v; NewGeometry: %v", box, model, edges, c, err, gerr)
			}
			return
		}
		if err != nil || gerr != nil {
			t.Fatalf("New(%d, %d, %d): %v, %v", box, model, edges, err, gerr)
		}
		if c.BoxSize() != box || c.Digits() != box*box || c.Model() != cube.Model(model) || c.Edges() != cube.EdgeRule(edges) || c.Geometry() != g {
			t.Fatalf("New(%d, %d, %d) made a cube of %d, %s, %s", box, model, edges, c.BoxSize(), c.Model(), c.Edges())
		}
	})
}
