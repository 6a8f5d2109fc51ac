package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// emptyBoard is an empty 36x36 board: hundreds of search nodes from a
// solution, so a solve with a time limit of a nanosecond is stopped by it.
var emptyBoard = strings.TrimSpace(strings.Repeat("0 ", 36*36))

func TestTimeout(t *testing.T) {
	code, out, _ := solve(t, emptyBoard, "-format", "line", "-timeout", "1ns")
	if code != 1 || !strings.HasPrefix(out, "error: ") || !strings.Contains(out, "deadline exceeded") {
		t.Errorf("-timeout 1ns: exit %d, output %q", code, out)
	}
	code, out, _ = solve(t, easy, "-format", "line", "-timeout", "1m")
	if code != 0 {
		t.Fatalf("-timeout 1m: exit %d, output %q", code, out)
	}
	checkSolves(t, easy, strings.TrimSpace(out))
	if code, _, errOut := solve(t, easy, "-timeout", "-1s"); code != 2 || !strings.Contains(errOut, "-timeout") {
		t.Errorf("-timeout -1s: exit %d, stderr %q", code, errOut)
	}
}

// TestCountTimeout: -timeout bounds each count as it bounds each solve
// (counting every grid of the empty 36x36 board would never end).
func TestCountTimeout(t *testing.T) {
	code, out, _ := solve(t, emptyBoard, "-count", "-limit", "0", "-timeout", "1ns")
	if code != 1 || !strings.HasPrefix(out, "stdin:1: error: ") || !strings.Contains(out, "deadline exceeded") {
		t.Errorf("-count -timeout 1ns: exit %d, output %q", code, out)
	}
	// A deadline that passes in the middle of the count stops it there.
	code, out, _ = solve(t, emptyBoard, "-count", "-limit", "0", "-timeout", "100ms")
	if code != 1 || !strings.Contains(out, "deadline exceeded") || !strings.Contains(out, " counted; nodes ") {
		t.Errorf("-count -timeout 100ms: exit %d, output %q", code, out)
	}
	code, out, _ = solve(t, easy, "-count", "-timeout", "1m")
	if code != 0 || !strings.HasPrefix(out, "stdin:1: unique (") {
		t.Errorf("-count -timeout 1m: exit %d, output %q", code, out)
	}
	file := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(file, []byte(easy+"\n"+emptyBoard+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = solve(t, "", "-bench", "-count", "-limit", "0", "-timeout", "1ns", file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 3 {
		t.Fatalf("-bench -count: exit %d, output %q", code, out)
	}
	if !strings.Contains(lines[1], "count all") || !strings.Contains(lines[1], "timed out at 1ns)") || strings.Contains(lines[1], " 0 timed out") {
		t.Errorf("count line %q: want the empty 36x36 board timed out", lines[1])
	}
}

// TestBenchTimeout checks that -bench counts a puzzle that runs out of
// time as failed and says how many did in each pass.
func TestBenchTimeout(t *testing.T) {
	file := filepath.Join(t.TempDir(), "big.txt")
	if err := os.WriteFile(file, []byte(easy+"\n"+emptyBoard+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := solve(t, "", "-bench", "-timeout", "1ns", file)
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	benchLines(t, out, "big", 2, true)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.Contains(line, "timed out at 1ns)") {
			t.Errorf("line %q does not say how many timed out", line)
		}
		if strings.Contains(line, " 0 timed out") {
			t.Errorf("line %q: the empty 36x36 board should time out", line)
		}
	}
}

var progressLine = regexp.MustCompile(`^solve: stdin:1: [0-9.]+ s, \d+ nodes \(\S+ nodes/s\), \d+ restarts, depth \d+, \d+ of 1296 cells decided \(best \d+\)$`)

// TestProgress solves a board that needs a search with progress asked for
// after a nanosecond, so that the first report of the search, made when
// it starts, is already due: the lines must appear, and end with the
// outcome, with either number of workers; -progress 0 prints none.
func TestProgress(t *testing.T) {
	for _, workers := range []string{"1", "2"} {
		code, out, errOut := solve(t, emptyBoard, "-format", "line", "-workers", workers, "-progress", "1ns")
		if code != 0 {
			t.Fatalf("workers %s: exit %d, stderr %q", workers, code, errOut)
		}
		checkSolves(t, emptyBoard, strings.TrimSpace(out))
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if len(lines) < 2 {
			t.Fatalf("workers %s: want progress lines and an outcome, got %q", workers, errOut)
		}
		for _, line := range lines[:len(lines)-1] {
			if !progressLine.MatchString(line) {
				t.Errorf("workers %s: progress line %q", workers, line)
			}
		}
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "solve: stdin:1: solved after ") {
			t.Errorf("workers %s: last line %q, want the outcome", workers, last)
		}
	}
	// A count shows its progress the same way.
	code, out, errOut := solve(t, emptyBoard, "-count", "-progress", "1ns")
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if code != 0 || !strings.HasPrefix(out, "stdin:1: at least 2 solutions (") || len(lines) < 2 {
		t.Fatalf("-count: exit %d, output %q, stderr %q", code, out, errOut)
	}
	for _, line := range lines[:len(lines)-1] {
		if !progressLine.MatchString(line) {
			t.Errorf("-count: progress line %q", line)
		}
	}
	if last := lines[len(lines)-1]; !strings.HasPrefix(last, "solve: stdin:1: counted after ") {
		t.Errorf("-count: last line %q, want the outcome", last)
	}
	code, _, errOut = solve(t, emptyBoard, "-format", "line", "-progress", "0")
	if code != 0 || errOut != "" {
		t.Errorf("-progress 0: exit %d, stderr %q", code, errOut)
	}
}

// TestProgressTabuSwaps: a 36x36 board with 60 % of its cells open (a
// grid made by a formula, its digits renamed at random) takes the tabu
// search, whose swaps the outcome line counts (and the clause-learning
// search's conflicts, when it took a turn).
func TestProgressTabuSwaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	names := rng.Perm(36)
	cells := make([]string, 36*36)
	for c := range cells {
		r, col := c/36, c%36
		cells[c] = "0"
		if rng.Float64() >= 0.6 {
			cells[c] = strconv.Itoa(names[(6*(r%6)+r/6+col)%36] + 1)
		}
	}
	board := strings.Join(cells, " ")
	code, out, errOut := solve(t, board, "-format", "line", "-workers", "1", "-progress", "1ns")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	checkSolves(t, board, strings.TrimSpace(out))
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	last := lines[len(lines)-1]
	if !regexp.MustCompile(`^solve: stdin:1: solved after [0-9.]+ s, \d+ nodes, \d+ restarts, [1-9]\d* tabu swaps(, [1-9]\d* clause-learning conflicts)?$`).MatchString(last) {
		t.Errorf("last line %q, want the outcome with the tabu search's swaps", last)
	}
}
