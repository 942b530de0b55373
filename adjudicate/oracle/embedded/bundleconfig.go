package embedded

// This file is the part of the bundle the runner's configuration decides (bundle.go asks it on
// every import): vitest's aliases, jest's moduleNameMapper, and the entry that runs the setup
// files (vitest's setupFiles, jest's setupFilesAfterEnv, mocha's --require) ahead of each test
// file.

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded/testconfig"
	"github.com/evanw/esbuild/pkg/api"
)

// alias returns the import's specifier with the first matching alias applied, as vite's alias
// plugin does: for imports in the repository's own files (not node_modules, which vitest leaves
// to Node), and never for bond's own resolve calls, which already carry the aliased specifier.
func (b *bundler) alias(args api.OnResolveArgs) (string, bool) {
	if len(b.aliases) == 0 || args.Namespace != "file" || args.PluginData != nil || args.Importer == "" {
		return "", false
	}
	if rel := b.rel(args.Importer); strings.HasPrefix(rel, "../") || strings.Contains("/"+rel, "/node_modules/") {
		return "", false
	}
	for _, a := range b.aliases {
		if spec, ok := a.Apply(args.Path); ok {
			if a.Rooted { // a path the config computed from its own directory: in this root
				spec = b.root + filepath.FromSlash(spec)
			}
			return spec, true
		}
	}
	return "", false
}

// mapModule applies jest's moduleNameMapper to an import as jest-resolve does: for any
// importing file and any specifier but a Node built-in or @jest/globals, the first mapping whose
// pattern matches gives candidates, and the first candidate that resolves from the importing
// file's directory is the module. A candidate that esbuild resolves only by its own rule (an
// import of x.js served by x.ts) is not one jest's resolver finds, so it does not count. ok is
// false when no mapping applies; otherwise spec is what the import continues as (the resolved
// file's path, or a built-in's name), which the rest of onResolve treats as an aliased import
// (the value trace's boundary, the repository check), or spec is "" and failed says why none
// resolves, where jest would throw.
func (b *bundler) mapModule(args api.OnResolveArgs) (spec string, failed api.OnResolveResult, ok bool) {
	if len(b.mappers) == 0 || args.Namespace != "file" || args.PluginData != nil || args.Importer == "" || isBuiltin(args.Path) {
		return "", failed, false
	}
	if _, ok := testAPIModules[args.Path]; ok {
		return "", failed, false
	}
	targets, ok, err := testconfig.Map(b.mappers, args.Path)
	switch {
	case !ok:
		return "", failed, false
	case err != nil:
		return "", api.OnResolveResult{Errors: []api.Message{{Text: err.Error()}}}, true
	}
	var tried []string
	for _, t := range targets {
		cand := t.Path
		if t.Rooted {
			cand = b.root + filepath.FromSlash(cand)
		}
		tried = append(tried, cand)
		if isBuiltin(cand) {
			return cand, failed, true
		}
		r := b.resolve(cand, api.ResolveOptions{Importer: args.Importer, Namespace: args.Namespace, ResolveDir: args.ResolveDir, Kind: args.Kind, PluginData: resolveMark{}})
		if len(r.Errors) > 0 || r.Path == "" || r.External || r.Namespace != "file" {
			continue
		}
		if strings.HasPrefix(cand, ".") || filepath.IsAbs(cand) {
			want := cand
			if !filepath.IsAbs(want) {
				want = filepath.Join(args.ResolveDir, want)
			}
			want = filepath.Clean(want)
			if r.Path != want && !strings.HasPrefix(r.Path, want+".") && !strings.HasPrefix(r.Path, want+string(filepath.Separator)) {
				continue // esbuild's x.js → x.ts, which jest's resolver does not do
			}
		}
		return r.Path, failed, true
	}
	return "", api.OnResolveResult{Errors: []api.Message{{Text: fmt.Sprintf("%q, mapped by jest's moduleNameMapper to %q, resolves to none of them (jest would throw)", args.Path, tried)}}}, true
}

// aliasResolve resolves an aliased specifier (args.Path; orig is what the file wrote) from the
// importing file, as vite resolves an alias's result, and refuses a result outside the
// repository.
func (b *bundler) aliasResolve(orig, by string, args api.OnResolveArgs) api.OnResolveResult {
	r := b.resolve(args.Path, api.ResolveOptions{Importer: args.Importer, Namespace: args.Namespace, ResolveDir: args.ResolveDir, Kind: args.Kind, PluginData: resolveMark{}})
	fail := func(why string) api.OnResolveResult {
		return api.OnResolveResult{Errors: []api.Message{{Text: fmt.Sprintf("%q, aliased to %q by %s, %s", orig, args.Path, by, why)}}}
	}
	switch {
	case len(r.Errors) > 0:
		return fail("could not be resolved: " + r.Errors[0].Text)
	case r.External || r.Namespace != "file":
		return api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, External: r.External}
	case strings.HasPrefix(b.rel(r.Path), "../"):
		return fail("is outside the repository")
	}
	se := api.SideEffectsTrue
	if !r.SideEffects {
		se = api.SideEffectsFalse
	}
	return api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, SideEffects: se}
}

// setupEntry is the source of the entry module when the suite has setup files: side-effect
// imports of each setup file, in order, then of the test file. ES module imports run in the
// order written, and esbuild keeps that order for ES and CommonJS modules alike, so each setup
// file has run (its hooks registered, its globals set) before the test file's first line.
func (b *bundler) setupEntry(args api.OnLoadArgs) (api.OnLoadResult, error) {
	var src strings.Builder
	for _, f := range append(append([]string{}, b.setup...), b.entry) {
		fmt.Fprintf(&src, "import %s;\n", strconv.Quote("./"+f))
	}
	s := src.String()
	return api.OnLoadResult{Contents: &s, Loader: api.LoaderJS, ResolveDir: b.root}, nil
}

// setupResolve resolves an import of the setup entry (a setup file or the test file) as esbuild
// would, but always with side effects: esbuild drops a side-effect-only import of a file whose
// package.json says "sideEffects": false, and these imports are nothing but their side effects.
// A file esbuild cannot resolve is left to it, to fail with its own message.
func (b *bundler) setupResolve(args api.OnResolveArgs) api.OnResolveResult {
	r := b.resolve(args.Path, api.ResolveOptions{Importer: args.Importer, Namespace: args.Namespace, ResolveDir: args.ResolveDir, Kind: args.Kind, PluginData: resolveMark{}})
	if len(r.Errors) > 0 || r.External || r.Path == "" {
		return api.OnResolveResult{}
	}
	return api.OnResolveResult{Path: r.Path, Namespace: r.Namespace, SideEffects: api.SideEffectsTrue}
}
