package oracle

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

// Box is one copy of the tree that runs take turns in. Only one run uses a sandbox at a time.
type Box struct {
	Index int
	Root  string
	// Home is the HOME of every run in the sandbox: an empty directory beside root, made with
	// it, so a test's ~/.gitconfig, ~/.npmrc and ~/.cache land there (SPEC §7).
	Home string
	// FS opens the sandbox's files beneath root without following a link: a test may have
	// replaced any of them, or a directory above them, by a link out of the sandbox.
	FS   safefile.Root
	Tree *Tree
	// Placed is the mutated file currently in the sandbox, "" when it holds the original tree.
	Placed string
	// Controlled: the unmutated oracle ran here once (SPEC §3.2: a control before the first
	// mutant).
	Controlled bool
	written    map[string]time.Time // mtime after bond wrote each file
	// Caches is the sandbox's own node_modules caches where copy-on-write is unavailable
	// (nmcaches.go); nil where node_modules is linked whole.
	Caches *cacheShim
}

// MakeSandbox copies t into dir: real copies of every file (never hard links), and a symbolic
// link for every node_modules directory, so installs are shared rather than copied.
func MakeSandbox(t *Tree, dir string, index int) (*Box, error) {
	sb := &Box{Index: index, Root: dir, Home: filepath.Join(filepath.Dir(dir), ".home"), FS: safefile.NewRoot(dir), Tree: t, written: make(map[string]time.Time, len(t.Files))}
	for _, d := range []string{dir, sb.Home} {
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
	for _, f := range t.Files {
		if err := mkdir(f.Rel); err != nil {
			return nil, fmt.Errorf("creating sandbox %s: %w", dir, err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(f.Rel))
		if f.Mode&fs.ModeSymlink != 0 {
			if err := os.Symlink(f.Link, dst); err != nil {
				return nil, fmt.Errorf("copying link %s into sandbox: %w", f.Rel, err)
			}
			continue
		}
		b, err := t.Bytes(&f)
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(dst, b, f.Mode.Perm()|0o200); err != nil {
			return nil, fmt.Errorf("copying %s into sandbox: %w", f.Rel, err)
		}
		if fi, err := os.Stat(dst); err == nil {
			sb.written[f.Rel] = fi.ModTime()
		}
	}
	for _, nm := range t.NodeModules {
		if err := mkdir(nm); err != nil {
			return nil, fmt.Errorf("creating sandbox %s: %w", dir, err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(nm))
		if _, err := os.Lstat(dst); err == nil {
			continue
		}
		src := filepath.Join(t.Root, filepath.FromSlash(nm))
		if real, err := filepath.EvalSymlinks(src); err == nil {
			src = real
		}
		if err := os.Symlink(src, dst); err != nil {
			return nil, fmt.Errorf("linking %s into sandbox: %w", nm, err)
		}
	}
	return sb, nil
}

// Place writes content as rel in the sandbox (a mutant or a canary), beneath the sandbox and
// through no link (or with write, a test's stand-in, when not nil).
func (sb *Box) Place(rel string, content []byte, write writeFunc) error {
	if sb.Placed != "" {
		return fmt.Errorf("sandbox %d: %s is still mutated; restore it first", sb.Index, sb.Placed)
	}
	f := sb.Tree.File(rel)
	if f == nil {
		return input.Errorf("%s: not among the files bond mirrored from the repository (missing, or in a cache directory it leaves out: .cache/, coverage/, .nyc_output/, .turbo/, .parcel-cache/), so bond cannot mutate it in a sandbox", rel)
	}
	sb.Placed = rel
	if write != nil {
		return write(filepath.Join(sb.Root, filepath.FromSlash(rel)), content, f.Mode.Perm()|0o200)
	}
	if err := sb.FS.WriteFile(rel, content, f.Mode.Perm()|0o200); err != nil {
		return sb.WriteError("placing a mutant in", rel, err)
	}
	return nil
}

// WriteError is the error of a failed write of rel in the sandbox: a path a test replaced by a
// link, a FIFO, a device or a hard link is the tests' tampering, named as such; the run stops
// (exit 2) without writing anything elsewhere.
func (sb *Box) WriteError(doing, rel string, err error) error {
	var te *safefile.TamperedError
	if errors.As(err, &te) {
		return input.Errorf("sandbox %d: the tests tampered with the tree: %v (bond made it a regular file); bond stopped before %s it, and writes nothing through it. Run these tests only in a sandbox", sb.Index, te, strings.TrimSuffix(doing, " in"))
	}
	return input.Errorf("sandbox %d: %s %s failed: %v; the sandbox is in %s", sb.Index, doing, rel, err, sb.Root)
}

// Restore puts the original bytes of the placed file back and checks their SHA-256. A mismatch
// is a setup failure that stops the run (SPEC §3.2: exit 2).
func (sb *Box) Restore() error {
	rel := sb.Placed
	if rel == "" {
		return nil
	}
	f := sb.Tree.File(rel)
	orig, err := sb.Tree.Bytes(f)
	if err != nil {
		return err
	}
	if err := sb.FS.WriteFile(rel, orig, f.Mode.Perm()|0o200); err != nil {
		return sb.WriteError("restoring", rel, err)
	}
	got, err := sb.FS.ReadFile(rel, f.Size)
	if err != nil {
		return sb.WriteError("reading back restored", rel, err)
	}
	if sha256.Sum256(got) != f.SHA {
		return input.Errorf("sandbox %d: restored %s does not match its original SHA-256 %s; something else writes to it (a watcher, a test); the run stops", sb.Index, rel, hex.EncodeToString(f.SHA[:]))
	}
	if fi, err := sb.FS.Lstat(rel); err == nil {
		sb.written[rel] = fi.ModTime()
	}
	sb.Placed = ""
	return nil
}

// Changes lists the files the tests created, changed or removed in the sandbox, by path relative
// to the root, ignoring node_modules links.
func (sb *Box) Changes() []string {
	var out []string
	seen := make(map[string]bool, len(sb.Tree.Files))
	for _, f := range sb.Tree.Files {
		seen[f.Rel] = true
		fi, err := sb.FS.Lstat(f.Rel)
		if err != nil {
			out = append(out, f.Rel)
			continue
		}
		if f.Mode&fs.ModeSymlink != 0 {
			continue
		}
		if fi.Size() == f.Size && fi.ModTime().Equal(sb.written[f.Rel]) && fi.Mode().IsRegular() {
			continue
		}
		// Read beneath the sandbox, at most the original's size: a link, a FIFO or /dev/zero
		// in its place is a change, never a hang or a read of another file.
		b, err := sb.FS.ReadFile(f.Rel, f.Size)
		if err != nil || sha256.Sum256(b) != f.SHA {
			out = append(out, f.Rel)
		}
	}
	nm := map[string]bool{}
	for _, d := range sb.Tree.NodeModules {
		nm[d] = true
	}
	_ = filepath.WalkDir(sb.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(sb.Root, p)
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
