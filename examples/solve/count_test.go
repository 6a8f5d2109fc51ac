package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/reference"
)

var countLine = regexp.MustCompile(`^stdin:(\d+): (unique|no solution|at least \d+ solutions?|\d+ solutions) \(nodes (\d+), guesses \d+, dead ends \d+, [0-9.]+ µs\)$`)

// TestCount counts the puzzles of the in-repository set with 2 to 300
// solutions, with limits below, at and above each count, and checks the
// words against the set's exact counts.
func TestCount(t *testing.T) {
	puzzles := reference.Local(t, "9x9-multi")[:6]
	for _, p := range puzzles {
		for _, limit := range []int{0, 1, 2, p.Count, p.Count + 1} {
			code, out, errOut := solve(t, p.Board.Line()+"\n", "-count", "-limit", strconv.Itoa(limit))
			m := countLine.FindStringSubmatch(strings.TrimSpace(out))
			if code != 0 || m == nil {
				t.Fatalf("%s, limit %d: exit %d, output %q, stderr %q", p.Board.Line(), limit, code, out, errOut)
			}
			want := fmt.Sprintf("%d solutions", p.Count)
			if limit > 0 && limit <= p.Count {
				want = fmt.Sprintf("at least %d solutions", limit)
				if limit == 1 {
					want = "at least 1 solution"
				}
			}
			if m[2] != want {
				t.Errorf("%s, limit %d: %q, want %q", p.Board.Line(), limit, m[2], want)
			}
			if m[3] == "0" {
				t.Errorf("%s, limit %d: no node counted", p.Board.Line(), limit)
			}
		}
	}

	// A unique puzzle, conflicting givens, and an unreadable line.
	input := builtin + "\n" + "11" + strings.Repeat(".", 79) + "\n" + "1234\n"
	code, out, _ := solve(t, input, "-count")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 3 {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	for i, want := range []string{"unique", "no solution"} {
		if m := countLine.FindStringSubmatch(lines[i]); m == nil || m[1] != strconv.Itoa(i+1) || m[2] != want {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], want)
		}
	}
	if !strings.HasPrefix(lines[2], "stdin:3: error: ") {
		t.Errorf("unreadable line: %q", lines[2])
	}
}

func TestCountJSON(t *testing.T) {
	p := reference.Local(t, "9x9-multi")[0]
	code, out, _ := solve(t, p.Board.Line()+"\n", "-count", "-limit", "0", "-format", "json")
	var rec struct {
		Line      int
		Solutions int
		Limit     int
		Stats     struct{ Nodes, Solutions int64 }
		Error     string
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != 0 {
		t.Fatalf("exit %d, json %q: %v", code, out, err)
	}
	if rec.Line != 1 || rec.Solutions != p.Count || rec.Limit != 0 || rec.Stats.Solutions != int64(p.Count) || rec.Stats.Nodes == 0 || rec.Error != "" {
		t.Errorf("json %q: want %d solutions", out, p.Count)
	}
}

func TestCountUsage(t *testing.T) {
	code, _, errOut := solve(t, easy, "-count", "-limit", "-1")
	if code != 2 || !strings.Contains(errOut, "-limit") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestBenchCount runs -bench -count: a line for each pass, the count's
// second, naming its limit.
func TestBenchCount(t *testing.T) {
	file := filepath.Join(t.TempDir(), "some.txt")
	multi := reference.Local(t, "9x9-multi")[0].Board.Line()
	if err := os.WriteFile(file, []byte(easy+"\n"+builtin+"\n"+multi+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := solve(t, "", "-bench", "-count", "-workers", "1", file)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	benchLines(t, lines[0]+"\n"+lines[2], "some", 3, false)
	if want := "some: 3 puzzles, 0 failed, "; !strings.HasPrefix(lines[1], want) || !strings.HasSuffix(lines[1], "(count to 2, one at a time, workers 1)") {
		t.Errorf("count line %q", lines[1])
	}
	code, out, _ = solve(t, "", "-bench", "-count", "-limit", "0", file)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 0 || len(lines) != 3 || !strings.Contains(lines[1], "(count all, one at a time") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	bad := reference.File(t, "bad-inputs.txt")
	code, out, _ = solve(t, "", "-bench", "-count", bad)
	if lines := strings.Split(strings.TrimSpace(out), "\n"); code != 1 || len(lines) != 3 || strings.Contains(lines[1], " 0 failed") {
		t.Errorf("bad inputs: exit %d, output:\n%s", code, out)
	}
}
