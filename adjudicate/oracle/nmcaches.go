package oracle

// This file's one job: the caches toolchains write inside node_modules, where copy-on-write is
// not available (issue 24, deliverable 1's fallback). vite bundles its config into
// node_modules/.vite-temp and vitest keeps results in node_modules/.vite before a single test
// runs; babel-loader, eslint, terser and others keep theirs in node_modules/.cache. Under
// copy-on-write every run writes them into a layer of its own. Where the host refuses the overlay
// (read-only node_modules) such a write fails with EROFS, and where it allows no namespace at all
// (detect) it changes the user's install and stops certify, so a vite project could not be
// certified there. So on those hosts each sandbox's node_modules becomes a directory of its own:
// a link to every entry of the real one, and a real directory for each cache, seeded from the
// real cache (when small) and put back as it was after every run, so no run sees what another
// run wrote into a cache, as under copy-on-write. Any other change to that directory (an entry a
// test replaced, added or removed) stops certify as a write into node_modules does in detect mode.
// An install with workspace links gets the same directory under copy-on-write too, its workspace
// links leading to the sandbox's copies of the packages (workspace.go).

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/proc"
)

// cacheNames are the node_modules entries toolchains write caches into while tests run.
var cacheNames = []string{".cache", ".vite", ".vite-temp"}

// cacheSeedMax is the most a real cache may hold to be copied into every sandbox and back after
// every run; a larger one stays a link to the real directory, protected as the rest of
// node_modules (NodeModulesCaches.Linked says so).
const cacheSeedMax = 16 << 20

// cacheShim is one sandbox's node_modules directories made of links, and their caches.
type cacheShim struct {
	root *os.Root
	// links are, per shimmed directory (slash path in the sandbox: a node_modules directory, or
	// an @scope or .bin directory in one that holds a workspace link), each entry's link target.
	links map[string]map[string]string
	// nested are the @scope and .bin directories (slash paths in the sandbox) bond made
	// directories of their own, since they hold workspace links (workspace.go); links lists
	// their entries.
	nested map[string]bool
	// caches are the cache directories (slash paths in the sandbox) with the real directory
	// their content is copied from after each run, "" for one the install lacks (absent before
	// every run).
	caches map[string]string
}

// ShimNodeModules turns every node_modules link of sb into a directory of links with caches of
// its own, and links each of the tree's workspace links to the sandbox's copy of its package.
// It returns the report's record (the same for every sandbox of a tree).
func (sb *Box) ShimNodeModules() (*report.NodeModulesCaches, error) {
	root, err := os.OpenRoot(sb.Root)
	if err != nil {
		return nil, fmt.Errorf("opening sandbox %s: %w", sb.Root, err)
	}
	sh := &cacheShim{root: root, links: map[string]map[string]string{}, nested: map[string]bool{}, caches: map[string]string{}}
	ws := map[string]string{}
	for _, w := range sb.Tree.Workspace {
		ws[w.rel()] = w.sandboxTarget()
		if dir, _, ok := strings.Cut(w.name, "/"); ok {
			sh.nested[path.Join(w.nm, dir)] = true
		}
	}
	rec := &report.NodeModulesCaches{}
	for _, nm := range sb.Tree.NodeModules {
		real, err := filepath.EvalSymlinks(filepath.Join(sb.Tree.Root, filepath.FromSlash(nm)))
		if err != nil {
			root.Close()
			return nil, fmt.Errorf("resolving %s: %w", nm, err)
		}
		if err := root.Remove(nm); err != nil {
			root.Close()
			return nil, fmt.Errorf("replacing sandbox link %s: %w", nm, err)
		}
		if err := sh.shimDir(nm, real, ws, rec); err != nil {
			root.Close()
			return nil, err
		}
	}
	for c := range sh.caches {
		rec.Dirs = append(rec.Dirs, c)
	}
	sort.Strings(rec.Dirs)
	sort.Strings(rec.Linked)
	if err := sh.Reset(); err != nil {
		root.Close()
		return nil, err
	}
	sb.Caches = sh
	return rec, nil
}

// shimDir makes dir (a slash path in the sandbox) a directory standing for real, entry by entry:
// a workspace link becomes a link to the sandbox's copy (ws holds its target), an @scope or .bin
// directory that holds one a directory of its own in turn, a cache of a node_modules directory
// the sandbox's own (recorded in rec), and any other entry a link to the real one.
func (sh *cacheShim) shimDir(dir, real string, ws map[string]string, rec *report.NodeModulesCaches) error {
	entries, err := os.ReadDir(real)
	if err != nil {
		return fmt.Errorf("listing %s: %w", real, err)
	}
	if err := sh.root.Mkdir(dir, 0o755); err != nil {
		return fmt.Errorf("making sandbox %s: %w", dir, err)
	}
	top := !sh.nested[dir]
	links := map[string]string{}
	present := map[string]bool{}
	for _, e := range entries {
		present[e.Name()] = true
		rel := path.Join(dir, e.Name())
		target := filepath.Join(real, e.Name())
		if top && isCache(e.Name()) && e.IsDir() {
			if size, ok := dirSize(target, cacheSeedMax); ok {
				sh.caches[rel] = target
				continue
			} else if size > 0 {
				rec.Linked = append(rec.Linked, rel)
			}
		}
		if sh.nested[rel] {
			if err := sh.shimDir(rel, target, ws, rec); err != nil {
				return err
			}
			continue
		}
		if t, ok := ws[rel]; ok {
			target = t
		}
		links[e.Name()] = target
		if err := sh.root.Symlink(target, rel); err != nil {
			return fmt.Errorf("linking %s into sandbox: %w", rel, err)
		}
	}
	if top {
		for _, c := range cacheNames {
			if !present[c] {
				sh.caches[path.Join(dir, c)] = ""
			}
		}
	}
	sh.links[dir] = links
	return nil
}

func isCache(name string) bool {
	for _, c := range cacheNames {
		if name == c {
			return true
		}
	}
	return false
}

// dirSize adds up the sizes of the regular files under dir, stopping past max (ok false then).
func dirSize(dir string, max int64) (int64, bool) {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() {
			fi, err := d.Info()
			if err != nil {
				return err
			}
			if n += fi.Size(); n > max {
				return fs.SkipAll
			}
		}
		return nil
	})
	return n, err == nil && n <= max
}

// Reset checks that no run changed the links, then puts every cache back as it was before the
// first run. It works beneath the sandbox root (os.Root), so a directory a test replaced by a link
// out of the sandbox is an error, never a removal elsewhere. A nil shim has nothing to do.
func (sh *cacheShim) Reset() error {
	if sh == nil {
		return nil
	}
	if changed := sh.changedLinks(); len(changed) > 0 {
		return input.Errorf("a run changed the sandbox's node_modules (%s): bond links every entry of your install into it and a test must not replace, add or remove one; the run stops. Do not run this patch's tests outside a sandbox", strings.Join(changed, ", "))
	}
	keys := make([]string, 0, len(sh.caches))
	for c := range sh.caches {
		keys = append(keys, c)
	}
	sort.Strings(keys)
	for _, c := range keys {
		if err := sh.root.RemoveAll(c); err != nil {
			return input.Errorf("clearing the sandbox's cache %s after a run: %v; the run stops", c, err)
		}
		seed := sh.caches[c]
		if seed == "" {
			continue // absent from the install, absent before every run (vite's mkdir fails on one left)
		}
		if err := sh.root.Mkdir(c, 0o755); err != nil {
			return input.Errorf("making the sandbox's cache %s: %v; the run stops", c, err)
		}
		{
			if err := copyBeneath(sh.root, seed, c); err != nil {
				return input.Errorf("seeding the sandbox's cache %s from %s: %v; the run stops", c, seed, err)
			}
		}
	}
	return nil
}

// changedLinks names the entries of the shimmed node_modules directories that are no longer the
// links bond made (and entries that are neither those links nor caches).
func (sh *cacheShim) changedLinks() []string {
	var out []string
	for nm, links := range sh.links {
		f, err := sh.root.Open(nm)
		if err != nil {
			return []string{nm}
		}
		names, err := f.Readdirnames(-1)
		f.Close()
		if err != nil {
			return []string{nm}
		}
		seen := map[string]bool{}
		for _, n := range names {
			seen[n] = true
			rel := path.Join(nm, n)
			if _, cache := sh.caches[rel]; cache {
				continue
			}
			if sh.nested[rel] {
				if fi, err := sh.root.Lstat(rel); err != nil || !fi.IsDir() {
					out = append(out, rel)
				}
				continue
			}
			want, ok := links[n]
			if got, err := sh.root.Readlink(rel); !ok || err != nil || got != want {
				out = append(out, rel)
			}
		}
		for n := range links {
			if !seen[n] {
				out = append(out, path.Join(nm, n))
			}
		}
		for d := range sh.nested {
			if path.Dir(d) == nm && !seen[path.Base(d)] {
				out = append(out, d)
			}
		}
	}
	sort.Strings(out)
	return out
}

// copyBeneath copies the tree at src (outside the sandbox, bond's reading) to dst beneath root:
// directories, regular files and links as links.
func copyBeneath(root *os.Root, src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil || rel == "." {
			return err
		}
		to := path.Join(dst, filepath.ToSlash(rel))
		switch {
		case d.IsDir():
			return root.Mkdir(to, 0o755)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return root.Symlink(target, to)
		case d.Type().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return root.WriteFile(to, b, 0o644)
		}
		return nil // sockets, FIFOs: not a cache's content
	})
}

// Close releases the shim's hold on the sandbox directory.
func (sh *cacheShim) Close() {
	if sh != nil {
		sh.root.Close()
	}
}

// RunIn runs p in sb (runProc), then checks the sandbox's node_modules links and puts its caches
// back as they were before the run.
func RunIn(ctx context.Context, sb *Box, p proc.Spec) (proc.Result, error) {
	res, err := RunProc(ctx, p)
	if cerr := sb.Caches.Reset(); cerr != nil && err == nil {
		err = cerr
	}
	return res, err
}
