// Command schedule anneals a puzzle with a cooling schedule written in a
// few lines, and compares the schedules of package anneal on it.
//
//	go run ./examples/schedule                  # an empty 9x9 board, custom schedule
//	go run ./examples/schedule -size 16         # an empty 16x16 board
//	go run ./examples/schedule -puzzle '4.....8.5.3....'
//	go run ./examples/schedule -compare -runs 20 -size 16 -budget 1s
//
// With -compare it solves the puzzle -runs times (seeds 1..runs) with each
// schedule (geometric 0.99, 0.95 and 0.80; Lambert and Whitlock's A-D;
// adaptive; the custom one) and prints, per schedule, the runs solved
// within -budget and the median and maximum time in milliseconds (runs
// not solved count as the budget), as tables 3 and 4 of Lambert and
// Whitlock (2010) do for their schedules.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/sudoku"
)

// stepped is the custom schedule: cool fast while many digits clash, and
// slowly for the last few, where the search is hardest.
var stepped = anneal.ScheduleFunc(func(p anneal.Progress) float64 {
	if p.Cost > p.InitialCost/10 {
		return 0.7 * p.Temperature
	}
	return 0.9 * p.Temperature
})

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "schedule:", err)
		os.Exit(2)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("schedule", flag.ContinueOnError)
	size := fs.Int("size", 9, "size of the empty board to solve when -puzzle is not given")
	text := fs.String("puzzle", "", "a puzzle in any notation package sudoku reads")
	compare := fs.Bool("compare", false, "compare the schedules")
	runs := fs.Int("runs", 20, "runs per schedule with -compare")
	budget := fs.Duration("budget", time.Second, "time allowed per run")
	workers := fs.Int("workers", 1, "independent chains per run")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *runs < 1 || *budget <= 0 {
		return fmt.Errorf("want -runs >= 1 and -budget > 0")
	}
	b, err := board(*text, *size)
	if err != nil {
		return err
	}
	if !*compare {
		return once(out, b, *budget, *workers)
	}
	schedules, err := shipped()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%d runs on a %s with %d empty cells, budget %v, %d worker(s)\n",
		*runs, b.Geometry(), b.Empty(), *budget, *workers)
	fmt.Fprintf(out, "%-18s %7s %10s %10s\n", "schedule", "solved", "median_ms", "max_ms")
	for _, sc := range schedules {
		var ms []float64
		solved := 0
		for seed := 1; seed <= *runs; seed++ {
			ctx, cancel := context.WithTimeout(context.Background(), *budget)
			start := time.Now()
			_, err := anneal.Solve(ctx, b, anneal.WithSchedule(sc.schedule), anneal.WithSeed(uint64(seed)), anneal.WithWorkers(*workers))
			took := time.Since(start)
			cancel()
			if err == nil {
				solved++
			} else {
				took = *budget
			}
			ms = append(ms, float64(took.Microseconds())/1000)
		}
		slices.Sort(ms)
		fmt.Fprintf(out, "%-18s %4d/%-2d %10.2f %10.2f\n", sc.name, solved, *runs, median(ms), ms[len(ms)-1])
	}
	return nil
}

// named is a schedule and its name in the table.
type named struct {
	name     string
	schedule anneal.Schedule
}

// shipped returns the schedules compared: package anneal's, each checked
// where it is made, and the custom one.
func shipped() ([]named, error) {
	var out []named
	add := func(name string, s anneal.Schedule, err error) error {
		if err != nil {
			return err
		}
		out = append(out, named{name, s})
		return nil
	}
	for _, rate := range []float64{0.99, 0.95, 0.80} {
		s, err := anneal.Geometric(rate)
		if err := add(fmt.Sprintf("geometric %.2f", rate), s, err); err != nil {
			return nil, err
		}
	}
	for v := anneal.VariantA; v <= anneal.VariantD; v++ {
		s, err := anneal.LambertWhitlock(v)
		if err := add(v.String(), s, err); err != nil {
			return nil, err
		}
	}
	s, err := anneal.Adaptive(0.5, 0.8)
	if err := add("adaptive .5 .8", s, err); err != nil {
		return nil, err
	}
	return append(out, named{"stepped (custom)", stepped}), nil
}

// once solves b with the custom schedule and prints the solution.
func once(out io.Writer, b *sudoku.Board, budget time.Duration, workers int) error {
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	var st anneal.Stats
	sol, err := anneal.Solve(ctx, b, anneal.WithSchedule(stepped), anneal.WithWorkers(workers), anneal.WithStats(&st))
	if err != nil {
		return err
	}
	fmt.Fprint(out, sol.Pretty())
	fmt.Fprintf(out, "%v: %d moves, %d chains, %d reheats, start temperature %.3g, %v (seed %d)\n",
		st.Status, st.Moves, st.Chains, st.Reheats, st.Temperature, st.Elapsed.Round(time.Microsecond), st.Seed)
	return nil
}

func board(text string, size int) (*sudoku.Board, error) {
	if text != "" {
		return sudoku.Parse(text)
	}
	g, err := sudoku.GeometryForSize(size)
	if err != nil {
		return nil, err
	}
	return sudoku.NewBoard(g), nil
}

func median(sorted []float64) float64 {
	n := len(sorted)
	if n%2 == 1 {
		return sorted[n/2]
	}
	return (sorted[n/2-1] + sorted[n/2]) / 2
}
