package embedded

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestPathWin32Refused: node:path's POSIX side runs (sep, posix, process.platform, as picomatch
// reads them), while anything that touches what the runtime does not emulate (path.win32,
// path.matchesGlob, path/win32) is reported unsupported — also when the test catches the throw,
// since Node would have run the Windows code and the result is no evidence.
func TestPathWin32Refused(t *testing.T) {
	tests := []struct {
		name        string
		test        string
		passed      bool
		unsupported string
	}{
		{"posix side", "const assert = require('assert');\nconst path = require('path');\nconst t = require('node:test');\n" +
			"t.test('p', () => { assert.equal(path.sep, '/'); assert.equal(path.posix.join('a', 'b'), 'a/b'); assert.equal(process.platform === 'win32', false); });\n", true, ""},
		{"win32 read and caught", "const path = require('path');\nconst t = require('node:test');\n" +
			"t.test('w', () => { try { path.win32.join('a', 'b'); } catch (e) {} });\n", false, "path.win32"},
		{"win32 destructured", "const { win32 } = require('node:path');\nconst t = require('node:test');\nt.test('w', () => {});\n", false, "path.win32"},
		{"win32 fails the test", "import path from 'path';\nimport { test } from 'node:test';\ntest('w', () => { path.win32.sep; });\n", false, "path.win32"},
		{"matchesGlob", "const path = require('path');\nconst t = require('node:test');\n" +
			"t.test('g', () => { if (typeof path.matchesGlob === 'function') path.matchesGlob('a', '*'); });\n", false, "path.matchesGlob"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{"a.test.js": tc.test})
			r, err := New(root, []string{"a.test.js"}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if res.Passed != tc.passed || res.Unsupported != tc.unsupported {
				t.Errorf("passed %v, unsupported %q; want %v, %q\n%s", res.Passed, res.Unsupported, tc.passed, tc.unsupported, res.Output)
			}
		})
	}
}

// TestPathWin32ModuleRefused: importing path/win32 is refused before any run, by name.
func TestPathWin32ModuleRefused(t *testing.T) {
	for _, spec := range []string{"path/win32", "node:path/win32"} {
		root := testrepo.Files(t, map[string]string{"a.test.js": "const w = require('" + spec + "');\nrequire('node:test').test('w', () => {});\n"})
		_, err := New(root, []string{"a.test.js"}, Options{})
		var ue *UnsupportedError
		if !errors.As(err, &ue) || ue.Import != spec {
			t.Errorf("require(%q): got %v, want an *UnsupportedError naming it", spec, err)
		}
	}
}
