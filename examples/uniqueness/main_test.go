package main

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"
)

func uniqueness(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestTable reads the CSV back: one row per variant and step, counts that
// add up, full puzzles always unique and empty cubes never.
func TestTable(t *testing.T) {
	code, out, errOut := uniqueness(t, "-n", "2", "-puzzles", "4", "-step", "25")
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
		pct, puzzles, unique, multiple := num(3), num(4), num(5), num(6)
		if puzzles != 4 || unique+multiple != puzzles {
			t.Errorf("row %v: counts do not add up", r)
		}
		if (pct == 0 && unique != puzzles) || (pct == 100 && unique != 0) {
			t.Errorf("row %v: a full cube is unique, an empty one is not", r)
		}
	}
	if strings.Count(errOut, "every puzzle unique up to") != 4 {
		t.Errorf("summary: %q", errOut)
	}
	// The same seed gives the same table, whatever the workers.
	_, again, _ := uniqueness(t, "-n", "2", "-puzzles", "4", "-step", "25", "-workers", "1")
	if again != out {
		t.Errorf("1 worker gives another table:\n%s", again)
	}
}

func TestUsage(t *testing.T) {
	for _, args := range [][]string{
		{"-faces", "4"}, {"-edges", "same"}, {"-n", "7"}, {"-puzzles", "0"}, {"-step", "0"}, {"stray"},
	} {
		if code, _, errOut := uniqueness(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
