package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/cubedoku/cubedoku/search"
)

// Progress prints the progress of one search on a writer, once the search
// has run a while: a line every interval, then one with the outcome.
type Progress struct {
	out      io.Writer
	name     string // the command and the puzzle, as "solve: file:3"
	every    time.Duration
	next     time.Duration // the elapsed time the next line is due at
	printed  bool
	finished string // the outcome of a search that was not stopped
}

// NewProgress returns the progress of a search called name, printed on
// out every interval; finished names its outcome when it ends by itself,
// such as "solved".
func NewProgress(out io.Writer, name string, every time.Duration, finished string) *Progress {
	return &Progress{out: out, name: name, every: every, next: every, finished: finished}
}

// Observe is the search's observer (search.WithObserver): it prints a line
// when one is due. It never stops the search.
func (p *Progress) Observe(sp search.Progress) error {
	if sp.Elapsed < p.next {
		return nil
	}
	p.next = sp.Elapsed + p.every
	p.printed = true
	fmt.Fprintf(p.out, "%s: %.1f s, %d nodes (%s nodes/s), %d restarts, depth %d, %d of %d cells decided (best %d)\n",
		p.name, sp.Elapsed.Seconds(), sp.Nodes, rate(sp.Nodes, sp.Elapsed), sp.Restarts, sp.Depth, sp.Decided, sp.Cells, sp.BestDecided)
	return nil
}

// Done closes the progress of a search that printed any, with its outcome
// (and the tabu search's swaps and the clause-learning search's
// conflicts, when there were any).
func (p *Progress) Done(st search.Stats, err error) {
	if !p.printed {
		return
	}
	outcome := p.finished
	if err != nil {
		outcome = "stopped: " + err.Error()
	}
	swaps := ""
	if st.Moves > 0 {
		swaps = fmt.Sprintf(", %d tabu swaps", st.Moves)
	}
	if st.Conflicts > 0 {
		swaps += fmt.Sprintf(", %d clause-learning conflicts", st.Conflicts)
	}
	fmt.Fprintf(p.out, "%s: %s after %.1f s, %d nodes, %d restarts%s\n",
		p.name, outcome, st.Elapsed.Seconds(), st.Nodes, st.Restarts, swaps)
}

// rate formats nodes per elapsed time with three significant digits.
func rate(nodes int64, elapsed time.Duration) string {
	if elapsed <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.3g", float64(nodes)/elapsed.Seconds())
}
