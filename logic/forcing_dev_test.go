package logic_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
)

func TestForcingDev(t *testing.T) {
	ps, sols := reference.Set(t, "9x9-forum-hardest-1106", 5)
	for i, p := range ps {
		start := time.Now()
		var slow time.Duration
		n := 0
		last := time.Now()
		rules, err := walk(t, p, sols[i], []logic.Option{logic.WithUnique(true), logic.WithSolution(sols[i])}, func(st logic.Step) bool {
			if d := time.Since(last); d > slow {
				slow = d
			}
			if n < 3 && st.Rule >= logic.NishioForcingChain && st.Rule <= logic.NestedForcingChain {
				t.Log(st.Text)
				n++
			}
			last = time.Now()
			return true
		})
		if !errors.Is(err, logic.ErrSolved) {
			t.Fatal(err)
		}
		t.Log(time.Since(start), slow, rules)
	}
	_ = context.Background
}
