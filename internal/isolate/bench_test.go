package isolate

import (
	"os"
	"os/exec"
	"testing"

	"github.com/bond-tool/bond/internal/confine"
)

// The cost of the protection, measured once by hand (numbers in docs/ci.md):
//
//	go test -run '^$' -bench . -benchtime 50x ./internal/isolate
//	go test -run '^$' -bench 'Start(Isolated|CopyOnWrite)' -benchtime 200x -count 5 ./internal/isolate
//	BOND_BENCH_NODE_MODULES=/path/to/node_modules go test -run '^$' -bench Snapshot -benchtime 5x ./internal/isolate

// BenchmarkStartPlain is a bare `sh -c true` in its own process group, as runProc starts it.
func BenchmarkStartPlain(b *testing.B) {
	for b.Loop() {
		c := exec.Command("sh", "-c", "true")
		if err := c.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStartIsolated is the same command through an Isolator with one read-only directory:
// the init's re-exec, the namespaces, the bind mount, /proc and the sweep.
func BenchmarkStartIsolated(b *testing.B) {
	iso, err := New(Options{ReadOnly: []string{b.TempDir()}})
	if err != nil {
		b.Fatal(err)
	}
	if iso.Protection() != confine.ReadOnly {
		b.Skip("no namespaces here: " + iso.Why())
	}
	for b.Loop() {
		c := exec.Command("sh", "-c", "true")
		r, err := iso.Wrap(c)
		if err != nil {
			b.Fatal(err)
		}
		if err := c.Start(); err != nil {
			b.Fatal(err)
		}
		if err := r.Started(); err != nil {
			b.Fatal(err)
		}
		if err := c.Wait(); err != nil {
			b.Fatal(err)
		}
		r.Finish()
	}
}

// BenchmarkStartCopyOnWrite is BenchmarkStartIsolated with the directory copy-on-write: on top,
// the run's two layer directories, the overlay mount, the tmpfs over the layers, and Finish's
// walk and removal of the upper layer. With write set the command also writes one file through
// the overlay, as vite's bundled config does.
func BenchmarkStartCopyOnWrite(b *testing.B) {
	for _, write := range []bool{false, true} {
		name, script := "true", "true"
		if write {
			name, script = "write", "mkdir node_modules/.vite-temp && echo x > node_modules/.vite-temp/c.mjs"
		}
		b.Run(name, func(b *testing.B) {
			nm := b.TempDir()
			sb := b.TempDir()
			if err := os.Symlink(nm, sb+"/node_modules"); err != nil {
				b.Fatal(err)
			}
			iso, err := New(Options{ReadOnly: []string{nm}, Layers: b.TempDir() + "/layers"})
			if err != nil {
				b.Fatal(err)
			}
			if iso.Protection() != confine.CopyOnWrite {
				b.Skip("no copy-on-write here: " + iso.Why())
			}
			for b.Loop() {
				c := exec.Command("sh", "-c", script)
				c.Dir = sb
				r, err := iso.Wrap(c)
				if err != nil {
					b.Fatal(err)
				}
				if err := c.Start(); err != nil {
					b.Fatal(err)
				}
				if err := r.Started(); err != nil {
					b.Fatal(err)
				}
				if err := c.Wait(); err != nil {
					b.Fatal(err)
				}
				if f := r.Finish(); f.Err != nil || len(f.Written) != map[bool]int{false: 0, true: 2}[write] {
					b.Fatalf("finish: %v, written %q", f.Err, f.Written)
				}
			}
		})
	}
}

// BenchmarkSnapshot walks a real install (BOND_BENCH_NODE_MODULES) as detect mode does before
// the first run; BenchmarkSnapshotChanges is the walk and comparison after each run.
func BenchmarkSnapshot(b *testing.B) {
	dir := benchDir(b)
	for b.Loop() {
		s, err := TakeSnapshot([]string{dir})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(s.Len()), "entries")
	}
}

func BenchmarkSnapshotChanges(b *testing.B) {
	dir := benchDir(b)
	s, err := TakeSnapshot([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.Changes(); err != nil {
			b.Fatal(err)
		}
	}
}

func benchDir(b *testing.B) string {
	dir := os.Getenv("BOND_BENCH_NODE_MODULES")
	if dir == "" {
		b.Skip("set BOND_BENCH_NODE_MODULES to a real node_modules directory")
	}
	return dir
}
