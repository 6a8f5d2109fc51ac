package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/cli/clitest"
	"github.com/cubedoku/cubedoku/sudoku"
)

func phase(args ...string) clitest.Result {
	return clitest.Run(context.Background(), run, "", args...)
}

func TestPuzzleIsSolvedGridWithHoles(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{4, 6, 9, 12, 16} {
		g, err := sudoku.GeometryForSize(n)
		if err != nil {
			t.Fatal(err)
		}
		full, err := puzzle(context.Background(), g, 0, r)
		if err != nil || !full.Solved() {
			t.Fatalf("%dx%d: %v, solved %v", n, n, err, full.Solved())
		}
		half, err := puzzle(context.Background(), g, 50, r)
		if err != nil || half.Validate() != nil || half.Empty() != (n*n+1)/2 {
			t.Errorf("%dx%d at 50%%: %v, %d empty", n, n, err, half.Empty())
		}
	}
}

func TestRunWritesCSVAndSVG(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "phase.svg")
	r := phase("-sizes", "4,9", "-n", "2", "-percent-step", "50", "-timeout", "5s", "-seed", "1", "-svg", svg)
	if r.Code != 0 {
		t.Fatal(r.Code, r.Stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.Stdout), "\n")
	if len(lines) != 7 || lines[0] != "size,empty_pct,runs,solved,median_ms,max_ms" ||
		!strings.HasPrefix(lines[1], "4,0,2,2,") || !strings.HasPrefix(lines[6], "9,100,2,2,") {
		t.Errorf("CSV:\n%s", r.Stdout)
	}
	data, err := os.ReadFile(svg)
	if err != nil || !bytes.Contains(data, []byte("<polyline")) || !bytes.HasSuffix(data, []byte("</svg>\n")) {
		t.Errorf("SVG: %v\n%s", err, data)
	}
	// Without a seed, one is drawn and told.
	if r := phase("-sizes", "4", "-n", "1", "-percent-step", "100"); r.Code != 0 || !strings.HasPrefix(r.Stderr, "phase: seed ") {
		t.Errorf("random seed: exit %d, stderr %q", r.Code, r.Stderr)
	}
}

// TestPropagate runs with -propagate (singles placed first, through
// anneal.WithPresolve) and -workers.
func TestPropagate(t *testing.T) {
	r := phase("-sizes", "4,9", "-n", "2", "-percent-step", "50", "-timeout", "5s", "-propagate", "-workers", "2")
	if lines := strings.Split(strings.TrimSpace(r.Stdout), "\n"); r.Code != 0 || len(lines) != 7 || !strings.HasPrefix(lines[6], "9,100,2,2,") {
		t.Errorf("exit %d, CSV:\n%s%s", r.Code, r.Stdout, r.Stderr)
	}
}

func TestFlags(t *testing.T) {
	clitest.CheckFlags(t, "phase", run, []string{"-sizes", "7"}, []string{"-n", "0"}, []string{"-workers", "-1"},
		[]string{"-workers", "1025"}, []string{"-percent-step", "101"}, []string{"-timeout", "0"}, []string{"stray"})
}

// TestInterrupt: an interrupt stops the table with 130, after its header.
func TestInterrupt(t *testing.T) {
	if r := clitest.CheckInterrupt(t, run, "", "-sizes", "4", "-seed", "1"); r.Stdout != "size,empty_pct,runs,solved,median_ms,max_ms\n" {
		t.Errorf("stdout %q", r.Stdout)
	}
}
