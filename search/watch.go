package search

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// observeEvery is how many nodes a worker searches between looks at the
// clock for its observer; the observer itself is called at most every
// observePeriod.
const (
	observeEvery  = 256
	observePeriod = 100 * time.Millisecond
)

// watch calls a search's observer (see WithObserver): never two calls at
// once, at most one per observePeriod apart from the first and those after
// restarts. Workers add their nodes and restarts to it as they poll it.
type watch struct {
	mu       sync.Mutex
	f        func(Progress) error
	start    time.Time
	due      atomic.Int64 // time.Since(start) in ns when the next call is due
	nodes    atomic.Int64
	restarts atomic.Int64
	failed   atomic.Bool
	err      error // the observer's error, wrapped; set once under mu
	cells    int
}

func newWatch(f func(Progress) error, start time.Time, cells int) *watch {
	if f == nil {
		return nil
	}
	return &watch{f: f, start: start, cells: cells}
}

// call hands p to the observer unless an earlier call failed; now forces
// the call, else it is made only when due. It returns the observer's
// error, wrapped.
func (wt *watch) call(p Progress, now bool) error {
	elapsed := time.Since(wt.start)
	if !now && int64(elapsed) < wt.due.Load() {
		return nil
	}
	wt.mu.Lock()
	defer wt.mu.Unlock()
	if wt.err != nil {
		return wt.err
	}
	wt.due.Store(int64(elapsed + observePeriod))
	p.Nodes, p.Restarts, p.Cells, p.Elapsed = wt.nodes.Load(), wt.restarts.Load(), wt.cells, elapsed
	if err := wt.f(p); err != nil {
		wt.err = fmt.Errorf("search: observer: %w", err)
		wt.failed.Store(true)
		return wt.err
	}
	return nil
}

// observed is what a worker keeps for its observer: the watch (nil
// without one), its nodes when it last told the watch, the depth searched
// now and the cells decided there, and the most cells decided at any node
// so far.
type observed struct {
	watch                *watch
	watched              int64
	depth, decided, best int
}

// observe counts the worker's nodes since its last look into the watch
// and calls the observer when it is due (or now, after a restart). An
// error from the observer stops the worker.
func (w *worker) observe(now bool) {
	wt := w.obs.watch
	wt.nodes.Add(w.counts.nodes - w.obs.watched)
	w.obs.watched = w.counts.nodes
	p := Progress{Worker: w.id, Depth: w.obs.depth, Decided: w.obs.decided, BestDecided: w.obs.best}
	if err := wt.call(p, now); err != nil {
		w.stopped = true
	}
}
