package corpus

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A step that leaves a background child (a dev server an install starts, a watcher) ends when its
// shell does: the child, holding the step's output, neither keeps the step open until its limit
// nor outlives it.
func TestStepWithBackgroundChildEnds(t *testing.T) {
	res := runStep(context.Background(), "sleep 600 & echo x", t.TempDir(), nil, 20*time.Second)
	if res.err != nil || res.ExitCode != 0 || strings.TrimSpace(res.OutputTail) != "x" {
		t.Fatalf("step: err %v, exit %d, output %q; want it to end with exit 0 and output x", res.err, res.ExitCode, res.OutputTail)
	}
}
