package grade_test

import (
	"encoding/json"
	"testing"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/logic"
)

// FuzzStepRating rates steps read from JSON, as an app may hand back a
// step it stored: any step rates, at 0 or more, and never panics.
func FuzzStepRating(f *testing.F) {
	_, s := stateOf(f, ratedPuzzle)
	for _, r := range []logic.Technique{logic.HiddenSingle, logic.NakedSingle, logic.LockedCandidates, logic.HiddenPair, logic.XWing} {
		if st, ok := r.Find(s); ok {
			data, err := json.Marshal(st)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Add([]byte(`{"rule":"hidden single","houses":[999],"place":[{"cell":-5,"digit":3}]}`))
	f.Add([]byte(`{"rule":"locked candidates","houses":[-1,400]}`))
	f.Add([]byte(`{"rule":"cell forcing chain","chains":[[{"from":{"cells":[]},"to":{"cells":[]}}]],"inner":[[{}]]}`))
	f.Add([]byte(`{"rule":"BUG type 3","digits":[1,2,3,4]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var st logic.Step
		if json.Unmarshal(data, &st) != nil {
			return
		}
		if r := grade.StepRating(s, st); r < 0 {
			t.Errorf("%s rated %v", data, r)
		}
	})
}
