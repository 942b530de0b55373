package embedded

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"

	"github.com/bond-tool/bond/internal/testneed"
)

// TestInstrumentRealLibraries bundles the packages npm ships with (real, varied library code,
// present wherever npm is installed), instruments each bundle, and requires that the instrumented
// bundle parses and loads exactly when the plain one does. This is how the comment and
// private-name cases of the instrumenter were found.
func TestInstrumentRealLibraries(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: bundles dozens of packages")
	}
	// Under CI npm is there (scripts/test runs npm ci), so a missing library set fails there.
	skip := func(format string, args ...any) {
		t.Helper()
		testneed.Missing(t, format+"; CI must have npm and its own packages: the test would prove nothing skipped", args...)
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		skip("npm not on PATH")
	}
	out, err := exec.Command(npm, "root", "-g").Output()
	if err != nil {
		skip("npm root -g failed: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "npm", "node_modules")
	ents, err := os.ReadDir(dir)
	if err != nil {
		skip("no npm packages at %s", dir)
	}
	var pkgs []string
	for _, e := range ents {
		if e.IsDir() && !strings.HasPrefix(e.Name(), "@") && !strings.HasPrefix(e.Name(), ".") {
			pkgs = append(pkgs, e.Name())
		}
	}
	sort.Strings(pkgs)
	// Every fourth package: variety enough (the shapes they taught are also rows of
	// TestInstrumentKeepsSemantics) at a quarter of the time.
	var picked []string
	for i := 0; i < len(pkgs); i += 4 {
		picked = append(picked, pkgs[i])
	}
	pkgs = picked
	checked := 0
	for _, name := range pkgs {
		pkg := filepath.Join(dir, name)
		res := api.Build(api.BuildOptions{
			AbsWorkingDir: pkg, EntryPoints: []string{"."}, Bundle: true, Format: api.FormatIIFE,
			Platform: api.PlatformNode, Target: api.ESNext, Supported: loweredFeatures,
			Outfile: filepath.Join(pkg, bundleName), Sourcemap: api.SourceMapExternal, Write: false,
			TreeShaking: api.TreeShakingFalse, LogLevel: api.LogLevelSilent,
		})
		if len(res.Errors) > 0 {
			continue
		}
		var js, sm []byte
		for _, f := range res.OutputFiles {
			if strings.HasSuffix(f.Path, ".map") {
				sm = f.Contents
			} else {
				js = stripSourceMapComment(f.Contents)
			}
		}
		plain, err := goja.Compile(name, string(js), false)
		if err != nil {
			continue // goja cannot run this package at all
		}
		inst, err := instrument(name, string(js), sm, false, false)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		prg, err := compileInstrumented(name, inst)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		load := func(p *goja.Program, probes int) error {
			rt := goja.New()
			rt.Set("require", func(string) goja.Value { return rt.NewObject() })
			v, err := rt.RunProgram(p)
			if err != nil || probes < 0 {
				return err
			}
			fn, _ := goja.AssertFunction(v)
			arr, _ := rt.New(rt.Get("Uint8Array"), rt.ToValue(probes))
			_, err = fn(goja.Undefined(), arr)
			return err
		}
		if e1, e2 := load(plain, -1), load(prg, inst.probes); (e1 == nil) != (e2 == nil) {
			t.Errorf("%s: loading differs: plain %v, instrumented %v", name, e1, e2)
		}
		checked++
	}
	if checked < 10 {
		skip("only %d packages could be checked", checked)
	}
	t.Logf("%d packages instrumented, parsed and loaded alike", checked)
}
