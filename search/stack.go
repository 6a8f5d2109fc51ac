package search

import "github.com/cubedoku/cubedoku/logic"

// stackBytes is the memory a worker's stack of states may hold. Deeper
// searches keep a state at every checkpoint depth (see worker.every) and
// at the depths searched last, and rebuild the others from the nearest
// checkpoint above them when the search backtracks to them. That is 82
// states of a 64x64 board, 138 of 49x49, 251 of 36x36 and 501 of 25x25.
// Twice as much solves the big boards in the same time, with more memory.
const stackBytes = 4 << 20

// stateBytes returns about how many bytes a state of s's geometry holds.
func stateBytes(s *logic.State) int {
	g := s.Geometry()
	return g.NumCells()*9 + g.NumUnits()*(g.Digits()+8) + 256
}

// sizeStack sets how many states the worker may hold for searches from
// states like s, and how far apart its checkpoints are: none is ever
// dropped when the deepest search (a guess per cell) fits.
func (w *worker) sizeStack(s *logic.State) {
	cells := s.Geometry().NumCells()
	budget := stackBytes
	if w.stackBytes > 0 {
		budget = w.stackBytes
	}
	w.maxStates = max(budget/stateBytes(s), 8)
	w.every = 0
	if w.maxStates <= cells+1 {
		// Half the states for checkpoints, half for the depths searched
		// last.
		w.every = (2*cells + w.maxStates - 1) / w.maxStates
	}
}

// state returns the stack state at depth d, allocating or rebuilding it
// when the worker holds none there (see at).
func (w *worker) state(d int) *logic.State {
	if d < len(w.stack) && w.stack[d] != nil {
		return w.stack[d]
	}
	return w.grow(d)
}

// grow makes the stack deep enough for depth d, and gives it a state
// there.
func (w *worker) grow(d int) *logic.State {
	for len(w.stack) <= d {
		w.stack = append(w.stack, nil)
		w.cells = append(w.cells, 0)
		w.rest = append(w.rest, 0)
		w.tried = append(w.tried, 0)
	}
	if w.stack[d] == nil {
		w.stack[d] = w.buffer(d)
		w.lowest = min(w.lowest, d)
	}
	return w.stack[d]
}

// at returns the state of depth d, rebuilding it when it was dropped (a
// rebuilt state may hold fewer candidates than the one it replaces, when
// the worker's rules have grown stronger since: the all-different filter
// starts after a number of dead ends, see hallAfter). It is false when
// the rebuild was stopped (then w.stopped is set), or when it found the
// state of a depth i <= d dead although the same steps succeeded before:
// then the digit tried at depth i-1 leads to no solution, and at ends
// depths i to d (their frames of dfs return), so that the search goes on
// with the next digit of depth i-1.
func (w *worker) at(d int) (*logic.State, bool) {
	if w.stack[d] != nil {
		return w.stack[d], true
	}
	j := d - 1
	for w.stack[j] == nil {
		j--
	}
	for i := j + 1; i <= d; i++ {
		s := w.state(i)
		s.CopyFrom(w.stack[i-1])
		w.counts.rebuilt++
		if s.Assign(w.cells[i-1], w.tried[i-1]) != nil || w.reduce(s) != nil {
			if !w.stopped {
				w.deadEnd(s)
				// Not a state of depth i: rebuilt from depth i-1 when
				// needed, as the others below it.
				w.stack[i] = nil
				w.spare = append(w.spare, s)
				for k := i; k <= d; k++ {
					w.rest[k] = 0
				}
			}
			return nil, false
		}
	}
	return w.stack[d], true
}

// buffer returns a state to use at depth d: a spare one, a new one while
// the worker holds fewer than maxStates, else one off the search's path
// (deeper than d), else one taken from the shallowest depth above d-1
// that is not a checkpoint.
func (w *worker) buffer(d int) *logic.State {
	if n := len(w.spare); n > 0 {
		s := w.spare[n-1]
		w.spare = w.spare[:n-1]
		return s
	}
	if w.every != 0 && w.held >= w.maxStates {
		// States below depth d are off the search's path: left by an
		// earlier branch or run. Those go first.
		for j := len(w.stack) - 1; j > d; j-- {
			if s := w.stack[j]; s != nil {
				w.stack[j] = nil
				return s
			}
		}
		for j := w.lowest; j < d-1; j++ {
			if s := w.stack[j]; s != nil && j%w.every != 0 {
				w.stack[j] = nil
				w.lowest = j + 1
				return s
			}
		}
	}
	w.held++
	w.counts.states = max(w.counts.states, int64(w.held))
	return new(logic.State)
}
