package embedded

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
	"github.com/bond-tool/bond/internal/testneed"
)

// nodeHits runs node --test on files with NODE_V8_COVERAGE and reads the hit map with the node
// runner's own reader.
func nodeHits(t *testing.T, dir string, files []string) coverage.HitMap {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		testneed.Missing(t, "node is not on PATH; CI must have it: the test would prove nothing skipped")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	covDir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append([]string{"--test"}, files...)...)
	cmd.Dir = abs
	cmd.Env = append(os.Environ(), "NODE_V8_COVERAGE="+covDir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	ents, err := os.ReadDir(covDir)
	if err != nil {
		t.Fatal(err)
	}
	hits := coverage.HitMap{}
	for _, e := range ents {
		f, err := os.Open(filepath.Join(covDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		res, err := coverage.ParseV8(f, coverage.V8Options{Root: abs})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		hits.Merge(res.Hits)
	}
	return hits
}

// TestCoverageAgreesWithNode compares the embedded runner's hit map of the library sources with
// the node runner's (V8 block coverage read by package coverage) on the same oracle: on every
// line both call executable, both must say the same, but for the known differences listed.
func TestCoverageAgreesWithNode(t *testing.T) {
	tests := []struct {
		dir   string
		files []string
		known map[string]bool // "path:line" where V8's reading is coarser than the probes
	}{
		{"bench", benchFiles, nil},
		// double's body `x * 2` on its own line is never called: V8 gives the arrow's range count
		// 0 but the ';' after it sits in the module's range (count 1), and a line runs when any
		// character on it does. The probes say it did not run.
		{"basic", []string{"test/calc.test.js"}, map[string]bool{"src/calc.js:15": true}},
		// Conditional arms and logical right operands alone on their lines, some never taken:
		// the probes count them apart as V8 does.
		{"branches", []string{"test/label.test.js"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			dir := filepath.Join(fixtures, tt.dir)
			want := nodeHits(t, dir, tt.files)
			r := newRunner(t, tt.dir, tt.files, Options{})
			got := run(t, r, nil, time.Minute).Hits
			var paths []string
			for p := range want {
				if filepath.Dir(p) == "src" {
					paths = append(paths, p)
				}
			}
			sort.Strings(paths)
			if len(paths) == 0 {
				t.Fatal("node's coverage names no source file")
			}
			compared := 0
			for _, p := range paths {
				for _, l := range want[p].Lines() {
					g, ok := got[p][l]
					if !ok {
						continue
					}
					compared++
					if tt.known[p+":"+strconv.Itoa(l)] {
						if g == want[p][l] {
							t.Errorf("%s:%d: the known difference is gone; drop it from the table", p, l)
						}
						continue
					}
					if g != want[p][l] {
						t.Errorf("%s:%d: node ran=%v, embedded ran=%v", p, l, want[p][l], g)
					}
				}
			}
			if compared < 15 {
				t.Errorf("only %d lines in common", compared)
			}
			t.Logf("%d lines compared", compared)
		})
	}
}
