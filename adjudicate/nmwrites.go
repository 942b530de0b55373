package adjudicate

// This file's one job: what the runs of a certify wrote into node_modules under copy-on-write
// (issue 24), as the report records it.

import (
	"path/filepath"

	"github.com/bond-tool/bond/internal/isolate"
)

// NodeModulesWrites is what the runs wrote into the node_modules directories the sandboxes link,
// under copy-on-write protection: each run wrote into a layer of its own, thrown away after it, so
// the real install never changed and no run saw another's writes. It matters when a gate builds
// into node_modules for the oracle to use: that output is gone before the oracle runs.
type NodeModulesWrites struct {
	// Runs counts the runs (baseline, controls, mutants, gates) that wrote at least one entry.
	Runs int `json:"runs"`
	// Entries counts the entries written over all runs: files, links, removals, and directories
	// a run made.
	Entries int `json:"entries"`
	// Sample lists the first paths written, repository-relative (at most isolate.SampleSize).
	Sample []string `json:"sample"`
}

// nodeModulesWrites is the report's record of iso's writes, nil when no run wrote (or the
// protection is not copy-on-write). Paths are made relative to root, the repository.
func nodeModulesWrites(iso *isolate.Isolator, root string) *NodeModulesWrites {
	w := iso.Writes()
	if w.Runs == 0 {
		return nil
	}
	out := &NodeModulesWrites{Runs: w.Runs, Entries: w.Entries, Sample: []string{}}
	for _, p := range w.Sample {
		if rel, err := filepath.Rel(root, p); err == nil {
			p = filepath.ToSlash(rel)
		}
		out.Sample = append(out.Sample, p)
	}
	return out
}
