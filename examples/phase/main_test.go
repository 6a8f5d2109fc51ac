package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/sudoku"
)

func TestPuzzleIsSolvedGridWithHoles(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{4, 6, 9, 12, 16} {
		g, err := sudoku.GeometryForSize(n)
		if err != nil {
			t.Fatal(err)
		}
		full, err := puzzle(g, 0, r)
		if err != nil || !full.Solved() {
			t.Fatalf("%dx%d: %v, solved %v", n, n, err, full.Solved())
		}
		half, err := puzzle(g, 50, r)
		if err != nil || half.Validate() != nil || half.Empty() != (n*n+1)/2 {
			t.Errorf("%dx%d at 50%%: %v, %d empty", n, n, err, half.Empty())
		}
	}
}

func TestRunWritesCSVAndSVG(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "phase.svg")
	var out, errOut bytes.Buffer
	if err := run([]string{"-sizes", "4,9", "-runs", "2", "-step", "50", "-budget", "5s", "-svg", svg}, &out, &errOut); err != nil {
		t.Fatal(err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 7 || lines[0] != "size,empty_pct,runs,solved,median_ms,max_ms" ||
		!strings.HasPrefix(lines[1], "4,0,2,2,") || !strings.HasPrefix(lines[6], "9,100,2,2,") {
		t.Errorf("CSV:\n%s", out.String())
	}
	data, err := os.ReadFile(svg)
	if err != nil || !bytes.Contains(data, []byte("<polyline")) || !bytes.HasSuffix(data, []byte("</svg>\n")) {
		t.Errorf("SVG: %v\n%s", err, data)
	}
	if err := run([]string{"-sizes", "7"}, &out, &errOut); err == nil {
		t.Error("size 7 accepted")
	}
	if err := run([]string{"-runs", "0"}, &out, &errOut); err == nil {
		t.Error("-runs 0 accepted")
	}
}

// TestPropagate runs with -propagate (singles placed first, through
// anneal.WithPresolve) and -workers.
func TestPropagate(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run([]string{"-sizes", "4,9", "-runs", "2", "-step", "50", "-budget", "5s", "-propagate", "-workers", "2"}, &out, &errOut); err != nil {
		t.Fatal(err, errOut.String())
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 7 || !strings.HasPrefix(lines[6], "9,100,2,2,") {
		t.Errorf("CSV:\n%s", out.String())
	}
	if err := run([]string{"-workers", "-1"}, &out, &errOut); err == nil {
		t.Error("-workers -1 accepted")
	}
}
