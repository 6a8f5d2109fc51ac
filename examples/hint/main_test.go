package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/internal/cli/clitest"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func hint(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	r := clitest.Run(context.Background(), run, stdin, args...)
	return r.Code, r.Stdout, r.Stderr
}

func TestWalkBuiltin(t *testing.T) {
	code, out, _ := hint(t, "")
	if code != 0 || !strings.Contains(out, "Solved in ") || !strings.Contains(out, "  1. ") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	// Every step line is one explanation of a rule of the ladder.
	steps := regexp.MustCompile(`(?m)^ *\d+\. (.*)$`).FindAllStringSubmatch(out, -1)
	rules := map[string]bool{}
	for _, s := range steps {
		name, _, ok := strings.Cut(s[1], ":")
		if !ok {
			t.Errorf("step without a rule: %q", s[1])
		}
		rules[strings.TrimSuffix(name, " (pointing)")] = true
	}
	if len(rules) < 5 {
		t.Errorf("the built-in puzzle shows only %d rules: %v", len(rules), rules)
	}
	if !regexp.MustCompile(`Grade: \w+ \d\.\d\d`).MatchString(out) {
		t.Errorf("no grade line:\n%s", out)
	}
}

func TestWalkStuckAndStages(t *testing.T) {
	// A hard puzzle: the ladder stops and the candidates are shown.
	hard := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	code, out, _ := hint(t, hard, "-stages")
	if code != 0 || !strings.Contains(out, "No rule applies after") || !strings.Contains(out, "Grade: guessing") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	if !strings.Contains(out, "Look at ") || !strings.Contains(out, "Look for a") {
		t.Errorf("no stages:\n%s", out)
	}
}

func TestGradeLines(t *testing.T) {
	input := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n" +
		"# a comment\n" +
		"11...............................................................................\n" +
		"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..\n"
	code, out, _ := hint(t, input, "-grade")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 3 {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	line := regexp.MustCompile(`^(simple|easy|medium|hard|expert|guessing) \d+\.\d \S.*$`)
	if !line.MatchString(lines[0]) || !strings.HasPrefix(lines[0], "simple ") {
		t.Errorf("line 1: %q", lines[0])
	}
	if !strings.HasPrefix(lines[1], "error: ") {
		t.Errorf("line 2: %q", lines[1])
	}
	if !line.MatchString(lines[2]) || !strings.HasPrefix(lines[2], "guessing ") || !strings.HasSuffix(lines[2], " nested forcing chain") {
		t.Errorf("line 3: %q", lines[2])
	}
}

func TestBadUsage(t *testing.T) {
	if code, _, _ := hint(t, "", "-nosuchflag"); code != 2 {
		t.Errorf("bad flag: exit %d", code)
	}
	if code, _, errOut := hint(t, "# only a comment\n", "-"); code != 2 || !strings.Contains(errOut, "no puzzles") {
		t.Errorf("no puzzles: exit %d, %q", code, errOut)
	}
	if code, _, _ := hint(t, "", "no-such-file.txt"); code != 2 {
		t.Errorf("missing file: exit %d", code)
	}
}

// TestSVG draws the built-in walk's first step beyond singles, and a
// chosen step at the first stage, and checks the files are XML that show
// the step.
func TestSVG(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "hint.svg")
	code, out, errOut := hint(t, "", "-svg", name)
	if code != 0 || !regexp.MustCompile(`Drew step \d+ at stage step in `).MatchString(out) {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	step := regexp.MustCompile(`(?m)^ *(\d+)\. (.*)$`).FindAllStringSubmatch(out, -1)
	first := ""
	for _, s := range step {
		if !strings.Contains(s[2], "single:") {
			first = s[1]
			break
		}
	}
	if !strings.Contains(out, "Drew step "+first+" ") {
		t.Errorf("the step drawn is not the first beyond singles (%s):\n%s", first, out)
	}
	data := readXML(t, name)
	if !strings.Contains(data, `<g class="remove"`) || !strings.Contains(data, `<g class="mark"`) {
		t.Errorf("the drawing shows no marks or no removals")
	}
	code, out, _ = hint(t, "", "-svg", name, "-step", "3", "-stage", "area")
	if data := readXML(t, name); code != 0 || !strings.Contains(out, "Drew step 3 at stage area") || strings.Contains(data, `class="place"`) {
		t.Errorf("step 3 at stage 0: exit %d:\n%s", code, out)
	}
	// A step beyond the walk and a missing folder are errors, said on
	// standard error.
	if code, _, errOut := hint(t, "", "-svg", name, "-step", "100000"); code != 1 || !strings.Contains(errOut, "-step 100000: the walk has ") {
		t.Errorf("step 100000: exit %d: %q", code, errOut)
	}
	if code, _, errOut := hint(t, "", "-svg", filepath.Join(dir, "no", "such", "dir.svg")); code != 1 || !strings.Contains(errOut, "dir.svg") {
		t.Errorf("unwritable file: exit %d, %q", code, errOut)
	}
}

// readXML returns the named file, failing t when it is not well-formed XML.
func readXML(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	return string(data)
}

func TestFlags(t *testing.T) {
	clitest.CheckFlags(t, "hint", run, []string{"-stage", "3"}, []string{"-step", "-1"},
		[]string{"-step", "100000"}, []string{"-stage", "area"}, []string{"-grade", "-svg", "x.svg"})
}

func TestInterrupt(t *testing.T) {
	clitest.CheckInterrupt(t, run, "")
}

// TestDigitsInAlphabet: on a 16x16 puzzle the steps and the candidates
// name digits as the board writes them, "G" in Base36 and "F" in Hex,
// never "16"; numbers are left only in the names of cells and houses.
func TestDigitsInAlphabet(t *testing.T) {
	p := reference.Local(t, "16x16", "unique")[0]
	hex := p.Board.Clone()
	if err := hex.SetNotation(sudoku.Notation{Alphabet: sudoku.Hex}); err != nil {
		t.Fatal(err)
	}
	// Names hold numbers and capitals that are no digits.
	pattern := `r\d+c\d+|(row|column|box) \d+`
	for _, tq := range logic.Techniques() {
		pattern += "|" + regexp.QuoteMeta(tq.Name())
	}
	names := regexp.MustCompile(pattern)
	for _, tc := range []struct {
		input  string
		args   []string
		digits string // the characters of the alphabet
	}{
		{p.Board.Line(), nil, "123456789ABCDEFG"},
		{hex.Line(), []string{"-hex"}, "0123456789ABCDEF"},
	} {
		code, out, errOut := hint(t, tc.input, tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errOut)
		}
		steps := regexp.MustCompile(`(?m)^ *\d+\. (.*)$`).FindAllStringSubmatch(out, -1)
		letters := 0
		for _, s := range steps {
			text := names.ReplaceAllString(s[1], "")
			for _, word := range regexp.MustCompile(`[0-9A-Z]+`).FindAllString(text, -1) {
				if len(word) > 1 || !strings.Contains(tc.digits, word) {
					t.Errorf("%v: %q names %q, no digit of the alphabet %s", tc.args, s[1], word, tc.digits)
				}
			}
			if regexp.MustCompile(`= [A-G]\.$`).MatchString(s[1]) {
				letters++
			}
		}
		if len(steps) == 0 || letters == 0 {
			t.Errorf("%v: %d steps, %d placing a letter:\n%s", tc.args, len(steps), letters, out)
		}
	}
}
