package sudoku_test

import (
	"encoding/json"
	"errors"
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
