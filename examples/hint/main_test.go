package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
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
	// A puzzle of two solutions, a unique rectangle of 2 and 3 left open
	// in r1c5, r1c8, r2c5 and r2c8: after the singles, no rule, not even a
	// forcing chain, tells the two apart, and the candidates are shown.
	two := "4689.15.77516.48.939.578461134756.982894.3675675289314.4619275351386794292734518."
	code, out, _ := hint(t, two, "-stages")
	if code != 0 || !strings.Contains(out, "No rule applies after 5 steps; 4 cells left") || !strings.Contains(out, "Grade: guessing") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	if !strings.Contains(out, "Look at ") || !strings.Contains(out, "Look for a") {
		t.Errorf("no stages:\n%s", out)
	}
}

// TestWalkChains walks a puzzle where the ladder stops and the forcing
// chains take over, to the end: each forcing chain step is followed by a
// line per branch that tells its links, from its premise on; and a
// puzzle whose first step is an AIC, whose text tells each link.
func TestWalkChains(t *testing.T) {
	hard := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	code, out, _ := hint(t, hard)
	if code != 0 || !strings.Contains(out, "Solved in ") {
		t.Fatalf("exit %d, output:\n%s", code, out)
	}
	lines := strings.Split(out, "\n")
	step := regexp.MustCompile(`^ *\d+\. (.*forcing chain.*)$`)
	premise := regexp.MustCompile(`if (r\d+c\d+) is (\w+)`)
	branch := regexp.MustCompile(`^ +branch (\d+): (\S+) → `)
	forcing := 0
	for i, line := range lines {
		m := step.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		forcing++
		premises := premise.FindAllStringSubmatch(m[1], -1)
		k := 0
		for ; i+1+k < len(lines); k++ {
			b := branch.FindStringSubmatch(lines[i+1+k])
			if b == nil {
				break
			}
			// A contradiction: both branches from the one premise; else
			// each branch from its own.
			p := premises[min(k, len(premises)-1)]
			if b[1] != strconv.Itoa(k+1) || b[2] != p[1]+"="+p[2] {
				t.Errorf("%q: branch %s starts %s, want %s=%s", m[1], b[1], b[2], p[1], p[2])
			}
		}
		if k < 2 {
			t.Errorf("%q: %d branches told", m[1], k)
		}
	}
	if forcing == 0 {
		t.Fatalf("no forcing chain in the walk:\n%s", out)
	}

	// Magictour top1465 #611: an AIC first, through a group, its links
	// told in turn.
	code, out, _ = hint(t, ".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...")
	first := regexp.MustCompile(`(?m)^ *1\. (.*)$`).FindStringSubmatch(out)
	want := "AIC: if r7c1 is not 3, r7c5 is 3, so r7c5 is not 2, so 2 is in r9c4 or r9c5, so r9c3 is not 2, so r9c3 is 1; so r7c1 is 3 or r9c3 is 1: remove 1 from r7c1."
	if code != 0 || first == nil || first[1] != want {
		t.Errorf("exit %d, first step %q, want %q", code, first, want)
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
		// Without the forcing chains, which take seconds on 16x16 (their
		// branches, in TestChainLine).
		{p.Board.Line(), []string{"-forcing=false"}, "123456789ABCDEFG"},
		{hex.Line(), []string{"-hex", "-forcing=false"}, "0123456789ABCDEF"},
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

// TestChainLine tells chains link by link: the AIC of magictour #611,
// through a group, and a forcing chain's branch on a 16x16 board in
// Base36, where a fact rests on two others, its digits as the board
// writes them.
func TestChainLine(t *testing.T) {
	b, err := sudoku.Parse(".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...")
	if err != nil {
		t.Fatal(err)
	}
	s, err := logic.NewState(b)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := logic.AIC.Find(s)
	if !ok {
		t.Fatal("no AIC")
	}
	want := "r7c1≠3 → r7c5=3 → r7c5≠2 → (r9c4 or r9c5)=2 → r9c3≠2 → r9c3=1"
	if got := chainLine(b, st.Chains[0]); got != want {
		t.Errorf("AIC: %q, want %q", got, want)
	}

	g, err := sudoku.NewGeometry(4, 4)
	if err != nil {
		t.Fatal(err)
	}
	big := sudoku.NewBoard(g)
	node := func(c, d int) logic.Node { return logic.Node{Cells: []int{c}, Digit: d} }
	// If r1c1 is G, r1c2 (A or G) is A, r1c3 not A, and row 1's A has
	// one place left, r1c4.
	branch := []logic.Link{
		{From: node(0, 16), To: node(1, 16)},
		{From: node(0, 16), To: node(0, 10)},
		{From: node(1, 16), To: node(1, 10), Strong: true},
		{From: node(1, 10), To: node(2, 10)},
		{From: node(0, 10), To: node(3, 10), Strong: true},
		{From: node(2, 10), To: node(3, 10), Strong: true},
		{From: node(3, 10), To: node(3, 3)},
	}
	want = "r1c1=G → r1c2≠G; r1c1=G → r1c1≠A; r1c2≠G → r1c2=A → r1c3≠A; r1c1≠A and r1c3≠A → r1c4=A → r1c4≠3"
	if got := chainLine(big, branch); got != want {
		t.Errorf("16x16 branch: %q, want %q", got, want)
	}
}
