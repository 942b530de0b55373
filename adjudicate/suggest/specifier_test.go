package suggest

import (
	"strings"
	"testing"
)

func TestSpecifier(t *testing.T) {
	files := map[string]bool{"src/index.js": true, "src/util/index.ts": true, "lib/a.ts": true, "src/b.mjs": true, "index.js": true, "pkg/lib/main.js": true, "pkg/index.js": true}
	exists := func(rel string) bool { return files[rel] }
	mains := map[string]string{"pkg": "./lib/main", "src": "../outside.js"}
	main := func(dir string) string { return mains[dir] }
	tests := []struct {
		name, src, test, module, want, why string
	}{
		{name: "require", src: `const { x } = require('../src/index.js');`, test: "test/a.test.js", module: "src/index.js", want: "../src/index.js"},
		{name: "require without extension", src: `const lib = require("../src");`, test: "test/a.test.js", module: "src/index.js", want: "../src"},
		{name: "import from", src: "import { x } from '../src/index';\nimport y from '../lib/a.js';", test: "test/a.test.ts", module: "lib/a.ts", want: "../lib/a.js"},
		{name: "directory index in TypeScript", src: `import * as u from './util';`, test: "src/u.test.ts", module: "src/util/index.ts", want: "./util"},
		{name: "dynamic import", src: `const m = await import('../src/b.mjs');`, test: "test/b.test.mjs", module: "src/b.mjs", want: "../src/b.mjs"},
		{name: "another module only", src: `require('../src/index.js')`, test: "test/a.test.js", module: "lib/a.ts", why: "through no specifier"},
		{name: "bare name", src: `const lib = require('my-lib'); require('node:test');`, test: "test/a.test.js", module: "src/index.js", why: "my-lib"},
		{name: "outside the repository", src: `require('../../x.js')`, test: "test/a.test.js", module: "src/index.js", why: "through no specifier"},
		{name: "the package root", src: `const bodyParser = require('..');`, test: "test/a.test.js", module: "index.js", want: ".."},
		{name: "this directory", src: `const lib = require('.');`, test: "a.test.js", module: "index.js", want: "."},
		{name: "a directory's main before its index", src: `const m = require('../pkg');`, test: "test/a.test.js", module: "pkg/lib/main.js", want: "../pkg"},
		{name: "not the index when main names a file", src: `const m = require('../pkg');`, test: "test/a.test.js", module: "pkg/index.js", why: "through no specifier"},
		{name: "a main that names no file falls back to the index", src: `require('../src')`, test: "test/a.test.js", module: "src/index.js", want: "../src"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Specifier([]byte(tt.src), tt.test, tt.module, exists, main)
			if tt.why != "" {
				if err == nil || !strings.Contains(err.Error(), tt.why) {
					t.Fatalf("Specifier = %q, %v; want a refusal saying %q", got, err, tt.why)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Specifier = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		"test/stats.test.js": "test/stats.bond-suggested.test.js",
		"src/a.spec.ts":      "src/a.bond-suggested.spec.ts",
		"test/oracle.mjs":    "test/oracle.bond-suggested.test.mjs",
		"a_test.cjs":         "a_test.bond-suggested.test.cjs",
	} {
		if got := FileName(in); got != want {
			t.Errorf("FileName(%q) = %q, want %q", in, got, want)
		}
	}
}
