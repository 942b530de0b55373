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
// telling which repo-relative files there are. A module the file reaches only through a bare
// specifier (its package name, a path alias) is refused: bond does not guess how it resolves.
func Specifier(src []byte, testRel, moduleRel string, exists func(rel string) bool) (string, error) {
	text := string(src)
	var bare []string
	for _, re := range specifierPatterns {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			spec := m[1] + m[2]
			if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") {
				if !strings.HasPrefix(spec, "node:") {
					bare = append(bare, spec)
				}
				continue
			}
			if resolveRelative(path.Dir(testRel), spec, exists) == moduleRel {
				return spec, nil
			}
		}
	}
	if len(bare) > 0 {
		return "", refuse("%s imports %s through no relative specifier bond can resolve (it also imports %s, which bond does not resolve: a package name or a path alias)", testRel, moduleRel, strings.Join(bare, ", "))
	}
	return "", refuse("%s imports %s through no specifier bond can find in its text", testRel, moduleRel)
}

// resolveRelative resolves spec from dir as Node and the bundlers do for a relative specifier:
// the file itself, the file with an extension, a TypeScript source for a .js specifier, the
// directory's index. "" when nothing exists.
func resolveRelative(dir, spec string, exists func(string) bool) string {
	p := path.Clean(path.Join(dir, spec))
	if strings.HasPrefix(p, "../") || p == ".." {
		return ""
	}
	cands := []string{p}
	for _, e := range resolveExts {
		cands = append(cands, p+e)
	}
	for js, ts := range map[string][]string{".js": {".ts", ".tsx"}, ".mjs": {".mts"}, ".cjs": {".cts"}} {
		if base, ok := strings.CutSuffix(p, js); ok {
			for _, t := range ts {
				cands = append(cands, base+t)
			}
		}
	}
	for _, e := range resolveExts {
		cands = append(cands, p+"/index"+e)
	}
	for _, c := range cands {
		if exists(c) {
			return c
		}
	}
	return ""
}
