package embedded

// This file gives ava's and node-tap's test APIs (js/ava.js, js/tap.js) the comparison each
// runner's own assertions use: ava's deepEqual and like are the concordance package, tap's same,
// strictSame, match and has the tcompare package. Rather than a copy that drifts, the bundle
// takes the real package from where the runner installed it: an import of 'ava' or 'tap' is a
// module of bond's (comparatorNamespace) that hands the runtime's test API that package.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/evanw/esbuild/pkg/api"
)

// comparatorNamespace is the esbuild namespace of the module an import of 'ava' or 'tap'
// resolves to; its path is the runner's name and its resolveDir the directory of the installed
// package that depends on the comparator.
const comparatorNamespace = "bond-comparator"

// comparator is what one runner's module needs: the package it compares with, and the installed
// packages (in node_modules, first found wins) from whose directory that package resolves as the
// runner's own code resolves it.
type comparator struct {
	pkg   string
	hosts []string
}

// comparators are the test-API modules served with a comparator: ava (concordance, which ava
// 3 to 6 depend on) and tap (tcompare: tap 16 through libtap, tap 18 to 21 through
// @tapjs/asserts).
var comparators = map[string]comparator{
	"ava": {pkg: "concordance", hosts: []string{"ava"}},
	"tap": {pkg: "tcompare", hosts: []string{"@tapjs/asserts", "libtap", "tap"}},
}

// comparatorResolve resolves an import of the runner spec (from a file in dir) to bond's module
// for it, or fails the build naming what is missing: the runner is not installed where Node
// would find it from dir up to the root.
func (b *bundler) comparatorResolve(spec, dir string) (api.OnResolveResult, error) {
	c := comparators[spec]
	for d := dir; ; d = filepath.Dir(d) {
		for _, h := range c.hosts {
			host := filepath.Join(d, "node_modules", filepath.FromSlash(h))
			if fi, err := os.Stat(filepath.Join(host, "package.json")); err == nil && !fi.IsDir() {
				pd := comparatorData{host: host, version: packageVersion(filepath.Join(d, "node_modules", spec))}
				return api.OnResolveResult{Path: spec, Namespace: comparatorNamespace, PluginData: pd}, nil
			}
		}
		if rel, err := filepath.Rel(b.root, d); err != nil || rel == "." || filepath.Dir(d) == d {
			break
		}
	}
	return api.OnResolveResult{}, fmt.Errorf("%s is not installed under %s: the embedded runner compares as %s does with its %s package, taken from node_modules; install the repository's dependencies (npm install)", spec, b.root, spec, c.pkg)
}

// comparatorLoad is the source of bond's module for a runner: the runtime's test API, handed the
// real comparator package once (the first module to load wins; the runtime ignores later ones).
func (b *bundler) comparatorLoad(args api.OnLoadArgs) (api.OnLoadResult, error) {
	pd, _ := args.PluginData.(comparatorData)
	c := comparators[args.Path]
	s := "const m = globalThis.require(" + strconv.Quote(args.Path) + ");\n" +
		"m[Symbol.for('bond.comparator')](require(" + strconv.Quote(c.pkg) + "), " + strconv.Quote(pd.version) + ");\n" +
		"module.exports = m;\n"
	return api.OnLoadResult{Contents: &s, Loader: api.LoaderJS, ResolveDir: pd.host}, nil
}

// comparatorData is what comparatorResolve hands comparatorLoad: the directory the comparator
// resolves from, and the installed runner's version ("" when unread), which decides what the
// runtime serves (tap 16's snapshot files, not tap 18's).
type comparatorData struct {
	host, version string
}

// packageVersion is the "version" of the package.json in dir, "" when it cannot be read.
func packageVersion(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return ""
	}
	var p struct {
		Version string `json:"version"`
	}
	if json.Unmarshal(b, &p) != nil {
		return ""
	}
	return p.Version
}
