package cube

// The text forms of the enumerations: each value's name is what its String
// method prints, MarshalText writes it (an error for a value out of range)
// and UnmarshalText and the Parse functions read it back, in any case and
// with spaces, hyphens and underscores ignored ("Six Faces" reads as
// "six-faces"); an unknown name is an error wrapping
// [sudoku.ErrInvalidArgument]. They make the enumerations JSON strings and
// flag values.

// ParseModel returns the model named name: "three-faces" or "six-faces".
func ParseModel(name string) (Model, error) { return modelNames.Parse(name) }

// MarshalText implements encoding.TextMarshaler with [Model.String].
func (m Model) MarshalText() ([]byte, error) { return modelNames.Marshal(m) }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseModel].
func (m *Model) UnmarshalText(text []byte) error { return modelNames.Unmarshal(m, text) }

// ParseEdgeRule returns the edge rule named name: "match" or "differ".
func ParseEdgeRule(name string) (EdgeRule, error) { return edgeNames.Parse(name) }

// MarshalText implements encoding.TextMarshaler with [EdgeRule.String].
func (e EdgeRule) MarshalText() ([]byte, error) { return edgeNames.Marshal(e) }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseEdgeRule].
func (e *EdgeRule) UnmarshalText(text []byte) error { return edgeNames.Unmarshal(e, text) }

// ParseFace returns the face named name: "up", "left", "front", "right",
// "back" or "down".
func ParseFace(name string) (Face, error) { return faceNames.Parse(name) }

// MarshalText implements encoding.TextMarshaler with [Face.String].
func (f Face) MarshalText() ([]byte, error) { return faceNames.Marshal(f) }

// UnmarshalText implements encoding.TextUnmarshaler with [ParseFace].
func (f *Face) UnmarshalText(text []byte) error { return faceNames.Unmarshal(f, text) }

// ParseStrategy returns the strategy named name: "master", "chains" or
// "whole".
func ParseStrategy(name string) (Strategy, error) { return strategyNames.Parse(name) }
