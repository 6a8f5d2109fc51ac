package sudoku_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// withEntries returns b with a few entries (non-given digits) added.
func withEntries(t *testing.T, b *sudoku.Board) *sudoku.Board {
	t.Helper()
	b = b.Clone()
	n := b.Geometry().Digits()
	added := 0
	for c := 0; c < b.Geometry().NumCells() && added < 3; c++ {
		if b.Get(c) != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			if err := b.Set(c, d); err != nil {
				t.Fatal(err)
			}
			if b.Validate() == nil {
				added++
				break
			}
			if err := b.Set(c, 0); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b
}

func TestJSONRoundTrip(t *testing.T) {
	boards := []*sudoku.Board{
		mustParse(t, "1.3.............."[:16]),
		mustParse(t, classic),
		mustParse(t, "G"+strings.Repeat(".", 255)),
		mustParse(t, numbers(64, " ", func(i int) int {
			if i == 0 {
				return 64
			}
			return 0
		})),
	}
	for _, b := range boards {
		b = withEntries(t, b)
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		var back sudoku.Board
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", data[:60], err)
		}
		if !back.Equal(b) {
			t.Fatalf("%s: digits changed", b.Geometry())
		}
		for c := range b.Geometry().NumCells() {
			if back.Given(c) != b.Given(c) {
				t.Fatalf("%s: %s given %v, want %v", b.Geometry(), b.Geometry().CellName(c), back.Given(c), b.Given(c))
			}
		}
	}
}

func TestJSONCustomGeometry(t *testing.T) {
	g := mustCustom(t, diagonal())
	b := sudoku.NewBoard(g)
	if err := b.SetGiven(40, 5); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "boxRows") {
		t.Errorf("custom geometry JSON %s should not claim a box shape", data)
	}
	back := sudoku.NewBoard(g)
	if err := json.Unmarshal(data, back); err != nil || back.Geometry() != g || !back.Equal(b) || !back.Given(40) {
		t.Errorf("custom round trip: %v", err)
	}
}

func TestJSONErrors(t *testing.T) {
	tests := []struct {
		name string
		data string
		want error
	}{
		{"given disagrees", `{"boxRows":2,"boxCols":2,"givens":"1...............","digits":"2..............."}`, sudoku.ErrConflict},
		{"bad box", `{"boxRows":1,"boxCols":2,"givens":"....","digits":"...."}`, sudoku.ErrSize},
		{"wrong length", `{"boxRows":2,"boxCols":2,"givens":"1..","digits":"1.."}`, sudoku.ErrCellCount},
		{"stray", `{"boxRows":2,"boxCols":2,"givens":"................","digits":"*..............."}`, sudoku.ErrBadCharacter},
	}
	for _, tt := range tests {
		b := mustParse(t, classic)
		before := b.Clone()
		err := json.Unmarshal([]byte(tt.data), b)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
		}
		if !b.Equal(before) || b.Geometry() != before.Geometry() {
			t.Errorf("%s: a failed Unmarshal changed the board", tt.name)
		}
	}
	var b sudoku.Board
	if err := json.Unmarshal([]byte(`{"givens": 3}`), &b); err == nil {
		t.Error("malformed JSON accepted")
	}
}

func TestTextRoundTrip(t *testing.T) {
	b := withEntries(t, mustParse(t, classic))
	text, err := b.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var zero sudoku.Board
	if err := zero.UnmarshalText(text); err != nil || !zero.Equal(b) {
		t.Fatalf("zero target: %v", err)
	}
	g := mustCustom(t, diagonal())
	target := sudoku.NewBoard(g)
	if err := target.UnmarshalText(text); err != nil || target.Geometry() != g || !target.Equal(mustParse(t, string(text), sudoku.WithGeometry(g))) {
		t.Fatalf("geometry target: %v", err)
	}
	small := sudoku.NewBoard(mustGeometry(t, 2, 2))
	if err := small.UnmarshalText(text); !errors.Is(err, sudoku.ErrCellCount) || small.Geometry().Digits() != 4 || small.Empty() != 16 {
		t.Errorf("wrong size: %v, board now %s", err, small.Geometry())
	}
	hex := sudoku.NewBoard(mustGeometry(t, 4, 4))
	if err := hex.SetNotation(sudoku.Notation{Alphabet: sudoku.Hex}); err != nil {
		t.Fatal(err)
	}
	if err := hex.SetGiven(0, 1); err != nil {
		t.Fatal(err)
	}
	text, _ = hex.MarshalText()
	back := sudoku.NewBoard(mustGeometry(t, 4, 4))
	_ = back.SetNotation(sudoku.Notation{Alphabet: sudoku.Hex})
	if err := back.UnmarshalText(text); err != nil || back.Get(0) != 1 {
		t.Errorf("hex text %q read back as %v (%v)", text[:4], back.Get(0), err)
	}
}
