package draw_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/cubedoku/cubedoku/draw"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/sudoku"
)

func ExampleSVG() {
	b, _ := sudoku.Parse("1... .2.. ..3. ...4")
	_ = b.Set(1, 3) // the player's entry in r1c2
	var buf bytes.Buffer
	if err := draw.SVG(&buf, b, draw.WithCellSize(30)); err != nil {
		fmt.Println(err)
		return
	}
	// Print the digits: givens, then entries.
	for line := range strings.Lines(buf.String()) {
		if strings.HasPrefix(line, "<g class=") || strings.HasPrefix(line, "<text") {
			fmt.Print(line)
		}
	}
	// Output:
	// <g class="panel">
	// <g class="given" fill="#1a1a1a" font-size="18.6" font-weight="bold">
	// <text x="21" y="27.5">1</text>
	// <text x="51" y="57.5">2</text>
	// <text x="81" y="87.5">3</text>
	// <text x="111" y="117.5">4</text>
	// <g class="entry" fill="#1f5fbf" font-size="18.6">
	// <text x="51" y="27.5">3</text>
}

// A hint step drawn at its last stage, on the player's pencil marks: the
// houses it rests on, its pattern, and the candidates it removes.
func ExampleWithStep() {
	g, _ := sudoku.NewGeometry(2, 3)
	marks := make([]uint64, g.NumCells())
	marks[g.Cell(0, 0)] = logic.Bit(1) | logic.Bit(2)
	marks[g.Cell(0, 3)] = logic.Bit(1) | logic.Bit(2)
	b := sudoku.NewBoard(g)
	s, _ := logic.NewStateFromMarks(b, marks)
	step, _ := logic.NakedPair.Find(s)
	fmt.Println(step)
	var buf bytes.Buffer
	if err := draw.SVG(&buf, b, draw.WithMarks(s.MarkMasks()), draw.WithStep(step, logic.StageStep)); err != nil {
		fmt.Println(err)
		return
	}
	// Print the kinds of marks and how many of each.
	for _, kind := range []string{"mark", "key", "remove"} {
		_, group, _ := strings.Cut(buf.String(), `<g class="`+kind+`"`)
		group, _, _ = strings.Cut(group, "</g>")
		fmt.Println(kind, strings.Count(group, "<text"))
	}
	// Output:
	// naked pair: in row 1, r1c1 and r1c4 can only be 1 or 2, so those two digits go in those two cells and nowhere else in row 1: remove 1 and 2 from r1c2, r1c3, r1c5 and r1c6.
	// mark 196
	// key 4
	// remove 8
}

// A chain step drawn at its last stage: an AIC that logic finds on
// magictour top1465 #611, each link a line between the marks it joins,
// strong links solid and weak ones dashed, its group framed.
func ExampleWithStep_chain() {
	b, _ := sudoku.Parse(".2...3..48..7..39...7....61..3.7...8..6..213.5.........4.8....6..8.1..2..5...9...")
	s, _ := logic.NewState(b)
	step, _ := logic.AIC.Find(s)
	fmt.Println(step)
	var buf bytes.Buffer
	if err := draw.SVG(&buf, b, draw.WithMarks(s.MarkMasks()), draw.WithStep(step, logic.StageStep)); err != nil {
		fmt.Println(err)
		return
	}
	for _, class := range []string{`path class="link strong"`, `path class="link weak"`, `circle class="node"`, `rect class="node"`} {
		fmt.Println(class, strings.Count(buf.String(), "<"+class))
	}
	// Output:
	// AIC: if r7c1 is not 3, r7c5 is 3, so r7c5 is not 2, so 2 is in r9c4 or r9c5, so r9c3 is not 2, so r9c3 is 1; so r7c1 is 3 or r9c3 is 1: remove 1 from r7c1.
	// path class="link strong" 3
	// path class="link weak" 2
	// circle class="node" 5
	// rect class="node" 1
}
