package logic_test

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
)

// TestForcingNoGuessLong walks hints to the end, as a player's app does
// (Hint with the full ladder, its forcing chains and, last, a guess), on
// the 9x9 reference sets of one solution beside the checkout: QQWing's
// four levels, magictour's top 1465, the forum's hardest 1106 and a
// random 500 of the forum's hardest ER 11 and up. It logs, per set, the
// guesses, the forcing chain steps, and the median and slowest time of a
// hint that needed a forcing chain. It runs with CUBEDOKU_LONG=1 only; a
// -run of one subtest (such as TestForcingNoGuessLong/magictour) runs one
// set.
func TestForcingNoGuessLong(t *testing.T) {
	reference.SkipUnlessLong(t)
	for _, set := range []struct {
		short, name string
		sample      int // a random sample of this many; 0 for all
	}{
		{"qqwing", "9x9-qqwing-simple-1000", 0},
		{"qqwing", "9x9-qqwing-easy-1000", 0},
		{"qqwing", "9x9-qqwing-intermediate-1000", 0},
		{"qqwing", "9x9-qqwing-expert-1000", 0},
		{"magictour", "9x9-magictour-top1465", 0},
		{"hardest1106", "9x9-forum-hardest-1106", 0},
		{"hardest1905", "9x9-forum-hardest-1905-11plus", 500},
	} {
		t.Run(set.short, func(t *testing.T) {
			ps, sols := reference.Set(t, set.name, 0)
			idx := make([]int, len(ps))
			for i := range idx {
				idx[i] = i
			}
			if set.sample > 0 && set.sample < len(ps) {
				rng := rand.New(rand.NewPCG(39, 1905))
				rng.Shuffle(len(idx), func(i, j int) { idx[i], idx[j] = idx[j], idx[i] })
				idx = idx[:set.sample]
			}
			guesses, puzzlesGuessed, forcingSteps, steps := 0, 0, 0, 0
			uses, all := map[logic.Technique]int{}, map[logic.Technique]int{}
			var times []time.Duration
			for _, i := range idx {
				last := time.Now()
				rules, err := walk(t, ps[i], sols[i], []logic.Option{logic.WithUnique(true), logic.WithSolution(sols[i])}, func(st logic.Step) bool {
					if forcing(st.Rule) || st.Rule == logic.GuessRule {
						times = append(times, time.Since(last))
					}
					last = time.Now()
					return true
				})
				if !errors.Is(err, logic.ErrSolved) {
					t.Fatalf("%s %s: the walk stopped: %v", set.name, ps[i].Line(), err)
				}
				if rules[logic.GuessRule] > 0 {
					puzzlesGuessed++
					guesses += rules[logic.GuessRule]
				}
				for r, n := range rules {
					all[r] += n
					steps += n
					if forcing(r) {
						forcingSteps += n
						uses[r] += n
					}
				}
			}
			median, slowest := time.Duration(0), time.Duration(0)
			if len(times) > 0 {
				slices.Sort(times)
				median, slowest = times[len(times)/2], times[len(times)-1]
			}
			t.Logf("%s: %d puzzles, %d guesses in %d puzzles; %d forcing chain steps %v; a hint needing one: median %v, slowest %v",
				set.name, len(idx), guesses, puzzlesGuessed, forcingSteps, uses, median, slowest)
			t.Logf("%s: the share of each technique in %d steps: %s", set.name, steps, shares(all, steps))
			if guesses > 0 {
				t.Errorf("%s: %d guesses", set.name, guesses)
			}
		})
	}
}

// shares writes how many of steps each technique of uses took, most used
// first, as "name n (p %)".
func shares(uses map[logic.Technique]int, steps int) string {
	rules := slices.Collect(maps.Keys(uses))
	slices.SortFunc(rules, func(a, b logic.Technique) int { return cmp.Or(uses[b]-uses[a], int(a)-int(b)) })
	var sb strings.Builder
	for i, r := range rules {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprintf(&sb, "%s %d (%.2f %%)", r, uses[r], 100*float64(uses[r])/float64(steps))
	}
	return sb.String()
}
