package testconfig

// This file reads vitest's test.setupFiles as the embedded runner honours them: a literal path
// or list of paths, each resolved as vitest resolves it (against the config's root) to a file
// in the repository, which the runner bundles with every test file and runs before it. Anything
// else — a computed value, a package name, a file bond cannot find, a second setupFiles key it
// cannot place — is a *Refusal naming the setting and why, as every setting this package cannot
// read faithfully is.

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// setupFilesKey finds every place a config sets a key named setupFiles (jest's
// setupFilesAfterEnv is another word).
var setupFilesKey = regexp.MustCompile(`["']?\bsetupFiles\b["']?\s*:`)

// readVitestSetupFiles returns vitest's test.setupFiles in the config at root (file, its text
// without comments, and its exported value cfg when found), repo-relative and slash-separated,
// in the order vitest runs them. A config that sets none returns nil. A setting bond cannot
// honour faithfully is a *Refusal; every Setting starts "setup files" and ends "in its
// configuration", the words the refusal used before setup files were honoured.
func readVitestSetupFiles(root, file, text string, cfg litValue, found bool) ([]string, error) {
	locs := setupFilesKey.FindAllStringIndex(text, -1)
	set := 0
	for _, loc := range locs {
		if !unset(configValue(text[loc[1]:])) {
			set++
		}
	}
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
	if len(locs) != 1 {
		return nil, refuse("setupFiles is set %d times in the file; bond reads only test.setupFiles", len(locs))
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
