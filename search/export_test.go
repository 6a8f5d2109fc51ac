package search

// WithGeneralEngine makes a call on a classic 9x9 board use the general
// search instead of the classic one, so that tests can compare the two.
func WithGeneralEngine() Option {
	return optionFunc(func(c *config) error {
		c.general = true
		return nil
	})
}

// WithStackBytes bounds the memory of each worker's stack of states to
// about n bytes instead of the default, so that tests can make small
// boards give up and rebuild states (see Stats.Rebuilt).
func WithStackBytes(n int) Option {
	return optionFunc(func(c *config) error {
		c.stackBytes = n
		return nil
	})
}

// WithFirstCutoff sets the cutoff of the first run of Solve's first
// worker, in dead ends, so that tests can make small boards restart.
func WithFirstCutoff(n int64) Option {
	return optionFunc(func(c *config) error {
		c.firstCutoff = n
		return nil
	})
}

// WithLocalFrom makes Solve run its tabu search on boards of n digits and
// more instead of 36, with one worker from the first node on (and with
// several, the other workers from the first node, the second's
// clause-learning search without waiting for the tabu search to stall),
// so that tests can try it on small boards; a negative n runs none.
func WithLocalFrom(n int) Option {
	return optionFunc(func(c *config) error {
		c.localFrom = n
		return nil
	})
}

// WithClausesFrom makes Solve, where it runs no tabu search, and Count to
// 1 or 2 take turns with a clause-learning search on boards of n digits
// and more instead of 25, from the first node on, so that tests can try
// them on small boards; a negative n runs none.
func WithClausesFrom(n int) Option {
	return optionFunc(func(c *config) error {
		c.clausesFrom = n
		return nil
	})
}

// WithHall turns the all-different filter of the exact search on
// (true) or off (false) on every board, so that tests can try it on small
// boards and measure it on big ones.
func WithHall(on bool) Option {
	return optionFunc(func(c *config) error {
		c.hall = -1
		if on {
			c.hall = 1
		}
		return nil
	})
}

// WithHallAfter turns the all-different filter of the exact search on
// once a worker has met n >= 0 dead ends, whatever the board (as the
// searches do on boards of 25 digits and more after hallAfter), so that
// tests can make it start in the middle of a small search.
func WithHallAfter(n int) Option {
	return optionFunc(func(c *config) error {
		c.hall = n + 1
		return nil
	})
}
