package logic_test

import (
	"context"
	"errors"
	"math/bits"
	"slices"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// BenchmarkHint asks for a hint on 9x9 puzzles and reports the median
// time of one hint (median-µs) besides the mean: on the puzzles of two
// QQWing levels as given, and on expert puzzles where singles have run out
// (the player's pencil marks passed in), where the hint needs a harder
// rule or finds none.
func BenchmarkHint(b *testing.B) {
	type task struct {
		board *sudoku.Board
		opts  []logic.Option
	}
	cases := map[string][]task{}
	for _, level := range []string{"easy", "expert"} {
		for _, p := range reference.Boards(b, "9x9-qqwing-"+level+"-1000", 200) {
			cases[level] = append(cases[level], task{board: p})
		}
	}
	for _, p := range reference.Boards(b, "9x9-qqwing-expert-1000", 200) {
		s, err := logic.NewState(p)
		if err != nil {
			b.Fatal(err)
		}
		res, err := logic.DeduceState(context.Background(), s, p, logic.NakedSingle, logic.HiddenSingle)
		if err != nil {
			b.Fatal(err)
		}
		if !res.Solved {
			cases["expert-stuck"] = append(cases["expert-stuck"], task{res.Board, []logic.Option{logic.WithMarks(s.MarkMasks())}})
		}
	}
	for _, name := range []string{"easy", "expert", "expert-stuck"} {
		tasks := cases[name]
		b.Run(name, func(b *testing.B) {
			var times []time.Duration
			i := 0
			for b.Loop() {
				t := tasks[i%len(tasks)]
				start := time.Now()
				if _, err := logic.Hint(context.Background(), t.board, t.opts...); err != nil && !errors.Is(err, logic.ErrNoStep) {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				i++
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "median-µs")
		})
	}
}

// dfs is a plain depth-first search that calls rules.Reduce at every
// node, as package search would with a rule set: it counts the nodes.
func dfs(s *logic.State, rules logic.Rules, nodes *int) bool {
	*nodes++
	if _, err := rules.Reduce(context.Background(), s); err != nil {
		return false
	}
	if s.Left() == 0 {
		return true
	}
	cell, best := -1, 65
	for c := range s.Geometry().NumCells() {
		if n := bits.OnesCount64(s.Candidates(c)); s.Value(c) == 0 && n < best {
			cell, best = c, n
		}
	}
	for m := s.Candidates(cell); m != 0; m &= m - 1 {
		child := s.Clone()
		if child.Assign(cell, bits.TrailingZeros64(m)+1) == nil && dfs(child, rules, nodes) {
			return true
		}
	}
	return false
}

// BenchmarkRulesInSearch measures what each rule costs and saves when a
// search applies it at every node: for singles alone (Propagate) and for
// singles plus each technique on its own, and the whole ladder, it solves
// hard 9x9 puzzles and reports nodes per puzzle, the fraction solved with
// no guess (logic-only%), and the time per puzzle (ns/op).
func BenchmarkRulesInSearch(b *testing.B) {
	ps := reference.Boards(b, "9x9-magictour-top1465", 100)
	sets := []struct {
		name  string
		rules logic.Rules
	}{{"singles", nil}}
	for _, t := range logic.Techniques()[2:] {
		if !t.AssumesUnique() {
			sets = append(sets, struct {
				name  string
				rules logic.Rules
			}{t.Name(), logic.Rules{t}})
		}
	}
	sets = append(sets, struct {
		name  string
		rules logic.Rules
	}{"ladder", logic.Ladder(false)})
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			nodes, solved, i := 0, 0, 0
			for b.Loop() {
				p := ps[i%len(ps)]
				s, err := logic.NewState(p)
				if err != nil {
					b.Fatal(err)
				}
				n := 0
				if !dfs(s, set.rules, &n) {
					b.Fatalf("%s: no solution", p.Line())
				}
				if n == 1 {
					solved++
				}
				nodes += n
				i++
			}
			b.ReportMetric(float64(nodes)/float64(i), "nodes/puzzle")
			b.ReportMetric(100*float64(solved)/float64(i), "logic-only%")
		})
	}
}

// BenchmarkDeduce runs the whole ladder (Deduce) on 9x9 and 16x16 puzzles.
func BenchmarkDeduce(b *testing.B) {
	for _, set := range []string{"9x9-qqwing-expert-1000", "16x16-minimal-100"} {
		b.Run(set, func(b *testing.B) {
			ps := reference.Boards(b, set, 100)
			i := 0
			for b.Loop() {
				if _, err := logic.Deduce(context.Background(), ps[i%len(ps)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkHintWalk measures the latency of the hints an app asks for
// while a player follows them to the end: every position of the walk of
// hints (Unique and Solution set, from the pencil marks the hints so far
// left) on 9x9 expert puzzles and on 16x16 minimal puzzles, the last
// resort included. It reports the median, 90th percentile and largest
// time of one hint, and how many of the hints were last resorts (lr%).
// On magictour it times only the hints that are last resorts: forcing
// chains, or a guess.
func BenchmarkHintWalk(b *testing.B) {
	type position struct {
		board *sudoku.Board
		opts  []logic.Option
		last  bool // a last-resort step
	}
	for _, set := range []struct {
		name, sub   string
		max, stride int  // the first max puzzles, then every stride-th
		forcingOnly bool // only the positions whose hint is a last resort
	}{
		{"9x9-qqwing-expert-1000", "9x9-qqwing-expert-1000", 100, 1, false},
		{"16x16-minimal-100", "16x16-minimal-100", 10, 1, false},
		{"25x25-unique-20", "25x25-unique-20", 2, 1, false},
		{"9x9-magictour-top1465", "9x9-magictour-last-resort", 0, 15, true},
	} {
		b.Run(set.sub, func(b *testing.B) {
			ps, sols := reference.Set(b, set.name, set.max)
			var walk []position
			for i, p := range ps {
				if i%set.stride != 0 {
					continue
				}
				s, err := logic.NewState(p)
				if err != nil {
					b.Fatal(err)
				}
				board := p.Clone()
				for {
					opts := []logic.Option{logic.WithUnique(true), logic.WithSolution(sols[i]), logic.WithMarks(s.MarkMasks())}
					st, err := logic.Hint(context.Background(), board, opts...)
					if errors.Is(err, logic.ErrSolved) {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					walk = append(walk, position{board.Clone(), opts, forcing(st.Rule) || st.Rule == logic.GuessRule})
					if err := s.Apply(st); err != nil {
						b.Fatal(err)
					}
					if err := s.Fill(board); err != nil {
						b.Fatal(err)
					}
				}
			}
			if set.forcingOnly {
				walk = slices.DeleteFunc(walk, func(w position) bool { return !w.last })
			}
			var times []time.Duration
			last := 0
			i := 0
			for b.Loop() {
				w := walk[i%len(walk)]
				start := time.Now()
				if _, err := logic.Hint(context.Background(), w.board, w.opts...); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
				if w.last {
					last++
				}
				i++
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)/2].Nanoseconds())/1e3, "median-µs")
			b.ReportMetric(float64(times[len(times)*9/10].Nanoseconds())/1e3, "p90-µs")
			b.ReportMetric(float64(times[len(times)-1].Nanoseconds())/1e3, "max-µs")
			b.ReportMetric(100*float64(last)/float64(i), "lr%")
		})
	}
}
