// Package grade rates how hard a puzzle is for a person: it solves the
// puzzle the way a player would, always taking the easiest step the rules
// of package logic can find, and rates it by the hardest rule it needed
// and how often it needed it. A puzzle the rules cannot finish is solved
// on with guesses (the search of package search supplies the right digit)
// and graded as needing them.
//
// # The scale
//
// Each rule has a rating ([logic.Technique.Rating]):
//
//	1.0 naked single        3.2 X-Wing              4.4 XYZ-Wing
//	1.2 hidden single       3.4 naked triple        4.5 W-Wing
//	2.2 locked candidates   3.6 hidden triple       4.6 unique rectangle
//	2.6 naked pair          3.8 Swordfish           4.7 simple colouring
//	2.8 hidden pair         4.0 skyscraper          5.0 naked quad
//	                        4.1 2-string kite       5.2 Jellyfish
//	                        4.2 XY-Wing             5.4 hidden quad
//	                                                5.6 BUG+1
//	6.6 remote pair, X-chain, XY-chain   7.0 continuous nice loop, AIC
//
// and a guess ([logic.GuessRule]) rates 9.0. The score is the rating of
// the hardest rule used, plus 0.01 for each further time that rule (or
// guess) was needed, up to 0.09: 3.23 is a puzzle whose hardest steps
// were four X-Wings. So the first decimal says what the puzzle needs and
// the second how much of it.
// The levels are ranges of the score:
//
//	Simple    1.00-1.09  naked singles only
//	Easy      1.20-1.29  hidden singles too
//	Medium    2.20-2.89  locked candidates, naked and hidden pairs
//	Hard      3.20-3.89  X-Wing, naked and hidden triples, Swordfish
//	Expert    4.00-7.09  single-digit chains, wings, colouring, quads,
//	                     Jellyfish, uniqueness rules, chains
//	Guessing  9.00-9.09  the rules run out: it needs trial and error
//
// Levels have text forms for JSON and flags ([ParseLevel]), which read
// QQWing's level names as well as these.
//
// Unique rectangles and BUG+1 are used only when the puzzle has exactly
// one solution, which the grader checks first. The grade is deterministic:
// the same puzzle always gets the same grade.
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
	Simple   Level = iota // naked singles only
	Easy                  // hidden singles
	Medium                // locked candidates, pairs
	Hard                  // X-Wing, triples, Swordfish
	Expert                // chains, wings, colouring, quads, uniqueness
	Guessing              // needs trial and error
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
// and "easy" are the same as ours, "intermediate" (pairs and locked
// candidates) is [Medium], and its "expert" (any puzzle that needs more)
// spans our Hard, Expert and Guessing; the name reads as our [Expert].
func ParseLevel(name string) (Level, error) { return levelNames.Parse(name) }

// LevelOf returns the level of a score: the range of the package
// documentation it falls in (a score between two ranges belongs to the
// lower level). Scores below 1.2, NaN among them, are Simple; scores of
// 9.0 and more, +Inf among them, are Guessing.
func LevelOf(score float64) Level {
	switch {
	case score >= 9.0:
		return Guessing
	case score >= 4.0:
		return Expert
	case score >= 3.2:
		return Hard
	case score >= 2.2:
		return Medium
	case score >= 1.2:
		return Easy
	}
	return Simple
}

// Grade is the difficulty of one puzzle.
type Grade struct {
	// Level is the named range the score falls in.
	Level Level `json:"level"`
	// Score is the rating of the hardest rule plus 0.01 for each further
	// use of it (at most 0.09); see the package documentation.
	Score float64 `json:"score"`
	// Hardest is the hardest rule used ([logic.GuessRule] when guesses
	// were needed), and HardestUses how many times it was used (0, with
	// Hardest the zero Technique, on a board with no open cell). In JSON
	// the rule is its name.
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

// walk solves s step by step, easiest rule first, guessing the digit of
// sol when the rules run out.
func walk(ctx context.Context, s *logic.State, sol *sudoku.Board, unique bool) (Grade, error) {
	g := Grade{Unique: unique, Uses: map[logic.Technique]int{}}
	rules := logic.Ladder(unique)
	hardest := 0.0
	for s.Left() > 0 {
		if err := ctx.Err(); err != nil {
			return Grade{}, err
		}
		st, _, err := rules.Next(s)
		switch {
		case errors.Is(err, logic.ErrNoStep):
			cell := fewest(s)
			if err := s.Assign(cell, sol.Get(cell)); err != nil {
				return Grade{}, fmt.Errorf("grade: guess in %s: %w", s.Geometry().CellName(cell), err)
			}
			g.Guesses++
			continue
		case err != nil:
			return Grade{}, fmt.Errorf("grade: %w", err)
		}
		if err := s.Apply(st); err != nil {
			return Grade{}, fmt.Errorf("grade: %w after %s", err, st.Text)
		}
		g.Steps++
		g.Uses[st.Rule]++
		if r := st.Rule.Rating(); r > hardest {
			hardest, g.Hardest = r, st.Rule
		}
	}
	g.HardestUses = g.Uses[g.Hardest]
	if g.Guesses > 0 {
		hardest, g.Hardest, g.HardestUses = logic.GuessRule.Rating(), logic.GuessRule, g.Guesses
	}
	g.Score = math.Round((hardest+0.01*float64(min(9, max(0, g.HardestUses-1))))*100) / 100
	g.Level = LevelOf(g.Score)
	return g, nil
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
