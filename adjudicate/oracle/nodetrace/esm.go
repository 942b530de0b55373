package nodetrace

// This file's one job: what the ES-module side of the hook (esmhooks.mjs, esm.cjs) needs to know
// before any test code runs — the repository modules the oracle's test files import as ES
// modules do (import statements, and import() of a literal), each with its export names.
//
// The names are computed here, in Go, with esbuild (embedded.ExportNames, the function the
// embedded runner's boundary proxies use), not by the hooks reading sources themselves: an ES
// module's export names must be written into the wrapper's source before the real module runs,
// Node offers the hooks no parser that lists them (vm.SourceTextModule is behind a flag), and a
// hand-written lexer would miss `export *` chains, TypeScript and the corners of the grammar.
// esbuild follows `export *` through the repository exactly, and the names are then the
// embedded runner's, so both runners name the same callees. A module bond could not list is
// named in the trace when a test imports it (Read makes the trace unavailable), never wrapped
// with a guessed list.

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/evanw/esbuild/pkg/api"
)

// esmModule is what the hooks need of one repository module a test file imports.
type esmModule struct {
	// Names are its export names ("default" included), sorted.
	Names []string `json:"names"`
	// CJS: the module is CommonJS; its wrapper wraps the default export (module.exports).
	CJS bool `json:"cjs,omitempty"`
	// Err says why its names could not be listed; the hooks then leave it unwrapped and report it.
	Err string `json:"err,omitempty"`
}

// scanMark marks the scan's own resolve calls, so its onResolve lets esbuild resolve them.
type scanMark struct{}

// esmModules lists the repository modules that entries (test files, repo-relative) import as ES
// modules, outside node_modules and other than the test files tests, with their export names.
// esm reports whether any entry imports anything as an ES module (the hooks are registered only
// then: a suite of CommonJS test files runs exactly as without them).
//
// imports are, per entry, the listed modules it imports with an import statement (which load
// whenever the entry does): the hook checks at exit that each reached its test file wrapped, so
// a loader of the command's own that resolved them past bond's hooks is named, not silent.
// conditions are the export conditions node runs with (`--conditions development`), so a
// package's own name resolves to the file node loads (nil: node's defaults).
func esmModules(root string, entries []string, tests map[string]bool, conditions []string) (mods map[string]esmModule, imports map[string][]string, esm bool) {
	mods = map[string]esmModule{}
	imports = map[string][]string{}
	scanned, entrySet := scanImports(root, entries, conditions)
	found := map[string]bool{}
	static := map[string]map[string]bool{}
	for e, ims := range scanned {
		for _, im := range ims {
			if im.kind != api.ResolveJSImportStatement && im.kind != api.ResolveJSDynamicImport {
				continue
			}
			esm = true
			if im.mod == "" {
				continue
			}
			found[im.mod] = true
			if im.kind == api.ResolveJSImportStatement {
				if static[e] == nil {
					static[e] = map[string]bool{}
				}
				static[e][im.mod] = true
			}
		}
	}
	var list []string
	for m := range found {
		if !tests[m] && !entrySet[m] && codeFile(m) {
			list = append(list, m)
		}
	}
	sort.Strings(list)
	for _, m := range list {
		names, cjs, err := embedded.ExportNames(root, filepath.Join(root, filepath.FromSlash(m)))
		if err != nil {
			mods[m] = esmModule{Err: err.Error()}
			continue
		}
		if names == nil {
			names = []string{}
		}
		mods[m] = esmModule{Names: names, CJS: cjs}
	}
	for e, ms := range static {
		for m := range ms {
			if info, ok := mods[m]; ok && info.Err == "" && (info.CJS || len(info.Names) > 0) {
				imports[e] = append(imports[e], m)
			}
		}
		sort.Strings(imports[e])
	}
	return mods, imports, esm
}

// anImport is one import or require of an entry: how it is written (kind) and the repository
// module it resolves to ("" when it resolves to none: a package, a built-in, a path esbuild
// cannot resolve).
type anImport struct {
	kind api.ResolveKind
	mod  string
	// spec is the import as written; unresolved says esbuild could not resolve it (an alias of
	// a runner's config it does not read, a package not installed).
	spec       string
	unresolved bool
}

// scanImports lists, per entry (repo-relative files under root; others are left out), the
// imports, import() calls of a literal and require calls of a literal it makes itself, resolved
// by esbuild; entrySet are the entries scanned. conditions, when any, are node's user conditions
// (--conditions), which esbuild then applies beside import/require, node and default, in place of
// its own default "module" condition, as node does.
func scanImports(root string, entries []string, conditions []string) (imports map[string][]anImport, entrySet map[string]bool) {
	imports = map[string][]anImport{}
	entrySet = map[string]bool{}
	var abs []string
	for _, e := range entries {
		p := path.Clean(e)
		if path.IsAbs(p) || p == ".." || strings.HasPrefix(p, "../") {
			continue
		}
		full := filepath.Join(root, filepath.FromSlash(p))
		if st, err := os.Stat(full); err != nil || !st.Mode().IsRegular() {
			continue
		}
		entrySet[p] = true
		abs = append(abs, full)
	}
	if len(abs) == 0 {
		return imports, entrySet
	}
	rel := func(p string) string {
		r, err := filepath.Rel(root, p)
		if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || filepath.IsAbs(r) {
			return ""
		}
		r = filepath.ToSlash(r)
		if strings.Contains("/"+r+"/", "/node_modules/") {
			return ""
		}
		return r
	}
	var mu sync.Mutex
	plugin := api.Plugin{Name: "bond-esm-scan", Setup: func(pb api.PluginBuild) {
		pb.OnResolve(api.OnResolveOptions{Filter: `.*`}, func(a api.OnResolveArgs) (api.OnResolveResult, error) {
			if _, mine := a.PluginData.(scanMark); mine || a.Kind == api.ResolveEntryPoint {
				return api.OnResolveResult{}, nil
			}
			switch a.Kind {
			case api.ResolveJSImportStatement, api.ResolveJSDynamicImport, api.ResolveJSRequireCall:
			default:
				return api.OnResolveResult{Path: a.Path, External: true}, nil
			}
			e := rel(a.Importer)
			if !entrySet[e] {
				return api.OnResolveResult{Path: a.Path, External: true}, nil
			}
			im := anImport{kind: a.Kind, spec: a.Path}
			r := pb.Resolve(a.Path, api.ResolveOptions{Importer: a.Importer, ResolveDir: a.ResolveDir, Kind: a.Kind, PluginData: scanMark{}})
			im.unresolved = len(r.Errors) > 0
			if len(r.Errors) == 0 && !r.External && r.Namespace == "file" && r.Path != "" {
				im.mod = rel(r.Path)
			}
			mu.Lock()
			imports[e] = append(imports[e], im)
			mu.Unlock()
			// Everything the entries import stays out of the scan: only their own imports count.
			return api.OnResolveResult{Path: a.Path, External: true}, nil
		})
	}}
	api.Build(api.BuildOptions{
		Plugins:       []api.Plugin{plugin},
		AbsWorkingDir: root,
		EntryPoints:   abs,
		Bundle:        true,
		Write:         false,
		Format:        api.FormatESModule,
		Platform:      api.PlatformNode,
		Target:        api.ESNext,
		Outdir:        filepath.Join(root, "__bond_esm_scan"),
		LogLevel:      api.LogLevelSilent,
		Conditions:    conditions,
	})
	return imports, entrySet
}

// codeFile: a module of code (not JSON, not a native addon), as hook.cjs's loadable says.
func codeFile(p string) bool {
	switch path.Ext(p) {
	case ".js", ".cjs", ".mjs", ".jsx", ".ts", ".cts", ".mts", ".tsx":
		return true
	}
	return false
}
