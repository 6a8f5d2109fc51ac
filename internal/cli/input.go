package cli

import (
	"bufio"
	"io"
	"os"
	"strings"

	"github.com/cubedoku/cubedoku/sudoku"
)

// Input is one source of puzzles.
type Input struct {
	Name string
	R    io.Reader
}

// Scanner returns a scanner of the input's puzzles, reading one-character
// digits as hexadecimal when hex is set.
func (in Input) Scanner(hex bool) *sudoku.Scanner {
	var opts []sudoku.ParseOption
	if hex {
		opts = append(opts, sudoku.WithAlphabet(sudoku.Hex))
	}
	return sudoku.NewScanner(in.R, opts...)
}

// Open returns the inputs named by args ("-" is standard input); with no
// args, standard input when it is not a terminal and not empty (a stream
// with nothing in it at all is no input, like /dev/null; one with only
// blank lines or comments holds no puzzles); else the built-in puzzle.
// Call close when done with the inputs. An error opening a file closes
// the files opened before it.
func Open(args []string, stdin io.Reader, builtin string) (inputs []Input, close func(), err error) {
	var files []*os.File
	close = func() {
		for _, f := range files {
			f.Close()
		}
	}
	for _, name := range args {
		if name == "-" {
			inputs = append(inputs, Input{"stdin", stdin})
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			close()
			return nil, func() {}, err
		}
		files = append(files, f)
		inputs = append(inputs, Input{name, f})
	}
	if len(inputs) == 0 && !isTerminal(stdin) {
		r := bufio.NewReader(stdin)
		if _, err := r.Peek(1); err != io.EOF {
			inputs = append(inputs, Input{"stdin", r})
		}
	}
	if len(inputs) == 0 {
		inputs = append(inputs, Input{"built-in puzzle", strings.NewReader(builtin)})
	}
	return inputs, close, nil
}

// isTerminal reports whether r is a terminal (or another character device
// such as /dev/null), from which no puzzles are read unless named.
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
