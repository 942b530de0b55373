package embedded

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMochaCrossFile: a run of several files where one uses what mocha applies across all the
// files of a run (.only, root-level hooks) is not mocha's, so it fails with Unsupported set
// (--runner auto then falls back); each file on its own runs.
func TestMochaCrossFile(t *testing.T) {
	tests := []struct {
		files []string
		want  string // in Unsupported; "" for none
	}{
		{[]string{"test/timing.js", "test/only.js"}, "mocha .only, which mocha applies across all the test files of a run (test/only.js uses them)"},
		{[]string{"test/shelf.js", "test/timing.js"}, "mocha root-level hooks"},
		{[]string{"test/only.js"}, ""},
		{[]string{"test/shelf.js"}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.files, "+"), func(t *testing.T) {
			r := newRunnerAt(t, mochaParityDir, tt.files, Options{Framework: FrameworkMocha})
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if res.Unsupported != "" {
					t.Fatalf("Unsupported %q, want none", res.Unsupported)
				}
				return
			}
			if res.Passed || !strings.Contains(res.Unsupported, tt.want) {
				t.Fatalf("passed %v, Unsupported %q; want a failed run naming %q", res.Passed, res.Unsupported, tt.want)
			}
		})
	}
}

// TestMochaBail: a run asked to bail ends at its first failing test, as mocha --bail does; the
// suites' after hooks still run, and no test after it is reported.
func TestMochaBail(t *testing.T) {
	r := newRunnerAt(t, mochaParityDir, []string{"test/shelf.js"}, Options{Framework: FrameworkMocha})
	res, err := r.RunWith(context.Background(), nil, time.Minute, RunOptions{Bail: true})
	if err != nil {
		t.Fatal(err)
	}
	last := res.Tests[len(res.Tests)-1]
	if !res.Bailed || last.Passed || last.Name != "Shelf › fails a strict deep comparison" || res.FailedTest() != last.Name {
		t.Fatalf("bailed %v, tests end at %q (passed %v); want the run to end at the first failure", res.Bailed, last.Name, last.Passed)
	}
	if len(res.Tests) != 5 {
		t.Errorf("%d tests reported, want the 4 before the failure and the failure", len(res.Tests))
	}
}

// TestMochaModuleAndTimeout: `require('mocha')` gives the BDD functions without reaching
// node_modules, and Options.MochaTimeout is every test's timeout (negative: none).
func TestMochaModuleAndTimeout(t *testing.T) {
	root := t.TempDir()
	src := `const { describe, it } = require('mocha');
describe('waits', function () {
  it('150 ms', function (done) { setTimeout(done, 150); });
});
`
	if err := os.MkdirAll(filepath.Join(root, "test"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "test", "w.js"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		timeout time.Duration
		pass    bool
	}{{0, true}, {100 * time.Millisecond, false}, {200 * time.Millisecond, true}, {-1, true}} {
		r := newRunnerAt(t, root, []string{"test/w.js"}, Options{Framework: FrameworkMocha, Mocha: MochaOptions{Timeout: tt.timeout}})
		res, err := r.Run(context.Background(), nil, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if res.Passed != tt.pass || len(res.Tests) != 1 || res.Tests[0].Name != "waits › 150 ms" {
			t.Errorf("timeout %v: passed %v tests %+v, want passed %v", tt.timeout, res.Passed, res.Tests, tt.pass)
		}
		if !tt.pass && !strings.Contains(res.Tests[0].Error, "Timeout of 100ms exceeded") {
			t.Errorf("timeout %v: error %q, want mocha's timeout message", tt.timeout, res.Tests[0].Error)
		}
	}
}

// TestMochaForbidOnly: under --forbid-only a file that declares .only fails to load with
// mocha's error, as `mocha --forbid-only` fails with "Exception during run"; a file without
// .only is unaffected.
func TestMochaForbidOnly(t *testing.T) {
	for _, tt := range []struct {
		file    string
		allowed bool
	}{{"test/only.js", false}, {"test/leaks.js", true}} {
		r := newRunnerAt(t, mochaParityDir, []string{tt.file}, Options{Framework: FrameworkMocha, Mocha: MochaOptions{ForbidOnly: true}})
		res, err := r.Run(context.Background(), nil, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		forbidden := strings.Contains(res.LoadError, "`.only` forbidden by --forbid-only")
		if forbidden == tt.allowed {
			t.Errorf("%s: load error %q, want the .only refusal: %v", tt.file, res.LoadError, !tt.allowed)
		}
	}
}
