package logic_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cubedoku/cubedoku/cube"
	"github.com/cubedoku/cubedoku/internal/reference"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

var update = flag.Bool("update", false, "rewrite testdata/steps.txt, the printed walk of every technique")

// techniqueSteps returns one step of every technique, each on its board:
// the positions of rulePositions and bugState, a contradiction and a
// guess of Hint's last resort.
func techniqueSteps(t *testing.T) ([]logic.Step, []*sudoku.Board) {
	t.Helper()
	var steps []logic.Step
	var boards []*sudoku.Board
	for _, tc := range rulePositions() {
		p := newPosition(sudoku.Classic())
		tc.build(p)
		st, _, err := tc.ladder().Next(p.state(t))
		if err != nil {
			t.Fatalf("%v: %v", tc.rule, err)
		}
		steps, boards = append(steps, st), append(boards, sudoku.NewBoard(p.g))
	}
	b, s := bugState(t)
	st, _, err := logic.Ladder(true).Next(s)
	if err != nil {
		t.Fatal(err)
	}
	steps, boards = append(steps, st), append(boards, b)

	// The uniqueness types and aligned exclusion.
	more, moreBoards := uniqueFamilySteps(t)
	steps, boards = append(steps, more...), append(boards, moreBoards...)
	more, moreBoards = moreUniqueSteps(t)
	steps, boards = append(steps, more...), append(boards, moreBoards...)
	// A chain of each kind, the first each chain rule finds on the walks
	// of the in-repository 9x9 puzzles.
	var puzzles []*sudoku.Board
	for _, set := range []string{"9x9-levels", "9x9-techniques", "9x9-minimal"} {
		puzzles = append(puzzles, reference.LocalBoards(t, set, 0)...)
	}
	chainSteps := chainWalk(t, puzzles)
	for _, tq := range chainTechniques {
		st, ok := chainSteps[tq]
		if !ok {
			t.Fatalf("no %v on the walks", tq)
		}
		steps, boards = append(steps, st), append(boards, sudoku.NewBoard(sudoku.Classic()))
	}

	// The forcing chains, where the rules rated below the single-digit
	// patterns run out on a puzzle of magictour's top 1465 (the patterns
	// and chains would take the short chains that Nishio shows).
	b = parse(t, "4.35...2.....16...7............895.....3..8..2...........4...7..9....6...1.......")
	var below logic.Rules
	for _, r := range logic.Ladder(true) {
		if r.(logic.Technique).Rating() < logic.TurbotFish.Rating() {
			below = append(below, r)
		}
	}
	res, err := logic.Deduce(context.Background(), b, below...)
	if err != nil {
		t.Fatal(err)
	}
	fs, err := logic.NewStateFromMarks(res.Board, marksOf(res.Marks))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range logic.ForcingChains() {
		st, ok := r.Find(fs)
		if !ok {
			t.Fatalf("%v finds no step", r)
		}
		steps, boards = append(steps, st), append(boards, res.Board)
	}

	// A guess on an empty 4x4 board.
	g := mustGeometry(t, 2, 2)
	sol, err := sudoku.Parse("1234341221434321", sudoku.WithGeometry(g))
	if err != nil {
		t.Fatal(err)
	}
	b = sudoku.NewBoard(g)
	st, err = logic.Hint(context.Background(), b, logic.WithSolution(sol))
	if err != nil || st.Rule != logic.GuessRule {
		t.Fatalf("%v, %v: want a guess", st.Rule, err)
	}
	return append(steps, st), append(boards, b)
}

// chainTechniques are the chain rules.
var chainTechniques = []logic.Technique{logic.RemotePair, logic.XChain, logic.XYChain, logic.ContinuousNiceLoop, logic.AIC}

// chainWalk walks puzzles with the ladder, easiest step first, and
// returns the first step each chain rule finds where no simpler rule
// finds one (a remote pair wherever it is).
func chainWalk(t *testing.T, puzzles []*sudoku.Board) map[logic.Technique]logic.Step {
	t.Helper()
	out := map[logic.Technique]logic.Step{}
	for _, p := range puzzles {
		s, err := logic.NewState(p)
		if err != nil {
			t.Fatal(err)
		}
		for s.Left() > 0 && len(out) < len(chainTechniques) {
			st, _, err := logic.Ladder(true).Next(s)
			if err != nil {
				break
			}
			// Where only the chains see something; a remote pair and an
			// X-chain, rare there (the single-digit patterns take the
			// short X-chains first), anywhere.
			chains := st.Rule.Rating() >= logic.RemotePair.Rating()
			for _, tq := range chainTechniques {
				if _, ok := out[tq]; !ok && (chains || tq == logic.RemotePair || tq == logic.XChain) {
					{
						if st, ok := tq.Find(s); ok {
							out[tq] = st
						}
					}
				}
			}
			if err := s.Apply(st); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestTechniqueTexts prints one step of every technique, its three
// stages, to testdata/steps.txt, the walk a reader checks the texts on
// (go test -run TestTechniqueTexts -update rewrites it), and checks every
// text with checkText.
func TestTechniqueTexts(t *testing.T) {
	steps, boards := techniqueSteps(t)
	var sb strings.Builder
	seen := map[logic.Technique]bool{}
	for i, st := range steps {
		seen[st.Rule] = true
		sb.WriteString("# " + st.RuleName() + "\n")
		for stage := logic.StageArea; stage <= logic.StageStep; stage++ {
			text := st.Stage(stage)
			checkText(t, boards[i], text)
			sb.WriteString(text + "\n")
		}
		sb.WriteString("\n")
	}
	for _, tq := range append(logic.Techniques(), logic.GuessRule) {
		if !seen[tq] {
			t.Errorf("no step of %v in the walk", tq)
		}
	}
	custom := logic.Step{Rule: logic.CustomRule, Custom: "empty rectangle", Area: "box 5"}
	if got, want := custom.Stage(logic.StageTechnique), "Look for an empty rectangle in box 5."; got != want {
		t.Errorf("custom rule's technique stage: %q, want %q", got, want)
	}
	path := filepath.Join("testdata", "steps.txt")
	if *update {
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := sb.String(); got != string(want) {
		t.Errorf("the texts differ from %s (rewrite it with -update and read it):\n%s", path, got)
	}
}

// TestTextsInAlphabet walks hints on boards whose digits go past 9 (16x16
// in Base36 and in Hex, 25x25, a cube with 16 digits) and on a classic
// cube, and checks every stage of every step with checkText: digits in
// the board's alphabet ("G", never "16", on a 16x16 board in Base36).
func TestTextsInAlphabet(t *testing.T) {
	type walkCase struct {
		name       string
		puzzle     *sudoku.Board
		sol        *sudoku.Board
		unique     bool
		wantLetter bool // some step names a digit past 9, written as a letter
	}
	var cases []walkCase
	for _, set := range []string{"16x16", "25x25"} {
		p := reference.Local(t, set)[0]
		cases = append(cases, walkCase{set, p.Board, p.Solution, p.Count == 1, set == "16x16"})
		if set == "16x16" {
			hex, hexSol := p.Board.Clone(), p.Solution.Clone()
			for _, b := range []*sudoku.Board{hex, hexSol} {
				if err := b.SetNotation(sudoku.Notation{Alphabet: sudoku.Hex}); err != nil {
					t.Fatal(err)
				}
			}
			cases = append(cases, walkCase{set + " hex", hex, hexSol, p.Count == 1, true})
		}
	}
	for _, box := range []int{3, 4} {
		c, err := cube.New(box, cube.ThreeFaces, cube.Match)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := search.Solve(context.Background(), c.Board())
		if err != nil {
			t.Fatal(err)
		}
		puzzle := sudoku.NewBoard(sol.Geometry())
		for cell := range sol.Geometry().NumCells() {
			if cell%3 != 0 {
				if err := puzzle.SetGiven(cell, sol.Get(cell)); err != nil {
					t.Fatal(err)
				}
			}
		}
		cases = append(cases, walkCase{"cube " + sol.Geometry().String(), puzzle, sol, false, box == 4})
	}
	max := 400
	if testing.Short() || raceEnabled {
		max = 80
	}
	for _, tc := range cases {
		steps, letters := 0, false
		_, err := walk(t, tc.puzzle, tc.sol, []logic.Option{logic.WithUnique(tc.unique), logic.WithSolution(tc.sol)}, func(st logic.Step) bool {
			for stage := logic.StageArea; stage <= logic.StageStep; stage++ {
				checkText(t, tc.puzzle, st.Stage(stage))
			}
			for _, d := range st.Digits {
				if d > 9 && !letters && strings.Contains(st.Text, tc.puzzle.DigitText(d)) {
					letters = true
					t.Logf("%s: %s", tc.name, st.Text)
				}
			}
			steps++
			return steps < max
		})
		if err != nil && err != logic.ErrSolved {
			t.Errorf("%s: %v", tc.name, err)
		}
		if tc.wantLetter && !letters {
			t.Errorf("%s: no step of %d names a digit past 9", tc.name, steps)
		}
	}
}

// numeral is a run of letters and decimal digits in a text.
var numeral = regexp.MustCompile(`[0-9A-Za-z]+`)

// checkText checks a text a player reads, written for board b: no
// unfilled slot ("%!" of fmt, "{" of a template, "<nil>"), no package
// prefix twice, and no digit outside b's alphabet. Numbers in the names
// of cells, houses and rules ("r4c20", "row 12", "2-string kite") are
// not digits: they are taken out first.
func checkText(t *testing.T, b *sudoku.Board, text string) {
	t.Helper()
	for _, bad := range []string{"%!", "{", "}", "<nil>"} {
		if strings.Contains(text, bad) {
			t.Errorf("%q holds %q", text, bad)
		}
	}
	for _, pkg := range []string{"sudoku:", "logic:", "search:", "grade:", "play:"} {
		if strings.Count(text, pkg) > 1 {
			t.Errorf("%q says %q twice", text, pkg)
		}
	}
	g := b.Geometry()
	digits := map[string]bool{}
	for d := 1; d <= g.Digits(); d++ {
		digits[b.DigitText(d)] = true
	}
	for _, word := range numeral.FindAllString(namesOut(g).Replace(text), -1) {
		if strings.ContainsAny(word, "0123456789") && !digits[word] || len(word) == 1 && word >= "A" && word <= "Z" && !digits[word] {
			t.Errorf("%q names %q, no digit of a %s in %s", text, word, g, b.Notation().Alphabet)
		}
	}
}

// namesOut returns a replacer that blanks the names of g's cells and
// units and of the techniques, longest first.
func namesOut(g *sudoku.Geometry) *strings.Replacer {
	var names []string
	for c := range g.NumCells() {
		names = append(names, g.CellName(c))
	}
	for u := range g.NumUnits() {
		names = append(names, g.UnitName(u))
	}
	for tq := range logic.CustomRule + 1 {
		names = append(names, tq.Name())
	}
	slices.SortStableFunc(names, func(a, b string) int { return len(b) - len(a) })
	var pairs []string
	seen := map[string]bool{}
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			pairs = append(pairs, n, " ")
		}
	}
	return strings.NewReplacer(pairs...)
}

// TestErrorTexts: the errors that name digits write them in the board's
// alphabet ("E" on a 16x16 board, never "15") and name each package once.
func TestErrorTexts(t *testing.T) {
	p := reference.Local(t, "16x16")[0]
	b := p.Board.Clone()
	c := 0
	for b.Get(c) != 0 {
		c++
	}
	d := p.Solution.Get(c)%16 + 1 // a wrong digit
	if d < 10 {
		d += 6 // one written as a letter
	}
	if err := b.Set(c, d); err != nil {
		t.Fatal(err)
	}
	var errs []error
	_, err := logic.Hint(context.Background(), b, logic.WithSolution(p.Solution))
	errs = append(errs, err)
	_, err = logic.Hint(context.Background(), b)
	errs = append(errs, err)
	s, err := logic.NewState(p.Board)
	if err != nil {
		t.Fatal(err)
	}
	_ = s.Assign(c, d)
	_ = s.Propagate()
	_, _, err = logic.Ladder(false).Next(s)
	errs = append(errs, err)
	given := 0
	for !p.Board.Given(given) {
		given++
	}
	r := fixedRule{"mine", logic.Step{Place: []logic.Placement{{Cell: given, Digit: p.Board.Get(given)%16 + 1}}}}
	_, err = logic.Hint(context.Background(), p.Board, logic.WithRules(r))
	errs = append(errs, err)
	letters := false
	for _, err := range errs {
		if err == nil {
			t.Fatal("no error")
		}
		checkText(t, b, err.Error())
		letters = letters || numeral.MatchString(err.Error()) && strings.ContainsAny(namesOut(b.Geometry()).Replace(err.Error()), "ABCDEFG")
	}
	if !letters {
		t.Errorf("no error names a digit past 9: %v", errs)
	}
}
