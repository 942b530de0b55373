// Package gitcmd is the one way bond runs git (STYLE.md §15). A test bond runs can write git
// configuration: ~/.gitconfig (HOME is writable), a monorepo's .git/config above --repo (found
// through the node_modules links of its sandbox), a worktree's own .git/config in a corpus task.
// Several configuration keys make git run a program (core.fsmonitor, hooks, pagers, external
// diffs, textconv and clean/smudge filters, gpg, credential helpers), and bond runs git with every
// secret of its own environment. So every git call here ignores the system and global
// configuration, and overrides every key of the repository's own configuration that names a
// program: git is a reader of the repository for bond, never a code-execution path (SPEC §7).
package gitcmd

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// neutral are the -c overrides every git call gets: each key, set empty (or off), makes git run
// no program for it. Filter and diff drivers, whose names the repository chooses, are found per
// call (drivers).
var neutral = []string{
	"core.fsmonitor=",            // a program git runs to ask which files changed
	"core.hooksPath=/dev/null",   // hooks: post-checkout, post-commit, reference-transaction…
	"core.pager=cat",             // and --no-pager below
	"core.editor=:",              // never an editor, even for a commit without -m
	"sequence.editor=:",          //
	"core.askPass=",              // no credential prompt program
	"credential.helper=",         // an empty value clears the helper list
	"core.sshCommand=",           // no ssh wrapper (bond's git never goes to the network)
	"core.gitProxy=",             //
	"core.alternateRefsCommand=", // run over alternates, which a --shared clone has
	"diff.external=",             // and --no-ext-diff where the command diffs
	"commit.gpgSign=false",       // gpg.program runs to sign
	"tag.gpgSign=false",          //
	"gpg.program=",               //
	"protocol.ext.allow=never",   // ext:: URLs run a command
	"uploadpack.packObjectsHook=",
}

// scrubbed are the variables of bond's environment git never sees: each carries configuration or
// names a program git would run (GIT_CONFIG_COUNT/KEY_n/VALUE_n and GIT_CONFIG_PARAMETERS add
// configuration; the others name programs or redirect git's files).
var scrubbed = []string{
	"GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_NOSYSTEM",
	"GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "GIT_EDITOR", "EDITOR", "VISUAL", "GIT_SEQUENCE_EDITOR",
	"GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND",
	"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY",
	"GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES",
	"GIT_TRACE", "GIT_TRACE2", "GIT_TRACE2_EVENT", "GIT_TRACE2_PERF", "GIT_TRACE_PACKET",
	"GIT_TRACE_PERFORMANCE", "GIT_TRACE_SETUP", "GIT_TRACE_CURL", "GIT_TRACE_PACK_ACCESS",
}

// Env returns the environment of a git call built from environ (os.Environ's form): scrubbed
// names and GIT_CONFIG_KEY_n/VALUE_n removed, the system and global configuration files turned
// off, no terminal prompt, no optional index locks, and git's messages in English, which some
// callers parse.
func Env(environ []string) []string {
	drop := make(map[string]bool, len(scrubbed))
	for _, n := range scrubbed {
		drop[n] = true
	}
	out := make([]string, 0, len(environ)+6)
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if drop[name] || strings.HasPrefix(name, "GIT_CONFIG_KEY_") || strings.HasPrefix(name, "GIT_CONFIG_VALUE_") {
			continue
		}
		out = append(out, kv)
	}
	return append(out,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TERMINAL_PROMPT=0",
		"GIT_OPTIONAL_LOCKS=0", "GIT_PAGER=cat", "PAGER=cat", "LC_ALL=C")
}

// Command returns git with args, run in dir ("" for bond's own directory) with ctx: the
// environment of Env, --no-pager, the neutral overrides and, for the repository's own filter
// and diff drivers, overrides that turn each off. Callers that diff add --no-ext-diff and
// --no-textconv to the diff's own arguments (Diff does).
func Command(ctx context.Context, dir string, args ...string) *exec.Cmd {
	argv := []string{"--no-pager"}
	for _, kv := range neutral {
		argv = append(argv, "-c", kv)
	}
	for _, kv := range drivers(ctx, dir) {
		argv = append(argv, "-c", kv)
	}
	cmd := exec.CommandContext(ctx, "git", append(argv, args...)...)
	cmd.Dir = dir
	cmd.Env = Env(os.Environ())
	cmd.Stdin = nil
	return cmd
}

// driverKeys are the per-driver keys that name a program: clean/smudge/process filters, diff
// commands and textconv, merge drivers.
var driverKeys = map[string][]string{
	"filter": {"clean", "smudge", "process"},
	"diff":   {"command", "textconv"},
	"merge":  {"driver"},
}

// drivers returns an override ("filter.NAME.clean=") for every filter, diff or merge driver the
// configuration git would read in dir defines. Reading configuration runs nothing; a directory
// that is not a repository defines none.
func drivers(ctx context.Context, dir string) []string {
	cmd := exec.CommandContext(ctx, "git", "--no-pager", "config", "--name-only", "--get-regexp", `^(filter|diff|merge)\.`)
	cmd.Dir = dir
	cmd.Env = Env(os.Environ())
	out, err := cmd.Output()
	if err != nil {
		return nil // exit 1: no such key; elsewhere git fails again, and says why, on the real call
	}
	seen := map[string]bool{}
	var kvs []string
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		first, rest, ok := strings.Cut(line, ".")
		i := strings.LastIndexByte(rest, '.')
		if !ok || i <= 0 {
			continue // diff.external and the like: a key of its own, overridden above
		}
		name := first + "." + rest[:i]
		if seen[name] {
			continue
		}
		seen[name] = true
		for _, k := range driverKeys[strings.ToLower(first)] {
			kvs = append(kvs, name+"."+k+"=")
		}
		if strings.EqualFold(first, "filter") {
			kvs = append(kvs, name+".required=false")
		}
	}
	return kvs
}

// Output runs git with args in dir and returns its standard output. A failure is an error
// holding git's own message (its standard error, trimmed) or, when git said nothing, the exit.
func Output(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := Command(ctx, dir, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return out, fmt.Errorf("git %s: %s", firstWord(args), msg)
		}
		return out, fmt.Errorf("git %s: %w", firstWord(args), err)
	}
	return out, nil
}

// Combined runs git with args in dir and returns its standard output and error together, as a
// caller that shows git's last line wants.
func Combined(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := Command(ctx, dir, args...)
	var buf bytes.Buffer
	cmd.Stdout, cmd.Stderr = &buf, &buf
	err := cmd.Run()
	return buf.String(), err
}

// Available returns nil when git is on PATH, else why not.
func Available() error {
	_, err := exec.LookPath("git")
	return err
}

// firstWord is the git subcommand among args, skipping -C DIR and -c KEY=VALUE pairs.
func firstWord(args []string) string {
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-C", "-c":
			i++
			continue
		}
		if !strings.HasPrefix(args[i], "-") {
			return args[i]
		}
	}
	return strings.Join(args, " ")
}
