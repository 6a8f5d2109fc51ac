package main

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/cubedoku/cubedoku/generate"
	"github.com/cubedoku/cubedoku/internal/cli"
	"github.com/cubedoku/cubedoku/logic"
	"github.com/cubedoku/cubedoku/search"
	"github.com/cubedoku/cubedoku/sudoku"
)

// tarhiniRules are the rules of the paper, easiest first: elimination
// (naked single), lone ranger (hidden single), twins (naked pair) and
// triplets, which the naked triple covers in every shape.
var tarhiniRules = logic.Rules{logic.NakedSingle, logic.HiddenSingle, logic.NakedPair, logic.NakedTriple}

// shapes are the shapes of a naked triple by the candidates of its three
// cells; the paper names the first three, the last is the one it misses.
var shapes = []string{"{a,b,c} ×3", "{a,b,c} ×2 + a pair", "{a,b,c} + two pairs", "{a,b},{b,c},{a,c}"}

func tarhini(ctx context.Context, r *report) error {
	cfg := r.cfg
	k := pick(cfg, 20, 3)
	r.para("The paper's example puzzles are not available here, so the generator makes puzzles that need its rules: 9x9, minimal, each requiring a triplet " +
		"(`generate.WithRequired(logic.NakedTriple)`: the easiest way to solve it by the library's rules takes one) and no rule rated above it. " +
		"Each is then solved by the library's rules up to the triple, easiest first, restarting at the first rule after every step, as the paper did: " +
		"the paper's rules and those of the same rating or below that it lacks, brute force (`search.Solve`) finishing what they leave; " +
		"the triplets found are sorted by shape. The library's naked triple is the general naked-subset rule for three cells, so it finds all four shapes.")
	r.differs("Tarhini's example puzzles are not reproduced in the project's notes of the paper, so %d puzzles made by package generate stand in for them.", k)
	g, err := sudoku.GeometryForSize(9)
	if err != nil {
		return err
	}
	// The library's rules up to the triple: the paper's, and those of the
	// same rating or below that it lacks (locked candidates, hidden pairs).
	var ladder logic.Rules
	var forbidden []logic.Technique
	for _, t := range logic.Techniques() {
		if t.Rating() <= logic.NakedTriple.Rating() {
			ladder = append(ladder, t)
		} else {
			forbidden = append(forbidden, t)
		}
	}
	uses := map[logic.Technique]int{}
	shapeCount := make([]int, len(shapes))
	var raw [][]string
	var firstLog strings.Builder
	solved, left, paperOnly := 0, 0, 0
	for i := range k {
		p, err := generate.New(ctx, g, generate.WithSeed(generate.PuzzleSeed(cfg.seed, i)), generate.WithRequired(logic.NakedTriple),
			generate.WithForbidden(forbidden...), generate.WithWorkers(1))
		if err != nil {
			return err
		}
		s, err := logic.NewState(p.Board)
		if err != nil {
			return err
		}
		steps := 0
		for {
			st, _, err := ladder.Next(s)
			if errors.Is(err, logic.ErrNoStep) {
				break
			}
			if err != nil {
				return err
			}
			steps++
			uses[st.Rule]++
			shape := ""
			if st.Rule == logic.NakedTriple {
				si := tripleShape(s, st.Cells)
				shapeCount[si]++
				shape = shapes[si]
			}
			if i == 0 {
				mark := " "
				if slices.Contains(tarhiniRules, logic.Rule(st.Rule)) {
					mark = "*"
				}
				fmt.Fprintf(&firstLog, "%3d.%s %s", steps, mark, st.Text)
				if shape != "" {
					fmt.Fprintf(&firstLog, " [shape %s]", shape)
				}
				firstLog.WriteString("\n")
			}
			if err := s.Apply(st); err != nil {
				return err
			}
		}
		alone, err := logic.NewState(p.Board)
		if err != nil {
			return err
		}
		if _, err := tarhiniRules.Reduce(ctx, alone); err != nil {
			return err
		}
		if alone.Left() == 0 {
			paperOnly++
		}
		if s.Left() == 0 {
			solved++
		} else {
			left += s.Left()
			b := p.Board.Clone()
			if err := s.Fill(b); err != nil {
				return err
			}
			sol, err := search.Solve(ctx, b, search.WithWorkers(1))
			if err == nil {
				err = cli.CheckSolution(p.Board, sol)
			}
			if err != nil {
				return err
			}
		}
		raw = append(raw, []string{strconv.Itoa(i), p.Board.Line(), strconv.Itoa(p.Clues()), strconv.Itoa(steps), strconv.Itoa(s.Left())})
	}
	var out [][]string
	for _, t := range ladder {
		inPaper := "yes"
		if !slices.Contains(tarhiniRules, t) {
			inPaper = "no"
		}
		out = append(out, []string{t.Name(), inPaper, strconv.Itoa(uses[t.(logic.Technique)])})
	}
	r.table([]string{"rule", "in the paper", fmt.Sprintf("steps over the %d puzzles:", k)}, out)
	out = nil
	for i, sh := range shapes {
		named := "yes"
		if i == len(shapes)-1 {
			named = "no: the fourth shape"
		}
		out = append(out, []string{sh, named, strconv.Itoa(shapeCount[i])})
	}
	r.table([]string{"triplet shape (candidates of the three cells)", "in the paper", "found:"}, out)
	brute := ""
	if solved < k {
		brute = fmt.Sprintf(" (brute force finished the others, from %d cells left in all)", left)
	}
	r.para("These rules solved %d of the %d puzzles%s; the paper's rules alone, without brute force, %d. "+
		"The steps on the first puzzle, those of the paper's rules marked *:", solved, k, brute, paperOnly)
	r.para("```\n%s```", firstLog.String())
	r.protocol("%d puzzles, one worker", k)
	r.headlineRow("Tarhini 2011", "puzzles needing a triplet solved by its rules alone", "—", fmt.Sprintf("%d of %d", paperOnly, k), "—")
	r.headlineRow("Tarhini 2011", "triplets of the fourth shape, which its rules miss", "not found", fmt.Sprintf("%d of %d triplets", shapeCount[3], sum(shapeCount)), "—")
	return r.csv("tarhini", []string{"puzzle", "board", "clues", "steps", "cells_left"}, raw)
}

// tripleShape returns the index in shapes of a naked triple on cells:
// how many of them hold all three digits.
func tripleShape(s *logic.State, cells []int) int {
	full := 0
	for _, c := range cells {
		if bits.OnesCount64(s.Candidates(c)) == 3 {
			full++
		}
	}
	return 3 - full
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
