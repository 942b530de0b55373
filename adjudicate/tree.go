package adjudicate

// This file is the repository snapshot: the files bond read from the user's tree at the start,
// which every sandbox copies and which the end of the run checks again (SPEC §3.2).

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/plan"
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

// snapshot reads the tree at o's repository and checks that it holds every mutant's file and
// every --oracle file.
func snapshot(ctx context.Context, o Options, muts []plan.Mutant) (*tree, error) {
	root, err := filepath.Abs(o.Plan.Repo)
	if err != nil {
		return nil, input.Errorf("--repo %s: %v", o.Plan.Repo, err)
	}
	t, err := readTree(ctx, root)
	if err != nil {
		return nil, err
	}
	for _, m := range muts {
		if t.file(m.Path) == nil {
			return t, input.Errorf("%s: the file holding mutant %s is not among the files git lists in %s; commit or un-ignore it", m.Path, m.ID, root)
		}
	}
	for _, f := range o.Oracle {
		if t.file(filepath.ToSlash(filepath.Clean(f))) == nil {
			if _, err := os.Stat(filepath.Join(root, f)); err != nil {
				return t, input.Errorf("--oracle %s: no such test file in %s", f, root)
			}
		}
	}
	return t, nil
}
