package oracle

// This file is what a run saw: the record each oracle run carries of the files it loaded, and
// the check that they are the patched tree plus, at most, the run's own mutation (issue
// [parity]). A run that saw anything else is an error, never a kill: a false kill is a false
// held.
//
// Which state is per run and which is shared, and why sharing is safe:
//   - Each sandbox is a copy of the patched tree that one run at a time holds (pool.go). The
//     command runner runs the oracle in it, so a command run sees only its own sandbox's
//     placed file; the check below reads that file back after the run.
//   - The embedded runner is shared by every run: one bundler (esbuild context and parse cache)
//     per test file, and one worker pool. It reads the tree from a copy of its own that no run
//     is placed in or executes in (pool.patched), and gets a run's mutation in memory only; its
//     bundler hashes every byte it hands esbuild, so the record below is of exactly what was
//     bundled. It read sandbox 0 until this file existed, and so bundled whatever mutant
//     sandbox 0 held at the time: the cross-talk of issue [parity].
//   - The incremental cache and the compile cache hold facts and caches keyed by content; they
//     are read before runs and written after them (incremental.go, compilecache.go).

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/safefile"
)

// InputDigest is the digest RunInputs.Digest records of files (path → SHA-256 hex).
func InputDigest(files map[string]string) string {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		fmt.Fprintf(h, "%s  %s\n", files[p], p)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// InputCheck checks runs' inputs against the patched tree. Files outside the tree (node_modules,
// generated files) have no hash bond read at the start; the first run that loads one fixes the
// hash every later run must see.
type InputCheck struct {
	tree *Tree
	mu   sync.Mutex
	seen map[string]string
	// manifest is the first unmutated whole-oracle run's inputs, the baseline every record is
	// relative to (Baseline.Inputs); nil until that run.
	manifest map[string]string
}

// NewInputCheck is the check of what each run loaded against t, the patched tree; nil (no
// check) where ctx carries Faults.Unchecked.
func NewInputCheck(ctx context.Context, t *Tree) *InputCheck {
	if faultsOf(ctx).Unchecked {
		return nil
	}
	return &InputCheck{tree: t, seen: map[string]string{}}
}

// Observe records and checks the inputs of one embedded run with s.ov in memory: it returns the
// record and, when a file's bytes are not what the run should have seen, the mismatches.
func (c *InputCheck) Observe(s RunSpec, loaded map[string]string) (*report.RunInputs, []string) {
	ri := &report.RunInputs{Observed: "bundle", Digest: InputDigest(loaded), Files: len(loaded)}
	var ovSHA string
	if s.Ov != nil {
		sum := sha256.Sum256(s.Ov.Content)
		ovSHA = hex.EncodeToString(sum[:])
		ri.Mutated = &report.InputFile{Path: s.Ov.Path, SHA256: ovSHA}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var bad []string
	for p, got := range loaded {
		want, what := "", ""
		switch {
		case s.Ov != nil && p == s.Ov.Path:
			want, what = ovSHA, "the run's mutation"
		case c.tree.File(p) != nil:
			f := c.tree.File(p)
			want, what = hex.EncodeToString(f.SHA[:]), "the patched tree's"
		default:
			if prev, ok := c.seen[p]; ok {
				want, what = prev, "what earlier runs loaded"
			} else {
				c.seen[p] = got
				continue
			}
		}
		if got != want {
			bad = append(bad, fmt.Sprintf("%s has SHA-256 %s, not %s (%s)", p, short(got), short(want), what))
		}
	}
	sort.Strings(bad)
	if s.Ov == nil && s.Files == nil && c.manifest == nil && len(bad) == 0 {
		c.manifest = loaded
	}
	if c.manifest != nil {
		for p := range c.manifest {
			if _, ok := loaded[p]; !ok {
				ri.Unloaded = append(ri.Unloaded, p)
			}
		}
		for p, h := range loaded {
			if _, ok := c.manifest[p]; !ok {
				ri.Extra = append(ri.Extra, report.InputFile{Path: p, SHA256: h})
			}
		}
		sort.Strings(ri.Unloaded)
		sort.Slice(ri.Extra, func(i, j int) bool { return ri.Extra[i].Path < ri.Extra[j].Path })
	}
	return ri, bad
}

// placed checks, after a command run in sb, that the mutated file still holds the run's
// mutation: the command runner's loads are not observed, so this is what bond can say.
func (c *InputCheck) placed(sb *Box, s RunSpec) (*report.RunInputs, []string) {
	if s.Ov == nil {
		return nil, nil
	}
	sum := sha256.Sum256(s.Ov.Content)
	want := hex.EncodeToString(sum[:])
	ri := &report.RunInputs{Observed: "placed", Mutated: &report.InputFile{Path: s.Ov.Path, SHA256: want}}
	b, err := sb.FS.ReadFile(s.Ov.Path, safefile.DataMax) // a test may have swapped it for a link
	if err != nil {
		return ri, []string{fmt.Sprintf("%s could not be read back after the run: %v", s.Ov.Path, err)}
	}
	got := sha256.Sum256(b)
	if got != sum {
		return ri, []string{fmt.Sprintf("%s has SHA-256 %s after the run, not the mutation's %s: the tests rewrote it", s.Ov.Path, short(hex.EncodeToString(got[:])), short(want))}
	}
	return ri, nil
}

// ManifestFiles is the manifest as the report records it (Baseline.Inputs), sorted by path.
func (c *InputCheck) ManifestFiles() []report.InputFile {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.manifest == nil {
		return nil
	}
	out := make([]report.InputFile, 0, len(c.manifest))
	for p, h := range c.manifest {
		out = append(out, report.InputFile{Path: p, SHA256: h})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// inputsError turns a run whose inputs did not match into an error outcome naming them.
func inputsError(out *RunOutcome, bad []string) {
	out.Status, out.ExitCode, out.Reason = report.StatusError, -1, report.ReasonInputs
	out.KilledBy, out.Failed = "", nil
	out.Err = fmt.Errorf("the run did not see the patched tree plus its own mutation: %s", strings.Join(bad, "; "))
}

// short abbreviates a hex hash for messages.
func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
