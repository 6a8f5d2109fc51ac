package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestOnce(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-size", "4"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "target reached") {
		t.Errorf("output:\n%s", out.String())
	}
}

func TestCompare(t *testing.T) {
	var out bytes.Buffer
	if err := run([]string{"-compare", "-runs", "2", "-size", "4", "-budget", "5s"}, &out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"geometric 0.99", "D ", "adaptive .5 .8", "stepped (custom)"} {
		if !strings.Contains(out.String(), name) {
			t.Errorf("no %q in:\n%s", name, out.String())
		}
	}
	if strings.Count(out.String(), "2/2") != 9 {
		t.Errorf("not every schedule solved both runs:\n%s", out.String())
	}
}

func TestBadPuzzle(t *testing.T) {
	if err := run([]string{"-puzzle", "12x"}, &bytes.Buffer{}); err == nil {
		t.Error("bad puzzle accepted")
	}
	if err := run([]string{"-size", "7"}, &bytes.Buffer{}); err == nil {
		t.Error("size 7 accepted")
	}
	// -runs 0 used to index an empty list of times.
	for _, args := range [][]string{{"-compare", "-runs", "0"}, {"-compare", "-runs", "-1"}, {"-budget", "0"}, {"-budget", "-1s"}} {
		if err := run(args, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "want -runs") {
			t.Errorf("%v: %v, want an error about the flags", args, err)
		}
	}
}
