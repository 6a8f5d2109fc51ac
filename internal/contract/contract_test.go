package contract

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

type colour uint8

var colourNames = NewNames[colour]("test", "colour", "red", "dark green").Alias("verde", 1)

func (c colour) String() string                { return colourNames.String(c) }
func (c colour) MarshalText() ([]byte, error)  { return colourNames.Marshal(c) }
func (c *colour) UnmarshalText(b []byte) error { return colourNames.Unmarshal(c, b) }

func TestNames(t *testing.T) {
	for _, name := range []string{"dark green", "Dark-Green", "DARK_GREEN", "darkgreen", "verde"} {
		got, err := colourNames.Parse(name)
		if err != nil || got != 1 {
			t.Errorf("Parse(%q) = %v, %v; want dark green", name, got, err)
		}
	}
	if _, err := colourNames.Parse("blue"); !errors.Is(err, ErrInvalidArgument) ||
		!strings.Contains(err.Error(), "red, dark green") {
		t.Errorf("Parse(blue): %v; want an argument error listing the names", err)
	}
	if got := colour(7).String(); got != "colour(7)" {
		t.Errorf("String of 7 = %q", got)
	}
	if _, err := colour(2).MarshalText(); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("MarshalText of 2: %v", err)
	}
	var nilColour *colour
	if err := nilColour.UnmarshalText([]byte("red")); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("UnmarshalText into nil: %v", err)
	}
	c := colour(1)
	if err := c.UnmarshalText([]byte("pink")); err == nil || c != 1 {
		t.Errorf("a failed UnmarshalText gave %v, %v; want an error and no change", c, err)
	}
	data, err := json.Marshal([]colour{0, 1})
	if err != nil || string(data) != `["red","dark green"]` {
		t.Fatalf("json.Marshal = %s, %v", data, err)
	}
	var back []colour
	if err := json.Unmarshal(data, &back); err != nil || len(back) != 2 || back[0] != 0 || back[1] != 1 {
		t.Errorf("json round trip = %v, %v", back, err)
	}
	list := colourNames.List()
	list[0] = "changed"
	if colour(0).String() != "red" {
		t.Error("List gave out the table itself")
	}
}

// option is an interface, as the packages' Option types are.
type option interface{ apply(*int) error }

type optionFunc func(*int) error

func (f optionFunc) apply(p *int) error { return f(p) }

func TestApply(t *testing.T) {
	var n int
	set := func(v int) option { return optionFunc(func(p *int) error { *p = v; return nil }) }
	bad := optionFunc(func(*int) error { return Invalid("test", "bad") })
	err := Apply("test", []option{set(1), nil, bad, set(4)}, func(o option) error { return o.apply(&n) })
	if !errors.Is(err, ErrInvalidArgument) || err.Error() != "test: option 2 is nil: invalid argument" {
		t.Errorf("Apply: %v; want the nil option 2 reported", err)
	}
	if n != 4 {
		t.Errorf("Apply stopped early: n = %d, want 4 (every option applied)", n)
	}
	if err := Apply[option]("test", nil, nil); err != nil {
		t.Errorf("Apply of no options: %v", err)
	}
}

func TestWorkers(t *testing.T) {
	for _, n := range []int{0, 1, MaxWorkers} {
		if err := Workers("test", n); err != nil {
			t.Errorf("Workers(%d): %v", n, err)
		}
	}
	for _, n := range []int{-1, MaxWorkers + 1} {
		if err := Workers("test", n); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("Workers(%d): %v, want ErrInvalidArgument", n, err)
		}
	}
}

// TestErrorfOnePrefix: a wrapped error of the same package loses its
// prefix in the text, not in the chain; another package's keeps its own.
func TestErrorfOnePrefix(t *testing.T) {
	own := errors.New("play: the cell holds a digit")
	other := errors.New("sudoku: cell is a given")
	err := Invalid("play", "Enter: %s: %w: %w", "r1c3", own, other)
	if got, want := err.Error(), "play: Enter: r1c3: the cell holds a digit: sudoku: cell is a given: invalid argument"; got != want {
		t.Errorf("text %q, want %q", got, want)
	}
	if !errors.Is(err, own) || !errors.Is(err, other) || !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("%v does not wrap all three", err)
	}
}
