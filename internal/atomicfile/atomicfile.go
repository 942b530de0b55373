// Package atomicfile writes a file so that a reader sees the old content or the new, never half
// of it: a temporary file in the same directory, then a rename (STYLE.md §11: certify's report,
// SPEC §4 and §6.5's pre-registration record). It is the one atomic writer of the project
// (STYLE.md §15).
package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
)

// Write writes data to path through a temporary file next to it and a rename, with mode perm.
// The directory must exist. On any failure the temporary file is removed and path is untouched.
func Write(path string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Chmod(f.Name(), perm); err != nil {
		os.Remove(f.Name())
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return err
	}
	return nil
}
