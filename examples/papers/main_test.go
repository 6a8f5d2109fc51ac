package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/cli/clitest"
)

// TestQuick runs the quick report without the reference puzzle sets, as
// in a clone of the repository alone, and checks that every section,
// table, CSV file and plot is there and that the rows of the absent sets
// say they were skipped.
func TestQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("the quick report takes seconds")
	}
	out := t.TempDir()
	r := clitest.Run(context.Background(), run, "", "-quick", "-seed", "1", "-out", out, "-puzzles", filepath.Join(out, "no-such-dir"))
	if r.Code != 0 {
		t.Fatalf("exit %d:\n%s", r.Code, r.Stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "papers.md"))
	if err != nil {
		t.Fatal(err)
	}
	md := string(data)
	for _, want := range []string{
		"# The papers, reproduced", "go run ./examples/papers -quick -seed 1", "## Headline",
		"## Lambert and Whitlock (2010)", "### Table 3", "### Table 4", "| 99 % | 853 s |", "| D | 29 s |",
		"## Mayorov and Whitlock", "| match | 2 (master) | 0.11 s", "## Leoson (2024)", "skipped: ../shared/puzzles/16x16-seed-tough-2024.txt absent",
		"## Chiu, Nasiri and Rashid (2012)", "16x16-minimal-100.txt was absent", "## Tarhini (2011)", "{a,b},{b,c},{a,c}",
		"## Beyond the papers", "## Other figures", "*Protocol:*", "seed 1",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("no %q in the report", want)
		}
	}
	for _, name := range []string{"lambert-tables-3-4.csv", "lambert-figures.csv", "mayorov-methods.csv", "mayorov-uniqueness.csv", "leoson.csv", "chiu-evil.csv", "tarhini.csv", "phase.csv"} {
		if data, err := os.ReadFile(filepath.Join(out, dataDir, name)); err != nil || strings.Count(string(data), "\n") < 2 {
			t.Errorf("%s: %v, %d bytes", name, err, len(data))
		}
		if !strings.Contains(md, "("+dataDir+"/"+name+")") {
			t.Errorf("the report does not link %s", name)
		}
	}
	for _, name := range []string{"lambert-figure-6.svg", "lambert-figure-7.svg", "phase-exact.svg", "phase-anneal.svg"} {
		data, err := os.ReadFile(filepath.Join(out, dataDir, name))
		if err != nil || !strings.Contains(string(data), "<polyline") || !strings.HasSuffix(string(data), "</svg>\n") {
			t.Errorf("%s: %v\n%s", name, err, data)
		}
		if !strings.Contains(md, "("+dataDir+"/"+name+")") {
			t.Errorf("the report does not show %s", name)
		}
	}
}

func TestFlags(t *testing.T) {
	out := t.TempDir()
	clitest.CheckFlags(t, "papers", run,
		[]string{}, []string{"-out", out, "-n", "0"}, []string{"-out", out, "-timeout", "0"}, []string{"-out", out, "-timeout", "-1s"},
		[]string{"-out", out, "-workers", "-1"}, []string{"-out", out, "stray"})
}

// TestInterrupt: an interrupt before the first section still writes the
// report's frame, saying it was interrupted, and exits 130.
func TestInterrupt(t *testing.T) {
	out := t.TempDir()
	clitest.CheckInterrupt(t, run, "", "-quick", "-out", out)
	data, err := os.ReadFile(filepath.Join(out, "papers.md"))
	if err != nil || !strings.Contains(string(data), "**Interrupted**") {
		t.Errorf("report: %v\n%s", err, data)
	}
}
