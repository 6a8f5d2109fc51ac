package main

import (
	"context"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/cli/clitest"
)

func uniqueness(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	r := clitest.Run(context.Background(), run, "", args...)
	return r.Code, r.Stdout, r.Stderr
}

// TestTable reads the CSV back: one row per variant and step, counts that
// add up, full puzzles always unique and empty cubes never.
func TestTable(t *testing.T) {
	code, out, errOut := uniqueness(t, "-box", "2", "-n", "4", "-percent-step", "25", "-seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != "faces,edges,n,empty_pct,puzzles,unique,multiple" {
		t.Fatalf("header %v", rows[0])
	}
	if len(rows) != 1+4*5 {
		t.Fatalf("%d rows, want 20 and the header", len(rows)-1)
	}
	for _, r := range rows[1:] {
		num := func(i int) int {
			v, err := strconv.Atoi(r[i])
			if err != nil {
				t.Fatalf("row %v: %v", r, err)
			}
			return v
		}
		n, pct, puzzles, unique, multiple := num(2), num(3), num(4), num(5), num(6)
		if n != 2 || puzzles != 4 || unique+multiple != puzzles {
			t.Errorf("row %v: counts do not add up", r)
		}
		if (pct == 0 && unique != puzzles) || (pct == 100 && unique != 0) {
			t.Errorf("row %v: a full cube is unique, an empty one is not", r)
		}
	}
	if strings.Count(errOut, "every puzzle unique up to") != 4 {
		t.Errorf("summary: %q", errOut)
	}
	// The same seed gives the same table, whatever the workers, and
	// -size 4 is -box 2.
	_, again, _ := uniqueness(t, "-size", "4", "-n", "4", "-percent-step", "25", "-seed", "1", "-workers", "1")
	if again != out {
		t.Errorf("1 worker gives another table:\n%s", again)
	}
	// Without a seed, one is drawn and told.
	if code, _, errOut := uniqueness(t, "-box", "2", "-faces", "3", "-edges", "match", "-n", "1", "-percent-step", "100"); code != 0 || !strings.HasPrefix(errOut, "uniqueness: seed ") {
		t.Errorf("random seed: exit %d, %q", code, errOut)
	}
}

func TestFlags(t *testing.T) {
	clitest.CheckFlags(t, "uniqueness", run,
		[]string{"-faces", "4"}, []string{"-edges", "same"}, []string{"-box", "7"}, []string{"-box", "2x3"},
		[]string{"-size", "6"}, []string{"-box", "3", "-size", "16"}, []string{"-n", "0"},
		[]string{"-percent-step", "0"}, []string{"-workers", "1025"}, []string{"stray"})
}

// TestInterrupt: an interrupt stops the table with 130, after its header.
func TestInterrupt(t *testing.T) {
	if r := clitest.CheckInterrupt(t, run, "", "-box", "2", "-seed", "1"); r.Stdout != "faces,edges,n,empty_pct,puzzles,unique,multiple\n" {
		t.Errorf("stdout %q", r.Stdout)
	}
}
