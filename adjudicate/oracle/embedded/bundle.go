package embedded

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded/testconfig"
	"github.com/evanw/esbuild/pkg/api"
)

// nodeBuiltins are the module names Node resolves to built-ins (Node 20's builtinModules, plus
// the modules that exist only with the node: prefix).
var nodeBuiltins = map[string]bool{
	"assert": true, "assert/strict": true, "async_hooks": true, "buffer": true,
	"child_process": true, "cluster": true, "console": true, "constants": true, "crypto": true,
	"dgram": true, "diagnostics_channel": true, "dns": true, "dns/promises": true, "domain": true,
	"events": true, "fs": true, "fs/promises": true, "http": true, "http2": true, "https": true,
	"inspector": true, "inspector/promises": true, "module": true, "net": true, "os": true,
	"path": true, "path/posix": true, "path/win32": true, "perf_hooks": true, "process": true,
	"punycode": true, "querystring": true, "readline": true, "readline/promises": true,
	"repl": true, "stream": true, "stream/consumers": true, "stream/promises": true,
	"stream/web": true, "string_decoder": true, "sys": true, "timers": true,
	"timers/promises": true, "tls": true, "trace_events": true, "tty": true, "url": true,
	"util": true, "util/types": true, "v8": true, "vm": true, "wasi": true,
	"worker_threads": true, "zlib": true,
	// node:-only
	"test": true, "test/reporters": true, "sea": true, "sqlite": true,
}

// providedModule maps an import specifier to the module the runtime provides, or "" when the
// specifier is not one of them (providedBuiltins, in builtins.go). Bare "test" is taken as node:test: in Node it names the npm
// polyfill of node:test, which itself needs Node built-ins, so the only useful reading here is the
// built-in it copies.
func providedModule(spec string) string {
	name := strings.TrimPrefix(spec, "node:")
	if providedBuiltins[name] {
		return name
	}
	return ""
}

// testAPIModules are the test frameworks' modules the runtime provides in place of the packages:
// `import { describe, expect, vi } from 'vitest'`, `@jest/globals`, 'mocha', 'uvu' and 'tape'
// never reach node_modules (their subpaths, such as 'uvu/assert', do).
var testAPIModules = map[string]Framework{"vitest": FrameworkVitest, "@jest/globals": FrameworkJest, "mocha": FrameworkMocha, "uvu": FrameworkUvu, "tape": FrameworkTape, "ava": FrameworkAva, "tap": FrameworkTap}

// isBuiltin reports whether spec names a Node built-in module.
func isBuiltin(spec string) bool {
	if strings.HasPrefix(spec, "node:") {
		return true
	}
	if nodeBuiltins[spec] && spec != "test" && spec != "test/reporters" && spec != "sea" && spec != "sqlite" {
		return true
	}
	return spec == "test"
}

// builtinUse is one import of a Node built-in that the runtime does not provide.
type builtinUse struct {
	spec     string
	importer string // repo-relative
}

// bundler owns one esbuild context for one test file; rebuilds reuse esbuild's parse cache for
// files whose contents did not change.
type bundler struct {
	root  string
	entry string // repo-relative, slash-separated
	// setup are the suite's setup files (SuiteConfig.SetupFiles), repo-relative: when there are
	// any, the bundle's entry is a module of bond's (setupNamespace) that imports each of them,
	// in order, and then the test file, so they run first in the same runtime and share one
	// instance of every module with the test file, as in the runner's own module graph.
	setup []string
	// aliases are the suite's module aliases (SuiteConfig.Aliases, vitest's resolve.alias),
	// applied as vite applies them to every import of a repository file outside node_modules.
	aliases []testconfig.Alias
	// mappers are jest's moduleNameMapper (SuiteConfig.Mappers), applied as jest applies them
	// to every import that is not a Node built-in, from any file (mapModule).
	mappers []testconfig.ModuleMapping

	mu        sync.Mutex
	ctx       api.BuildContext
	overrides map[string][]byte // read by the plugin during a rebuild, under mu

	// seen guards what the plugin records during a rebuild: esbuild calls onResolve and onLoad
	// from several goroutines at once (one per file it parses), while build holds mu throughout.
	seen   sync.Mutex
	inputs map[string]string // repo-relative path → SHA-256 (hex) of what the last build loaded
	unsupp []builtinUse
	apis   map[Framework]bool // test-API modules the last build imported

	// The value trace's boundary (boundary.go): esbuild's resolver, the oracle's test files
	// (never a boundary), and the export lists of boundary modules, under seen.
	resolve func(string, api.ResolveOptions) api.ResolveResult
	tests   map[string]bool
	exports map[string]exportInfo

	// props expands the Unicode property escapes of the regular expression literals of every
	// file the bundle loads (propescape.go); shared by every bundler of a Runner.
	props *propertyTables

	// linked caches linkedName's answers: a real node_modules directory → the path of the link
	// to it inside root ("" when none leads to it).
	linked sync.Map

	// esm: the bundle is printed as one ES module's body (esbuild's esm format), for a test file
	// with top-level await, which a script cannot hold; it runs inside an async function
	// (instrument's async). Its provided modules are then modules of bond's (externalNamespace)
	// that take the runtime's require, so the body has no import statement.
	esm bool
}

// externalNamespace holds, in an esm bundle, a module per provided module (a Node built-in or
// a test API) whose exports are what the runtime's require returns for it.
const externalNamespace = "bond-provided"

// external is the resolution of a provided module: left to the runtime's require, as an
// external in a script, or through an externalNamespace module in an esm bundle.
func (b *bundler) external(spec string) api.OnResolveResult {
	if b.esm {
		return api.OnResolveResult{Path: spec, Namespace: externalNamespace}
	}
	return api.OnResolveResult{Path: spec, External: true}
}

// externalLoad is the source of an externalNamespace module: CommonJS exporting the runtime's
// module, so an import of it reads as an import of an external does in a script.
func (b *bundler) externalLoad(args api.OnLoadArgs) (api.OnLoadResult, error) {
	s := "module.exports = globalThis.require(" + strconv.Quote(args.Path) + ");\n"
	return api.OnLoadResult{Contents: &s, Loader: api.LoaderJS, ResolveDir: b.root}, nil
}

// bundleOut is one esbuild result: the bundle and its source map.
type bundleOut struct {
	js, srcMap []byte
	// inputs are the files the build loaded, repo-relative, each with the SHA-256 (hex) of the
	// bytes esbuild parsed: the run's record of what it saw (Result.Inputs).
	inputs map[string]string
	unsupp []builtinUse
	apis   map[Framework]bool // test-API modules imported: vitest, @jest/globals
	// exports: an esm bundle whose entry exports something ends in an export statement, which
	// the function it runs in cannot hold.
	exports bool
	// strict: no input is CommonJS, so the whole bundle runs in strict mode, as Node runs ES
	// modules. esbuild hoists ES modules into one scope and prints no directive for them; a
	// bundle with CommonJS inputs stays sloppy, as those modules are in Node (their own
	// "use strict" directives stay inside their wrappers).
	strict bool
}

// buildError is an esbuild failure, with esbuild's messages formatted file:line: text.
type buildError struct {
	entry string
	msgs  []api.Message
}

func (e *buildError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "bundling %s for the embedded runner failed:", e.entry)
	for i, m := range e.msgs {
		if i == 5 {
			fmt.Fprintf(&b, "\n  … and %d more", len(e.msgs)-5)
			break
		}
		b.WriteString("\n  ")
		if m.Location != nil {
			fmt.Fprintf(&b, "%s:%d:%d: ", m.Location.File, m.Location.Line, m.Location.Column+1)
		}
		b.WriteString(m.Text)
	}
	return b.String()
}

// topLevelAwait reports whether the failure is esbuild refusing top-level await in an IIFE.
func (e *buildError) topLevelAwait() (file string, ok bool) {
	for _, m := range e.msgs {
		if strings.Contains(m.Text, "Top-level await") {
			if m.Location != nil {
				return m.Location.File, true
			}
			return e.entry, true
		}
	}
	return "", false
}

const bundleName = "__bond_embedded_bundle.js"

// setupNamespace is the esbuild namespace of the entry module that runs the setup files before
// the test file; its path is the test file's.
const setupNamespace = "bond-setup"

// newBundler makes the bundler of the test file entry, with the suite's setup files run before
// it (none: the test file is the entry itself), resolving packages' "exports" and "imports"
// with conditions (exportConditions; nil: esbuild's own default set).
func newBundler(root, entry string, setup []string, esm bool, conditions []string) (*bundler, error) {
	b := &bundler{root: root, entry: entry, setup: setup, exports: map[string]exportInfo{}, esm: esm}
	format := api.FormatIIFE
	if esm {
		format = api.FormatESModule
	}
	plugin := api.Plugin{
		Name: "bond-embedded",
		Setup: func(pb api.PluginBuild) {
			b.resolve = pb.Resolve
			pb.OnResolve(api.OnResolveOptions{Filter: `.*`}, b.onResolve)
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: "file"}, b.onLoad)
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: valueNamespace}, b.boundaryLoad)
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: setupNamespace}, b.setupEntry)
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: externalNamespace}, b.externalLoad)
			pb.OnLoad(api.OnLoadOptions{Filter: `.*`, Namespace: comparatorNamespace}, b.comparatorLoad)
		},
	}
	ctx, cerr := api.Context(api.BuildOptions{
		AbsWorkingDir:  root,
		EntryPoints:    []string{"./" + entry},
		Bundle:         true,
		TreeShaking:    api.TreeShakingFalse, // unused code keeps its lines: executable, not run
		Write:          false,
		Format:         format,
		Platform:       api.PlatformNode,
		Conditions:     conditions,
		Target:         api.ESNext,
		Supported:      loweredFeatures,
		Sourcemap:      api.SourceMapExternal,
		SourcesContent: api.SourcesContentExclude,
		LegalComments:  api.LegalCommentsNone,
		KeepNames:      true, // a class or function keeps its .name when the bundle renames it, as in Node
		// import.meta is each module's own; the runtime's getter answers for the module whose
		// code reads it (js/fs.js). Unset, esbuild makes it {} in a script.
		Define:   map[string]string{"import.meta": "__bond_import_meta"},
		Metafile: true,
		Outfile:  filepath.Join(root, bundleName),
		LogLevel: api.LogLevelSilent,
		Plugins:  []api.Plugin{plugin},
	})
	if cerr != nil {
		return nil, fmt.Errorf("setting up the bundler for %s: %w", entry, cerr)
	}
	b.ctx = ctx
	return b, nil
}

// loweredFeatures are the syntax features goja does not run, so esbuild rewrites them.
var loweredFeatures = map[string]bool{
	"async-generator": false,
	"for-await":       false,
	"using":           false,
	"decorators":      false,
}

// rel names a file the build met by its path in the repository: relative to root for a file in
// the tree, and for a file esbuild reached through one of the tree's node_modules links (esbuild
// resolves links, so it reports the real directory's path) by the link's path, e.g.
// "node_modules/dep/index.js". Without that a note or an input record would name the file
// relative to bond's hidden working copy ("../../../repo/node_modules/…"). A file reached
// another way outside the tree keeps its path relative to root.
func (b *bundler) rel(abs string) string {
	r, err := filepath.Rel(b.root, abs)
	if err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(r)
	}
	if s, ok := b.linkedName(abs); ok {
		return s
	}
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

// maxLinkDepth bounds how deep in the tree linkedName looks for a node_modules link: a
// monorepo's packages/NAME/node_modules is three deep.
const maxLinkDepth = 8

// sourceName is a source of the bundle's source map (a URL path relative to the bundle, which
// sits in root) as bond names files elsewhere (rel): repository-relative, or reached through a
// node_modules link as node_modules/…, never a climb out of the sandbox to the install.
func (b *bundler) sourceName(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		s = u
	}
	if s == bundleItself || strings.HasPrefix(s, "<") {
		return s
	}
	p := filepath.FromSlash(s)
	if !filepath.IsAbs(p) {
		p = filepath.Join(b.root, p)
	}
	return b.rel(p)
}

// linkedName finds the node_modules link in root through which abs was reached: for each
// node_modules directory among abs's ancestors, outermost first, a link at root/TAIL (TAIL the
// directory's last one to maxLinkDepth path elements) that resolves to it.
func (b *bundler) linkedName(abs string) (string, bool) {
	parts := strings.Split(filepath.ToSlash(abs), "/")
	for i, p := range parts {
		if p != "node_modules" {
			continue
		}
		dir := filepath.FromSlash(strings.Join(parts[:i+1], "/"))
		link, ok := b.linked.Load(dir)
		if !ok {
			link = b.findLink(dir, parts[:i+1])
			b.linked.Store(dir, link)
		}
		if l := link.(string); l != "" {
			return strings.Join(append([]string{l}, parts[i+1:]...), "/"), true
		}
	}
	return "", false
}

// findLink returns the slash path of the link in root that resolves to dir (whose path elements
// are parts), or "".
func (b *bundler) findLink(dir string, parts []string) string {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return ""
	}
	for k := 1; k <= maxLinkDepth && k < len(parts); k++ {
		tail := strings.Join(parts[len(parts)-k:], "/")
		cand := filepath.Join(b.root, filepath.FromSlash(tail))
		if fi, err := os.Lstat(cand); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		if t, err := filepath.EvalSymlinks(cand); err == nil && t == real {
			return tail
		}
	}
	return ""
}

func (b *bundler) onResolve(args api.OnResolveArgs) (api.OnResolveResult, error) {
	if args.Kind == api.ResolveEntryPoint {
		if len(b.setup) > 0 {
			return api.OnResolveResult{Path: b.entry, Namespace: setupNamespace}, nil
		}
		return api.OnResolveResult{}, nil
	}
	if args.Namespace == setupNamespace && args.PluginData == nil {
		return b.setupResolve(args), nil
	}
	orig, aliased, by := args.Path, false, "the vitest config"
	if spec, failed, ok := b.mapModule(args); ok {
		if spec == "" {
			return failed, nil
		}
		args.Path, aliased, by = spec, true, "jest's moduleNameMapper"
	} else if spec, ok := b.alias(args); ok {
		args.Path, aliased = spec, true
	}
	if r, ok := b.boundaryResolve(args); ok {
		return r, nil
	}
	spec := args.Path
	if fw, ok := testAPIModules[spec]; ok {
		b.seen.Lock()
		b.apis[fw] = true
		b.seen.Unlock()
		if _, ok := comparators[spec]; ok {
			return b.comparatorResolve(spec, args.ResolveDir)
		}
		return b.external(spec), nil
	}
	if !isBuiltin(spec) {
		if aliased {
			return b.aliasResolve(orig, by, args), nil
		}
		return api.OnResolveResult{}, nil
	}
	if providedModule(spec) == "" {
		use := builtinUse{spec: spec, importer: b.rel(args.Importer)}
		b.seen.Lock()
		b.unsupp = append(b.unsupp, use)
		b.seen.Unlock()
	}
	return b.external(spec), nil
}

func loaderFor(p string) api.Loader {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".ts", ".mts", ".cts":
		return api.LoaderTS
	case ".tsx":
		return api.LoaderTSX
	case ".jsx":
		return api.LoaderJSX
	case ".json":
		return api.LoaderJSON
	default:
		return api.LoaderJS
	}
}

// onLoad hands esbuild the bytes of every file it loads, read here rather than by esbuild, so
// the build's record of its inputs (path and SHA-256) is of exactly the bytes it parsed: an
// override where the run has one, else the file under the runner's root. Files of a kind
// esbuild loads by its own rules (neither JavaScript, TypeScript nor JSON) are hashed for the
// record and left to esbuild.
func (b *bundler) onLoad(args api.OnLoadArgs) (api.OnLoadResult, error) {
	rel := b.rel(args.Path)
	src, ok := b.overrides[rel]
	if !ok {
		var err error
		if src, err = os.ReadFile(args.Path); err != nil {
			return api.OnLoadResult{}, fmt.Errorf("reading %s for the embedded runner: %w", rel, err)
		}
	}
	sum := sha256.Sum256(src)
	b.seen.Lock()
	b.inputs[rel] = hex.EncodeToString(sum[:])
	b.seen.Unlock()
	if !ok && !ownLoader(args.Path) {
		return api.OnLoadResult{}, nil
	}
	if b.props != nil && !isJSX(args.Path) && hasPropertyEscape(src) {
		// The record above is of the file's own bytes (or the run's mutation); esbuild parses
		// them with each \p{…} made the class Node gives it, which goja matches. Lines stay
		// where they were, and coverage is by line (instrument.go).
		src = b.props.expand(src, sum)
	}
	s := string(src)
	return api.OnLoadResult{Contents: &s, Loader: loaderFor(args.Path), ResolveDir: filepath.Dir(args.Path)}, nil
}

// isJSX reports whether p is a JSX or TSX file, whose text children a lexer cannot tell from
// code: its property escapes are left as they are (and refused).
func isJSX(p string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	return ext == ".jsx" || ext == ".tsx"
}

// ownLoader reports whether onLoad hands esbuild the contents of a file at p itself: the
// extensions loaderFor names.
func ownLoader(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".json":
		return true
	}
	return false
}

// build bundles the entry with overrides (repo-relative path → contents) in place of the files.
func (b *bundler) build(overrides map[string][]byte) (*bundleOut, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.overrides = overrides
	b.inputs = map[string]string{}
	b.unsupp = nil
	b.apis = map[Framework]bool{}
	res := b.ctx.Rebuild()
	b.overrides = nil
	if len(res.Errors) > 0 {
		return nil, &buildError{entry: b.entry, msgs: res.Errors}
	}
	// The plugin recorded builtin uses in the order esbuild's goroutines reached them; the first
	// one names the runner fallback's reason, which must not change from run to run.
	slices.SortFunc(b.unsupp, func(x, y builtinUse) int {
		return cmp.Or(strings.Compare(x.importer, y.importer), strings.Compare(x.spec, y.spec))
	})
	out := &bundleOut{inputs: b.inputs, unsupp: b.unsupp, apis: b.apis, strict: true}
	var meta struct {
		Inputs map[string]struct {
			Format string `json:"format"`
		} `json:"inputs"`
		Outputs map[string]struct {
			Exports []string `json:"exports"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal([]byte(res.Metafile), &meta); err != nil {
		return nil, fmt.Errorf("bundling %s: reading esbuild's metafile: %w", b.entry, err)
	}
	for name, in := range meta.Inputs {
		if in.Format == "cjs" && !strings.HasPrefix(name, externalNamespace+":") {
			out.strict = false
		}
	}
	for _, o := range meta.Outputs {
		out.exports = out.exports || len(o.Exports) > 0
	}
	for _, f := range res.OutputFiles {
		switch {
		case strings.HasSuffix(f.Path, ".map"):
			out.srcMap = f.Contents
		case strings.HasSuffix(f.Path, ".js"):
			out.js = f.Contents
		}
	}
	if out.js == nil || out.srcMap == nil {
		return nil, fmt.Errorf("bundling %s: esbuild returned no script or no source map", b.entry)
	}
	out.js = stripSourceMapComment(out.js)
	return out, nil
}

func (b *bundler) dispose() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ctx != nil {
		b.ctx.Dispose()
		b.ctx = nil
	}
}

// stripSourceMapComment removes esbuild's trailing sourceMappingURL comment: the runner hands
// goja the map itself, and goja must never try to read a map from the file system.
func stripSourceMapComment(js []byte) []byte {
	s := strings.TrimRight(string(js), "\n")
	i := strings.LastIndexByte(s, '\n')
	if strings.HasPrefix(s[i+1:], "//# sourceMappingURL=") {
		s = s[:i+1]
	}
	return []byte(s)
}

func jsonMarshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encoding the instrumented source map: %w", err)
	}
	return b, nil
}
