package logic

import (
	"context"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
)

// BenchmarkALSTable lists the almost locked sets of magictour states
// where the rules rated below ALS-XZ are stuck, and reports how many
// sets a state has.
func BenchmarkALSTable(b *testing.B) {
	var simpler Rules
	for _, r := range Ladder(false) {
		if r.(Technique).Rating() < ALSXZ.Rating() {
			simpler = append(simpler, r)
		}
	}
	var states []*State
	for _, p := range reference.Boards(b, "9x9-magictour-top1465", 100) {
		s, err := NewState(p)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := simpler.Reduce(context.Background(), s); err != nil {
			b.Fatal(err)
		}
		if s.Left() > 0 {
			states = append(states, s)
		}
	}
	sets, i := 0, 0
	for b.Loop() {
		sets += len(states[i%len(states)].almostLocked().list)
		i++
	}
	b.ReportMetric(float64(sets)/float64(i), "sets/state")
}
