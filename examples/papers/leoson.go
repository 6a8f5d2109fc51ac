package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// twins are the rules of Leoson's pipeline beyond the singles that every
// node of the search places anyway (elimination and lone rangers): twins,
// the naked pair.
var twins = search.WithRules(logic.Rules{logic.NakedPair})

// board is a board of a table and where it came from.
type board struct {
	name, source string
	b            *sudoku.Board
	skipped      string // why the board is absent, when it is
}

// generated makes a puzzle of size n by removing clues while it stays
// unique, for at most limit: easy boards, with many clues left on the
// big ones.
func generated(ctx context.Context, n int, limit time.Duration, seed uint64) (*sudoku.Board, error) {
	g, err := sudoku.GeometryForSize(n)
	if err != nil {
		return nil, err
	}
	p, err := generate.New(ctx, g, generate.WithSeed(seed), generate.WithTimeLimit(limit), generate.WithWorkers(1))
	if err != nil {
		return nil, err
	}
	return p.Board, nil
}

// phaseBoard makes a board of the phase transition: a random complete
// grid of size n with pct percent of its cells emptied at random. Most
// such boards have several solutions.
func phaseBoard(ctx context.Context, n, pct int, seed uint64) (*sudoku.Board, error) {
	g, err := sudoku.GeometryForSize(n)
	if err != nil {
		return nil, err
	}
	b, err := generate.Grid(ctx, g, generate.WithSeed(seed))
	if err != nil {
		return nil, err
	}
	cli.Empty(b, (pct*g.NumCells()+50)/100, rand.New(rand.NewPCG(seed, uint64(pct))))
	return b, nil
}

// reference returns the first board of a reference set, or a board
// marked skipped when the set is absent.
func reference(cfg config, name, file string) (board, error) {
	lines, err := readPuzzles(cfg, file, 1)
	if errors.Is(err, errSkipped) || (err == nil && len(lines) == 0) {
		return board{name: name, source: "../shared/puzzles/" + file, skipped: "absent"}, nil
	}
	if err != nil {
		return board{}, err
	}
	b, err := sudoku.Parse(lines[0])
	return board{name: name, source: "../shared/puzzles/" + file + ", first board", b: b}, err
}

func leoson(ctx context.Context, r *report) error {
	cfg := r.cfg
	r.para("Leoson's pipeline is logic first (elimination, lone rangers, twins), then a depth-first search on the cell of fewest candidates, with OpenMP tasks for the branches. " +
		"Ours: `search.Solve`, whose every node places naked and hidden singles (elimination and lone rangers); *logic on* adds twins at every node " +
		"(`search.WithRules(logic.Rules{logic.NakedPair})`). Each board is solved with logic off and on, on 1 worker and on the parallel workers.")
	var boards []board
	limitGen := pick(cfg, 500*time.Millisecond, 100*time.Millisecond)
	for _, n := range pick(cfg, []int{9, 16, 25, 36, 49}, []int{9, 16, 25}) {
		b, err := generated(ctx, n, limitGen, cfg.seed+uint64(n))
		if err != nil {
			return err
		}
		boards = append(boards, board{name: fmt.Sprintf("easy %dx%d", n, n), source: fmt.Sprintf("generated, %d clues", sudoku.NewBoard(b.Geometry()).Empty()-b.Empty()), b: b})
	}
	tough, err := reference(cfg, "tough 16x16", "16x16-seed-tough-2024.txt")
	if err != nil {
		return err
	}
	boards = append(boards, tough)
	hard, pct, err := hardest(ctx, 16, pick(cfg, 40, 8), cfg.seed)
	if err != nil {
		return err
	}
	boards = append(boards, board{name: "hard 16x16, several solutions", source: fmt.Sprintf("a random complete grid, %d %% emptied at random", pct), b: hard})
	big, err := reference(cfg, "hard 25x25", "25x25-unique-20.txt")
	if err != nil {
		return err
	}
	boards = append(boards, big)

	limit := pick(cfg, 30*time.Second, 2*time.Second)
	var out, raw [][]string
	for _, bd := range boards {
		if bd.skipped != "" {
			out = append(out, []string{bd.name, "skipped: " + bd.source + " " + bd.skipped, "", "", "", "", "", "", "—"})
			continue
		}
		p := leosonPaper[bd.name]
		var cells []string
		var meds []time.Duration
		for _, logicOn := range []bool{false, true} {
			for _, workers := range []int{1, cfg.workers} {
				var opts []search.Option
				if logicOn {
					opts = append(opts, twins)
				}
				var s sample
				for i := range cfg.runs {
					took, solved, err := solveExact(ctx, bd.b, workers, limit, opts...)
					if err != nil {
						return err
					}
					s.add(took, solved)
					raw = append(raw, []string{bd.name, strconv.FormatBool(logicOn), strconv.Itoa(workers), strconv.Itoa(i), strconv.FormatBool(solved), ms(took)})
				}
				text := "not in " + dur(limit)
				if s.solved > 0 {
					text = dur(s.median())
				}
				cells = append(cells, text)
				meds = append(meds, s.median())
			}
		}
		// Like with like: the paper's serial time against ours with logic
		// on and 1 worker, a threaded one against the parallel workers.
		ours, theirs := 2, p.serial
		if p.threaded {
			ours, theirs = 3, p.threadedText
		}
		rat := ratio(secs(p.seconds), meds[ours])
		out = append(out, append(append([]string{bd.name + " (" + bd.source + ")", p.serial, p.threadedText}, cells...), rat))
		r.headlineRow("Leoson 2024", bd.name, theirs, cells[ours], rat)
	}
	w := cfg.workers
	r.table([]string{"board", "paper: serial", "paper: threaded", "logic off, 1 worker:", fmt.Sprintf("logic off, %d workers:", w), "logic on, 1 worker:", fmt.Sprintf("logic on, %d workers:", w), "ratio:"}, out)
	r.para("The ratio compares like with like: the paper's serial time with ours with logic on and 1 worker; where the paper gives only a threaded time, " +
		"its best one with ours with logic on and the parallel workers.")
	r.protocol("median of %d runs a cell, a run's limit %v", cfg.runs, limit)
	if tough.skipped != "" || big.skipped != "" {
		r.differs("the reference boards of ../shared/puzzles were absent, so their rows were skipped.")
	}
	r.differs("Leoson's easy boards, and the hard 16x16 with several solutions, are not published; ours are made by package generate from the seed: easy boards by removing clues while the puzzle stays unique for at most %v (9x9 and 16x16 reach a minimal puzzle, the bigger ones keep many clues), the hard one is the hardest for our search (most nodes on one worker) of %d random grids with 55 to 70 %% of their cells emptied. The hard 25x25 is the first of ../shared/puzzles/25x25-unique-20.txt, not the paper's.", limitGen, pick(cfg, 40, 8))
	return r.csv("leoson", []string{"board", "logic", "workers", "run", "solved", "ms"}, raw)
}

// leosonPaper holds Leoson's times for each board: the serial and
// threaded figures as the report shows them, and the one compared, in
// seconds, threaded or not.
var leosonPaper = map[string]struct {
	serial, threadedText string
	seconds              float64
	threaded             bool
}{
	"easy 9x9":                      {"0.003 s", "—", 0.003, false},
	"easy 16x16":                    {"0.004 s", "—", 0.004, false},
	"easy 25x25":                    {"0.005 s", "—", 0.005, false},
	"easy 36x36":                    {"0.007 s", "—", 0.007, false},
	"easy 49x49":                    {"0.013 s", "—", 0.013, false},
	"tough 16x16":                   {"0.25–2.04 s (the set; 2.04 compared)", "—", 2.04, false},
	"hard 16x16, several solutions": {"over 1 h (brute force)", "27.5 s brute force, 0.142 s with logic (2 threads)", 0.142, true},
	"hard 25x25":                    {"—", "0.94 s (32 threads)", 0.94, true},
}

// hardest returns the board of the phase transition of size n that takes
// the exact search the most nodes on one worker, of k boards with 55, 60,
// 65 and 70 % of their cells empty in turn, and its share empty.
func hardest(ctx context.Context, n, k int, seed uint64) (*sudoku.Board, int, error) {
	var best *sudoku.Board
	bestPct, most := 0, int64(-1)
	for i := range k {
		pct := 55 + 5*(i%4)
		b, err := phaseBoard(ctx, n, pct, seed+uint64(i))
		if err != nil {
			return nil, 0, err
		}
		var st search.Stats
		if _, err := search.Solve(ctx, b, search.WithWorkers(1), search.WithStats(&st)); err != nil {
			return nil, 0, err
		}
		if st.Nodes > most {
			best, bestPct, most = b, pct, st.Nodes
		}
	}
	return best, bestPct, nil
}
