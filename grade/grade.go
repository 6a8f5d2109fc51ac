// Package grade rates how hard a puzzle is for a person, on Sudoku
// Explainer's scale (SE, the community's reference rater). It solves the
// puzzle as SE does, always taking the easiest step the rules of package
// logic can find (SE's path), and rates it by the hardest step on that
// path (ER), the hardest before the first digit placed (EP) and the first
// step (ED). A puzzle the rules cannot finish is solved on with guesses
// (the search of package search supplies the right digit) and graded as
// needing them.
//
// # The scale
//
// Each step rates as SE rates it ([StepRating]): its rule's rating
// ([logic.Technique.Rating]), the rating of the variant SE tells apart,
// and SE's length bonus for chains ([LengthBonus]). For the built-in rules:
//
//	1.0 full house (last open cell)   4.5 unique rectangle types 1, 2,
//	1.2 hidden single in a box            4, 5, 6; hidden rectangle;
//	1.5 hidden single in a line           avoidable rectangles
//	1.7 direct pointing               4.6 unique rectangle type 3
//	1.9 direct claiming               5.0 naked quad
//	2.0 direct hidden pair            5.2 Jellyfish
//	2.3 naked single                  5.4 hidden quad
//	2.5 direct hidden triple          5.6 BUG+1
//	2.6 pointing                      5.7 BUG types 2 and 4
//	2.8 claiming                      5.8 BUG type 3 (more for larger sets)
//	3.0 naked pair                    6.2 aligned pair exclusion
//	3.2 X-Wing                        6.6 skyscraper, 2-string kite,
//	3.4 hidden pair                       turbot fish, empty rectangle,
//	3.6 naked triple                      simple colouring, finned X-Wing,
//	3.8 Swordfish                         remote pair, X-chain, XY-chain
//	4.0 hidden triple                 6.7 finned Swordfish, multi-colouring
//	4.2 XY-Wing                       6.8 finned Jellyfish
//	4.4 XYZ-Wing                      7.0 continuous nice loop, AIC
//	                                  7.1 W-Wing
//	7.5-8.1 Franken fish (only with   7.4 Sue de Coq
//	    logic.FrankenFish(), not in   7.5 aligned triple exclusion, ALS-XZ,
//	    the ladder)                       Nishio forcing chain
//	                                  8.0 ALS-XY-Wing, cell and region
//	                                      forcing chains
//	                                  8.4 ALS chain, ALS nice loop
//	                                  8.5 dynamic forcing chain
//	                                  8.8 death blossom
//	                                  9.0 dynamic forcing chain (+)
//	                                  9.5 nested forcing chain
//
// A direct variant is one whose removals leave a digit one place in a
// house, which SE places in the same step. A guess ([logic.GuessRule])
// rates 12.0, above any rating SE gives a 9x9 puzzle. The score is ER
// plus 0.01 for each further step rated ER, up to 0.09: 3.23 is a
// puzzle whose hardest steps were four X-Wings. So the first decimal says
// what the puzzle needs and the second how much of it.
// The levels are ranges of the score:
//
//	Simple     1.00-1.59  full houses and hidden singles
//	Easy       1.60-2.59  naked singles, direct pointing and claiming,
//	                      direct hidden pairs and triples
//	Medium     2.60-3.49  pointing, claiming, naked and hidden pairs,
//	                      X-Wing
//	Hard       3.50-4.49  triples, Swordfish, XY-Wing, XYZ-Wing
//	Expert     4.50-7.49  uniqueness rules, quads, Jellyfish, BUGs,
//	                      aligned pair exclusion, single-digit
//	                      patterns, W-Wing, chains and loops, Sue de Coq
//	Guessing   7.50 up    almost locked sets, aligned triple exclusion,
//	                      and trial and error: forcing chains, which
//	                      assume a candidate and follow it (12.0 when
//	                      even they run out and the grader guesses)
//
// Levels have text forms for JSON and flags ([ParseLevel]), which read
// QQWing's level names as well as these.
//
// Unique rectangles and BUG+1 are used only when the puzzle has exactly
// one solution, which the grader checks first. The board's digits are
// the givens: the avoidable rectangles tell them from the digits the walk
// finds. The grade is deterministic:
// the same puzzle always gets the same grade.
//
// # Agreement with Sudoku Explainer
//
// The test TestAgainstSE compares the grades with SE's on the 400
// puzzles rated by SE's batch rater in the shared puzzle library (a long
// test: it skips, saying why, unless CUBEDOKU_LONG is set, like the
// other tests on that library): the Spearman rank correlation of
// ER, the share within 0.3 of SE's ER, the error histogram and the
// puzzles that differ most. Run it from the project root with
//
//	CUBEDOKU_LONG=1 go test -count=1 ./grade -run TestAgainstSE -v
//
// (CUBEDOKU_SE_RATINGS may name a further file of SE ratings, as the
// shared SE rating script writes them).
//
// The figures it gives are in the project's docs/speed.md.
package grade

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Level is a named range of scores; see the package documentation.
type Level int

// The levels, from the easiest.
const (
	Simple   Level = iota // full houses and hidden singles
	Easy                  // naked singles, direct variants
	Medium                // locked candidates, pairs, X-Wing
	Hard                  // triples, Swordfish, XY- and XYZ-Wing
	Expert                // uniqueness, quads, Jellyfish, chains
	Guessing              // trial and error: forcing chains, or guesses
)

// levelNames are the levels' names, with the name QQWing gives the
// middle of its four levels; see [ParseLevel].
var levelNames = contract.NewNames[Level]("grade", "level",
	"simple", "easy", "medium", "hard", "expert", "guessing").
	Alias("intermediate", Medium)

// String returns the level's name in lower case, such as "medium", or
// "level(n)" for a number that is no level.
func (l Level) String() string { return levelNames.String(l) }

// MarshalText encodes the level as its name, for JSON and flags. A number
// that is no level is an error wrapping [sudoku.ErrInvalidArgument].
func (l Level) MarshalText() ([]byte, error) { return levelNames.Marshal(l) }

// UnmarshalText reads a level's name as [ParseLevel] does, for JSON and
// for command-line flags (flag.TextVar). An unknown name, or a nil l, is
// an error wrapping [sudoku.ErrInvalidArgument], and l is then unchanged.
func (l *Level) UnmarshalText(text []byte) error { return levelNames.Unmarshal(l, text) }

// ParseLevel returns the level of a name as String writes it ("simple",
// "easy", "medium", "hard", "expert", "guessing"), in any case and with
// spaces, hyphens and underscores ignored. An unknown name is an error
// wrapping [sudoku.ErrInvalidArgument].
//
// QQWing's four level names are read too. Its solver knows naked and
// hidden singles, locked candidates and naked and hidden pairs, and
// guesses where they run out, so its levels map onto ours as: "simple"
// and "easy" read as ours (which tell hidden from naked singles apart), "intermediate" (pairs and locked
// candidates) is [Medium], and its "expert" (any puzzle that needs more)
// spans our Hard, Expert and Guessing; the name reads as our [Expert].
func ParseLevel(name string) (Level, error) { return levelNames.Parse(name) }

// LevelOf returns the level of a score: the range of the package
// documentation it falls in (a score between two ranges belongs to the
// lower level). Scores below 1.6, NaN among them, are Simple; scores of
// 7.5 and more, +Inf among them, are Guessing.
func LevelOf(score float64) Level {
	switch {
	case score >= 7.5:
		return Guessing
	case score >= 4.5:
		return Expert
	case score >= 3.5:
		return Hard
	case score >= 2.6:
		return Medium
	case score >= 1.6:
		return Easy
	}
	return Simple
}

// Grade is the difficulty of one puzzle.
type Grade struct {
	// Level is the named range the score falls in.
	Level Level `json:"level"`
	// Score is ER plus 0.01 for each further step rated ER (at most 0.09);
	// see the package documentation.
	Score float64 `json:"score"`
	// ER, EP and ED are Sudoku Explainer's three ratings of the path of
	// always-easiest steps: ER the hardest step's rating, EP the hardest
	// up to the first step that places a digit, ED the first step's.
	// A guess rates as [logic.GuessRule]; all three are 0 on a board with
	// no open cell.
	ER float64 `json:"er"`
	EP float64 `json:"ep"`
	ED float64 `json:"ed"`
	// Hardest is the rule of the first step rated ER ([logic.GuessRule]
	// when that is a guess), and HardestUses how many steps (or guesses)
	// were rated ER (0, with Hardest the zero Technique, on a board with
	// no open cell). In JSON the rule is its name.
	Hardest     logic.Technique `json:"hardest"`
	HardestUses int             `json:"hardestUses"`
	// Steps counts the logical steps taken, Guesses the guesses.
	Steps   int `json:"steps"`
	Guesses int `json:"guesses"`
	// Uses counts the steps of each rule (not the guesses); in JSON its
	// keys are the rules' names.
	Uses map[logic.Technique]int `json:"uses"`
	// Unique reports whether the puzzle has exactly one solution (and so
	// whether the uniqueness rules were allowed). A puzzle with several is
	// graded along one of them.
	Unique bool `json:"unique"`
}

// Puzzle grades board b. It returns an error wrapping
// [search.ErrNoSolution] when b has no solution (also wrapping the
// [*sudoku.ConflictError] that names the cells when its digits already
// conflict, or [logic.ErrContradiction] when propagation from them
// empties a cell), the context's error when ctx ends first, and an error
// wrapping [sudoku.ErrInvalidArgument] for a nil context or board. b is
// not changed.
//
// Puzzle takes no options: the grade is a property of the puzzle, found
// on the calling goroutine with no randomness, so there is no worker
// count, seed or limit to set (bound the call with ctx).
func Puzzle(ctx context.Context, b *sudoku.Board) (Grade, error) {
	switch {
	case ctx == nil:
		return Grade{}, contract.Invalid("grade", "Puzzle: nil context")
	case b == nil:
		return Grade{}, contract.Invalid("grade", "Puzzle: nil board")
	}
	if err := ctx.Err(); err != nil {
		return Grade{}, err
	}
	// Givens that conflict, or that propagation proves contradictory,
	// have no solution: say why, as the search does.
	s, err := logic.NewState(b)
	if err != nil {
		return Grade{}, fmt.Errorf("grade: %w: %w", search.ErrNoSolution, err)
	}
	// Every digit of b is a given: the avoidable rectangles tell them
	// from the digits the walk finds.
	if err := s.SetPuzzle(b); err != nil {
		return Grade{}, err
	}
	if probe := s.Clone(); probe.Propagate() != nil {
		return Grade{}, fmt.Errorf("grade: %w: %w: %s", search.ErrNoSolution, logic.ErrContradiction, probe.Contradiction().DescribeIn(probe.Geometry(), probe.Notation()))
	}
	sol, err := search.Unique(ctx, b, search.WithWorkers(1))
	unique := err == nil
	switch {
	case errors.Is(err, search.ErrMultipleSolutions):
		// Graded all the same, with the rules that do not assume one
		// solution, guessing the digit of the solution found.
	case ctx.Err() != nil:
		return Grade{}, ctx.Err()
	case err != nil:
		return Grade{}, fmt.Errorf("grade: %w", err)
	}
	return walk(ctx, s, sol, unique)
}

// walk solves s step by step along SE's path, always the easiest step,
// the forcing chains included, guessing the digit of sol only when they
// too run out, and rates it.
func walk(ctx context.Context, s *logic.State, sol *sudoku.Board, unique bool) (Grade, error) {
	g := Grade{Unique: unique, Uses: map[logic.Technique]int{}}
	srcs := sources(append(logic.Ladder(unique), logic.ForcingChains()...))
	placed := false // a step has placed a digit: EP is known
	for s.Left() > 0 {
		if err := ctx.Err(); err != nil {
			return Grade{}, err
		}
		st, r, ok := easiest(s, srcs)
		if !ok {
			cell := fewest(s)
			if err := s.Assign(cell, sol.Get(cell)); err != nil {
				return Grade{}, fmt.Errorf("grade: guess in %s: %w", s.Geometry().CellName(cell), err)
			}
			g.Guesses++
			g.rate(logic.GuessRule, logic.GuessRule.Rating(), true, &placed)
			continue
		}
		if err := s.Apply(st); err != nil {
			return Grade{}, fmt.Errorf("grade: %w after %s", err, st.Rule)
		}
		g.Steps++
		g.Uses[st.Rule]++
		g.rate(st.Rule, r, len(st.Place) > 0, &placed)
	}
	g.Score = math.Round((g.ER+0.01*float64(min(9, max(0, g.HardestUses-1))))*100) / 100
	g.Level = LevelOf(g.Score)
	return g, nil
}

// rate takes one step of rule t rated r into the grade, as SE does: ER is
// the highest rating so far, ED the first step's, and EP the highest up
// to the first step that places a digit (which sets *placed).
func (g *Grade) rate(t logic.Technique, r float64, places bool, placed *bool) {
	if g.Steps+g.Guesses == 1 {
		g.ED = r
	}
	switch {
	case r > g.ER:
		g.ER, g.Hardest, g.HardestUses = r, t, 1
	case r == g.ER:
		g.HardestUses++
	}
	if !*placed && places {
		g.EP, *placed = g.ER, true
	}
}

// fewest returns the open cell with the fewest candidates (the first such
// in cell order): where a player would guess.
func fewest(s *logic.State) int {
	best, cell := 65, -1
	for c := range s.Geometry().NumCells() {
		if s.Value(c) != 0 {
			continue
		}
		if n := bits.OnesCount64(s.Candidates(c)); n < best {
			best, cell = n, c
		}
	}
	return cell
}
