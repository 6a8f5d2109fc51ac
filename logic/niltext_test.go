package logic_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// TestTechniqueUnmarshalNil: UnmarshalText into a nil *Technique is an
// argument error, as for every other enumeration of the library. Before,
// it panicked with a nil pointer dereference.
func TestTechniqueUnmarshalNil(t *testing.T) {
	var p *logic.Technique
	if err := p.UnmarshalText([]byte("naked pair")); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("nil *Technique: %v, want sudoku.ErrInvalidArgument", err)
	}
	tq := logic.XWing
	if err := tq.UnmarshalText([]byte("no such rule")); !errors.Is(err, sudoku.ErrInvalidArgument) || tq != logic.XWing {
		t.Errorf("unknown name: %v, technique now %v; want sudoku.ErrInvalidArgument and X-Wing kept", err, tq)
	}
}

// TestStageText: every stage writes its name and reads it back, as text
// and in JSON; other names and values are argument errors.
func TestStageText(t *testing.T) {
	for st, name := range map[logic.Stage]string{logic.StageArea: "area", logic.StageTechnique: "technique", logic.StageStep: "step"} {
		text, err := st.MarshalText()
		if err != nil || string(text) != name || st.String() != name {
			t.Errorf("stage %d: %q, %v; want %q", uint8(st), text, err, name)
		}
		if got, err := logic.ParseStage("  " + name); err != nil || got != st {
			t.Errorf("ParseStage(%q) = %v, %v", name, got, err)
		}
		data, err := json.Marshal(map[string]logic.Stage{"s": st})
		var back map[string]logic.Stage
		if err != nil || json.Unmarshal(data, &back) != nil || back["s"] != st {
			t.Errorf("JSON round trip of %v: %s, %v, %v", st, data, back, err)
		}
	}
	for _, name := range []string{"", "0", "rule", "steps"} {
		if _, err := logic.ParseStage(name); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("ParseStage(%q): %v", name, err)
		}
	}
	if _, err := (logic.StageStep + 1).MarshalText(); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("MarshalText of no stage: %v", err)
	}
	var nilStage *logic.Stage
	if err := nilStage.UnmarshalText([]byte("area")); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("UnmarshalText into nil: %v", err)
	}
	st := logic.Step{Area: "box 5", Text: "the whole step"}
	if st.Stage(logic.StageStep+1) != st.Text || st.Stage(logic.StageArea) != "Look at box 5." {
		t.Errorf("stages: %q, %q", st.Stage(logic.StageStep+1), st.Stage(logic.StageArea))
	}
}

// TestNilWrongEntryError: a nil *WrongEntryError says ErrWrongEntry's
// words and has no cause, as a nil ParseError or ConflictError, instead
// of panicking.
func TestNilWrongEntryError(t *testing.T) {
	var we *logic.WrongEntryError
	if got := we.Error(); got != logic.ErrWrongEntry.Error() {
		t.Errorf("Error() = %q", got)
	}
	if we.Unwrap() != nil {
		t.Error("Unwrap() of nil is not nil")
	}
	if !errors.Is(we, logic.ErrWrongEntry) {
		t.Error("a nil *WrongEntryError does not match ErrWrongEntry")
	}
}
