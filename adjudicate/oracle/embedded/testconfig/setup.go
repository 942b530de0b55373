package testconfig

// This file reads the setup files the embedded runner honours — vitest's test.setupFiles and
// jest's setupFilesAfterEnv — as a literal path or list of paths, each resolved as the runner
// resolves it (vitest: against its root; jest: against rootDir, <rootDir> read as it) to a file
// in the repository, which the runner bundles with every test file and runs before it. Both
// runners run them in the test file's own module graph once the test API is installed, so
// hooks they register apply to every test of the file. Anything else — a computed value, a
// package name, a file bond cannot find, a second key it cannot place, and jest's setupFiles,
// which jest runs before it installs the test API — is a *Refusal naming the setting and why,
// as every setting this package cannot read faithfully is.

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// setupFilesKey and afterEnvKey find every place a config sets a key named setupFiles or
// setupFilesAfterEnv (one is not a prefix of the other at a word boundary).
var (
	setupFilesKey = regexp.MustCompile(`["']?\bsetupFiles\b["']?\s*:`)
	afterEnvKey   = regexp.MustCompile(`["']?\bsetupFilesAfterEnv\b["']?\s*:`)
)

// setKeys counts the places re finds a key in text, and those that set something.
func setKeys(re *regexp.Regexp, text string) (all, set int) {
	locs := re.FindAllStringIndex(text, -1)
	for _, loc := range locs {
		if !unset(configValue(text[loc[1]:])) {
			set++
		}
	}
	return len(locs), set
}

// readVitestSetupFiles returns vitest's test.setupFiles in the config at root (file, its text
// without comments, and its exported value cfg when found), repo-relative and slash-separated,
// in the order vitest runs them. A config that sets none returns nil. A setting bond cannot
// honour faithfully is a *Refusal; every Setting starts "setup files" and ends "in its
// configuration", the words the refusal used before setup files were honoured.
func readVitestSetupFiles(root, file, text string, cfg litValue, found bool) ([]string, error) {
	all, set := setKeys(setupFilesKey, text)
	if set == 0 {
		return nil, nil
	}
	refuse := func(format string, args ...any) error {
		return &Refusal{File: file, Setting: "setup files (" + fmt.Sprintf(format, args...) + ") in its configuration"}
	}
	if !found || cfg.kind != litObject {
		return nil, refuse("the configuration is not a literal object bond can read")
	}
	test, ok := cfg.get("test")
	if !ok || test.kind != litObject {
		return nil, refuse("setupFiles outside a literal test object, which bond does not place")
	}
	v, ok := test.get("setupFiles")
	if !ok {
		return nil, refuse("setupFiles outside test.setupFiles, which bond does not place")
	}
	if all != 1 {
		return nil, refuse("setupFiles is set %d times in the file; bond reads only test.setupFiles", all)
	}
	if v.spread {
		return nil, refuse("a spread of %s may set test.setupFiles; bond reads only literals", clip(v.text))
	}
	list, ok := v.strings(false)
	if !ok {
		return nil, refuse("test.setupFiles is %s, not a literal path or list of paths", clip(v.text))
	}
	// vitest resolves each entry against its root: test.root, else the config's root, else the
	// directory of the config (here, the repository's root).
	base := ""
	for _, r := range []struct {
		v   litValue
		key string
	}{{test, "root"}, {cfg, "root"}} {
		rv, ok := r.v.get(r.key)
		if !ok {
			continue
		}
		if rv.spread {
			return nil, refuse("a spread of %s may set the root they resolve against; bond reads only literals", clip(rv.text))
		}
		s, ok := rv.strings(true)
		if !ok {
			return nil, refuse("the root %s is not a literal path, so bond cannot resolve them", clip(rv.text))
		}
		base = s[0]
		break
	}
	if path.IsAbs(base) || base == ".." || strings.HasPrefix(path.Clean(base), "../") {
		return nil, refuse("the root %q is outside the repository", base)
	}
	var out []string
	for _, s := range list {
		rel, why := resolveSetupFile(root, base, s)
		if why != "" {
			return nil, refuse("%q %s", s, why)
		}
		out = append(out, rel)
	}
	return out, nil
}

// resolveSetupFile resolves one setupFiles entry as vitest does — a package name through
// node_modules first, then a path against base (the root, relative to the repository) — to a
// repo-relative file; why says what bond cannot honour about it.
func resolveSetupFile(root, base, s string) (rel, why string) {
	switch {
	case s == "":
		return "", "is empty"
	case path.IsAbs(s) || filepath.IsAbs(s):
		return "", "is an absolute path, which depends on where the repository is"
	case strings.ContainsAny(s, "\\?#") || strings.HasPrefix(s, "<") || strings.Contains(s, ":"):
		return "", "is not a plain relative path"
	}
	if !strings.HasPrefix(s, "./") && !strings.HasPrefix(s, "../") {
		// vitest asks Node's resolution first: a bare name may be a package.
		name := s
		if parts := strings.SplitN(s, "/", 3); strings.HasPrefix(s, "@") && len(parts) >= 2 {
			name = parts[0] + "/" + parts[1]
		} else {
			name = parts[0]
		}
		if _, err := os.Stat(filepath.Join(root, "node_modules", filepath.FromSlash(name))); err == nil {
			return "", "names a package (or a path vitest would resolve as one), which bond does not load as a setup file"
		}
	}
	rel = path.Join(base, s)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", "is outside the repository"
	}
	if strings.Contains("/"+rel+"/", "/node_modules/") {
		return "", "is inside node_modules"
	}
	st, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
	switch {
	case err != nil:
		return "", "is not a file in the repository (bond does not add extensions to it as vitest's resolver might)"
	case !st.Mode().IsRegular():
		return "", "is not a regular file"
	}
	return rel, ""
}

// readJestSetupFiles returns jest's setupFilesAfterEnv in the config at root (file, its text
// without comments, its value cfg when found), repo-relative and slash-separated, in the order
// jest runs them; nil when the config sets none. jest's setupFiles is refused: jest runs those
// before it installs the test API (no describe, expect or hooks) and awaits a function one
// exports, where the embedded runner has the API installed from the first line. Every Setting
// names the key and ends "in its configuration".
func readJestSetupFiles(root, file, text string, cfg litValue, found bool) ([]string, error) {
	if _, set := setKeys(setupFilesKey, text); set > 0 {
		return nil, &Refusal{File: file, Setting: "jest setupFiles (setup files jest runs before it installs the test framework, calling a function one exports; the embedded runner has the framework installed from the first line) in its configuration"}
	}
	all, set := setKeys(afterEnvKey, text)
	if set == 0 {
		return nil, nil
	}
	refuse := func(format string, args ...any) error {
		return &Refusal{File: file, Setting: "jest setupFilesAfterEnv (" + fmt.Sprintf(format, args...) + ") in its configuration"}
	}
	if !found || cfg.kind != litObject {
		return nil, refuse("the configuration is not a literal object bond can read")
	}
	v, ok := cfg.get("setupFilesAfterEnv")
	switch {
	case !ok:
		return nil, refuse("set outside the configuration's top level, which bond does not place")
	case all != 1:
		return nil, refuse("set %d times in the file; bond reads only the top-level key", all)
	case v.spread:
		return nil, refuse("a spread of %s may set it; bond reads only literals", clip(v.text))
	}
	list, ok := v.strings(false)
	if !ok {
		return nil, refuse("%s is not a literal list of paths", clip(v.text))
	}
	// jest resolves each entry from rootDir (the config's directory unless set), after reading
	// a leading <rootDir> as it.
	base, err := jestRootDir(cfg, refuse, "resolve them")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, s := range list {
		p := s
		if rest, ok := strings.CutPrefix(s, "<rootDir>"); ok {
			p = "./" + strings.TrimPrefix(rest, "/")
		}
		if !strings.HasPrefix(p, "./") && !strings.HasPrefix(p, "../") {
			return nil, refuse("%q is not a relative path or one under <rootDir>: jest resolves it as a package, which bond does not load as a setup file", s)
		}
		rel, why := resolveSetupFile(root, base, p)
		if why != "" {
			return nil, refuse("%q %s", s, why)
		}
		out = append(out, rel)
	}
	return out, nil
}

// jestRootDir is the jest config's literal rootDir ("" when unset: the config's directory), or
// the refusal (made by refuse) that says bond cannot use it to do what: a value that is not a
// literal path, or one outside the repository.
func jestRootDir(cfg litValue, refuse func(string, ...any) error, what string) (string, error) {
	dir := ""
	if rv, ok := cfg.get("rootDir"); ok {
		s, ok := rv.strings(true)
		if !ok {
			return "", refuse("rootDir %s is not a literal path, so bond cannot %s", clip(rv.text), what)
		}
		dir = s[0]
	}
	if path.IsAbs(dir) || strings.Contains(dir, "<rootDir>") || path.Clean(dir) == ".." || strings.HasPrefix(path.Clean(dir), "../") {
		return "", refuse("rootDir %q is not a path inside the repository", dir)
	}
	return dir, nil
}
