package logic

import (
	"slices"
	"sync"
	"weak"

	"github.com/cubedoku/cubedoku/internal/geomtab"
)

// stateMemo keeps one value worked out from the last state asked, with a
// copy of its candidates and digits: the rules of a family, asked one
// after the other about one state, work it out once. The value must be
// read-only once kept, so that states of different goroutines may share
// the memo.
type stateMemo[T any] struct {
	mu    sync.Mutex
	s     weak.Pointer[State]
	t0    *geomtab.Tables // the state's geometry's tables
	cand  []uint64
	value []uint8
	v     T
}

// get returns the value kept for s, if s has not changed since.
func (m *stateMemo[T]) get(s *State) (T, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.s == weak.Make(s) && m.t0 == s.t && slices.Equal(m.cand, s.cand) && slices.Equal(m.value, s.value) {
		return m.v, true
	}
	var zero T
	return zero, false
}

// put keeps v as the value of s as it is now.
func (m *stateMemo[T]) put(s *State, v T) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.s, m.t0, m.v = weak.Make(s), s.t, v
	m.cand = append(m.cand[:0], s.cand...)
	m.value = append(m.value[:0], s.value...)
}
