package oracle

// This file blanks coverage-ignore hints (istanbul, c8, v8, node:coverage) in the sandbox copies
// of the planned files (issue 9 item 3): under such a hint a coverage tool leaves lines out of its
// report, and bond could not tell whether an added line there ran. The user's tree is never
// changed; only what the sandboxes hold.

import (
	"crypto/sha256"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// BlankHints replaces the coverage-ignore hints of every planned file (a file the patch added
// lines to, whose reach is measured) and every file a mutant changes with spaces (same length, same line breaks: every line and column stays where it was), in the
// tree's sandbox copy: the bytes every sandbox is made from and restored to, and the SHA-256 a
// restore is checked against. The user's text and hash are kept (raw, userSHA) to apply mutants
// to and to check the user's tree against at the end. It records each blanked file in the tree's
// SandboxInfo.
func (t *Tree) BlankHints(planned []plan.FileInfo, muts []plan.Mutant) error {
	var paths []string
	for _, f := range planned {
		paths = append(paths, f.Path)
	}
	for _, m := range muts {
		paths = append(paths, m.Path)
	}
	done := map[string]bool{}
	for _, p := range paths {
		if done[p] {
			continue
		}
		done[p] = true
		f := t.File(p)
		if f == nil || !f.Mode.IsRegular() {
			continue
		}
		src, err := t.Bytes(f)
		if err != nil {
			return err
		}
		out, n := coverage.BlankIgnoreHints(src)
		if n == 0 {
			continue
		}
		f.raw, f.UserSHA, f.Hints = src, f.SHA, n
		f.Content, f.SHA = out, sha256.Sum256(out)
		t.Mirror.HintsBlanked = append(t.Mirror.HintsBlanked, report.HintsBlanked{Path: p, Hints: n})
	}
	return nil
}

// Mutate returns m's file in the sandbox with m applied. In a file whose hints were blanked, the
// mutant is applied to the user's text (the line it was planned on, hint and all) and the result
// is blanked the same way, so the mutated line's own hint goes too and every other line is the
// sandbox copy's.
func (t *Tree) Mutate(m plan.Mutant) ([]byte, error) {
	f := t.File(m.Path)
	if f.Hints == 0 {
		src, err := t.Bytes(f)
		if err != nil {
			return nil, err
		}
		return plan.Apply(src, m)
	}
	mutated, err := plan.Apply(f.raw, m)
	if err != nil {
		return nil, err
	}
	out, _ := coverage.BlankIgnoreHints(mutated)
	return out, nil
}
