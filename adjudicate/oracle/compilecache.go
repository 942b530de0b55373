package oracle

// This file keeps a project's @babel/register compile cache warm across the command runner's
// runs in one sandbox without letting any run's writes reach another run's outcome.

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/bond-tool/bond/internal/nodepkg"
	"github.com/bond-tool/bond/internal/safefile"
)

// compileCache is @babel/register's (and babel 6 babel-register's) compile cache for the runs of
// one certify. Without it a project that compiles its sources and tests through a require hook
// compiles all of them in every run: the default cache lives in node_modules/.cache, which the
// runs may not write, and under paths other than the sandboxes'. Measured on validator.js
// (mocha --require @babel/register, a 15,000-line test file): 5.5 s a run cold, 1.5–2.0 s warm.
//
// Each sandbox has a seed: the cache file its last passing run of the unmutated tree left. Every
// run gets a private copy of its sandbox's seed (BABEL_CACHE_PATH), thrown away after the run
// unless the run was of the unmutated tree and passed, when it becomes the seed. So what a
// mutant's run compiles (or writes into the file) never reaches another run. babel keys an entry
// by the file's absolute path and its modification time in milliseconds; bond writes a mutant,
// and restores the original, as new files with new times, so an entry compiled from other
// bytes is never served. A test that forges entries in an unmutated run gains nothing it does
// not have already: it can read the sources it runs against.
type compileCache struct {
	// What says which cache it is, for the report.
	What string
	dir  string // in the work dir: the seeds and every run's private copy

	mu   sync.Mutex
	seed map[int]string // sandbox index → its seed file
}

// BabelRegisters are the packages whose require hook reads BABEL_CACHE_PATH.
var BabelRegisters = []string{"@babel/register", "babel-register"}

// NewCompileCache returns the compile cache of a project at root whose runs work in work, or nil
// when the project installs no babel require hook.
func NewCompileCache(root, work string) *compileCache {
	for _, pkg := range BabelRegisters {
		if nodepkg.Resolvable(root, pkg) {
			return &compileCache{
				What: pkg + ": each sandbox keeps the compile cache of its last passing unmutated run; every run reads a private copy (BABEL_CACHE_PATH)",
				dir:  filepath.Join(work, "compile-cache"),
				seed: map[int]string{},
			}
		}
	}
	return nil
}

// ForRun prepares the cache of one run in sb: the environment entry to add, and finish, to call
// when the run is over with whether its cache may seed the sandbox's next runs (the tree was
// unmutated and the run passed).
func (c *compileCache) ForRun(sb *Box) (env string, finish func(keep bool), err error) {
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return "", nil, fmt.Errorf("making the compile cache directory: %w", err)
	}
	dir, err := os.MkdirTemp(c.dir, fmt.Sprintf("run-%d-", sb.Index))
	if err != nil {
		return "", nil, fmt.Errorf("making a run's compile cache directory: %w", err)
	}
	file := filepath.Join(dir, "babel.json")
	c.mu.Lock()
	seed := c.seed[sb.Index]
	c.mu.Unlock()
	if seed != "" {
		if err := copyFile(seed, file); err != nil {
			os.RemoveAll(dir)
			return "", nil, fmt.Errorf("copying sandbox %d's compile cache: %w", sb.Index, err)
		}
	}
	finish = func(keep bool) {
		if keep {
			// Only a regular file seeds: the run wrote it, and a FIFO or a link in its place
			// would make the next copy wait forever or read elsewhere.
			if fi, err := os.Lstat(file); err == nil && fi.Mode().IsRegular() {
				next := filepath.Join(c.dir, fmt.Sprintf("seed-%d.json", sb.Index))
				if os.Rename(file, next) == nil {
					c.mu.Lock()
					c.seed[sb.Index] = next
					c.mu.Unlock()
				}
			}
		}
		os.RemoveAll(dir)
	}
	return "BABEL_CACHE_PATH=" + file, finish, nil
}

// copyFile copies the regular file src to dst: a test wrote src, so it is read without following
// a link, never waited on, and at most safefile.DataMax bytes.
func copyFile(src, dst string) error {
	b, err := safefile.NewRoot(filepath.Dir(src)).ReadFile(filepath.Base(src), safefile.DataMax)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
