package sudoku_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

// TestErrorJSON: the error structs an app may log or send encode with
// camelCase keys, as every struct of the library does.
func TestErrorJSON(t *testing.T) {
	_, err := sudoku.Parse("12x4" + "............")
	var pe *sudoku.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("Parse: %v, want a *sudoku.ParseError", err)
	}
	got, err := json.Marshal(pe)
	msg, _ := json.Marshal(pe.Msg)
	if want := `{"line":1,"column":3,"msg":` + string(msg) + `}`; err != nil || string(got) != want {
		t.Errorf("ParseError JSON: %s, %v; want %s", got, err, want)
	}
	b, _ := sudoku.Parse("11" + "..............")
	var ce *sudoku.ConflictError
	if !errors.As(b.Validate(), &ce) {
		t.Fatal("Validate: want a *sudoku.ConflictError")
	}
	got, err = json.Marshal(ce)
	if want := `{"conflicts":[{"a":0,"b":1,"digit":1,"unit":0}]}`; err != nil || string(got) != want {
		t.Errorf("ConflictError JSON: %s, %v; want %s", got, err, want)
	}
}

// TestJSONErrorOnePrefix: a bad board in JSON says "sudoku:" once, and
// the ParseError of its digits is still found.
func TestJSONErrorOnePrefix(t *testing.T) {
	for _, in := range []string{`{"box":[2,7]}`, `{"box":[2,2],"digits":"12345"}`, `{"box":[2,2],"digits":"1234341221434321","givens":"9"}`} {
		var b sudoku.Board
		err := json.Unmarshal([]byte(in), &b)
		if err == nil || strings.Count(err.Error(), "sudoku:") != 1 {
			t.Errorf("%s: %v, want one \"sudoku:\"", in, err)
		}
	}
	var b sudoku.Board
	var pe *sudoku.ParseError
	if err := json.Unmarshal([]byte(`{"box":[2,2],"digits":"12345"}`), &b); !errors.As(err, &pe) {
		t.Errorf("%v: no *sudoku.ParseError", err)
	}
}
