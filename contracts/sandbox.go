package contracts

// This file makes the sandbox copies a contracts run works in, and applies and restores a
// mutation with its SHA-256 checked.
//
// THE ONE TO REPLACE (STYLE §15): this is the second copy of adjudicate's repository snapshot
// and sandbox (adjudicate/tree.go: readTree, verify; adjudicate/sandbox.go: makeSandbox, place,
// restore), kept minimal: the files git lists (tracked, and untracked but not ignored; every
// file but .git outside a checkout) copied, node_modules linked, one mutated file placed and
// restored with its SHA-256 checked, and the repository's files checked byte-identical at the
// end. adjudicate's are unexported and tied to its pool; when they move to a shared package,
// contracts takes its sandboxes from there and this file goes (bringing isolate's read-only
// node_modules with them).

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/internal/gitcmd"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
)

// treeFiles lists the repository's files as slash paths: git ls-files -co --exclude-standard, or
// a walk without .git and node_modules when repo is not a git checkout. nodeModules are the
// outermost node_modules directories, which sandboxes link.
func treeFiles(ctx context.Context, repo string) (files, nodeModules []string, err error) {
	out, gerr := gitcmd.Command(ctx, repo, "ls-files", "-co", "--exclude-standard", "-z", "--", ".").Output()
	if gerr == nil {
		for _, s := range bytes.Split(out, []byte{0}) {
			if len(s) > 0 {
				files = append(files, string(s))
			}
		}
	} else {
		err = filepath.WalkDir(repo, func(p string, d fs.DirEntry, werr error) error {
			if werr != nil {
				return werr
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if !d.IsDir() {
				rel, _ := filepath.Rel(repo, p)
				files = append(files, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("listing %s: %w", repo, err)
		}
	}
	nm := map[string]bool{}
	var kept []string
	for _, f := range files {
		if d := nodeModulesDir(f); d != "" {
			nm[d] = true
			continue
		}
		kept = append(kept, f)
	}
	_ = filepath.WalkDir(repo, func(p string, d fs.DirEntry, werr error) error {
		if werr != nil {
			return nil
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.Name() == "node_modules" && (d.IsDir() || d.Type()&fs.ModeSymlink != 0) {
			rel, _ := filepath.Rel(repo, p)
			nm[filepath.ToSlash(rel)] = true
			return filepath.SkipDir
		}
		return nil
	})
	for d := range nm {
		nodeModules = append(nodeModules, d)
	}
	sort.Strings(kept)
	sort.Strings(nodeModules)
	return kept, nodeModules, nil
}

// sandbox is one copy of the repository. One run uses it at a time.
type sandbox struct {
	root string
	// orig holds the original bytes and SHA-256 of the file currently mutated.
	placed  string
	orig    []byte
	origSHA [32]byte
	mode    fs.FileMode
}

// makeSandbox copies files of repo into dir (real copies, symbolic links kept as links) and links
// each node_modules directory.
func makeSandbox(repo, dir string, files, nodeModules []string) (*sandbox, error) {
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
	for _, rel := range files {
		src := filepath.Join(repo, filepath.FromSlash(rel))
		fi, err := os.Lstat(src)
		if os.IsNotExist(err) {
			continue // tracked, deleted in the working tree
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", src, err)
		}
		if err := mkdir(rel); err != nil {
			return nil, fmt.Errorf("creating sandbox %s: %w", dir, err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(rel))
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			l, err := os.Readlink(src)
			if err != nil {
				return nil, fmt.Errorf("reading link %s: %w", src, err)
			}
			if err := os.Symlink(l, dst); err != nil {
				return nil, fmt.Errorf("copying link %s into the sandbox: %w", rel, err)
			}
		case fi.Mode().IsRegular():
			b, err := safefile.Read(src, safefile.DataMax)
			if err != nil {
				return nil, fmt.Errorf("reading %s: %w", src, err)
			}
			if err := os.WriteFile(dst, b, fi.Mode().Perm()|0o200); err != nil {
				return nil, fmt.Errorf("copying %s into the sandbox: %w", rel, err)
			}
		}
	}
	for _, nm := range nodeModules {
		if err := mkdir(nm); err != nil {
			return nil, fmt.Errorf("creating sandbox %s: %w", dir, err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(nm))
		if _, err := os.Lstat(dst); err == nil {
			continue
		}
		if err := os.Symlink(realPath(filepath.Join(repo, filepath.FromSlash(nm))), dst); err != nil {
			return nil, fmt.Errorf("linking %s into the sandbox: %w", nm, err)
		}
	}
	return &sandbox{root: dir}, nil
}

// writeMutated writes a mutated file into a sandbox. It is a variable only so the calibration's
// negative control can replace it with one that writes nothing (a sandbox that does not place
// the mutated file), which must never come out OK.
var writeMutated = os.WriteFile

// read returns the sandbox's current bytes of rel.
func (sb *sandbox) read(rel string) ([]byte, error) {
	b, err := safefile.Read(filepath.Join(sb.root, filepath.FromSlash(rel)), safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("%s: %v; the file must be among those git lists (commit or un-ignore it)", rel, err)
	}
	return b, nil
}

// place writes content as rel, remembering the original bytes and their SHA-256 for restore.
func (sb *sandbox) place(rel string, orig, content []byte) error {
	if sb.placed != "" {
		return fmt.Errorf("sandbox %s: %s is still mutated; restore it first", sb.root, sb.placed)
	}
	abs := filepath.Join(sb.root, filepath.FromSlash(rel))
	fi, err := os.Stat(abs)
	if err != nil {
		return fmt.Errorf("sandbox %s: %w", sb.root, err)
	}
	sb.placed, sb.orig, sb.origSHA, sb.mode = rel, orig, sha256.Sum256(orig), fi.Mode().Perm()
	return writeMutated(abs, content, sb.mode|0o200)
}

// restore writes the original bytes back and checks their SHA-256; a mismatch is an input error
// (exit 2) that stops the run, because the sandbox no longer holds the repository.
func (sb *sandbox) restore() error {
	if sb.placed == "" {
		return nil
	}
	rel := sb.placed
	abs := filepath.Join(sb.root, filepath.FromSlash(rel))
	if err := os.WriteFile(abs, sb.orig, sb.mode|0o200); err != nil {
		return input.Errorf("sandbox %s: restoring %s failed: %v", sb.root, rel, err)
	}
	got, err := safefile.Read(abs, safefile.DataMax)
	if err != nil {
		return input.Errorf("sandbox %s: reading back restored %s failed: %v", sb.root, rel, err)
	}
	if sha256.Sum256(got) != sb.origSHA {
		return input.Errorf("sandbox %s: restored %s does not match its original SHA-256 %s; something else writes to it (a watcher, a test); the run stops", sb.root, rel, hex.EncodeToString(sb.origSHA[:]))
	}
	sb.placed, sb.orig = "", nil
	return nil
}

// repoSums are the SHA-256 of every file the sandboxes copy (of its target, for a symbolic
// link), as the repository held them when the run began.
type repoSums map[string][32]byte

// sumRepo records the SHA-256 of files under repo. A file listed but absent (tracked, deleted in
// the working tree) is not recorded.
func sumRepo(repo string, files []string) repoSums {
	sums := make(repoSums, len(files))
	for _, rel := range files {
		if sum, err := fileSum(filepath.Join(repo, filepath.FromSlash(rel))); err == nil {
			sums[rel] = sum
		}
	}
	return sums
}

// changed re-reads every recorded file and names, sorted, those that differ or are gone. bond
// never writes into the user's repository; this is the check that nothing did during the run
// (SPEC §3.2, as certify checks).
func (s repoSums) changed(repo string) []string {
	var out []string
	for rel, want := range s {
		if got, err := fileSum(filepath.Join(repo, filepath.FromSlash(rel))); err != nil || got != want {
			out = append(out, rel)
		}
	}
	sort.Strings(out)
	return out
}

// fileSum is the SHA-256 of a file's bytes, or of a symbolic link's target.
func fileSum(abs string) ([32]byte, error) {
	fi, err := os.Lstat(abs)
	if err != nil {
		return [32]byte{}, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		l, err := os.Readlink(abs)
		return sha256.Sum256([]byte(l)), err
	}
	b, err := safefile.Read(abs, safefile.DataMax)
	return sha256.Sum256(b), err
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

// realPath resolves symbolic links in p, or returns p when it cannot.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}
