package adjudicate

import (
	"context"

	"github.com/bond-tool/bond/adjudicate/oracle"
)

// withoutPlacing is the calibration suite's negative control: sandboxes never write the mutated
// file, so the oracle tests the original. The canary must catch it on its own, so the check of
// what each run saw (inputs.go), the other net for this fault, is off.
func withoutPlacing(ctx context.Context) context.Context {
	return oracle.WithFaults(ctx, oracle.Faults{Unplaced: true, Unchecked: true})
}

// withoutPlacingChecked is the same broken sandbox with the inputs check on: it must make every
// run on a placed file an error (inputs-mismatch), never a kill or an acceptance.
func withoutPlacingChecked(ctx context.Context) context.Context {
	return oracle.WithFaults(ctx, oracle.Faults{Unplaced: true})
}

// withStaleWarm makes every warm worker of a certify under ctx serve stale code — a vitest worker
// skips invalidating the files a run changed, a jest worker gives the mutated file the mtime of
// its first run, so jest's in-memory transform cache serves that run's code: the stale-transform
// failure modes of docs/warm-workers.md, for the probe to catch.
func withStaleWarm(ctx context.Context) context.Context {
	return oracle.WithFaults(ctx, oracle.Faults{StaleWarm: true})
}
