package logic

import (
	"strconv"
	"strings"

	"github.com/cubedoku/cubedoku/sudoku"
)

// text is what a technique says to a player: how its technique stage
// points at the pattern ([StageTechnique]) and the sentence of its steps
// ([Step.Text]). Both are templates whose slots, a name in braces such as
// {cell}, the step fills in: look has only {area} (and {rule}, the rule's
// name with its article), so that it names no digit; step has the slots
// its finder fills. A new technique adds one entry to texts.
type text struct {
	look string
	step string
}

// Templates shared by the techniques of one family: {n} is "two",
// "three" or "four".
const (
	nakedStep  = "{rule}: in {house}, {cells} can only be {either}, so those {n} digits go in those {n} cells and nowhere else in {house}: {removals}."
	hiddenStep = "{rule}: in {house}, {digits} fit only in {cells}, so those {n} cells hold those {n} digits and nothing else: {removals}."
	fishStep   = "{rule} on {digit}: in {bases}, {digit} fits only in {covers}, so {covers} get their {digit} in {bases} and nowhere else: {removals}."
	linksStep  = "{rule} on {digit}: {digit} goes in {near1} or {far1} in {house1}, and in {near2} or {far2} in {house2}; {near1} and {near2} see each other, so they cannot both be {digit}, and {far1} or {far2} is {digit}: {removals}."
)

// texts holds the text of every technique, one entry each.
var texts = [numTechniques]text{
	NakedSingle: {
		look: "Look for a naked single at {area}: which digits can still go there?",
		step: "naked single: {cell} can only be {digit}, its last candidate, so {cell} = {digit}.",
	},
	HiddenSingle: {
		look: "Look for a hidden single in {area}: a digit with one place left there.",
		step: "hidden single: in {house}, {digit} fits only in {cell}, so {cell} = {digit}.",
	},
	LockedCandidates: {
		look: "Look for locked candidates in {area}: a digit whose places there all lie in one other house.",
		step: "locked candidates{kind}: in {from}, {digit} fits only in {cells}, all in {to}, so the {digit} of {to} is in one of them: {removals}.",
	},
	NakedPair: {
		look: "Look for a naked pair in {area}: two cells with the same two candidates.",
		step: nakedStep,
	},
	HiddenPair: {
		look: "Look for a hidden pair in {area}: two digits that fit only in the same two cells.",
		step: hiddenStep,
	},
	XWing: {
		look: "Look for an X-Wing in {area}: one digit whose places there lie in the same two crossing houses.",
		step: fishStep,
	},
	NakedTriple: {
		look: "Look for a naked triple in {area}: three cells whose candidates are three digits in all.",
		step: nakedStep,
	},
	HiddenTriple: {
		look: "Look for a hidden triple in {area}: three digits that fit only in the same three cells.",
		step: hiddenStep,
	},
	Swordfish: {
		look: "Look for a Swordfish in {area}: one digit whose places there lie in the same three crossing houses.",
		step: fishStep,
	},
	Skyscraper: {
		look: "Look for a skyscraper in {area}: one digit with two places in each, one place of each seeing the other.",
		step: linksStep,
	},
	TwoStringKite: {
		look: "Look for a 2-string kite in {area}: one digit with two places in each, one place of each seeing the other.",
		step: linksStep,
	},
	XYWing: {
		look: "Look for an XY-Wing with its pivot at {area}: a cell with two candidates that sees two others with two candidates each.",
		step: "XY-Wing: {pivot} can only be {pivot either}, and it sees {a} ({a either}) and {b} ({b either}), so whichever {pivot} is, {a} or {b} is {z}: {removals}.",
	},
	XYZWing: {
		look: "Look for an XYZ-Wing with its pivot at {area}: a cell with three candidates that sees two cells with two of them.",
		step: "XYZ-Wing: {pivot} can only be {pivot either}, and it sees {a} ({a either}) and {b} ({b either}), so whichever {pivot} is, one of the three is {z}: {removals}.",
	},
	WWing: {
		look: "Look for a W-Wing on {area}: two cells with the same two candidates.",
		step: "W-Wing: {a} and {b} can each only be {either}, and {x} in {house} goes in {c1} (seen by {a}) or {c2} (seen by {b}), so {a} or {b} is not {x} but {y}: {removals}.",
	},
	SimpleColouring: {
		look: "Look for simple colouring from {area}: follow one digit's chain of strong links, houses where it has two places.",
		step: "simple colouring on {digit}: the strong links on {digit} split {side1} from {side2}, and exactly one side holds {digit}; {reason}, so {removals}.",
	},
	NakedQuad: {
		look: "Look for a naked quad in {area}: four cells whose candidates are four digits in all.",
		step: nakedStep,
	},
	Jellyfish: {
		look: "Look for a Jellyfish in {area}: one digit whose places there lie in the same four crossing houses.",
		step: fishStep,
	},
	HiddenQuad: {
		look: "Look for a hidden quad in {area}: four digits that fit only in the same four cells.",
		step: hiddenStep,
	},
	UniqueRectangle: {
		look: "Look for a unique rectangle at {area}: one corner of four cells where two digits could swap places, giving a second solution.",
		step: "unique rectangle: {cells} would otherwise all be {either}, and the two digits could swap for a second solution, so {extra} cannot be {either}: {removals}.",
	},
	BUGPlusOne: {
		look: "Look for a BUG+1 at {area}: the one open cell with more than two candidates.",
		step: "BUG+1: every open cell but {cell} has two candidates, and without {digit} there every digit would have two places in each house, a pattern with no solution or two, so {cell} = {digit}.",
	},
	// Single-digit patterns.
	TurbotFish: {
		look: "Look for a turbot fish in {area}: one digit with two places in each, one place of each seeing the other.",
		step: linksStep,
	},
	EmptyRectangle: {
		look: "Look for an empty rectangle in {area}: one digit whose places there all lie in one row and one column.",
		step: "empty rectangle on {digit}: in {box}, {digit} goes in {inr} (in {r}) or in {inc} (in {c}), and in {link} it goes in {p} or {q}; if {q} is not {digit}, {p} is, which leaves {box} its {digit} only in {c}, so a cell of {c} outside {box} that sees {q} cannot be {digit} either way: {removals}.",
	},
	FinnedXWing: {
		look: "Look for a finned X-Wing in {area}: one digit whose places there lie in two crossing houses, but for a fin or two close together.",
		step: finnedText,
	},
	FinnedSwordfish: {
		look: "Look for a finned Swordfish in {area}: one digit whose places there lie in three crossing houses, but for a fin or two close together.",
		step: finnedText,
	},
	FinnedJellyfish: {
		look: "Look for a finned Jellyfish in {area}: one digit whose places there lie in four crossing houses, but for a fin or two close together.",
		step: finnedText,
	},
	MultiColouring: {
		look: "Look for multi-colouring from {area}: two chains of strong links on one digit, a cell of one seeing a cell of the other.",
		step: "multi-colouring on {digit}: the strong links on {digit} split {a1} from {a2}, and in another chain {b1} from {b2}, and in each chain exactly one side holds {digit}; {reason}, so {removals}.",
	},
	// Uniqueness types and aligned exclusion.
	UniqueRectangle2: {
		look: "Look for a unique rectangle at {area}: four cells where two digits could swap places, two of them with the same one extra candidate.",
		step: "unique rectangle type 2: were {c} and {d} not {z}, {cells} would all be {either}, and the two digits could swap for a second solution, so {c} or {d} is {z}: {removals}.",
	},
	UniqueRectangle3: {
		look: "Look for a unique rectangle at {area}: four cells where two digits could swap places, two of them in this house with two extra digits in all.",
		step: "unique rectangle type 3: {c} or {d} is {extra}, or {cells} would all be {either}, and the two digits could swap for a second solution; so with {p}, which can only be {extra}, they hold both digits in {house}: {removals}.",
	},
	UniqueRectangle4: {
		look: "Look for a unique rectangle at {area}: four cells where two digits could swap places, two of them the only places of one of the digits in this house.",
		step: "unique rectangle type 4: in {house}, {x} fits only in {c} and {d}, so one of them is {x}; were the other {y}, {cells} would all be {either}, and the two digits could swap for a second solution: {removals}.",
	},
	AlignedPairExclusion: {
		look: "Look for an aligned pair exclusion at {area}: two cells whose digits together must leave a candidate in every cell of two candidates they both see.",
		step: "aligned pair exclusion: {base} both see {excluders}, so they cannot take all the digits of one of those{repeat}; no pair of digits left for them has these: {removals}.",
	},
	AlignedTripleExclusion: {
		look: "Look for an aligned triple exclusion at {area}: three cells whose digits together must leave a candidate in every cell of two or three candidates they all see.",
		step: "aligned triple exclusion: {base} all see {excluders}, so they cannot take all the digits of one of those{repeat}; no three digits left for them have these: {removals}.",
	},
	BUG2: {
		look: "Look for a BUG type 2 at {area}: the open cells with more than two candidates share one extra digit.",
		step: "BUG type 2: every open cell but {cells} has two candidates, and without {digit} in those every digit would have two places in each house, a pattern with no solution or two, so one of them is {digit}: {removals}.",
	},
	BUG4: {
		look: "Look for a BUG type 4 in {area}: the two open cells with more than two candidates.",
		step: "BUG type 4: every open cell but {c1} and {c2} has two candidates, and without {e1} in {c1} and {e2} in {c2} every digit would have two places in each house, a pattern with no solution or two; so one of them holds its extra digit and the other {x}, which has no other place in {house}: {removals}.",
	},

	// Chains.
	RemotePair: {
		look: "Look for a remote pair from {area}: a chain of cells that each hold only the same two digits.",
		step: "remote pair: {cells} can each only be {either}, and each sees the next, so the two digits alternate along them: {chain}; so the ends {a} and {b} hold {digits} between them, and cells that see both hold neither: {removals}.",
	},
	XChain: {
		look: "Look for an X-chain from {area}: one digit's strong links (houses where it has two places) joined by cells that see each other.",
		step: "X-chain: {chain}; so {ends}: {removals}.",
	},
	XYChain: {
		look: "Look for an XY-chain from {area}: cells with two candidates, each seeing the next through a shared digit.",
		step: "XY-chain: {chain}; so {ends}: {removals}.",
	},
	ContinuousNiceLoop: {
		look: "Look for a continuous nice loop through {area}: a closed chain whose links alternate strong and weak all the way round.",
		step: "continuous nice loop: {chain}, so {start}, back where the loop began; it holds whichever way it starts, so each weak link in it has one true end: {removals}.",
	},
	AIC: {
		look: "Look for an alternating inference chain from {area}: strong and weak links in turn, through cells and houses.",
		step: "AIC: {chain}; so {ends}: {removals}.",
	},

	// Forcing chains.
	NishioForcingChain: {
		look: "Look for a Nishio forcing chain from {area}: place a candidate there and follow that digit until it has no place.",
		step: fcStep,
	},
	CellForcingChain: {
		look: "Look for a cell forcing chain from {area}: follow each of its candidates to a fact they all lead to.",
		step: fcStep,
	},
	RegionForcingChain: {
		look: "Look for a region forcing chain in {area}: follow each place of one digit to a fact they all lead to.",
		step: fcStep,
	},
	DynamicForcingChain: {
		look: "Look for a dynamic forcing chain from {area}: follow the candidates there with singles, to a contradiction or a fact they all lead to.",
		step: fcStep,
	},
	DynamicPlusForcingChain: {
		look: "Look for a dynamic forcing chain (+) from {area}: follow the candidates there with singles and the simple rules.",
		step: fcStep,
	},
	NestedForcingChain: {
		look: "Look for a nested forcing chain from {area}: follow the candidates there with singles, the simple rules and forcing chains inside.",
		step: fcStep,
	},

	// Almost locked sets.
	ALSXZ: {
		look: "Look for an ALS-XZ in {area}: two sets of cells, each with one candidate more than cells, sharing a digit whose places all see each other.",
		step: "ALS-XZ: {a} can only be {a either} and {b} only {b either}, each set with one digit more than cells; {link}: {removals}.",
	},
	ALSXYWing: {
		look: "Look for an ALS-XY-Wing in {area}: three sets of cells, each with one candidate more than cells, two of them joined to the third.",
		step: "ALS-XY-Wing: {a} ({a either}) and {b} ({b either}) each have one digit more than cells, and so has the pivot set {c} ({c either}); every {x} of the first sees every {x} of the pivot set, and every {y} of the second every {y} of the pivot set; the pivot set holds {x} or {y}, so the first has no {x} or the second no {y}, and that set holds all its other digits: {z} is in the first or the second, so {removals}.",
	},
	DeathBlossom: {
		look: "Look for a death blossom with its stem at {area}: for each candidate of the cell, a set of cells with one candidate more than cells whose places of that digit all see it.",
		step: "death blossom: {stem} can only be {either}; {petals}; whichever digit {stem} holds, the set of that digit cannot hold it and so holds all its other digits: {z} is in one of the sets, so {removals}.",
	},
	SueDeCoq: {
		look: "Look for a Sue de Coq where {area} cross: cells of the crossing with two candidates more than cells, and cells of each house that take the others.",
		step: "Sue de Coq: where {a} and {b} cross, {cells} can only be {either}; with {la} ({la either}) in {a} and {lb} ({lb either}) in {b}, which share no digit, these cells hold as many different digits as they are cells, each once, so the rest of {a} loses {a digits} and the rest of {b} loses {b digits}: {removals}.",
	},

	// Uniqueness beyond type 4.
	UniqueRectangle5: {
		look: "Look for a unique rectangle through {area}: four cells where two digits could swap places, these cells with the same one extra candidate.",
		step: "unique rectangle type 5: were {extra} not {z}, {cells} would all be {either}, and the two digits could swap for a second solution, so one of {extra} is {z}: {removals}.",
	},
	UniqueRectangle6: {
		look: "Look for a unique rectangle in {area}: four cells where two digits could swap places, two opposite corners with only those two, and one of the digits with no other place in these houses.",
		step: "unique rectangle type 6: {a} and {d} can only be {either}, and in {houses}, {x} fits only in the rectangle's cells; were {b} or {c} {x}, both would be, {a} and {d} would be {y}, and {cells} could swap the two digits for a second solution: {removals}.",
	},
	HiddenRectangle: {
		look: "Look for a hidden rectangle with a corner at {area}: four cells where two digits could swap places, the opposite corner with only those two, and one of the digits with no other place in two houses of this cell.",
		step: "hidden rectangle: {a} can only be {either}; in {h1}, {x} fits only in {d} and {b}, and in {h2} only in {d} and {c}; were {d} {y}, {b} and {c} would be {x}, {a} {y}, and {cells} could swap the two digits for a second solution: {removals}.",
	},
	AvoidableRectangle1: {
		look: "Look for an avoidable rectangle with a corner at {area}: four cells with no given, the other three solved, where two digits could swap places.",
		step: "avoidable rectangle type 1: {solved} hold {x} and {y}, and none is a given; were {d} {x}, {cells} could swap the two digits for a second solution: {removals}.",
	},
	AvoidableRectangle2: {
		look: "Look for an avoidable rectangle through {area}: four cells with no given, the other two solved, where two digits could swap places but for one extra candidate in these.",
		step: "avoidable rectangle type 2: {solved} hold {x} and {y}, and none of {cells} is a given; were {c} not {z} it would be {y}, were {d} not {z} it would be {x}, and the four could swap the two digits for a second solution, so {c} or {d} is {z}: {removals}.",
	},
	BUG3: {
		look: "Look for a BUG type 3 in {area}: the open cells with more than two candidates, whose extra digits make a naked set with other cells there.",
		step: "BUG type 3: every open cell but {cells} has two candidates, and without their extra digits every digit would have two places in each house, a pattern with no solution or two; so one of them is {extra}, and with {naked} they hold {set} in {house}, one digit each: {removals}.",
	},

	// Chains through almost locked sets.
	ALSChain: {
		look: "Look for an ALS chain from {area}: strong and weak links in turn, through sets of cells with one candidate more than cells.",
		step: "ALS chain: {chain}; so {ends}: {removals}.",
	},
	ALSNiceLoop: {
		look: "Look for an ALS nice loop through {area}: a closed chain of strong and weak links in turn, through sets of cells with one candidate more than cells.",
		step: "ALS nice loop: {chain}, so {start}, back where the loop began; it holds whichever way it starts, so each weak link in it has one true end, and each set in it lacks one of the two digits the loop links inside it and holds all its others: {removals}.",
	},

	// Franken fish.
	FrankenXWing: {
		look: "Look for a Franken X-Wing in {area}: one digit whose places there lie in two crossing houses, lines or boxes.",
		step: frankenText,
	},
	FrankenSwordfish: {
		look: "Look for a Franken Swordfish in {area}: one digit whose places there lie in three crossing houses, lines or boxes.",
		step: frankenText,
	},
	FrankenJellyfish: {
		look: "Look for a Franken Jellyfish in {area}: one digit whose places there lie in four crossing houses, lines or boxes.",
		step: frankenText,
	},
	FinnedFrankenXWing: {
		look: "Look for a finned Franken X-Wing in {area}: one digit whose places there lie in two crossing houses, lines or boxes, but for a fin or two close together.",
		step: finnedFrankenText,
	},
	FinnedFrankenSwordfish: {
		look: "Look for a finned Franken Swordfish in {area}: one digit whose places there lie in three crossing houses, lines or boxes, but for a fin or two close together.",
		step: finnedFrankenText,
	},
	FinnedFrankenJellyfish: {
		look: "Look for a finned Franken Jellyfish in {area}: one digit whose places there lie in four crossing houses, lines or boxes, but for a fin or two close together.",
		step: finnedFrankenText,
	},

	ContradictionRule: {
		look: "No rule applies: try the candidates of {area} until one leads to a contradiction.",
		step: "contradiction: if {cell} were {digit}, {by} would{placed} find that {why}, so {cell} cannot be {digit}: {removals}.",
	},
	GuessRule: {
		look: "No rule applies: try a digit in {area}.",
		step: "guess: no rule finds a step; {cell} has the fewest candidates ({either}), and the solution has {digit} there, so {cell} = {digit}.",
	},
	CustomRule: {
		look: "Look for {rule} in {area}.",
	},
}

// The parts of a forcing chain step, for the {branches} and
// {conclusion} slots of fcStep.
const (
	fcStep          = "{rule}: {branches}: {conclusion}."
	fcCell          = "{cell} is {either}"
	fcRegion        = "in {house}, {digit} goes in {cells}"
	fcIf            = "if {premise}, then {then}"
	fcContradiction = "if {premise}, then {a}, but also {b}"
	fcPlace         = "either way {cell} = {digit}"
	fcRemove        = "either way, {removals}"
	fcNot           = "{cell} cannot be {digit}, so {removals}"
	fcRuleNote      = " (by a simple rule)"
	fcChainNote     = " (by a forcing chain inside)"
)

// The reasons of a simple colouring step, for its {reason} slot.
const (
	colourWrap = "{a} and {b} are on one side and see each other, so that side is false"
	colourTrap = "{cell} sees {a} and {b}, one on each side{others}"
)

// The template of the finned fish, and the reasons of a multi-colouring
// step, for its {reason} slot.
const (
	finnedText   = "{rule}{sashimi} on {digit}: in {bases}, {digit} fits only in {covers} but for the {fin} {fins} in {finhouse}; with no fin {digit}, {covers} would get their {digit} in {bases}, as in {fish}, and with a fin {digit}, the cells seeing every fin would not be {digit}; either way, the cells of {covers} outside {bases} that see every fin are not {digit}: {removals}."
	multiWrap    = "{a} sees {b} and {c} sees {d}, one on each side of the other chain, so the side of {a} would leave that chain no true side and is false"
	multiWrapOne = "{a} sees {b} and {d}, one on each side of the other chain, so the side of {a} would leave that chain no true side and is false"
	multiTrap    = "{a} and {b} see each other, so their sides are not both true and one of the two other sides is; {cell} sees {pa} and {pb}, one on each of those{others}"
)

// The templates of the Franken fish: the bases, and the covers, share no
// cell, so each base holds the digit once and the covers hold it as many
// times as there are bases.
const (
	frankenText       = "{rule} on {digit}: {bases} share no cell, and there {digit} fits only in {covers}, which share none either; each of {bases} has its {digit} in one of {covers}, so those {n} houses get their {digit} there and nowhere else: {removals}."
	finnedFrankenText = "{rule} on {digit}: {bases} share no cell, and there {digit} fits only in {covers}, which share none either, but for the {fin} {fins} in {finhouse}; with no fin {digit}, {covers} would get their {digit} in {bases}, as in {fish}, and with a fin {digit}, the cells seeing every fin would not be {digit}; either way, the cells of {covers} outside {bases} that see every fin are not {digit}: {removals}."
)

// The links of an ALS-XZ step, for its {link} slot.
const (
	alsSingly = "every {x} of one sees every {x} of the other, so one set has no {x} and holds all its other digits, and {z} is in one set or the other"
	alsDoubly = "every {x} of one sees every {x} of the other, for both digits, so each set holds one of them and all its other digits, and each of {x} is in one set or the other"
)

// alsChainLink is a strong link inside an almost locked set, for the
// chains of [ALSChain]: {node} says the next node true.
const alsChainLink = "{set} ({either}) are left with {rest}, as many digits as cells, so {node}"

// blossomPetal is a petal of a death blossom step, for its {petals} slot.
const blossomPetal = "every {digit} of {petal} ({either}) sees it"

// areaLook is the text of [StageArea].
const areaLook = "Look at {area}."

// fill returns tmpl with each slot {key} replaced by the value that
// follows key in slots, a list of key and value pairs. A slot without a
// value stays as it is, braces and all, for the tests to catch.
func fill(tmpl string, slots ...string) string {
	var sb strings.Builder
	for {
		i := strings.IndexByte(tmpl, '{')
		j := strings.IndexByte(tmpl[max(i, 0):], '}') + max(i, 0)
		if i < 0 || j < i {
			break
		}
		sb.WriteString(tmpl[:i])
		v, ok := slot(slots, tmpl[i+1:j])
		if !ok {
			v = tmpl[i : j+1]
		}
		sb.WriteString(v)
		tmpl = tmpl[j+1:]
	}
	sb.WriteString(tmpl)
	return sb.String()
}

// slot returns the value of key in slots, a list of key and value pairs.
func slot(slots []string, key string) (string, bool) {
	for i := 0; i+1 < len(slots); i += 2 {
		if slots[i] == key {
			return slots[i+1], true
		}
	}
	return "", false
}

// stepText fills the step template of technique t. The slot {rule} is
// the technique's name.
func stepText(t Technique, slots ...string) string {
	return fill(texts[t].step, append(slots, "rule", t.Name())...)
}

// withArticle returns a rule name with "a" or "an" before it: "an
// X-Wing", "a naked pair". It reads "an" before a vowel sound ("an
// XY-Wing", spoken "ex").
func withArticle(name string) string {
	if name == "" {
		return "a rule"
	}
	switch name[0] {
	case 'a', 'e', 'i', 'o', 'A', 'E', 'I', 'O', 'X':
		return "an " + name
	}
	return "a " + name
}

// words writes the parts of step texts: cells and houses by the names of
// a geometry, digits as a notation writes them (see
// [sudoku.Notation.DigitText]).
type words struct {
	g *sudoku.Geometry
	n sudoku.Notation
}

// words returns the words of s: its geometry's names and its board's
// notation.
func (s *State) words() words { return words{s.g, s.notation} }

// digit writes digit d as the board does; a number out of the board's
// range, which only a faulty rule's step holds, is written in decimal.
func (w words) digit(d int) string {
	if t := w.n.DigitText(w.g, d); t != "" {
		return t
	}
	return strconv.Itoa(d)
}

// digitNames writes the digits of mask in increasing order.
func (w words) digitNames(mask uint64) []string {
	ds := digitList(mask)
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = w.digit(d)
	}
	return out
}

// digits says the digits of mask: "3", "3 and 8", "1, 4 and 7".
func (w words) digits(mask uint64) string { return joinWords(w.digitNames(mask), "and") }

// either says the digits of mask as alternatives: "3 or 5", "1, 2 or 3".
func (w words) either(mask uint64) string { return joinWords(w.digitNames(mask), "or") }

// cell names cell c: "r1c2".
func (w words) cell(c int) string { return w.g.CellName(c) }

// cells names cells: "r1c2, r1c3 and r1c5".
func (w words) cells(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = w.g.CellName(c)
	}
	return joinWords(names, "and")
}

// unit names unit u: "row 2".
func (w words) unit(u int) string { return w.g.UnitName(u) }

// units names units: "row 2 and row 7".
func (w words) units(units []int) string {
	names := make([]string, len(units))
	for i, u := range units {
		names[i] = w.g.UnitName(u)
	}
	return joinWords(names, "and")
}

// removals says what a step removes, grouping cells that lose the same
// digits: "remove 3 from r1c7 and r1c9, 3 and 8 from r1c4".
func (w words) removals(rs []Removal) string {
	type group struct {
		mask  uint64
		cells []int
	}
	var groups []group
next:
	for _, r := range rs {
		m := maskOf(r.Digits)
		for i := range groups {
			if groups[i].mask == m {
				groups[i].cells = append(groups[i].cells, r.Cell)
				continue next
			}
		}
		groups = append(groups, group{m, []int{r.Cell}})
	}
	parts := make([]string, len(groups))
	for i, gr := range groups {
		parts[i] = w.digits(gr.mask) + " from " + w.cells(gr.cells)
	}
	return "remove " + strings.Join(parts, ", ")
}

// joinWords joins words as English does, with conj ("and", "or") before
// the last: "a", "a and b", "a, b and c".
func joinWords(words []string, conj string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " " + conj + " " + words[len(words)-1]
}
