package logic

import (
	"math/bits"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Step is one deduction, as data an app can highlight and as a sentence a
// player can read. Cells are cell indices and Houses unit indices of the
// geometry the step was found on; digits run 1..N. A Step encodes to JSON
// with the field names shown.
type Step struct {
	// Rule is the rule that found the step: a built-in rule such as
	// [NakedPair] or [CellForcingChain], the guess of [Hint] ([GuessRule]), or
	// [CustomRule] for a rule of the caller's own. It reads as its name in
	// JSON ("naked pair").
	Rule Technique `json:"rule"`
	// Custom is the name ([Rule.Name]) of the caller's own rule that found
	// a step whose Rule is CustomRule, and empty for the others.
	Custom string `json:"custom,omitempty"`
	// Area names where to look first: a house ("box 5") or a cell
	// ("r3c5"). It is the first of the hint stages (see [Step.Stage]).
	Area string `json:"area"`
	// Houses are the units the deduction rests on.
	Houses []int `json:"houses,omitempty"`
	// Cells are the cells the deduction rests on (the pattern, not the
	// cells it changes).
	Cells []int `json:"cells,omitempty"`
	// Digits are the digits the pattern is made of.
	Digits []int `json:"digits,omitempty"`
	// Place lists the digits the step places.
	Place []Placement `json:"place,omitempty"`
	// Remove lists the candidates the step removes.
	Remove []Removal `json:"remove,omitempty"`
	// Chains are the chains of implications a chain step rests on, each
	// its links in order: one for a chain or a loop, one a branch for a
	// forcing chain. An app draws them from here; Text tells them.
	Chains [][]Link `json:"chains,omitempty"`
	// Inner are, for a [NestedForcingChain], the chains of the forcing
	// chains inside its branches that its Chains rest on (the facts told
	// "by a forcing chain inside"), two for each: the branch of the inner
	// premise to a fact and to its opposite. They are found on a branch's
	// candidates, not the board's, so an app shows them apart from Chains.
	Inner [][]Link `json:"inner,omitempty"`
	// Text explains the step in one sentence with cell and house names,
	// such as "hidden single: in box 2, 7 fits only in r3c5, so r3c5 = 7."
	// It writes digits as the board the step was found on writes them
	// ([State.Notation], [sudoku.Notation.DigitText]): "G", not 16, on a
	// 16x16 board in Base36. The fields above keep the numbers.
	Text string `json:"text"`
}

// Placement is a digit a step puts in a cell.
type Placement struct {
	Cell  int `json:"cell"`
	Digit int `json:"digit"`
}

// Node is a node of a chain: Digit in Cells. It is one candidate when
// Cells has one cell, and a group when it has several (the cells of a
// house that hold Digit, true when Digit is in one of them).
type Node struct {
	Cells []int `json:"cells"`
	Digit int   `json:"digit"`
}

// Link joins two nodes of a chain. A strong link says that From and To
// are not both false (if From is false, To is true); a weak one that they
// are not both true (if From is true, To is false).
type Link struct {
	From   Node `json:"from"`
	To     Node `json:"to"`
	Strong bool `json:"strong"`
}

// Removal is a set of candidates a step removes from a cell.
type Removal struct {
	Cell   int   `json:"cell"`
	Digits []int `json:"digits"`
}

// String returns the step's explanation, [Step.Text].
func (st Step) String() string { return st.Text }

// RuleName returns the name of the rule that found the step as a player
// reads it: the technique's name ("naked pair"), or for a [CustomRule] step
// the rule's own.
func (st Step) RuleName() string {
	if st.Rule == CustomRule {
		return st.Custom
	}
	return st.Rule.Name()
}

// Stage is how much of a step a hint shows, for [Step.Stage]: the stages
// run from the gentlest, where to look, to the whole step. Stages have
// text forms ("area", "technique", "step") for JSON and flags.
type Stage uint8

// The stages of a hint, from the gentlest to the whole step.
const (
	StageArea      Stage = iota // where to look: "Look at box 5."
	StageTechnique              // where and which rule: "Look for a naked pair in box 5: two cells with the same two candidates."
	StageStep                   // the whole step: [Step.Text]
)

// stageNames are the stages' names.
var stageNames = contract.NewNames[Stage]("logic", "stage", "area", "technique", "step")

// String returns the stage's name, such as "area", or "stage(n)" for a
// value that is no stage.
func (s Stage) String() string { return stageNames.String(s) }

// MarshalText encodes the stage as its name. A value that is no stage is
// an error wrapping [sudoku.ErrInvalidArgument].
func (s Stage) MarshalText() ([]byte, error) { return stageNames.Marshal(s) }

// UnmarshalText sets s to the stage named by text, as [ParseStage] reads
// it. An unknown name, or a nil s, is an error wrapping
// sudoku.ErrInvalidArgument, and s is then unchanged.
func (s *Stage) UnmarshalText(text []byte) error { return stageNames.Unmarshal(s, text) }

// ParseStage returns the stage named name ("area", "technique", "step"),
// in any case; any other name is an error wrapping
// [sudoku.ErrInvalidArgument].
func ParseStage(name string) (Stage, error) { return stageNames.Parse(name) }

// Stage returns the hint of a stage: [StageArea] says where to look,
// [StageTechnique] adds which rule to use there (or, for a last-resort
// step, what to try there), [StageStep] (and any later value) gives the
// whole explanation. The first two name no digit, so they give the
// answer away no more than they say.
func (st Step) Stage(stage Stage) string {
	switch stage {
	case StageArea:
		return fill(areaLook, "area", st.Area)
	case StageTechnique:
		look := texts[CustomRule].look
		if st.Rule < CustomRule {
			look = texts[st.Rule].look
		}
		return fill(look, "area", st.Area, "rule", withArticle(st.RuleName()))
	}
	return st.Text
}

// digitList returns the digits of mask in increasing order.
func digitList(mask uint64) []int {
	out := make([]int, 0, bits.OnesCount64(mask))
	for ; mask != 0; mask &= mask - 1 {
		out = append(out, bits.TrailingZeros64(mask)+1)
	}
	return out
}

// maskOf returns the candidate mask of digits.
func maskOf(digits []int) uint64 {
	var m uint64
	for _, d := range digits {
		m |= Bit(d)
	}
	return m
}

// removals collects, for the given cells, the candidates of mask that each
// still holds; cells holding none are left out.
func (s *State) removals(cells []int, mask uint64, skip func(int) bool) []Removal {
	var out []Removal
	for _, c := range cells {
		if s.value[c] != 0 || (skip != nil && skip(c)) {
			continue
		}
		if m := s.cand[c] & mask; m != 0 {
			out = append(out, Removal{Cell: c, Digits: digitList(m)})
		}
	}
	return out
}

// Apply makes the changes of step st: its placements (with
// [State.Assign]) and its removals (with [State.Eliminate]). Like those,
// it queues the singles it makes without placing them. It returns
// ErrContradiction when a change breaks the state, and an error wrapping
// sudoku.ErrInvalidArgument for a cell or digit out of range, or a zero or
// nil State.
func (s *State) Apply(st Step) error {
	if s == nil || s.g == nil {
		return contract.Invalid("logic", "Apply: a step to a zero or nil State: %w", sudoku.ErrGeometry)
	}
	for _, p := range st.Place {
		if err := s.Assign(p.Cell, p.Digit); err != nil {
			return err
		}
	}
	for _, r := range st.Remove {
		if err := s.Eliminate(r.Cell, maskOf(r.Digits)); err != nil {
			return err
		}
	}
	return nil
}
