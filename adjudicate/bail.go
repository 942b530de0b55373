package adjudicate

// This file is bail (SPEC §3.5): a mutant run stops at the first failing test where the runner
// can, so a killed mutant costs the time to its first failure rather than the whole oracle.

import (
	"path"
	"regexp"
	"strings"
)

// bailFlags is each runner's stop-at-first-failure flag. node --test has none on Node 20, the
// version bond supports (its test runner gained no bail flag there), so node runs are never
// rewritten; the embedded runner bails by an option of its own (embeddedrun.go).
var bailFlags = map[string]string{
	"jest":   "--bail",
	"vitest": "--bail=1",
	"mocha":  "--bail",
	"_mocha": "--bail",
}

// shellSpecial are the characters after which a command is more than one simple command, or
// holds quoting or expansion: withBail leaves such commands as they are rather than guess where
// the runner's arguments end.
const shellSpecial = ";&|<>()$`'\"\\\n"

// envAssign is a leading NAME=VALUE word of a command.
var envAssign = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*=`)

// withBail returns cmd with its test runner's bail flag appended, when cmd is one simple command
// that runs jest, vitest or mocha directly (optionally after NAME=VALUE words, npx, pnpm exec,
// yarn, or node and the runner's bin file), has no `--` separator and no bail flag yet; else cmd
// unchanged. A package script (npm test) is left alone: its runner is not visible here. The
// oracle-command parser (adjudicate/oraclecmd, to come) is the place to widen this.
func withBail(cmd string) string {
	return withRunnerFlag(cmd, bailFlag, func(_, w string) bool {
		return w == "--bail" || strings.HasPrefix(w, "--bail=") || w == "-b"
	})
}

// bailFlag returns runner's stop-at-first-failure flag, if bail.go knows one.
func bailFlag(runner string) (string, bool) {
	flag, ok := bailFlags[runner]
	return flag, ok
}

// withRunnerFlag returns cmd with flagFor(runner) appended, when cmd is one simple command that
// runs a runner flagFor knows directly (as withBail describes) and none of its words is `--`, a
// watch switch, or one that sets reports true for; else cmd unchanged.
func withRunnerFlag(cmd string, flagFor func(runner string) (string, bool), sets func(runner, word string) bool) string {
	if strings.ContainsAny(cmd, shellSpecial) {
		return cmd
	}
	runner, rest := commandRunner(strings.Fields(cmd))
	flag, ok := flagFor(runner)
	if !ok {
		return cmd
	}
	for _, w := range rest {
		if w == "--" || w == "--watch" || w == "watch" || sets(runner, w) {
			return cmd
		}
	}
	return strings.TrimRight(cmd, " \t") + " " + flag
}

// commandRunner names the test runner a simple command's words run ("" when none is known) and
// the words after it.
func commandRunner(words []string) (string, []string) {
	i := 0
	for i < len(words) && envAssign.MatchString(words[i]) {
		i++
	}
	skipFlags := func() {
		for i < len(words) && strings.HasPrefix(words[i], "-") {
			i++
		}
	}
	if i < len(words) {
		switch words[i] {
		case "npx", "yarn", "node":
			i++
			skipFlags()
		case "pnpm":
			if i+1 < len(words) && words[i+1] == "exec" {
				i += 2
				skipFlags()
			}
		}
	}
	if i >= len(words) {
		return "", nil
	}
	name := path.Base(words[i])
	for _, ext := range []string{".js", ".mjs", ".cjs"} {
		name = strings.TrimSuffix(name, ext)
	}
	return name, words[i+1:]
}
