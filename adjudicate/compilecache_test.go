package adjudicate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The compile cache is kept per sandbox from passing unmutated runs only: every run starts from
// a private copy of its sandbox's seed; a kept run's file becomes the seed, a run that is not
// kept leaves nothing behind; one sandbox's cache never reaches another's runs; and a project
// without a babel require hook gets none.
func TestCompileCacheSeedsOnlyFromKeptRuns(t *testing.T) {
	root, work := t.TempDir(), t.TempDir()
	if newCompileCache(root, work) != nil {
		t.Fatal("a compile cache for a project with no babel require hook")
	}
	for _, pkg := range babelRegisters {
		r := t.TempDir()
		dir := filepath.Join(r, "node_modules", filepath.FromSlash(pkg))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{}`), 0o644); err != nil {
			t.Fatal(err)
		}
		if c := newCompileCache(r, work); c == nil || !strings.HasPrefix(c.what, pkg+":") {
			t.Fatalf("%s installed: cache %v, want one named after it", pkg, c)
		}
		root = r
	}
	c := newCompileCache(root, work)
	sbA, sbB := &sandbox{index: 0}, &sandbox{index: 1}

	// run does one run in sb: what it read from its file, then writes text into it and
	// finishes with keep.
	run := func(sb *sandbox, text string, keep bool) string {
		t.Helper()
		entry, finish, err := c.forRun(sb)
		if err != nil {
			t.Fatal(err)
		}
		file, ok := strings.CutPrefix(entry, "BABEL_CACHE_PATH=")
		if !ok || !strings.HasPrefix(file, work) {
			t.Fatalf("env entry %q, want BABEL_CACHE_PATH inside the work dir", entry)
		}
		got, _ := os.ReadFile(file)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		finish(keep)
		if _, err := os.Stat(file); !os.IsNotExist(err) {
			t.Errorf("the run's private file %s outlived its run", file)
		}
		return string(got)
	}
	if got := run(sbA, "baseline A", true); got != "" {
		t.Errorf("first run read %q, want no cache", got)
	}
	if got := run(sbA, "mutant A", false); got != "baseline A" {
		t.Errorf("a run after the kept one read %q, want its cache", got)
	}
	if got := run(sbA, "failed unmutated A", false); got != "baseline A" {
		t.Errorf("the run after a mutant run read %q, want the kept run's cache, not the mutant's", got)
	}
	if got := run(sbB, "baseline B", true); got != "" {
		t.Errorf("sandbox B's first run read %q, want nothing of sandbox A", got)
	}
	if got := run(sbA, "control A", true); got != "baseline A" {
		t.Errorf("read %q, want baseline A", got)
	}
	if got := run(sbA, "", false); got != "control A" {
		t.Errorf("read %q, want the latest kept run's cache", got)
	}
	if got := run(sbB, "", false); got != "baseline B" {
		t.Errorf("sandbox B read %q, want its own cache", got)
	}
}
