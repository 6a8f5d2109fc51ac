package logic

import (
	"strings"
	"testing"
)

// TestEveryTechniqueHasText: a technique added to the list needs its
// entry in texts, a technique stage that says where ({area}) and, but for
// CustomRule, whose steps are the caller's, a step sentence.
func TestEveryTechniqueHasText(t *testing.T) {
	for tq := range numTechniques {
		tx := texts[tq]
		if !strings.Contains(tx.look, "{area}") {
			t.Errorf("%v: technique stage %q does not say where", tq, tx.look)
		}
		if tq != CustomRule && tx.step == "" {
			t.Errorf("%v: no step sentence", tq)
		}
	}
	if got := fill("{a} and {b}", "a", "1"); got != "1 and {b}" {
		t.Errorf("fill leaves a missing slot as %q, want it kept", got)
	}
}
