package coverage

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/internal/nodepkg"
	"github.com/bond-tool/bond/internal/safefile"
)

// Plan is how one command's coverage is collected: what to run, what to add to its environment,
// and where the run leaves its coverage. It holds no open resources; Remove deletes its
// directories. Make one per run (baseline runs and every mutant run), because each run needs its
// own fresh directories.
type Plan struct {
	// Cmd is the shell command to run: the one given, or rewritten to ask jest or vitest for lcov.
	Cmd string
	// Env holds the variables to add to the run's environment: NODE_V8_COVERAGE, which every
	// Node process of the run (children included) inherits.
	Env []string
	// V8Dir is where Node writes one coverage JSON per process.
	V8Dir string
	// Runner is the runner bond asked for native lcov (jest or vitest), or "" when none was
	// found or it could not be asked.
	Runner string
	// LcovDir is where the runner was told to write lcov.info; "" when Runner is "".
	LcovDir string
	// Problem says why a runner the command uses could not be asked for coverage (a missing
	// coverage provider, a package script that does not end in the runner or whose body sets
	// options bond's would repeat). It becomes a note of the Result and part of the reason of
	// every file left unavailable.
	Problem string
}

// Prepare decides, for the shell command cmd about to run at sandboxRoot, how its coverage will be
// collected. It makes fresh directories under tmpDir: one for NODE_V8_COVERAGE, and, when the
// command runs jest or vitest (directly, through npx/yarn/pnpm exec, through node and the
// runner's bin file, or through an npm/yarn/pnpm package script read from sandboxRoot's
// package.json), one for the lcov it rewrites the command to ask for.
//
// bond's request wins over the command's and the config's (SPEC §3.3): the command's own
// coverage options (turning it off, another provider, reporter or directory) are removed, and
// bond's flags go after every word the runner reads as an option (before a `--`, before
// redirections; for a package script, after npm's `--` or the script name), because both
// runners let the command line override their config and jest lets a later flag override an
// earlier one (oraclecmd/coverflags.go has the measurements). A script is only rewritten when the
// runner is its last command, so the flags reach it; options in the script's body cannot be
// removed, and where they would clash with bond's (vitest refuses a repeated single-valued
// option; jest turns one into an array and fails) Plan.Problem says so and the command runs
// unchanged.
//
// vitest is asked only when a coverage provider is installed: without one it exits 1 ("MISSING
// DEPENDENCY Cannot find dependency '@vitest/coverage-v8'"), which would turn a coverage request
// into a failing oracle; Plan.Problem says so instead.
func Prepare(cmd, sandboxRoot, tmpDir string) (Plan, error) {
	// Absolute, because every process of the run (in whatever directory) resolves
	// NODE_V8_COVERAGE and the runner resolves its coverage directory against its own cwd.
	if abs, err := filepath.Abs(tmpDir); err == nil {
		tmpDir = abs
	}
	// No directory a test can see names bond (SPEC §7: a test must not find out cheaply that it
	// runs under bond): NODE_V8_COVERAGE reaches every process of the run.
	v8Dir, err := os.MkdirTemp(tmpDir, "v8-")
	if err != nil {
		return Plan{}, fmt.Errorf("making the NODE_V8_COVERAGE directory under %s: %w", tmpDir, err)
	}
	p := Plan{Cmd: cmd, Env: []string{"NODE_V8_COVERAGE=" + v8Dir}, V8Dir: v8Dir}
	// mocha and node:test run the files on disk, which NODE_V8_COVERAGE reads: only jest and
	// vitest are looked for (a command that runs node --test and then vitest asks vitest).
	target, problem, ok := oraclecmd.FindCoverageTarget(cmd, oraclecmd.Options{Scripts: oraclecmd.ScriptsIn(os.DirFS(sandboxRoot))})
	if !ok {
		p.Problem = problem
		return p, nil
	}
	var provider string
	if target.Runner == "vitest" {
		switch {
		case nodepkg.Resolvable(sandboxRoot, "@vitest/coverage-v8"):
			provider = "v8"
		case nodepkg.Resolvable(sandboxRoot, "@vitest/coverage-istanbul"):
			provider = "istanbul"
		default:
			p.Problem = "vitest cannot produce coverage here: no coverage provider is installed " +
				"(asked for coverage, vitest exits 1 with \"MISSING DEPENDENCY  Cannot find dependency '@vitest/coverage-v8'\"); " +
				"bond ran the command unchanged; install @vitest/coverage-v8 at vitest's version to get line coverage of the files vitest transforms"
			return p, nil
		}
	}
	edit, problem := target.Edit(nodepkg.Major(sandboxRoot, target.Runner), provider)
	if problem != "" {
		p.Problem = problem
		return p, nil
	}
	lcovDir, err := os.MkdirTemp(tmpDir, "lcov-")
	if err != nil {
		return Plan{}, fmt.Errorf("making the lcov directory under %s: %w", tmpDir, err)
	}
	p.Cmd = edit.WithCoverage(lcovDir)
	p.Runner, p.LcovDir = target.Runner, lcovDir
	return p, nil
}

// Remove deletes the plan's directories. Call it after Read.
func (p Plan) Remove() error {
	var errs []error
	for _, d := range []string{p.V8Dir, p.LcovDir} {
		if d != "" {
			errs = append(errs, os.RemoveAll(d))
		}
	}
	return errors.Join(errs...)
}

// Read reads what the run left: every process's V8 JSON and, when the runner was asked, its lcov.
// Paths are repository-relative (sandbox paths mapped back; node_modules and files outside the
// root ignored). lcov, where asked for, gives the map of the files it covers (the runner knows
// its transform; V8 saw only transformed code there); V8 gives the rest. lcov lines that hold no
// code on disk (comments, blank lines: v8-to-istanbul lists every line) are dropped so both
// sources agree on what is executable.
func (p Plan) Read(sandboxRoot string) (Result, error) {
	return p.ReadWithOutput(sandboxRoot, nil)
}

// ReadWithOutput is Read with the run's combined output, whose coverage-related lines go into the
// note when the runner was asked for lcov and wrote none, so the report carries the runner's own
// message.
func (p Plan) ReadWithOutput(sandboxRoot string, output []byte) (Result, error) {
	rd := newReader(V8Options{Root: sandboxRoot})
	res := newResult()
	names, err := filepath.Glob(filepath.Join(p.V8Dir, "*.json"))
	if err != nil {
		return Result{}, err
	}
	sort.Strings(names)
	for _, name := range names {
		// The directory is the run's: a test may leave a FIFO or a link to /dev/zero in it.
		b, err := safefile.Read(name, safefile.DataMax)
		if err != nil {
			return Result{}, fmt.Errorf("reading V8 coverage: %w", err)
		}
		one, err := rd.parseV8Bytes(b)
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w", name, err)
		}
		res.merge(one)
	}
	if p.LcovDir != "" {
		path := filepath.Join(p.LcovDir, "lcov.info")
		b, err := safefile.Read(path, safefile.DataMax)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			note := fmt.Sprintf("%s was asked for lcov coverage in %s and wrote none", p.Runner, p.LcovDir)
			if msg := coverageLines(output); msg != "" {
				note += "; it said: " + msg
			}
			p.Problem = strings.TrimPrefix(p.Problem+"; "+note, "; ")
		case err != nil:
			return Result{}, fmt.Errorf("reading %s's lcov: %w", p.Runner, err)
		default:
			lres, err := parseLcov(rd, bytes.NewReader(b))
			if err != nil {
				return Result{}, fmt.Errorf("%s: %w", path, err)
			}
			overlayLcov(rd, res, lres, sandboxRoot)
		}
	}
	if p.Problem != "" {
		res.Notes = append(res.Notes, p.Problem)
		for rel, why := range res.Unavailable {
			res.Unavailable[rel] = why + "; " + p.Problem
		}
	}
	return res, nil
}

// overlayLcov lays the runner's lcov over the V8 result: a file lcov maps exactly takes lcov's map;
// a section lcov rejected leaves a usable V8 map in place, and otherwise joins the reasons.
func overlayLcov(rd *reader, res, lres Result, root string) {
	for rel, hits := range lres.Hits {
		if f := rd.file(filepath.Join(root, filepath.FromSlash(rel))); f.err == nil {
			hits = codeLinesOnly(f, hits)
		}
		delete(res.Unavailable, rel)
		res.Hits[rel] = hits
		res.Sources[rel] = SourceLcov
	}
	for rel, why := range lres.Unavailable {
		if _, ok := res.Hits[rel]; ok {
			res.Notes = append(res.Notes, why+" (kept the V8 map)")
			continue
		}
		res.unavailable(rel, why)
	}
}

// codeLinesOnly keeps the lines of hits that hold a code byte in f.
func codeLinesOnly(f *sourceFile, hits FileHits) FileHits {
	out := FileHits{}
	for line, hit := range hits {
		if line > len(f.lineStarts) {
			continue
		}
		start, end := f.lineStarts[line-1], len(f.src)
		if line < len(f.lineStarts) {
			end = f.lineStarts[line]
		}
		for i := start; i < end; i++ {
			if f.kind[i] == kindCode {
				out[line] = hit
				break
			}
		}
	}
	return out
}

// Reason says why path has no hit map in this run: its own reason, or, for a file the run did
// not report at all, that, with the run's notes. It is "" for a path with a map.
func (r Result) Reason(path string) string {
	if why, ok := r.Unavailable[path]; ok {
		return why
	}
	if _, ok := r.Hits[path]; ok {
		return ""
	}
	why := fmt.Sprintf("no coverage of %s was recorded in this run", path)
	if len(r.Notes) > 0 {
		why += "; " + strings.Join(r.Notes, "; ")
	}
	return why
}

// coverageLines picks the lines of a run's output that talk about coverage, to quote a runner
// that failed to write it (at most 5 lines, trimmed).
func coverageLines(out []byte) string {
	var keep []string
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && strings.Contains(strings.ToLower(l), "coverage") {
			keep = append(keep, l)
			if len(keep) == 5 {
				break
			}
		}
	}
	return strings.Join(keep, " / ")
}
