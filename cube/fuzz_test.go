package cube_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
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
