package generate

import "fmt"

// The text forms of Symmetry and Transform: String prints a value's name,
// MarshalText writes it (an argument error for a value out of range), and
// UnmarshalText reads it back with the type's Parse function.

// nameOf returns names[v], or typ(v) for a value out of range.
func nameOf[T ~uint8](names []string, v T, typ string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", typ, uint8(v))
}

// marshalName returns names[v], or an argument error naming the method of
// typ and what a value of it is, for a value out of range.
func marshalName[T ~uint8](names []string, v T, typ, what string) ([]byte, error) {
	if int(v) >= len(names) {
		return nil, invalid("%s.MarshalText: no %s %d", typ, what, uint8(v))
	}
	return []byte(names[v]), nil
}

// unmarshalName sets *v to the value parse reads from text, and leaves it
// unchanged on an error; a nil v is an argument error.
func unmarshalName[T any](v *T, text []byte, typ string, parse func(string) (T, error)) error {
	if v == nil {
		return invalid("%s.UnmarshalText: nil *%s", typ, typ)
	}
	got, err := parse(string(text))
	if err != nil {
		return err
	}
	*v = got
	return nil
}

// clip shortens a name for an error message.
func clip(name string) string {
	if len(name) > 40 {
		return name[:40] + "..."
	}
	return name
}
