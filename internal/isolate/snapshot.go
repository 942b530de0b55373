package isolate

// This file's one job: the detect mode's evidence, a metadata snapshot of the read-only
// directories (path, size, mtime, mode) and the list of what differs from it later.

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"time"
)

// Snapshot is the metadata of every entry under some directories at one moment.
type Snapshot struct {
	roots   []string
	entries map[string]entry
}

type entry struct {
	size  int64
	mtime time.Time
	mode  fs.FileMode
}

// TakeSnapshot walks roots (without following symbolic links) and records each entry's size,
// modification time and mode.
func TakeSnapshot(roots []string) (*Snapshot, error) {
	m, err := walkMeta(roots)
	if err != nil {
		return nil, err
	}
	return &Snapshot{roots: roots, entries: m}, nil
}

// Len returns how many entries the snapshot holds.
func (s *Snapshot) Len() int { return len(s.entries) }

// Changes walks the roots again and returns, sorted, the paths created, removed or changed in
// size, mtime or mode since the snapshot.
func (s *Snapshot) Changes() ([]string, error) {
	now, err := walkMeta(s.roots)
	if err != nil {
		return nil, err
	}
	var out []string
	for p, e := range now {
		if old, ok := s.entries[p]; !ok || old != e {
			out = append(out, p)
		}
	}
	for p := range s.entries {
		if _, ok := now[p]; !ok {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out, nil
}

func walkMeta(roots []string) (map[string]entry, error) {
	m := map[string]entry{}
	for _, r := range roots {
		err := filepath.WalkDir(r, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			fi, err := d.Info()
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed while walking: the next walk sees it gone
			}
			if err != nil {
				return err
			}
			e := entry{size: fi.Size(), mtime: fi.ModTime(), mode: fi.Mode()}
			if fi.IsDir() {
				e.size = 0 // a directory's size depends on the file system, not its content
			}
			m[p] = e
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("snapshotting %s: %w", r, err)
		}
	}
	return m, nil
}
