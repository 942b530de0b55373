package adjudicate

// This file is one sandbox: a copy of the snapshot that runs take turns in, with the one file a
// run mutates placed and restored (SPEC §3.2).

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
)

// sandbox is one copy of the tree that runs take turns in. Only one run uses a sandbox at a time.
type sandbox struct {
	index int
	root  string
	// home is the HOME of every run in the sandbox: an empty directory beside root, made with
	// it, so a test's ~/.gitconfig, ~/.npmrc and ~/.cache land there (SPEC §7).
	home string
	// fs opens the sandbox's files beneath root without following a link: a test may have
	// replaced any of them, or a directory above them, by a link out of the sandbox.
	fs   safefile.Root
	tree *tree
	// placed is the mutated file currently in the sandbox, "" when it holds the original tree.
	placed string
	// controlled: the unmutated oracle ran here once (SPEC §3.2: a control before the first
	// mutant).
	controlled bool
	written    map[string]time.Time // mtime after bond wrote each file
	// caches is the sandbox's own node_modules caches where copy-on-write is unavailable
	// (nmcaches.go); nil where node_modules is linked whole.
	caches *cacheShim
}

// makeSandbox copies t into dir: real copies of every file (never hard links), and a symbolic
// link for every node_modules directory, so installs are shared rather than copied.
func makeSandbox(t *tree, dir string, index int) (*sandbox, error) {
	sb := &sandbox{index: index, root: dir, home: filepath.Join(filepath.Dir(dir), ".home"), fs: safefile.NewRoot(dir), tree: t, written: make(map[string]time.Time, len(t.files))}
	for _, d := range []string{dir, sb.home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("creating sandbox %s: %w", d, err)
		}
	}
	made := map[string]bool{}
	mkdir := func(rel string) error {
		d := path.Dir(rel)
		if d == "." || made[d] {
			return nil
		}
		made[d] = true
		return os.MkdirAll(filepath.Join(dir, filepath.FromSlash(d)), 0o755)
	}
	for _, f := range t.files {
		if err := mkdir(f.rel); err != nil {
			return nil, fmt.Errorf("creating sandbox %s: %w", dir, err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(f.rel))
		if f.mode&fs.ModeSymlink != 0 {
			if err := os.Symlink(f.link, dst); err != nil {
				return nil, fmt.Errorf("copying link %s into sandbox: %w", f.rel, err)
			}
			continue
		}
		b, err := t.bytes(&f)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(dst, b, f.mode.Perm()|0o200); err != nil {
			return nil, fmt.Errorf("copying %s into sandbox: %w", f.rel, err)
		}
		if fi, err := os.Stat(dst); err == nil {
			sb.written[f.rel] = fi.ModTime()
		}
	}
	for _, nm := range t.nodeModules {
		if err := mkdir(nm); err != nil {
			return nil, fmt.Errorf("creating sandbox %s: %w", dir, err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(nm))
		if _, err := os.Lstat(dst); err == nil {
			continue
		}
		src := filepath.Join(t.root, filepath.FromSlash(nm))
		if real, err := filepath.EvalSymlinks(src); err == nil {
			src = real
		}
		if err := os.Symlink(src, dst); err != nil {
			return nil, fmt.Errorf("linking %s into sandbox: %w", nm, err)
		}
	}
	return sb, nil
}

// place writes content as rel in the sandbox (a mutant or a canary), beneath the sandbox and
// through no link (or with write, a test's stand-in, when not nil).
func (sb *sandbox) place(rel string, content []byte, write writeFunc) error {
	if sb.placed != "" {
		return fmt.Errorf("sandbox %d: %s is still mutated; restore it first", sb.index, sb.placed)
	}
	f := sb.tree.file(rel)
	if f == nil {
		return input.Errorf("%s: not among the files bond mirrored from the repository (missing, or in a cache directory it leaves out: .cache/, coverage/, .nyc_output/, .turbo/, .parcel-cache/), so bond cannot mutate it in a sandbox", rel)
	}
	sb.placed = rel
	if write != nil {
		return write(filepath.Join(sb.root, filepath.FromSlash(rel)), content, f.mode.Perm()|0o200)
	}
	if err := sb.fs.WriteFile(rel, content, f.mode.Perm()|0o200); err != nil {
		return sb.writeError("placing a mutant in", rel, err)
	}
	return nil
}

// writeError is the error of a failed write of rel in the sandbox: a path a test replaced by a
// link, a FIFO, a device or a hard link is the tests' tampering, named as such; the run stops
// (exit 2) without writing anything elsewhere.
func (sb *sandbox) writeError(doing, rel string, err error) error {
	var te *safefile.TamperedError
	if errors.As(err, &te) {
		return input.Errorf("sandbox %d: the tests tampered with the tree: %v (bond made it a regular file); bond stopped before %s it, and writes nothing through it. Run these tests only in a sandbox", sb.index, te, strings.TrimSuffix(doing, " in"))
	}
	return input.Errorf("sandbox %d: %s %s failed: %v; the sandbox is in %s", sb.index, doing, rel, err, sb.root)
}

// restore puts the original bytes of the placed file back and checks their SHA-256. A mismatch
// is a setup failure that stops the run (SPEC §3.2: exit 2).
func (sb *sandbox) restore() error {
	rel := sb.placed
	if rel == "" {
		return nil
	}
	f := sb.tree.file(rel)
	orig, err := sb.tree.bytes(f)
	if err != nil {
		return err
	}
	if err := sb.fs.WriteFile(rel, orig, f.mode.Perm()|0o200); err != nil {
		return sb.writeError("restoring", rel, err)
	}
	got, err := sb.fs.ReadFile(rel, f.size)
	if err != nil {
		return sb.writeError("reading back restored", rel, err)
	}
	if sha256.Sum256(got) != f.sha {
		return input.Errorf("sandbox %d: restored %s does not match its original SHA-256 %s; something else writes to it (a watcher, a test); the run stops", sb.index, rel, hex.EncodeToString(f.sha[:]))
	}
	if fi, err := sb.fs.Lstat(rel); err == nil {
		sb.written[rel] = fi.ModTime()
	}
	sb.placed = ""
	return nil
}

// changes lists the files the tests created, changed or removed in the sandbox, by path relative
// to the root, ignoring node_modules links.
func (sb *sandbox) changes() []string {
	var out []string
	seen := make(map[string]bool, len(sb.tree.files))
	for _, f := range sb.tree.files {
		seen[f.rel] = true
		fi, err := sb.fs.Lstat(f.rel)
		if err != nil {
			out = append(out, f.rel)
			continue
		}
		if f.mode&fs.ModeSymlink != 0 {
			continue
		}
		if fi.Size() == f.size && fi.ModTime().Equal(sb.written[f.rel]) && fi.Mode().IsRegular() {
			continue
		}
		// Read beneath the sandbox, at most the original's size: a link, a FIFO or /dev/zero
		// in its place is a change, never a hang or a read of another file.
		b, err := sb.fs.ReadFile(f.rel, f.size)
		if err != nil || sha256.Sum256(b) != f.sha {
			out = append(out, f.rel)
		}
	}
	nm := map[string]bool{}
	for _, d := range sb.tree.nodeModules {
		nm[d] = true
	}
	_ = filepath.WalkDir(sb.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(sb.root, p)
		rel = filepath.ToSlash(rel)
		if rel == "." {
			return nil
		}
		if nm[rel] || d.Name() == ".git" {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if !seen[rel] {
			out = append(out, rel)
		}
		return nil
	})
	sort.Strings(out)
	return out
}
