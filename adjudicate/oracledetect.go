package adjudicate

// This file is the zero-config oracle (SPEC §3.1): with no --oracle or --oracle-cmd, the oracle is
// the test files the patch adds lines to, run with the repository's test runner as package.json
// names it. Runner choice then serves it embedded where it can, as it does a given oracle.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/plan"
)

// ErrNoTestFile is the message of a zero-config certify whose patch changes no test file.
const ErrNoTestFile = "the patch changes no test file: name the tests that pin it with --oracle or --oracle-cmd"

// detectedOracle is the oracle chosen for a zero-config certify: test files under node --test
// (Files), or a command for another runner (Cmd), and why.
type detectedOracle struct {
	Files []string
	Cmd   string
	Note  string
}

// testRunner is the repository's test runner as package.json says: the runner, the command that
// runs test files under it (files are appended), and where bond read it.
type testRunner struct {
	runner oraclecmd.Runner
	cmd    string // "" for plain node --test: the oracle is then --oracle FILE…
	from   string
}

// detectOracle chooses the oracle for a patch that names none: the files among touched (the
// files the diff adds lines to) that the repository's runner runs as tests with its default
// patterns, else those named as tests. A patch that touches no test file is an input error.
func detectOracle(ctx context.Context, root string, touched []string) (detectedOracle, error) {
	pkg, err := readPackageJSON(root)
	if err != nil {
		return detectedOracle{}, err
	}
	tr := detectRunner(pkg)
	runs := map[string]bool{}
	if all, err := oraclecmd.TestFiles(os.DirFS(root), oraclecmd.Invocation{Runner: tr.runner}); err == nil {
		for _, f := range all {
			runs[f] = true
		}
	}
	// The files the runner finds with its default patterns; only when none of the patch's files
	// is one (a repository that sets its own patterns) the files named as tests.
	var files, named []string
	for _, p := range touched {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(p))); err != nil {
			continue
		}
		switch {
		case runs[p]:
			files = append(files, p)
		case plan.IsTestName(p):
			named = append(named, p)
		}
	}
	if len(files) == 0 {
		files = named
	}
	if len(files) == 0 {
		return detectedOracle{}, input.Errorf("%s", ErrNoTestFile)
	}
	files, unmarked := preferMarked(files)
	d := detectedOracle{}
	quoted := make([]string, len(files))
	for i, f := range files {
		quoted[i] = proc.Quote(f)
	}
	pre := planPretest(root, pkg, files, listedFiles(ctx, root))
	if tr.cmd == "" && !pre.Run {
		d.Files = files
	} else {
		cmd := tr.cmd
		if cmd == "" {
			cmd = "node --test"
		}
		d.Cmd = cmd + " " + strings.Join(quoted, " ")
		if tr.runner == oraclecmd.RunnerUvu {
			d.Cmd = uvuCommand(files)
		}
		if pre.Run {
			d.Cmd = withPretest(d.Cmd)
		}
	}
	what := "node --test " + strings.Join(quoted, " ")
	if d.Cmd != "" {
		what = d.Cmd
	}
	d.Note = fmt.Sprintf("no oracle was named: the oracle is the test files the patch changes (%s), run as %s because %s", strings.Join(files, ", "), what, tr.from)
	if pre.Note != "" {
		d.Note += "; " + pre.Note
	}
	if len(unmarked) > 0 {
		d.Note += fmt.Sprintf("; left out %s: only a test directory makes it a test, where the patch's other test files are named as tests (.test., .spec.), so it is taken for a helper, fixture or benchmark", strings.Join(unmarked, ", "))
	}
	return d, nil
}

// preferMarked keeps, among a patch's test files, those whose base name carries a test mark when
// some do: a runner's directory pattern (node --test runs every file under test/) also sweeps up
// the helpers, fixtures and benchmark scripts beside a project's marked tests, and a project
// that marks its tests does not run those as tests. When none is marked (mocha's test/*.js), all
// are kept. unmarked are the files left out.
func preferMarked(files []string) (kept, unmarked []string) {
	for _, f := range files {
		if plan.HasTestMark(f) {
			kept = append(kept, f)
		} else {
			unmarked = append(unmarked, f)
		}
	}
	if len(kept) == 0 {
		return files, nil
	}
	return kept, unmarked
}

// runnerCmds are the commands bond runs test files with, per runner.
var runnerCmds = map[oraclecmd.Runner]string{
	oraclecmd.RunnerJest:   "npx jest",
	oraclecmd.RunnerVitest: "npx vitest run",
	oraclecmd.RunnerMocha:  "npx mocha",
	oraclecmd.RunnerTape:   "npx tape",
	oraclecmd.RunnerUvu:    "npx uvu",
	oraclecmd.RunnerAva:    "npx ava",
	oraclecmd.RunnerTap:    "npx tap",
}

// uvuCommand runs exactly files under uvu, which takes a directory and one pattern rather than
// files: the root, and a pattern that matches each file's path and nothing else.
func uvuCommand(files []string) string {
	alts := make([]string, len(files))
	for i, f := range files {
		alts[i] = regexp.QuoteMeta(f)
	}
	return "npx uvu . " + proc.Quote("^(?:"+strings.Join(alts, "|")+")$")
}

// readPackageJSON reads package.json at root, or nil when there is none. A file bond cannot read
// or parse is an input error that says how to go on.
func readPackageJSON(root string) (*packageJSON, error) {
	pj := filepath.Join(root, "package.json")
	b, err := safefile.Read(pj, safefile.ConfigMax)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, input.Errorf("reading %s to find the test runner: %v; name the oracle with --oracle or --oracle-cmd", pj, err)
	}
	var pkg packageJSON
	if err := json.Unmarshal(b, &pkg); err != nil {
		return nil, input.Errorf("%s: %v; fix the JSON, or name the oracle with --oracle or --oracle-cmd", pj, err)
	}
	return &pkg, nil
}

// detectRunner reads package.json (nil: there is none): the runner its "test" script starts, else
// the first of vitest, jest, mocha, tsx and ts-node among its dependencies, else node --test. The
// test script is read as npm test runs it but for pretest, which planPretest decides apart.
func detectRunner(pkg *packageJSON) testRunner {
	if pkg == nil {
		return testRunner{runner: oraclecmd.RunnerNodeTest, from: "the repository has no package.json"}
	}
	prefix := ""
	if script, ok := pkg.Scripts["test"]; ok {
		scripts := maps.Clone(pkg.Scripts)
		delete(scripts, "pretest")
		inv, err := oraclecmd.Parse("npm test", oraclecmd.Options{Scripts: scripts})
		if err == nil {
			from := fmt.Sprintf("package.json's test script (%s) runs %s", script, inv.Runner)
			tr := runnerFor(inv.Runner, hasLauncher(inv, "tsx"), tsNodeArg(inv), from)
			if inv.Runner == oraclecmd.RunnerTap {
				// tap's coverage check decides a run's outcome: keep the script's switch that
				// turns it off (its name differs between tap 16 and 18+).
				for _, a := range inv.Args {
					if a == "--no-coverage" || a == "--disable-coverage" {
						tr.cmd += " " + a
					}
				}
			}
			return tr
		}
		prefix = fmt.Sprintf("package.json's test script (%s) is not one runner invocation bond reads, and ", script)
	}
	dep := func(n string) bool { _, a := pkg.DevDependencies[n]; _, b := pkg.Dependencies[n]; return a || b }
	for _, r := range []oraclecmd.Runner{oraclecmd.RunnerVitest, oraclecmd.RunnerJest, oraclecmd.RunnerMocha} {
		if dep(string(r)) {
			return runnerFor(r, false, false, prefix+"package.json depends on "+string(r))
		}
	}
	switch {
	case dep("tsx"):
		return runnerFor(oraclecmd.RunnerNodeTest, true, false, prefix+"package.json depends on tsx and on no test runner")
	case dep("ts-node"):
		return runnerFor(oraclecmd.RunnerNodeTest, false, true, prefix+"package.json depends on ts-node and on no test runner")
	}
	return testRunner{runner: oraclecmd.RunnerNodeTest, from: prefix + "package.json names no test runner bond knows (jest, vitest, mocha, tsx, ts-node), so node's own"}
}

// runnerFor is the command for runner r: node --test through tsx or with ts-node's loader when
// the repository reads TypeScript that way.
func runnerFor(r oraclecmd.Runner, tsx, tsNode bool, from string) testRunner {
	tr := testRunner{runner: r, cmd: runnerCmds[r], from: from}
	if r == oraclecmd.RunnerNodeTest {
		switch {
		case tsx:
			tr.cmd = "npx tsx --test"
		case tsNode:
			tr.cmd = "node --require ts-node/register --test"
		}
	}
	return tr
}

func hasLauncher(inv oraclecmd.Invocation, name string) bool {
	for _, v := range inv.Via {
		if v == name {
			return true
		}
	}
	for _, a := range inv.Args {
		if strings.HasSuffix(a, "="+name) || strings.HasSuffix(a, "="+name+"/esm") || strings.HasSuffix(a, "="+name+"/cjs") {
			return true
		}
	}
	return false
}

func tsNodeArg(inv oraclecmd.Invocation) bool {
	for _, a := range inv.Args {
		if strings.Contains(a, "=ts-node/") {
			return true
		}
	}
	return false
}
