package oracle

// This file is the repository snapshot: the files bond read from the user's tree at the start
// (which files: mirror.go), which every sandbox copies and which the end of the run checks again
// (SPEC §3.2).

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/plan"
)

// Tree is the user's repository as bond read it: the files it copies into sandboxes, with their
// hashes at the start (checked again at the end, SPEC §3.2), and the node_modules directories it
// links instead of copying.
type Tree struct {
	Root        string
	Files       []TreeFile
	NodeModules []string // slash paths of node_modules directories, outermost only
	GitDirs     []string // the checkout's git directories (listing.gitDirs)
	Mirror      report.SandboxInfo
	// Workspace are the entries of the node_modules directories that link to packages of the
	// tree itself (workspace.go): each sandbox links them to its own copy.
	Workspace []workspaceLink
}

// TreeFile is one file of the snapshot.
type TreeFile struct {
	Rel  string // slash-separated
	Mode fs.FileMode
	Link string // symlink target when mode is a symlink
	SHA  [32]byte
	Size int64
	// Content holds the bytes of files up to keepInMemory; larger ones are copied from the
	// repository (their hash checked) when needed, so a tree with big assets does not fill memory.
	Content []byte
	// Hints counts the coverage-ignore hints blanked in the sandbox copy (blank.go); then content
	// and sha are the blanked copy's, raw and userSHA the user's file's.
	Hints   int
	raw     []byte
	UserSHA [32]byte
}

// KeepInMemory is the largest file readTree keeps in memory.
const KeepInMemory = 1 << 20

// Bytes returns the file's original content, reading a large file from the repository again and
// refusing it if it changed since readTree.
func (t *Tree) Bytes(f *TreeFile) ([]byte, error) {
	if f.Content != nil || f.Size == 0 {
		return f.Content, nil
	}
	b, err := safefile.Read(filepath.Join(t.Root, filepath.FromSlash(f.Rel)), f.Size)
	if err != nil {
		return nil, input.Errorf("reading %s: %v; certify again on a quiet checkout", f.Rel, err)
	}
	if sha256.Sum256(b) != f.SHA {
		return nil, input.Errorf("%s changed in the repository during the run; certify again on a quiet checkout", f.Rel)
	}
	return b, nil
}

// ReadTree lists the files a sandbox mirrors (listTree: the working tree the user's tests see,
// caches left out) and reads them once.
func ReadTree(ctx context.Context, root string) (*Tree, error) {
	l, err := listTree(ctx, root)
	if err != nil {
		return nil, err
	}
	t := &Tree{Root: root, NodeModules: l.nodeModules, GitDirs: l.gitDirs, Mirror: l.info}
	t.Workspace = findWorkspaceLinks(root, l.nodeModules)
	for _, rel := range l.files {
		abs := filepath.Join(root, filepath.FromSlash(rel))
		fi, err := os.Lstat(abs)
		if os.IsNotExist(err) {
			continue // tracked but deleted in the working tree
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", abs, err)
		}
		f := TreeFile{Rel: rel, Mode: fi.Mode()}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			if f.Link, err = os.Readlink(abs); err != nil {
				return nil, fmt.Errorf("reading link %s: %w", abs, err)
			}
			f.SHA = sha256.Sum256([]byte(f.Link))
		case fi.Mode().IsRegular():
			// Looked at as regular, read as regular: a FIFO swapped in since never hangs bond.
			b, err := safefile.Read(abs, max(fi.Size(), safefile.DataMax))
			if err != nil {
				return nil, fmt.Errorf("reading %s: %w", abs, err)
			}
			f.SHA = sha256.Sum256(b)
			f.Size = int64(len(b))
			if len(b) <= KeepInMemory {
				f.Content = b
			}
		default:
			continue // sockets, devices, submodule directories
		}
		t.Mirror.Files++
		t.Mirror.Bytes += f.Size
		t.Files = append(t.Files, f)
	}
	return t, nil
}

// Verify re-reads every file of the tree and names those that changed since readTree. bond
// never writes into the user's tree; this is the check that it did not (SPEC §3.2).
func (t *Tree) Verify() []string {
	var changed []string
	for _, f := range t.Files {
		abs := filepath.Join(t.Root, filepath.FromSlash(f.Rel))
		var sum [32]byte
		if f.Mode&fs.ModeSymlink != 0 {
			l, err := os.Readlink(abs)
			if err != nil {
				changed = append(changed, f.Rel)
				continue
			}
			sum = sha256.Sum256([]byte(l))
		} else {
			// A FIFO, a device or a larger file in its place is a change, found without
			// waiting on it or reading it whole.
			b, err := safefile.Read(abs, max(f.Size, int64(len(f.raw)), safefile.DataMax))
			if err != nil {
				changed = append(changed, f.Rel)
				continue
			}
			sum = sha256.Sum256(b)
		}
		want := f.SHA
		if f.Hints > 0 {
			want = f.UserSHA
		}
		if sum != want {
			changed = append(changed, f.Rel)
		}
	}
	return changed
}

// outsideLinks names the tree's symbolic links that resolve, the way the kernel would in a
// sandbox, to outside the repository: an absolute target, or a relative one whose .. leaves the
// root (through other links of the tree too). A dangling link is judged by its target's path.
func (t *Tree) outsideLinks() []string {
	var bad []string
	for _, f := range t.Files {
		if f.Mode&fs.ModeSymlink == 0 {
			continue
		}
		if target, ok := ResolveInside(t.Root, f.Rel); !ok {
			bad = append(bad, f.Rel+" -> "+target)
		}
	}
	return bad
}

// SpecialLinks names the tree's symbolic links whose target is neither a regular file nor a
// directory (a link to /dev/zero as package.json, to a FIFO as a config): refused even under
// --allow-outside-links, since reading one never ends (SPEC §7).
func (t *Tree) SpecialLinks() []string {
	var bad []string
	for _, f := range t.Files {
		if f.Mode&fs.ModeSymlink == 0 {
			continue
		}
		fi, err := os.Stat(filepath.Join(t.Root, filepath.FromSlash(f.Rel)))
		if err != nil || fi.Mode().IsRegular() || fi.IsDir() {
			continue
		}
		bad = append(bad, f.Rel+" -> "+f.Link)
	}
	return bad
}

// ResolveInside follows the slash path rel under root component by component, reading every
// link on the way in the repository, and says whether it stays under root. It returns the link
// target that left it (or the last one read) for the message.
func ResolveInside(root, rel string) (string, bool) {
	todo := strings.Split(rel, "/")
	var cur []string // resolved components under root
	last := ""
	for hops := 0; len(todo) > 0; {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			if len(cur) == 0 {
				return last, false
			}
			cur = cur[:len(cur)-1]
			continue
		}
		cur = append(cur, c)
		p := filepath.Join(root, filepath.FromSlash(path.Join(cur...)))
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			continue // a missing component is a plain name from here on
		}
		if hops++; hops > 40 {
			return last, false // a loop: refused, as the kernel refuses it (ELOOP)
		}
		target, err := os.Readlink(p)
		if err != nil {
			return last, false
		}
		last = target
		if filepath.IsAbs(target) {
			return target, false
		}
		cur = cur[:len(cur)-1]
		todo = append(strings.Split(filepath.ToSlash(target), "/"), todo...)
	}
	return last, true
}

// CheckLinks is the input error for the tree's symbolic links a sandbox must not copy, or nil:
// links out of the repository (unless allowOutside, --allow-outside-links) and links to a device,
// a FIFO or a socket (always). certify's snapshot and the Lab both ask it, so both refuse alike.
func (t *Tree) CheckLinks(allowOutside bool) error {
	if bad := t.outsideLinks(); len(bad) > 0 && !allowOutside {
		more := ""
		if len(bad) > 10 {
			bad, more = bad[:10], fmt.Sprintf(" and %d more", len(bad)-10)
		}
		return input.Errorf("symbolic links in %s point out of the repository: %s%s; a test could write through them out of its sandbox. Remove them, or pass --allow-outside-links if you trust the tests with what they point at", t.Root, strings.Join(bad, ", "), more)
	}
	if bad := t.SpecialLinks(); len(bad) > 0 {
		return input.Errorf("symbolic links in %s point at a device, a FIFO or a socket: %s; no test needs one, and a test or bond reading it would wait or read forever. Remove them (--allow-outside-links does not allow these)", t.Root, strings.Join(bad, ", "))
	}
	return nil
}

// File returns the snapshot's file at rel (a slash path), or nil when the tree has none.
func (t *Tree) File(rel string) *TreeFile {
	i := sort.Search(len(t.Files), func(i int) bool { return t.Files[i].Rel >= rel })
	if i < len(t.Files) && t.Files[i].Rel == rel {
		return &t.Files[i]
	}
	return nil
}

// Snapshot reads the tree at repo, checks that it holds every mutant's file and every --oracle
// file (oracle), and blanks the coverage-ignore hints of the planned files (blank.go); symbolic
// links out of the repository are refused unless allowOutsideLinks (--allow-outside-links).
func Snapshot(ctx context.Context, repo string, allowOutsideLinks bool, oracle []string, planned []plan.FileInfo, muts []plan.Mutant) (*Tree, error) {
	root, err := filepath.Abs(repo)
	if err != nil {
		return nil, input.Errorf("--repo %s: %v", repo, err)
	}
	t, err := ReadTree(ctx, root)
	if err != nil {
		return nil, err
	}
	if err := t.CheckLinks(allowOutsideLinks); err != nil {
		return t, err
	}
	for _, m := range muts {
		if t.File(m.Path) == nil {
			return t, input.Errorf("%s: the file holding mutant %s is not in the working tree bond mirrors from %s (it is missing, or lies in a cache directory bond leaves out: .cache/, coverage/, .nyc_output/, .turbo/, .parcel-cache/)", m.Path, m.ID, root)
		}
	}
	if err := t.BlankHints(planned, muts); err != nil {
		return t, err
	}
	for _, f := range oracle {
		if t.File(filepath.ToSlash(filepath.Clean(f))) == nil {
			if _, err := os.Stat(filepath.Join(root, f)); err != nil {
				return t, input.Errorf("--oracle %s: no such test file in %s", f, root)
			}
		}
	}
	return t, nil
}
