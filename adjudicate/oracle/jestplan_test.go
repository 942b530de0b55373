package oracle

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// jestStartCounter is a --require file that appends one line per jest process started (its
// argv after the bin) to $BOND_TEST_JEST_LOG: NODE_OPTIONS gives it to every node process of a
// run, npx's own included, and only jest's bin is counted.
const jestStartCounter = `const bin = process.argv[1] || '';
if (/[\\/]jest(\.js)?$/.test(bin) && process.env.BOND_TEST_JEST_LOG) {
  require('fs').appendFileSync(process.env.BOND_TEST_JEST_LOG, process.argv.slice(2).join(' ') + '\n');
}
`

// readPlanCounting reads the jest plan of cmd in root, with the config and the test list read
// by one jest run or (separate) by two, and returns it with the jest runs it started.
func readPlanCounting(t *testing.T, root, cmd string, separate bool) (JestPlan, []string) {
	t.Helper()
	dir := t.TempDir()
	counter, log := filepath.Join(dir, "count.cjs"), filepath.Join(dir, "starts.log")
	if err := os.WriteFile(counter, []byte(jestStartCounter), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "NODE_OPTIONS=--require "+counter, "BOND_TEST_JEST_LOG="+log)
	r := &CmdRunner{Cmd: cmd, Runner: RunnerCommand, env: env, tmp: t.TempDir(), jest: &jestOnce{separate: separate}}
	sb := &Box{Root: root, Home: t.TempDir()}
	p, err := r.jestPlanFor(t.Context(), sb, 2*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(log)
	return p, strings.Fields(strings.ReplaceAll(strings.TrimSpace(string(b)), " ", "\x00"))
}

// TestJestPlanOneStart: the value detector reads jest's config and test list with one jest start
// (`--debug --listTests`) where it took two (--showConfig, --listTests), plus the one that tells
// the project's setupFilesAfterEnv from a preset's when it has any; the plan is the one the two
// separate reads give. testdata/witness/value-jest (jest 29.7.0) has a setup file; the same tree
// without it is commander.js's shape (no setupFilesAfterEnv).
func TestJestPlanOneStart(t *testing.T) {
	needNode(t)
	for _, tc := range []struct {
		name        string
		noSetup     bool
		starts, was int
	}{
		{"setupFilesAfterEnv", false, 2, 3},
		{"no setupFilesAfterEnv", true, 1, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := linkedTree(t, "../../testdata/witness/value-jest/tree", "node_modules/.bin/jest")
			if tc.noSetup {
				pkg := `{ "name": "value-fixture-jest", "version": "1.0.0", "private": true, "scripts": { "test": "jest" }, "jest": { "testEnvironment": "node" }, "devDependencies": { "jest": "29.7.0" } }` + "\n"
				if err := os.WriteFile(filepath.Join(root, "package.json"), []byte(pkg), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			one, starts := readPlanCounting(t, root, "npx jest", false)
			two, was := readPlanCounting(t, root, "npx jest", true)
			if one.why != "" || len(one.tests) == 0 {
				t.Fatalf("plan unavailable: %q (tests %v)", one.why, one.tests)
			}
			if !reflect.DeepEqual(one, two) {
				t.Errorf("one run's plan %+v\ntwo runs' plan %+v", one, two)
			}
			if len(starts) != tc.starts || len(was) != tc.was {
				t.Errorf("jest starts: %d %q, and %d %q with separate reads; want %d and %d", len(starts), starts, len(was), was, tc.starts, tc.was)
			}
			if len(starts) > 0 && starts[0] != "--debug\x00--listTests" {
				t.Errorf("first jest start %q, want --debug --listTests", starts[0])
			}
			if wantOwn := !tc.noSetup; (len(one.Own) == 1 && one.Own[0] == "test/setup.js") != wantOwn {
				t.Errorf("own setup files %v (inside %v)", one.Own, one.Inside)
			}
		})
	}
}

// TestSplitDebugList: the one run's output is split after the config's JSON, whatever a package
// manager printed before it; an output with no config, or nothing after it, is not split (the
// caller then reads the two with two runs).
func TestSplitDebugList(t *testing.T) {
	cfg := "{\n  \"configs\": [\n    {\n      \"rootDir\": \"/r\"\n    }\n  ],\n  \"globalConfig\": {},\n  \"version\": \"29.7.0\"\n}\n"
	for _, tc := range []struct{ out, config, list string }{
		{cfg + "/r/test/a.test.js\n/r/test/b.test.js\n", cfg[:len(cfg)-1], "\n/r/test/a.test.js\n/r/test/b.test.js\n"},
		{"\n> pkg@1.0.0 test\n> jest\n\n" + cfg + "/r/test/a.test.js\n", "\n> pkg@1.0.0 test\n> jest\n\n" + cfg[:len(cfg)-1], "\n/r/test/a.test.js\n"},
		{cfg, "", ""},
		{cfg + "  \n", "", ""},
		{"/r/test/a.test.js\n", "", ""},
		{"{\"not\": \"a config\"}\n/r/a.js\n", "", ""},
		{"{\"configs\": [\n", "", ""},
	} {
		config, list := splitDebugList(tc.out)
		if config != tc.config || list != tc.list {
			t.Errorf("splitDebugList(%q) = %q, %q; want %q, %q", tc.out, config, list, tc.config, tc.list)
		}
		if config != "" {
			if _, why := parseShowConfig(config); why != "" {
				t.Errorf("the config part of %q does not parse: %s", tc.out, why)
			}
		}
	}
}
