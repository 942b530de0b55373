package adjudicate

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/bond-tool/bond/internal/input"
)

// tree is the user's repository as bond read it: the files it copies into sandboxes, with their
// hashes at the start (checked again at the end, SPEC §3.2), and the node_modules directories it
// links instead of copying.
type tree struct {
	root        string
	files       []treeFile
	nodeModules []string // slash paths of node_modules directories, outermost only
}

type treeFile struct {
	rel  string // slash-separated
	mode fs.FileMode
	link string // symlink target when mode is a symlink
	sha  [32]byte
	size int64
	// content holds the bytes of files up to keepInMemory; larger ones are copied from the
	// repository (their hash checked) when needed, so a tree with big assets does not fill memory.
	content []byte
}

// keepInMemory is the largest file readTree keeps in memory.
const keepInMemory = 1 << 20

// bytes returns the file's original content, reading a large file from the repository again and
// refusing it if it changed since readTree.
func (t *tree) bytes(f *treeFile) ([]byte, error) {
	if f.content != nil || f.size == 0 {
		return f.content, nil
	}
	b, err := os.ReadFile(filepath.Join(t.root, filepath.FromSlash(f.rel)))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", f.rel, err)
	}
	if sha256.Sum256(b) != f.sha {
		return nil, input.Errorf("%s changed in the repository during the run; certify again on a quiet checkout", f.rel)
	}
	return b, nil
}

// readTree lists the files git lists (tracked, and untracked but not ignored), or every file but
// .git when root is not a git checkout, and reads them once.
func readTree(ctx context.Context, root string) (*tree, error) {
	t := &tree{root: root}
	names, err := gitFiles(ctx, root)
	if err != nil {
		return nil, err
	}
	if names == nil {
		names, err = walkFiles(root)
		if err != nil {
			return nil, err
		}
	}
	nm := map[string]bool{}
	for _, rel := range names {
		if d := nodeModulesDir(rel); d != "" {
			nm[d] = true
			continue
		}
		abs := filepath.Join(root, filepath.FromSlash(rel))
		fi, err := os.Lstat(abs)
		if os.IsNotExist(err) {
			continue // tracked but deleted in the working tree
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", abs, err)
		}
		f := treeFile{rel: rel, mode: fi.Mode()}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			if f.link, err = os.Readlink(abs); err != nil {
				return nil, fmt.Errorf("reading link %s: %w", abs, err)
			}
			f.sha = sha256.Sum256([]byte(f.link))
		case fi.Mode().IsRegular():
			b, err := os.ReadFile(abs)
			if err != nil {
				return nil, fmt.Errorf("reading %s: %w", abs, err)
			}
			f.sha = sha256.Sum256(b)
			f.size = int64(len(b))
			if len(b) <= keepInMemory {
				f.content = b
			}
		default:
			continue // sockets, devices, submodule directories
		}
		t.files = append(t.files, f)
	}
	// node_modules directories git ignores are linked too: walk for them without descending.
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && (d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.Name() == "node_modules" && (d.IsDir() || d.Type()&fs.ModeSymlink != 0) {
			rel, _ := filepath.Rel(root, p)
			nm[filepath.ToSlash(rel)] = true
			return filepath.SkipDir
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for d := range nm {
		t.nodeModules = append(t.nodeModules, d)
	}
	sort.Strings(t.nodeModules)
	return t, nil
}

// nodeModulesDir returns the outermost node_modules directory rel lies in, or "".
func nodeModulesDir(rel string) string {
	parts := strings.Split(rel, "/")
	for i, p := range parts[:len(parts)-1] {
		if p == "node_modules" {
			return strings.Join(parts[:i+1], "/")
		}
	}
	return ""
}

// gitFiles returns `git ls-files -co --exclude-standard` of root, or nil when root is not the top
// of a git checkout (then every file is copied).
func gitFiles(ctx context.Context, root string) ([]string, error) {
	top, err := exec.CommandContext(ctx, "git", "-C", root, "rev-parse", "--show-toplevel").Output()
	if err != nil {
		return nil, nil
	}
	abs, _ := filepath.Abs(root)
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if strings.TrimSpace(string(top)) != abs {
		// A subdirectory of a checkout: list relative to it.
		out, err := exec.CommandContext(ctx, "git", "-C", root, "ls-files", "-co", "--exclude-standard", "-z", "--", ".").Output()
		if err != nil {
			return nil, fmt.Errorf("git ls-files in %s: %w", root, err)
		}
		return splitZ(out), nil
	}
	out, err := exec.CommandContext(ctx, "git", "-C", root, "ls-files", "-co", "--exclude-standard", "-z").Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files in %s: %w", root, err)
	}
	return splitZ(out), nil
}

func splitZ(b []byte) []string {
	var out []string
	for _, s := range bytes.Split(b, []byte{0}) {
		if len(s) > 0 {
			out = append(out, string(s))
		}
	}
	sort.Strings(out)
	return out
}

func walkFiles(root string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", root, err)
	}
	return out, nil
}

// verify re-reads every file of the tree and names those that changed since readTree. bond
// never writes into the user's tree; this is the check that it did not (SPEC §3.2).
func (t *tree) verify() []string {
	var changed []string
	for _, f := range t.files {
		abs := filepath.Join(t.root, filepath.FromSlash(f.rel))
		var sum [32]byte
		if f.mode&fs.ModeSymlink != 0 {
			l, err := os.Readlink(abs)
			if err != nil {
				changed = append(changed, f.rel)
				continue
			}
			sum = sha256.Sum256([]byte(l))
		} else {
			b, err := os.ReadFile(abs)
			if err != nil {
				changed = append(changed, f.rel)
				continue
			}
			sum = sha256.Sum256(b)
		}
		if sum != f.sha {
			changed = append(changed, f.rel)
		}
	}
	return changed
}

func (t *tree) file(rel string) *treeFile {
	i := sort.Search(len(t.files), func(i int) bool { return t.files[i].rel >= rel })
	if i < len(t.files) && t.files[i].rel == rel {
		return &t.files[i]
	}
	return nil
}

// sandbox is one copy of the tree that runs take turns in. Only one run uses a sandbox at a time.
type sandbox struct {
	index int
	root  string
	tree  *tree
	// placed is the mutated file currently in the sandbox, "" when it holds the original tree.
	placed string
	// skipPlace is a deliberately broken mode for the calibration suite's negative control: the
	// mutated file is never written, so the oracle tests the original. The canary must catch it.
	skipPlace bool
	// controlled: the unmutated oracle ran here once (SPEC §3.2: a control before the first
	// mutant).
	controlled bool
	written    map[string]time.Time // mtime after bond wrote each file
}

// makeSandbox copies t into dir: real copies of every file (never hard links), and a symbolic
// link for every node_modules directory, so installs are shared rather than copied.
func makeSandbox(t *tree, dir string, index int) (*sandbox, error) {
	sb := &sandbox{index: index, root: dir, tree: t, written: make(map[string]time.Time, len(t.files))}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("creating sandbox %s: %w", dir, err)
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

// place writes content as rel in the sandbox (a mutant or a canary).
func (sb *sandbox) place(rel string, content []byte) error {
	if sb.placed != "" {
		return fmt.Errorf("sandbox %d: %s is still mutated; restore it first", sb.index, sb.placed)
	}
	f := sb.tree.file(rel)
	if f == nil {
		return input.Errorf("%s: not among the files git lists in the repository, so bond cannot mutate it in a sandbox; commit or un-ignore it", rel)
	}
	sb.placed = rel
	if sb.skipPlace {
		return nil
	}
	return os.WriteFile(filepath.Join(sb.root, filepath.FromSlash(rel)), content, f.mode.Perm()|0o200)
}

// restore puts the original bytes of the placed file back and checks their SHA-256. A mismatch
// is a setup failure that stops the run (SPEC §3.2: exit 2).
func (sb *sandbox) restore() error {
	rel := sb.placed
	if rel == "" {
		return nil
	}
	f := sb.tree.file(rel)
	abs := filepath.Join(sb.root, filepath.FromSlash(rel))
	orig, err := sb.tree.bytes(f)
	if err != nil {
		return err
	}
	if err := os.WriteFile(abs, orig, f.mode.Perm()|0o200); err != nil {
		return input.Errorf("sandbox %d: restoring %s failed: %v; the sandbox is in %s", sb.index, rel, err, sb.root)
	}
	got, err := os.ReadFile(abs)
	if err != nil {
		return input.Errorf("sandbox %d: reading back restored %s failed: %v", sb.index, rel, err)
	}
	if sha256.Sum256(got) != f.sha {
		return input.Errorf("sandbox %d: restored %s does not match its original SHA-256 %s; something else writes to it (a watcher, a test); the run stops", sb.index, rel, hex.EncodeToString(f.sha[:]))
	}
	if fi, err := os.Stat(abs); err == nil {
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
		abs := filepath.Join(sb.root, filepath.FromSlash(f.rel))
		fi, err := os.Lstat(abs)
		if err != nil {
			out = append(out, f.rel)
			continue
		}
		if f.mode&fs.ModeSymlink != 0 {
			continue
		}
		if fi.Size() == f.size && fi.ModTime().Equal(sb.written[f.rel]) {
			continue
		}
		b, err := os.ReadFile(abs)
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

// canaryOf returns src with a statement that throws on load inserted as a new first line (after a
// shebang line, which must stay first). It throws in scripts and in ES modules alike: import
// declarations are hoisted, but the throw still runs when the module body is evaluated, before
// anything the tests call. Placed before a "use strict" directive it turns that directive into a
// plain expression, which cannot matter: nothing after the throw runs.
func canaryOf(src []byte) []byte {
	nl := "\n"
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		nl = "\r\n"
	}
	stmt := []byte(`throw new Error("bond canary: this file was loaded");` + nl)
	at := 0
	if bytes.HasPrefix(src, []byte("#!")) {
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			at = i + 1
		} else {
			return append(append(append([]byte{}, src...), []byte(nl)...), stmt...)
		}
	}
	out := make([]byte, 0, len(src)+len(stmt))
	out = append(out, src[:at]...)
	out = append(out, stmt...)
	out = append(out, src[at:]...)
	return out
}
