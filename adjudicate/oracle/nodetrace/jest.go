package nodetrace

// This file's one job: the value trace under jest (PrepareJest). jest runs each test file in a
// context of its own with a module registry of its own, which Module._load never sees, so the
// hook is handed to jest as a setup file instead of a preload (jest.cjs says how it wraps the
// modules); which repository modules each test file requires or imports is listed here, before
// the run, with esbuild, as the ES-module trace lists its imports.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// JestModules lists, for each of tests (repo-relative test files under root), the repository
// modules it requires or imports itself (require, import, import() of a literal), outside
// node_modules and other than the test files, sorted: the modules bond's jest setup file wraps
// for it. A test file that requires none is listed with none.
func JestModules(root string, tests []string) map[string][]string {
	scanned, _ := scanImports(root, tests, nil)
	isTest := map[string]bool{}
	for _, t := range tests {
		isTest[t] = true
	}
	out := map[string][]string{}
	for _, t := range tests {
		seen := map[string]bool{}
		mods := []string{}
		for _, im := range scanned[t] {
			if im.mod == "" || isTest[im.mod] || seen[im.mod] || !codeFile(im.mod) {
				continue
			}
			seen[im.mod] = true
			mods = append(mods, im.mod)
		}
		sort.Strings(mods)
		out[t] = mods
	}
	return out
}

// JestOptions are a jest run's trace settings beyond its files (PrepareJest).
type JestOptions struct {
	// ESM are the test files jest loads as ES modules (repo-relative): .mjs files, .js files
	// under a package.json of type module, and the extensions the config's
	// extensionsToTreatAsEsm names. With any, the setup file is an ES module (jest-setup.mjs),
	// which jest loads only under --experimental-vm-modules, as it loads those test files, and
	// which must run last among setupFilesAfterEnv (jest.cjs says why).
	ESM []string
	// Neighbours: bond's setup file also makes the test file's own entry calls again when its
	// tests end, with one argument changed a little (hook.cjs, "neighbours").
	Neighbours bool
	// CharCodes are the neighbours' code points from the patch (HookOptions.CharCodes).
	CharCodes []int
	// Numbers are the neighbours' numbers from the patch (HookOptions.Numbers).
	Numbers []int64
}

// jestPrelude are the ES-module setup file's lines above the hook: jest's API (its globals may
// be off) and a require for the hook's built-ins. jestEpilogue, below it, waits for the modules
// the hook imports before it registers their mocks (jest.cjs).
const (
	jestPrelude = `import { jest as __bondJestObj, expect as __bondExpect, afterAll as __bondAfterAll } from '@jest/globals';
import { createRequire as __bondCreateRequire } from 'node:module';
const require = __bondCreateRequire(import.meta.url);
const __bondJest = { jest: __bondJestObj, expect: __bondExpect, afterAll: __bondAfterAll, wait: null };
`
	jestEpilogue = "\nif (__bondJest.wait !== null) await __bondJest.wait;\n"
)

// PrepareJest makes a trace directory under tmp for one jest run at root (the sandbox) whose
// test files are tests (repo-relative; the run's own when it was narrowed, else the ones jest
// listed), each wrapping the modules mods names for it (JestModules). It writes the setup file
// jest is to run among setupFilesAfterEnv and returns its path: a CommonJS file to run first,
// or, when o.ESM names any test file, an ES module to run last. The Run has no Env (jest loads
// the file itself) and reads as a Node run's does.
func PrepareJest(tmp, root string, tests []string, mods map[string][]string, o JestOptions) (run *Run, setup string, err error) {
	dir, real, err := newTraceDir(tmp, root)
	if err != nil {
		return nil, "", err
	}
	if tests == nil {
		tests = []string{}
	}
	esm := o.ESM
	if esm == nil {
		esm = []string{}
	}
	src, err := hookText(struct {
		hookSettings
		JestSetup    bool                `json:"jestSetup"`
		JestModules  map[string][]string `json:"jestModules"`
		JestESM      bool                `json:"jestESM"`
		JestESMTests []string            `json:"jestESMTests"`
	}{hookSettings{Root: real, Dir: dir, Tests: tests, Modules: map[string]esmModule{}, Imports: map[string][]string{}, Neighbours: o.Neighbours, CharCodes: o.CharCodes, Numbers: o.Numbers},
		true, mods, len(esm) > 0, esm}, jestSource)
	if err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	setup = filepath.Join(dir, "jest-setup.cjs")
	if len(esm) > 0 {
		setup = filepath.Join(dir, "jest-setup.mjs")
		src = jestPrelude + src + jestEpilogue
	}
	if err := os.WriteFile(setup, []byte(src), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, "", fmt.Errorf("writing the value trace's jest setup file: %w", err)
	}
	return &Run{Dir: dir, tests: tests}, setup, nil
}
