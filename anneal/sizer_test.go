package anneal_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
)

// hugeSizer is a problem whose Sizer says more variables than a chain
// length can square: a counter that moves up or down by one.
type hugeSizer struct{}

func (hugeSizer) Cost(s *int) float64              { return float64(*s) }
func (hugeSizer) Delta(_ *int, m int) float64      { return float64(m) }
func (hugeSizer) Propose(_ *int, r *rand.Rand) int { return 1 - 2*r.IntN(2) }
func (hugeSizer) Apply(s *int, m int)              { *s += m }
func (hugeSizer) Size() int                        { return 1 << 32 }
func (hugeSizer) Copy(dst, src *int) *int {
	if dst == nil {
		dst = new(int)
	}
	*dst = *src
	return dst
}

// TestSizerOverflow: a Sizer whose square does not fit in an int gives the
// longest chain, not the wrapped-around square. Before, 1<<32 squared to 0,
// and every chain ran no move at all.
func TestSizerOverflow(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	var st anneal.Stats
	start := 0
	_, _ = anneal.Run[*int, int](ctx, hugeSizer{}, &start, anneal.WithWorkers(1), anneal.WithChainLimit(3), anneal.WithTemperature(1), anneal.WithStats(&st))
	if st.Moves == 0 {
		t.Errorf("no move made: %+v", st)
	}
}
