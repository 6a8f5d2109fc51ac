package main

import (
	"context"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/cli/clitest"
)

func schedule(args ...string) clitest.Result {
	return clitest.Run(context.Background(), run, "", args...)
}

func TestOnce(t *testing.T) {
	for _, args := range [][]string{{"-size", "4"}, {"-box", "2"}, {"-puzzle", "1234" + strings.Repeat(".", 12)}} {
		if r := schedule(args...); r.Code != 0 || !strings.Contains(r.Stdout, "target reached") {
			t.Errorf("%v: exit %d, output:\n%s%s", args, r.Code, r.Stdout, r.Stderr)
		}
	}
}

func TestCompare(t *testing.T) {
	r := schedule("-compare", "-n", "2", "-size", "4", "-timeout", "5s")
	if r.Code != 0 {
		t.Fatal(r.Code, r.Stderr)
	}
	for _, name := range []string{"geometric 0.99", "D ", "adaptive .5 .8", "stepped (custom)"} {
		if !strings.Contains(r.Stdout, name) {
			t.Errorf("no %q in:\n%s", name, r.Stdout)
		}
	}
	if strings.Count(r.Stdout, "2/2") != 9 {
		t.Errorf("not every schedule solved both runs:\n%s", r.Stdout)
	}
}

func TestFlags(t *testing.T) {
	clitest.CheckFlags(t, "schedule", run,
		[]string{"-puzzle", "12x"}, []string{"-size", "7"}, []string{"-box", "3x3", "-size", "16"},
		[]string{"-puzzle", "1234", "-size", "4"}, []string{"-compare", "-n", "0"}, []string{"-n", "-1"},
		[]string{"-timeout", "0"}, []string{"-timeout", "-1s"}, []string{"-workers", "1025"}, []string{"stray"})
}

// TestInterrupt: an interrupt stops a comparison with 130 after its
// heading, and a single run after its figures.
func TestInterrupt(t *testing.T) {
	r := clitest.CheckInterrupt(t, run, "", "-compare", "-size", "4")
	if lines := strings.Split(strings.TrimSpace(r.Stdout), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], "schedule ") {
		t.Errorf("compare: %q", r.Stdout)
	}
	if r := clitest.CheckInterrupt(t, run, "", "-size", "4"); !strings.Contains(r.Stdout, " moves, ") {
		t.Errorf("once: %q", r.Stdout)
	}
}
