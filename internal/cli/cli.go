// Package cli holds what the example commands share, so that a flag means
// the same thing in every one of them and they all end the same way: the
// flag set with its checked values (-n, -workers, -seed, -timeout, -size
// and -box, -version), the exit statuses, the clean stop on an interrupt,
// the puzzle inputs, medians, a search's progress lines and the output
// forms of boards and hint walks.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"time"

	"github.com/cubedoku/cubedoku/sudoku"
)

// The exit statuses of every command.
const (
	// ExitOK: everything asked for was done.
	ExitOK = 0
	// ExitFailure: some puzzle or run failed; the others were done.
	ExitFailure = 1
	// ExitUsage: a bad flag, argument or input that could not be read.
	ExitUsage = 2
	// ExitInterrupted: an interrupt stopped the command, after it printed
	// what it had.
	ExitInterrupted = 130
)

// Run is the body of a command: it reads its arguments and standard
// input, writes to stdout and stderr, stops soon after ctx ends and
// returns the exit status.
type Run func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Main runs a command with a context that an interrupt ends, then exits
// with its status.
func Main(run Run) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// Command is a command's flag set and the helpers that report its
// outcome on standard error, each line starting with the command's name.
type Command struct {
	Flags  *flag.FlagSet
	checks []func() error // of the flags' values, once parsed
	name   string
	args   string // the arguments in the usage line; "" when none are taken
	stderr io.Writer
	stdout io.Writer
}

// New returns the command called name, writing its messages to stderr and
// -version to stdout. args describes its arguments in the usage line,
// such as "[file ...]"; with "" the command takes none. The flag set has
// -version already.
func New(name, args string, stdout, stderr io.Writer) *Command {
	c := &Command{Flags: flag.NewFlagSet(name, flag.ContinueOnError), name: name, args: args, stderr: stderr, stdout: stdout}
	c.Flags.SetOutput(stderr)
	c.Flags.Usage = func() {
		fmt.Fprintln(stderr, strings.TrimSpace("usage: "+name+" [flags] "+args))
		c.Flags.PrintDefaults()
	}
	c.Flags.Bool("version", false, "print the module's version and exit")
	return c
}

// Parse reads the flags in args. It returns ok when the command should go
// on; otherwise it has printed what was asked (-h, -version) or what is
// wrong, and the command returns status: ExitOK after -h or -version,
// ExitUsage after a bad flag, a value out of its range or, for a command
// that takes none, an argument.
func (c *Command) Parse(args []string) (status int, ok bool) {
	if err := c.Flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return ExitOK, false
		}
		return ExitUsage, false
	}
	for _, check := range c.checks {
		if err := check(); err != nil {
			return c.Usage("%v", err), false
		}
	}
	if c.Flags.Lookup("version").Value.String() == "true" {
		fmt.Fprintf(c.stdout, "%s %s\n", c.name, Version())
		return ExitOK, false
	}
	if c.args == "" && c.Flags.NArg() > 0 {
		return c.Usage("unexpected argument %q", c.Flags.Arg(0)), false
	}
	return ExitOK, true
}

// Set reports whether the flag called name was given on the command line.
func (c *Command) Set(name string) bool {
	set := false
	c.Flags.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// Errorf prints a message on standard error.
func (c *Command) Errorf(format string, args ...any) {
	fmt.Fprintf(c.stderr, c.name+": "+format+"\n", args...)
}

// Usage prints a message on a bad use of the command and returns
// ExitUsage.
func (c *Command) Usage(format string, args ...any) int {
	c.Errorf(format, args...)
	return ExitUsage
}

// Fail prints err and returns ExitFailure.
func (c *Command) Fail(err error) int {
	c.Errorf("%v", err)
	return ExitFailure
}

// Exit returns the status a command ends with: status, unless ctx has
// ended (an interrupt), in which case it says so and returns
// ExitInterrupted. Commands call it once they have printed what they had.
func (c *Command) Exit(ctx context.Context, status int) int {
	if ctx.Err() != nil {
		c.Errorf("interrupted")
		return ExitInterrupted
	}
	return status
}

// Version returns the module's version as the build recorded it, or
// "(devel)" for a build from a work tree.
func Version() string {
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		return info.Main.Version
	}
	return "(devel)"
}

// IntVar defines an int flag whose values must lie in lo..hi; any other
// is a usage error.
func (c *Command) IntVar(p *int, name string, value, lo, hi int, usage string) {
	c.Flags.IntVar(p, name, value, usage)
	c.checks = append(c.checks, func() error {
		switch {
		case *p >= lo && *p <= hi:
			return nil
		case hi == math.MaxInt:
			return fmt.Errorf("-%s %d: want %d or more", name, *p, lo)
		}
		return fmt.Errorf("-%s %d: want %d to %d", name, *p, lo, hi)
	})
}

// CountVar defines -n, a count of puzzles or runs: 1 or more.
func (c *Command) CountVar(p *int, value int, usage string) {
	c.IntVar(p, "n", value, 1, math.MaxInt, usage)
}

// WorkersVar defines -workers: goroutines, 0 (the default) for one per
// CPU, at most sudoku.MaxWorkers.
func (c *Command) WorkersVar(p *int, usage string) {
	c.IntVar(p, "workers", 0, 0, sudoku.MaxWorkers, usage+" (0: one per CPU)")
}

// SeedVar defines -seed, the seed of every random choice: 0, the
// default, for a random seed (see Seed).
func (c *Command) SeedVar(p *uint64, usage string) {
	c.Flags.Uint64Var(p, "seed", 0, usage+" (0: random)")
}

// TimeoutVar defines -timeout, a time limit of 0 or more.
func (c *Command) TimeoutVar(p *time.Duration, value time.Duration, usage string) {
	c.Flags.DurationVar(p, "timeout", value, usage)
	c.checks = append(c.checks, func() error {
		if *p < 0 {
			return fmt.Errorf("-timeout %v: want 0 or more", *p)
		}
		return nil
	})
}

// Seed returns seed, or for 0 a random seed other than 0, for the
// commands that report the seed they used.
func Seed(seed uint64) uint64 {
	for seed == 0 {
		seed = rand.Uint64()
	}
	return seed
}
