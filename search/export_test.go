package search

// WithGeneralEngine makes a call on a classic 9x9 board use the general
// search instead of the classic one, so that tests can compare the two.
func WithGeneralEngine() Option {
	return optionFunc(func(c *config) error {
		c.general = true
		return nil
	})
}
