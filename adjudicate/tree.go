package adjudicate

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

// tree is the user's repository as bond read it: the files it copies into sandboxes, with their
// hashes at the start (checked again at the end, SPEC §3.2), and the node_modules directories it
// links instead of copying.
type tree struct {
	root        string
	files       []treeFile
	nodeModules []string // slash paths of node_modules directories, outermost only
	gitDirs     []string // the checkout's git directories (listing.gitDirs)
	mirror      report.SandboxInfo
	// workspace are the entries of the node_modules directories that link to packages of the
	// tree itself (workspace.go): each sandbox links them to its own copy.
	workspace []workspaceLink
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
	// hints counts the coverage-ignore hints blanked in the sandbox copy (blank.go); then content
	// and sha are the blanked copy's, raw and userSHA the user's file's.
	hints   int
	raw     []byte
	userSHA [32]byte
}

// keepInMemory is the largest file readTree keeps in memory.
const keepInMemory = 1 << 20

// bytes returns the file's original content, reading a large file from the repository again and
// refusing it if it changed since readTree.
func (t *tree) bytes(f *treeFile) ([]byte, error) {
	if f.content != nil || f.size == 0 {
		return f.content, nil
	}
	b, err := safefile.Read(filepath.Join(t.root, filepath.FromSlash(f.rel)), f.size)
	if err != nil {
		return nil, input.Errorf("reading %s: %v; certify again on a quiet checkout", f.rel, err)
	}
	if sha256.Sum256(b) != f.sha {
		return nil, input.Errorf("%s changed in the repository during the run; certify again on a quiet checkout", f.rel)
	}
	return b, nil
}

// readTree lists the files a sandbox mirrors (listTree: the working tree the user's tests see,
// caches left out) and reads them once.
func readTree(ctx context.Context, root string) (*tree, error) {
	l, err := listTree(ctx, root)
	if err != nil {
		return nil, err
	}
	t := &tree{root: root, nodeModules: l.nodeModules, gitDirs: l.gitDirs, mirror: l.info}
	t.workspace = findWorkspaceLinks(root, l.nodeModules)
	for _, rel := range l.files {
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
			// Looked at as regular, read as regular: a FIFO swapped in since never hangs bond.
			b, err := safefile.Read(abs, max(fi.Size(), safefile.DataMax))
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
		t.mirror.Files++
		t.mirror.Bytes += f.size
		t.files = append(t.files, f)
	}
	return t, nil
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
			// A FIFO, a device or a larger file in its place is a change, found without
			// waiting on it or reading it whole.
			b, err := safefile.Read(abs, max(f.size, int64(len(f.raw)), safefile.DataMax))
			if err != nil {
				changed = append(changed, f.rel)
				continue
			}
			sum = sha256.Sum256(b)
		}
		want := f.sha
		if f.hints > 0 {
			want = f.userSHA
		}
		if sum != want {
			changed = append(changed, f.rel)
		}
	}
	return changed
}

// outsideLinks names the tree's symbolic links that resolve, the way the kernel would in a
// sandbox, to outside the repository: an absolute target, or a relative one whose .. leaves the
// root (through other links of the tree too). A dangling link is judged by its target's path.
func (t *tree) outsideLinks() []string {
	var bad []string
	for _, f := range t.files {
		if f.mode&fs.ModeSymlink == 0 {
			continue
		}
		if target, ok := resolveInside(t.root, f.rel); !ok {
			bad = append(bad, f.rel+" -> "+target)
		}
	}
	return bad
}

// specialLinks names the tree's symbolic links whose target is neither a regular file nor a
// directory (a link to /dev/zero as package.json, to a FIFO as a config): refused even under
// --allow-outside-links, since reading one never ends (SPEC §7).
func (t *tree) specialLinks() []string {
	var bad []string
	for _, f := range t.files {
		if f.mode&fs.ModeSymlink == 0 {
			continue
		}
		fi, err := os.Stat(filepath.Join(t.root, filepath.FromSlash(f.rel)))
		if err != nil || fi.Mode().IsRegular() || fi.IsDir() {
			continue
		}
		bad = append(bad, f.rel+" -> "+f.link)
	}
	return bad
}

// resolveInside follows the slash path rel under root component by component, reading every
// link on the way in the repository, and says whether it stays under root. It returns the link
// target that left it (or the last one read) for the message.
func resolveInside(root, rel string) (string, bool) {
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

// checkLinks is the input error for the tree's symbolic links a sandbox must not copy, or nil:
// links out of the repository (unless allowOutside, --allow-outside-links) and links to a device,
// a FIFO or a socket (always). certify's snapshot and the Lab both ask it, so both refuse alike.
func (t *tree) checkLinks(allowOutside bool) error {
	if bad := t.outsideLinks(); len(bad) > 0 && !allowOutside {
		more := ""
		if len(bad) > 10 {
			bad, more = bad[:10], fmt.Sprintf(" and %d more", len(bad)-10)
		}
		return input.Errorf("symbolic links in %s point out of the repository: %s%s; a test could write through them out of its sandbox. Remove them, or pass --allow-outside-links if you trust the tests with what they point at", t.root, strings.Join(bad, ", "), more)
	}
	if bad := t.specialLinks(); len(bad) > 0 {
		return input.Errorf("symbolic links in %s point at a device, a FIFO or a socket: %s; no test needs one, and a test or bond reading it would wait or read forever. Remove them (--allow-outside-links does not allow these)", t.root, strings.Join(bad, ", "))
	}
	return nil
}

func (t *tree) file(rel string) *treeFile {
	i := sort.Search(len(t.files), func(i int) bool { return t.files[i].rel >= rel })
	if i < len(t.files) && t.files[i].rel == rel {
		return &t.files[i]
	}
	return nil
}

// snapshot reads the tree at repo, checks that it holds every mutant's file and every --oracle
// file (oracle), and blanks the coverage-ignore hints of the planned files (blank.go); symbolic
// links out of the repository are refused unless allowOutsideLinks (--allow-outside-links).
func snapshot(ctx context.Context, repo string, allowOutsideLinks bool, oracle []string, planned []plan.FileInfo, muts []plan.Mutant) (*tree, error) {
	root, err := filepath.Abs(repo)
	if err != nil {
		return nil, input.Errorf("--repo %s: %v", repo, err)
	}
	t, err := readTree(ctx, root)
	if err != nil {
		return nil, err
	}
	if err := t.checkLinks(allowOutsideLinks); err != nil {
		return t, err
	}
	for _, m := range muts {
		if t.file(m.Path) == nil {
			return t, input.Errorf("%s: the file holding mutant %s is not in the working tree bond mirrors from %s (it is missing, or lies in a cache directory bond leaves out: .cache/, coverage/, .nyc_output/, .turbo/, .parcel-cache/)", m.Path, m.ID, root)
		}
	}
	if err := t.blankHints(planned, muts); err != nil {
		return t, err
	}
	for _, f := range oracle {
		if t.file(filepath.ToSlash(filepath.Clean(f))) == nil {
			if _, err := os.Stat(filepath.Join(root, f)); err != nil {
				return t, input.Errorf("--oracle %s: no such test file in %s", f, root)
			}
		}
	}
	return t, nil
}
