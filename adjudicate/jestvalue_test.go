package adjudicate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/plan"
)

// TestOwnSetupFiles splits jest's resolved setupFilesAfterEnv into a preset's part and the
// project's own from two --showConfig outputs (plain, and with bond's marker on the command line,
// which replaces the project's list and keeps the preset's), and refuses what it cannot split.
func TestOwnSetupFiles(t *testing.T) {
	show := func(lists ...string) string {
		var cs []string
		for _, l := range lists {
			cs = append(cs, `{"rootDir":"/sb","setupFilesAfterEnv":`+l+`}`)
		}
		return "\n> pkg@1.0.0 test\n> jest --showConfig\n\n" + `{"configs":[` + strings.Join(cs, ",") + `],"globalConfig":{},"version":"29.7.0"}` + "\n"
	}
	const m = "/work/m.cjs"
	roots := []string{"/sb"}
	tests := []struct {
		name, plain, marked string
		own                 string
		esm                 string // the extensions the config treats as ES modules
		why                 string
	}{
		{name: "own only", plain: show(`["test/setup.js","/nm/jest-extended/all.js"]`), marked: show(`["/work/m.cjs"]`), own: "[test/setup.js /nm/jest-extended/all.js] [true false]"},
		{name: "none", plain: show(`[]`), marked: show(`["/work/m.cjs"]`), own: "[] []"},
		{name: "a preset's, then own", plain: show(`["/nm/preset/setup.js","test/setup.js"]`), marked: show(`["/nm/preset/setup.js","/work/m.cjs"]`), own: "[test/setup.js] [true]"},
		{name: "absolute under the root", plain: show(`["/sb/test/setup.js"]`), marked: show(`["/work/m.cjs"]`), own: "[test/setup.js] [true]"},
		{name: "two projects", plain: show(`[]`, `[]`), marked: show(`["/work/m.cjs"]`, `["/work/m.cjs"]`), why: "2 projects"},
		{name: "none, marker run not needed", plain: show(`[]`), marked: "not asked", own: "[] []"},
		// A jest before 24 rejects --setupFilesAfterEnv (jest 22.4.4 exits 1): the marked run is
		// never asked, and the reason is the version, not a failed read.
		{name: "jest 23", plain: `{"configs":[{"rootDir":"/sb"}],"version":"23.6.0"}`, marked: "not asked", why: "jest 23.6.0 has no setupFilesAfterEnv"},
		{name: "jest 22", plain: `{"configs":[{"rootDir":"/sb","setupFiles":[],"setupTestFrameworkScriptFile":null}],"globalConfig":{},"version":"22.4.4"}`, marked: "not asked", why: "jest 22.4.4 has no setupFilesAfterEnv"},
		{name: "two projects, marker run not needed", plain: show(`["a.js"]`, `["b.js"]`), marked: "not asked", why: "2 projects"},
		{name: "marker missing", plain: show(`["test/setup.js"]`), marked: show(`["test/setup.js"]`), why: "could not tell its preset's"},
		{name: "preset differs", plain: show(`["/nm/a.js","test/setup.js"]`), marked: show(`["/nm/b.js","/work/m.cjs"]`), why: "could not tell its preset's"},
		{name: "no config", plain: "jest: command not found", marked: show(`[]`), why: "printed no config"},
		{name: "ES-module extensions", plain: `{"configs":[{"setupFilesAfterEnv":[],"extensionsToTreatAsEsm":[".ts",".tsx"]}]}`, marked: "not asked", own: "[] []", esm: ".ts .tsx"},
		{name: "ES-module extensions and own", plain: `{"configs":[{"rootDir":"/sb","setupFilesAfterEnv":["test/setup.ts"],"extensionsToTreatAsEsm":[".ts"]}]}`,
			marked: `{"configs":[{"rootDir":"/sb","setupFilesAfterEnv":["/work/m.cjs"],"extensionsToTreatAsEsm":[".ts"]}]}`, own: "[test/setup.ts] [true]", esm: ".ts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			marked := func() (string, string) {
				if tt.marked == "not asked" {
					t.Errorf("the run with bond's marker was asked for: a jest start spent to learn nothing")
				}
				return tt.marked, ""
			}
			own, inside, esm, why := oracle.OwnSetupFiles(tt.plain, marked, m, roots)
			if tt.why != "" {
				if !strings.Contains(why, tt.why) {
					t.Errorf("why %q, want it to say %q", why, tt.why)
				}
				return
			}
			if why != "" {
				t.Fatalf("refused: %s", why)
			}
			if own == nil {
				own = []string{}
			}
			if inside == nil {
				inside = []bool{}
			}
			if got := fmt.Sprint(own, inside); got != tt.own {
				t.Errorf("own %s, want %s", got, tt.own)
			}
			if got := strings.Join(esm, " "); got != tt.esm {
				t.Errorf("ES-module extensions %q, want %q", got, tt.esm)
			}
		})
	}
}

// TestJestSetupArgs puts bond's setup file first and the project's own after it, re-rooted in the
// sandbox of the run; with an ES-module test file, bond's (an ES module) after the project's.
func TestJestSetupArgs(t *testing.T) {
	p := oracle.JestPlan{Own: []string{"test/setup.js", "/nm/x.js"}, Inside: []bool{true, false}}
	got := strings.Join(p.JestSetupArgs("/work/calls-1/jest-setup.cjs", "/sb2"), " ")
	want := "--setupFilesAfterEnv=/work/calls-1/jest-setup.cjs --setupFilesAfterEnv=/sb2/test/setup.js --setupFilesAfterEnv=/nm/x.js"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	p.Esm = []string{"test/a.test.mjs"}
	got = strings.Join(p.JestSetupArgs("/work/calls-1/jest-setup.mjs", "/sb2"), " ")
	want = "--setupFilesAfterEnv=/sb2/test/setup.js --setupFilesAfterEnv=/nm/x.js --setupFilesAfterEnv=/work/calls-1/jest-setup.mjs"
	if got != want {
		t.Errorf("ES modules: got  %s\nwant %s", got, want)
	}
}

// TestESMJestTest reads a test file as jest-resolve's shouldLoadAsEsm does: .mjs always, .cjs
// never, .js by the nearest package.json's type, other extensions by extensionsToTreatAsEsm.
func TestESMJestTest(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{"package.json": `{"type":"commonjs"}`, "esm/package.json": `{"type":"module"}`} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	esm := oracle.EsmJestTest(root, []string{".ts"})
	for rel, want := range map[string]bool{"a.test.mjs": true, "esm/a.test.cjs": false, "a.test.js": false, "esm/a.test.js": true,
		"a.test.ts": true, "esm/a.test.tsx": false, "a.test.mts": false} {
		if got := esm(rel); got != want {
			t.Errorf("%s: ES module %v, want %v", rel, got, want)
		}
	}
}

// Under jest 22 (no setupFilesAfterEnv, which it rejects on its command line) the value detector
// names the version as why it cannot trace, read from one --showConfig run, not a failed read of
// a second run it could not have passed.
func TestJest22ValueDetectorNamesTheVersion(t *testing.T) {
	root := fixtureRepo(t, "jest22", map[string]string{})
	m := mutantAt(t, root, "src/sign.js", 6, "return-sentinel", "return 'non-negative';", "return undefined;")
	rep := certifyFiles(t, root, Options{OracleCmd: "npx jest --coverage=false test/sign.test.js", Runner: RunnerNode, Jobs: 1}, []plan.Mutant{m})
	if len(rep.Errors) > 0 || rep.Partial {
		t.Fatalf("certify stopped (partial %v): %v", rep.Partial, rep.Errors)
	}
	if vd := rep.Run.ValueDetector; !strings.Contains(vd, "jest 22.4.4 has no setupFilesAfterEnv") {
		t.Errorf("value_detector %q, want it to name jest 22.4.4's missing setupFilesAfterEnv", vd)
	}
}
