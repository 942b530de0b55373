package nodetrace

// This file's one job: the value trace under vitest (PrepareVitest). vitest runs each test file
// through its own module runner, which Module._load never sees, so the hook is handed to vitest
// as a setup file instead of a preload (vitest.cjs says how it wraps the modules). vitest 3 takes
// no setup files on its command line, so a traced run gets a config of bond's (vitestconfig.mjs)
// that loads the project's config and puts bond's setup file before the project's own list.
// Which repository modules each file imports is listed here, before the run, with esbuild, as the
// jest trace lists them; vitest picks its own test files, so every code file of the repository is
// scanned and the setup file takes the running test file's list.

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/internal/safefile"
)

//go:embed vitest.cjs
var vitestSource string

// vitestConfigSource is the config a traced vitest run is given (PrepareVitest).
//
//go:embed vitestconfig.mjs
var vitestConfigSource string

// vitestPrelude are the setup file's lines above the hook: vitest's API (its globals may be off)
// and a require for the hook's built-ins, the setup file being an ES module.
const vitestPrelude = `import { vi as __bondVi, expect as __bondExpect, afterAll as __bondAfterAll } from 'vitest';
import { createRequire as __bondCreateRequire } from 'node:module';
const require = __bondCreateRequire(import.meta.url);
const __bondVitest = { vi: __bondVi, expect: __bondExpect, afterAll: __bondAfterAll };
`

// MaxVitestFiles bounds the code files VitestFiles scans: past it the trace is refused by name
// rather than scanned for minutes.
const MaxVitestFiles = 5000

// refusedFile is the file bond's vitest config writes, in the trace directory, when the config it
// loaded is one the trace cannot serve (several projects, browser mode).
const refusedFile = "refused.txt"

// VitestFiles lists the code files under root (repo-relative, sorted) that a vitest run may take
// for test files: every one outside node_modules and directories whose names begin with a dot.
// why says why not (more than MaxVitestFiles, or root could not be walked).
func VitestFiles(root string) (files []string, why string) {
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (name == "node_modules" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || !codeFile(name) {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if files = append(files, filepath.ToSlash(rel)); len(files) > MaxVitestFiles {
			return fs.SkipAll
		}
		return nil
	})
	switch {
	case err != nil:
		return nil, fmt.Sprintf("bond could not list the repository's files: %v", err)
	case len(files) > MaxVitestFiles:
		return nil, fmt.Sprintf("the repository holds more than %d code files, which bond does not scan for the imports of vitest's test files", MaxVitestFiles)
	}
	sort.Strings(files)
	return files, ""
}

// VitestModules lists, for each of files (repo-relative code files under root), the repository
// modules it imports itself (import, import() of a literal, require), outside node_modules, other
// than itself and than files named as tests (`*.test.*`, `*.spec.*`), sorted: the modules bond's
// vitest setup file wraps when that file runs as a test file. unresolved lists, per file, the
// imports esbuild could not resolve (an alias of vitest's config, which esbuild does not read):
// a test file with one is refused by name when it runs, since calls through it would go
// unrecorded.
func VitestModules(root string, files []string) (mods, unresolved map[string][]string) {
	scanned, _ := scanImports(root, files, nil)
	mods, unresolved = map[string][]string{}, map[string][]string{}
	for _, f := range files {
		seen := map[string]bool{}
		list := []string{}
		for _, im := range scanned[f] {
			if im.unresolved && !seen["\x00"+im.spec] {
				seen["\x00"+im.spec] = true
				unresolved[f] = append(unresolved[f], im.spec)
			}
			if im.mod == "" || im.mod == f || seen[im.mod] || !codeFile(im.mod) || testNamed(im.mod) {
				continue
			}
			seen[im.mod] = true
			list = append(list, im.mod)
		}
		sort.Strings(list)
		mods[f] = list
	}
	return mods, unresolved
}

// testNamed: p's file name says it is a test file (vitest's default include, `*.test.*` and
// `*.spec.*`).
func testNamed(p string) bool {
	base := filepath.Base(p)
	return strings.Contains(base, ".test.") || strings.Contains(base, ".spec.")
}

// VitestOptions are PrepareVitest's neighbour settings.
type VitestOptions struct {
	// Neighbours: bond's setup file also makes the test file's own entry calls again once vitest
	// has taken the file's coverage, with one argument changed a little (hook.cjs, "neighbours";
	// vitest.cjs says when it can).
	Neighbours bool
	// CharCodes are the neighbours' code points from the patch (HookOptions.CharCodes).
	CharCodes []int
	// Numbers are the neighbours' numbers from the patch (HookOptions.Numbers).
	Numbers []int64
}

// PrepareVitest makes a trace directory under tmp for one vitest run at root (the sandbox):
// tests are the run's test files when it was narrowed to some (nil: vitest's own pick), files the
// code files bond scanned (VitestFiles), mods and unresolved their imports (VitestModules);
// config is the project's vitest config (repo-relative, "" when it has none). It writes bond's setup file and
// bond's config, which loads config and puts the setup file first among setupFiles, and returns
// the config's path for vitest's --config. refusal prefixes the reason bond's config writes when
// the project's config is one it cannot serve (Read then reports it); o sets the neighbour calls.
// The Run has no Env.
func PrepareVitest(tmp, root string, tests, files []string, mods, unresolved map[string][]string, config, refusal string, o VitestOptions) (run *Run, wrapper string, err error) {
	dir, real, err := newTraceDir(tmp, root)
	if err != nil {
		return nil, "", err
	}
	if tests == nil {
		tests = []string{}
	}
	if files == nil {
		files = []string{}
	}
	src, err := hookText(struct {
		hookSettings
		Vitest        bool                `json:"vitest"`
		VitestFiles   []string            `json:"vitestFiles"`
		VitestModules map[string][]string `json:"vitestModules"`
		Unresolved    map[string][]string `json:"vitestUnresolved"`
	}{hookSettings{Root: real, Dir: dir, Tests: tests, Modules: map[string]esmModule{}, Imports: map[string][]string{}, Neighbours: o.Neighbours, CharCodes: o.CharCodes, Numbers: o.Numbers},
		true, files, mods, unresolved}, vitestSource)
	if err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	setup := filepath.Join(dir, "vitest-setup.mjs")
	if err := os.WriteFile(setup, []byte(vitestPrelude+src), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, "", fmt.Errorf("writing the value trace's vitest setup file: %w", err)
	}
	base := "const base = {};"
	if config != "" {
		abs, _ := json.Marshal(filepath.Join(real, filepath.FromSlash(config)))
		base = "import base from " + string(abs) + ";"
	}
	quoted := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	cfg := strings.Replace(vitestConfigSource, "const base = {}; // BASE", base, 1)
	cfg = strings.Replace(cfg, "'SETUP'", quoted(setup), 1)
	cfg = strings.Replace(cfg, "'REFUSED'", quoted(filepath.Join(dir, refusedFile)), 1)
	wrapper = filepath.Join(dir, "vitest.config.mjs")
	if err := os.WriteFile(wrapper, []byte(cfg), 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, "", fmt.Errorf("writing the value trace's vitest config: %w", err)
	}
	return &Run{Dir: dir, tests: tests, refusal: refusal}, wrapper, nil
}

// refused is what bond's vitest config wrote about the project's config it could not serve, ""
// when it wrote nothing.
func (r *Run) refused() string {
	if r.refusal == "" {
		return ""
	}
	b, err := safefile.Read(filepath.Join(r.Dir, refusedFile), 4096)
	if err != nil || len(b) == 0 {
		return ""
	}
	return r.refusal + printable(string(b))
}
