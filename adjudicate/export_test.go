package adjudicate

import (
	"context"
	"io/fs"
)

// withoutPlacing is the calibration suite's negative control: sandboxes never write the mutated
// file, so the oracle tests the original. The canary must catch it.
func withoutPlacing(ctx context.Context) context.Context {
	return context.WithValue(ctx, writerKey{}, writeFunc(func(string, []byte, fs.FileMode) error { return nil }))
}
