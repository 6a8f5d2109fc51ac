package anneal

// Settings is part of what a list of options sets: the part that code
// running its own parallel work out of calls to [Run] or [Solve] has to
// share out itself (the workers, the seeds of their streams, the
// observer's calls, a limit on chains), as package cube's face-by-face
// strategies do.
type Settings struct {
	// Workers is the number of workers of [WithWorkers], at least 1.
	Workers int
	// Seed is the seed of [WithSeed], or a random one when Seeded is
	// false.
	Seed   uint64
	Seeded bool
	// MaxChains is the limit of [WithMaxChains], 0 for none.
	MaxChains int
	// Observer is the function of [WithObserver], nil when none was given.
	Observer func(Progress) error
}

// ReadSettings checks opts as [Run] does and returns the Settings they
// make. A bad option gives an error wrapping [ErrInvalidArgument].
func ReadSettings(opts ...Option) (Settings, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return Settings{}, err
	}
	s := Settings{Workers: max(cfg.workers, 1), Seed: cfg.seed, Seeded: cfg.hasSeed,
		MaxChains: cfg.maxChains, Observer: cfg.observer}
	if !s.Seeded {
		s.Seed = randomSeed()
	}
	return s, nil
}
