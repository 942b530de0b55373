package oracle

// This file is the value trace of an oracle command that runs vitest (issue 28, witness value):
// what bond learns once per certify (the project's vitest config, the repository's code files
// and the repository modules each imports) and the command of each traced run, which gives
// vitest a config of bond's (nodetrace.PrepareVitest) that loads the project's and runs bond's
// setup file first among setupFiles, the project's own after it in their order. vitest 3 reads
// no setup files from its command line, so the config is the one way in; nothing is run to
// read it, so a traced run costs no run of its own.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/bond-tool/bond/adjudicate/oracle/nodetrace"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/internal/safefile"
)

// vitestPlan is what the traced runs under vitest need, read once per certify (readVitestPlan).
type vitestPlan struct {
	// Config is the project's vitest config, repo-relative ("" when it has none).
	Config string
	// Files are the repository's code files (nodetrace.VitestFiles).
	Files []string
	// modules are, per code file, the repository modules it imports; unresolved the imports
	// bond could not resolve (nodetrace.VitestModules).
	modules, unresolved map[string][]string
	// Why says why the value detector cannot trace this command's vitest ("" when it can).
	Why string
}

// vitestOnce holds a runner's vitestPlan once read.
type vitestOnce struct {
	mu   sync.Mutex
	plan *vitestPlan
}

// VitestRecorder says, in the run's note, what records the calls under vitest.
const VitestRecorder = "bond's setup file, which vitest runs first among setupFiles (through a config of bond's that loads the project's) before each test file and which wraps those modules through vi.doMock"

// UnavailableVitest prefixes why the value detector cannot trace the command's vitest.
const UnavailableVitest = "not available under runner command: the oracle command runs vitest, and "

// vitestConfigFiles are the names vitest 3 looks for in its root, in its order (its
// constants' configFiles), and the workspace files it would read beside a config.
var (
	vitestConfigFiles    = []string{"vitest.config.ts", "vitest.config.mts", "vitest.config.cts", "vitest.config.js", "vitest.config.mjs", "vitest.config.cjs", "vite.config.ts", "vite.config.mts", "vite.config.cts", "vite.config.js", "vite.config.mjs", "vite.config.cjs"}
	vitestWorkspaceFiles = []string{"vitest.workspace", "vitest.projects"}
)

// vitestPlanFor returns the plan of r's vitest, reading it in sb the first time (the first traced
// run, a baseline run on the unmutated tree).
func (r *CmdRunner) vitestPlanFor(sb *Box) vitestPlan {
	if r.vitest == nil {
		return vitestPlan{Why: UnavailableVitest + "this runner reads no vitest config"}
	}
	r.vitest.mu.Lock()
	defer r.vitest.mu.Unlock()
	if r.vitest.plan == nil {
		p := ReadVitestPlan(sb.Root)
		r.vitest.plan = &p
	}
	return *r.vitest.plan
}

// ReadVitestPlan finds the project's config in root as vitest does, refuses a workspace file
// (bond's config lies outside the root, where vitest would no longer find it), and scans the
// repository's code files' imports.
func ReadVitestPlan(root string) vitestPlan {
	var p vitestPlan
	entries, err := os.ReadDir(root)
	if err != nil {
		p.Why = UnavailableVitest + "bond could not read the repository's root: " + err.Error()
		return p
	}
	have := map[string]bool{}
	for _, e := range entries {
		if e.Type().IsRegular() {
			have[e.Name()] = true
		}
	}
	for _, w := range vitestWorkspaceFiles {
		for _, ext := range []string{".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json"} {
			if have[w+ext] {
				p.Why = UnavailableVitest + "the repository has " + w + ext + " (several projects): bond puts its setup file in a config of one project only"
				return p
			}
		}
	}
	if why := vitestVersionWhy(root); why != "" {
		p.Why = UnavailableVitest + why
		return p
	}
	for _, c := range vitestConfigFiles {
		if have[c] {
			p.Config = c
			break
		}
	}
	files, why := nodetrace.VitestFiles(root)
	if why != "" {
		p.Why = UnavailableVitest + why
		return p
	}
	p.Files = files
	p.modules, p.unresolved = nodetrace.VitestModules(root, files)
	return p
}

// traceVitest prepares the value trace of one vitest run in sb whose command is cmd: tests are
// the run's test files when it was narrowed to some (nil: vitest's own pick). It returns the
// trace to read after the run and the command that gives vitest bond's config, or why the run is
// not traced (the command unchanged); err only when bond could not write its own files.
func (r *CmdRunner) traceVitest(sb *Box, cmd string, tests []string) (tr *nodetrace.Run, out string, why string, err error) {
	p := r.vitestPlanFor(sb)
	if p.Why != "" {
		return nil, cmd, p.Why, nil
	}
	tr, wrapper, err := nodetrace.PrepareVitest(r.tmp, sb.Root, tests, p.Files, p.modules, p.unresolved, p.Config, UnavailableVitest, nodetrace.VitestOptions{Neighbours: r.neighbours, CharCodes: r.charCodes, Numbers: r.numbers})
	if err != nil {
		return nil, cmd, "", err
	}
	out, problem := oraclecmd.WithVitestArgs(cmd, oraclecmd.Options{Scripts: r.Scripts}, []string{"--config=" + filepath.ToSlash(wrapper)})
	if problem != "" {
		tr.Remove()
		return nil, cmd, UnavailableVitest + problem, nil
	}
	return tr, out, "", nil
}

// vitestVersionWhy says why the vitest installed at root (node_modules/vitest/package.json) is
// one the trace does not serve: a version before 0.34, the oldest it was tried with (0.34 names
// the running test file only in its worker state, and older ones were not read); "" for 0.34 and
// later, and when no version can be read there (a vitest installed elsewhere is traced as usual,
// and a trace that names no test file says so on the run).
func vitestVersionWhy(root string) string {
	b, err := safefile.Read(filepath.Join(root, "node_modules", "vitest", "package.json"), safefile.ConfigMax)
	if err != nil {
		return ""
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(b, &pkg) != nil {
		return ""
	}
	var major, minor int
	if n, _ := fmt.Sscanf(pkg.Version, "%d.%d", &major, &minor); n != 2 {
		return ""
	}
	if major == 0 && minor < 34 {
		return "its vitest is " + pkg.Version + ", older than 0.34, the oldest vitest the value trace was tried with"
	}
	return ""
}
