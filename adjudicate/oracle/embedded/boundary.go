package embedded

// This file's one job: the boundary of the value trace (value.go) in the bundle. A module a test
// file imports directly from the repository (not node_modules, not another of the oracle's test
// files) is replaced, for that import only, by a small proxy module in the namespace
// "bond-value" that imports the real module and hands its exports through the tracer's wrap
// function before re-exporting them under the same names. Calls the package makes inside itself
// go to the real functions and are not recorded: the boundary is where the tests stand (issue 28:
// at the package's entry module precision was 1.00; at the mutated file a private helper's
// internal change read as a witness).
//
// An ES module's proxy re-exports the real module's names, which a small esbuild build of that
// module lists (exportNames: once per module and bundler from the files on disk, and again from
// the mutant when it changes one of the files the list was read from). The names are imported
// one by one and re-exported as constants: a `let` export the module reassigns later is seen by
// the tests as it was when the module loaded (a residual; Node would show the new value). A
// CommonJS module's proxy is CommonJS, so default-import interop is unchanged.

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// valueNamespace is the esbuild namespace of boundary proxy modules; its paths are repo-relative.
const valueNamespace = "bond-value"

// wrapVar is the bundle wrapper's parameter the proxies call (tracer.wrapFn).
const wrapVar = "__bond_v"

// resolveMark marks bond's own resolve calls, so onResolve lets esbuild resolve them.
type resolveMark struct{}

// exportInfo is what a boundary module exports: its names (ES module), or cjs; inputs are the
// files (repo-relative) the names were read from.
type exportInfo struct {
	names  []string
	cjs    bool
	err    error
	inputs map[string]bool
}

// boundaryResolve redirects an import of the entry test file to a repository module to its proxy.
// ok is false when the import is not at the boundary.
func (b *bundler) boundaryResolve(args api.OnResolveArgs) (api.OnResolveResult, bool) {
	if b.resolve == nil || args.Namespace != "file" || args.PluginData != nil || b.rel(args.Importer) != b.entry {
		return api.OnResolveResult{}, false
	}
	if _, ok := testAPIModules[args.Path]; ok || isBuiltin(args.Path) {
		return api.OnResolveResult{}, false
	}
	r := b.resolve(args.Path, api.ResolveOptions{Importer: args.Importer, Namespace: args.Namespace, ResolveDir: args.ResolveDir, Kind: args.Kind, PluginData: resolveMark{}})
	if len(r.Errors) > 0 || r.External || r.Namespace != "file" || r.Path == "" {
		return api.OnResolveResult{}, false
	}
	rel := b.rel(r.Path)
	if strings.HasPrefix(rel, "../") || strings.Contains("/"+rel, "/node_modules/") || b.tests[rel] || !ownLoader(r.Path) || loaderFor(r.Path) == api.LoaderJSON {
		return api.OnResolveResult{}, false
	}
	return api.OnResolveResult{Path: rel, Namespace: valueNamespace, PluginData: r.Path}, true
}

// boundaryLoad is the source of a boundary module's proxy.
func (b *bundler) boundaryLoad(args api.OnLoadArgs) (api.OnLoadResult, error) {
	abs := filepath.Join(b.root, filepath.FromSlash(args.Path))
	info := b.exportsOf(abs)
	for p := range b.overrides {
		if info.inputs[p] {
			// A mutant of a file the export list was read from: read it again, from the
			// mutant, so the proxy exports exactly what the module now does.
			info = exportNames(b.root, abs, b.overrides)
			break
		}
	}
	var src strings.Builder
	target := strconv.Quote(filepath.ToSlash(abs))
	switch {
	case info.err != nil:
		// Not traced: the import goes to the module as it is.
		fmt.Fprintf(&src, "export * from %s;\n", target)
		if slices.Contains(info.names, "default") {
			fmt.Fprintf(&src, "export { default } from %s;\n", target)
		}
	case info.cjs:
		fmt.Fprintf(&src, "module.exports = %s(%s, require(%s));\n", wrapVar, strconv.Quote(args.Path), target)
	default:
		// Named imports, not `import * as`: a namespace object would make esbuild print an
		// export table at the real module's first line, which coverage would read as code.
		var imports, fields, list []string
		for i, n := range info.names {
			imports = append(imports, fmt.Sprintf("%s as r%d", strconv.Quote(n), i))
			fields = append(fields, fmt.Sprintf("%s: r%d", strconv.Quote(n), i))
			list = append(list, fmt.Sprintf("e%d as %s", i, strconv.Quote(n)))
		}
		if len(info.names) == 0 {
			fmt.Fprintf(&src, "import %s;\n", target)
			break
		}
		fmt.Fprintf(&src, "import { %s } from %s;\nconst w = %s(%s, { %s });\n", strings.Join(imports, ", "), target, wrapVar, strconv.Quote(args.Path), strings.Join(fields, ", "))
		for i, n := range info.names {
			fmt.Fprintf(&src, "const e%d = w[%s];\n", i, strconv.Quote(n))
		}
		fmt.Fprintf(&src, "export { %s };\n", strings.Join(list, ", "))
	}
	s := src.String()
	return api.OnLoadResult{Contents: &s, Loader: api.LoaderJS, ResolveDir: filepath.Dir(abs)}, nil
}

// exportsOf lists the exports of the module at abs, once per bundler.
func (b *bundler) exportsOf(abs string) exportInfo {
	b.seen.Lock()
	info, ok := b.exports[abs]
	b.seen.Unlock()
	if ok {
		return info
	}
	info = exportNames(b.root, abs, nil)
	b.seen.Lock()
	b.exports[abs] = info
	b.seen.Unlock()
	return info
}

// exportNames bundles the module at abs on its own (packages external), with overrides
// (repo-relative path → contents) in place of the files, and reads its export names, module
// format and inputs from esbuild's metafile.
func exportNames(root, abs string, overrides map[string][]byte) exportInfo {
	plugin := api.Plugin{Name: "bond-exports", Setup: func(pb api.PluginBuild) {
		pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "file"}, func(a api.OnLoadArgs) (api.OnLoadResult, error) {
			rel, err := filepath.Rel(root, a.Path)
			src, ok := overrides[filepath.ToSlash(rel)]
			if err != nil || !ok {
				return api.OnLoadResult{}, nil
			}
			c := string(src)
			return api.OnLoadResult{Contents: &c, Loader: loaderFor(a.Path), ResolveDir: filepath.Dir(a.Path)}, nil
		})
	}}
	res := api.Build(api.BuildOptions{
		Plugins:       []api.Plugin{plugin},
		AbsWorkingDir: root,
		EntryPoints:   []string{abs},
		Bundle:        true,
		Write:         false,
		Format:        api.FormatESModule,
		Platform:      api.PlatformNode,
		Target:        api.ESNext,
		Packages:      api.PackagesExternal,
		Metafile:      true,
		Outfile:       filepath.Join(root, "__bond_exports.js"),
		LogLevel:      api.LogLevelSilent,
	})
	if len(res.Errors) > 0 {
		return exportInfo{err: fmt.Errorf("listing the exports of %s: %s", abs, res.Errors[0].Text)}
	}
	var meta struct {
		Inputs map[string]struct {
			Format string `json:"format"`
		} `json:"inputs"`
		Outputs map[string]struct {
			EntryPoint string   `json:"entryPoint"`
			Exports    []string `json:"exports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return exportInfo{err: fmt.Errorf("listing the exports of %s: %w", abs, err)}
	}
	rel, _ := filepath.Rel(root, abs)
	rel = filepath.ToSlash(rel)
	info := exportInfo{inputs: map[string]bool{}}
	for p := range meta.Inputs {
		info.inputs[p] = true
	}
	if in, ok := meta.Inputs[rel]; ok && in.Format != "esm" {
		info.cjs = true
	}
	for _, o := range meta.Outputs {
		if o.EntryPoint != "" {
			info.names = append(info.names, o.Exports...)
		}
	}
	sort.Strings(info.names)
	return info
}

// ExportNames lists the exports of the module at abs (under root) as the boundary proxies of the
// value trace read them: the names esbuild's metafile gives for the module bundled on its own
// (packages external, `export *` from repository modules followed), sorted, or cjs when the
// module is CommonJS. nodetrace uses it so that a command runner's ES-module wrappers re-export
// exactly the names the embedded runner's proxies do.
func ExportNames(root, abs string) (names []string, cjs bool, err error) {
	info := exportNames(root, abs, nil)
	return info.names, info.cjs, info.err
}
