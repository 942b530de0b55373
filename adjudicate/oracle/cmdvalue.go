package oracle

// This file is the value trace of the command runners (issue 28, witness value): which runs of
// the node runner and of an oracle command get nodetrace's hook (CommonJS, with module
// customization hooks for ES-module test files), which files it lists ES-module imports for,
// and how what the hook recorded becomes the run's callTrace, so value.go compares it exactly
// as it compares the embedded runner's. Runs with coverage are traced (the two unmutated
// baseline runs and every accepted mutant's coverage run: the runs the detectors read), so the
// comparison is like for like and no run is added; a mutant's first run, without coverage, is
// not. An oracle command that runs jest or vitest is traced through a setup file instead of the
// preload (jestvalue.go, vitestvalue.go).

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/oracle/nodetrace"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/internal/safefile"
)

// traceable says whether run s of r can be traced, with the test files the hook is to take for
// the oracle's (nil: the command's own configuration picks them), or why not; via names the
// runner traced through a setup file instead of the preload: oraclecmd.RunnerJest (jestvalue.go)
// or RunnerVitest (vitestvalue.go); "script" for the preload in a plain `node FILE` of a node:test file
// (scriptTest), "" for the preload under a runner.
func (r *CmdRunner) traceable(s RunSpec) (tests []string, via string, why string) {
	files := r.Files
	if s.Files != nil && r.Files != nil {
		files = s.Files
	}
	if r.Runner == RunnerNode {
		return files, "", ""
	}
	at, ok := oraclecmd.LocateRunner(r.Cmd, oraclecmd.Options{Scripts: r.Scripts})
	switch {
	case !ok && r.script != "":
		// `node test/x.js` whose file imports node:test: one process whose main module is the
		// test file, as each of node --test's processes is (scriptTest).
		return []string{r.script}, "script", ""
	case !ok:
		return nil, "", "not available under runner command: the oracle command runs no test runner bond recognises (the value detector traces node --test, mocha, jest and vitest, and node FILE where FILE itself imports node:test)"
	case at.Name == oraclecmd.RunnerMocha || at.Name == oraclecmd.RunnerNodeTest:
		return files, "", ""
	case at.Name == oraclecmd.RunnerJest || at.Name == oraclecmd.RunnerVitest:
		return files, string(at.Name), ""
	}
	return nil, "", "not available under runner command: the oracle command runs " + string(at.Name) + ", which the value detector does not trace yet (it traces node --test, mocha, jest and vitest)"
}

// traceEntries are the files whose ES-module imports nodetrace lists before a run (their
// wrappers need the modules' export names): the test files the run was asked to run, else the
// test files the oracle command names as it is written (`npx mocha test/a.test.js` runs whole,
// so the hook is given no test files, but its file is known). nil when bond can name none (the
// runner's own discovery): the hooks then report each import they could not wrap.
func (r *CmdRunner) traceEntries(tests []string, root string) []string {
	if tests != nil {
		return tests
	}
	inv, err := oraclecmd.Parse(r.Cmd, oraclecmd.Options{Scripts: r.Scripts})
	if err != nil {
		return nil
	}
	var out []string
	for _, f := range inv.Files {
		p := path.Clean(f)
		if path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
			continue
		}
		if st, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err == nil && st.Mode().IsRegular() {
			out = append(out, p)
		}
	}
	return out
}

// SoleTest is the one test file cmd names, for runs bond gives no test files of their own, when
// the command is not one oraclecmd.Parse reads (`npx mocha --require @babel/register …
// test/a.js`): the one runner argument, not an option, that names a JavaScript or TypeScript
// file in root. "" when it names none or several (an option's value that is a file, such as a
// config, makes it several: never a wrong one). Computed once per runner (newCmdRunner).
func SoleTest(cmd string, scripts map[string]string, root string) string {
	at, ok := oraclecmd.LocateRunner(cmd, oraclecmd.Options{Scripts: scripts})
	if !ok {
		return ""
	}
	var found []string
	for _, a := range at.Args {
		p := path.Clean(a)
		if strings.HasPrefix(a, "-") || path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
			continue
		}
		switch path.Ext(p) {
		case ".js", ".cjs", ".mjs", ".jsx", ".ts", ".cts", ".mts", ".tsx":
		default:
			continue
		}
		if st, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err == nil && st.Mode().IsRegular() {
			found = append(found, p)
		}
	}
	if len(found) != 1 {
		return ""
	}
	return found[0]
}

// scriptRecorder says, in the run's note, what records the calls of a node:test file the command
// runs as a plain script.
func scriptRecorder(file string) string {
	return "a hook preloaded into the Node process of " + file + ", " + scriptRecorderKind + " (traced as node --test's one test file)"
}

// scriptTest is the one file cmd runs as a plain Node script (`node [options] FILE`, directly,
// through npx or a package script; oraclecmd's Invocation.Script) when that file, under root,
// imports node:test itself (nodetrace.ImportsNodeTest): "" otherwise. Such a run is one Node
// process whose main module is the file, its node:test tests run as it runs, so the value trace
// takes it for a node --test child's: the preload, the file as the run's one test file. Through
// tsx it is not taken (tsx's own loader is not one the trace was tried with). Only the value
// trace reads it: coverage (NODE_V8_COVERAGE) serves any command already, and a run of one file
// has no subset to narrow to. Computed once per runner (newCmdRunner).
func scriptTest(cmd string, scripts map[string]string, root string) string {
	inv, err := oraclecmd.Parse(cmd, oraclecmd.Options{Scripts: scripts})
	if err != nil || inv.Runner != oraclecmd.RunnerNodeTest || !inv.Script || len(inv.Files) != 1 || slices.Contains(inv.Via, "tsx") {
		return ""
	}
	p := path.Clean(inv.Files[0])
	if path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
		return ""
	}
	if st, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	if !nodetrace.ImportsNodeTest(root, p, oraclecmd.Conditions(inv)) {
		return ""
	}
	return p
}

// traceConditions are the export conditions the oracle command gives node (`node --conditions
// development …`, oraclecmd.Conditions), with which the trace lists a test file's ES-module
// imports as node resolves them; nil when it gives none or is not one oraclecmd reads.
func traceConditions(cmd string, scripts map[string]string) []string {
	inv, err := oraclecmd.Parse(cmd, oraclecmd.Options{Scripts: scripts})
	if err != nil {
		return nil
	}
	return oraclecmd.Conditions(inv)
}

// traceOf is the callTrace of a run that nodetrace traced; observed says its test files are the
// ones the hook saw load (the command picks its own), not the ones the run was asked to run.
func traceOf(t nodetrace.Trace, observed bool) *CallTrace {
	return &CallTrace{Calls: t.Calls, Files: t.Files, Capped: t.Capped, Unavailable: t.Unavailable, Observed: observed, NeighboursMissed: t.NeighboursMissed, NeighboursSkipped: t.NeighboursSkipped}
}

// EsmTest reports whether the test file rel (repo-relative) under root is an ES module as Node
// reads it: .mjs or .mts, or .js, .ts and the like under a package.json whose type is module.
func EsmTest(root string) func(rel string) bool {
	return func(rel string) bool {
		switch path.Ext(rel) {
		case ".mjs", ".mts":
			return true
		case ".cjs", ".cts":
			return false
		}
		for dir := path.Dir(rel); ; dir = path.Dir(dir) {
			b, err := safefile.Read(filepath.Join(root, filepath.FromSlash(dir), "package.json"), safefile.ConfigMax)
			if err == nil {
				var pkg struct {
					Type string `json:"type"`
				}
				if json.Unmarshal(b, &pkg) == nil {
					return pkg.Type == "module"
				}
				return false
			}
			if dir == "." || dir == "/" || strings.HasPrefix(dir, "..") {
				return false
			}
		}
	}
}

// CallTrace is one run's value trace: its calls, the test files that ran, and whether a file's
// trace hit its cap. Unavailable says why the run's trace cannot be compared (the runner does
// not trace this oracle, or a test file left no trace); Observed says Files are the test files
// the trace saw load (a command that picks its own), not the ones the run was asked to run;
// Recorder says what recorded it under a command runner, for the run's note ("" for nodetrace's
// preload).
type CallTrace struct {
	Calls       []embedded.Call
	Files       []string
	Capped      bool
	Unavailable string
	Observed    bool
	Recorder    string
	// NeighboursMissed names a test file whose neighbour calls were asked for and not made
	// (nodetrace.Trace.NeighboursMissed).
	NeighboursMissed string
	// NeighboursSkipped counts the tests' entry calls given no neighbour because an argument or
	// the receiver holds a getter or a Proxy, which copying it would run.
	NeighboursSkipped int
}

// scriptRecorderKind is the part of every scriptRecorder sentence that names no file.
const scriptRecorderKind = "a file that imports node:test and that the command runs as a script"
