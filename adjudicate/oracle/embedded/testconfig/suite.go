package testconfig

// This file reads which test framework a repository uses (node:test, jest or vitest) and
// whether its configuration lets the suite run embedded: it reads package.json and the jest and
// vitest config files as text (they are programs; bond never executes them) and names anything
// the embedded runner cannot honour.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/bond-tool/bond/internal/safefile"
)

// Framework is the test API of an oracle's test files. The embedded runtime provides each
// (package embedded names them by this type); this package reads each one's configuration.
type Framework string

// The test APIs the embedded runtime provides.
const (
	FrameworkNodeTest Framework = "node:test" // node:test and node:assert
	FrameworkJest     Framework = "jest"      // jest 29: globals, @jest/globals, jest.fn, done callbacks
	FrameworkVitest   Framework = "vitest"    // vitest 3: `import … from 'vitest'`, vi.fn; globals with `globals: true`
	// FrameworkMocha is mocha 10's BDD interface (the runtime's js/mocha.js): describe/context/
	// it/specify, the four hooks, mocha's `this`, done callbacks and promises. It is never
	// detected from the repository: the caller passes it when the oracle command runs mocha,
	// and ReadMochaSetup reads its configuration.
	FrameworkMocha Framework = "mocha"
)

// Refusal is a setting the embedded runner cannot honour, named by the file (or the command's
// flag) that sets it. Every reader in this package returns one as an error; package embedded
// turns it into its UnsupportedError, the error runner choice falls back on.
type Refusal struct {
	File    string // the configuration file, package.json, or "the oracle command's --flag"
	Setting string // what it sets, e.g. "jest moduleNameMapper (module aliases) in its configuration"
}

func (e *Refusal) Error() string {
	return fmt.Sprintf("%s uses %s, which the embedded runner cannot run", e.File, e.Setting)
}

// SuiteConfig is what the embedded runner reads of a repository's jest or vitest setup.
type SuiteConfig struct {
	Framework Framework // jest or vitest when the repository uses one, else node:test
	Globals   bool      // describe/it/test/expect/… are globals (jest; vitest with globals: true)
	File      string    // the config file read (package.json for its "jest" key), or ""
	// OwnTestFiles: the config names its own test files (jest testMatch, testRegex, roots, …;
	// vitest test.include, test.exclude, test.dir, root), so a runner's default patterns
	// (oraclecmd.TestFiles) do not say which files it runs. Patterns is then what the config
	// says, read as literals, to list the files with (TestPatterns.Files); or Patterns is nil and
	// Unread says which file and setting bond could not read, and runner choice keeps the
	// command runner.
	OwnTestFiles bool
	Patterns     *TestPatterns
	Unread       string
	// SetupFiles are vitest's test.setupFiles or jest's setupFilesAfterEnv (setup.go),
	// repo-relative and slash-separated, in the order the runner runs them: the embedded runner
	// bundles each with every test file and runs them, in order, before it. nil when the config
	// sets none.
	SetupFiles []string
	// Aliases are vitest's resolve.alias or test.alias (alias.go), in the order vite tries
	// them: the embedded bundler applies them to every import of a repository file outside
	// node_modules. nil when the config sets none.
	Aliases []Alias
	// Mappers are jest's moduleNameMapper (mapper.go), in the order jest tries them: the
	// embedded bundler maps every import that is not a Node built-in, from any file, through
	// the first that matches (Map). nil when the config sets none.
	Mappers []ModuleMapping
}

var (
	jestConfigs   = []string{"jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs", "jest.config.json"}
	vitestConfigs = []string{"vitest.config.ts", "vitest.config.mts", "vitest.config.cts", "vitest.config.js", "vitest.config.mjs", "vitest.config.cjs",
		"vite.config.ts", "vite.config.mts", "vite.config.cts", "vite.config.js", "vite.config.mjs", "vite.config.cjs"}

	cfgGlobalsTrue = regexp.MustCompile(`\bglobals["']?\s*:\s*true\b`)
	cfgIsolateOff  = regexp.MustCompile(`["']?\bisolate\b["']?\s*:\s*false\b`)
	cfgEnvironment = regexp.MustCompile(`\b(?:test)?[eE]nvironment["']?\s*:\s*['"]([\w@/.-]+)['"]`)
)

// refusedConfig are the configuration keys that change how tests load or what they see, which
// the embedded runner does not reproduce, with what each means.
var refusedConfig = []struct{ key, what string }{
	{"moduleNameMapper", "jest moduleNameMapper (module aliases)"},
	{"setupFilesAfterEnv", "jest setupFilesAfterEnv"},
	{"setupFiles", "setup files"},
	{"globalSetup", "a global setup file"},
	{"snapshotSerializers", "snapshot serializers"},
	{"snapshotFormat", "snapshot format options"},
	{"alias", "resolve.alias (module aliases)"},
	{"moduleDirectories", "jest moduleDirectories"},
	{"modulePaths", "jest modulePaths"},
	{"restoreMocks", "restoreMocks"},
	{"resetMocks", "resetMocks"},
	{"clearMocks", "clearMocks"},
	{"fakeTimers", "fake timers by configuration"},
	{"unstubEnvs", "unstubEnvs (vi.unstubAllEnvs before each test)"},
	{"unstubGlobals", "unstubGlobals (vi.unstubAllGlobals before each test)"},
}

// ReadSuiteConfig reads the repository's jest or vitest setup at root as the embedded runner
// honours it: want's, or, when want is empty, vitest's if the repository has vitest, else jest's
// if it has jest. A configuration the embedded runner cannot honour is a *Refusal naming the
// file and the setting.
func ReadSuiteConfig(root string, want Framework) (SuiteConfig, error) {
	return ReadSuiteConfigLaunched(root, want, Launch{})
}

// ReadSuiteConfigLaunched is ReadSuiteConfig for a runner the oracle command launches as launch
// says: a config value that reads process.env.npm_lifecycle_event is evaluated with its value.
func ReadSuiteConfigLaunched(root string, want Framework, launch Launch) (SuiteConfig, error) {
	cfg := SuiteConfig{Framework: FrameworkNodeTest}
	var pkg struct {
		Dependencies    map[string]string `json:"dependencies"`
		DevDependencies map[string]string `json:"devDependencies"`
		Jest            json.RawMessage   `json:"jest"`
	}
	if b, err := safefile.Read(filepath.Join(root, "package.json"), safefile.ConfigMax); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return cfg, fmt.Errorf("embedded runner: reading %w; make it a regular JSON file", err)
	} else if err == nil {
		if err := json.Unmarshal(b, &pkg); err != nil {
			return cfg, fmt.Errorf("embedded runner: reading %s: %w; fix the JSON", filepath.Join(root, "package.json"), err)
		}
	}
	dep := func(n string) bool { _, a := pkg.Dependencies[n]; _, b := pkg.DevDependencies[n]; return a || b }
	var jestText, jestFile string
	if len(pkg.Jest) > 0 {
		jestText, jestFile = string(pkg.Jest), "package.json"
	}
	for _, f := range jestConfigs {
		if b, err := safefile.Read(filepath.Join(root, f), safefile.ConfigMax); err == nil {
			jestText, jestFile = string(b), f
			break
		}
	}
	var vitestText, vitestFile string
	for _, f := range vitestConfigs {
		if b, err := safefile.Read(filepath.Join(root, f), safefile.ConfigMax); err == nil {
			vitestText, vitestFile = string(b), f
			break
		}
	}
	if want == "" {
		switch {
		case vitestFile != "" && (dep("vitest") || strings.HasPrefix(vitestFile, "vitest.")), dep("vitest") && jestFile == "":
			want = FrameworkVitest
		case jestFile != "" || dep("jest"):
			want = FrameworkJest
		}
	}
	switch want {
	case FrameworkVitest:
		cfg.Framework = FrameworkVitest
		if vitestFile == "" {
			return cfg, nil
		}
		text := stripComments(vitestText)
		cfg.Globals = cfgGlobalsTrue.MatchString(text)
		cfg.File = vitestFile
		v, found, err := readConfigProgram(vitestFile, vitestText)
		cfg.Patterns, cfg.OwnTestFiles, cfg.Unread = readTestPatterns(FrameworkVitest, vitestFile, text, v, found, err)
		if m := cfgEnvironment.FindStringSubmatch(text); m != nil && m[1] != "node" {
			return cfg, &Refusal{File: vitestFile, Setting: fmt.Sprintf("the test environment %q (the embedded runner is environment node only)", m[1])}
		}
		if err := refused(vitestFile, text, "setupFiles", "alias"); err != nil {
			return cfg, err
		}
		if cfgIsolateOff.MatchString(text) {
			// vitest then runs a worker's test files over one module graph, so module state one
			// file leaves is what the next one sees; the embedded runner gives each test file a
			// runtime of its own, and a suite that leans on the sharing would pass or fail apart.
			return cfg, &Refusal{File: vitestFile, Setting: "isolate: false (vitest runs the test files of a worker over one module graph; the embedded runner gives each file its own) in its configuration"}
		}
		if err != nil { // a program bond could not parse exports no value to read them from
			v, found = litValue{}, false
		}
		if cfg.Aliases, err = readVitestAliases(vitestFile, text, v, found, newConfigEvaluator(vitestFile, vitestText).WithLaunch(launch)); err != nil {
			return cfg, err
		}
		cfg.SetupFiles, err = readVitestSetupFiles(root, vitestFile, text, v, found)
		return cfg, err
	case FrameworkJest:
		cfg.Framework, cfg.Globals = FrameworkJest, true
		if jestFile == "" {
			return cfg, nil
		}
		text := stripComments(jestText)
		cfg.File = jestFile
		v, found, err := readJestConfig(jestFile, jestText)
		cfg.Patterns, cfg.OwnTestFiles, cfg.Unread = readTestPatterns(FrameworkJest, jestFile, text, v, found, err)
		if m := cfgEnvironment.FindStringSubmatch(text); m != nil && m[1] != "node" && m[1] != "jest-environment-node" {
			return cfg, &Refusal{File: jestFile, Setting: fmt.Sprintf("the jest testEnvironment %q (the embedded runner is testEnvironment node only)", m[1])}
		}
		if strings.Contains(text, "injectGlobals") && regexp.MustCompile(`\binjectGlobals["']?\s*:\s*false`).MatchString(text) {
			cfg.Globals = false
		}
		if err := refused(jestFile, text, "setupFiles", "setupFilesAfterEnv", "moduleNameMapper"); err != nil {
			return cfg, err
		}
		if err != nil { // a program bond could not parse exports no value to read them from
			v, found = litValue{}, false
		}
		if cfg.Mappers, err = readJestMapper(jestFile, text, jestText, v, found); err != nil {
			return cfg, err
		}
		cfg.SetupFiles, err = readJestSetupFiles(root, jestFile, text, v, found)
		return cfg, err
	}
	return cfg, nil
}

// compilers are transforms and presets that only compile TypeScript or modern JavaScript, which
// esbuild does in their place; a config that names only these is honoured.
var compilers = map[string]bool{
	"ts-jest": true, "babel-jest": true, "@swc/jest": true, "esbuild-jest": true, "@sucrase/jest-plugin": true,
	"esbuild-runner/jest": true, "ts-jest/presets/default": true, "ts-jest/presets/default-esm": true,
	"ts-jest/presets/js-with-ts": true, "ts-jest/presets/js-with-babel": true,
}

var (
	configKeyRE = regexp.MustCompile(`["']?\b(transform|preset)\b["']?\s*:`)
	presetRE    = regexp.MustCompile(`^['"]([^'"]+)['"]`)
	transformRE = regexp.MustCompile(`['"][^'"]*['"]\s*:\s*\[?\s*['"]([^'"]+)['"]`) // 'pattern': 'module' or ['module', {…}]
)

// refused names the first configuration key in text the embedded runner cannot honour. A
// transform or preset is honoured when every module it names is a compiler esbuild replaces.
// The keys in honoured are the caller's to read (vitest's setupFiles, setup.go).
func refused(file, text string, honoured ...string) error {
	for _, loc := range configKeyRE.FindAllStringSubmatchIndex(text, -1) {
		key, val := text[loc[2]:loc[3]], configValue(text[loc[1]:])
		re := transformRE
		if key == "preset" {
			re = presetRE
		}
		for _, m := range re.FindAllStringSubmatch(val, -1) {
			if !compilers[m[1]] {
				what := "a custom transform"
				if key == "preset" {
					what = "a preset"
				}
				return &Refusal{File: file, Setting: fmt.Sprintf("%s (%s) in its configuration", what, m[1])}
			}
		}
	}
	for _, r := range refusedConfig {
		if slices.Contains(honoured, r.key) {
			continue
		}
		for _, loc := range regexp.MustCompile(`["']?\b`+r.key+`\b["']?\s*:`).FindAllStringIndex(text, -1) {
			if !unset(configValue(text[loc[1]:])) {
				return &Refusal{File: file, Setting: r.what + " in its configuration"}
			}
		}
	}
	return nil
}

// unset reports whether a configuration value sets nothing (an empty list or object, false,
// null, undefined or an empty string): `setupFiles: []` is no reason to refuse.
func unset(v string) bool {
	switch strings.Join(strings.Fields(v), "") {
	case "[]", "{}", "false", "null", "undefined", `""`, "''":
		return true
	}
	return false
}

// configValue returns the value that starts text: a quoted string, or a bracketed object or
// array up to its matching close.
func configValue(text string) string {
	text = strings.TrimLeft(text, " \t\r\n")
	if text == "" {
		return ""
	}
	if open := text[0]; open == '{' || open == '[' {
		depth := 0
		for i := 0; i < len(text); i++ {
			switch text[i] {
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return text[:i+1]
				}
			}
		}
		return text
	}
	end := strings.IndexAny(text, ",\n}")
	if end < 0 {
		return text
	}
	return text[:end]
}

// stripComments drops // and /* */ comments from a config file so a commented-out setting does
// not count. Strings holding "//" (URLs) are left alone when the slashes follow a colon.
func stripComments(s string) string {
	s = regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(s, "")
	return regexp.MustCompile(`(?m)(^|[^:])//.*$`).ReplaceAllString(s, "$1")
}
