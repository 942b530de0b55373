package testconfig

// This file applies a config's test-file settings (patterns.go) to a tree the way jest and
// vitest find their test files, and narrows them by the command's path arguments as each runner
// reads them. Where the answer could depend on what bond cannot see — the runner's version, the
// directory above the repository, a pattern syntax bond does not match — it says so instead of
// guessing, and runner choice keeps the command runner.

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// A file's standing under a config: a test, not a test, or not known (versions differ).
type standing int

const (
	notTest standing = iota
	isTest
	unsure
)

// elsewhere stands in for the repository's absolute path in a second reading of jest's
// absolute-path patterns: a file whose standing changes with it depends on where the checkout is.
const elsewhere = "/_bond_elsewhere_/repo"

var (
	// jest's default testMatch, and what jest 30 adds to it (.mjs, .cjs, .mts, .cts); jest 29
	// and 30 share the first.
	jestMatch     = []string{"**/__tests__/**/*.{js,jsx,ts,tsx}", "**/*.{spec,test}.{js,jsx,ts,tsx}", "**/{spec,test}.{js,jsx,ts,tsx}"}
	jestMatch30   = []string{"**/__tests__/**/*.{mjs,mjsx,cjs,cjsx,mts,mtsx,cts,ctsx}", "**/*.{spec,test}.{mjs,mjsx,cjs,cjsx,mts,mtsx,cts,ctsx}", "**/{spec,test}.{mjs,mjsx,cjs,cjsx,mts,mtsx,cts,ctsx}"}
	jestExts      = []string{"js", "mjs", "cjs", "jsx", "ts", "tsx", "json", "node"}
	jestExts30    = []string{"mts", "cts"}
	vitestInclude = []string{"**/*.{test,spec}.{js,jsx,ts,tsx,cjs,cjsx,cts,ctsx,mjs,mjsx,mts,mtsx}"}
	vitestExclude = []string{"**/node_modules/**", "**/.git/**"}
	// vitestExclude3 is what vitest 3's default exclude adds and vitest 4's drops.
	vitestExclude3 = []string{"**/dist/**", "**/cypress/**", "**/.{idea,git,cache,output,temp}/**",
		"**/{karma,rollup,webpack,vite,vitest,jest,ava,babel,nyc,cypress,tsup,build,eslint,prettier}.config.*"}
	extglob = regexp.MustCompile(`[?*+@!]\(`)
)

// Files returns the test files, relative to root and sorted, that the runner runs under p in the
// repository at root (the directory holding the config) when its command passes filters — jest
// reads each as a case-insensitive regular expression over the absolute path, vitest as a
// case-insensitive substring of the path below its test directory. named are the files bond's
// reading of the command with the runner's default patterns found (oraclecmd.TestFiles): each
// must be among them. why, when not empty, says which file or setting keeps bond from listing
// the files, and the caller keeps the command runner.
func (p *TestPatterns) Files(root string, filters, named []string) (files []string, why string) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, err.Error()
	}
	root = filepath.ToSlash(root)
	var m matcher
	if p.Framework == FrameworkJest {
		m, why = p.jestMatcher(root)
	} else {
		m, why = p.vitestMatcher(root)
	}
	if why != "" {
		return nil, why
	}
	all, links, err := walkFiles(root, m.walk)
	if err != nil {
		return nil, err.Error()
	}
	if m.follow {
		for _, l := range links {
			st, err := os.Stat(filepath.Join(root, filepath.FromSlash(l)))
			if err != nil || st.IsDir() {
				return nil, fmt.Sprintf("%s is a symbolic link to a directory (or to nothing), which %s's search follows and bond's does not", l, p.Framework)
			}
			all = append(all, l)
		}
		sort.Strings(all)
	}
	for _, rel := range all {
		in, why := m.filter(rel, filters)
		if why != "" {
			return nil, why
		}
		if !in {
			continue
		}
		switch st, why := m.test(rel); st {
		case unsure:
			return nil, why
		case isTest:
			files = append(files, rel)
		}
	}
	for _, n := range named {
		if i := sort.SearchStrings(files, n); i == len(files) || files[i] != n {
			_, why := m.test(n)
			return nil, fmt.Sprintf("%s would not run %s: %s (%s)", p.Framework, n, why, p.File)
		}
	}
	if len(files) == 0 {
		return nil, fmt.Sprintf("%s finds no test file for %s under %s's test patterns", p.Framework, orAll(filters), p.File)
	}
	return files, ""
}

func orAll(filters []string) string {
	if len(filters) == 0 {
		return "the whole suite"
	}
	return strings.Join(filters, " ")
}

// matcher is one runner's reading of a config: the directories searched (relative to the
// repository, "." for all of it), whether a file passes the command's filters, and its standing.
type matcher struct {
	walk []string
	// follow: the runner follows symbolic links (vitest's glob does; jest's crawler skips them).
	follow bool
	filter func(rel string, filters []string) (in bool, why string)
	test   func(rel string) (standing, string)
}

// jestMatcher reads p as jest does: testMatch globs or testRegex expressions against the
// absolute path, inside roots, with a moduleFileExtensions extension, not matching an ignore
// pattern. Each answer is given twice, for root and for elsewhere, and must agree.
func (p *TestPatterns) jestMatcher(root string) (matcher, string) {
	if strings.ContainsAny(root, "*?[]{}\\") {
		return matcher{}, fmt.Sprintf("the repository's path %s holds glob characters, which bond does not match jest's patterns under", root)
	}
	for _, g := range p.TestMatch {
		if extglob.MatchString(g) || strings.HasPrefix(g, "!") || !doublestar.ValidatePattern(strings.ReplaceAll(g, "<rootDir>", "/r")) {
			return matcher{}, fmt.Sprintf("%s's testMatch %q uses glob syntax bond does not match (extglobs, negation)", p.File, g)
		}
	}
	var res []*regexp.Regexp
	for _, list := range [][]string{p.TestRegex, p.Ignore} {
		for _, x := range list {
			re, err := regexp.Compile(strings.ReplaceAll(x, "<rootDir>", "/r"))
			if err != nil {
				return matcher{}, fmt.Sprintf("%s's pattern %q is a regular expression bond cannot read (%v)", p.File, x, err)
			}
			res = append(res, re)
		}
	}
	rootDir := path.Join(root, p.RootDir)
	if path.IsAbs(p.RootDir) || !within(root, rootDir) {
		return matcher{}, fmt.Sprintf("%s's rootDir %q is outside the repository", p.File, p.RootDir)
	}
	var walk []string
	for _, r := range p.Roots {
		abs := path.Join(rootDir, r)
		if rest, ok := strings.CutPrefix(r, "<rootDir>"); ok {
			abs = path.Join(rootDir, rest)
		} else if path.IsAbs(r) || strings.Contains(r, "<rootDir>") {
			abs = path.Clean(r)
		}
		if !within(root, abs) {
			return matcher{}, fmt.Sprintf("%s's root %q is outside the repository", p.File, r)
		}
		walk = append(walk, strings.TrimPrefix(strings.TrimPrefix(abs, root), "/"))
	}
	if len(walk) == 0 {
		walk = []string{strings.TrimPrefix(strings.TrimPrefix(rootDir, root), "/")}
	}
	for i := range walk {
		if walk[i] == "" {
			walk[i] = "."
		}
	}
	stand := func(base, rel string) (standing, string) { return p.jestStanding(base, rel, walk) }
	m := matcher{walk: walk}
	m.test = func(rel string) (standing, string) {
		st, why := stand(root, rel)
		if alt, _ := stand(elsewhere, rel); alt != st {
			return unsure, fmt.Sprintf("whether jest runs %s depends on the directory the repository is in (%s's patterns match the absolute path)", rel, p.File)
		}
		return st, why
	}
	m.filter = func(rel string, filters []string) (bool, string) {
		if len(filters) == 0 {
			return true, ""
		}
		for _, f := range filters {
			re, err := regexp.Compile("(?i)" + f)
			if err != nil {
				return false, fmt.Sprintf("jest reads the argument %q as a regular expression bond cannot read (%v)", f, err)
			}
			here, there := re.MatchString(root+"/"+rel), re.MatchString(elsewhere+"/"+rel)
			if here != there {
				return false, fmt.Sprintf("whether jest's argument %q selects %s depends on the directory the repository is in", f, rel)
			}
			if here {
				return true, ""
			}
		}
		return false, ""
	}
	return m, ""
}

// jestStanding is rel's standing with the repository at base.
func (p *TestPatterns) jestStanding(base, rel string, roots []string) (standing, string) {
	abs := base + "/" + rel
	rootDir := path.Join(base, p.RootDir)
	under := false
	for _, r := range roots {
		under = under || r == "." || strings.HasPrefix(rel, r+"/")
	}
	if !under {
		return notTest, fmt.Sprintf("it is outside roots %q", p.Roots)
	}
	ext := strings.TrimPrefix(path.Ext(rel), ".")
	exts, st := p.Extensions, isTest
	if len(exts) == 0 {
		exts = jestExts
		if contains(jestExts30, ext) {
			st = unsure
		}
	}
	if !contains(exts, ext) && st != unsure {
		return notTest, fmt.Sprintf("its extension is not in moduleFileExtensions %q", exts)
	}
	switch {
	case len(p.TestRegex) > 0:
		if !anyRegex(p.TestRegex, rootDir, abs) {
			return notTest, fmt.Sprintf("it does not match testRegex %q", p.TestRegex)
		}
	case len(p.TestMatch) > 0:
		if !anyGlob(p.TestMatch, rootDir, abs) {
			return notTest, fmt.Sprintf("it does not match testMatch %q", p.TestMatch)
		}
	case anyGlob(jestMatch, rootDir, abs):
	case anyGlob(jestMatch30, rootDir, abs):
		st = unsure
	default:
		return notTest, "it does not match jest's default testMatch"
	}
	for _, x := range p.Ignore {
		if anyRegex([]string{x}, rootDir, abs) {
			return notTest, fmt.Sprintf("it matches the ignore pattern %q", x)
		}
	}
	if st == unsure {
		return unsure, fmt.Sprintf("whether jest runs %s depends on its version (jest 30 adds .mjs, .cjs, .mts and .cts to the defaults %s leaves in place)", rel, p.File)
	}
	return isTest, ""
}

// vitestMatcher reads p as vitest does: include and exclude globs relative to test.dir (root by
// default), the command's filters as substrings of the path below it.
func (p *TestPatterns) vitestMatcher(root string) (matcher, string) {
	include, exclude := make([]string, len(p.Include)), make([]string, len(p.Exclude))
	for k, g := range p.Include {
		include[k] = picoGroups(g)
	}
	for k, g := range p.Exclude {
		exclude[k] = picoGroups(g)
	}
	written := append(append([]string{}, p.Include...), p.Exclude...)
	for k, g := range append(append([]string{}, include...), exclude...) {
		if g == "" || extglob.MatchString(g) || strings.HasPrefix(g, "!") || strings.HasPrefix(g, "/") || strings.HasPrefix(g, "../") || !doublestar.ValidatePattern(g) {
			return matcher{}, fmt.Sprintf("%s's test pattern %q uses glob syntax bond does not match (extglobs, negation, paths outside the test directory)", p.File, written[k])
		}
	}
	dir := path.Join(root, p.Root, p.Dir)
	if path.IsAbs(p.Root) || path.IsAbs(p.Dir) || !within(root, dir) {
		return matcher{}, fmt.Sprintf("%s's root or test.dir (%q, %q) is outside the repository", p.File, p.Root, p.Dir)
	}
	include, exclude, unsureExclude := trimDot(include), trimDot(exclude), []string(nil)
	if len(include) == 0 {
		include = vitestInclude
	}
	if len(exclude) == 0 {
		exclude, unsureExclude = vitestExclude, vitestExclude3
	} else if !excluded(exclude, "node_modules/pkg/a.test.js") && !anchored(include) {
		return matcher{}, fmt.Sprintf("%s's test.exclude %q does not exclude node_modules, so vitest searches it too, which bond does not", p.File, p.Exclude)
	}
	sub := strings.TrimPrefix(strings.TrimPrefix(dir, root), "/")
	below := func(rel string) string {
		if sub == "" {
			return rel
		}
		return strings.TrimPrefix(rel, sub+"/")
	}
	m := matcher{walk: []string{sub}, follow: true}
	if sub == "" {
		m.walk = []string{"."}
	}
	m.filter = func(rel string, filters []string) (bool, string) {
		if len(filters) == 0 {
			return true, ""
		}
		low := strings.ToLower(below(rel))
		for _, f := range filters {
			f = strings.ToLower(strings.TrimPrefix(f, "./"))
			if strings.Contains(low, f) || sub != "" && strings.Contains(low, strings.TrimPrefix(f, strings.ToLower(sub)+"/")) {
				return true, ""
			}
		}
		return false, ""
	}
	m.test = func(rel string) (standing, string) {
		if sub != "" && !strings.HasPrefix(rel, sub+"/") {
			return notTest, fmt.Sprintf("it is outside the test directory %s", sub)
		}
		r := below(rel)
		switch {
		case !anyGlob(include, "", r):
			return notTest, fmt.Sprintf("it does not match test.include %q", include)
		case excluded(exclude, r):
			return notTest, fmt.Sprintf("it matches test.exclude %q", exclude)
		case anyGlob(unsureExclude, "", r):
			return unsure, fmt.Sprintf("whether vitest runs %s depends on its version (vitest 3's default exclude leaves it out, vitest 4's does not)", rel)
		case strings.HasPrefix(r, ".") || strings.Contains(r, "/."):
			return unsure, fmt.Sprintf("bond does not know whether vitest's search enters the hidden directory holding %s", rel)
		}
		return isTest, ""
	}
	return m, ""
}

// excluded reports whether vitest's test.exclude leaves out rel: vitest 3 searches with
// tinyglobby (expandDirectories off), which skips a directory an exclude pattern matches, with or
// without a trailing slash ("tests/artifacts/", "tests/fixtures"), so a file is left out when it
// or a directory above it matches.
func excluded(exclude []string, rel string) bool {
	if anyGlob(exclude, "", rel) {
		return true
	}
	for d := path.Dir(rel); d != "." && d != "/"; d = path.Dir(d) {
		if anyGlob(exclude, "", d) || anyGlob(exclude, "", d+"/") {
			return true
		}
	}
	return false
}

// anchored reports whether every include glob starts with a literal directory other than
// node_modules ("tests/**/*.ts"), so none can match a file of node_modules and vitest's search
// finds none there whether or not test.exclude names it.
func anchored(include []string) bool {
	for _, g := range include {
		first, _, found := strings.Cut(g, "/")
		if !found || first == "node_modules" || first == "." || first == ".." || strings.ContainsAny(first, "*?[]{}()!+@\\") {
			return false
		}
	}
	return len(include) > 0
}

// picoGroups writes picomatch's groups in a vitest glob (vitest 3 finds test files with
// tinyglobby, which matches with picomatch) as the braces doublestar reads: a bare (a|b) or an
// @(a|b) matches one of its alternatives, ?(a|b) one of them or nothing — reselect's
// "./test/**/*.(spec|test).[jt]s?(x)". A glob without groups is returned as it is; "" when it
// has a group bond does not rewrite (*(…), +(…), !(…), a nested group, a group holding braces,
// commas or slashes, an escape).
func picoGroups(g string) string {
	if !strings.ContainsAny(g, "()|") {
		return g
	}
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch c {
		case '\\', ')', '|':
			return ""
		case '[':
			end := strings.IndexByte(g[i+1:], ']')
			if end < 0 {
				return ""
			}
			b.WriteString(g[i : i+end+2])
			i += end + 1
			continue
		case '(':
		default:
			b.WriteByte(c)
			continue
		}
		out := b.String()
		prefix := byte(0)
		if n := len(out); n > 0 && strings.IndexByte("?*+@!", out[n-1]) >= 0 {
			prefix, out = out[n-1], out[:n-1]
		}
		end := strings.IndexByte(g[i:], ')')
		if end < 0 {
			return ""
		}
		body := g[i+1 : i+end]
		if body == "" || strings.ContainsAny(body, "(){},/![\\") {
			return ""
		}
		alts := strings.Join(strings.Split(body, "|"), ",")
		switch prefix {
		case 0, '@':
			out += "{" + alts + "}"
		case '?':
			out += "{," + alts + "}"
		default:
			return ""
		}
		b.Reset()
		b.WriteString(out)
		i += end
	}
	return b.String()
}

// walkFiles lists the regular files and the symbolic links under each of dirs (relative to root),
// slash-separated and sorted, leaving out dependencies and version control, which neither runner
// searches for tests.
func walkFiles(root string, dirs []string) (files, links []string, err error) {
	var out []string
	for _, d := range dirs {
		err := fs.WalkDir(os.DirFS(root), d, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if n := e.Name(); p != d && (n == "node_modules" || n == ".git" || n == ".hg" || n == ".sl") {
				if e.IsDir() {
					return fs.SkipDir
				}
				return nil // a linked node_modules, as in bond's own fixtures
			}
			if e.IsDir() {
				return nil
			}
			switch {
			case e.Type().IsRegular():
				out = append(out, p)
			case e.Type()&fs.ModeSymlink != 0:
				links = append(links, p)
			}
			return nil
		})
		if err != nil {
			return nil, nil, fmt.Errorf("listing test files under %s: %w", path.Join(root, d), err)
		}
	}
	sort.Strings(out)
	sort.Strings(links)
	return dedupeSorted(out), dedupeSorted(links), nil
}

func dedupeSorted(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// anyGlob reports whether p matches one of globs, <rootDir> read as rootDir.
func anyGlob(globs []string, rootDir, p string) bool {
	for _, g := range globs {
		if ok, _ := doublestar.Match(strings.ReplaceAll(g, "<rootDir>", rootDir), p); ok {
			return true
		}
	}
	return false
}

// anyRegex reports whether p matches one of the regular expressions, <rootDir> read as rootDir.
func anyRegex(exprs []string, rootDir, p string) bool {
	for _, x := range exprs {
		re, err := regexp.Compile(strings.ReplaceAll(x, "<rootDir>", regexp.QuoteMeta(rootDir)))
		if err == nil && re.MatchString(p) {
			return true
		}
	}
	return false
}

func within(root, p string) bool { return p == root || strings.HasPrefix(p, root+"/") }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func trimDot(globs []string) []string {
	out := make([]string, len(globs))
	for i, g := range globs {
		out[i] = strings.TrimPrefix(g, "./")
	}
	return out
}
