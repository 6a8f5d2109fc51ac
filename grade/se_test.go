package grade_test

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cubedoku/cubedoku/grade"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/sudoku"
)

// seRated is one puzzle with Sudoku Explainer's ratings.
type seRated struct {
	line       string
	tag        string
	er, ep, ed float64
}

// readSERated reads a file of SE ratings, one puzzle a line, in either of
// two forms: the shared library's "<puzzle> <source> <ER> <EP> <ED>", or
// what the SE batch rater script writes, "<puzzle> ED=<ER>/<EP>/<ED>".
func readSERated(t *testing.T, path string) []seRated {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []seRated
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Fields(sc.Text())
		var nums []string
		r := seRated{}
		switch {
		case len(fs) == 5:
			r.line, r.tag, nums = fs[0], fs[1], fs[2:]
		case len(fs) >= 2 && strings.HasPrefix(fs[1], "ED="):
			r.line, r.tag, nums = fs[0], "serate", strings.Split(strings.TrimPrefix(fs[1], "ED="), "/")
		}
		if len(nums) != 3 {
			t.Fatalf("%s line %d: want a puzzle and SE's three ratings, got %q", path, n, sc.Text())
		}
		for i, p := range []*float64{&r.er, &r.ep, &r.ed} {
			if *p, err = strconv.ParseFloat(nums[i], 64); err != nil {
				t.Fatalf("%s line %d: %v", path, n, err)
			}
		}
		out = append(out, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// ranks returns the ranks of xs, 1 for the least, ties sharing their
// mean rank.
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	out := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && xs[idx[j]] == xs[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			out[idx[k]] = float64(i+j+1) / 2
		}
		i = j
	}
	return out
}

// spearman returns the Spearman rank correlation of xs and ys: the
// Pearson correlation of their ranks.
func spearman(xs, ys []float64) float64 {
	rx, ry := ranks(xs), ranks(ys)
	n := float64(len(rx))
	var mx, my float64
	for i := range rx {
		mx += rx[i] / n
		my += ry[i] / n
	}
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// TestAgainstSE grades the puzzles Sudoku Explainer rated and reports how
// far our ER is from SE's: the Spearman rank correlation, the share
// within 0.3, the histogram of the errors, the same for EP and ED, and
// the puzzles that differ most. It reads the shared library's rated set;
// CUBEDOKU_SE_RATINGS may name a further file of SE ratings (see
// readSERated) to report on as well. It fails only when a puzzle cannot
// be graded: the figures are a measurement, the targets are in the
// package documentation.
func TestAgainstSE(t *testing.T) {
	files := []string{reference.Path(t, "9x9-se-rated-400.txt")}
	if extra := os.Getenv("CUBEDOKU_SE_RATINGS"); extra != "" {
		files = append(files, extra)
	}
	for _, path := range files {
		rated := readSERated(t, path)
		t.Run(path[strings.LastIndexByte(path, os.PathSeparator)+1:], func(t *testing.T) { compareSE(t, rated) })
	}
}

// compareSE grades the rated puzzles and logs the comparison.
func compareSE(t *testing.T, rated []seRated) {
	type diff struct {
		r    seRated
		g    grade.Grade
		took time.Duration
	}
	var ours, theirs []float64
	var ds []diff
	var times []time.Duration
	for _, r := range rated {
		b, err := sudoku.Parse(r.line)
		if err != nil {
			t.Fatalf("%s: %v", r.line, err)
		}
		start := time.Now()
		g, err := grade.Puzzle(context.Background(), b)
		took := time.Since(start)
		if err != nil {
			t.Fatalf("%s: %v", r.line, err)
		}
		times = append(times, took)
		ours, theirs = append(ours, g.ER), append(theirs, r.er)
		ds = append(ds, diff{r, g, took})
	}
	within := func(get func(d diff) (float64, float64)) float64 {
		n := 0
		for _, d := range ds {
			a, b := get(d)
			if math.Abs(a-b) <= 0.3+1e-9 {
				n++
			}
		}
		return 100 * float64(n) / float64(len(ds))
	}
	var total time.Duration
	for _, d := range times {
		total += d
	}
	slices.Sort(times)
	t.Logf("%d puzzles: ER Spearman %.3f, within 0.3 of SE's ER %.1f %%, EP within 0.3 %.1f %%, ED within 0.3 %.1f %%; grade time median %v, total %v",
		len(ds), spearman(ours, theirs), within(func(d diff) (float64, float64) { return d.g.ER, d.r.er }),
		within(func(d diff) (float64, float64) { return d.g.EP, d.r.ep }),
		within(func(d diff) (float64, float64) { return d.g.ED, d.r.ed }), times[len(times)/2], total)

	var ours0, theirs0 []float64
	near0 := 0
	for _, d := range ds {
		if d.g.Guesses == 0 {
			ours0, theirs0 = append(ours0, d.g.ER), append(theirs0, d.r.er)
			if math.Abs(d.g.ER-d.r.er) <= 0.3+1e-9 {
				near0++
			}
		}
	}
	if len(ours0) > 1 {
		t.Logf("the %d puzzles graded without a guess: ER Spearman %.3f, within 0.3 %.1f %%",
			len(ours0), spearman(ours0, theirs0), 100*float64(near0)/float64(len(ours0)))
	}

	// Histogram of ER errors (ours less SE's) in steps of 0.1, the tails
	// gathered beyond ±2.
	hist := map[int]int{}
	for _, d := range ds {
		e := int(math.Round((d.g.ER - d.r.er) * 10))
		hist[max(-20, min(20, e))]++
	}
	var sb strings.Builder
	sb.WriteString("ER error histogram (ours - SE's):\n")
	for e := -20; e <= 20; e++ {
		if hist[e] == 0 {
			continue
		}
		label := fmt.Sprintf("%+5.1f", float64(e)/10)
		switch e {
		case -20:
			label = "<=-2.0"
		case 20:
			label = ">=+2.0"
		}
		fmt.Fprintf(&sb, "  %6s %4d %s\n", label, hist[e], strings.Repeat("#", (hist[e]+3)/4))
	}
	t.Log(sb.String())

	// The puzzles that differ most.
	slices.SortStableFunc(ds, func(a, b diff) int {
		return -cmpFloat(math.Abs(a.g.ER-a.r.er), math.Abs(b.g.ER-b.r.er))
	})
	sb.Reset()
	sb.WriteString("largest differences (SE ER/EP/ED, ours ER/EP/ED, our hardest rule, guesses):\n")
	for _, d := range ds[:min(15, len(ds))] {
		fmt.Fprintf(&sb, "  %s %-13s SE %.1f/%.1f/%.1f ours %.1f/%.1f/%.1f %s, %d guesses\n", d.r.line, d.r.tag,
			d.r.er, d.r.ep, d.r.ed, d.g.ER, d.g.EP, d.g.ED, d.g.Hardest, d.g.Guesses)
	}
	t.Log(sb.String())
	sb.Reset()
	sb.WriteString("largest differences among the puzzles graded without a guess:\n")
	n := 0
	for _, d := range ds {
		if d.g.Guesses > 0 || n == 15 {
			continue
		}
		n++
		fmt.Fprintf(&sb, "  %s %-13s SE %.1f/%.1f/%.1f ours %.1f/%.1f/%.1f %s\n", d.r.line, d.r.tag,
			d.r.er, d.r.ep, d.r.ed, d.g.ER, d.g.EP, d.g.ED, d.g.Hardest)
	}
	t.Log(sb.String())
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
