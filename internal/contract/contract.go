// Package contract holds what every package of the library needs to keep
// the one contract of the root package's documentation in the same way:
// the argument error, options applied alike, and the text forms of
// enumerations. Each exported package builds on it instead of keeping a
// copy of its own.
package contract

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// ErrInvalidArgument is the one error of a bad argument, exported as
// sudoku.ErrInvalidArgument.
var ErrInvalidArgument = errors.New("invalid argument")

// Invalid returns an error wrapping [ErrInvalidArgument] that reads
// "pkg: what: invalid argument", with what formatted from format and args
// as [Errorf] does.
func Invalid(pkg, format string, args ...any) error {
	return Errorf(pkg, format+": %w", append(args, ErrInvalidArgument)...)
}

// Errorf returns fmt.Errorf("pkg: "+format, args...), with the prefix
// "pkg: " left out of the text of every error among args that starts
// with it (a sentinel of the same package), so that the text names each
// package once: "play: Enter: r1c3: the cell holds a digit", not "play:
// Enter: r1c3: play: the cell holds a digit". The errors are wrapped as
// they are, so errors.Is and errors.As find them.
func Errorf(pkg, format string, args ...any) error {
	prefix := pkg + ": "
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = a
		if err, ok := a.(error); ok && err != nil && strings.HasPrefix(err.Error(), prefix) {
			out[i] = trimmed{err, prefix}
		}
	}
	return fmt.Errorf(prefix+format, out...)
}

// trimmed is err, read without its package prefix.
type trimmed struct {
	err    error
	prefix string
}

func (t trimmed) Error() string { return strings.TrimPrefix(t.err.Error(), t.prefix) }
func (t trimmed) Unwrap() error { return t.err }

// Apply calls apply with every option of opts in order, all of them, and
// then returns the first error met, so that what the options set (a
// WithStats destination, say) is in place whatever the outcome. A nil
// option is the error "pkg: option i is nil", counting from 1. O is a
// package's Option interface.
func Apply[O any](pkg string, opts []O, apply func(O) error) error {
	var first error
	for i, o := range opts {
		var err error
		if any(o) == nil {
			err = Invalid(pkg, "option %d is nil", i+1)
		} else {
			err = apply(o)
		}
		if first == nil {
			first = err
		}
	}
	return first
}

// Enum is the set of types an enumeration of the library may have.
type Enum interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32
}

// Names is the text form of an enumeration whose values are 0, 1, ...:
// value v is named List[v]. Names are read in any case, with spaces,
// hyphens and underscores ignored ("flip rows", "Flip-Rows" and "fliprows"
// are one name), so that they work as command-line flags too.
type Names[T Enum] struct {
	pkg, kind string
	list      []string
	keys      map[string]T
}

// NewNames returns the names of the values of an enumeration of package
// pkg whose values are called kind in messages ("level", "technique").
func NewNames[T Enum](pkg, kind string, list ...string) *Names[T] {
	n := &Names[T]{pkg: pkg, kind: kind, list: list, keys: make(map[string]T, len(list))}
	for i, s := range list {
		n.keys[key(s)] = T(i)
	}
	return n
}

// Alias makes alias read as v too (a name another program uses for it);
// String still writes v's own name. It returns n, for chaining.
func (n *Names[T]) Alias(alias string, v T) *Names[T] {
	n.keys[key(alias)] = v
	return n
}

// List returns the names in the order of their values.
func (n *Names[T]) List() []string { return append([]string(nil), n.list...) }

// Valid reports whether v is a value with a name.
func (n *Names[T]) Valid(v T) bool {
	i := int64(v)
	return i >= 0 && i < int64(len(n.list))
}

// String returns the name of v, or "kind(v)" for a value with none.
func (n *Names[T]) String(v T) string {
	if !n.Valid(v) {
		return fmt.Sprintf("%s(%d)", n.kind, int64(v))
	}
	return n.list[v]
}

// Marshal implements MarshalText: the name of v, or an error wrapping
// [ErrInvalidArgument] for a value with none.
func (n *Names[T]) Marshal(v T) ([]byte, error) {
	if !n.Valid(v) {
		return nil, Invalid(n.pkg, "%s %d has no name", n.kind, int64(v))
	}
	return []byte(n.list[v]), nil
}

// Unmarshal implements UnmarshalText: *p becomes the value named text. An
// unknown name, or a nil p, is an error wrapping [ErrInvalidArgument], and
// *p is then unchanged.
func (n *Names[T]) Unmarshal(p *T, text []byte) error {
	if p == nil {
		return Invalid(n.pkg, "UnmarshalText into a nil %s", n.kind)
	}
	v, err := n.Parse(string(text))
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// Parse returns the value named name, or an error wrapping
// [ErrInvalidArgument] that lists the names.
func (n *Names[T]) Parse(name string) (T, error) {
	if v, ok := n.keys[key(name)]; ok {
		return v, nil
	}
	if len(name) > 40 {
		name = name[:40] + "..."
	}
	return 0, Invalid(n.pkg, "unknown %s %q (want one of %s)", n.kind, name, strings.Join(n.list, ", "))
}

// key folds a name for comparison: lower case, without spaces, hyphens
// and underscores.
func key(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch r {
		case ' ', '-', '_':
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// MaxWorkers is the largest worker count an option of the library takes,
// exported as sudoku.MaxWorkers.
const MaxWorkers = 1024

// Workers checks the count of a WithWorkers option: 0 (one per processor)
// to [MaxWorkers]. Another count is an error wrapping [ErrInvalidArgument].
func Workers(pkg string, n int) error {
	if n < 0 || n > MaxWorkers {
		return Invalid(pkg, "WithWorkers(%d): want 0 to %d", n, MaxWorkers)
	}
	return nil
}
