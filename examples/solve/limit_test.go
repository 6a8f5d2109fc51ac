package main

import (
	"os"
	"path/filepath"
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
