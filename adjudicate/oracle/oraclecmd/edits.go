package oraclecmd

// This file is the edits a run makes to an oracle command that runs jest, vitest or mocha itself
// (SPEC §3.5):
//   - bail: a mutant run stops at the first failing test where the runner can, so a killed
//     mutant costs the time to its first failure rather than the whole oracle;
//   - coverage off: a jest or vitest config with coverage on (collectCoverage: true,
//     coverage.enabled) and a threshold fails a run whose tests all pass when a mutant leaves a
//     line unreached. That is the threshold speaking, not a test: counting it a kill reported
//     `held` for a mutant no test noticed (found on vercel/ms by issue 11's StrykerJS
//     cross-check). Runs without coverage turn the runner's coverage off, as StrykerJS does;
//     runs with coverage clear the thresholds (coverflags.go);
//   - the value trace under jest: bond's setup file given with the project's own
//     (WithJestArgs), and the runs that read jest's resolved config and test list; under vitest,
//     bond's config that loads the project's (WithVitestArgs).

import (
	"strings"

	"github.com/bond-tool/bond/internal/proc"
)

// bailFlags is each runner's stop-at-first-failure flag. node --test has none on Node 20, the
// version bond supports (its test runner gained no bail flag there), so node runs are never
// rewritten; the embedded runner bails by an option of its own.
var bailFlags = map[string]string{
	"jest":   "--bail",
	"vitest": "--bail=1",
	"mocha":  "--bail",
}

// shellSpecial are the characters after which a command is more than one simple command, or
// holds quoting or expansion: WithBail and WithoutCoverage leave such commands as they are rather
// than re-quote what the user wrote.
const shellSpecial = ";&|<>()$`'\"\\\n"

// WithBail returns cmd with its test runner's bail flag appended, when cmd is one simple command
// that runs jest, vitest or mocha itself (optionally after NAME=VALUE words, env, exec, npx,
// yarn, pnpm exec, or node and the runner's bin file), has no `--` separator, no watch switch and
// no bail flag yet; else cmd unchanged. A package script (npm test) is left alone: flags appended
// to it would reach the runner only through npm's `--`.
func WithBail(cmd string) string {
	return withRunnerFlag(cmd, bailFlag, func(_, w string) bool {
		return w == "--bail" || strings.HasPrefix(w, "--bail=") || w == "-b"
	})
}

// CanBail reports whether WithBail changes cmd: the runner it starts has a bail flag bond can
// append.
func CanBail(cmd string) bool { return WithBail(cmd) != cmd }

// WithoutCoverage returns cmd with its test runner's coverage switched off (OffFlag), when cmd is
// one simple command that runs jest or vitest itself (as WithBail reads it) and has no `--`
// separator; else cmd unchanged. jest takes the last value of a repeated switch, so its flag goes
// last; vitest refuses a repeated switch, so a command that already sets one is left as it is.
func WithoutCoverage(cmd string) string {
	return withRunnerFlag(cmd, OffFlag, func(runner, w string) bool {
		return runner == "vitest" && SwitchesCoverage(runner, w)
	})
}

// bailFlag returns runner's stop-at-first-failure flag, if bond knows one.
func bailFlag(runner string) (string, bool) {
	flag, ok := bailFlags[runner]
	return flag, ok
}

// withRunnerFlag returns cmd with flagFor(runner) appended, when cmd is one simple command that
// runs a runner flagFor knows itself (findRunner's reading, no package script) and none of the
// words after the runner's name is `--`, a watch switch, or one that sets reports true for; else
// cmd unchanged.
func withRunnerFlag(cmd string, flagFor func(runner string) (string, bool), sets func(runner, word string) bool) string {
	if strings.ContainsAny(cmd, shellSpecial) {
		return cmd
	}
	// No scripts: a command that runs a package script finds no runner, and stays as it is.
	_, f := findRunner(cmd, nil, 0, anyRunner)
	if !f.runner || f.dashdash {
		return cmd
	}
	flag, ok := flagFor(f.name)
	if !ok {
		return cmd
	}
	for _, w := range f.own {
		if w.text == "--watch" || w.text == "watch" || sets(f.name, w.text) {
			return cmd
		}
	}
	return strings.TrimRight(cmd, " \t") + " " + flag
}

// jestOwnLists are jest's options that set a list bond's setup file joins (or that print instead
// of running): a command that already gives one would have it repeated or replaced by bond's.
var jestOwnLists = []string{"--setupFilesAfterEnv", "--setupFiles", "--setupTestFrameworkScriptFile", "--showConfig", "--listTests", "--projects", "--selectProjects"}

// WithJestArgs returns cmd with args given to the jest run it starts (directly, through npx,
// yarn or pnpm exec, node and jest's bin file, or one package script of opts.Scripts), each
// quoted for sh, inserted after every option jest reads (preceded by `--` when npm needs one to
// pass them on). problem says why not, with cmd unchanged: the command runs no jest bond finds,
// flags inserted would not reach it (a package script that runs it among other commands, or
// passes it `--`), or it already sets one of the lists args would repeat (jestOwnLists).
func WithJestArgs(cmd string, opts Options, args []string) (out string, problem string) {
	return withRunnerArgs(cmd, opts, RunnerJest, args, func(a, _ string) string {
		name, _, _ := strings.Cut(a, "=")
		for _, own := range jestOwnLists {
			if name == own {
				return "the oracle command gives jest " + own + ", which bond's own setup file would repeat or replace"
			}
		}
		return ""
	})
}

// vitestOwnOptions are vitest's options that pick the config or the projects bond's config
// replaces or reaches past, or that run the tests where bond's setup file cannot write.
var vitestOwnOptions = []string{"--config", "-c", "--root", "-r", "--project", "--workspace", "--browser"}

// WithVitestArgs is WithJestArgs for vitest: args (bond's --config) inserted after every option
// the vitest run cmd starts reads. problem says why not, with cmd unchanged: the command runs no
// vitest bond finds, flags would not reach it, it names a config, root, project or workspace of
// its own (bond's config loads the project's one config from the root), or it runs the tests in
// a browser.
func WithVitestArgs(cmd string, opts Options, args []string) (out string, problem string) {
	return withRunnerArgs(cmd, opts, RunnerVitest, args, func(a, _ string) string {
		name, _, _ := strings.Cut(a, "=")
		for _, own := range vitestOwnOptions {
			if name == own || strings.HasPrefix(name, own+".") {
				return "the oracle command gives vitest " + own + ", and bond's value trace gives vitest a config of its own that loads the project's one config from the repository's root"
			}
		}
		return ""
	})
}

// WithTestFile returns cmd, a jest or vitest command whose runner picks its own test files, with
// rel added as the one test file to run: after every option the runner reads, where jest reads a
// path pattern and vitest a file filter (each matches rel and the files whose paths contain it;
// the caller names a file no other path contains). problem says why not, with cmd unchanged.
func WithTestFile(cmd string, opts Options, rel string) (out string, problem string) {
	at, ok := LocateRunner(cmd, opts)
	if !ok || (at.Name != RunnerJest && at.Name != RunnerVitest) {
		return cmd, "the oracle command runs no jest or vitest bond can give a test file to"
	}
	return withRunnerArgs(cmd, opts, at.Name, []string{rel}, func(string, string) string { return "" })
}

// withRunnerArgs inserts args into cmd for runner (WithJestArgs), unless refuses, given each word
// the runner reads and the word after it, names a problem.
func withRunnerArgs(cmd string, opts Options, runner Runner, args []string, refuses func(word, next string) string) (out string, problem string) {
	at, ok := LocateRunner(cmd, opts)
	switch {
	case !ok || at.Name != runner:
		return cmd, "the oracle command runs no " + string(runner) + " bond can give options to"
	case at.Problem != "":
		return cmd, at.Problem
	}
	for i, a := range at.Args {
		next := ""
		if i+1 < len(at.Args) {
			next = at.Args[i+1]
		}
		if p := refuses(a, next); p != "" {
			return cmd, p
		}
	}
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = proc.Quote(a)
	}
	ins := " " + strings.Join(quoted, " ")
	if at.NeedsSeparator {
		ins = " --" + ins
	}
	return cmd[:at.At] + ins + cmd[at.At:], ""
}

// BailGiven returns the stop-at-first-failure flag the command itself gives its test runner, as
// LocateRunner finds the runner (directly, through a launcher, or one package script of
// opts.Scripts): jest's --bail or --bail=N, vitest's --bail=N or --bail N, mocha's --bail or -b.
// A value of 0 or false is no bail; "" when the command gives none or runs no runner bond finds.
// A run under such a flag that failed was cut short: the tests after the first failure never ran.
func BailGiven(cmd string, opts Options) string {
	at, ok := LocateRunner(cmd, opts)
	if !ok || at.Name == RunnerNodeTest {
		return ""
	}
	for i, w := range at.Args {
		name, val, hasVal := strings.Cut(w, "=")
		switch {
		case w == "-b" && at.Name == RunnerMocha:
			return w
		case name != "--bail":
		case hasVal:
			if val != "0" && val != "false" {
				return w
			}
		case at.Name == RunnerVitest && i+1 < len(at.Args):
			// vitest's --bail takes its count as the next word.
			if v := at.Args[i+1]; v != "0" && v != "false" {
				return w + " " + v
			}
		default:
			return w
		}
	}
	return ""
}
