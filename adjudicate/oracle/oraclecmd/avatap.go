package oraclecmd

// This file reads the command lines of ava and node-tap — their options and the test files
// they name — and their configuration (package.json's "ava" and "tap" keys, ava.config.*,
// .taprc), as data: each key is one bond knows to leave the tests' outcome alone, or the reason
// the embedded runner cannot stand in, named.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

var avaFlags = map[string]flagSpec{
	"--verbose": ok(), "-v": ok(), "--tap": ok(), "-t": ok(), "--color": ok(), "--no-color": ok(),
	"--fail-fast": ok(), "--serial": ok(), "-s": ok(), "--reset-cache": refuse("clears ava's cache instead of running tests"),
	"--timeout": okValue(), "-T": okValue(), "--concurrency": okValue(), "-c": okValue(), "--no-worker-threads": ok(),
	"--match": refuseValue(byName), "-m": refuseValue(byName), "--update-snapshots": refuse("writes snapshots"), "-u": refuse("writes snapshots"),
	"--watch": refuse(watch), "-w": refuse(watch), "--config": refuseValue(byConfig), "--node-arguments": refuseValue("passes arguments to node"),
}

var tapFlags = map[string]flagSpec{
	"--no-coverage": ok(), "--disable-coverage": ok(), "--bail": ok(), "-b": ok(), "--no-bail": ok(), "--color": ok(), "-c": ok(),
	"--no-color": ok(), "-C": ok(), "--ts": ok(), "--esm": ok(), "--no-esm": ok(), "--strict": ok(), "--no-check-coverage": ok(),
	"--allow-incomplete-coverage": ok(), "--allow-empty-coverage": ok(), "--show-full-coverage": ok(), "--100": ok(),
	"--reporter": okValue(), "-R": okValue(), "--timeout": okValue(), "-t": okValue(), "--jobs": okValue(), "-j": okValue(),
	"--nyc-arg": okValue(), "--coverage-report": okValue(), "--reporter-arg": okValue(), "--reporter-file": okValue(),
	"--no-timeout": ok(), "-T": ok(), "--passes": ok(), "--no-ts": refuse("does not read TypeScript test files"),
	"--only": refuse("runs only tests marked only"), "-O": refuse("runs only tests marked only"),
	"--grep": refuseValue(byName), "-g": refuseValue(byName), "--invert": refuse(byName), "-i": refuse(byName),
	"--node-arg": refuseValue("passes arguments to node"), "--before": refuseValue("runs a script before the tests"),
	"--after": refuseValue("runs a script after the tests"), "--plugin": refuseValue("loads a plugin into every test"),
	"--coverage-map": refuseValue("maps tests to the files they cover"), "--test-regex": refuseValue("changes which files are tests"),
	"--test-ignore": refuseValue("changes which files are tests"), "--include": refuseValue("changes which files are tests"),
	"--exclude": refuseValue("changes which files are tests"), "--save": refuseValue("runs the tests a file saved"),
	"--changed": refuse(changed), "--snapshot": refuse("writes snapshots"), "--watch": refuse(watch), "-w": refuse(watch),
	"--fail-skip": refuse("fails skipped tests"), "--fail-todo": refuse("fails todo tests"), "--rcfile": refuseValue(byConfig),
}

// parseAva reads `ava [FILE|GLOB…] [options]` as ava 3–6's CLI does.
func parseAva(args []string) (Invocation, string) {
	if len(args) > 0 && (args[0] == "debug" || args[0] == "reset-cache") {
		return Invocation{}, "ava " + args[0] + " does not run the tests as a suite"
	}
	files, rest, why := scan("ava", args, avaFlags)
	if why != "" {
		return Invocation{}, why
	}
	for _, f := range files {
		if i := strings.LastIndex(f, ":"); i > 0 && strings.Trim(f[i+1:], "0123456789-,") == "" && f[i+1:] != "" {
			return Invocation{}, fmt.Sprintf("ava %s selects tests by line number", f)
		}
	}
	if len(files) == 0 {
		return Invocation{}, "ava without test-file arguments finds its tests with its default globs, which bond does not reproduce; name the test files"
	}
	return Invocation{Runner: RunnerAva, Files: files, Args: rest}, ""
}

// parseTap reads `tap [run] [options] FILE…` as node-tap 16–21's CLI does. Coverage must be
// off: tap's coverage check fails a run whose tests pass, which the embedded runner does not
// reproduce.
func parseTap(args []string) (Invocation, string) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		switch args[0] {
		case "run":
			args = args[1:]
		case "report", "replay", "list", "plugin", "config", "build", "version", "versions", "debug", "help", "repl":
			return Invocation{}, "tap " + args[0] + " does not run the tests as a suite"
		}
	}
	files, rest, why := scan("tap", args, tapFlags)
	if why != "" {
		return Invocation{}, why
	}
	if len(files) == 0 {
		return Invocation{}, "tap without test-file arguments finds its tests by its own patterns, which bond does not reproduce; name the test files"
	}
	return Invocation{Runner: RunnerTap, Files: files, Args: rest}, ""
}

// tapCoverageOff reports whether tap runs without coverage: a command flag, or (cfg) its config.
func tapCoverageOff(args []string, cfg map[string]string) bool {
	for _, a := range args {
		if a == "--no-coverage" || a == "--disable-coverage" {
			return true
		}
	}
	return cfg["coverage"] == "false" || cfg["disable-coverage"] == "true" || cfg["check-coverage"] == "false"
}

// avaHarmlessKeys are ava config keys that do not change which tests run or what they see.
var avaHarmlessKeys = map[string]bool{
	"verbose": true, "tap": true, "timeout": true, "failFast": true, "concurrency": true,
	"workerThreads": true, "cache": true, "color": true, "utilizeParallelBuilds": true, "serial": true,
}

// tapHarmlessKeys are tap config keys that do not change the tests' outcome with coverage off.
var tapHarmlessKeys = map[string]bool{
	"timeout": true, "jobs": true, "reporter": true, "color": true, "bail": true, "coverage": true, "disable-coverage": true,
	"check-coverage": true, "coverage-map": true, "nyc-arg": true, "coverage-report": true, "show-full-coverage": true,
	"allow-incomplete-coverage": true, "allow-empty-coverage": true, "100": true, "branches": true, "lines": true,
	"functions": true, "statements": true, "ts": true, "esm": true, "strict": true, "typecheck": true, "reporter-arg": true,
	"comments": true, "passes": true, "no-coverage": true,
}

// AvaTapConfig reads ava's or tap's configuration in fsys (rooted where the command runs) and
// says why the embedded runner cannot honour it ("" when it can): a config file bond does not
// run (ava.config.js), a key that changes which tests run or what they see, or, for tap,
// coverage left on (its coverage check decides a run's outcome).
func AvaTapConfig(fsys fs.FS, inv Invocation) string {
	pkg := map[string]json.RawMessage{}
	if b, err := fs.ReadFile(fsys, "package.json"); err == nil && len(b) <= maxPackageJSON {
		if err := json.Unmarshal(b, &pkg); err != nil {
			return fmt.Sprintf("package.json is not JSON bond can read (%v)", err)
		}
	}
	switch inv.Runner {
	case RunnerAva:
		for _, name := range []string{"ava.config.js", "ava.config.cjs", "ava.config.mjs"} {
			if _, err := fs.Stat(fsys, name); err == nil {
				return fmt.Sprintf("ava's configuration is the program %s, which bond does not run to read", name)
			}
		}
		if raw, ok := pkg["ava"]; ok {
			var cfg map[string]json.RawMessage
			if err := json.Unmarshal(raw, &cfg); err != nil {
				return fmt.Sprintf("package.json's \"ava\" is not an object (%v)", err)
			}
			if k := firstKey(cfg, avaHarmlessKeys); k != "" {
				return fmt.Sprintf("package.json's ava config sets %q (extensions, nodeArguments, require, typescript, files and the like change which tests run or how), which the embedded runner does not honour", k)
			}
		}
	case RunnerTap:
		cfg := map[string]string{}
		if raw, ok := pkg["tap"]; ok {
			var m map[string]json.RawMessage
			if err := json.Unmarshal(raw, &m); err != nil {
				return fmt.Sprintf("package.json's \"tap\" is not an object (%v)", err)
			}
			if k := firstKey(m, tapHarmlessKeys); k != "" {
				return fmt.Sprintf("package.json's tap config sets %q, which the embedded runner does not honour", k)
			}
			for k, v := range m {
				cfg[k] = strings.Trim(string(v), `"`)
			}
		}
		if b, err := fs.ReadFile(fsys, ".taprc"); err == nil {
			keys, why := taprcKeys(string(b))
			if why != "" {
				return why
			}
			for _, k := range keys {
				if !tapHarmlessKeys[k.name] {
					return fmt.Sprintf(".taprc sets %q, which the embedded runner does not honour", k.name)
				}
				cfg[k.name] = k.value
			}
		}
		if !tapCoverageOff(inv.Args, cfg) {
			return "tap checks coverage unless --no-coverage (tap 16) or --disable-coverage (tap 18+) is given, and a coverage shortfall fails a run whose tests pass; bond does not reproduce it"
		}
	}
	return ""
}

// firstKey is the first key of cfg (sorted) that harmless does not allow, or "".
func firstKey(cfg map[string]json.RawMessage, harmless map[string]bool) string {
	keys := make([]string, 0, len(cfg))
	for k := range cfg {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !harmless[k] {
			return k
		}
	}
	return ""
}

type taprcKey struct{ name, value string }

// taprcKeys reads the top-level keys of a .taprc (YAML) and their scalar values; a line it does
// not read as `key: value`, `key:` followed by an indented list, a comment or blank is refused,
// so no setting is missed.
func taprcKeys(src string) ([]taprcKey, string) {
	var out []taprcKey
	sc := bufio.NewScanner(strings.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		t := strings.TrimSpace(l)
		switch {
		case t == "" || strings.HasPrefix(t, "#"):
			continue
		case l[0] == ' ' || l[0] == '\t':
			if !strings.HasPrefix(t, "- ") || len(out) == 0 {
				return nil, fmt.Sprintf(".taprc line %d (%q) is YAML bond does not read", n, t)
			}
			continue
		}
		k, v, found := strings.Cut(t, ":")
		if !found || strings.ContainsAny(k, " {}[]\"'") {
			return nil, fmt.Sprintf(".taprc line %d (%q) is YAML bond does not read", n, t)
		}
		v = strings.TrimSpace(v)
		if uq, err := strconv.Unquote(v); err == nil {
			v = uq
		}
		out = append(out, taprcKey{name: k, value: v})
	}
	return out, ""
}

// avaTapFiles lists the files ava or tap runs from its arguments: each glob's matches (no dot
// files), each other argument the file it names. A directory is refused (both runners search
// it by their own patterns). A file that does not exist fails ava's and tap 16's run; tap 18
// and later run only the files that exist (tapMajor reads the installed tap's version).
func avaTapFiles(fsys fs.FS, inv Invocation) ([]string, error) {
	var out []string
	for _, arg := range inv.Files {
		a := path.Clean(strings.TrimPrefix(arg, "./"))
		if path.IsAbs(a) || a == ".." || strings.HasPrefix(a, "../") {
			return nil, fmt.Errorf("%s test file %s is outside the repository", inv.Runner, arg)
		}
		if strings.ContainsAny(a, "*?[{!") {
			if !doublestar.ValidatePattern(a) || strings.HasPrefix(a, "!") {
				return nil, fmt.Errorf("%s's pattern %s is not a glob bond reads", inv.Runner, arg)
			}
			got, err := doublestar.Glob(fsys, a, doublestar.WithFilesOnly(), doublestar.WithFailOnIOErrors())
			if err != nil {
				return nil, fmt.Errorf("%s's glob %s: %w", inv.Runner, arg, err)
			}
			var kept []string
			for _, g := range noDotFiles(got) {
				if !strings.Contains("/"+g+"/", "/node_modules/") {
					kept = append(kept, g)
				}
			}
			sort.Strings(kept)
			out = append(out, kept...)
			continue
		}
		st, err := fs.Stat(fsys, a)
		switch {
		case errors.Is(err, fs.ErrNotExist) && inv.Runner == RunnerTap && tapMajor(fsys) >= 18:
			continue
		case err != nil:
			return nil, fmt.Errorf("%s test file %s: %w (the real run fails on it too)", inv.Runner, arg, err)
		case st.IsDir():
			return nil, fmt.Errorf("%s searches the directory %s by its own patterns, which bond does not reproduce; name the test files", inv.Runner, arg)
		}
		out = append(out, a)
	}
	return out, nil
}

// tapMajor is the major version of the tap installed in fsys's node_modules, 0 when unknown.
func tapMajor(fsys fs.FS) int {
	b, err := fs.ReadFile(fsys, "node_modules/tap/package.json")
	if err != nil {
		return 0
	}
	var p struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(b, &p) != nil {
		return 0
	}
	major, _, _ := strings.Cut(p.Version, ".")
	n, _ := strconv.Atoi(major)
	return n
}
