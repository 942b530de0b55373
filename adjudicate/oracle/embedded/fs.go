package embedded

// This file's one job: the read-only view of the repository that node:fs (js/fs.js) answers
// from, lent to the runtime as host functions. A run reads the tree under its root (the
// runner's own copy of the patched tree) with the run's overrides applied, so a read of the
// mutated file sees the mutant; every file whose bytes a run reads is recorded with its SHA-256
// (fileResult.Reads, then Result.Inputs), as the bundler records what it bundled, so the inputs
// check covers what the tests read as well as what they imported.
//
// The view ends at the root: a path outside it, or one whose links lead outside it, answers
// "outside" and js/fs.js refuses the run naming the fs member. The one exception is a
// node_modules link inside the root that leads to another directory named node_modules (the
// sandbox's link to the installed packages): the tree under its target is read as under the
// link. Nothing here writes, watches or opens a descriptor.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/dop251/goja"
)

// maxFSRead bounds one file a test reads through node:fs; past it the read is refused (a
// test that reads a device or a huge file must not fill the worker's memory).
const maxFSRead = 64 << 20

// repoFS is one run's view of the repository.
type repoFS struct {
	root      string            // absolute, links resolved
	overrides map[string][]byte // repo-relative slash path → the run's contents
	reads     map[string]string // repo-relative slash path → SHA-256 (hex) of what a test read
}

// errOutside is a path the view does not reach: outside the root, or through a link out of it.
var errOutside = errors.New("outside the repository")

// rel is abs relative to the root, slash-separated, when abs is lexically inside it.
func (f *repoFS) rel(abs string) (string, bool) {
	if !filepath.IsAbs(abs) {
		return "", false
	}
	abs = filepath.Clean(abs)
	if abs == f.root {
		return ".", true
	}
	if !strings.HasPrefix(abs, f.root+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(abs[len(f.root)+1:]), true
}

// within reports whether real (links resolved) lies in the view: under the root, or under the
// target of a node_modules link on abs's lexical path that leads to a node_modules directory.
func (f *repoFS) within(abs, real string) bool {
	under := func(dir, p string) bool { return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) }
	if under(f.root, real) {
		return true
	}
	rel, _ := f.rel(abs)
	parts := strings.Split(rel, "/")
	for i, p := range parts {
		if p != "node_modules" {
			continue
		}
		link := filepath.Join(f.root, filepath.FromSlash(strings.Join(parts[:i+1], "/")))
		fi, err := os.Lstat(link)
		if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		target, err := filepath.EvalSymlinks(link)
		if err != nil || filepath.Base(target) != "node_modules" {
			continue
		}
		if under(target, real) {
			return true
		}
	}
	return false
}

// resolve checks abs against the view and returns its repo-relative path. With follow, the
// links along the whole path are checked; without it (lstat, readlink), those of its directory.
// A path that does not exist is answered as not existing only when its directory is in view.
func (f *repoFS) resolve(abs string, follow bool) (string, error) {
	rel, ok := f.rel(abs)
	if !ok {
		return "", errOutside
	}
	abs = filepath.Clean(abs)
	check := abs
	if !follow && abs != f.root {
		check = filepath.Dir(abs)
	}
	real, err := filepath.EvalSymlinks(check)
	if err != nil {
		// Not there (or a dangling link): in view only if the nearest existing ancestor is.
		dir := check
		for {
			parent := filepath.Dir(dir)
			if parent == dir {
				return "", errOutside
			}
			dir = parent
			if r, err := filepath.EvalSymlinks(dir); err == nil {
				if !f.within(dir, r) {
					return "", errOutside
				}
				return rel, fs.ErrNotExist
			}
		}
	}
	if !f.within(check, real) {
		return "", errOutside
	}
	return rel, nil
}

// code is the Node error code of err, "outside" for a path out of view.
func fsCode(err error) string {
	switch {
	case errors.Is(err, errOutside):
		return "outside"
	case errors.Is(err, fs.ErrNotExist):
		return "ENOENT"
	case errors.Is(err, fs.ErrPermission):
		return "EACCES"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if s := pe.Err.Error(); strings.Contains(s, "not a directory") {
			return "ENOTDIR"
		} else if strings.Contains(s, "is a directory") {
			return "EISDIR"
		}
	}
	return "EIO"
}

// read returns the file's bytes (the override's, where the run has one) and records them.
func (f *repoFS) read(abs string) ([]byte, string) {
	rel, err := f.resolve(abs, true)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fsCode(err)
	}
	b, ok := f.overrides[rel]
	if !ok {
		if err != nil {
			return nil, "ENOENT"
		}
		fi, err := os.Stat(abs)
		switch {
		case err != nil:
			return nil, fsCode(err)
		case fi.IsDir():
			return nil, "EISDIR"
		case !fi.Mode().IsRegular():
			return nil, "unsupported" // a FIFO or device: a read could block or never end
		case fi.Size() > maxFSRead:
			return nil, "too large"
		}
		if b, err = os.ReadFile(abs); err != nil {
			return nil, fsCode(err)
		}
	}
	sum := sha256.Sum256(b)
	f.reads[rel] = hex.EncodeToString(sum[:])
	return b, ""
}

// stat describes abs as js/fs.js builds a Stats from it: kind ("file", "dir", "link" or
// "other"), size (an override's length for the mutated file) and mode.
func (f *repoFS) stat(abs string, follow bool) (map[string]any, string) {
	rel, err := f.resolve(abs, follow)
	if ov, ok := f.overrides[rel]; ok && (err == nil || errors.Is(err, fs.ErrNotExist)) {
		return map[string]any{"kind": "file", "size": len(ov), "mode": 0o100644}, ""
	}
	if err != nil {
		return nil, fsCode(err)
	}
	var fi fs.FileInfo
	if follow {
		fi, err = os.Stat(abs)
	} else {
		fi, err = os.Lstat(abs)
	}
	if err != nil {
		return nil, fsCode(err)
	}
	kind := "other"
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		kind = "link"
	case fi.IsDir():
		kind = "dir"
	case fi.Mode().IsRegular():
		kind = "file"
	}
	mode := int64(fi.Mode().Perm())
	switch kind {
	case "file":
		mode |= 0o100000
	case "dir":
		mode |= 0o040000
	case "link":
		mode |= 0o120000
	}
	return map[string]any{"kind": kind, "size": fi.Size(), "mode": mode}, ""
}

// readdir lists abs in the directory's own order, as Node's readdir does (libuv's scandir does
// not sort), each entry with its kind.
func (f *repoFS) readdir(abs string) ([][2]string, string) {
	if _, err := f.resolve(abs, true); err != nil {
		return nil, fsCode(err)
	}
	d, err := os.Open(abs)
	if err != nil {
		return nil, fsCode(err)
	}
	defer d.Close()
	fi, err := d.Stat()
	if err != nil {
		return nil, fsCode(err)
	}
	if !fi.IsDir() {
		return nil, "ENOTDIR"
	}
	ents, err := d.ReadDir(-1)
	if err != nil {
		return nil, fsCode(err)
	}
	out := make([][2]string, 0, len(ents))
	for _, e := range ents {
		kind := "other"
		switch t := e.Type(); {
		case t&fs.ModeSymlink != 0:
			kind = "link"
		case t.IsDir():
			kind = "dir"
		case t.IsRegular():
			kind = "file"
		}
		out = append(out, [2]string{e.Name(), kind})
	}
	return out, ""
}

// realpath resolves abs's links, answering the path as seen through the root: a path inside the
// root as it is, one reached through the node_modules link by the link's path (the run's root
// is a copy; its real directory must not leak into what tests compare).
func (f *repoFS) realpath(abs string) (string, string) {
	if _, err := f.resolve(abs, true); err != nil {
		return "", fsCode(err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fsCode(err)
	}
	if _, ok := f.rel(real); ok {
		return real, ""
	}
	return filepath.Clean(abs), ""
}

// linkedRel names a file outside the root that the run reached through the root's node_modules
// link (the sandbox's link to the installed packages; esbuild reports the real path) by the
// link's path, "" when it was not reached that way. A package reading a file beside it
// (path.join(__dirname, …)) then reads it through the link, in view.
func (f *repoFS) linkedRel(abs string) string {
	link := filepath.Join(f.root, "node_modules")
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return ""
	}
	target, err := filepath.EvalSymlinks(link)
	if err != nil || filepath.Base(target) != "node_modules" {
		return ""
	}
	abs = filepath.Clean(abs)
	if !strings.HasPrefix(abs, target+string(filepath.Separator)) {
		return ""
	}
	return "node_modules/" + filepath.ToSlash(abs[len(target)+1:])
}

// lendFS sets on host the read-only file functions js/fs.js calls; each answers [code, value]
// with code "" on success. callerFile is the repository file of the JavaScript frame that
// called the function that called it, for __dirname, __filename and import.meta.
func lendFS(rt *goja.Runtime, host *goja.Object, f *repoFS) error {
	fns := map[string]any{
		"fsRead": func(abs string) []any {
			b, code := f.read(abs)
			if code != "" {
				return []any{code, nil}
			}
			return []any{"", rt.NewArrayBuffer(b)}
		},
		"fsStat": func(abs string, follow bool) []any {
			st, code := f.stat(abs, follow)
			return []any{code, st}
		},
		"fsReaddir": func(abs string) []any {
			ents, code := f.readdir(abs)
			if code != "" {
				return []any{code, nil}
			}
			arr := make([]any, len(ents))
			for i, e := range ents {
				arr[i] = []any{e[0], e[1]}
			}
			return []any{"", arr}
		},
		"fsRealpath": func(abs string) []any {
			p, code := f.realpath(abs)
			return []any{code, p}
		},
		"callerFile": func() string {
			for _, fr := range rt.CaptureCallStack(8, nil) {
				name := fr.Position().Filename
				if name == "" || name == "bond:runtime.js" || name == bundleName {
					continue
				}
				if strings.HasPrefix(name, "../") || filepath.IsAbs(name) {
					return f.linkedRel(filepath.Join(f.root, name))
				}
				return filepath.ToSlash(filepath.Clean(name))
			}
			return ""
		},
	}
	for name, fn := range fns {
		if err := host.Set(name, fn); err != nil {
			return err
		}
	}
	return nil
}
