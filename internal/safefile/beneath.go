package safefile

// This file's one job: open files of a directory a test could have changed (a sandbox) relative
// to that directory, without following any symbolic link and without leaving it, so bond's own
// writes, restores and reads of sandbox content never land on or read from anything else.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"golang.org/x/sys/unix"
)

// Root is a directory whose files bond opens only beneath it, through no symbolic link (openat2
// with RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS where the kernel has it, else a walk that opens each
// component with O_NOFOLLOW). Paths are slash-separated and relative to the root.
type Root struct {
	dir string
}

// NewRoot returns the Root of dir, which should be absolute.
func NewRoot(dir string) Root { return Root{dir: dir} }

// Dir returns the root's directory.
func (r Root) Dir() string { return r.dir }

// TamperedError says that a path of a Root is not the regular file bond left there: a test
// replaced it, or a directory above it, by a symbolic link, a FIFO, a device, a directory or a
// hard link to another file.
type TamperedError struct {
	Rel  string // the path under the root
	What string // what it is now, e.g. "a symbolic link" or "under src, a symbolic link"
}

func (e *TamperedError) Error() string { return e.Rel + " is " + e.What + ", not a regular file" }

// openat2Missing is set once openat2 turned out not to exist here (kernel before 5.6, or a
// seccomp filter that refuses it): then every open walks.
var openat2Missing bool

// open opens rel beneath r with flags (O_NOFOLLOW and O_CLOEXEC added), refusing any symbolic
// link on the way or at the end. A component that is a link is a *TamperedError.
func (r Root) open(rel string, flags int, perm uint32) (int, error) {
	clean, err := checkRel(rel)
	if err != nil {
		return -1, err
	}
	flags |= unix.O_NOFOLLOW | unix.O_CLOEXEC
	dirfd, err := unix.Open(r.dir, unix.O_DIRECTORY|unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, &fs.PathError{Op: "open", Path: r.dir, Err: err}
	}
	defer unix.Close(dirfd)
	if !openat2Missing {
		how := unix.OpenHow{Flags: uint64(flags), Mode: uint64(perm), Resolve: unix.RESOLVE_BENEATH | unix.RESOLVE_NO_SYMLINKS | unix.RESOLVE_NO_MAGICLINKS}
		for {
			fd, err := unix.Openat2(dirfd, clean, &how)
			switch {
			case err == nil:
				return fd, nil
			case err == unix.EINTR || err == unix.EAGAIN:
				continue // openat2 asks for a retry when a rename raced the lookup
			case err == unix.ENOSYS:
				openat2Missing = true
			case err == unix.EPERM:
				// A seccomp filter that refuses openat2 rather than hide it: walk this time,
				// which also finds any other cause.
			case err == unix.ELOOP || err == unix.EXDEV:
				return -1, r.describe(clean, err)
			default:
				return -1, &fs.PathError{Op: "open", Path: path.Join(r.dir, clean), Err: err}
			}
			break
		}
	}
	return r.walk(dirfd, clean, flags, perm)
}

// walk opens clean beneath dirfd one component at a time, each with O_NOFOLLOW, as open does
// where openat2 is missing.
func (r Root) walk(dirfd int, clean string, flags int, perm uint32) (int, error) {
	parts := strings.Split(clean, "/")
	cur, err := unix.Dup(dirfd)
	if err != nil {
		return -1, err
	}
	for i, p := range parts {
		last := i == len(parts)-1
		f := unix.O_DIRECTORY | unix.O_NOFOLLOW | unix.O_CLOEXEC | unix.O_PATH
		if last {
			f = flags
		}
		next, err := unix.Openat(cur, p, f, perm)
		unix.Close(cur)
		if err == unix.ELOOP || err == unix.ENOTDIR {
			return -1, r.describe(clean, err)
		}
		if err != nil {
			return -1, &fs.PathError{Op: "open", Path: path.Join(r.dir, clean), Err: err}
		}
		cur = next
	}
	return cur, nil
}

// describe turns a refused lookup of clean into the *TamperedError that names the first
// component that is not a plain directory (or, at the end, not a regular file).
func (r Root) describe(clean string, cause error) error {
	parts := strings.Split(clean, "/")
	for i := range parts {
		sub := strings.Join(parts[:i+1], "/")
		fi, err := os.Lstat(path.Join(r.dir, sub))
		if err != nil {
			break
		}
		last := i == len(parts)-1
		if fi.Mode()&fs.ModeSymlink != 0 || !last && !fi.IsDir() || last && !fi.Mode().IsRegular() {
			what := kind(fi.Mode())
			if !last {
				what = "under " + sub + ", which is " + what
			}
			return &TamperedError{Rel: clean, What: what}
		}
	}
	return &TamperedError{Rel: clean, What: fmt.Sprintf("not reachable without a symbolic link (%v)", cause)}
}

// kind names a file mode for an error message.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	case m.IsRegular():
		return "a regular file"
	}
	return "a special file"
}

// checkRel refuses an absolute path or one with .. (a caller's bug, never a test's doing).
func checkRel(rel string) (string, error) {
	clean := path.Clean(rel)
	if rel == "" || path.IsAbs(clean) || clean == "." || clean == ".." || strings.HasPrefix(clean, "../") {
		return "", fmt.Errorf("safefile: %q is not a path beneath the root", rel)
	}
	return clean, nil
}

// regular checks that fd, opened as rel, is a regular file with one link, the state bond left
// every file of a sandbox in; a hard link would carry bond's write into another file.
func regular(fd int, rel string) (*unix.Stat_t, error) {
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, err
	}
	mode := fileMode(st.Mode)
	if !mode.IsRegular() {
		return nil, &TamperedError{Rel: rel, What: kind(mode)}
	}
	if st.Nlink > 1 {
		return nil, &TamperedError{Rel: rel, What: fmt.Sprintf("a file with %d hard links (bond's copies have one)", st.Nlink)}
	}
	return &st, nil
}

// fileMode converts a stat mode's type bits to an fs.FileMode.
func fileMode(m uint32) fs.FileMode {
	switch m & unix.S_IFMT {
	case unix.S_IFDIR:
		return fs.ModeDir
	case unix.S_IFLNK:
		return fs.ModeSymlink
	case unix.S_IFIFO:
		return fs.ModeNamedPipe
	case unix.S_IFSOCK:
		return fs.ModeSocket
	case unix.S_IFCHR:
		return fs.ModeDevice | fs.ModeCharDevice
	case unix.S_IFBLK:
		return fs.ModeDevice
	}
	return 0
}

// WriteFile writes data to rel beneath r, creating it with perm if missing, truncating it
// otherwise. It refuses, with a *TamperedError and before writing a byte, a path that is or
// passes through a symbolic link, or that is not a regular file with one link.
func (r Root) WriteFile(rel string, data []byte, perm fs.FileMode) error {
	// A look first, through O_PATH, so a FIFO or a device is never opened for writing.
	if fd, err := r.open(rel, unix.O_PATH, 0); err == nil {
		_, rerr := regular(fd, rel)
		unix.Close(fd)
		if rerr != nil {
			return rerr
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	fd, err := r.open(rel, unix.O_WRONLY|unix.O_CREAT|unix.O_TRUNC|unix.O_NONBLOCK, uint32(perm.Perm()))
	if err != nil {
		return err
	}
	f := os.NewFile(uintptr(fd), path.Join(r.dir, rel))
	defer f.Close()
	if _, err := regular(fd, rel); err != nil {
		return err
	}
	if err := unix.Fchmod(fd, uint32(perm.Perm())); err != nil {
		return &fs.PathError{Op: "chmod", Path: f.Name(), Err: err}
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	return f.Close()
}

// ReadFile reads rel beneath r, at most max bytes: a larger file is a *TooLargeError. It
// refuses, with a *TamperedError, a path that is or passes through a symbolic link, or that is
// not a regular file; a FIFO is never waited on.
func (r Root) ReadFile(rel string, max int64) ([]byte, error) {
	fd, err := r.open(rel, unix.O_RDONLY|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), path.Join(r.dir, rel))
	defer f.Close()
	st, err := regular(fd, rel)
	if err != nil {
		return nil, err
	}
	return readCapped(f, st.Size, max)
}

// Lstat returns the file information of rel beneath r without following a link at the end; a
// directory above it that is a link is a *TamperedError.
func (r Root) Lstat(rel string) (fs.FileInfo, error) {
	fd, err := r.open(rel, unix.O_PATH, 0)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), path.Join(r.dir, rel))
	defer f.Close()
	return f.Stat()
}
