// Command papers reproduces the tables and figures of the five papers the
// library grew from, on their own settings, and sets each beside the
// paper's figure: Lambert and Whitlock (2010), Mayorov and Whitlock,
// Leoson (2024), Chiu, Nasiri and Rashid (2012) and Tarhini (2011); then,
// beyond the papers, the phase transition of flat boards from 9x9 to
// 64x64, for the exact search and for the annealer.
//
//	go run ./examples/papers -out DIR          # the full report, about 8 minutes on 2 cores
//	go run ./examples/papers -out DIR -quick   # the same with fewer runs, under a minute
//
// It writes DIR/papers.md, a markdown report with each table as the
// paper's figure, ours and their ratio, and a line of protocol (runs,
// seed, workers, cores); and into DIR/papers/ the raw runs as CSV files
// and the plots as SVG images, which the report links to.
//
// Boards from the reference puzzle sets (-puzzles, by default
// ../shared/puzzles beside the repository: run it from the repository's
// root) are read when present; without them the report marks their rows
// skipped, or times boards made by package generate instead and says so.
// Every other board is made by package generate from -seed.
//
// Flags:
//
//	-out DIR        where to write (required)
//	-quick          fewer runs and smaller boards, for a check
//	-n K            runs per row of the papers' tables (default 20, 3 with -quick);
//	                the figures, the uniqueness tables and the phase
//	                transition have their own counts, which -quick lowers
//	-seed S         seed of every board and run (0: random, told in the report)
//	-workers W      the workers of the parallel columns (default 2; 0: one per CPU)
//	-timeout D      time limit per board of the phase transitions (default 2s, 250ms with -quick)
//	-puzzles DIR    the reference puzzle sets (default ../shared/puzzles)
//	-version        print the module's version
//
// The exit code is 0 when the report is written, 1 when a run fails
// otherwise than by running out of time or a file cannot be written, 2 for
// a usage error, and 130 after an interrupt, once the sections done are
// written.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/sudoku"
)

func main() {
	cli.Main(run)
}

// config is what the flags ask for.
type config struct {
	out     string
	quick   bool
	runs    int
	seed    uint64
	workers int
	timeout time.Duration
	puzzles string
	args    []string // the command line, for the report
}

// pick returns full, or quick with -quick.
func pick[T any](c config, full, quick T) T {
	if c.quick {
		return quick
	}
	return full
}

// section is one part of the report: a paper, or the phase transition.
type section struct {
	name string
	run  func(ctx context.Context, r *report) error
}

var sections = []section{
	{"Lambert and Whitlock (2010)", lambert},
	{"Mayorov and Whitlock", mayorov},
	{"Leoson (2024)", leoson},
	{"Chiu, Nasiri and Rashid (2012)", chiu},
	{"Tarhini (2011)", tarhini},
	{"Beyond the papers: the phase transition of flat boards", phase},
}

func run(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) int {
	c := cli.New("papers", "", stdout, stderr)
	fs := c.Flags
	var cfg config
	fs.StringVar(&cfg.out, "out", "", "write the report into this `directory` (required)")
	fs.BoolVar(&cfg.quick, "quick", false, "fewer runs and smaller boards, for a check in under a minute")
	c.CountVar(&cfg.runs, 20, "runs per row of the papers' tables (default 3 with -quick)")
	c.SeedVar(&cfg.seed, "seed of every board and run")
	c.IntVar(&cfg.workers, "workers", 2, 0, sudoku.MaxWorkers, "workers of the parallel columns (0: one per CPU)")
	c.TimeoutVar(&cfg.timeout, 2*time.Second, "time limit per board of the phase transitions (default 250ms with -quick)")
	fs.StringVar(&cfg.puzzles, "puzzles", filepath.Join("..", "shared", "puzzles"), "`directory` of the reference puzzle sets")
	if status, ok := c.Parse(args); !ok {
		return status
	}
	if cfg.out == "" {
		return c.Usage("-out: want the directory to write the report into")
	}
	if cfg.timeout <= 0 {
		return c.Usage("-timeout %v: want a time above 0", cfg.timeout)
	}
	if cfg.quick && !c.Set("n") {
		cfg.runs = 3
	}
	if cfg.quick && !c.Set("timeout") {
		cfg.timeout = 250 * time.Millisecond
	}
	if cfg.workers == 0 {
		cfg.workers = runtime.GOMAXPROCS(0)
	}
	cfg.seed = cli.Seed(cfg.seed)
	cfg.args = args
	r, err := newReport(cfg)
	if err != nil {
		return c.Fail(err)
	}
	start := time.Now()
	status := cli.ExitOK
	for _, s := range sections {
		if ctx.Err() != nil {
			break
		}
		t := time.Now()
		r.heading(2, s.name)
		err := s.run(ctx, r)
		if err != nil && ctx.Err() == nil {
			c.Errorf("%s: %v", s.name, err)
			r.para("This section stopped on an error: %v.", err)
			status = cli.ExitFailure
		}
		fmt.Fprintf(stderr, "papers: %s: %v\n", s.name, time.Since(t).Round(time.Millisecond))
	}
	if err := r.write(time.Since(start), ctx.Err() != nil); err != nil {
		return c.Fail(err)
	}
	fmt.Fprintf(stdout, "%s written in %v\n", filepath.Join(cfg.out, "papers.md"), time.Since(start).Round(time.Second))
	return c.Exit(ctx, status)
}

// command returns the command line that made the report.
func (c config) command() string {
	return strings.TrimSpace("go run ./examples/papers " + strings.Join(c.args, " "))
}

// errSkipped marks a row not run because its boards are absent.
var errSkipped = errors.New("skipped")

// readPuzzles reads the puzzles of a reference set, at most limit of them
// (0 for all); errSkipped when the file is absent.
func readPuzzles(cfg config, name string, limit int) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(cfg.puzzles, name))
	if errors.Is(err, os.ErrNotExist) {
		return nil, errSkipped
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" && (limit == 0 || len(out) < limit) {
			out = append(out, line)
		}
	}
	return out, nil
}
