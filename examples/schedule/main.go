// Command schedule anneals a puzzle with a cooling schedule written in a
// few lines, and compares the schedules of package anneal on it.
//
//	go run ./examples/schedule                  # an empty 9x9 board, custom schedule
//	go run ./examples/schedule -size 16         # an empty 16x16 board
//	go run ./examples/schedule -puzzle '4.....8.5.3....'
//	go run ./examples/schedule -compare -n 20 -size 16 -timeout 1s
//
// Without -compare it solves the puzzle (-puzzle, or the empty board of
// -size or -box) with the custom schedule within -timeout and prints the
// solution and the run's figures. With -compare it solves the puzzle -n
// times (seeds 1..n) with each schedule (geometric 0.99, 0.95 and 0.80;
// Lambert and Whitlock's A-D; adaptive; the custom one) and prints, per
// schedule, the runs solved within -timeout and the median and maximum
// time in milliseconds (runs not solved count as the time limit), as
// tables 3 and 4 of Lambert and Whitlock (2010) do for their schedules.
//
// The exit code is 0 when done, 1 when the custom schedule did not solve
// the puzzle in time, 2 for a usage error or a puzzle that cannot be
// read, and 130 after an interrupt, once the rows done (or the run's
// figures) are printed.
package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/cubedoku/cubedoku/anneal"
	"github.com/cubedoku/cubedoku/internal/cli"
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
	cli.Main(run)
}

func run(ctx context.Context, args []string, _ io.Reader, out, errOut io.Writer) int {
	c := cli.New("schedule", "", out, errOut)
	fs := c.Flags
	var (
		shape         cli.Shape
		runs, workers int
		timeout       time.Duration
	)
	c.ShapeVars(&shape, 9)
	text := fs.String("puzzle", "", "a puzzle in any notation package sudoku reads, instead of an empty board")
	compare := fs.Bool("compare", false, "compare the schedules")
	c.CountVar(&runs, 20, "runs per schedule with -compare")
	c.TimeoutVar(&timeout, time.Second, "time allowed per run (above 0)")
	c.WorkersVar(&workers, "independent chains per run")
	if status, ok := c.Parse(args); !ok {
		return status
	}
	if timeout <= 0 {
		return c.Usage("-timeout %v: want a time above 0", timeout)
	}
	if *text != "" && shape.Given() {
		return c.Usage("-puzzle has its own size: not with -size or -box")
	}
	b, err := board(*text, shape)
	if err != nil {
		return c.Usage("%v", err)
	}
	if !*compare {
		if err := once(ctx, out, b, timeout, workers); err != nil && ctx.Err() == nil {
			return c.Fail(err)
		}
		return c.Exit(ctx, cli.ExitOK)
	}
	schedules, err := shipped()
	if err != nil {
		return c.Fail(err)
	}
	fmt.Fprintf(out, "%d runs on a %s with %d empty cells, time limit %v, workers %d (0: one per CPU)\n",
		runs, b.Geometry(), b.Empty(), timeout, workers)
	fmt.Fprintf(out, "%-18s %7s %10s %10s\n", "schedule", "solved", "median_ms", "max_ms")
	for _, sc := range schedules {
		var ms []float64
		solved := 0
		for seed := 1; seed <= runs; seed++ {
			runCtx, cancel := context.WithTimeout(ctx, timeout)
			start := time.Now()
			_, err := anneal.Solve(runCtx, b, anneal.WithSchedule(sc.schedule), anneal.WithSeed(uint64(seed)), anneal.WithWorkers(workers))
			took := time.Since(start)
			cancel()
			if ctx.Err() != nil {
				return c.Exit(ctx, cli.ExitOK)
			}
			if err == nil {
				solved++
			} else {
				took = timeout
			}
			ms = append(ms, cli.Millis(took))
		}
		slices.Sort(ms)
		fmt.Fprintf(out, "%-18s %4d/%-2d %10.2f %10.2f\n", sc.name, solved, runs, cli.Median(ms), ms[len(ms)-1])
	}
	return cli.ExitOK
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

// once solves b with the custom schedule within timeout and prints the
// solution and the run's figures: when the run stops short, the figures
// alone, and its error.
func once(ctx context.Context, out io.Writer, b *sudoku.Board, timeout time.Duration, workers int) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var st anneal.Stats
	sol, err := anneal.Solve(ctx, b, anneal.WithSchedule(stepped), anneal.WithWorkers(workers), anneal.WithStats(&st))
	if err == nil {
		fmt.Fprint(out, sol.Pretty())
	}
	fmt.Fprintf(out, "%v: %d moves, %d chains, %d reheats, start temperature %.3g, %v (seed %d)\n",
		st.Status, st.Moves, st.Chains, st.Reheats, st.Temperature, st.Elapsed.Round(time.Microsecond), st.Seed)
	return err
}

// board returns the puzzle of -puzzle, or the empty board of -size and
// -box.
func board(text string, shape cli.Shape) (*sudoku.Board, error) {
	if text != "" {
		return sudoku.Parse(text)
	}
	g, err := shape.Geometry()
	if err != nil {
		return nil, err
	}
	return sudoku.NewBoard(g), nil
}
