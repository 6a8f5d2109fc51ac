// Package engine holds what the engines of package search share with the
// portfolio that drives them: how they are told to stop, and what a turn
// of one reports.
//
// The exact depth-first search of package search hosts the others: every
// so many of its dead ends, it hands a turn to each engine that runs
// beside it (the tabu search of package tabu, the clause-learning search
// of package clauses). A turn runs a budget of the engine's own steps
// (moves, conflicts), polls the search's Stop between a few of them, and
// ends with a Report.
package engine

import (
	"context"
	"errors"
	"time"
)

// Stop reports whether a search must end: its context ended, its node
// limit was reached, or another engine answered the call. Engines poll it
// every few steps, from their own goroutine.
type Stop func() bool

// Status is how a turn of an engine ended.
type Status int

const (
	// Unknown: the budget ran out, or Stop reported true.
	Unknown Status = iota
	// Solved: the engine holds a solution.
	Solved
	// Exhausted: the engine proved that no solution (or none but those
	// it already gave) is left.
	Exhausted
	// Abandoned: the engine judged itself unfit for the board and will
	// not find a solution in further turns.
	Abandoned
)

// Report is what a turn of an engine tells the portfolio.
type Report struct {
	Status Status
	// Steps counts the engine's steps in the turn: the tabu search's
	// moves, the clause-learning search's conflicts.
	Steps int64
}

// ErrStopped is the error of a context made by Context once its Stop has
// reported true.
var ErrStopped = errors.New("search: stopped")

// Context returns a context whose Err is ErrStopped once stop reports
// true, polled at each call of Err: for the rules of package logic, which
// look at a context between their steps. It has no deadline, no values
// and no Done channel.
func Context(stop Stop) context.Context { return stopContext{stop} }

type stopContext struct{ stop Stop }

func (stopContext) Deadline() (time.Time, bool) { return time.Time{}, false }
func (stopContext) Done() <-chan struct{}       { return nil }
func (stopContext) Value(any) any               { return nil }
func (c stopContext) Err() error {
	if c.stop() {
		return ErrStopped
	}
	return nil
}

// Engine is what the portfolio asks of an engine that takes turns with
// the exact search: a turn of up to budget steps (budget < 0: no limit),
// polling stop every few steps, that ends with a report.
type Engine interface {
	Run(budget int64, stop Stop) Report
}
