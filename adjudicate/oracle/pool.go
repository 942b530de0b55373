package oracle

// This file is the sandbox pool: the sandboxes of a run, handed to one task at a time, the one
// way a mutant or canary enters a sandbox and leaves it (withOverride), and the end-of-run
// cleanup that checks the user's tree is as it was (SPEC §3.2).

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
	"golang.org/x/sync/errgroup"
)

// Pool is the run's sandboxes over one snapshot, in a temp directory of their own.
type Pool struct {
	Tree  *Tree
	Work  string
	Boxes []*Box
	free  chan *Box
	// write writes a placed file in the calibration suite's negative control (export_test.go);
	// nil, the sandbox's own link-refusing write (sandbox.place), everywhere else.
	write writeFunc
	// patched is the copy of the tree that no run is placed in or runs in, made on first use
	// (patchedTree): what an in-memory runner reads (inputs.go).
	patchedOnce sync.Once
	patched     string
	patchedErr  error
}

// PatchedTree returns the directory of the run's copy of the patched tree that no mutant is ever
// placed in and no test process runs in, making it on first use with its files read-only: the
// embedded runner bundles from it, so what one run places in its sandbox can never reach
// another run (issue [parity]).
func (p *Pool) PatchedTree() (string, error) {
	p.patchedOnce.Do(func() {
		sb, err := MakeSandbox(p.Tree, SandboxDir(p.Work, p.Tree.Root, "patched"), -1)
		if err != nil {
			p.patchedErr = err
			return
		}
		if len(p.Tree.Workspace) > 0 {
			// A bundler resolving a workspace package by name must find this copy's, not the
			// user's (workspace.go). No run happens here: nothing to reset, so the shim's hold
			// on the directory goes at once.
			if _, err := sb.ShimNodeModules(); err != nil {
				p.patchedErr = err
				return
			}
			sb.Caches.Close()
		}
		for _, f := range p.Tree.Files {
			if f.Mode&fs.ModeSymlink == 0 {
				_ = os.Chmod(filepath.Join(sb.Root, filepath.FromSlash(f.Rel)), f.Mode.Perm()&^0o222)
			}
		}
		p.patched = sb.Root
	})
	return p.patched, p.patchedErr
}

// Override is the one file of a run that differs from the tree: a mutant or a canary.
type Override struct {
	Path    string
	Content []byte
}

// writeFunc writes a file, as os.WriteFile (nil: os.WriteFile).
type writeFunc func(name string, data []byte, perm fs.FileMode) error

// PoolSize is how many sandboxes a certify of nMuts mutants makes: jobs of them, but no more than
// the mutants (and at least two, so the baseline runs twice at once).
func PoolSize(jobs, nMuts int) int { return min(jobs, max(2, nMuts)) }

// OpenPool makes n sandboxes over t (at least one). It returns the pool whenever the work
// directory exists, even with an error, so cleanup can remove it.
func OpenPool(ctx context.Context, t *Tree, n int) (*Pool, error) {
	// The work dir's name, like every path a test can see, does not name bond (SPEC §7: a test
	// must not find out cheaply that it runs under bond): tmp.XXXXXXXX, as mktemp makes.
	work, err := os.MkdirTemp("", "tmp.")
	if err != nil {
		return nil, fmt.Errorf("making bond's temp dir: %w", err)
	}
	p := &Pool{Tree: t, Work: work}
	if faultsOf(ctx).Unplaced {
		p.write = func(string, []byte, fs.FileMode) error { return nil }
	}
	n = max(1, n)
	p.Boxes = make([]*Box, n)
	var g errgroup.Group
	g.SetLimit(2)
	for i := range n {
		g.Go(func() error {
			sb, err := MakeSandbox(t, SandboxDir(work, t.Root, fmt.Sprint(i)), i)
			if err != nil {
				return err
			}
			p.Boxes[i] = sb
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return p, err
	}
	p.free = make(chan *Box, n)
	for _, sb := range p.Boxes {
		p.free <- sb
	}
	return p, nil
}

// SandboxDir is where sandbox slot of a run in work goes (slot is its index, or "patched" for the
// read-only copy): work/SLOT/NAME, NAME the repository's own directory name, so the sandbox's path
// reads like a checkout of it. Its HOME is work/SLOT/.home (sandbox.home), beside it.
func SandboxDir(work, repo, slot string) string {
	name := filepath.Base(repo)
	if name == "/" || name == "." || name == ".home" {
		name = "checkout"
	}
	return filepath.Join(work, slot, name)
}

// Pair returns the two sandboxes of the baseline runs (the same one twice when there is one).
func (p *Pool) Pair() (*Box, *Box) {
	if len(p.Boxes) > 1 {
		return p.Boxes[0], p.Boxes[1]
	}
	return p.Boxes[0], p.Boxes[0]
}

// Run runs tasks over the free sandboxes, each task holding one sandbox, and stops at the first
// error.
func (p *Pool) Run(ctx context.Context, tasks []func(context.Context, *Box) error) error {
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(len(p.Boxes))
	for _, task := range tasks {
		g.Go(func() error {
			return p.With(gctx, func(sb *Box) error {
				if gctx.Err() != nil {
					return context.Cause(gctx)
				}
				return task(gctx, sb)
			})
		})
	}
	err := g.Wait()
	if err != nil && ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return err
}

// With holds a free sandbox while f runs.
func (p *Pool) With(ctx context.Context, f func(*Box) error) error {
	var sb *Box
	select {
	case sb = <-p.free:
	case <-ctx.Done():
		return context.Cause(ctx)
	}
	defer func() { p.free <- sb }()
	return f(sb)
}

// WithMutant applies m to its file's original bytes (hints blanked: blank.go) and runs f with the mutated file in sb.
func (p *Pool) WithMutant(sb *Box, m plan.Mutant, f func(ov *Override) error) error {
	mutated, err := p.Tree.Mutate(m)
	if err != nil {
		return err
	}
	return p.WithOverride(sb, &Override{Path: m.Path, Content: mutated}, f)
}

// WithOverride places ov in sb, runs f, and restores the original, checking its SHA-256. A failed
// restore stops the run, before f's own error.
func (p *Pool) WithOverride(sb *Box, ov *Override, f func(ov *Override) error) error {
	if err := sb.Place(ov.Path, ov.Content, p.write); err != nil {
		return err
	}
	err := f(ov)
	if rerr := sb.Restore(); rerr != nil {
		return rerr
	}
	return err
}

// Cleanup ends a run's use of the tree: it lists what the tests changed in the sandboxes into
// rep, removes them unless keep, and checks that the user's tree is byte-identical to the start.
// t and p may be nil when the run stopped before making them.
func Cleanup(t *Tree, p *Pool, keep bool, rep *report.Report) error {
	if t == nil {
		return nil
	}
	var restoreErr error
	if p != nil {
		var changes []string
		var removeErr error
		changes, removeErr, restoreErr = p.Close(keep)
		rep.TreeChanges = append(rep.TreeChanges, changes...)
		sort.Strings(rep.TreeChanges)
		if removeErr != nil {
			rep.Errors = append(rep.Errors, removeErr.Error())
		}
		if !keep {
			rep.Run.WorkDir = ""
		}
	}
	if bad := t.Verify(); len(bad) > 0 {
		// bond never writes there: another process did, or a test wrote outside its sandbox by
		// absolute path. Either way the run's facts may not describe the tree it started on.
		return fmt.Errorf("the repository changed during the run: %s; certify again on a quiet checkout", strings.Join(bad, ", "))
	}
	return restoreErr
}

// Close ends the pool: it restores any file still placed, lists (sorted, once each) what the
// tests created, changed or removed in the sandboxes, releases their node_modules caches and,
// unless keep, removes the work directory. A failed removal and a failed restore are returned
// apart: the first is worth a line in a report, the second stops the run.
func (p *Pool) Close(keep bool) (changes []string, removeErr, restoreErr error) {
	changed := map[string]bool{}
	for _, sb := range p.Boxes {
		if sb == nil {
			continue
		}
		if sb.Placed != "" {
			if err := sb.Restore(); err != nil && restoreErr == nil {
				restoreErr = err
			}
		}
		for _, c := range sb.Changes() {
			changed[c] = true
		}
		sb.Caches.Close()
	}
	for c := range changed {
		changes = append(changes, c)
	}
	sort.Strings(changes)
	if !keep {
		if err := os.RemoveAll(p.Work); err != nil {
			removeErr = fmt.Errorf("removing sandboxes in %s: %w", p.Work, err)
		}
	}
	return changes, removeErr, restoreErr
}
