package draw

import (
	"encoding/xml"
	"errors"
	"io"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/cubedoku/cubedoku/internal/contract"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

// The style, shared by boards and cubes.
const (
	inkGiven    = "#1a1a1a" // givens: near black, bold
	inkEntry    = "#1f5fbf" // the player's entries: blue
	inkMark     = "#5f6670" // pencil marks: grey
	inkKey      = "#b35900" // the digits of a hint's pattern among the marks
	inkPlace    = "#16803c" // a digit a hint places
	inkWrong    = "#c62828" // mistakes and removed candidates
	lineThin    = "#a3a8ae" // between cells
	lineThick   = "#1a1a1a" // between boxes and round panels
	fillPlain   = "#ffffff"
	fillShade   = "#e8eef7" // cells of extra units, shared cube stickers
	fillArea    = "#fff1bf" // a hint's houses
	fillPattern = "#ffd88a" // a hint's pattern cells
	fillPlace   = "#cdeccf" // cells a hint fills
	fillSelect  = "#cfe2ff" // selected cells
	fillWrong   = "#fbd3d3" // mistakes and conflicts
	fontFamily  = "Helvetica, Arial, sans-serif"
)

// Flags of a cell, from the weakest highlight to the strongest: the cell's
// fill is that of its strongest flag.
const (
	flagShade = 1 << iota
	flagArea
	flagPattern
	flagSelected
	flagPlace
	flagConflict
	flagWrong
	numFlags = iota
)

var (
	flagNames = [numFlags]string{"shade", "area", "pattern", "selected", "place", "conflict", "wrong"}
	flagFills = [numFlags]string{fillShade, fillArea, fillPattern, fillSelect, fillPlace, fillWrong, fillWrong}
)

// Groups of text, each drawn in one style.
const (
	textGiven = iota
	textEntry
	textConflict
	textWrong
	textPlace
	textMark
	textKey
	textRemove
	textMore
	numTexts
)

var textNames = [numTexts]string{"given", "entry", "conflict", "wrong", "place", "mark", "key", "remove", "more"}

// SVG draws board b as an SVG image on w: its cells on the squares of its
// geometry's layout (or of [WithPanels]), thin lines between cells, thick
// ones between boxes and thicker ones round each panel; givens in bold
// black, the player's entries in blue. Cells of units that are not rows,
// columns or boxes (diagonals, extra regions, cube edges) and cells drawn
// on more than one square are shaded. The options add pencil marks, a hint
// step, mistakes, conflicts and a selection.
//
// Every square of a cell is a rect of class "cell" with the cell's index
// in a data-cell attribute, and the classes of its highlights ("area",
// "pattern", "place", "selected", "wrong", "conflict", "shade"), so a web
// page can style it with CSS and tell which cell was clicked. Digits are
// text elements grouped by kind in g elements of class "given", "entry",
// "wrong", "conflict", "place", "mark", "key", "remove" and "more". Digits
// are written as [sudoku.Board.DigitText] writes them. A step's chains
// ([WithStep]) are in a g element of class "chains": a circle or rect of
// class "node" round each node, a path of class "link strong" or "link
// weak" for each link, in the chain's order, and a path of class "arrows"
// with their heads; the group takes no pointer events, so that a click
// reaches the cell below.
//
// It returns the writer's error, or an error wrapping
// [sudoku.ErrInvalidArgument] for a nil writer or board, a board with no
// cells or no digits (one on a zero [sudoku.Geometry], which has nothing
// to lay out), a nil or bad option, or an option's cells, digits or marks
// that do not fit the board. It writes nothing when it returns an argument
// error.
func SVG(w io.Writer, b *sudoku.Board, opts ...Option) error {
	switch {
	case w == nil:
		return invalid("SVG: nil writer")
	case b == nil:
		return invalid("SVG: nil board")
	}
	var cfg config
	if err := contract.Apply("draw", opts, func(o Option) error { return o.apply(&cfg) }); err != nil {
		return err
	}
	r, err := newRenderer(b, &cfg)
	if err != nil {
		return err
	}
	r.render()
	_, err = w.Write(r.buf)
	return err
}

// renderer holds one drawing as it is made.
type renderer struct {
	b      *sudoku.Board
	g      *sudoku.Geometry
	cfg    *config
	panels []Panel
	rows   int // picture size in squares
	cols   int
	n      int      // digits
	s      float64  // side of a square, pixels
	margin float64  // round the picture, pixels
	digit  []string // text of each digit, by digit
	flags  []uint8  // highlights of each cell
	marks  []uint64 // marks of each cell to draw, bits 0..n-1
	remove []uint64 // candidates the step removes, by cell
	place  []int    // digit the step places, by cell, or 0
	key    uint64   // the step's pattern digits (drawn in pattern cells)
	// The step's chains, the candidates of their nodes by cell (drawn as
	// the pattern's digits) and where those are drawn; nil before
	// [logic.StageStep].
	chains     [][]logic.Link
	chainMarks []uint64
	spots      map[candidate][]point
	grid       markGrid // where marks go in a cell
	order      []int    // scratch: the marks of one cell in listing order
	texts      [numTexts][]textItem
	strike     []float64 // x, y, width of each strike line
	buf        []byte
}

// textItem is one string placed at x, y (the middle of its baseline).
type textItem struct {
	x, y float64
	s    string
}

func newRenderer(b *sudoku.Board, cfg *config) (*renderer, error) {
	g := b.Geometry()
	n, cells := g.Digits(), g.NumCells()
	if n == 0 || cells == 0 {
		return nil, invalid("SVG: a board of %d cells and %d digits: nothing to draw", cells, n)
	}
	r := &renderer{b: b, g: g, cfg: cfg, n: n, panels: cfg.panels}
	if r.panels == nil {
		r.panels = defaultPanels(g)
	}
	var err error
	if r.rows, r.cols, err = checkPanels(r.panels, cells); err != nil {
		return nil, err
	}
	r.s = float64(cfg.cellSize)
	if cfg.cellSize == 0 {
		switch {
		case n <= 16:
			r.s = 40
		case n <= 25:
			r.s = 36
		default:
			r.s = 32
		}
	}
	r.margin = math.Max(4, math.Round(r.s/5))
	r.digit = make([]string, n+1)
	for d := 1; d <= n; d++ {
		r.digit[d] = b.DigitText(d)
	}
	r.grid = r.newMarkGrid()
	r.flags = make([]uint8, cells)
	if err := r.markCells(cfg.wrong, flagWrong, "WithWrong"); err != nil {
		return nil, err
	}
	if err := r.markCells(cfg.selected, flagSelected, "WithSelected"); err != nil {
		return nil, err
	}
	if cfg.conflicts {
		var ce *sudoku.ConflictError
		if errors.As(b.Validate(), &ce) {
			for _, c := range ce.Conflicts {
				r.flags[c.A] |= flagConflict
				r.flags[c.B] |= flagConflict
			}
		}
	}
	r.shade()
	all := uint64(1)<<n - 1
	if n == 64 {
		all = math.MaxUint64
	}
	if cfg.marks != nil {
		if len(cfg.marks) != cells {
			return nil, invalid("WithMarks: %d marks for %d cells", len(cfg.marks), cells)
		}
		r.marks = make([]uint64, cells)
		for c, m := range cfg.marks {
			if b.Get(c) == 0 {
				r.marks[c] = m & all
			}
		}
	}
	if cfg.step != nil {
		if err := r.applyStep(*cfg.step, cfg.stage); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// markCells sets flag on cells, each of which must be a cell of the board.
func (r *renderer) markCells(cells []int, flag uint8, what string) error {
	for _, c := range cells {
		if c < 0 || c >= len(r.flags) {
			return invalid("%s: cell %d (cells are 0 to %d)", what, c, len(r.flags)-1)
		}
		r.flags[c] |= flag
	}
	return nil
}

// shade flags the cells of units other than rows, columns and boxes, and
// the cells drawn on more than one square.
func (r *renderer) shade() {
	g := r.g
	for u := range g.NumUnits() {
		switch g.UnitKind(u) {
		case sudoku.Row, sudoku.Column, sudoku.Box:
			continue
		}
		for j := range g.UnitSize(u) {
			r.flags[g.UnitCell(u, j)] |= flagShade
		}
	}
	seen := make([]bool, len(r.flags))
	for _, p := range r.panels {
		for _, c := range p.Cells {
			if c < 0 {
				continue
			}
			if seen[c] {
				r.flags[c] |= flagShade
			}
			seen[c] = true
		}
	}
}

// applyStep checks step st against the board and flags what its stage
// shows.
func (r *renderer) applyStep(st logic.Step, stage logic.Stage) error {
	cells, units, n := len(r.flags), r.g.NumUnits(), r.n
	badCell := func(c int) bool { return c < 0 || c >= cells }
	badDigit := func(d int) bool { return d < 1 || d > n }
	for _, h := range st.Houses {
		if h < 0 || h >= units {
			return invalid("WithStep: house %d (units are 0 to %d)", h, units-1)
		}
	}
	for _, c := range st.Cells {
		if badCell(c) {
			return invalid("WithStep: cell %d (cells are 0 to %d)", c, cells-1)
		}
	}
	for _, d := range st.Digits {
		if badDigit(d) {
			return invalid("WithStep: digit %d (digits are 1 to %d)", d, n)
		}
	}
	for _, p := range st.Place {
		if badCell(p.Cell) || badDigit(p.Digit) {
			return invalid("WithStep: placement of %d in cell %d", p.Digit, p.Cell)
		}
	}
	for _, rm := range st.Remove {
		if badCell(rm.Cell) {
			return invalid("WithStep: removal from cell %d (cells are 0 to %d)", rm.Cell, cells-1)
		}
		for _, d := range rm.Digits {
			if badDigit(d) {
				return invalid("WithStep: removal of digit %d (digits are 1 to %d)", d, n)
			}
		}
	}
	if err := checkChains(st.Chains, cells, n); err != nil {
		return err
	}

	if stage == logic.StageArea {
		r.flagArea(st)
		return nil
	}
	for _, h := range st.Houses {
		r.flagUnit(h, flagArea)
	}
	if len(st.Houses) == 0 {
		r.flagArea(st)
	}
	if stage == logic.StageTechnique {
		return nil
	}
	for _, c := range st.Cells {
		r.flags[c] |= flagPattern
	}
	for _, d := range st.Digits {
		r.key |= logic.Bit(d)
	}
	r.place = make([]int, cells)
	for _, p := range st.Place {
		r.flags[p.Cell] |= flagPlace
		r.place[p.Cell] = p.Digit
	}
	r.remove = make([]uint64, cells)
	for _, rm := range st.Remove {
		for _, d := range rm.Digits {
			r.remove[rm.Cell] |= logic.Bit(d)
		}
	}
	if len(st.Chains) > 0 {
		r.setChains(st.Chains)
	}
	return nil
}

// flagArea flags what the step's Area names ("box 5", "r3c5", "row 2 and
// row 7"): the step's houses and cells of those names, or, when none has
// one, every house of the step (or every cell, for a step without houses).
func (r *renderer) flagArea(st logic.Step) {
	names := make(map[string]bool)
	for part := range strings.SplitSeq(strings.ReplaceAll(st.Area, " and ", ", "), ", ") {
		names[part] = true
	}
	found := false
	for _, h := range st.Houses {
		if names[r.g.UnitName(h)] {
			r.flagUnit(h, flagArea)
			found = true
		}
	}
	cells := append([]int(nil), st.Cells...)
	for _, p := range st.Place {
		cells = append(cells, p.Cell)
	}
	for _, c := range cells {
		if names[r.g.CellName(c)] {
			r.flags[c] |= flagArea
			found = true
		}
	}
	if found {
		return
	}
	for _, h := range st.Houses {
		r.flagUnit(h, flagArea)
	}
	if len(st.Houses) == 0 {
		for _, c := range cells {
			r.flags[c] |= flagArea
		}
	}
}

// flagUnit flags the cells of unit u.
func (r *renderer) flagUnit(u int, flag uint8) {
	for j := range r.g.UnitSize(u) {
		r.flags[r.g.UnitCell(u, j)] |= flag
	}
}

// render writes the whole picture into r.buf.
func (r *renderer) render() {
	s, m := r.s, r.margin
	width, height := 2*m+float64(r.cols)*s, 2*m+float64(r.rows)*s
	r.buf = make([]byte, 0, r.estimate())
	r.str(`<svg xmlns="http://www.w3.org/2000/svg" width="`).num(width).str(`" height="`).num(height)
	r.str(`" viewBox="0 0 `).num(width).str(" ").num(height).str(`" font-family="`).str(fontFamily).str(`" text-anchor="middle">` + "\n")
	if r.cfg.title != "" {
		r.str("<title>").escaped(r.cfg.title).str("</title>\n")
	}
	r.str(`<rect class="background" width="`).num(width).str(`" height="`).num(height).str(`" fill="` + fillPlain + `"/>` + "\n")
	for i := range r.panels {
		r.cellsOf(&r.panels[i])
	}
	r.lines()
	r.chainsOut()
	r.contents()
	r.str("</svg>\n")
}

// estimate returns about how many bytes the picture takes, so that its
// buffer grows once: a square and its digit take about 140 bytes, a mark
// about 36.
func (r *renderer) estimate() int {
	size := 2048
	for _, p := range r.panels {
		size += len(p.Cells) * 140
	}
	for _, m := range r.marks {
		size += 36 * min(bits.OnesCount64(m), r.grid.cols*r.grid.rows)
	}
	return size
}

// cellsOf writes the squares of panel p and collects their digits and
// marks.
func (r *renderer) cellsOf(p *Panel) {
	s := r.s
	r.str(`<g class="panel">`)
	if p.Name != "" {
		r.str("<title>").escaped(p.Name).str("</title>")
	}
	r.str("\n")
	for i, c := range p.Cells {
		if c < 0 {
			continue
		}
		x := r.margin + float64(p.Col+i%p.Cols)*s
		y := r.margin + float64(p.Row+i/p.Cols)*s
		f := r.flags[c]
		fill := fillPlain
		r.str(`<rect class="cell`)
		for k := range numFlags {
			if f&(1<<k) != 0 {
				r.str(" ").str(flagNames[k])
				fill = flagFills[k]
			}
		}
		r.str(`" data-cell="`).int(c).str(`" x="`).num(x).str(`" y="`).num(y).str(`" width="`).num(s).str(`" height="`).num(s).str(`" fill="`).str(fill).str(`"/>` + "\n")
		r.collect(c, x, y)
	}
	r.str("</g>\n")
}

// collect adds the digit or the marks of cell c, drawn on the square at
// x, y, to the text groups.
func (r *renderer) collect(c int, x, y float64) {
	s := r.s
	cx, cy := x+s/2, y+s/2
	if d := r.b.Get(c); d != 0 {
		kind := textEntry
		switch f := r.flags[c]; {
		case f&flagWrong != 0:
			kind = textWrong
		case r.b.Given(c):
			kind = textGiven
		case f&flagConflict != 0:
			kind = textConflict
		}
		r.texts[kind] = append(r.texts[kind], textItem{cx, cy, r.digit[d]})
		return
	}
	if r.place != nil && r.place[c] != 0 {
		r.texts[textPlace] = append(r.texts[textPlace], textItem{cx, cy, r.digit[r.place[c]]})
		return
	}
	var marks, remove, chain uint64
	if r.marks != nil {
		marks = r.marks[c]
	}
	if r.remove != nil {
		remove = r.remove[c]
	}
	if r.chainMarks != nil {
		chain = r.chainMarks[c]
	}
	if marks|remove|chain == 0 {
		return
	}
	key := chain
	if r.flags[c]&flagPattern != 0 {
		key |= r.key
	}
	r.collectMarks(c, x, y, marks|remove|chain, remove, key)
}

// markGrid is the sub-grid of a cell's marks: cols places a row and
// rows, each w x h pixels, marks in a font of font pixels; fixed when each
// digit has its own place, else they are listed.
type markGrid struct {
	cols, rows int
	fixed      bool
	w, h, font float64
}

// newMarkGrid returns the sub-grid of marks: the shape of a box when the
// geometry has boxes, else near square, unless that would make marks too
// small to read, when they are listed in nine places.
func (r *renderer) newMarkGrid() markGrid {
	cols, rows := r.g.BoxCols(), r.g.BoxRows()
	if cols == 0 || cols*rows != r.n {
		cols = int(math.Ceil(math.Sqrt(float64(r.n))))
		rows = (r.n + cols - 1) / cols
	}
	if mg := r.sizeMarks(cols, rows, true); mg.font >= minMarkFont {
		return mg
	}
	return r.sizeMarks(3, 3, false)
}

// minMarkFont is the smallest font of a pencil mark in its own place, in
// pixels.
const minMarkFont = 7

// sizeMarks returns a sub-grid of cols x rows with the size of its places
// and the font that fits them.
func (r *renderer) sizeMarks(cols, rows int, fixed bool) markGrid {
	inner := r.s * 0.88
	w, h := inner/float64(cols), inner/float64(rows)
	// At most a quarter of the cell: on boards of few digits, larger
	// marks would crowd the cell and look like entries.
	font := math.Min(0.85*math.Min(w/(0.6*float64(r.longest())), h), r.s/4)
	return markGrid{cols: cols, rows: rows, fixed: fixed, w: w, h: h, font: font}
}

// longest returns the length of the longest digit's text.
func (r *renderer) longest() int {
	l := 1
	for _, t := range r.digit {
		l = max(l, len(t))
	}
	return l
}

// collectMarks adds marks (with the removed and key digits among them) of
// cell c, on the square at x, y.
func (r *renderer) collectMarks(c int, x, y float64, marks, remove, key uint64) {
	mg := r.grid
	cols, w, h, font := mg.cols, mg.w, mg.h, mg.font
	x0, y0 := x+r.s*0.06, y+r.s*0.06
	// place draws digit d (0 for the ellipsis) in the cell's place slot.
	place := func(slot int, kind int, d int) {
		px := x0 + (float64(slot%cols)+0.5)*w
		py := y0 + (float64(slot/cols)+0.5)*h
		text := "\u2026" // an ellipsis: a count would not fit
		if d > 0 {
			text = r.digit[d]
			r.spot(c, d, point{px, py})
		}
		r.texts[kind] = append(r.texts[kind], textItem{px, py, text})
		if kind == textRemove {
			tw := 0.62*font*float64(len(text)) + 2
			r.strike = append(r.strike, px-tw/2, py, tw)
		}
	}
	kindOf := func(bit uint64) int {
		switch {
		case remove&bit != 0:
			return textRemove
		case key&bit != 0:
			return textKey
		}
		return textMark
	}
	if mg.fixed {
		for d := 1; d <= r.n; d++ {
			if bit := logic.Bit(d); marks&bit != 0 {
				place(d-1, kindOf(bit), d)
			}
		}
		return
	}
	// Listed: removed digits first, then key digits, then the rest, the
	// last place saying that some did not fit.
	order := r.order[:0]
	for _, want := range []int{textRemove, textKey, textMark} {
		for d := 1; d <= r.n; d++ {
			if bit := logic.Bit(d); marks&bit != 0 && kindOf(bit) == want {
				order = append(order, d)
			}
		}
	}
	r.order = order
	places := cols * mg.rows
	shown := order
	if len(order) > places {
		shown = order[:places-1]
	}
	// Shown digits in increasing order, so the list reads as one.
	slices.Sort(shown)
	for i, d := range shown {
		place(i, kindOf(logic.Bit(d)), d)
	}
	if len(shown) < len(order) {
		place(places-1, textMore, 0)
	}
}

// lines writes the grid lines of every panel: cell lines, then box lines,
// then borders, each a path over the one before.
func (r *renderer) lines() {
	var box []int
	for _, p := range r.panels {
		if p.BoxRows == 0 {
			box = boxes(r.g)
			break
		}
	}
	unit := math.Max(1, r.s/40)
	for lv, st := range []struct {
		class, stroke string
		width         float64
	}{{"cell-lines", lineThin, unit}, {"box-lines", lineThick, 2 * unit}, {"borders", lineThick, 3 * unit}} {
		start := len(r.buf)
		r.str(`<path class="`).str(st.class).str(`" fill="none" stroke="`).str(st.stroke).str(`" stroke-width="`).num(st.width).str(`" stroke-linecap="square" d="`)
		mark := len(r.buf)
		for i := range r.panels {
			r.panelLines(&r.panels[i], lv, box)
		}
		if len(r.buf) == mark {
			r.buf = r.buf[:start] // no line of this level
			continue
		}
		r.str(`"/>` + "\n")
	}
}

// panelLines writes the path of the lines of level lv of panel p, joining
// neighbouring pieces of one line.
func (r *renderer) panelLines(p *Panel, lv int, box []int) {
	s, m := r.s, r.margin
	x0, y0 := m+float64(p.Col)*s, m+float64(p.Row)*s
	// Horizontal lines: line k runs above row k.
	for k := 0; k <= p.Rows; k++ {
		run := -1
		for c := 0; c <= p.Cols; c++ {
			on := c < p.Cols && level(p.at(k-1, c), p.at(k, c), k, p.BoxRows, box) == lv
			switch {
			case on && run < 0:
				run = c
			case !on && run >= 0:
				r.str("M").num(x0 + float64(run)*s).str(" ").num(y0 + float64(k)*s).str("H").num(x0 + float64(c)*s)
				run = -1
			}
		}
	}
	// Vertical lines: line k runs left of column k.
	for k := 0; k <= p.Cols; k++ {
		run := -1
		for rw := 0; rw <= p.Rows; rw++ {
			on := rw < p.Rows && level(p.at(rw, k-1), p.at(rw, k), k, p.BoxCols, box) == lv
			switch {
			case on && run < 0:
				run = rw
			case !on && run >= 0:
				r.str("M").num(x0 + float64(k)*s).str(" ").num(y0 + float64(run)*s).str("V").num(y0 + float64(rw)*s)
				run = -1
			}
		}
	}
}

// contents writes the digits and marks, a group for each kind, and the
// strokes through removed marks.
func (r *renderer) contents() {
	s := r.s
	big := s * 0.62
	if r.longest() > 1 {
		big = s * 0.46
	}
	small := r.grid.font
	for k := range numTexts {
		items := r.texts[k]
		if len(items) == 0 {
			continue
		}
		font, ink, weight := big, inkEntry, ""
		switch k {
		case textGiven:
			ink, weight = inkGiven, "bold"
		case textConflict, textWrong:
			ink = inkWrong
		case textPlace:
			ink, weight = inkPlace, "bold"
		case textMark, textMore:
			font, ink = small, inkMark
		case textKey:
			font, ink, weight = small, inkKey, "bold"
		case textRemove:
			font, ink = small, inkWrong
		}
		r.str(`<g class="`).str(textNames[k]).str(`" fill="`).str(ink).str(`" font-size="`).num(font)
		if weight != "" {
			r.str(`" font-weight="`).str(weight)
		}
		r.str(`">` + "\n")
		for _, it := range items {
			// The baseline sits a third of the font below the middle, so
			// digits look centred without dominant-baseline, which not
			// every renderer knows.
			r.str(`<text x="`).num(it.x).str(`" y="`).num(it.y + 0.35*font).str(`">`).str(it.s).str("</text>\n")
		}
		r.str("</g>\n")
	}
	if len(r.strike) > 0 {
		r.str(`<path class="strike" fill="none" stroke="` + inkWrong + `" stroke-width="`).num(math.Max(1, small/8)).str(`" d="`)
		for i := 0; i < len(r.strike); i += 3 {
			r.str("M").num(r.strike[i]).str(" ").num(r.strike[i+1]).str("h").num(r.strike[i+2])
		}
		r.str(`"/>` + "\n")
	}
}

func (r *renderer) str(s string) *renderer {
	r.buf = append(r.buf, s...)
	return r
}

func (r *renderer) int(i int) *renderer {
	r.buf = strconv.AppendInt(r.buf, int64(i), 10)
	return r
}

// num writes v rounded to a tenth, without a trailing ".0", in fixed
// point: strconv's float formatting is the costlier way to the same text.
func (r *renderer) num(v float64) *renderer {
	t := int64(math.Round(v * 10))
	if t < 0 {
		r.buf = append(r.buf, '-')
		t = -t
	}
	r.buf = strconv.AppendInt(r.buf, t/10, 10)
	if t%10 != 0 {
		r.buf = append(r.buf, '.', byte('0'+t%10))
	}
	return r
}

// escaped writes s as XML character data.
func (r *renderer) escaped(s string) *renderer {
	var sb strings.Builder
	_ = xml.EscapeText(&sb, []byte(s)) // a strings.Builder does not fail
	r.buf = append(r.buf, sb.String()...)
	return r
}
