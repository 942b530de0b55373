package adjudicate

// This file's one job: what the runs of a certify wrote into node_modules under copy-on-write
// (issue 24), as the report records it.

import (
	"path/filepath"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/isolate"
)

// nodeModulesWrites is the report's record of iso's writes, nil when no run wrote (or the
// protection is not copy-on-write). Paths are made relative to root, the repository.
func nodeModulesWrites(iso *isolate.Isolator, root string) *report.NodeModulesWrites {
	w := iso.Writes()
	if w.Runs == 0 {
		return nil
	}
	out := &report.NodeModulesWrites{Runs: w.Runs, Entries: w.Entries, Sample: []string{}}
	for _, p := range w.Sample {
		if rel, err := filepath.Rel(root, p); err == nil {
			p = filepath.ToSlash(rel)
		}
		out.Sample = append(out.Sample, p)
	}
	return out
}
