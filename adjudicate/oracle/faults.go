package oracle

import "context"

// Faults are the failures bond's own tests inject to show that a net catches each of them; no
// command of bond's sets any. The zero value injects none.
type Faults struct {
	// Unplaced makes sandboxes skip writing placed files (a mutant's, a canary's), so the oracle
	// tests the original: the inputs check must make each such run an error.
	Unplaced bool
	// Unchecked turns the inputs check off, so the canary is shown to catch Unplaced on its own
	// (the calibration suite's negative control).
	Unchecked bool
	// StaleWarm makes every warm worker serve stale code (a vitest worker skips invalidating the
	// files a run changed; a jest worker gives the mutated file the mtime of its first run), the
	// failure modes of docs/warm-workers.md the probe must catch.
	StaleWarm bool
}

// faultsKey is the context key of a Faults.
type faultsKey struct{}

// WithFaults returns ctx carrying f for every Open, pool, inputs check and warm pool made under it.
func WithFaults(ctx context.Context, f Faults) context.Context {
	return context.WithValue(ctx, faultsKey{}, f)
}

// faultsOf is the Faults ctx carries (none when it carries none).
func faultsOf(ctx context.Context) Faults {
	f, _ := ctx.Value(faultsKey{}).(Faults)
	return f
}
