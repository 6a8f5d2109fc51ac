package logic

import (
	"context"
	"errors"
	"fmt"
	"iter"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/sudoku"
)

// Rule finds deductions in a candidate state. Find returns the first
// step the rule sees in s (in a fixed order, so the same state gives the
// same step), or false when it sees none; it must not change s, and a step
// it reports must change s when applied (place digits 1..N in open cells,
// remove candidates 1..N some cell still has). Wherever rules are asked
// for steps ([Rules.Next], [Rules.Steps], [Rules.Reduce], [Deduce],
// [Hint]), a step that does not (a cell or digit out of range, a digit
// placed in a cell that holds one, or nothing changed) is an error
// wrapping [sudoku.ErrInvalidArgument] that names the rule, never a loop
// or a hint built on it.
//
// The built-in rules are the [Technique] constants; any other type with
// these two methods can join them in [Rules]. Name names the rule: the
// steps it finds are marked there as [CustomRule] steps with that name (see
// [Step.Rule]), whatever Find put in their Rule and Custom fields. Its
// step texts should write digits as the built-in rules do, with
// s.Notation().DigitText(s.Geometry(), d).
type Rule interface {
	Name() string
	Find(s *State) (Step, bool)
}

// Technique names the rule of a step ([Step.Rule]): one of the built-in
// rules, the constants before ContradictionRule, which find steps
// themselves (the forcing chains among them are the last resorts of
// [Hint]); [GuessRule], the
// last rung of Hint; [ContradictionRule], which no step has any more; or
// [CustomRule], a rule of the caller's own. Techniques have text forms
// ([ParseTechnique]) for JSON and flags.
//
// Every built-in rule works on any geometry through its houses (units of
// N cells): boards of every size, variants with extra regions, cubes.
// Rules on two families of houses (the fish) use every family of pairwise
// disjoint houses of one kind other than boxes, such as the rows and the
// columns of a board.
type Technique uint8

// The built-in techniques, roughly from the easiest for a player to the
// hardest, the uniqueness types and exclusions, then the chains
// ([Ladder] orders them all by rating).
// Each one's [Technique.Rating] is its difficulty on the scale of package
// grade.
const (
	// NakedSingle places the only candidate left in a cell.
	NakedSingle Technique = iota
	// HiddenSingle places a digit that fits in only one cell of a house.
	HiddenSingle
	// LockedCandidates: when a digit's places in one house all lie in a
	// second house, the digit leaves the rest of the second house
	// (pointing when the first house is a box, claiming when the second
	// is). Any two houses sharing two or more cells take part.
	LockedCandidates
	// NakedPair: two cells of a house holding only the same two digits
	// take those digits from the rest of the house.
	NakedPair
	// HiddenPair: two digits that fit only in the same two cells of a
	// house leave those cells no other candidate.
	HiddenPair
	// XWing: a digit confined to the same two cover houses in two
	// disjoint base houses leaves the rest of the cover houses.
	XWing
	// NakedTriple is [NakedPair] for three cells and three digits, in all
	// its shapes (each cell may hold two or three of the digits).
	NakedTriple
	// HiddenTriple is [HiddenPair] for three digits and three cells.
	HiddenTriple
	// Swordfish is [XWing] with three base and three cover houses.
	Swordfish
	// Skyscraper: two strong links on a digit in houses of the same kind
	// whose ends meet: one of the far ends holds the digit.
	Skyscraper
	// TwoStringKite: two strong links on a digit in houses of different
	// kinds, joined through a third house: one far end holds the digit.
	TwoStringKite
	// XYWing: a two-candidate pivot {x,y} seeing cells {x,z} and {y,z}
	// removes z from every cell that sees both of them.
	XYWing
	// XYZWing: a pivot {x,y,z} seeing cells {x,z} and {y,z} removes z
	// from every cell that sees all three.
	XYZWing
	// WWing: two cells holding only {x,y}, joined by a strong link on x,
	// remove y from every cell that sees both.
	WWing
	// SimpleColouring: a digit's chains of strong links coloured in two;
	// a colour seen twice in a house is false, and a cell seeing both
	// colours loses the digit.
	SimpleColouring
	// NakedQuad is [NakedPair] for four cells and four digits.
	NakedQuad
	// Jellyfish is [XWing] with four base and four cover houses.
	Jellyfish
	// HiddenQuad is [HiddenPair] for four digits and four cells.
	HiddenQuad
	// UniqueRectangle (type 1) assumes the puzzle has one solution: four
	// cells in a rectangle that would hold only {x,y} (two solutions), so
	// the one cell with more candidates loses x and y.
	UniqueRectangle
	// BUGPlusOne assumes the puzzle has one solution: when every open cell
	// but one holds two candidates, each twice in every house, the extra
	// cell takes the digit that breaks that pattern.
	BUGPlusOne

	// Single-digit patterns: turbot fish, empty rectangle, finned and
	// sashimi fish, multi-colours. Sudoku Explainer 1.2.1 has none of
	// them (nor skyscraper and 2-string kite): it makes their
	// eliminations with X-chains, so they are rated as those (6.6 and
	// up), in the order HoDoKu scores them, each above the simpler
	// patterns it contains.

	// TurbotFish: two strong links on a digit, at least one of them in a
	// box, with one end of each seeing the other: one far end holds the
	// digit, so cells seeing both far ends lose it. The shapes without a
	// box are [Skyscraper] (two houses of one kind) and [TwoStringKite]
	// (two kinds); a box with two places joined to a row or column is the
	// empty rectangle of two cells, found here.
	TurbotFish
	// EmptyRectangle: a box whose three or more places for a digit all lie
	// in two crossing houses R and C (a row and a column on a classic
	// board), some in each outside the other, and a strong link p = q on
	// the digit in a third house (no box), p in R outside the box: if q is
	// false, p is true, R's part of the box is false and the box's digit is
	// in C, so a cell of C outside the box that sees q loses the digit.
	// Boards without boxes have none.
	EmptyRectangle
	// FinnedXWing is an [XWing] with fins: extra places of the digit in
	// the base houses, all in one house. If no fin holds the digit the
	// X-Wing stands, and if one does the cells seeing every fin lose it,
	// so a cover cell seeing every fin loses the digit. It is sashimi when
	// a base house has only one place in the covers. Any two families of
	// disjoint houses serve as bases and covers, as for XWing.
	FinnedXWing
	// FinnedSwordfish is [FinnedXWing] with three base and three cover
	// houses.
	FinnedSwordfish
	// FinnedJellyfish is [FinnedXWing] with four base and four cover
	// houses.
	FinnedJellyfish
	// MultiColouring: two clusters of strong links on a digit, each
	// coloured in two as in [SimpleColouring], joined by a cell of one
	// seeing a cell of the other. Those two colours cannot both be true,
	// so one of the two opposite colours is, and a cell seeing both of
	// those loses the digit (trap); a colour with cells seeing both
	// colours of the other cluster is false (wrap).
	MultiColouring
	// Uniqueness types and aligned exclusion.

	// UniqueRectangle2 (unique rectangle type 2) assumes the puzzle has
	// one solution: a rectangle as in [UniqueRectangle] whose two cells
	// beyond a pair of {x,y} cells both hold x, y and the same extra digit
	// z; one of them is z, so z leaves every cell that sees both. The
	// rectangle is any four cells that two digits could fill crosswise in
	// every unit (two rows, two columns and two boxes on a classic
	// board).
	UniqueRectangle2
	// UniqueRectangle3 (unique rectangle type 3, with a naked pair)
	// assumes the puzzle has one solution: a rectangle as in
	// [UniqueRectangle2] whose two cells beyond the {x,y} pair hold two
	// extra digits in all; one of them holds one, so with a cell of their
	// house holding only those two they make a naked pair there. Triples
	// and quads of this kind are not sought.
	UniqueRectangle3
	// UniqueRectangle4 (unique rectangle type 4) assumes the puzzle has
	// one solution: a rectangle as in [UniqueRectangle2] whose two cells
	// beyond the {x,y} pair share a house where x has no other place; one
	// of them is x, so neither can be y, and y leaves both.
	UniqueRectangle4
	// AlignedPairExclusion: two cells with two or more candidates that
	// see the same cells of two candidates cannot take both digits of one
	// of those (it would be left empty), nor one digit twice when they see
	// each other; a candidate in no pair of digits left goes. It needs no
	// row, column or box: only which cells see which.
	AlignedPairExclusion
	// AlignedTripleExclusion is [AlignedPairExclusion] for three cells,
	// against the cells of two or three candidates that all three see.
	AlignedTripleExclusion
	// BUG2 (BUG type 2) assumes the puzzle has one solution: as
	// [BUGPlusOne], but with two or more cells of three candidates that
	// share the extra digit z; one of them is z, so z leaves every cell
	// that sees them all.
	BUG2
	// BUG4 (BUG type 4) assumes the puzzle has one solution: as
	// [BUGPlusOne], but with two cells of three candidates in one house,
	// both holding a digit x besides their extra digits; one of them takes
	// its extra digit and the other x, so their third candidates go.
	BUG4
	// Chains: alternating strong and weak links between candidates (and
	// groups of them), searched shortest first. [Step.Chains] holds the
	// links in order, and [Step.ChainLength] their number, on which Sudoku
	// Explainer's rating of a chain grows.

	// RemotePair: four or more cells holding only the same two digits,
	// each seeing the next: the digits alternate along them, so the two
	// ends, an even number of cells apart, hold one each, and a cell
	// seeing both holds neither.
	RemotePair
	// XChain: a chain on one digit alternating strong links (the digit's
	// two places in a house) and weak ones (cells that see each other):
	// one of its two ends holds the digit, so a cell seeing both does not.
	XChain
	// XYChain: a chain of cells with two candidates each, each seeing the
	// next through a shared digit: the first cell's other digit or the
	// last one's is true, so when both are x, a cell seeing both ends
	// loses x.
	XYChain
	// ContinuousNiceLoop: a closed chain whose links alternate strong and
	// weak all round, groups of cells in two houses as nodes too: each of
	// its weak links then has exactly one true end, so whatever sees both
	// ends of one goes.
	ContinuousNiceLoop
	// AIC (alternating inference chain, a discontinuous nice loop): a
	// chain of candidates and groups (a digit's places in the cells two
	// houses share), starting and ending with a strong link, whose links
	// alternate: one of its two ends is true, so a candidate weakly linked
	// to both (the same digit seeing both, or the other digit of two cells
	// that see each other) is false.
	AIC
	// Almost locked sets: k open cells of one house whose candidates are
	// k+1 digits in all (a cell with two candidates is one), joined
	// through the digits they share. See als.go.

	// ALSXZ: two almost locked sets A and B with a restricted common
	// digit x (every x of A sees every x of B, so not both hold x). Singly
	// linked, a digit z of both is in one of them, and cells seeing every
	// z of both lose it. Doubly linked (two such digits), each set is
	// locked on its other digits, and each of the two digits is in A or B.
	ALSXZ
	// ALSXYWing: almost locked sets A and B each joined to a third, C, by
	// a restricted common digit, x for A and y for B: C holds x or y, so
	// A or B is locked on its other digits, and a digit z of both A and B
	// leaves the cells that see every z of A and B.
	ALSXYWing
	// DeathBlossom: a stem cell and, for each of its candidates d, an
	// almost locked set (a petal) whose every d sees the stem. The petal
	// of the stem's digit is locked on its other digits, so a digit z of
	// every petal leaves the cells that see every z of the petals.
	DeathBlossom
	// SueDeCoq: where two houses cross (a line and a box), open cells of
	// the crossing with at least two digits more than cells, and cells of
	// each house outside it whose candidates share no digit, hold as many
	// digits as they are cells: each house loses, outside the pattern,
	// the digits the other house's cells cannot take.
	SueDeCoq

	// Forcing chains: the last resorts of [Hint] before a guess. Each
	// follows the consequences of candidates placed in turn; ratings are
	// Sudoku Explainer's base ratings of its families (chain length adds
	// nothing here). They are not in [Ladder]: see [ForcingChains].

	// NishioForcingChain: a digit placed in a cell is followed on that
	// digit alone (it leaves the cell's peers; a house left with one
	// place for it takes it there) until the digit is both true and false
	// somewhere: the cell cannot hold it.
	NishioForcingChain
	// CellForcingChain: each candidate of a cell, placed in turn, leads by
	// single implications (a cell with two candidates, a house with two
	// places for a digit) to the same fact, which is therefore true.
	CellForcingChain
	// RegionForcingChain is [CellForcingChain] from the places of a digit
	// in a house.
	RegionForcingChain
	// DynamicForcingChain: cell, region and contradiction forcing chains
	// whose implications are naked and hidden singles on the candidates
	// each branch has left (a fact may rest on several earlier ones).
	DynamicForcingChain
	// DynamicPlusForcingChain is [DynamicForcingChain] whose branches
	// also use locked candidates, naked and hidden pairs and X-Wing when
	// singles stop (the rules Sudoku Explainer's own uses).
	DynamicPlusForcingChain
	// NestedForcingChain is [DynamicPlusForcingChain] whose branches, when
	// those rules stop, remove the candidates whose own forcing chains
	// break down: dynamic ones first (depth one), and if that finds
	// nothing dynamic plus ones (depth two), the depth after which [Hint]
	// guesses. Its steps give those chains in [Step.Inner].
	NestedForcingChain

	// Uniqueness, the types beyond 4: each assumes the puzzle has one
	// solution. The rectangles are as in [UniqueRectangle2]: four cells
	// that two digits x and y could fill crosswise in every unit.

	// UniqueRectangle5 (unique rectangle type 5): a rectangle whose cells
	// beyond those holding only {x,y} are three, or two that share no
	// house, each with the same one extra digit z; one of them is z, so z
	// leaves every cell that sees them all (two in one house are type 2).
	UniqueRectangle5
	// UniqueRectangle6 (unique rectangle type 6): a rectangle with two
	// diagonal cells holding only {x,y}, where x has no other place in
	// the houses of two opposite sides: x in one of the other two cells
	// would put it in both and make all four {x,y}, so x leaves them.
	UniqueRectangle6
	// HiddenRectangle: a rectangle with a cell holding only {x,y} whose
	// opposite cell d has x in a house with each of its two neighbours and
	// no other place there: d = y would make both neighbours x and all
	// four {x,y}, so y leaves d.
	HiddenRectangle
	// AvoidableRectangle1 (avoidable rectangle type 1): three cells of a
	// rectangle hold digits found while solving, none a given, x in one
	// and y in its two neighbours; the fourth cell cannot be x, or x and y
	// could swap in all four. It finds nothing unless the state knows the
	// puzzle's givens ([State.SetPuzzle], [WithPuzzle]).
	AvoidableRectangle1
	// AvoidableRectangle2 (avoidable rectangle type 2): two neighbouring
	// cells of a rectangle hold found digits x and y, none a given, and
	// the other two hold only y and z (beside x) and only x and z (beside
	// y): one of them is z, or x and y could swap in all four, so z
	// leaves every cell that sees both. Like [AvoidableRectangle1], it
	// needs the puzzle's givens.
	AvoidableRectangle2
	// BUG3 (BUG type 3, as Sudoku Explainer has it): as [BUGPlusOne], but
	// with two or more cells of more than two candidates in one house,
	// their extra digits E two or more in all: one of them holds one of
	// E, so they act as one cell of E, which with other cells of the
	// house makes a naked set, whose digits leave the rest of the house.
	BUG3
	// Chains through almost locked sets.

	// ALSChain: an [AIC] through one or more almost locked sets, each a
	// node per digit x (x is in one of the set's cells holding it). A weak
	// link enters a set: the x of a cell seeing all the set's x, or the x
	// of another set every x of which sees them (a restricted common
	// digit). A strong link crosses it: without x, its cells hold all its
	// other digits. One end of the chain is true, so a candidate weakly
	// linked to both goes. A chain of sets alone is HoDoKu's ALS-Chain;
	// [ALSXZ] and [ALSXYWing] are its shortest forms, found before it.
	// Sets of two to four cells take part.
	ALSChain
	// ALSNiceLoop: a [ContinuousNiceLoop] through one or more almost
	// locked sets, linked as in [ALSChain]. Each weak link of the loop has
	// one true end, so what sees both ends of one goes; and each set of
	// it lacks one of the two digits the loop links inside it, so it
	// holds all its other digits, which leave the cells seeing all their
	// places in it.
	ALSNiceLoop
	// Franken fish: fish whose bases or covers mix lines and boxes, as
	// HoDoKu defines them. See franken.go.

	// FrankenXWing: a digit whose places in two base houses that share no
	// cell, lines of one family (rows, say) and boxes, all lie in two
	// cover houses that share no cell, lines of another family (columns)
	// and boxes, with a box among the four. Each base holds the digit
	// once, in a cover, and the covers hold it twice in all, so those are
	// their places: the digit leaves the rest of the covers. On a board
	// with extra regions (diagonals) these are one more family of lines;
	// on a cube, whose faces' boxes may share an edge cell, two boxes
	// sharing a cell are never both bases nor both covers. Where a family
	// of lines and the boxes are more than 64 houses together (boards of
	// more than 32 digits, the larger cubes), none is sought.
	// Boards without boxes have none. The Franken fish are not in
	// [Ladder]: see [FrankenFish].
	FrankenXWing
	// FrankenSwordfish is [FrankenXWing] with three base and three cover
	// houses.
	FrankenSwordfish
	// FrankenJellyfish is [FrankenXWing] with four base and four cover
	// houses.
	FrankenJellyfish
	// FinnedFrankenXWing is a [FrankenXWing] with fins, as [FinnedXWing]
	// is an X-Wing with fins: places of the digit in the bases outside the
	// covers, all in one house. If no fin holds the digit the fish stands,
	// and if one does the cells seeing every fin lose it, so a cover cell
	// outside the bases that sees every fin loses the digit.
	FinnedFrankenXWing
	// FinnedFrankenSwordfish is [FinnedFrankenXWing] with three base and
	// three cover houses.
	FinnedFrankenSwordfish
	// FinnedFrankenJellyfish is [FinnedFrankenXWing] with four base and
	// four cover houses.
	FinnedFrankenJellyfish

	// ContradictionRule was a last resort of [Hint] that tried candidates
	// until one broke the state down. The constant stays so that stored
	// steps and names keep reading; it finds no step.
	//
	// Deprecated: no step has this rule any more; the forcing chains
	// ([DynamicForcingChain] and above) find those steps and explain them.
	ContradictionRule
	// GuessRule is the second last resort of [Hint], with [WithSolution]
	// only: the solution's digit placed in an open cell with the fewest
	// candidates. Its rating, 12.0, is what package grade gives a puzzle
	// that needs guesses. It finds no step by itself in [Rules].
	GuessRule
	// CustomRule marks the steps of a rule of the caller's own: the rule's
	// name is then in [Step.Custom]. It finds no step by itself.
	CustomRule

	numTechniques
)

// numBuiltin is the number of built-in rules, the techniques that find
// steps: those before ContradictionRule.
const numBuiltin = ContradictionRule

// techniqueInfo holds each technique's name and rating. The ratings are
// Sudoku Explainer's (its ER): the rating SE gives the technique's simplest
// form; package grade rates the variants SE tells apart (a hidden single
// in a box or a line, pointing or claiming) and adds SE's length bonus to
// chain steps. The patterns SE has no rule for are rated as the chain SE
// finds for them: an X-chain of four nodes (6.6) for skyscraper, 2-string
// kite and simple colouring (at least), a chain of bivalue cells and
// strong links of six nodes (7.0 plus 0.1 for length) for the W-Wing. A
// guess rates 12.0, above every rating SE gives a 9x9 puzzle.
var techniqueInfo = [numTechniques]struct {
	name   string
	rating float64
}{
	NakedSingle:      {"naked single", 2.3},
	HiddenSingle:     {"hidden single", 1.2},
	LockedCandidates: {"locked candidates", 2.6},
	NakedPair:        {"naked pair", 3.0},
	HiddenPair:       {"hidden pair", 3.4},
	XWing:            {"X-Wing", 3.2},
	NakedTriple:      {"naked triple", 3.6},
	HiddenTriple:     {"hidden triple", 4.0},
	Swordfish:        {"Swordfish", 3.8},
	Skyscraper:       {"skyscraper", 6.6},
	TwoStringKite:    {"2-string kite", 6.6},
	XYWing:           {"XY-Wing", 4.2},
	XYZWing:          {"XYZ-Wing", 4.4},
	WWing:            {"W-Wing", 7.1},
	SimpleColouring:  {"simple colouring", 6.6},
	NakedQuad:        {"naked quad", 5.0},
	Jellyfish:        {"Jellyfish", 5.2},
	HiddenQuad:       {"hidden quad", 5.4},
	UniqueRectangle:  {"unique rectangle", 4.5},
	BUGPlusOne:       {"BUG+1", 5.6},
	// Single-digit patterns. Sudoku Explainer 1.2.1 has none of them: it
	// makes the same eliminations with X-chains (6.6 and up), as it does
	// for skyscrapers and kites, so they are rated as its X-chains, in
	// HoDoKu's order of difficulty.
	TurbotFish:      {"turbot fish", 6.6},
	EmptyRectangle:  {"empty rectangle", 6.6},
	FinnedXWing:     {"finned X-Wing", 6.6},
	FinnedSwordfish: {"finned Swordfish", 6.7},
	FinnedJellyfish: {"finned Jellyfish", 6.8},
	MultiColouring:  {"multi-colouring", 6.7},
	// Uniqueness types and aligned exclusion: Sudoku Explainer's ratings.
	UniqueRectangle2:       {"unique rectangle type 2", 4.5},
	UniqueRectangle3:       {"unique rectangle type 3", 4.6},
	UniqueRectangle4:       {"unique rectangle type 4", 4.5},
	AlignedPairExclusion:   {"aligned pair exclusion", 6.2},
	AlignedTripleExclusion: {"aligned triple exclusion", 7.5},
	BUG2:                   {"BUG type 2", 5.7},
	BUG4:                   {"BUG type 4", 5.7},

	// Chains: Sudoku Explainer's base ratings, to which it adds its length
	// bonus: 6.6 for a forcing chain of one kind of link, 7.0 for one of
	// both, 7.0 for a bidirectional cycle of both kinds (its
	// ForcingChainHint and CycleHint).
	RemotePair:         {"remote pair", 6.6},
	XChain:             {"X-chain", 6.6},
	XYChain:            {"XY-chain", 6.6},
	ContinuousNiceLoop: {"continuous nice loop", 7.0},
	AIC:                {"AIC", 7.0},

	// Forcing chains: base ratings of Sudoku Explainer's families.
	NishioForcingChain:      {"Nishio forcing chain", 7.5},
	CellForcingChain:        {"cell forcing chain", 8.0},
	RegionForcingChain:      {"region forcing chain", 8.0},
	DynamicForcingChain:     {"dynamic forcing chain", 8.5},
	DynamicPlusForcingChain: {"dynamic forcing chain (+)", 9.0},
	NestedForcingChain:      {"nested forcing chain", 9.5},

	// Almost locked sets. Sudoku Explainer has no rule of this family:
	// these ratings place them on its scale, among its chains.
	ALSXZ:        {"ALS-XZ", 7.5},
	ALSXYWing:    {"ALS-XY-Wing", 8.0},
	DeathBlossom: {"death blossom", 8.8},
	SueDeCoq:     {"Sue de Coq", 7.4},

	// Uniqueness beyond type 4. HoDoKu scores every uniqueness type alike
	// (100, as types 1 to 4), so types 5 and 6 and the hidden and
	// avoidable rectangles take Sudoku Explainer's rating of those, 4.5;
	// SE's unique rectangle type 2 takes in type 5 anyway. BUG type 3 is
	// SE's: 5.7 plus 0.1 a digit of its naked set beyond one, 5.8 for the
	// pair (package grade rates the larger sets, up to six digits).
	UniqueRectangle5:    {"unique rectangle type 5", 4.5},
	UniqueRectangle6:    {"unique rectangle type 6", 4.5},
	HiddenRectangle:     {"hidden rectangle", 4.5},
	AvoidableRectangle1: {"avoidable rectangle type 1", 4.5},
	AvoidableRectangle2: {"avoidable rectangle type 2", 4.5},
	BUG3:                {"BUG type 3", 5.8},
	// Chains through almost locked sets. Sudoku Explainer has none:
	// HoDoKu scores its ALS-Chain 340, between its ALS-XY-Wing (320, 8.0
	// here) and death blossom (360, 8.8 here), so 8.4, and the loops as
	// the chains (as SE rates its cycles as its chains); the length bonus
	// is added as for the other chains.
	ALSChain:    {"ALS chain", 8.4},
	ALSNiceLoop: {"ALS nice loop", 8.4},
	// Franken fish. Sudoku Explainer has none: they are placed on its
	// scale after HoDoKu's scores (its default StepConfig: 300, 350 and
	// 370 for the Franken X-Wing, Swordfish and Jellyfish, 390, 410 and
	// 430 finned). HoDoKu scores the Franken X-Wing as ALS-XZ (300),
	// rated 7.5 here, where SE's Nishio forcing chains, which find the
	// eliminations of single-digit patterns needing groups of cells,
	// start; each 20 points above adds 0.1 (rounded down).
	FrankenXWing:           {"Franken X-Wing", 7.5},
	FrankenSwordfish:       {"Franken Swordfish", 7.7},
	FrankenJellyfish:       {"Franken Jellyfish", 7.8},
	FinnedFrankenXWing:     {"finned Franken X-Wing", 7.9},
	FinnedFrankenSwordfish: {"finned Franken Swordfish", 8.0},
	FinnedFrankenJellyfish: {"finned Franken Jellyfish", 8.1},

	ContradictionRule: {"contradiction", 0},
	GuessRule:         {"guess", 12.0},
	CustomRule:        {"custom", 0},
}

// techniqueNames are the techniques' names, from techniqueInfo.
var techniqueNames = func() *contract.Names[Technique] {
	names := make([]string, len(techniqueInfo))
	for t, info := range techniqueInfo {
		names[t] = info.name
	}
	return contract.NewNames[Technique]("logic", "technique", names...)
}()

// Name returns the technique's name as steps show it, such as
// "naked pair" or "X-Wing", or "technique(n)" for a value that is no
// technique.
func (t Technique) Name() string { return techniqueNames.String(t) }

// String returns [Technique.Name].
func (t Technique) String() string { return t.Name() }

// ParseTechnique returns the technique named name, as [Technique.String]
// prints it ("naked pair", "X-Wing", "BUG+1"), in any case and with
// spaces, hyphens and underscores ignored ("x wing", "Naked-Pair" and
// "nakedpair" are found too); any other name is an error wrapping
// [sudoku.ErrInvalidArgument] that lists the names.
func ParseTechnique(name string) (Technique, error) { return techniqueNames.Parse(name) }

// MarshalText encodes the technique as its name, so that it reads as
// "naked pair" in JSON and other text formats. A value that is not a
// technique is an error wrapping [sudoku.ErrInvalidArgument].
func (t Technique) MarshalText() ([]byte, error) { return techniqueNames.Marshal(t) }

// UnmarshalText sets t to the technique named by text, as
// [ParseTechnique] reads it. An unknown name, or a nil t, is an error
// wrapping sudoku.ErrInvalidArgument, and t is then unchanged.
func (t *Technique) UnmarshalText(text []byte) error { return techniqueNames.Unmarshal(t, text) }

// Rating returns the technique's difficulty on the scale of package
// grade, Sudoku Explainer's (1.2 for a hidden single, 2.3 for a naked
// single, 3.2 for an X-Wing, 7.5 to 9.5 for the forcing chains), and 12.0
// for a [GuessRule]. It is 0 for ContradictionRule and CustomRule, which grade
// does not rate, and for a value that is no technique. The scale is
// documented there.
func (t Technique) Rating() float64 {
	if t >= numTechniques {
		return 0
	}
	return techniqueInfo[t].rating
}

// AssumesUnique reports whether the technique is sound only on puzzles
// known to have one solution (unique rectangles and the BUG types).
func (t Technique) AssumesUnique() bool {
	switch t {
	case UniqueRectangle, BUGPlusOne, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, BUG2, BUG4:
		return true
	case UniqueRectangle5, UniqueRectangle6, HiddenRectangle, AvoidableRectangle1, AvoidableRectangle2, BUG3:
		return true
	}
	return false
}

// Find returns the first step of this technique in s, or false when there
// is none (or s is a zero State, or one that has broken down, see
// [State.Contradiction], or t is not a built-in rule: ContradictionRule,
// GuessRule and CustomRule find nothing). It does not change s.
func (t Technique) Find(s *State) (Step, bool) {
	if s == nil || s.g == nil || s.broken() {
		return Step{}, false
	}
	switch t {
	case NakedSingle:
		return findNakedSingle(s)
	case HiddenSingle:
		return findHiddenSingle(s)
	case LockedCandidates:
		return findLocked(s)
	case NakedPair:
		return findNaked(s, 2)
	case HiddenPair:
		return findHidden(s, 2)
	case XWing:
		return findFish(s, 2)
	case NakedTriple:
		return findNaked(s, 3)
	case HiddenTriple:
		return findHidden(s, 3)
	case Swordfish:
		return findFish(s, 3)
	case Skyscraper:
		return findTurbot(s, true)
	case TwoStringKite:
		return findTurbot(s, false)
	case XYWing:
		return findXYWing(s)
	case XYZWing:
		return findXYZWing(s)
	case WWing:
		return findWWing(s)
	case SimpleColouring:
		return findColouring(s)
	case NakedQuad:
		return findNaked(s, 4)
	case Jellyfish:
		return findFish(s, 4)
	case HiddenQuad:
		return findHidden(s, 4)
	case UniqueRectangle:
		return findUniqueRectangle(s)
	case BUGPlusOne:
		return findBUG(s)
	// Single-digit patterns.
	case TurbotFish:
		return findLinkPair(s, TurbotFish, func(k1, k2 sudoku.UnitKind) bool { return k1 == boxKind || k2 == boxKind })
	case EmptyRectangle:
		return findEmptyRectangle(s)
	case FinnedXWing:
		return findFinnedFish(s, 2)
	case FinnedSwordfish:
		return findFinnedFish(s, 3)
	case FinnedJellyfish:
		return findFinnedFish(s, 4)
	case MultiColouring:
		return findMultiColouring(s)
	// Uniqueness types and aligned exclusion.
	case UniqueRectangle2:
		return findUniqueRectangle2(s)
	case UniqueRectangle3:
		return findUniqueRectangle3(s)
	case UniqueRectangle4:
		return findUniqueRectangle4(s)
	case AlignedPairExclusion:
		return findAlignedExclusion(s, 2)
	case AlignedTripleExclusion:
		return findAlignedExclusion(s, 3)
	case BUG2:
		return findBUG2(s)
	case BUG4:
		return findBUG4(s)

	// Chains.
	case RemotePair:
		return findRemotePair(s)
	case XChain:
		return findXChain(s)
	case XYChain:
		return findXYChain(s)
	case ContinuousNiceLoop:
		return findNiceLoop(s)
	case AIC:
		return findAIC(s)

	// Forcing chains.
	case NishioForcingChain:
		return findForcing(s, modeNishio, false, false)
	case CellForcingChain:
		return findForcing(s, modeStatic, true, false)
	case RegionForcingChain:
		return findForcing(s, modeStatic, false, true)
	case DynamicForcingChain:
		return findForcing(s, modeDynamic, false, false)
	case DynamicPlusForcingChain:
		return findForcing(s, modePlus, false, false)
	case NestedForcingChain:
		return findForcing(s, modeNested, false, false)

	// Almost locked sets.
	case ALSXZ:
		return findALSXZ(s)
	case ALSXYWing:
		return findALSXYWing(s)
	case DeathBlossom:
		return findDeathBlossom(s)
	case SueDeCoq:
		return findSueDeCoq(s)

	// Uniqueness beyond type 4.
	case UniqueRectangle5:
		return findUniqueRectangle5(s)
	case UniqueRectangle6:
		return findUniqueRectangle6(s)
	case HiddenRectangle:
		return findHiddenRectangle(s)
	case AvoidableRectangle1:
		return findAvoidableRectangle1(s)
	case AvoidableRectangle2:
		return findAvoidableRectangle2(s)
	case BUG3:
		return findBUG3(s)
	// Chains through almost locked sets.
	case ALSChain:
		return findALSChain(s)
	case ALSNiceLoop:
		return findALSNiceLoop(s)
	// Franken fish.
	case FrankenXWing:
		return findFranken(s, 2, false)
	case FrankenSwordfish:
		return findFranken(s, 3, false)
	case FrankenJellyfish:
		return findFranken(s, 4, false)
	case FinnedFrankenXWing:
		return findFranken(s, 2, true)
	case FinnedFrankenSwordfish:
		return findFranken(s, 3, true)
	case FinnedFrankenJellyfish:
		return findFranken(s, 4, true)
	}
	return Step{}, false
}

// Techniques returns every built-in rule in the order of the constants
// (the forcing chains, [ForcingChains], among them), those that assume a
// unique solution last (not ContradictionRule,
// GuessRule and CustomRule, which find no step themselves).
func Techniques() []Technique {
	out := make([]Technique, 0, numBuiltin)
	for _, unique := range []bool{false, true} {
		for t := range numBuiltin {
			if t.AssumesUnique() == unique {
				out = append(out, t)
			}
		}
	}
	return out
}

// forcing reports whether t is a forcing chain technique.
func (t Technique) forcing() bool { return t >= NishioForcingChain && t <= NestedForcingChain }

// franken reports whether t is a Franken fish.
func (t Technique) franken() bool { return t >= FrankenXWing && t <= FinnedFrankenJellyfish }

// FrankenFish returns the Franken fish, in the order of their ratings:
// [FrankenXWing] to [FinnedFrankenJellyfish]. [Ladder] leaves them out:
// on the states of hard puzzles where the ladder is stuck, the six
// searches together cost more than the whole ladder does, and the nice
// loops and AICs, whose grouped nodes make most of the same eliminations,
// come before them by rating. Append them to a ladder to use them, as
// [Hint]'s [WithRules] and package search's rules take any list.
func FrankenFish() Rules {
	var rs Rules
	for t := FrankenXWing; t <= FinnedFrankenJellyfish; t++ {
		rs = append(rs, t)
	}
	return rs
}

// ForcingChains returns the forcing chain techniques, easiest first:
// [NishioForcingChain] to [NestedForcingChain]. They find a step on
// every known 9x9 puzzle where the other rules stop, at a cost of
// milliseconds a step instead of microseconds, so [Ladder] leaves them
// out; [Hint] tries them when its rules find nothing. Append them to a
// ladder to use them elsewhere.
func ForcingChains() Rules {
	var rs Rules
	for t := NishioForcingChain; t <= NestedForcingChain; t++ {
		rs = append(rs, t)
	}
	return rs
}

// Rules is an ordered list of rules: the first rule that finds a step
// wins, so the easiest rules come first.
type Rules []Rule

// Ladder returns the built-in techniques from the easiest to the hardest,
// by [Technique.Rating], but for the forcing chains ([ForcingChains]),
// which [Hint] tries as its last resort, and the Franken fish
// ([FrankenFish]). With unique true it includes the
// unique rectangles and the BUG types ([Technique.AssumesUnique]), which
// are sound only when the puzzle is known to have exactly one solution;
// pass true only then.
func Ladder(unique bool) Rules {
	var rs Rules
	for t := range numBuiltin {
		if (unique || !t.AssumesUnique()) && !t.forcing() && !t.franken() {
			rs = append(rs, t)
		}
	}
	// Insertion sort by rating; ties keep the constant order.
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j].(Technique).Rating() < rs[j-1].(Technique).Rating(); j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
	return rs
}

// Next returns the step of the first rule that finds one in s, and that
// rule's index in rs. It does not change s, and skips a nil rule. Its
// errors: ErrNoStep when no rule finds anything; one wrapping
// ErrContradiction when s has broken down (see [State.Contradiction]);
// one wrapping [sudoku.ErrInvalidArgument] for a nil or zero State, or
// for a faulty rule's step (see [Rule]), with the step and the rule's
// index.
func (rs Rules) Next(s *State) (Step, int, error) {
	if err := s.checkLive("Next"); err != nil {
		return Step{}, -1, err
	}
	st, i, err := rs.next(context.Background(), s)
	if err == nil && i < 0 {
		err = ErrNoStep
	}
	return st, i, err
}

// next is [Rules.Next] on a live state, looking at ctx before each rule:
// on the largest boards one pass over the ladder takes milliseconds. It
// returns index -1 when no rule finds a step, and ctx's error once ctx
// has ended. The step's Rule and Custom say which rule found it, and a
// faulty rule's step is an error (see [State.checkStep]): every caller
// that asks rules for steps goes through here.
func (rs Rules) next(ctx context.Context, s *State) (Step, int, error) {
	for i, r := range rs {
		if r == nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			return Step{}, -1, err
		}
		st, ok := r.Find(s)
		if !ok {
			continue
		}
		if t, ok := r.(Technique); ok {
			st.Rule, st.Custom = t, ""
		} else {
			st.Rule, st.Custom = CustomRule, r.Name()
		}
		return st, i, s.checkStep(st)
	}
	return Step{}, -1, nil
}

// checkLive returns an error, named for the function fn, unless s is a
// state the rules can work on: one wrapping [sudoku.ErrInvalidArgument]
// for a nil or zero State, one wrapping ErrContradiction for a state that
// has broken down.
func (s *State) checkLive(fn string) error {
	switch {
	case s == nil || s.g == nil:
		return contract.Invalid("logic", "%s: nil or zero State", fn)
	case s.broken():
		return s.brokenErr(fn)
	}
	return nil
}

// checkStep returns the error of a faulty rule, wrapping
// [sudoku.ErrInvalidArgument] and naming the rule, when its step st does
// not fit s: a cell or digit out of range, a digit placed in a cell that
// holds one (a given placed again, say), or no change at all. A step
// that places a digit that is no longer a candidate is not faulty: it
// breaks the state when applied, with ErrContradiction.
func (s *State) checkStep(st Step) error {
	bad := func(format string, args ...any) error {
		return contract.Invalid("logic", "rule %q: "+format, append([]any{st.RuleName()}, args...)...)
	}
	cells := len(s.value)
	changes := len(st.Place) > 0
	for _, p := range st.Place {
		switch {
		case p.Cell < 0 || p.Cell >= cells:
			return bad("a placement in cell %d (cells are 0 to %d)", p.Cell, cells-1)
		case p.Digit < 1 || p.Digit > s.n:
			return bad("a placement of digit %d (digits are 1 to %d)", p.Digit, s.n)
		case s.value[p.Cell] != 0:
			w := s.words()
			return bad("%s placed in %s, which holds %s", w.digit(p.Digit), w.cell(p.Cell), w.digit(int(s.value[p.Cell])))
		}
	}
	for _, r := range st.Remove {
		if r.Cell < 0 || r.Cell >= cells {
			return bad("a removal from cell %d (cells are 0 to %d)", r.Cell, cells-1)
		}
		for _, d := range r.Digits {
			if d < 1 || d > s.n {
				return bad("a removal of digit %d (digits are 1 to %d)", d, s.n)
			}
		}
		if s.value[r.Cell] == 0 && s.cand[r.Cell]&maskOf(r.Digits) != 0 {
			changes = true
		}
	}
	if !changes {
		return bad("a step that changes nothing (%q)", st.Text)
	}
	return nil
}

// Steps applies the rules to s one step at a time and yields each step
// after applying it, until no rule finds anything, s is solved, or the
// loop breaks. A step that breaks the state (the puzzle has no solution)
// is yielded with an error wrapping ErrContradiction, and ends the
// sequence; so does a faulty rule's step (see [Rule]), unapplied, with an
// error wrapping [sudoku.ErrInvalidArgument] that names the rule. Since
// every step it applies removes at least one candidate, the sequence
// always ends. A nil or zero State yields one error wrapping
// sudoku.ErrInvalidArgument, and a state that has broken down before the
// call (see [State.Contradiction]) one wrapping ErrContradiction, each
// with the zero Step.
func (rs Rules) Steps(s *State) iter.Seq2[Step, error] {
	return rs.steps(context.Background(), s, "Steps")
}

// steps is [Rules.Steps], looking at ctx before each rule: once ctx has
// ended, it yields ctx's error with the zero Step. fn names the caller in
// errors.
func (rs Rules) steps(ctx context.Context, s *State, fn string) iter.Seq2[Step, error] {
	return func(yield func(Step, error) bool) {
		if err := s.checkLive(fn); err != nil {
			yield(Step{}, err)
			return
		}
		for s.Left() > 0 {
			st, i, err := rs.next(ctx, s)
			switch {
			case err != nil:
				yield(st, err)
				return
			case i < 0:
				return
			}
			if err := s.Apply(st); err != nil {
				if errors.Is(err, ErrContradiction) {
					err = fmt.Errorf("%w: after %s: %s", err, st.Text, s.why.describe(s.words()))
				}
				yield(st, err)
				return
			}
			if !yield(st, nil) {
				return
			}
		}
	}
}

// Reduce is the rules' fast path for a solver: it propagates singles
// ([State.Propagate]), then applies the first step any rule finds, and
// repeats until no rule finds anything. It returns how many steps the
// rules (beyond the singles of Propagate) made, and ErrContradiction when
// the state has no completion, or had broken down before the call (see
// [State.Contradiction]). A search can call it at every node, after
// placing its guess, instead of Propagate alone: each rule costs time at
// every node and may save nodes.
//
// Reduce looks at ctx before each rule it asks for a step, and returns
// its error, with s partly reduced, once it has ended: on the largest
// boards a state can take hundreds of steps, and one pass over the ladder
// milliseconds. A faulty rule's step (see [Rule]) is an error wrapping
// [sudoku.ErrInvalidArgument] that names the rule; a nil context, or a
// nil or zero State, is one too.
func (rs Rules) Reduce(ctx context.Context, s *State) (int, error) {
	if ctx == nil {
		return 0, contract.Invalid("logic", "Reduce: nil context")
	}
	if err := s.checkLive("Reduce"); err != nil {
		return 0, err
	}
	steps := 0
	for {
		if err := s.Propagate(); err != nil {
			return steps, err
		}
		if s.Left() == 0 {
			return steps, nil
		}
		st, i, err := rs.next(ctx, s)
		if err != nil || i < 0 {
			return steps, err
		}
		steps++
		if err := s.Apply(st); err != nil {
			return steps, err
		}
	}
}
