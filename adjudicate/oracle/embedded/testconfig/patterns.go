package testconfig

// This file reads which files a jest or vitest config makes tests — jest's testMatch, testRegex,
// roots, rootDir, moduleFileExtensions and ignore patterns; vitest's root and test.include,
// test.exclude, test.dir and test.root — as literal values scoped by nesting (vitest's
// coverage.include is not test.include), and says when a key's value is not a literal it can
// read. The matching of those patterns against the tree is files.go.

import (
	"fmt"
	"regexp"
	"strings"
)

// TestPatterns are the test-file settings of a jest or vitest config, read as literals. An empty
// slice or string is a setting the config leaves at the runner's default.
type TestPatterns struct {
	Framework Framework
	File      string // the config file they come from (package.json for its "jest" key)

	// jest
	TestMatch  []string // globs (micromatch) against the absolute path
	TestRegex  []string // regular expressions against the absolute path
	Roots      []string // directories searched, relative to RootDir; may hold <rootDir>
	Ignore     []string // testPathIgnorePatterns and modulePathIgnorePatterns: regular expressions
	Extensions []string // moduleFileExtensions, without dots
	RootDir    string   // relative to the config's directory

	// vitest
	Include []string // globs relative to Dir
	Exclude []string // globs relative to Dir; replaces vitest's default exclude
	Dir     string   // test.dir, relative to Root
	Root    string   // test.root, else the config's root, relative to the config's directory
}

// jestPatternKeys and vitestPatternKeys are the settings that change which files are tests: a
// config setting one of them names its own test files.
var (
	jestPatternKeys   = []string{"testMatch", "testRegex", "roots", "rootDir", "testPathIgnorePatterns", "modulePathIgnorePatterns", "moduleFileExtensions"}
	vitestPatternKeys = []string{"include", "exclude", "dir", "root"}
	// jestRefusedKeys and vitestRefusedKeys make the file list something bond does not compute.
	jestRefusedKeys   = []string{"projects", "testPathPattern", "testPathPatterns"}
	vitestRefusedKeys = []string{"projects", "workspace", "includeSource"}
)

// ownTestFilesText is the crude test for a config bond cannot read as data: one that mentions a
// test-file setting anywhere (as a key, or assigned: config.testMatch = …) is taken to name its
// own test files.
var ownTestFilesText = regexp.MustCompile(`["']?\b(testMatch|testRegex|roots|rootDir|testPathIgnorePatterns|modulePathIgnorePatterns|moduleFileExtensions|include|exclude|dir|root|projects|workspace|includeSource)\b["']?\s*(:|=[^=>])`)

// readTestPatterns reads the test-file settings of cfg (the configuration value, found when the
// program exports one bond can locate, parseErr when bond could not parse the program; text the
// config's text without comments). own says the config sets test files of its own; then p is
// what it says, or p is nil and why names the file and the setting bond cannot read.
func readTestPatterns(fw Framework, file, text string, cfg litValue, found bool, parseErr error) (p *TestPatterns, own bool, why string) {
	if parseErr != nil || !found || cfg.kind != litObject {
		if !ownTestFilesText.MatchString(text) {
			return nil, false, ""
		}
		what := "no configuration object bond can locate"
		switch {
		case parseErr != nil:
			what = fmt.Sprintf("a configuration bond cannot parse (%v)", parseErr)
		case found:
			what = fmt.Sprintf("a configuration that is not a literal object (%s)", clip(cfg.text))
		}
		return nil, true, fmt.Sprintf("%s exports %s and mentions test-file settings, so bond cannot list the files %s runs", file, what, fw)
	}
	p = &TestPatterns{Framework: fw, File: file}
	if fw == FrameworkJest {
		return readJestPatterns(p, cfg)
	}
	return readVitestPatterns(p, cfg)
}

func readJestPatterns(p *TestPatterns, cfg litValue) (*TestPatterns, bool, string) {
	for _, k := range jestRefusedKeys {
		if v, ok := cfg.get(k); ok {
			return nil, true, refusedKey(p.File, k, v, "jest")
		}
	}
	own := false
	for _, k := range jestPatternKeys {
		v, ok := cfg.get(k)
		if !ok {
			continue
		}
		own = true
		one := k == "rootDir"
		vals, ok := v.strings(one)
		if !ok {
			return nil, true, notLiteral(p.File, k, v, one)
		}
		switch k {
		case "testMatch":
			p.TestMatch = vals
		case "testRegex":
			p.TestRegex = vals
		case "roots":
			p.Roots = vals
		case "rootDir":
			p.RootDir = vals[0]
		case "testPathIgnorePatterns", "modulePathIgnorePatterns":
			p.Ignore = append(p.Ignore, vals...)
		case "moduleFileExtensions":
			p.Extensions = vals
		}
	}
	if !own {
		return nil, false, ""
	}
	if len(p.TestMatch) > 0 && len(p.TestRegex) > 0 {
		return nil, true, fmt.Sprintf("%s sets both testMatch and testRegex, which jest refuses", p.File)
	}
	return p, true, ""
}

func readVitestPatterns(p *TestPatterns, cfg litValue) (*TestPatterns, bool, string) {
	own := false
	if v, ok := cfg.get("root"); ok {
		own = true
		vals, ok := v.strings(true)
		if !ok {
			return nil, true, notLiteral(p.File, "root", v, true)
		}
		p.Root = vals[0]
	}
	test, ok := cfg.get("test")
	if !ok && !own {
		return nil, false, ""
	} else if !ok {
		return p, true, ""
	}
	if test.kind != litObject {
		return nil, true, notLiteral(p.File, "test", test, false)
	}
	for _, k := range vitestRefusedKeys {
		if v, ok := test.get(k); ok {
			return nil, true, refusedKey(p.File, "test."+k, v, "vitest")
		}
	}
	for _, k := range vitestPatternKeys {
		v, ok := test.get(k)
		if !ok {
			continue
		}
		own = true
		one := k == "dir" || k == "root"
		vals, ok := v.strings(one)
		if !ok {
			return nil, true, notLiteral(p.File, "test."+k, v, one)
		}
		switch k {
		case "include":
			p.Include = vals
		case "exclude":
			p.Exclude = vals
		case "dir":
			p.Dir = vals[0]
		case "root":
			p.Root = vals[0]
		}
	}
	if !own {
		return nil, false, ""
	}
	return p, true, ""
}

// refusedKey says that file sets key (or spreads a value that may set it), which keeps bond from
// listing the files runner runs.
func refusedKey(file, key string, v litValue, runner string) string {
	if v.spread {
		return fmt.Sprintf("%s spreads %s into its configuration, which may set %s; bond does not read it to list the files %s runs", file, clip(v.text), key, runner)
	}
	return fmt.Sprintf("%s sets %s, which bond does not read to list the files %s runs", file, key, runner)
}

// notLiteral says that file's key is not the literal bond reads.
func notLiteral(file, key string, v litValue, one bool) string {
	if v.spread {
		return fmt.Sprintf("%s spreads %s into its configuration, which may set %s; bond reads only literals", file, clip(v.text), key)
	}
	want := "a string or an array of strings"
	if one {
		want = "a string"
	}
	if key == "test" {
		want = "an object literal"
	}
	return fmt.Sprintf("%s sets %s to %s, not %s bond can read without running the config", file, key, clip(v.text), want)
}

// clip shortens source text for a reason.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		return s[:57] + "…"
	}
	return s
}
