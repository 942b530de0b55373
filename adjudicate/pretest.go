package adjudicate

// This file decides whether a zero-config oracle runs package.json's pretest script first
// (issue 26 item 5): a project whose tests import its build (`require('../dist/index.js')`, or
// its own package name resolving to a built "main") is tested by `npm test` only because npm runs
// pretest (tsc, babel, a bundler) before it. bond runs the test files directly, so without the
// build every mutant of src/ would reach no test. It runs the script only when a test file
// imports build output, and says which import made it so.

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/operators/lex"
)

// packageJSON is what bond reads from a package.json: zero-config's scripts and dependencies,
// and the main file a suggested test's require of a directory resolves to.
type packageJSON struct {
	Name            string            `json:"name"`
	Main            string            `json:"main"`
	Scripts         map[string]string `json:"scripts"`
	Dependencies    map[string]string `json:"dependencies"`
	DevDependencies map[string]string `json:"devDependencies"`
}

// pretestPlan is the decision about package.json's pretest script: run it before the tests
// (Run), and the sentence the oracle note carries either way ("" when there is no pretest).
type pretestPlan struct {
	Run  bool
	Note string
}

// planPretest decides for the test files (repo-relative, slash-separated) of a zero-config
// oracle. listed holds the repository's own files (git ls-files -co --exclude-standard); nil
// outside a git checkout, where a file that exists on disk counts as the repository's.
func planPretest(root string, pkg *packageJSON, files []string, listed map[string]bool) pretestPlan {
	if pkg == nil || strings.TrimSpace(pkg.Scripts["pretest"]) == "" {
		return pretestPlan{}
	}
	script := pkg.Scripts["pretest"]
	own := func(p string) bool {
		if listed != nil {
			return listed[p]
		}
		fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
		return err == nil && fi.Mode().IsRegular()
	}
	for _, f := range files {
		src, err := safefile.Read(filepath.Join(root, filepath.FromSlash(f)), safefile.ConfigMax)
		if err != nil {
			continue // the test file is read again by the runner, which reports it
		}
		for _, spec := range importSpecifiers(f, src) {
			target, ok := importTarget(f, spec, pkg)
			if !ok || resolvesTo(target, own) {
				continue
			}
			return pretestPlan{Run: true, Note: fmt.Sprintf("package.json's pretest script (%s) runs before the tests, as npm test would run it, because %s imports %s, which is build output (no file of the repository)", script, f, spec)}
		}
	}
	return pretestPlan{Note: fmt.Sprintf("package.json's pretest script (%s) is not run: no test file imports build output", script)}
}

// withPretest is the oracle command that runs the pretest script, then cmd.
func withPretest(cmd string) string { return "npm run pretest && " + cmd }

// importSpecifiers lists the module specifiers a JS/TS file names in require('…'), import … from
// '…', export … from '…', import '…' and import('…'), as written. It reads tokens, so a
// specifier in a comment or a longer string is not one.
func importSpecifiers(name string, src []byte) []string {
	f := lex.NewFile(name, src)
	var lx lex.Lexer
	lx.Init(f, func(lex.Position, string) {})
	var toks []lex.Token
	for {
		t := lx.Next()
		if t.Kind == lex.EOF {
			break
		}
		if t.Kind != lex.Comment {
			toks = append(toks, t)
		}
	}
	text := func(i int) string { return string(f.Src[toks[i].Pos:toks[i].End]) }
	var out []string
	for i, t := range toks {
		if t.Kind != lex.String {
			continue
		}
		call := i >= 2 && text(i-1) == "(" && (text(i-2) == "require" || text(i-2) == "import")
		from := i >= 1 && (text(i-1) == "from" || text(i-1) == "import")
		if !call && !from {
			continue
		}
		s := text(i)
		if len(s) < 2 || strings.ContainsRune(s, '\\') {
			continue
		}
		out = append(out, s[1:len(s)-1])
	}
	return out
}

// importTarget is the repository path a specifier in file names, without extension resolution:
// a relative specifier joined to the file's directory, or the package's own name (its "main", or
// the subpath under the root). ok is false for other packages, built-ins and paths that leave
// the repository.
func importTarget(file, spec string, pkg *packageJSON) (string, bool) {
	var p string
	switch {
	case strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../"):
		p = path.Join(path.Dir(file), spec)
	case pkg.Name != "" && spec == pkg.Name:
		p = pkg.Main
		if p == "" {
			p = "index.js"
		}
		p = path.Clean(p)
	case pkg.Name != "" && strings.HasPrefix(spec, pkg.Name+"/"):
		p = path.Clean(strings.TrimPrefix(spec, pkg.Name+"/"))
	default:
		return "", false
	}
	if p == ".." || strings.HasPrefix(p, "../") || path.IsAbs(p) {
		return "", false
	}
	return p, true
}

// resolvesTo reports whether target, resolved as Node and the TypeScript loaders do (the path
// itself, with an extension, as a directory's index, or a .js written for a .ts source), is one
// of the repository's own files.
func resolvesTo(target string, own func(string) bool) bool {
	exts := []string{"", ".js", ".cjs", ".mjs", ".ts", ".tsx", ".mts", ".cts", ".jsx", ".json"}
	for _, e := range exts {
		if own(target+e) || own(target+"/index"+e) {
			return true
		}
	}
	for js, ts := range map[string][]string{".js": {".ts", ".tsx"}, ".mjs": {".mts"}, ".cjs": {".cts"}, ".jsx": {".tsx"}} {
		if stem, ok := strings.CutSuffix(target, js); ok {
			for _, e := range ts {
				if own(stem + e) {
					return true
				}
			}
		}
	}
	return false
}

// listedFiles is the repository's own files for planPretest: git's list, or nil outside a
// checkout; a failing git is not fatal here (the sandboxes report it), so it falls back to disk.
func listedFiles(ctx context.Context, root string) map[string]bool {
	set, _, err := oracle.GitListed(ctx, root)
	if err != nil {
		return nil
	}
	return set
}
