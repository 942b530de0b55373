package oracle

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The compile cache is kept per sandbox from passing unmutated runs only: every run starts from
// a private copy of its sandbox's seed; a kept run's file becomes the seed, a run that is not
// kept leaves nothing behind; one sandbox's cache never reaches another's runs; and a project
// without a babel require hook gets none.
func TestCompileCacheSeedsOnlyFromKeptRuns(t *testing.T) {
	root, work := t.TempDir(), t.TempDir()
	if NewCompileCache(root, work) != nil {
		t.Fatal("a compile cache for a project with no babel require hook")
	}
	for _, pkg := range BabelRegisters {
		r := t.TempDir()
		dir := filepath.Join(r, "node_modules", filepath.FromSlash(pkg))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{}`), 0o644); err != nil {
			t.Fatal(err)
		}
		if c := NewCompileCache(r, work); c == nil || !strings.HasPrefix(c.What, pkg+":") {
			t.Fatalf("%s installed: cache %v, want one named after it", pkg, c)
		}
		root = r
	}
	c := NewCompileCache(root, work)
	sbA, sbB := &Box{Index: 0}, &Box{Index: 1}

	// run does one run in sb: what it read from its file, then writes text into it and
	// finishes with keep.
	run := func(sb *Box, text string, keep bool) string {
		t.Helper()
		entry, finish, err := c.ForRun(sb)
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

// A kept run whose test replaced its cache file by a FIFO or a link seeds nothing, so the next
// run's copy neither waits on the FIFO nor reads through the link.
func TestCompileCacheSeedsOnlyRegularFiles(t *testing.T) {
	root, work := t.TempDir(), t.TempDir()
	dir := filepath.Join(root, "node_modules", filepath.FromSlash(BabelRegisters[0]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{}`), 0o644)
	secret := filepath.Join(t.TempDir(), "secret")
	os.WriteFile(secret, []byte("secret"), 0o644)
	tests := []struct {
		name  string
		plant func(file string) error
	}{
		{"fifo", func(f string) error { return syscall.Mkfifo(f, 0o644) }},
		{"link out", func(f string) error { return os.Symlink(secret, f) }},
		{"link to /dev/zero", func(f string) error { return os.Symlink("/dev/zero", f) }},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := NewCompileCache(root, work)
			sb := &Box{Index: i}
			entry, finish, err := c.ForRun(sb)
			if err != nil {
				t.Fatal(err)
			}
			file := strings.TrimPrefix(entry, "BABEL_CACHE_PATH=")
			if err := tt.plant(file); err != nil {
				t.Fatal(err)
			}
			finish(true)
			done := make(chan string, 1)
			go func() {
				entry, finish, err := c.ForRun(sb)
				if err != nil {
					done <- err.Error()
					return
				}
				b, _ := os.ReadFile(strings.TrimPrefix(entry, "BABEL_CACHE_PATH="))
				finish(false)
				done <- string(b)
			}()
			select {
			case got := <-done:
				if got != "" {
					t.Errorf("the next run read %q, want no cache", got)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the next run's copy of the cache hangs")
			}
		})
	}
}
