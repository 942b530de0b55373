package embedded

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// tapavaTree is writeTree with the parity fixture's node_modules linked in: ava's and tap's
// comparisons need their real packages installed.
func tapavaTree(t *testing.T, files map[string]string) string {
	t.Helper()
	requireRunnerBinAt(t, tapavaParityDir, "ava")
	root := testrepo.Files(t, files)
	nm, err := filepath.Abs(filepath.Join(tapavaParityDir, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(nm, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestAvaTapRefused: what ava and tap have and the embedded runtime does not emulate fails the
// run with Result.Unsupported naming it, even when the test catches the throw; ava's .only in
// a several-file run is refused, as ava applies it across files.
func TestAvaTapRefused(t *testing.T) {
	tests := []struct {
		name  string
		fw    Framework
		files map[string]string
		run   []string
		want  string
	}{
		{"ava snapshot", FrameworkAva, map[string]string{"a.test.js": "const test = require('ava');\ntest('x', (t) => { try { t.snapshot(1); } catch (e) {} t.pass(); });\n"}, nil, "ava t.snapshot (snapshots)"},
		{"ava try", FrameworkAva, map[string]string{"a.test.mjs": "import test from 'ava';\ntest('x', async (t) => { await t.try((tt) => tt.pass()); t.pass(); });\n"}, []string{"a.test.mjs"}, "ava t.try"},
		{"ava cb", FrameworkAva, map[string]string{"a.test.js": "const test = require('ava');\ntest.cb('x', (t) => { t.pass(); t.end(); });\n"}, nil, "ava test.cb (callback tests)"},
		{"ava only across files", FrameworkAva, map[string]string{
			"a.test.js": "const test = require('ava');\ntest.only('x', (t) => t.pass());\ntest('y', (t) => t.pass());\n",
			"b.test.js": "const test = require('ava');\ntest('z', (t) => t.pass());\n",
		}, []string{"a.test.js", "b.test.js"}, "ava .only, which ava applies across all the test files of a run (a.test.js"},
		{"tap resolveMatchSnapshot", FrameworkTap, map[string]string{"a.test.js": "const t = require('tap');\nt.test('x', async (t) => { try { await t.resolveMatchSnapshot(Promise.resolve(1)); } catch (e) {} });\n"}, nil, "tap t.resolveMatchSnapshot (snapshots)"},
		{"tap mock", FrameworkTap, map[string]string{"a.test.js": "const t = require('tap');\nconst m = t.mock('./b.js', {});\nt.ok(m);\n", "b.js": "module.exports = 1;\n"}, nil, "tap t.mock"},
		{"tap mockImport", FrameworkTap, map[string]string{"a.test.mjs": "import t from 'tap';\nt.test('x', async (t) => { t.ok(await t.mockImport('./b.js', {})); });\n", "b.js": "module.exports = 1;\n"}, []string{"a.test.mjs"}, "tap t.mockImport"},
		{"tap clock", FrameworkTap, map[string]string{"a.test.js": "const t = require('tap');\nt.test('x', (t) => { t.clock.enter(); t.end(); });\n"}, nil, "tap t.clock (@tapjs/clock)"},
		{"tap testdir", FrameworkTap, map[string]string{"a.test.js": "const t = require('tap');\nconst dir = t.testdir({ 'x.txt': 'x' });\nt.ok(dir);\n"}, nil, "tap t.testdir (fixtures)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := tapavaTree(t, tt.files)
			checkRefusedRun(t, root, tt.run, tt.fw, tt.want)
		})
	}
}

// TestAvaTapNotInstalled: without ava or tap in node_modules there is no comparator to bundle,
// and the run says so, naming the package and what to do, rather than compare some other way.
func TestAvaTapNotInstalled(t *testing.T) {
	for _, tc := range []struct {
		fw   Framework
		src  string
		want string
	}{
		{FrameworkAva, "const test = require('ava');\ntest('x', (t) => t.is(1, 1));\n", "ava is not installed under"},
		{FrameworkTap, "const t = require('tap');\nt.equal(1, 1);\n", "tap is not installed under"},
	} {
		t.Run(string(tc.fw), func(t *testing.T) {
			requireNode(t)
			root := testrepo.Files(t, map[string]string{"a.test.js": tc.src})
			r, err := New(root, []string{"a.test.js"}, Options{Framework: tc.fw})
			if err == nil {
				defer r.Close()
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				_, err = r.Run(ctx, nil, time.Minute)
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "npm install") {
				t.Fatalf("got %v, want an error saying %q and what to do", err, tc.want)
			}
		})
	}
}

// TestAvaTapIsolatedFiles: ava gives each test file a worker and tap a process of its own, as the
// embedded runner gives each a runtime, so a several-file run that fails because one file set a
// global another reads is a failure like the real runner's, not a refusal.
func TestAvaTapIsolatedFiles(t *testing.T) {
	for _, tc := range []struct {
		fw   Framework
		a, b string
	}{
		{FrameworkAva, "const test = require('ava');\nglobal.shared = 2;\ntest('a', (t) => t.is(global.shared, 2));\n", "const test = require('ava');\ntest('b', (t) => t.is(global.shared, 2));\n"},
		{FrameworkTap, "const t = require('tap');\nglobal.shared = 2;\nt.equal(global.shared, 2);\n", "const t = require('tap');\nt.equal(global.shared, 2);\n"},
	} {
		t.Run(string(tc.fw), func(t *testing.T) {
			root := tapavaTree(t, map[string]string{"a.test.js": tc.a, "b.test.js": tc.b})
			r := newRunnerAt(t, root, []string{"a.test.js", "b.test.js"}, Options{Framework: tc.fw})
			res := run(t, r, nil, time.Minute)
			if res.Passed || res.Unsupported != "" {
				t.Fatalf("passed %v unsupported %q, want a plain failure of b.test.js\n%s", res.Passed, res.Unsupported, res.Output)
			}
		})
	}
}

// TestTapSnapshotVersion: t.matchSnapshot reads tap 15–16's snapshot files; under a tap whose
// version says 18 or later (another file layout and key format) it is refused by name.
func TestTapSnapshotVersion(t *testing.T) {
	requireRunnerBinAt(t, tapavaParityDir, "tap")
	root := testrepo.Files(t, map[string]string{
		"a.test.js":                     "const t = require('tap');\nt.test('x', (t) => { try { t.matchSnapshot(1); } catch (e) {} t.end(); });\n",
		"node_modules/tap/package.json": `{"name": "tap", "version": "21.1.0"}`,
	})
	nm, err := filepath.Abs(filepath.Join(tapavaParityDir, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(nm)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if e.Name() != "tap" && e.Name() != ".bin" {
			if err := os.Symlink(filepath.Join(nm, e.Name()), filepath.Join(root, "node_modules", e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{Framework: FrameworkTap})
	res := run(t, r, nil, time.Minute)
	if want := "tap t.matchSnapshot (snapshots) under tap 21.1.0"; res.Passed || !strings.Contains(res.Unsupported, want) {
		t.Fatalf("passed %v unsupported %q, want a failed run naming %q\n%s", res.Passed, res.Unsupported, want, res.Output)
	}
}
