package testconfig

// This file reads mocha's require (--require, -r, or the config's require) as the files the
// embedded runner runs before each test file. mocha 10 (lib/cli/run-helpers.js handleRequires)
// takes each entry as a path from the working directory when that path or the path plus ".js"
// exists, else as a module name; it loads each once, in order — the command's, then the
// configuration file's, then package.json's — before it installs its interface or loads a test
// file, and a module that exports mochaHooks, mochaGlobalSetup or mochaGlobalTeardown becomes
// a root-hook or global-fixture plugin.
//
// Honoured: a regular file of the repository outside node_modules, found as mocha finds it,
// whose text neither calls mocha's interface (mocha has not installed it yet; the embedded
// runtime has, so such a file would pass embedded and throw under mocha) nor exports the
// plugin names; and the TypeScript loaders esbuild replaces (mochaTSLoaders), dropped. Each
// honoured file runs once per test file, in that file's runtime, where mocha runs it once per
// process: the same for a file that sets globals or the environment, as a preload does.
// Everything else — a package, a directory, a path outside the repository, a plugin — is a
// *Refusal naming the entry and why.

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/bond-tool/bond/internal/safefile"
)

// mochaInterfaceCall is a call of mocha's BDD or TDD interface, which a preloaded file cannot
// make under mocha.
var mochaInterfaceCall = regexp.MustCompile(`(?m)(^|[^.\w$])(describe|context|it|specify|before|after|beforeEach|afterEach|suite|test|setup|teardown|suiteSetup|suiteTeardown)\s*(\.\s*(only|skip)\s*)?\(`)

// mochaPluginExport is a name whose export makes a required module a mocha plugin.
var mochaPluginExport = regexp.MustCompile(`\b(mochaHooks|mochaGlobalSetup|mochaGlobalTeardown)\b`)

// readMochaRequires returns the repository files the layers' require entries name, in mocha's
// order, or a *Refusal naming the first entry bond cannot honour.
func readMochaRequires(root string, layers []mochaLayer) ([]string, error) {
	var out []string
	for _, l := range layers {
		v, ok := l.vals["require"]
		if !ok || !truthy(v) {
			continue
		}
		where := l.whereOf("require")
		for _, mod := range list(v) {
			if mochaTSLoaders[mod] {
				continue // esbuild reads TypeScript in its place
			}
			rel, why := mochaRequireFile(root, mod)
			if why != "" {
				return nil, &Refusal{File: where, Setting: fmt.Sprintf("mocha require %q (it preloads %s)", mod, why)}
			}
			out = append(out, rel)
		}
	}
	return out, nil
}

// mochaRequireFile finds a require entry as mocha does, as a repository file, or says what it
// preloads that bond does not honour.
func mochaRequireFile(root, mod string) (rel, why string) {
	switch {
	case mod == "":
		return "", "nothing bond can name"
	case path.IsAbs(mod) || filepath.IsAbs(mod) || strings.ContainsAny(mod, "\\:"):
		return "", "an absolute path, which depends on where the repository is"
	}
	rel = path.Clean(mod)
	var st os.FileInfo
	var err error
	for _, cand := range []string{rel, rel + ".js"} {
		if st, err = os.Stat(filepath.Join(root, filepath.FromSlash(cand))); err == nil {
			rel = cand
			break
		}
	}
	switch {
	case err != nil:
		return "", "a module by name, not a file of the repository, which bond does not load"
	case rel == ".." || strings.HasPrefix(rel, "../"):
		return "", "a file outside the repository"
	case strings.Contains("/"+rel+"/", "/node_modules/"):
		return "", "a file inside node_modules, which bond does not load"
	case st.IsDir():
		return "", "a directory, which bond does not resolve as node would"
	case !st.Mode().IsRegular():
		return "", "a file that is not a regular file"
	}
	b, err := safefile.Read(filepath.Join(root, filepath.FromSlash(rel)), safefile.ConfigMax)
	if err != nil {
		return "", fmt.Sprintf("a file bond cannot read: %v", err)
	}
	text := stripComments(string(b))
	if m := mochaPluginExport.FindString(text); m != "" {
		return "", fmt.Sprintf("a mocha plugin (%s), which bond does not honour", m)
	}
	if m := mochaInterfaceCall.FindStringSubmatch(text); m != nil {
		return "", fmt.Sprintf("a file that calls %s(, which mocha has not installed when it loads the file", m[2])
	}
	return rel, ""
}
