// Package clitest checks what every example command must do with its
// flags: -h prints the usage and exits 0, -version prints the version
// and exits 0, a bad flag prints a message and exits 2, and a command
// interrupted before it starts exits 130 with a message.
package clitest

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/cli"
)

// Result is the outcome of one run of a command.
type Result struct {
	Code           int
	Stdout, Stderr string
}

// Run runs a command with args and stdin under ctx.
func Run(ctx context.Context, run cli.Run, stdin string, args ...string) Result {
	var out, errOut bytes.Buffer
	code := run(ctx, args, strings.NewReader(stdin), &out, &errOut)
	return Result{code, out.String(), errOut.String()}
}

// CheckFlags checks the command called name: -h, -version, an unknown
// flag, and each of bad, flags that must be refused as a usage error.
func CheckFlags(t *testing.T, name string, run cli.Run, bad ...[]string) {
	t.Helper()
	ctx := context.Background()
	if r := Run(ctx, run, "", "-h"); r.Code != cli.ExitOK || !strings.Contains(r.Stderr, "usage: "+name) || !strings.Contains(r.Stderr, "-version") {
		t.Errorf("-h: exit %d, stderr %q; want 0 and the usage", r.Code, r.Stderr)
	}
	if r := Run(ctx, run, "", "-version"); r.Code != cli.ExitOK || !strings.HasPrefix(r.Stdout, name+" ") {
		t.Errorf("-version: exit %d, stdout %q; want 0 and the version", r.Code, r.Stdout)
	}
	for _, args := range append([][]string{{"-no-such-flag"}}, bad...) {
		if r := Run(ctx, run, "", args...); r.Code != cli.ExitUsage || r.Stderr == "" || r.Stdout != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and a message on stderr only", args, r.Code, r.Stdout, r.Stderr)
		}
	}
}

// CheckInterrupt runs the command with args under a context already
// ended, as an interrupt at its start leaves it, and checks that it
// exits 130 saying it was interrupted.
func CheckInterrupt(t *testing.T, run cli.Run, stdin string, args ...string) Result {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := Run(ctx, run, stdin, args...)
	if r.Code != cli.ExitInterrupted || !strings.Contains(r.Stderr, "interrupted") {
		t.Errorf("%v interrupted: exit %d, stderr %q; want 130 and a message", args, r.Code, r.Stderr)
	}
	return r
}
