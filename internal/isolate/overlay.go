package isolate

// This file's one job: copy-on-write node_modules (issue 24, failure 10). Where the kernel allows
// an overlay mount in the run's mount namespace, each directory of Options.ReadOnly is seen by the
// run as an overlay whose lower layer is the real directory and whose upper layer is a fresh
// directory of that run's own under Options.Layers: a tool that writes a cache into node_modules
// (vite's .vite-temp and .vite, babel's .cache) works, the real directory is never written, and
// what the run wrote is listed and thrown away when it ends, so no run sees another's writes.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// overlaySpec is one overlay the init mounts over Dir (a directory already bound read-only).
type overlaySpec struct {
	Dir   string `json:"dir"`
	Upper string `json:"upper"`
	Work  string `json:"work"`
	// UserXattr: the mount is made in a user namespace, where overlayfs keeps its metadata in
	// user.* rather than trusted.* extended attributes (kernel 5.11 or later).
	UserXattr bool `json:"userxattr,omitempty"`
}

// overlayOptions escapes p for an overlay mount's option string, where a comma ends an option
// and a colon separates lower directories.
func overlayOptions(o overlaySpec) string {
	esc := strings.NewReplacer(`\`, `\\`, `,`, `\,`, `:`, `\:`)
	s := "lowerdir=" + esc.Replace(o.Dir) + ",upperdir=" + esc.Replace(o.Upper) + ",workdir=" + esc.Replace(o.Work)
	if o.UserXattr {
		s += ",userxattr"
	}
	return s
}

// mountOverlays mounts each overlay of the spec over its directory, then covers the layers
// directory with an empty read-only tmpfs: the overlays keep their upper layers, but the test
// cannot reach its own upper layer, nor another run's, by path. Called by the init after the
// read-only bind mounts (setUp).
func mountOverlays(spec initSpec) error {
	for _, o := range spec.Overlays {
		if err := syscall.Mount("overlay", o.Dir, "overlay", syscall.MS_NOSUID|syscall.MS_NODEV, overlayOptions(o)); err != nil {
			return fmt.Errorf("mounting a copy-on-write overlay over %s (upper layer %s): %w", o.Dir, o.Upper, err)
		}
	}
	if spec.Layers != "" {
		return hide(spec.Layers)
	}
	return nil
}

// layers is the Isolator's copy-on-write state: where each run's upper layers go, and what the
// runs wrote.
type layers struct {
	dir  string       // Options.Layers, resolved
	next atomic.Int64 // the number of the next run's layer directory

	mu     sync.Mutex
	writes Writes
}

// Writes is what the runs of a copy-on-write Isolator wrote into its read-only directories, all
// of it discarded after each run.
type Writes struct {
	// Runs counts the runs that wrote at least one entry.
	Runs int
	// Entries counts the entries written over all runs (files, links, removals; a directory only
	// when the run made it).
	Entries int
	// Sample holds the first distinct paths written (at most SampleSize), under the directories
	// as Options.ReadOnly named them.
	Sample []string
}

// SampleSize is how many written paths Writes.Sample keeps.
const SampleSize = 10

// Writes returns what the runs so far wrote into the read-only directories (copy-on-write only;
// zero otherwise).
func (iso *Isolator) Writes() Writes {
	if iso.cow == nil {
		return Writes{}
	}
	iso.cow.mu.Lock()
	defer iso.cow.mu.Unlock()
	w := iso.cow.writes
	w.Sample = append([]string(nil), w.Sample...)
	return w
}

// runLayers makes the upper and work directories of one run, one pair per read-only directory,
// in a directory of the run's own under the layers directory.
func (iso *Isolator) runLayers() (string, []overlaySpec, error) {
	run := filepath.Join(iso.cow.dir, strconv.FormatInt(iso.cow.next.Add(1), 10))
	var specs []overlaySpec
	for i, d := range iso.ro {
		up := filepath.Join(run, strconv.Itoa(i), "upper")
		wk := filepath.Join(run, strconv.Itoa(i), "work")
		for _, p := range []string{up, wk} {
			if err := os.MkdirAll(p, 0o755); err != nil {
				os.RemoveAll(run)
				return "", nil, fmt.Errorf("isolate: making the copy-on-write layer %s: %w", p, err)
			}
		}
		specs = append(specs, overlaySpec{Dir: d, Upper: up, Work: wk, UserXattr: iso.mode.userns})
	}
	return run, specs, nil
}

// collect lists what the run wrote into its upper layers, adds it to the Isolator's Writes and
// removes the run's layer directory. Paths are named under the directories as Options.ReadOnly
// gave them.
func (iso *Isolator) collect(run string) ([]string, error) {
	var written []string
	for i := range iso.ro {
		up := filepath.Join(run, strconv.Itoa(i), "upper")
		base := iso.opts.ReadOnly[i]
		err := filepath.WalkDir(up, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if p == up {
				return nil
			}
			if d.IsDir() && !madeByRun(filepath.Join(iso.ro[i], strings.TrimPrefix(p, up))) {
				return nil // copied up only because the run wrote inside it
			}
			rel, _ := filepath.Rel(up, p)
			written = append(written, filepath.Join(base, rel))
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return written, fmt.Errorf("listing what a run wrote in its copy-on-write layer %s: %w", up, err)
		}
	}
	sort.Strings(written)
	if err := removeLayers(run); err != nil {
		return written, err
	}
	if len(written) > 0 {
		iso.cow.mu.Lock()
		w := &iso.cow.writes
		w.Runs++
		w.Entries += len(written)
		for _, p := range written {
			if len(w.Sample) < SampleSize && !slices.Contains(w.Sample, p) {
				w.Sample = append(w.Sample, p)
			}
		}
		iso.cow.mu.Unlock()
	}
	return written, nil
}

// madeByRun reports whether a directory of the upper layer is new, its lower path absent: an
// existing directory is copied up whenever the run writes inside it.
func madeByRun(lower string) bool {
	_, err := os.Lstat(lower)
	return errors.Is(err, fs.ErrNotExist)
}

// removeLayers removes a run's layer directory. overlayfs leaves its work directory's "work"
// entry without permissions (mode 0), which a caller that is not root cannot list: the
// directories are opened up first.
func removeLayers(run string) error {
	if err := os.RemoveAll(run); err == nil {
		return nil
	}
	_ = filepath.WalkDir(run, func(p string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() {
			os.Chmod(p, 0o700) // a directory WalkDir could not read is passed again with err
		}
		return nil
	})
	if err := os.RemoveAll(run); err != nil {
		return fmt.Errorf("removing a run's copy-on-write layer %s: %w; remove it by hand", run, err)
	}
	return nil
}

// tryLayers sets up copy-on-write in dir and checks, by a probe of the init, that the overlays
// of the read-only directories can be mounted here (a kernel without overlayfs, a user namespace
// on a kernel before 5.11, an upper layer on a file system overlayfs refuses).
func (iso *Isolator) tryLayers(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("making the copy-on-write layers directory %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("resolving the copy-on-write layers directory %s: %w", dir, err)
	}
	iso.cow = &layers{dir: real}
	run, specs, err := iso.runLayers()
	if err != nil {
		return err
	}
	defer removeLayers(run)
	return runProbe(iso.mode, initSpec{ReadOnly: iso.ro, Overlays: specs, Layers: real, Hermetic: iso.opts.Hermetic})
}
