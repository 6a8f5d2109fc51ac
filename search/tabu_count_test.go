package search

import (
	"context"
	"testing"
)

// TestTabuCountToTwo: Count to 2 with the tabu search beside the exact
// one, and no clause-learning search, gives the exact count's answer on
// hundreds of boards made from the in-repository puzzles with some clues
// taken out (some keep one solution, some get more), a third of them with
// a cell marked (see WithMarks), with one and two workers. With one
// worker, the tabu search answers that there are two solutions, ending
// the call before the exact search alone would have (in fewer of its
// nodes), and finds the only solution of puzzles that have one, which
// must not count twice.
func TestTabuCountToTwo(t *testing.T) {
	answered, refound := 0, 0
	for i, c := range countCases(t, 450, 16, 8) {
		b, opts := c.b, append(c.opts, WithGeneralEngine(), WithClausesFrom(-1))
		var plain Stats
		want, err := Count(context.Background(), b, 2, append(opts, WithWorkers(1), WithStats(&plain))...)
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, WithLocalFrom(1), WithSeed(uint64(i)))
		n, err := Count(context.Background(), b, 2, append(opts, WithWorkers(2))...)
		if err != nil || n != want {
			t.Fatalf("board %d: Count with the tabu search, two workers, %d (%v), want %d:\n%s", i, n, err, want, b.Pretty())
		}
		var st Stats
		n, err = Count(context.Background(), b, 2, append(opts, WithWorkers(1), WithStats(&st))...)
		if err != nil || n != want {
			t.Fatalf("board %d: Count with the tabu search, one worker, %d (%v), want %d:\n%s", i, n, err, want, b.Pretty())
		}
		switch {
		case n == 2 && st.Nodes < plain.Nodes:
			answered++
		case n == 1 && st.Solutions > plain.Solutions:
			refound++
		}
	}
	t.Logf("the tabu search answered 2 first on %d boards, and found the only solution on %d", answered, refound)
	if answered < 20 || refound < 20 {
		t.Errorf("the tabu search answered 2 first on %d boards, and found the only solution on %d; want 20 or more of each", answered, refound)
	}
}
