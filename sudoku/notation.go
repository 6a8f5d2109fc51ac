package sudoku

// Alphabet is how digits are written as text.
type Alphabet uint8

// The alphabets. The zero value, Base36, is the usual one.
const (
	// Base36 writes 1-9 then A-Z for 10-35 (one character a cell, N <= 35);
	// lower-case letters are read too. This is how 9x9 and 16x16 (1-9A-G)
	// puzzles are usually written.
	Base36 Alphabet = iota
	// Hex writes 0-9 then A-F for the digits 1-16 (one character a cell,
	// N <= 16): the hexadecimal 16x16 convention, where '0' is a digit.
	Hex
	// Decimal writes each digit as a decimal number, separated by spaces
	// (commas are read too): any N.
	Decimal
)

// String returns the alphabet's name.
func (a Alphabet) String() string { return alphabetNames.String(a) }

// MaxDigits returns the largest N the alphabet can write.
func (a Alphabet) MaxDigits() int {
	switch a {
	case Base36:
		return 35
	case Hex:
		return 16
	case Decimal:
		return MaxDigits
	}
	return 0
}

// Notation is how a board is written as text: the alphabet of its digits
// and the character of an empty cell. The zero value is Base36 with '.'.
type Notation struct {
	Alphabet Alphabet `json:"alphabet"`
	// Empty is the character for an empty cell: '.', '_', or '0' (not in
	// Hex, where '0' is a digit). Zero means '.' in Base36 and Hex and
	// '0' in Decimal.
	Empty byte `json:"empty,omitempty"`
}

// emptyChar returns the effective empty-cell character.
func (n Notation) emptyChar() byte {
	switch {
	case n.Empty == '.' || n.Empty == '_':
		return n.Empty
	case n.Empty == '0' && n.Alphabet != Hex:
		return '0'
	case n.Alphabet == Decimal:
		return '0'
	}
	return '.'
}

// digitChar returns the character for digit d (1..35) in a one-character
// alphabet.
func digitChar(a Alphabet, d int) byte {
	const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	if a == Hex {
		return chars[d-1]
	}
	return chars[d]
}

// charDigit returns the digit of character ch in alphabet a, or 0 when ch
// is not a digit there.
func charDigit(a Alphabet, ch byte) int {
	var v int
	switch {
	case isDigit(ch):
		v = int(ch - '0')
	case ch >= 'A' && ch <= 'Z':
		v = int(ch-'A') + 10
	case ch >= 'a' && ch <= 'z':
		v = int(ch-'a') + 10
	default:
		return 0
	}
	if a == Hex {
		if v > 15 {
			return 0
		}
		return v + 1
	}
	return v // '0' gives 0: an empty cell in Base36
}

// isEmptyMark reports whether ch marks an empty cell in alphabet a.
func isEmptyMark(a Alphabet, ch byte) bool {
	return ch == '.' || ch == '_' || (ch == '0' && a != Hex)
}
