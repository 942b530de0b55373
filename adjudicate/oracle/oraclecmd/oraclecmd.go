// Package oraclecmd reads an oracle command (`--oracle-cmd`) the way a person does: which test
// runner it starts — node --test, jest, vitest, mocha, uvu, tape, ava, tap or tsx — and which test files it names,
// through npx, `npm test --`, `npm run X` and the package.json scripts they name, so runner
// choice can serve a user's usual command with the embedded runner. Parse is pure: it runs
// nothing and reads no file; the caller hands it package.json's scripts (Scripts reads them).
// TestFiles then lists the files the invocation runs, reading the repository through an fs.FS.
// FileArgs and Subset serve per-test-file reach: the command's test-file arguments, and the
// command narrowed to some of them by deleting the others' words (subset.go).
//
// For runner choice: RunnerJest and RunnerVitest map to embedded.FrameworkJest and
// FrameworkVitest, RunnerNodeTest to FrameworkNodeTest (tsx included: esbuild reads TypeScript
// itself), RunnerMocha to FrameworkMocha (with mocha's configuration read by
// embedded.ReadMochaSetup), RunnerUvu, RunnerTape, RunnerAva and RunnerTap to FrameworkUvu, FrameworkTape, FrameworkAva and FrameworkTap (with ava's and tap's configuration read by AvaTapConfig). A *NotRecognised, a TestFiles error, or an
// embedded.UnsupportedError from embedded.New is the reason the command runner is used.
package oraclecmd

import (
	"fmt"
	"path"
	"strings"
)

// Runner is the test runner an oracle command starts.
type Runner string

// The runners Parse recognises.
const (
	RunnerNodeTest Runner = "node:test" // node --test, or node/tsx on test files
	RunnerJest     Runner = "jest"
	RunnerVitest   Runner = "vitest"
	RunnerMocha    Runner = "mocha"
	RunnerUvu      Runner = "uvu"  // uvu [dir] [pattern]: Dir and Pattern, never Files
	RunnerTape     Runner = "tape" // tape FILE|GLOB…
	RunnerAva      Runner = "ava"  // ava FILE|GLOB…
	RunnerTap      Runner = "tap"  // tap [run] FILE|GLOB…
)

// Invocation is what an oracle command runs.
type Invocation struct {
	Runner Runner
	// Files are the command's test-file arguments as written, relative to the directory the
	// command runs in; empty means the runner's own discovery. jest and vitest read them as
	// path filters (Filters is true): the caller keeps those that name existing files.
	Files   []string
	Filters bool
	// Dir and Pattern are uvu's two positional arguments: the directory it searches (empty:
	// ".") and the regular expression the paths under it must match (empty: uvu's default).
	// They are not Files: deleting one does not narrow the run to the other.
	Dir, Pattern string
	// Via names the launcher on the way, outermost first: "npm run test", "npx", "tsx".
	Via []string
	// Args are the runner's other arguments, which Parse judged not to change which tests run
	// or what they see (reporters, coverage, worker counts, --ci, …).
	Args []string
	// Script: node runs the one file in Files directly (`node [options] FILE`, no --test), as a
	// script in one process, with no test runner of its own: the file's node:test tests run
	// when it runs. Whether it holds any is the caller's to read (it imports node:test).
	Script bool
	// SetsEnv are the variables the command (or a package script on the way) assigns before a
	// program (NAME=value, cross-env NAME=value), by name; "*" when a dotenv launcher loads
	// a file of them. NpmLifecycleEvent reads it.
	SetsEnv []string
}

// NotRecognised says why a command is not one Parse can map to a runner and its files.
type NotRecognised struct {
	Cmd string
	Why string
}

func (e *NotRecognised) Error() string {
	return fmt.Sprintf("oracle command %q is not recognised as a test runner invocation: %s", e.Cmd, e.Why)
}

// Options are what Parse may consult. The zero value knows no package scripts.
type Options struct {
	// Scripts are package.json's "scripts" at the directory the command runs in.
	Scripts map[string]string
}

// maxDepth bounds how many package scripts may name each other.
const maxDepth = 5

// Parse recognises cmd as one test runner invocation, or returns *NotRecognised saying why.
func Parse(cmd string, opts Options) (Invocation, error) {
	inv, why := parse(cmd, opts, 0)
	if why != "" {
		return Invocation{}, &NotRecognised{Cmd: cmd, Why: why}
	}
	return inv, nil
}

func parse(cmd string, opts Options, depth int) (Invocation, string) {
	if depth > maxDepth {
		return Invocation{}, "package scripts name each other more than 5 deep"
	}
	words, why := splitWords(cmd)
	if why != "" {
		return Invocation{}, why
	}
	sets := envNames(words)
	words = dropEnv(words)
	if len(words) == 0 {
		return Invocation{}, "it runs no command"
	}
	if words[0] == "cross-env" || words[0] == "dotenv" {
		sets = append(sets, envNames(words[1:])...)
		if words[0] == "dotenv" {
			sets = append(sets, "*")
		}
	}
	inv, why := parseLaunched(words, opts, depth)
	if why == "" && len(sets) > 0 {
		inv.SetsEnv = append(sets, inv.SetsEnv...)
	}
	return inv, why
}

// envNames are the names of the NAME=value words words starts with (dropEnv's).
func envNames(words []string) []string {
	var names []string
	for _, w := range words[:len(words)-len(dropEnv(words))] {
		names = append(names, w[:strings.IndexByte(w, '=')])
	}
	return names
}

// parseLaunched is parse after the leading assignments: words[0] is a program.
func parseLaunched(words []string, opts Options, depth int) (Invocation, string) {
	if words[0] == "cross-env" || words[0] == "dotenv" {
		words = dropEnv(words[1:])
		if len(words) > 0 && words[0] == "--" {
			words = words[1:]
		}
		if len(words) == 0 {
			return Invocation{}, "cross-env runs no command"
		}
	}
	prog := path.Base(words[0])
	args := words[1:]
	switch prog {
	case "npm", "yarn", "pnpm", "bun":
		return viaPackageManager(prog, args, opts, depth)
	case "npx", "bunx":
		rest, why := npxCommand(args)
		if why != "" {
			return Invocation{}, why
		}
		inv, why := parseWords(rest, opts, depth)
		return withVia(prog, inv, why)
	}
	return parseWords(words, opts, depth)
}

// withVia prepends a launcher to a recognised invocation's Via.
func withVia(name string, inv Invocation, why string) (Invocation, string) {
	if why != "" {
		return Invocation{}, why
	}
	inv.Via = append([]string{name}, inv.Via...)
	return inv, ""
}

// parseWords recognises a runner's own command line (its name first).
func parseWords(words []string, opts Options, depth int) (Invocation, string) {
	if len(words) == 0 {
		return Invocation{}, "it runs no command"
	}
	prog := path.Base(words[0])
	if at := strings.LastIndex(prog, "@"); at > 0 {
		prog = prog[:at] // jest@29, vitest@3
	}
	args := words[1:]
	switch prog {
	case "node", "nodejs":
		return parseNode(args)
	case "tsx":
		inv, why := parseNode(args)
		return withVia("tsx", inv, why)
	case "jest":
		return parseJest(args)
	case "vitest":
		return parseVitest(args)
	case "mocha", "_mocha":
		return parseMocha(args)
	case "uvu":
		return parseUvu(args)
	case "tape":
		return parseTape(args)
	case "ava":
		return parseAva(args)
	case "tap":
		return parseTap(args)
	case "npm", "yarn", "pnpm", "bun", "npx", "bunx":
		return parse(strings.Join(quoteAll(words), " "), opts, depth+1)
	}
	return Invocation{}, fmt.Sprintf("%s is not a test runner bond knows (node --test, jest, vitest, mocha, uvu, tape, ava, tap, tsx)", words[0])
}

// npxCommand drops npx's own options and returns the command it runs.
func npxCommand(args []string) ([]string, string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return args[i+1:], ""
		case a == "-p" || a == "--package" || a == "-c" || a == "--call":
			return nil, "npx " + a + " runs another package or a shell string"
		case strings.HasPrefix(a, "--package=") || strings.HasPrefix(a, "--call="):
			return nil, "npx " + a + " runs another package or a shell string"
		case strings.HasPrefix(a, "-"):
			continue // --yes, -y, --no-install, --no, --quiet, …
		default:
			return args[i:], ""
		}
	}
	return nil, "npx runs no command"
}

// viaPackageManager resolves `npm test`, `npm run X -- args`, `npm exec X`, `yarn X`,
// `pnpm X`, `pnpm exec X` and `pnpm dlx X`.
func viaPackageManager(pm string, args []string, opts Options, depth int) (Invocation, string) {
	if len(args) == 0 {
		return Invocation{}, pm + " without a command"
	}
	verb, rest := args[0], args[1:]
	switch verb {
	case "exec", "x", "dlx":
		cmd, why := npxCommand(rest)
		if why != "" {
			return Invocation{}, why
		}
		inv, why := parseWords(cmd, opts, depth)
		return withVia(pm+" "+verb, inv, why)
	case "test", "t", "tst":
		return runScript(pm, "test", rest, opts, depth)
	case "run", "run-script", "rum", "urn":
		if len(rest) == 0 {
			return Invocation{}, pm + " run without a script name"
		}
		return runScript(pm, rest[0], rest[1:], opts, depth)
	}
	if pm == "npm" {
		return Invocation{}, "npm " + verb + " is not a script runner bond reads"
	}
	// yarn X / pnpm X / bun X: a script of that name, else a binary of node_modules.
	if _, ok := opts.Scripts[verb]; ok {
		return runScript(pm, verb, rest, opts, depth)
	}
	inv, why := parseWords(args, opts, depth)
	return withVia(pm, inv, why)
}

// runScript expands package script name with extra arguments (after npm's "--").
func runScript(pm, name string, extra []string, opts Options, depth int) (Invocation, string) {
	script, ok := opts.Scripts[name]
	if !ok {
		return Invocation{}, fmt.Sprintf("package.json has no %q script", name)
	}
	for _, hook := range []string{"pre" + name, "post" + name} {
		if _, ok := opts.Scripts[hook]; ok {
			return Invocation{}, fmt.Sprintf("%s run %s also runs the %q script, which the embedded runner would not", pm, name, hook)
		}
	}
	if pm == "npm" && len(extra) > 0 {
		if extra[0] != "--" {
			return Invocation{}, fmt.Sprintf("npm reads %q as its own option; pass test arguments after --", extra[0])
		}
		extra = extra[1:]
	} else if len(extra) > 0 && extra[0] == "--" {
		extra = extra[1:]
	}
	full := script
	if len(extra) > 0 {
		full += " " + strings.Join(quoteAll(extra), " ")
	}
	inv, why := parse(full, opts, depth+1)
	if why != "" {
		return Invocation{}, fmt.Sprintf("the %q script (%s): %s", name, script, why)
	}
	inv.Via = append([]string{pm + " run " + name}, inv.Via...)
	return inv, ""
}

// dropEnv drops leading VAR=value assignments.
func dropEnv(words []string) []string {
	for len(words) > 0 {
		eq := strings.IndexByte(words[0], '=')
		if eq <= 0 || strings.ContainsAny(words[0][:eq], "-/.") {
			break
		}
		words = words[1:]
	}
	return words
}
