package testconfig

// This file reads how mocha would run a suite, as text: its configuration (.mocharc.* or
// package.json's "mocha" key, never executed) and the oracle command's own flags, merged as
// mocha merges them, and names the first setting the embedded runner cannot honour.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/bond-tool/bond/internal/nodepkg"
	"github.com/bond-tool/bond/internal/safefile"
)

// MochaSetup is what bond reads of how mocha would run: what it loads and its timeout.
type MochaSetup struct {
	File string // the configuration read (.mocharc.*, or package.json for its "mocha" key), or ""
	// Spec are the files, directories and globs mocha loads: the command's and the
	// configuration's, or ["test"] when neither names one.
	Spec []string
	// Args are Spec's lookup flags in the command's spelling (--recursive, --extension X), for
	// oraclecmd.TestFiles.
	Args []string
	// Run are the settings the embedded runs honour (embedded.Options.Mocha).
	Run MochaOptions
}

// MochaOptions are the mocha settings an embedded run honours. The zero value is mocha's
// default.
type MochaOptions struct {
	// Timeout is mocha's timeout for each test and hook (--timeout, or the config's timeout):
	// 0 means mocha's default, 2 s; negative means none (--no-timeouts, timeout 0).
	Timeout time.Duration
	// CheckLeaks (--check-leaks): a test or hook that adds a global fails, as mocha fails it.
	CheckLeaks bool
	// ForbidOnly (--forbid-only): declaring .only throws, which fails the file's load.
	ForbidOnly bool
	// Requires are the repository files mocha's require (--require, -r, the config's require)
	// preloads, repo-relative and slash-separated, in mocha's order (mocharequire.go): the
	// embedded runner runs them ahead of each test file, as setup files.
	Requires []string
}

// mochaConfigs are the configuration files mocha 10 reads, in its order: the first found wins.
var mochaConfigs = []string{".mocharc.cjs", ".mocharc.js", ".mocharc.yaml", ".mocharc.yml", ".mocharc.jsonc", ".mocharc.json"}

// mochaShort are mocha's one-letter options, by their long names.
var mochaShort = map[string]string{
	"R": "reporter", "O": "reporter-option", "t": "timeout", "s": "slow", "u": "ui", "j": "jobs",
	"b": "bail", "c": "colors", "p": "parallel", "A": "async-only", "r": "require", "g": "grep",
	"f": "fgrep", "i": "invert", "w": "watch", "S": "sort",
}

// mochaOutputOnly are mocha settings that change only what mocha prints or how it exits once
// the tests are done; bail and exit are honoured by the embedded runner's own bail and exit.
var mochaOutputOnly = map[string]bool{
	"reporter": true, "reporter-option": true, "reporter-options": true, "color": true, "colors": true,
	"diff": true, "inline-diffs": true, "full-trace": true, "exit": true, "bail": true, "slow": true,
	"jobs": true, "watch-files": true, "watch-ignore": true,
}

// mochaRefused are settings that change how tests load, which run, or what they see, with what
// each does; a false, zero or empty value is harmless.
var mochaRefused = map[string]string{
	"require": "preloads modules", "file": "loads extra files first", "grep": "filters tests by name",
	"fgrep": "filters tests by name", "invert": "filters tests by name", "parallel": "runs files in worker processes",
	"delay": "delays the root suite", "node-option": "passes options to node", "loader": "loads an ES module loader",
	"async-only": "fails synchronous tests", "forbid-pending": "fails a run with pending tests",
	"retries": "retries failing tests", "sort": "sorts the test files", "ignore": "ignores test files",
	"exclude": "ignores test files", "watch": "watch mode never exits", "allow-uncaught": "lets errors escape mocha",
	"dry-run": "runs no test", "fail-zero": "fails a run with no tests", "pass-on-failing-test": "passes failing tests",
	"enable-source-maps": "passes options to node", "experimental-loader": "loads an ES module loader",
	"import": "preloads modules",
}

// mochaTSLoaders are --require modules that only make node read TypeScript without checking
// its types, which esbuild does in their place.
var mochaTSLoaders = map[string]bool{
	"tsx": true, "tsx/cjs": true, "ts-node/register/transpile-only": true, "@swc-node/register": true,
	"esbuild-register": true, "@esbuild-kit/cjs-loader": true,
}

// ReadMochaSetup reads how mocha would run at root with the command's files and its other
// arguments (as oraclecmd.Parse returns them: "--flag", "--flag value" or "--flag=value"):
// mocha's configuration file and package.json's "mocha" key, read as data, and the flags.
// A setting the embedded runner cannot honour, or one bond does not know, is an
// *Refusal naming the file or the flag and the setting.
func ReadMochaSetup(root string, files, args []string) (MochaSetup, error) {
	var setup MochaSetup
	cli, err := mochaFlags(args)
	if err != nil {
		return setup, err
	}
	if why := legacyMochaOpts(root); why != "" {
		return setup, &Refusal{File: "test/mocha.opts", Setting: why}
	}
	layers := []mochaLayer{cli}
	for _, f := range mochaConfigs {
		b, err := safefile.Read(filepath.Join(root, f), safefile.ConfigMax)
		if err != nil {
			continue
		}
		l, err := readMochaConfig(f, string(b))
		if err != nil {
			return setup, err
		}
		layers, setup.File = append(layers, l), f
		break
	}
	if b, err := safefile.Read(filepath.Join(root, "package.json"), safefile.ConfigMax); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return setup, fmt.Errorf("embedded runner: reading %w; make it a regular JSON file", err)
	} else if err == nil {
		var pkg struct {
			Mocha map[string]any `json:"mocha"`
		}
		if err := json.Unmarshal(b, &pkg); err != nil {
			return setup, fmt.Errorf("embedded runner: reading %s: %w; fix the JSON", filepath.Join(root, "package.json"), err)
		}
		if pkg.Mocha != nil {
			l, err := mochaLayerOf("package.json", pkg.Mocha)
			if err != nil {
				return setup, err
			}
			layers = append(layers, l)
			if setup.File == "" {
				setup.File = "package.json"
			}
		}
	}
	if setup, err = mergeMocha(setup, files, layers); err != nil {
		return setup, err
	}
	setup.Run.Requires, err = readMochaRequires(root, layers)
	return setup, err
}

// mochaLayer is one source of settings (the command, the config file, package.json): its
// keys, long and kebab-cased, with what file or flag set each.
type mochaLayer struct {
	where string
	vals  map[string]any
	from  map[string]string // the flag that set a key, on the command line
}

// whereOf names where the layer set key: the file, or the command's flag.
func (l mochaLayer) whereOf(key string) string {
	if f, ok := l.from[key]; ok {
		return f
	}
	return l.where
}

// mergeMocha merges the layers as mocha does: the first layer with a setting wins, except that
// spec and extension lists add up.
func mergeMocha(setup MochaSetup, files []string, layers []mochaLayer) (MochaSetup, error) {
	get := func(key string) (any, string, bool) {
		for _, l := range layers {
			if v, ok := l.vals[key]; ok {
				return v, l.whereOf(key), true
			}
		}
		return nil, "", false
	}
	for _, l := range layers {
		for k, v := range l.vals {
			if mochaOutputOnly[k] {
				continue
			}
			switch k {
			case "spec", "extension", "recursive", "timeout", "timeouts", "ui", "check-leaks", "forbid-only":
				continue
			}
			why, known := mochaRefused[k]
			if !known {
				return setup, &Refusal{File: l.whereOf(k), Setting: fmt.Sprintf("the mocha setting %s, which bond does not know", k)}
			}
			if k == "require" { // readMochaRequires
				continue
			}
			if truthy(v) {
				return setup, &Refusal{File: l.whereOf(k), Setting: fmt.Sprintf("mocha %s (it %s)", k, why)}
			}
		}
	}
	if v, where, ok := get("ui"); ok && fmt.Sprint(v) != "bdd" {
		return setup, &Refusal{File: where, Setting: fmt.Sprintf("mocha's %v interface (only bdd is provided)", v)}
	}
	setup.Spec = append([]string{}, files...)
	var exts []string
	for _, l := range layers {
		setup.Spec = append(setup.Spec, list(l.vals["spec"])...)
		exts = append(exts, list(l.vals["extension"])...)
	}
	if len(setup.Spec) == 0 {
		setup.Spec = []string{"test"}
	}
	if v, _, ok := get("recursive"); ok && truthy(v) {
		setup.Args = append(setup.Args, "--recursive")
	}
	if len(exts) > 0 {
		setup.Args = append(setup.Args, "--extension "+strings.Join(exts, ","))
	}
	if v, _, ok := get("check-leaks"); ok {
		setup.Run.CheckLeaks = truthy(v)
	}
	if v, _, ok := get("forbid-only"); ok {
		setup.Run.ForbidOnly = truthy(v)
	}
	if v, _, ok := get("timeouts"); ok && !truthy(v) {
		setup.Run.Timeout = -1
	}
	if v, where, ok := get("timeout"); ok && setup.Run.Timeout == 0 {
		ms, err := mochaMS(v)
		if err != nil {
			return setup, &Refusal{File: where, Setting: fmt.Sprintf("the mocha timeout %v, which bond cannot read", v)}
		}
		setup.Run.Timeout = time.Duration(ms) * time.Millisecond
		if ms <= 0 || ms >= 1<<31-1 {
			setup.Run.Timeout = -1
		}
	}
	return setup, nil
}

// mochaFlags reads the command's flags as a layer named after each flag.
func mochaFlags(args []string) (mochaLayer, error) {
	l := mochaLayer{where: "the oracle command", vals: map[string]any{}, from: map[string]string{}}
	for _, a := range args {
		name, val, hasVal := strings.Cut(strings.Replace(a, " ", "=", 1), "=")
		key := strings.TrimLeft(name, "-")
		if long, ok := mochaShort[key]; ok && !strings.HasPrefix(name, "--") {
			key = long
		}
		var v any = true
		if hasVal {
			v = val
		}
		if k, ok := strings.CutPrefix(key, "no-"); ok {
			key, v = k, false
		}
		key = kebab(key)
		where := "the oracle command's " + name
		if prev, ok := l.vals[key]; ok && (key == "extension" || key == "spec" || key == "require") {
			v = append(list(prev), list(v)...)
		}
		if err := checkKnown(where, key); err != nil {
			return l, err
		}
		l.vals[key], l.from[key] = v, where
	}
	return l, nil
}

// checkKnown refuses a setting bond does not know.
func checkKnown(where, key string) error {
	if _, refused := mochaRefused[key]; refused || mochaOutputOnly[key] {
		return nil
	}
	switch key {
	case "spec", "extension", "recursive", "timeout", "timeouts", "ui", "check-leaks", "forbid-only":
		return nil
	}
	return &Refusal{File: where, Setting: fmt.Sprintf("the mocha setting %s, which bond does not know", key)}
}

// readMochaConfig reads a configuration file's text as data: JSON, JSON with comments, a
// CommonJS module whose only statement is `module.exports = {…}` of literals, or YAML of
// top-level keys with scalars and lists.
func readMochaConfig(file, text string) (mochaLayer, error) {
	var vals map[string]any
	var err error
	switch filepath.Ext(file) {
	case ".yml", ".yaml":
		vals, err = parseYAMLSubset(text)
	case ".js", ".cjs":
		body := stripComments(text)
		body = regexp.MustCompile(`^\s*(['"])use strict(['"]);?`).ReplaceAllString(body, "")
		m := regexp.MustCompile(`^\s*module\.exports\s*=\s*`).FindStringIndex(body)
		if m == nil {
			return mochaLayer{}, &Refusal{File: file, Setting: "a configuration that is not `module.exports = {…}` (bond reads it as data, never runs it)"}
		}
		var v any
		v, err = parseLiteral(body[m[1]:])
		if err == nil {
			var ok bool
			if vals, ok = v.(map[string]any); !ok {
				err = fmt.Errorf("module.exports is not an object")
			}
		}
	default:
		var v any
		v, err = parseLiteral(stripComments(text))
		if err == nil {
			var ok bool
			if vals, ok = v.(map[string]any); !ok {
				err = fmt.Errorf("the configuration is not an object")
			}
		}
	}
	if err != nil {
		return mochaLayer{}, &Refusal{File: file, Setting: fmt.Sprintf("a configuration bond cannot read as data (%v; it reads literals only, never runs the file)", err)}
	}
	return mochaLayerOf(file, vals)
}

// mochaLayerOf names a configuration's keys as mocha's long, kebab-cased options.
func mochaLayerOf(file string, vals map[string]any) (mochaLayer, error) {
	l := mochaLayer{where: file, vals: map[string]any{}}
	for k, v := range vals {
		key := k
		if long, ok := mochaShort[k]; ok {
			key = long
		}
		key = kebab(key)
		if err := checkKnown(file, key); err != nil {
			return l, err
		}
		l.vals[key] = v
	}
	return l, nil
}

var upper = regexp.MustCompile(`[A-Z]`)

// kebab spells a camelCased option as mocha's long option: forbidOnly is forbid-only.
func kebab(s string) string {
	return upper.ReplaceAllStringFunc(s, func(c string) string { return "-" + strings.ToLower(c) })
}

// truthy reports whether a setting's value turns it on: not false, 0, "", null or empty.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0
	case string:
		return x != "" && x != "false"
	case []any:
		return len(x) > 0
	}
	return true
}

// list reads a setting that takes one value or several (comma-separated on the command line).
func list(v any) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, list(e)...)
		}
		return out
	case []string:
		return x
	case string:
		var out []string
		for _, s := range strings.Split(x, ",") {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
		return out
	}
	return []string{fmt.Sprint(v)}
}

func allTSLoaders(v any) bool {
	for _, m := range list(v) {
		if !mochaTSLoaders[m] {
			return false
		}
	}
	return true
}

var durationRE = regexp.MustCompile(`^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$`)

// mochaMS reads a mocha timeout: milliseconds as a number or string, or a string with a unit.
func mochaMS(v any) (int64, error) {
	switch x := v.(type) {
	case float64:
		return int64(x), nil
	case bool:
		return 0, fmt.Errorf("not a duration")
	case string:
		m := durationRE.FindStringSubmatch(x)
		if m == nil {
			return 0, fmt.Errorf("not a duration")
		}
		n, _ := strconv.ParseFloat(m[1], 64)
		unit := map[string]float64{"": 1, "ms": 1, "s": 1e3, "m": 6e4, "h": 36e5}[m[2]]
		return int64(n * unit), nil
	}
	return 0, fmt.Errorf("not a duration")
}

// legacyMochaOpts says why test/mocha.opts keeps the command runner: mocha 7 and older read their
// options from it (`--ui tdd`, `--require`, …), which bond does not; "" when there is no such
// file or the mocha Node resolves from root is 8 or later, which no longer reads it.
func legacyMochaOpts(root string) string {
	if _, err := os.Stat(filepath.Join(root, "test", "mocha.opts")); err != nil {
		return ""
	}
	if nodepkg.Major(root, "mocha") >= 8 {
		return ""
	}
	return "mocha's legacy options file (mocha 7 and older read it; bond does not)"
}
