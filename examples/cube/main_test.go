package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/internal/cli/clitest"
	"github.com/cubedoku/cubedoku/search"
)

// runCube runs the command and returns its exit code, output and errors.
func runCube(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	r := clitest.Run(context.Background(), run, stdin, args...)
	return r.Code, r.Stdout, r.Stderr
}

// solvedNet reads a solved net of the given edge rule from the output.
func solvedNet(t *testing.T, out string, edges cube.EdgeRule) *cube.Cube {
	t.Helper()
	c, err := cube.Parse(out, edges)
	if err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	if !c.Solved() {
		t.Fatalf("output is not solved:\n%s", out)
	}
	return c
}

func TestEmptyCubes(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		model cube.Model
		edges cube.EdgeRule
		n     int
	}{
		{nil, cube.SixFaces, cube.Match, 3},
		{[]string{"-faces", "3", "-edges", "differ", "-box", "2"}, cube.ThreeFaces, cube.Differ, 2},
		{[]string{"-faces", "6", "-edges", "differ", "-box", "3", "-seed", "5", "-workers", "1"}, cube.SixFaces, cube.Differ, 3},
		{[]string{"-method", "anneal"}, cube.SixFaces, cube.Match, 3},
		{[]string{"-method", "anneal", "-strategy", "chains", "-faces", "3", "-edges", "differ", "-workers", "2"}, cube.ThreeFaces, cube.Differ, 3},
		{[]string{"-method", "anneal", "-strategy", "whole", "-box", "2", "-edges", "differ", "-seed", "3"}, cube.SixFaces, cube.Differ, 2},
	} {
		code, out, errOut := runCube(t, "", tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s%s", tc.args, code, out, errOut)
		}
		c := solvedNet(t, out, tc.edges)
		if c.Model() != tc.model || c.BoxSize() != tc.n {
			t.Fatalf("%v: a cube of %s, n=%d", tc.args, c.Model(), c.BoxSize())
		}
	}
}

// TestSeeds checks that seeds give different fillings, each the same
// every time.
func TestSeeds(t *testing.T) {
	nets := make(map[string]bool)
	for seed := range 4 {
		args := []string{"-box", "3", "-faces", "3", "-workers", "1", "-seed", string(rune('1' + seed))}
		_, a, _ := runCube(t, "", args...)
		_, b, _ := runCube(t, "", args...)
		if a != b {
			t.Fatalf("seed %d gives two answers", seed+1)
		}
		solvedNet(t, a, cube.Match)
		nets[a] = true
	}
	if len(nets) < 3 {
		t.Fatalf("4 seeds give %d fillings", len(nets))
	}
}

func TestInputNet(t *testing.T) {
	puzzle, err := cube.New(2, cube.ThreeFaces, cube.Match)
	if err != nil {
		t.Fatal(err)
	}
	corner := puzzle.Cell(cube.Sticker{Face: cube.Front, Row: 0, Col: 3})
	_ = puzzle.Board().SetGiven(corner, 2)
	_ = puzzle.Board().SetGiven(0, 4)
	code, out, _ := runCube(t, puzzle.Net())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	sol := solvedNet(t, out, cube.Match)
	if sol.Board().Get(corner) != 2 || sol.Board().Get(0) != 4 {
		t.Fatalf("the answer drops a given:\n%s", out)
	}
	// The same net from a file; -faces 6 contradicts it.
	name := filepath.Join(t.TempDir(), "cube.txt")
	if err := os.WriteFile(name, []byte(puzzle.Net()), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runCube(t, "", name); code != 0 {
		t.Fatalf("from a file: exit %d: %s", code, out)
	}
	if code, out, _ := runCube(t, "", "-faces", "6", name); code != 1 || !strings.Contains(out, "-faces asks for six-faces") {
		t.Fatalf("-faces 6 on a three-face net: exit %d: %s", code, out)
	}
	// A malformed net and a contradictory one are errors of that input.
	bad := strings.Replace(puzzle.Net(), ".", "#", 1)
	if code, out, _ := runCube(t, bad); code != 1 || !strings.Contains(out, "line 1, column 3") {
		t.Fatalf("bad net: exit %d: %s", code, out)
	}
	clash := puzzle.Clone()
	_ = clash.Board().SetGiven(1, 4)
	if code, out, _ := runCube(t, clash.Net()); code != 1 || !strings.Contains(out, "conflict") {
		t.Fatalf("conflicting givens: exit %d: %s", code, out)
	}
}

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-box", "2", "-faces", "3", "-count", "-limit", "0"}, "5184"},
		{[]string{"-box", "2", "-faces", "6", "-count", "-limit", "0"}, "768"},
		{[]string{"-box", "2", "-faces", "6", "-edges", "differ", "-count", "-limit", "1000"}, "1000"},
	} {
		code, out, errOut := runCube(t, "", tc.args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || lines[len(lines)-1] != tc.want {
			t.Errorf("%v: exit %d, output %q %s; want %s last", tc.args, code, out, errOut, tc.want)
		}
	}
}

func TestRuns(t *testing.T) {
	code, out, _ := runCube(t, "", "-box", "2", "-faces", "3", "-edges", "differ", "-n", "5")
	if code != 0 || !strings.HasPrefix(out, "three-faces, differ edges, 4x4 faces, search: 5 runs, 5 solved, median ") {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestSVG(t *testing.T) {
	name := filepath.Join(t.TempDir(), "cube.svg")
	code, out, errOut := runCube(t, "", "-box", "2", "-svg", name)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	data, err := os.ReadFile(name)
	if err != nil || !bytes.HasPrefix(data, []byte("<svg ")) || !bytes.HasSuffix(data, []byte("</svg>\n")) {
		t.Fatalf("SVG file: %v\n%.200s", err, data)
	}
	if code, _, errOut := runCube(t, "", "-box", "2", "-svg", filepath.Join(name, "no", "such")); code != 1 || errOut == "" {
		t.Fatalf("unwritable SVG: exit %d", code)
	}
}

func TestFlags(t *testing.T) {
	clitest.CheckFlags(t, "cube", run,
		[]string{"-faces", "4"}, []string{"-edges", "same"}, []string{"-box", "6"}, []string{"-box", "1"},
		[]string{"-box", "2x3"}, []string{"-size", "6"}, []string{"-box", "3", "-size", "16"},
		[]string{"-method", "guess"}, []string{"-strategy", "greedy"}, []string{"-workers", "-1"}, []string{"-workers", "1025"},
		[]string{"-n", "0"}, []string{"-limit", "-5"}, []string{"-count", "-puzzle"}, []string{"no-such-file"})
}

// TestInterrupt: an interrupt stops the command with 130, after the
// error of the cube it stopped and, with -n, the line of the runs done.
func TestInterrupt(t *testing.T) {
	if r := clitest.CheckInterrupt(t, run, "", "-box", "2"); !strings.Contains(r.Stdout, "error: context canceled") {
		t.Errorf("stdout %q", r.Stdout)
	}
	if r := clitest.CheckInterrupt(t, run, "", "-box", "2", "-n", "5"); !strings.Contains(r.Stdout, ": 1 runs, 0 solved") {
		t.Errorf("stdout %q", r.Stdout)
	}
}

// TestAnnealSeeds checks that with one worker a seed gives one answer,
// and -n names the strategy.
func TestAnnealSeeds(t *testing.T) {
	// One worker and a seed: the same answer every time.
	args := []string{"-method", "anneal", "-faces", "3", "-workers", "1", "-seed", "9"}
	_, a, _ := runCube(t, "", args...)
	_, b, _ := runCube(t, "", args...)
	if a != b {
		t.Fatal("one seed, two answers")
	}
	code, out, _ := runCube(t, "", "-method", "anneal", "-strategy", "chains", "-box", "2", "-n", "3")
	if code != 0 || !strings.HasPrefix(out, "six-faces, match edges, 4x4 faces, anneal chains: 3 runs, 3 solved, median ") {
		t.Fatalf("-n: exit %d: %s", code, out)
	}
}

// TestPuzzle: -puzzle prints a net whose puzzle has exactly one solution,
// and its count of clues.
func TestPuzzle(t *testing.T) {
	for _, args := range [][]string{
		{"-puzzle", "-seed", "3"},
		{"-puzzle", "-faces", "3", "-edges", "differ", "-box", "2", "-seed", "1"},
	} {
		code, out, errOut := runCube(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s%s", args, code, out, errOut)
		}
		i := strings.LastIndex(out[:len(out)-1], "\n")
		net, last := out[:i+1], out[i+1:]
		if !strings.HasSuffix(last, "unique, minimal: true\n") {
			t.Fatalf("%v: last line %q", args, last)
		}
		edges := cube.Match
		if strings.Contains(strings.Join(args, " "), "differ") {
			edges = cube.Differ
		}
		c, err := cube.Parse(net, edges)
		if err != nil {
			t.Fatalf("%v: %v\n%s", args, err, net)
		}
		if n, err := search.Count(context.Background(), c.Board(), 2); n != 1 || err != nil {
			t.Errorf("%v: %d solutions (%v)", args, n, err)
		}
	}
}
