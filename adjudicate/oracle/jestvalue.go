package oracle

// This file is the value trace of an oracle command that runs jest (issue 28, witness value):
// what bond learns once per certify of the jest run the command starts (the project's own
// setupFilesAfterEnv as jest resolves them, the test files jest runs, and the repository modules
// each requires or imports), and the command of each traced run, which gives jest bond's setup
// file (nodetrace.PrepareJest) before the project's own.
//
// jest's command line replaces a config's setupFilesAfterEnv rather than adding to it
// (jest-config's setFromArgv copies a CLI option over the config's; jest 29.7.0), and a preset's
// list is joined to whatever list is left (normalize's setupPreset). So bond reads the resolved
// list twice with --showConfig: as the project has it (the preset's, then its own), and with one
// file of bond's on the command line (the preset's, then bond's). What the first has beyond the
// second's preset part is the project's own list, which each traced run passes after bond's
// file; jest then runs the preset's, bond's, and the project's, the project's in their order.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/nodetrace"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/internal/proc"
)

// JestPlan is what the traced runs under jest need, read once per certify (readJestPlan).
type JestPlan struct {
	// Own are the project's own setupFilesAfterEnv as jest resolved them: repo-relative
	// ("test/setup.js") when inside the sandbox the plan was read in, else absolute.
	Own []string
	// Inside marks the entries of own that are repo-relative.
	Inside []bool
	// tests are the test files jest lists (repo-relative, sorted).
	tests []string
	// modules are, per test file, the repository modules it requires or imports.
	modules map[string][]string
	// Esm are the test files jest loads as ES modules (esmJestTest), sorted; with any, bond's
	// setup file is an ES module run last (nodetrace.JestOptions).
	Esm []string
	// why says why the value detector cannot trace this command's jest ("" when it can).
	why string
}

// jestConfigShown is the part of `jest --showConfig`'s output bond reads.
type jestConfigShown struct {
	Configs []struct {
		RootDir                string    `json:"rootDir"`
		SetupFilesAfterEnv     *[]string `json:"setupFilesAfterEnv"`
		ExtensionsToTreatAsEsm []string  `json:"extensionsToTreatAsEsm"`
	} `json:"configs"`
	Version string `json:"version"`
}

// jestOnce holds a runner's jestPlan once read.
type jestOnce struct {
	mu   sync.Mutex
	plan *JestPlan
	// separate reads the config and the test list with two jest runs, as readJestPlan does when
	// the one run's output cannot be split. Only a test sets it, to hold the one run's plan
	// to the two runs' (TestJestPlanOneStart).
	separate bool
}

// jestPlanFor returns the plan of r's jest, reading it in sb the first time (the first traced run,
// a baseline run on the unmutated tree). err is a run that must stop bond (cancelled, or one that
// changed what it must not); a plan that could not be read is cached only when it is the plan's.
func (r *CmdRunner) jestPlanFor(ctx context.Context, sb *Box, timeout time.Duration) (JestPlan, error) {
	if r.jest == nil {
		return JestPlan{why: unavailableJest + "this runner reads no jest config"}, nil
	}
	r.jest.mu.Lock()
	defer r.jest.mu.Unlock()
	if r.jest.plan == nil {
		p, err := r.readJestPlan(ctx, sb, timeout)
		if err != nil {
			return JestPlan{}, err
		}
		r.jest.plan = &p
	}
	return *r.jest.plan, nil
}

// jestRecorder says, in the run's note, what records the calls under jest; jestESMRecorder
// when some test file is an ES module.
const (
	jestRecorder    = "bond's setup file, which jest runs first among setupFilesAfterEnv in each test file's context and which wraps those modules through jest.mock"
	jestESMRecorder = "bond's setup file, an ES module jest runs last among setupFilesAfterEnv in each test file's context, which imports the modules an ES-module test file imports and wraps them through jest.unstable_mockModule (those a CommonJS test file requires through jest.mock)"
)

// recorder is what the run's note says records the calls under jest with plan p.
func (p JestPlan) recorder() string {
	if len(p.Esm) > 0 {
		return jestESMRecorder
	}
	return jestRecorder
}

// unavailableJest prefixes why the value detector cannot trace the command's jest.
const unavailableJest = "not available under runner command: the oracle command runs jest, and "

// readJestPlan runs the oracle command's jest once or twice in sb — `--debug --listTests`, which
// prints the config exactly as --showConfig does and then the test files, and, when the project
// has setupFilesAfterEnv, --showConfig again with a file of bond's among them — and scans the
// listed test files' imports. Where that one run's output cannot be read as a config followed by
// a list (a command that sends jest's debug output elsewhere, a jest without --listTests), the
// config and the list are read by two runs, --showConfig and --listTests, as before. Anything it
// cannot read soundly — several projects, a jest without setupFilesAfterEnv, a list whose preset
// part it cannot tell apart, no test file, a run that fails — is the plan's why, never a guess;
// err is only what stops bond (the context ended, a run changed what it must not, bond could not
// write its own file).
func (r *CmdRunner) readJestPlan(ctx context.Context, sb *Box, timeout time.Duration) (JestPlan, error) {
	var p JestPlan
	dir, err := os.MkdirTemp(r.tmp, "jestplan-")
	if err != nil {
		return p, fmt.Errorf("making a directory to read jest's config: %w", err)
	}
	defer os.RemoveAll(dir)
	marker := filepath.Join(dir, "bond-marker.cjs")
	if err := os.WriteFile(marker, nil, 0o644); err != nil {
		return p, fmt.Errorf("writing a file to read jest's config: %w", err)
	}
	opts := oraclecmd.Options{Scripts: r.Scripts}
	var runErr error
	run := func(args ...string) (string, string) {
		cmd, problem := oraclecmd.WithJestArgs(r.Cmd, opts, args)
		if problem != "" {
			return "", problem
		}
		res, err := RunIn(ctx, sb, proc.Spec{Cmd: cmd, Dir: sb.Root, Home: sb.Home, Env: r.env, Timeout: timeout, Isolation: r.iso})
		switch {
		case err != nil:
			runErr = fmt.Errorf("reading jest's config with `%s`: %w", cmd, err)
			return "", "`" + cmd + "` could not run"
		case res.Start != nil:
			return "", fmt.Sprintf("`%s` could not start: %v", cmd, res.Start)
		case res.TimedOut:
			return "", fmt.Sprintf("`%s` timed out after %v", cmd, timeout)
		case res.ExitCode != 0:
			return "", fmt.Sprintf("`%s` failed (exit %d)", cmd, res.ExitCode)
		}
		return res.Output, ""
	}
	// One jest start for the config and the test list (jest's --debug prints the config
	// --showConfig prints, then runs on; --listTests then prints the files and stops).
	var plain, listed string
	var why string
	if r.jest == nil || !r.jest.separate {
		if both, why := run("--debug", "--listTests"); why == "" {
			plain, listed = splitDebugList(both)
		} else if runErr != nil {
			return p, runErr
		}
	}
	if plain == "" {
		if plain, why = run("--showConfig"); why != "" {
			p.why = unavailableJest + "bond could not read its config: " + why
			return p, runErr
		}
	}
	marked := func() (string, string) {
		out, why := run("--showConfig", "--setupFilesAfterEnv="+marker)
		if why != "" {
			return "", "bond could not read its config: " + why
		}
		return out, ""
	}
	// The config first: one bond cannot trace (jest before 24, several projects) spends no
	// --listTests run.
	roots := sandboxRoots(sb.Root)
	own, inside, esmExts, why := OwnSetupFiles(plain, marked, marker, roots)
	if why != "" {
		p.why = unavailableJest + why
		return p, runErr
	}
	if listed == "" {
		if listed, why = run("--listTests"); why != "" {
			p.why = unavailableJest + "bond could not list its test files: " + why
			return p, runErr
		}
	}
	p.Own, p.Inside = own, inside
	for _, l := range strings.Split(listed, "\n") {
		l = strings.TrimSpace(l)
		rel, ok := underRoot(l, roots)
		if !ok {
			continue
		}
		if st, err := os.Stat(filepath.Join(sb.Root, filepath.FromSlash(rel))); err == nil && st.Mode().IsRegular() {
			p.tests = append(p.tests, rel)
		}
	}
	slices.Sort(p.tests)
	if len(p.tests) == 0 {
		p.why = unavailableJest + "`jest --listTests` named no test file in the repository"
		return p, runErr
	}
	esm := EsmJestTest(sb.Root, esmExts)
	for _, t := range p.tests {
		if esm(t) {
			p.Esm = append(p.Esm, t)
		}
	}
	p.modules = nodetrace.JestModules(sb.Root, p.tests)
	return p, nil
}

// OwnSetupFiles reads the project's own setupFilesAfterEnv from two --showConfig outputs: plain
// (the preset's list, then the project's) and marked's (the preset's, then marker), the second
// asked for only when the first is one project's and lists any file (none is none of either; a
// jest without the option, before 24, would reject it), and the extensions its
// config treats as ES modules (extensionsToTreatAsEsm). Paths under one of roots come back
// repo-relative (inside set).
func OwnSetupFiles(plain string, marked func() (string, string), marker string, roots []string) (own []string, inside []bool, esmExts []string, why string) {
	a, why := parseShowConfig(plain)
	if why != "" {
		return nil, nil, nil, why
	}
	if len(a.Configs) != 1 {
		return nil, nil, nil, projectsWhy(len(a.Configs))
	}
	if a.Configs[0].SetupFilesAfterEnv == nil {
		// Said before the marked read: a jest before 24 rejects the option it would pass
		// (jest 22.4.4 exits 1 on --setupFilesAfterEnv), a jest start spent to learn nothing.
		return nil, nil, nil, "jest " + a.Version + " has no setupFilesAfterEnv (jest 24 or later has), which bond's setup file needs"
	}
	if len(*a.Configs[0].SetupFilesAfterEnv) == 0 {
		return nil, nil, a.Configs[0].ExtensionsToTreatAsEsm, ""
	}
	out, why := marked()
	if why != "" {
		return nil, nil, nil, why
	}
	b, why := parseShowConfig(out)
	if why != "" {
		return nil, nil, nil, why
	}
	if len(b.Configs) != 1 {
		return nil, nil, nil, projectsWhy(len(b.Configs))
	}
	esmExts = a.Configs[0].ExtensionsToTreatAsEsm
	full, withMarker := *a.Configs[0].SetupFilesAfterEnv, []string{}
	if b.Configs[0].SetupFilesAfterEnv != nil {
		withMarker = *b.Configs[0].SetupFilesAfterEnv
	}
	if len(withMarker) == 0 || !sameFile(withMarker[len(withMarker)-1], marker) || len(withMarker)-1 > len(full) || !slices.Equal(withMarker[:len(withMarker)-1], full[:len(withMarker)-1]) {
		return nil, nil, nil, "bond could not tell its preset's setupFilesAfterEnv from the project's own (--showConfig listed " + fmt.Sprint(full) + ", and with a file of bond's " + fmt.Sprint(withMarker) + ")"
	}
	for _, f := range full[len(withMarker)-1:] {
		if rel, ok := underRoot(f, roots); ok {
			own, inside = append(own, rel), append(inside, true)
		} else {
			own, inside = append(own, f), append(inside, false)
		}
	}
	return own, inside, esmExts, ""
}

// splitDebugList splits the output of `jest --debug --listTests` into the config (as
// --showConfig prints it, with whatever came before it) and the test list after it. Both are
// "" unless the output holds a config object, one config's worth of JSON, followed by at least
// one non-blank line: then the caller reads them with two runs instead.
func splitDebugList(out string) (config, list string) {
	i := strings.Index(out, "\n{")
	switch {
	case strings.HasPrefix(out, "{"):
		i = 0
	case i >= 0:
		i++
	default:
		return "", ""
	}
	dec := json.NewDecoder(strings.NewReader(out[i:]))
	var c jestConfigShown
	if err := dec.Decode(&c); err != nil || c.Configs == nil {
		return "", ""
	}
	end := i + int(dec.InputOffset())
	if strings.TrimSpace(out[end:]) == "" {
		return "", ""
	}
	return out[:end], out[end:]
}

// projectsWhy says why bond does not trace a jest config of n projects.
func projectsWhy(n int) string {
	return fmt.Sprintf("its config has %d projects: setupFilesAfterEnv given on jest's command line replaces every project's own list with one, so bond traces only a config of one project", n)
}

// EsmJestTest reports whether jest loads the test file rel (repo-relative) under root as an ES
// module (jest-resolve's shouldLoadAsEsm): .mjs always, .cjs never, .js under a package.json of
// type module, any other extension when exts (the config's extensionsToTreatAsEsm) names it.
func EsmJestTest(root string, exts []string) func(rel string) bool {
	node := EsmTest(root)
	return func(rel string) bool {
		switch ext := path.Ext(rel); ext {
		case ".mjs", ".cjs", ".js":
			return node(rel)
		default:
			return slices.Contains(exts, ext)
		}
	}
}

// parseShowConfig reads `jest --showConfig`'s JSON out of a run's output, which may begin with
// a package manager's own lines (`> pkg@1.0.0 test`).
func parseShowConfig(out string) (jestConfigShown, string) {
	var c jestConfigShown
	i := strings.Index(out, "\n{")
	switch {
	case strings.HasPrefix(out, "{"):
		i = 0
	case i >= 0:
		i++
	default:
		return c, "`jest --showConfig` printed no config"
	}
	if err := json.NewDecoder(bytes.NewReader([]byte(out[i:]))).Decode(&c); err != nil {
		return c, "`jest --showConfig` printed a config bond could not read: " + err.Error()
	}
	return c, ""
}

// sandboxRoots are the spellings of a sandbox's root a runner may print: as bond made it, and
// with its links resolved.
func sandboxRoots(root string) []string {
	roots := []string{filepath.Clean(root)}
	if real, err := filepath.EvalSymlinks(root); err == nil && real != roots[0] {
		roots = append(roots, real)
	}
	return roots
}

// underRoot returns p relative to the first of roots it lies under, slash-separated. A relative
// p is taken as relative to the root already: bond's runs print paths under the sandbox without
// its root (runProc), and jest prints every path it resolves in full.
func underRoot(p string, roots []string) (string, bool) {
	if !filepath.IsAbs(p) {
		rel := filepath.ToSlash(filepath.Clean(p))
		if p == "" || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
			return "", false
		}
		return rel, true
	}
	for _, r := range roots {
		if rel, err := filepath.Rel(r, filepath.Clean(p)); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel), true
		}
	}
	return "", false
}

// sameFile reports whether a and b name the same file (a runner may print a path with its links
// resolved).
func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	ra, errA := filepath.EvalSymlinks(a)
	rb, errB := filepath.EvalSymlinks(b)
	return errA == nil && errB == nil && ra == rb
}

// JestSetupArgs are the options that give a traced run in sb bond's setup file and the
// project's own setupFilesAfterEnv, re-rooted in sb: bond's first, or, when some test file is an
// ES module, last (jest.cjs says why).
func (p JestPlan) JestSetupArgs(setup, root string) []string {
	var args []string
	for i, f := range p.Own {
		if p.Inside[i] {
			f = filepath.Join(root, filepath.FromSlash(f))
		}
		args = append(args, "--setupFilesAfterEnv="+f)
	}
	if len(p.Esm) > 0 {
		return append(args, "--setupFilesAfterEnv="+setup)
	}
	return append([]string{"--setupFilesAfterEnv=" + setup}, args...)
}

// traceJest prepares the value trace of one jest run in sb whose command is cmd: tests are the
// run's test files when it was narrowed to some (nil: the ones jest listed). It returns the trace
// to read after the run, the command that gives jest bond's setup file and what the run's note
// says records the calls, or why the run is not traced (the command unchanged); err only when
// bond could not write its own files.
func (r *CmdRunner) traceJest(ctx context.Context, sb *Box, cmd string, tests []string, timeout time.Duration) (tr *nodetrace.Run, out, recorder, why string, err error) {
	if timeout <= 0 {
		timeout = 2 * time.Minute
	}
	p, err := r.jestPlanFor(ctx, sb, timeout)
	if err != nil {
		return nil, cmd, "", "", err
	}
	if p.why != "" {
		return nil, cmd, "", p.why, nil
	}
	if tests == nil {
		tests = p.tests
	}
	tr, setup, err := nodetrace.PrepareJest(r.tmp, sb.Root, tests, p.modules, nodetrace.JestOptions{ESM: p.Esm, Neighbours: r.neighbours, CharCodes: r.charCodes, Numbers: r.numbers})
	if err != nil {
		return nil, cmd, "", "", err
	}
	out, problem := oraclecmd.WithJestArgs(cmd, oraclecmd.Options{Scripts: r.Scripts}, p.JestSetupArgs(setup, sb.Root))
	if problem != "" {
		tr.Remove()
		return nil, cmd, "", unavailableJest + problem, nil
	}
	return tr, out, p.recorder(), "", nil
}
