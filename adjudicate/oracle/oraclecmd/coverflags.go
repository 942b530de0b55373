package oraclecmd

// This file decides the flags that ask jest or vitest for lcov, and which of the command's own
// options bond removes so that its request wins (SPEC §3.3; issue 9 item 1).
//
// Precedence, measured on the fixtures under testdata/coverage (jest 22.4.4, jest 29.7.0, vitest
// 3.2.4): both runners let a command-line option override the config file's, so a config with
// `collectCoverage: false` or `coverage: { enabled: false }` loses to bond's flags. Among
// repeated command-line options, jest takes the last value of a boolean (`--coverage=false
// --coverage` collects) but turns a repeated string option into an array and fails
// (`--coverageDirectory a --coverageDirectory b`: "paths[1] … Received an instance of Array") or
// ignores it (`--coverageProvider=babel --coverageProvider=v8` wrote an lcov with no line);
// vitest refuses every repeated single-valued option ("Expected a single value for option
// --coverage.enabled"), yet accepts `--coverage.enabled=false --coverage` and `--coverage=false
// --coverage.enabled`. So the command's own coverage options are removed, bond's go after the
// rest, and options bond cannot remove (a package script's body) are answered with a form that
// does not repeat them, or named in a Problem. The same commands were checked by hand on vitest
// 1.6.1 and 4.1.12 (--coverage.enabled=false, --no-coverage with --coverage.reporter, a script
// with --coverage.enabled=false, another provider and directory): every run wrote a live lcov.

import (
	"strings"

	"github.com/bond-tool/bond/internal/proc"
)

// optRole is what a runner option controls.
type optRole int

const (
	roleEnable    optRole = iota + 1 // collects coverage or not
	roleProvider                     // which instrumenter
	roleReporter                     // which report files
	roleDirectory                    // where they go
	roleThreshold                    // minimum coverage that fails the run
)

// optShape is how an option takes its value on the command line.
type optShape int

const (
	shapeBool  optShape = iota // --x, --x=v, --no-x, --x true|false
	shapeValue                 // --x=v, --x v
	shapeArray                 // jest's yargs arrays: --x=v, --x v w … (up to the next option)
)

// runnerOpt is one option bond overrides: its names without the leading `--` (a name ending in
// `.` matches every option under it).
type runnerOpt struct {
	names []string
	role  optRole
	shape optShape
	// enableForm groups vitest's two spellings of the switch: "coverage" and "coverage.enabled".
	enableForm string
}

var jestOpts = []runnerOpt{
	{names: []string{"coverage", "collectCoverage", "collect-coverage"}, role: roleEnable, shape: shapeBool},
	{names: []string{"coverageProvider", "coverage-provider"}, role: roleProvider, shape: shapeValue},
	{names: []string{"coverageReporters", "coverage-reporters"}, role: roleReporter, shape: shapeArray},
	{names: []string{"coverageDirectory", "coverage-directory"}, role: roleDirectory, shape: shapeValue},
	{names: []string{"coverageThreshold", "coverage-threshold"}, role: roleThreshold, shape: shapeValue},
}

var vitestOpts = []runnerOpt{
	{names: []string{"coverage"}, role: roleEnable, shape: shapeBool, enableForm: "coverage"},
	{names: []string{"coverage.enabled"}, role: roleEnable, shape: shapeBool, enableForm: "coverage.enabled"},
	{names: []string{"coverage.provider"}, role: roleProvider, shape: shapeValue},
	{names: []string{"coverage.reporter"}, role: roleReporter, shape: shapeValue},
	{names: []string{"coverage.reportsDirectory", "coverage.reports-directory"}, role: roleDirectory, shape: shapeValue},
	{names: []string{"coverage.thresholds."}, role: roleThreshold, shape: shapeValue},
}

// optHit is one occurrence of a runnerOpt among a runner's arguments.
type optHit struct {
	opt   *runnerOpt
	at, n int // index of its first word and how many words it takes
}

// offFlags is each runner's option that turns off the coverage its config may turn on.
var offFlags = map[string]string{
	"jest":   "--coverage=false",
	"vitest": "--coverage.enabled=false",
}

// OffFlag returns the option that turns runner's own coverage off (a config's collectCoverage or
// coverage.enabled, and with it any threshold), for runs that must not collect coverage; ok is
// false for a runner bond does not ask for coverage.
func OffFlag(runner string) (flag string, ok bool) {
	flag, ok = offFlags[runner]
	return flag, ok
}

// SwitchesCoverage reports whether word is one of runner's own options that turn its coverage on
// or off (any spelling bond recognises, --no- forms included).
func SwitchesCoverage(runner, word string) bool {
	opts := jestOpts
	if runner == "vitest" {
		opts = vitestOpts
	}
	for _, h := range findOpts(opts, []string{word}) {
		if h.opt.role == roleEnable {
			return true
		}
	}
	return false
}

// findOpts returns the occurrences of opts in args, in order, stopping at `--`.
func findOpts(opts []runnerOpt, args []string) []optHit {
	var hits []optHit
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "--") {
			continue
		}
		name, _, hasVal := strings.Cut(a[2:], "=")
		neg := false
		o := matchOpt(opts, name)
		if o == nil && strings.HasPrefix(name, "no-") {
			if o = matchOpt(opts, name[3:]); o != nil && o.shape == shapeBool {
				neg = true
			} else {
				o = nil
			}
		}
		if o == nil {
			continue
		}
		h := optHit{opt: o, at: i, n: 1}
		switch o.shape {
		case shapeBool:
			if !hasVal && !neg && i+1 < len(args) && (args[i+1] == "true" || args[i+1] == "false") {
				h.n = 2
			}
		case shapeValue:
			if !hasVal && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				h.n = 2
			}
		case shapeArray:
			if !hasVal {
				for i+h.n < len(args) && !strings.HasPrefix(args[i+h.n], "-") {
					h.n++
				}
			}
		}
		hits = append(hits, h)
		i += h.n - 1
	}
	return hits
}

func matchOpt(opts []runnerOpt, name string) *runnerOpt {
	for i := range opts {
		for _, n := range opts[i].names {
			if name == n || strings.HasSuffix(n, ".") && strings.HasPrefix(name, n) {
				return &opts[i]
			}
		}
	}
	return nil
}

// override is what bond does to one command: the command's words it removes and the flags it
// adds (with the lcov directory still to fill in).
type override struct {
	runner string
	remove []word
	flags  func(dir string) []string
}

// CoverageTarget is the jest or vitest run a command starts, found by FindCoverageTarget: the
// runner bond asks for lcov, and where in the command its flags go.
type CoverageTarget struct {
	// Runner is "jest" or "vitest".
	Runner string
	cmd    string
	at     int
	found  runnerFound
}

// FindCoverageTarget finds the jest or vitest run cmd starts (directly, through npx, yarn or pnpm
// exec, node and the runner's bin file, or one package script of opts.Scripts), the one bond asks
// for lcov; mocha and node:test run the files on disk, which NODE_V8_COVERAGE reads, so they are
// not looked for (a command that runs node --test and then vitest asks vitest). ok is false when
// there is none to ask; problem then says why one the command runs cannot be asked, or is "".
func FindCoverageTarget(cmd string, opts Options) (t CoverageTarget, problem string, ok bool) {
	at, found := findRunner(cmd, opts.Scripts, 0, lcovRunner)
	if !found.runner {
		return CoverageTarget{}, found.problem, false
	}
	return CoverageTarget{Runner: found.name, cmd: cmd, at: at, found: found}, "", true
}

// CoverageEdit is what bond does to a CoverageTarget's command to get its lcov: the words it
// removes and the flags it adds, the directory still to fill in.
type CoverageEdit struct {
	t  CoverageTarget
	ov override
}

// Edit decides bond's lcov flags for t, and which of the command's own coverage options go; the
// problem says why not when options bond cannot remove (a package script's body) would clash
// with its own. major is the installed runner's major version (0 when unknown, taken as new);
// provider is vitest's installed coverage provider ("v8" or "istanbul").
func (t CoverageTarget) Edit(major int, provider string) (CoverageEdit, string) {
	ov, problem := overrideFlags(t.found, major, provider)
	if problem != "" {
		return CoverageEdit{}, problem
	}
	return CoverageEdit{t: t, ov: ov}, ""
}

// WithCoverage returns the command with the edit applied, the runner writing its lcov into dir.
func (e CoverageEdit) WithCoverage(dir string) string {
	return e.ov.rewrite(e.t.cmd, e.t.at, e.t.found.viaScript == "npm", dir)
}

// overrideFlags decides bond's flags for the runner found in a command, and which of the
// command's words to remove; it returns a problem instead when options bond cannot remove would
// clash with its own. major is the installed runner's major version (0 when unknown, taken as
// new); provider is vitest's installed coverage provider.
func overrideFlags(f runnerFound, major int, provider string) (override, string) {
	opts := jestOpts
	if f.name == "vitest" {
		opts = vitestOpts
	}
	ownText := make([]string, len(f.own))
	for i, w := range f.own {
		ownText[i] = w.text
	}
	ownHits, fixedHits := findOpts(opts, ownText), findOpts(opts, f.fixed)
	if f.bodySeparator {
		return override{}, "the package script the command runs passes `--` to " + f.name + ", so flags bond appends would reach " +
			f.name + " as test paths; " + f.name + " was not asked for lcov (run " + f.name + " directly in the oracle command to get its coverage)"
	}

	ov := override{runner: f.name}
	fixedRoles := map[optRole]bool{}
	fixedForms := map[string]bool{}
	for _, h := range fixedHits {
		fixedRoles[h.opt.role] = true
		fixedForms[h.opt.enableForm] = true
		if h.opt.role == roleProvider || h.opt.role == roleDirectory {
			return override{}, "the package script the command runs sets " + f.fixed[h.at] + ", which bond's own " + f.name +
				" coverage flags would repeat (" + f.name + " then fails); " + f.name +
				" was not asked for lcov (run " + f.name + " directly in the oracle command to get its coverage)"
		}
	}
	if fixedForms["coverage"] && fixedForms["coverage.enabled"] {
		return override{}, "the package script the command runs sets both --coverage and --coverage.enabled, which bond cannot override without " +
			"repeating one (vitest then fails); vitest was not asked for lcov (run vitest directly in the oracle command to get its coverage)"
	}
	for _, h := range ownHits {
		ov.remove = append(ov.remove, f.own[h.at:h.at+h.n]...)
	}
	// A threshold is not a test: bond's coverage run measures lines (with its own provider, whose
	// figures differ from the config's), and a threshold failing it would read as the oracle
	// failing. The command's thresholds are removed and the config's cleared, unless a package
	// script's body sets one bond cannot remove (a repeat would fail the runner).
	clearThresholds := !fixedRoles[roleThreshold]
	switch f.name {
	case "jest":
		ov.flags = func(dir string) []string {
			flags := []string{"--coverage"}
			// jest before 25 has no --coverageProvider and refuses the run over it
			// ("Unrecognized CLI Parameter", measured with jest 22.4.4): its own
			// babel-istanbul instrumentation writes the lcov, mapped to the original lines.
			if major == 0 || major >= 25 {
				flags = append(flags, "--coverageProvider=v8")
			}
			flags = append(flags, "--coverageReporters=lcovonly", "--coverageDirectory", dir)
			if clearThresholds {
				flags = append(flags, "--coverageThreshold={}")
			}
			return flags
		}
	case "vitest":
		enable := "--coverage.enabled"
		if fixedForms["coverage.enabled"] {
			enable = "--coverage" // accepted after --coverage.enabled=false; a repeat is not
		}
		ov.flags = func(dir string) []string {
			flags := []string{enable, "--coverage.provider=" + provider, "--coverage.reporter=lcovonly",
				"--coverage.reportsDirectory=" + dir}
			// thresholds moved under coverage.thresholds in vitest 1
			if clearThresholds && (major == 0 || major >= 1) {
				flags = append(flags, "--coverage.thresholds.lines=0", "--coverage.thresholds.functions=0",
					"--coverage.thresholds.branches=0", "--coverage.thresholds.statements=0")
			}
			return flags
		}
	}
	return ov, ""
}

// rewrite returns cmd with the override's words removed and its flags inserted at offset at
// (after every word removed), preceded by `--` when npm needs one to pass them on.
func (ov override) rewrite(cmd string, at int, npmSep bool, dir string) string {
	flags := ov.flags(dir)
	quoted := make([]string, len(flags))
	for i, f := range flags {
		quoted[i] = proc.Quote(f)
	}
	ins := " " + strings.Join(quoted, " ")
	if npmSep {
		ins = " --" + ins
	}
	out := cmd[:at] + ins + cmd[at:]
	for i := len(ov.remove) - 1; i >= 0; i-- {
		w := ov.remove[i]
		start := w.start
		for start > 0 && (out[start-1] == ' ' || out[start-1] == '\t') {
			start--
		}
		out = out[:start] + out[w.end:]
	}
	return out
}
