// Package safefile is how bond opens files it did not make or that a test could have changed:
// a configuration, a manifest, a coverage file, the incremental file, a diff (Read: a regular
// file, never a FIFO waited on, never more than a cap), and the files of a sandbox (Root: opened
// beneath the sandbox without following any symbolic link, so bond's writes and reads never land
// outside it). SPEC §7: bad input never hangs bond and never crashes it.
package safefile

import (
	"fmt"
	"io"
	"os"
	"syscall"
)

// Caps for the kinds of file bond reads. Each is far above what a real file of the kind holds
// and far below what would strain memory.
const (
	// ConfigMax bounds .bond.toml, package.json, runner configs, a verdict document and the
	// like: hand-written files.
	ConfigMax int64 = 8 << 20
	// DataMax bounds what a tool writes for bond: coverage files, result files, the incremental
	// file, a report, a diff.
	DataMax int64 = 256 << 20
)

// NotRegularError says a path bond was to read is not a regular file (a FIFO, a device, a
// directory, a socket), which it does not open for reading, so it never waits on a FIFO nor
// reads /dev/zero forever.
type NotRegularError struct {
	Path string
	What string
}

func (e *NotRegularError) Error() string {
	return e.Path + " is " + e.What + ", not a regular file; bond reads only regular files there"
}

// TooLargeError says a file is larger than the cap bond reads of its kind.
type TooLargeError struct {
	Path string
	Max  int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %s, the most bond reads of such a file", e.Path, Size(e.Max))
}

// Size spells a byte count the way the caps are chosen: in KiB, MiB or GiB when exact.
func Size(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// Read reads the file name, following symbolic links as the user's own tools would, at most max
// bytes. A path that is not a regular file is a *NotRegularError and a larger file a
// *TooLargeError, both naming the path; a missing file is an error that fs.ErrNotExist matches.
func Read(name string, max int64) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: name, What: kind(fi.Mode())}
	}
	// O_NONBLOCK: should it have become a FIFO since the Stat, the open does not wait for a
	// writer, and the check below refuses it.
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err = f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, &NotRegularError{Path: name, What: kind(fi.Mode())}
	}
	return readCapped(f, fi.Size(), max)
}

// IsRegular returns nil when name is a regular file (following links), a *NotRegularError when
// it is something else, and Stat's error when it cannot be looked at.
func IsRegular(name string) error {
	fi, err := os.Stat(name)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &NotRegularError{Path: name, What: kind(fi.Mode())}
	}
	return nil
}

// readCapped reads f, whose size was size when looked at, refusing more than max bytes: a file
// that grows past max while read is refused too.
func readCapped(f *os.File, size, max int64) ([]byte, error) {
	if size > max {
		return nil, &TooLargeError{Path: f.Name(), Max: max}
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, &TooLargeError{Path: f.Name(), Max: max}
	}
	return b, nil
}
