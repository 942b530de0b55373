package oraclecmd

// This file turns an invocation's arguments into the test files the runner would run, the way
// each runner finds them with its default configuration: the patterns it searches when given no
// files, and how it reads the arguments it is given (jest: regular expressions; vitest:
// substrings; node --test and mocha: files, directories and globs). It reads the repository
// through an fs.FS and starts nothing.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Scripts reads the "scripts" of a package.json, for Options.Scripts.
func Scripts(packageJSON []byte) (map[string]string, error) {
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if err := json.Unmarshal(packageJSON, &pkg); err != nil {
		return nil, fmt.Errorf("reading package.json's scripts: %w", err)
	}
	return pkg.Scripts, nil
}

// ScriptsIn reads the "scripts" of the package.json at fsys's root, or returns nil when there is
// none or it cannot be read: the command is then read without package scripts, and a command that
// names one is not recognised.
func ScriptsIn(fsys fs.FS) map[string]string {
	// A test may have left package.json a FIFO or a link to /dev/zero: only a regular file of a
	// config's size is read.
	if fi, err := fs.Stat(fsys, "package.json"); err != nil || !fi.Mode().IsRegular() || fi.Size() > maxPackageJSON {
		return nil
	}
	b, err := fs.ReadFile(fsys, "package.json")
	if err != nil {
		return nil
	}
	scripts, _ := Scripts(b)
	return scripts
}

// maxPackageJSON bounds the package.json ScriptsIn reads (safefile.ConfigMax's 8 MiB).
const maxPackageJSON = 8 << 20

// defaultPatterns are the files each runner finds with no file arguments and its default
// configuration (jest 29 testMatch, vitest 3 include, Node 20's --test search, mocha's ./test).
var defaultPatterns = map[Runner][]string{
	RunnerJest:     {"**/__tests__/**/*.{js,jsx,ts,tsx}", "**/*.{spec,test}.{js,jsx,ts,tsx}"},
	RunnerVitest:   {"**/*.{test,spec}.{js,mjs,cjs,ts,mts,cts,jsx,tsx}"},
	RunnerNodeTest: {"**/*.test.{js,mjs,cjs}", "**/*-test.{js,mjs,cjs}", "**/*_test.{js,mjs,cjs}", "**/test-*.{js,mjs,cjs}", "**/test.{js,mjs,cjs}", "**/test/**/*.{js,mjs,cjs}"},
	RunnerMocha:    {"test/*.{js,cjs,mjs}"},
}

// skippedDirs are never searched: dependencies, version control and build output.
var skippedDirs = map[string]bool{"node_modules": true, ".git": true, "dist": true, "coverage": true}

// TestFiles returns the test files inv runs in fsys (rooted where the command runs), sorted and
// slash-separated, assuming the runner's default configuration (a repository's own jest or vitest
// test patterns are the embedded package's to read: adjudicate checks these files against them).
// An invocation that finds no file is an error naming what was searched.
func TestFiles(fsys fs.FS, inv Invocation) ([]string, error) {
	pats, ok := defaultPatterns[inv.Runner]
	if !ok && inv.Runner != RunnerUvu && inv.Runner != RunnerTape && inv.Runner != RunnerAva && inv.Runner != RunnerTap {
		return nil, fmt.Errorf("no default test files known for runner %q", inv.Runner)
	}
	var out []string
	switch {
	case inv.Runner == RunnerAva || inv.Runner == RunnerTap:
		got, err := avaTapFiles(fsys, inv)
		if err != nil {
			return nil, err
		}
		out = got
	case inv.Runner == RunnerUvu || inv.Runner == RunnerTape:
		files := uvuFiles
		if inv.Runner == RunnerTape {
			files = tapeFiles
		}
		got, err := files(fsys, inv)
		if err != nil {
			return nil, err
		}
		out = got
	case inv.Filters:
		all, err := find(fsys, ".", pats)
		if err != nil {
			return nil, err
		}
		if len(inv.Files) == 0 {
			out = all
			break
		}
		for _, f := range all {
			for _, filter := range inv.Files {
				if matchFilter(inv.Runner, f, filter) {
					out = append(out, f)
					break
				}
			}
		}
	case len(inv.Files) == 0 && inv.Runner == RunnerMocha:
		// mocha's default spec is the directory ./test, read as any directory argument is.
		got, err := expand(fsys, "test", inv, pats)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		out = got
	case len(inv.Files) == 0:
		var err error
		if out, err = find(fsys, ".", pats); err != nil {
			return nil, err
		}
	default:
		for _, arg := range inv.Files {
			got, err := expand(fsys, arg, inv, pats)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
		}
	}
	out = dedupe(out)
	if len(out) == 0 {
		what := "its default test patterns"
		if inv.Runner == RunnerUvu && inv.Dir+inv.Pattern != "" {
			what = strings.TrimSpace(inv.Dir + " " + inv.Pattern)
		}
		if len(inv.Files) > 0 {
			what = strings.Join(inv.Files, " ")
		}
		return nil, fmt.Errorf("%s finds no test file for %s", inv.Runner, what)
	}
	return out, nil
}

// matchFilter reads a jest argument as a case-insensitive regular expression over the path and a
// vitest argument as a substring of it.
func matchFilter(r Runner, file, filter string) bool {
	filter = strings.TrimPrefix(filter, "./")
	if r == RunnerJest {
		re, err := regexp.Compile("(?i)" + filter)
		return err == nil && re.MatchString(file)
	}
	return strings.Contains(file, filter)
}

// expand reads one node --test or mocha argument: a file, a directory (searched with the
// runner's patterns for node, for its scripts for mocha), or a glob.
func expand(fsys fs.FS, arg string, inv Invocation, pats []string) ([]string, error) {
	r := inv.Runner
	arg = path.Clean(strings.TrimPrefix(arg, "./"))
	if strings.ContainsAny(arg, "*?[{") {
		if !doublestar.ValidatePattern(arg) {
			return nil, fmt.Errorf("%s: not a valid glob", arg)
		}
		got, err := doublestar.Glob(fsys, arg, doublestar.WithFilesOnly(), doublestar.WithFailOnIOErrors())
		if r == RunnerMocha && err == nil && !strings.HasPrefix(arg, ".") && !strings.Contains(arg, "/.") {
			got = noDotFiles(got) // mocha's glob matches no dot file unless the pattern names one
		}
		return got, err
	}
	exts, recursive := mochaLookup(inv.Args)
	st, err := fs.Stat(fsys, arg)
	if err != nil && r == RunnerMocha {
		// mocha reads a path that does not exist as the path with one of its extensions.
		var got []string
		for _, e := range exts {
			if st, err := fs.Stat(fsys, arg+e); err == nil && !st.IsDir() {
				got = append(got, arg+e)
			}
		}
		if len(got) > 0 {
			return got, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("test file %s: %w", arg, err)
	}
	if !st.IsDir() {
		return []string{arg}, nil
	}
	if r == RunnerMocha {
		return mochaDir(fsys, arg, exts, recursive)
	}
	return find(fsys, arg, pats)
}

// noDotFiles drops the paths with a part that starts with a dot.
func noDotFiles(paths []string) []string {
	var out []string
	for _, p := range paths {
		if !strings.HasPrefix(p, ".") && !strings.Contains(p, "/.") {
			out = append(out, p)
		}
	}
	return out
}

// mochaLookup reads mocha's --extension (default js, cjs, mjs; each with its dot) and
// --recursive from a mocha invocation's Args.
func mochaLookup(args []string) (exts []string, recursive bool) {
	for _, a := range args {
		name, val, _ := strings.Cut(strings.Replace(a, " ", "=", 1), "=")
		switch name {
		case "--recursive":
			recursive = true
		case "--extension":
			for _, e := range strings.Split(val, ",") {
				if e = strings.TrimSpace(e); e != "" {
					exts = append(exts, "."+strings.TrimPrefix(e, "."))
				}
			}
		}
	}
	if len(exts) == 0 {
		exts = []string{".js", ".cjs", ".mjs"}
	}
	return exts, recursive
}

// mochaDir lists a directory as mocha does: its files ending in one of exts, not hidden, and
// with recursive those of every directory below it.
func mochaDir(fsys fs.FS, dir string, exts []string, recursive bool) ([]string, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("searching %s for test files: %w", dir, err)
	}
	var out []string
	for _, e := range ents {
		p := path.Join(dir, e.Name())
		if e.IsDir() {
			if recursive {
				sub, err := mochaDir(fsys, p, exts, recursive)
				if err != nil {
					return nil, err
				}
				out = append(out, sub...)
			}
			continue
		}
		if strings.HasPrefix(e.Name(), ".") || !e.Type().IsRegular() && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		for _, x := range exts {
			if strings.HasSuffix(e.Name(), x) {
				out = append(out, p)
				break
			}
		}
	}
	return out, nil
}

// find lists the files under dir matching any of pats (relative to dir), outside skippedDirs.
func find(fsys fs.FS, dir string, pats []string) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && (skippedDirs[d.Name()] || strings.HasPrefix(d.Name(), ".")) {
				return fs.SkipDir
			}
			return nil
		}
		rel := p
		if dir != "." {
			rel = strings.TrimPrefix(p, dir+"/")
		}
		for _, pat := range pats {
			// A pattern matches below the searched directory or from the root, as node --test
			// counts a file under a directory named test whether or not that is the one given.
			if ok, _ := doublestar.Match(pat, rel); ok || (rel != p && matchPath(pat, p)) {
				out = append(out, p)
				break
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("searching %s for test files: %w", dir, err)
	}
	return out, nil
}

func matchPath(pat, p string) bool {
	ok, _ := doublestar.Match(pat, p)
	return ok
}

func dedupe(files []string) []string {
	sort.Strings(files)
	out := files[:0]
	for i, f := range files {
		if i == 0 || f != files[i-1] {
			out = append(out, f)
		}
	}
	return out
}
