package oraclecmd

// This file reads the command lines of uvu and tape, the two runners whose tests the embedded
// runtime serves besides node:test, jest, vitest and mocha: their options, and the test files
// each finds — uvu from a directory and a regular expression over the paths under it, tape from
// its file and glob arguments.

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

var uvuFlags = map[string]flagSpec{
	"-b": ok(), "--bail": ok(), "-c": ok(), "--color": ok(), "--no-color": ok(),
	"-i": okValue(), "--ignore": okValue(), "-r": okValue(), "--require": okValue(),
	"-C": refuseValue("moves the root"), "--cwd": refuseValue("moves the root"),
	"-v": refuse("prints its version instead of running tests"), "--version": refuse("prints its version instead of running tests"),
	"-h": refuse("prints its help instead of running tests"), "--help": refuse("prints its help instead of running tests"),
}

var tapeFlags = map[string]flagSpec{
	"-r": okValue(), "--require": okValue(), "--strict": ok(), "--no-strict": ok(),
	"-i": refuseValue("ignores the test files an ignore file names"), "--ignore": refuseValue("ignores the test files an ignore file names"),
	"--ignore-pattern": refuseValue("ignores test files"),
	"--only":           refuse("changes whether .only tests are allowed"), "--no-only": refuse("forbids .only tests, which the embedded runner does not check"),
}

// parseUvu reads `uvu [dir] [pattern] [options]` as uvu 0.5's CLI (sade over mri) does.
func parseUvu(args []string) (Invocation, string) {
	inv := Invocation{Runner: RunnerUvu}
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			pos = append(pos, args[i+1:]...)
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		name, value, hasValue := strings.Cut(a, "=")
		spec, known := uvuFlags[name]
		if !known {
			return Invocation{}, fmt.Sprintf("uvu option %s is not one bond knows to be harmless", a)
		}
		if spec.refuse != "" {
			return Invocation{}, fmt.Sprintf("uvu %s %s", name, spec.refuse)
		}
		if hasValue && (name == "-c" || name == "--color" || name == "--no-color") {
			// Whether colours are on decides process.env.FORCE_COLOR (embedded.UvuEnv).
			return Invocation{}, fmt.Sprintf("uvu %s is a switch; bond does not guess how sade reads a value given to it", a)
		}
		if (name == "-b" || name == "--bail") && !hasValue && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			// mri gives a flag uvu declares no type for the next word as its value.
			return Invocation{}, fmt.Sprintf("uvu reads the word after %s (%s) as its value, not as a directory or pattern; put %s after them", name, args[i+1], name)
		}
		if spec.value && !hasValue {
			if i+1 >= len(args) {
				return Invocation{}, fmt.Sprintf("uvu option %s lacks its value", a)
			}
			i++
			value = args[i]
		}
		switch name {
		case "-r", "--require":
			if !tsLoaders[value] { // tsm, uvu's documented loader, among them
				return Invocation{}, fmt.Sprintf("uvu %s %s preloads a module the embedded runner would not", name, value)
			}
			continue
		case "-i", "--ignore":
			inv.Args = append(inv.Args, "--ignore="+value)
			continue
		}
		inv.Args = append(inv.Args, a)
	}
	switch len(pos) {
	case 2:
		inv.Pattern = pos[1]
		fallthrough
	case 1:
		inv.Dir = pos[0]
	case 0:
	default:
		return Invocation{}, fmt.Sprintf("uvu takes a directory and a pattern; %s is a third argument", pos[2])
	}
	return inv, ""
}

// parseTape reads `tape [options] FILE|GLOB…` as tape 5's CLI (minimist) does.
func parseTape(args []string) (Invocation, string) {
	files, rest, why := scan("tape", args, tapeFlags)
	if why != "" {
		return Invocation{}, why
	}
	var kept []string
	for _, a := range rest {
		name, value, _ := strings.Cut(strings.Replace(a, " ", "=", 1), "=")
		if name == "-r" || name == "--require" {
			if !tsLoaders[value] {
				return Invocation{}, fmt.Sprintf("tape %s %s preloads a module the embedded runner would not", name, value)
			}
			continue
		}
		kept = append(kept, a)
	}
	if len(files) == 0 {
		return Invocation{}, "tape without test-file arguments runs no test"
	}
	return Invocation{Runner: RunnerTape, Files: files, Args: kept}, ""
}

// The patterns uvu matches paths against (relative to its directory) when the command gives
// none: with a directory, any script; without one, test-named scripts. Read from uvu 0.5's
// parse: the second is case-insensitive, the first is not.
var (
	uvuDirPattern     = regexp.MustCompile(`(((?:[^/]*(?:/|$))*)[\\/])?\w+\.([mc]js|[jt]sx?)$`)
	uvuDefaultPattern = regexp.MustCompile(`(?i)((/|^)(tests?|__tests?__)/.*|\.(tests?|spec)|^/?tests?)\.([mc]js|[jt]sx?)$`)
)

// uvuRegexp reads a uvu pattern (or ignore) as uvu does, `new RegExp(x, 'i')`, or says why
// bond cannot: JavaScript syntax Go's regexp does not have (lookaround, back-references).
func uvuRegexp(what, x string) (*regexp.Regexp, error) {
	re, err := regexp.Compile("(?i)" + x)
	if err != nil {
		return nil, fmt.Errorf("uvu's %s %q is not a regular expression bond can read as JavaScript does (%v)", what, x, err)
	}
	return re, nil
}

// uvuFiles lists the files uvu runs: every file under its directory (default ".") whose path
// relative to it matches its pattern, skipping any path an ignore pattern matches ("^.git",
// "node_modules" and each --ignore; dot files are not skipped), sorted by that path bytewise
// (uvu sorts with localeCompare; the order only decides which failure a run meets first).
func uvuFiles(fsys fs.FS, inv Invocation) ([]string, error) {
	dir := "."
	if inv.Dir != "" {
		dir = path.Clean(strings.TrimPrefix(inv.Dir, "./"))
	}
	if path.IsAbs(dir) || dir == ".." || strings.HasPrefix(dir, "../") {
		return nil, fmt.Errorf("uvu's directory %s is outside the repository", inv.Dir)
	}
	pattern := uvuDefaultPattern
	switch {
	case inv.Pattern != "":
		re, err := uvuRegexp("pattern", inv.Pattern)
		if err != nil {
			return nil, err
		}
		pattern = re
	case inv.Dir != "":
		pattern = uvuDirPattern
	}
	ignores := []*regexp.Regexp{regexp.MustCompile(`(?i)^.git`), regexp.MustCompile(`(?i)node_modules`)}
	for _, a := range inv.Args {
		if v, ok := strings.CutPrefix(a, "--ignore="); ok {
			re, err := uvuRegexp("ignore pattern", v)
			if err != nil {
				return nil, err
			}
			ignores = append(ignores, re)
		}
	}
	var names []string
	var collect func(d, p string) error
	collect = func(d, p string) error {
		ents, err := fs.ReadDir(fsys, d)
		if err != nil {
			return fmt.Errorf("uvu searching %s for test files: %w", d, err)
		}
	entries:
		for _, e := range ents {
			name := path.Join(p, e.Name())
			for _, ig := range ignores {
				if ig.MatchString(name) {
					continue entries
				}
			}
			file := path.Join(d, e.Name())
			st, err := fs.Stat(fsys, file)
			if err != nil {
				return fmt.Errorf("uvu reading %s: %w", file, err)
			}
			if st.IsDir() {
				if err := collect(file, name); err != nil {
					return err
				}
				continue
			}
			if pattern.MatchString(name) {
				names = append(names, name)
			}
		}
		return nil
	}
	if err := collect(dir, ""); err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = path.Join(dir, n)
	}
	return out, nil
}

// tapeFiles lists the files tape loads: each glob's matches (glob 7: no dot files unless the
// pattern names them), each other argument as the file it names, with ".js" when it names none.
// A directory, which tape would load as a module by its index, is refused.
func tapeFiles(fsys fs.FS, inv Invocation) ([]string, error) {
	if len(inv.Files) == 0 {
		return nil, errors.New("tape names its test files on its command line; it has no default")
	}
	var out []string
	for _, arg := range inv.Files {
		a := path.Clean(strings.TrimPrefix(arg, "./"))
		if strings.ContainsAny(a, "*?[{") {
			if !doublestar.ValidatePattern(a) {
				return nil, fmt.Errorf("%s: not a valid glob", arg)
			}
			got, err := doublestar.Glob(fsys, a, doublestar.WithFilesOnly(), doublestar.WithFailOnIOErrors())
			if err != nil {
				return nil, fmt.Errorf("tape's glob %s: %w", arg, err)
			}
			if !strings.HasPrefix(a, ".") && !strings.Contains(a, "/.") {
				got = noDotFiles(got)
			}
			sort.Strings(got)
			out = append(out, got...)
			continue
		}
		st, err := fs.Stat(fsys, a)
		if err != nil {
			if st2, err2 := fs.Stat(fsys, a+".js"); err2 == nil && !st2.IsDir() {
				out = append(out, a+".js")
				continue
			}
			return nil, fmt.Errorf("test file %s: %w", arg, err)
		}
		if st.IsDir() {
			return nil, fmt.Errorf("tape loads the directory %s as a module (its index file), which bond does not resolve; name the test files", arg)
		}
		out = append(out, a)
	}
	return out, nil
}
