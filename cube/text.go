package cube

import (
	"fmt"
	"slices"
	"strings"
)

// The text forms of the enumerations: each value's name is what its String
// method prints, MarshalText writes it (an error for a value out of range)
// and UnmarshalText and the Parse functions read it back, in any case; an
// unknown name is an error wrapping [sudoku.ErrInvalidArgument]. They make
// the enumerations JSON strings and flag values.

// ParseModel returns the model named name: "three faces" or "six faces",
// in any case. An unknown name is an error wrapping
// [sudoku.ErrInvalidArgument].
func ParseModel(name string) (Model, error) { return parseName[Model](modelNames, name, "model") }

// MarshalText implements encoding.TextMarshaler with [Model.String].
func (m Model) MarshalText() ([]byte, error) { return marshalName(modelNames, m, "model") }

// UnmarshalText implements encoding.TextUnmarshaler: "three faces" or
// "six faces".
func (m *Model) UnmarshalText(text []byte) error { return unmarshalName(modelNames, m, text, "model") }

// ParseEdgeRule returns the edge rule named name: "match" or "differ", in
// any case. An unknown name is an error wrapping
// [sudoku.ErrInvalidArgument].
func ParseEdgeRule(name string) (EdgeRule, error) {
	return parseName[EdgeRule](edgeNames, name, "edge rule")
}

// MarshalText implements encoding.TextMarshaler with [EdgeRule.String].
func (e EdgeRule) MarshalText() ([]byte, error) { return marshalName(edgeNames, e, "edge rule") }

// UnmarshalText implements encoding.TextUnmarshaler: "match" or "differ".
func (e *EdgeRule) UnmarshalText(text []byte) error {
	return unmarshalName(edgeNames, e, text, "edge rule")
}

// ParseFace returns the face named name: "up", "left", "front", "right",
// "back" or "down", in any case. An unknown name is an error wrapping
// [sudoku.ErrInvalidArgument].
func ParseFace(name string) (Face, error) { return parseName[Face](faceNames, name, "face") }

// MarshalText implements encoding.TextMarshaler with [Face.String].
func (f Face) MarshalText() ([]byte, error) { return marshalName(faceNames, f, "face") }

// UnmarshalText implements encoding.TextUnmarshaler: "up", "left",
// "front", "right", "back" or "down".
func (f *Face) UnmarshalText(text []byte) error { return unmarshalName(faceNames, f, text, "face") }

// ParseStrategy returns the strategy named name: "master", "chains" or
// "whole", in any case. An unknown name is an error wrapping
// [sudoku.ErrInvalidArgument].
func ParseStrategy(name string) (Strategy, error) {
	return parseName[Strategy](strategyNames, name, "strategy")
}

// name returns names[v], or the kind and number of a value out of range.
func name[T ~int](names []string, v T, kind string) string {
	if v >= 0 && int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s %d", kind, int(v))
}

func marshalName[T ~int](names []string, v T, kind string) ([]byte, error) {
	if v < 0 || int(v) >= len(names) {
		return nil, invalid("unknown %s %d", kind, int(v))
	}
	return []byte(names[v]), nil
}

func unmarshalName[T ~int](names []string, v *T, text []byte, kind string) error {
	if v == nil {
		return invalid("UnmarshalText into a nil %s", kind)
	}
	got, err := parseName[T](names, string(text), kind)
	if err != nil {
		return err
	}
	*v = got
	return nil
}

func parseName[T ~int](names []string, text, kind string) (T, error) {
	i := slices.IndexFunc(names, func(n string) bool { return strings.EqualFold(n, text) })
	if i < 0 {
		return 0, invalid("unknown %s %q (want one of %q)", kind, text, names)
	}
	return T(i), nil
}
