package suggest

// This file's one job: the specifier the witnessing test file itself wrote to import the module
// a value witness's call went into. The suggested test sits next to that file and imports the
// module with the same text, so it resolves the same way; bond never composes a path of its own.

import (
	"path"
	"regexp"
	"strings"
)

// specifierPatterns find the module specifiers a file writes: require('x'), import … from 'x',
// import 'x', import('x'), export … from 'x'.
var specifierPatterns = []*regexp.Regexp{
	regexp.MustCompile(`\brequire\s*\(\s*(?:'([^'\n]+)'|"([^"\n]+)")\s*\)`),
	regexp.MustCompile(`\b(?:import|export)\b[^'";]*?\bfrom\s*(?:'([^'\n]+)'|"([^"\n]+)")`),
	regexp.MustCompile(`\bimport\s*(?:\(\s*)?(?:'([^'\n]+)'|"([^"\n]+)")`),
}

// resolveExts are the extensions a relative specifier without one may resolve to, in the order
// Node's CommonJS resolver and the bundlers try them (TypeScript's last).
var resolveExts = []string{".js", ".cjs", ".mjs", ".json", ".jsx", ".ts", ".cts", ".mts", ".tsx"}

// Specifier returns the specifier test file testRel (repo-relative) writes in src to import the
// module moduleRel, resolved as a relative specifier against testRel's directory with exists
// telling which repo-relative files there are and main giving a directory's package.json "main"
// ("" when it has none; nil when no directory has one). A module the file reaches only through a bare
// specifier (its package name, a path alias) is refused: bond does not guess how it resolves.
func Specifier(src []byte, testRel, moduleRel string, exists func(rel string) bool, main func(dir string) string) (string, error) {
	text := string(src)
	var bare []string
	for _, re := range specifierPatterns {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			spec := m[1] + m[2]
			if !relative(spec) {
				if !strings.HasPrefix(spec, "node:") {
					bare = append(bare, spec)
				}
				continue
			}
			if resolveRelative(path.Dir(testRel), spec, exists, main) == moduleRel {
				return spec, nil
			}
		}
	}
	if len(bare) > 0 {
		return "", refuse("%s imports %s through no relative specifier bond can resolve (it also imports %s, which bond does not resolve: a package name or a path alias)", testRel, moduleRel, strings.Join(bare, ", "))
	}
	return "", refuse("%s imports %s through no specifier bond can find in its text", testRel, moduleRel)
}

// relative reports whether spec is a relative specifier: "./x", "../x", and the directories "."
// and ".." themselves (require('..') from a test directory loads the package's main).
func relative(spec string) bool {
	return spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../")
}

// resolveRelative resolves spec from dir as Node and the bundlers do for a relative specifier:
// the file itself, the file with an extension, a TypeScript source for a .js specifier; for a
// directory, its package.json's "main" (as a file, then as a directory's index), then its index.
// "" when nothing exists.
func resolveRelative(dir, spec string, exists func(string) bool, main func(string) string) string {
	p := path.Clean(path.Join(dir, spec))
	if strings.HasPrefix(p, "../") || p == ".." {
		return ""
	}
	var cands []string
	if p != "." { // the repository's root is a directory only
		cands = fileCandidates(p)
	}
	if main != nil {
		if m := main(p); m != "" {
			mp := path.Clean(path.Join(p, m))
			if !strings.HasPrefix(mp, "../") && mp != ".." && mp != "." {
				cands = append(cands, fileCandidates(mp)...)
				cands = append(cands, indexCandidates(mp)...)
			}
		}
	}
	cands = append(cands, indexCandidates(p)...)
	for _, c := range cands {
		if exists(c) {
			return c
		}
	}
	return ""
}

// fileCandidates are the files a specifier resolving to p may name: p itself, p with an
// extension, and a TypeScript source for a .js one.
func fileCandidates(p string) []string {
	cands := []string{p}
	for _, e := range resolveExts {
		cands = append(cands, p+e)
	}
	for _, js := range []string{".js", ".mjs", ".cjs"} {
		if base, ok := strings.CutSuffix(p, js); ok {
			for _, t := range map[string][]string{".js": {".ts", ".tsx"}, ".mjs": {".mts"}, ".cjs": {".cts"}}[js] {
				cands = append(cands, base+t)
			}
		}
	}
	return cands
}

// indexCandidates are directory p's index files.
func indexCandidates(p string) []string {
	var cands []string
	for _, e := range resolveExts {
		cands = append(cands, path.Join(p, "index"+e))
	}
	return cands
}
