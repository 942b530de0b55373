package coverage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseLcov(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"src/a.js", "src/c.js", "src/e.js", "src/f.js", "lib/b.js"} {
		writeFile(t, root, f, "x\n")
	}
	abs := filepath.Join(root, "lib", "b.js")
	in := strings.Join([]string{
		"TN:",
		"SF:src/a.js", // relative to the root
		"FN:2,a", "DA:1,1", "DA:2,3", "DA:4,0", "LF:3", "LH:2", "BRF:0",
		"end_of_record",
		"SF:" + abs,                        // absolute
		"DA:1,0", "DA:2,0", "LF:2", "LH:1", // LH disagrees with the DA lines
		"end_of_record",
		"SF:src/c.js",
		"DA:1,1", "LF:4", "LH:1", // LF disagrees
		"end_of_record",
		"SF:node_modules/x/index.js", "DA:1,1", "LF:1", "LH:1", "end_of_record",
		"SF:/elsewhere/d.js", "DA:1,1", "LF:1", "LH:1", "end_of_record",
		"SF:src/e.js", "DA:1,x", "end_of_record",
		"SF:src/f.js", "DA:3,0", "end_of_record", // no totals: taken as the DA lines say
		"SF:pkg/other.js", "DA:1,1", "end_of_record", // not a file under the root: ignored, noted
	}, "\n")
	res, err := ParseLcov(strings.NewReader(in), root)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.Hits["src/a.js"], (FileHits{1: true, 2: true, 4: false}); !equalHits(got, want) || res.Sources["src/a.js"] != SourceLcov {
		t.Errorf("src/a.js = %v (%s), want %v", got, res.Sources["src/a.js"], want)
	}
	if got, want := res.Hits["src/f.js"], (FileHits{3: false}); !equalHits(got, want) {
		t.Errorf("src/f.js = %v, want %v", got, want)
	}
	for path, why := range map[string]string{"lib/b.js": "LH:1", "src/c.js": "LF:4", "src/e.js": "not DA"} {
		if res.Hits.Known(path) || res.Sources[path] != SourceUnavailable || !strings.Contains(res.Unavailable[path], why) {
			t.Errorf("%s: hits %v source %q reason %q; want rejected mentioning %q", path, res.Hits[path], res.Sources[path], res.Unavailable[path], why)
		}
	}
	for _, path := range []string{"node_modules/x/index.js", "../elsewhere/d.js"} {
		if _, ok := res.Sources[path]; ok {
			t.Errorf("%s should be ignored", path)
		}
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "pkg/other.js") {
		t.Errorf("notes = %q, want one naming pkg/other.js", res.Notes)
	}
	if len(res.Sources) != 5 {
		t.Errorf("sources = %v, want 5 files", res.Sources)
	}
}

func TestPrepare(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "package.json", `{"scripts":{"test":"jest --ci","unit":"vitest run","lint":"jest && eslint .","both":"npm run unit"}}`)
	writeFile(t, root, "node_modules/@vitest/coverage-v8/package.json", `{}`)
	tmp := t.TempDir()
	const J = " --coverage --coverageProvider=v8 --coverageReporters=lcovonly --coverageDirectory LCOV '--coverageThreshold={}'"
	const V = " --coverage.enabled --coverage.provider=v8 --coverage.reporter=lcovonly --coverage.reportsDirectory=LCOV" +
		" --coverage.thresholds.lines=0 --coverage.thresholds.functions=0 --coverage.thresholds.branches=0 --coverage.thresholds.statements=0"
	tests := []struct{ cmd, want, runner, problem string }{
		{cmd: "node --test test/a.test.js", want: "node --test test/a.test.js"},
		{cmd: "npx mocha", want: "npx mocha"},
		{cmd: "jest test/a.test.js", want: "jest test/a.test.js" + J, runner: "jest"},
		{cmd: "npx jest test/a.test.js", want: "npx jest test/a.test.js" + J, runner: "jest"},
		{cmd: "CI=1 npx --yes jest -- a", want: "CI=1 npx --yes jest" + J + " -- a", runner: "jest"},
		{cmd: "./node_modules/.bin/jest a > out.txt", want: "./node_modules/.bin/jest a" + J + " > out.txt", runner: "jest"},
		{cmd: "node node_modules/jest/bin/jest.js a", want: "node node_modules/jest/bin/jest.js a" + J, runner: "jest"},
		{cmd: "npm ci && npx vitest run test/a.test.ts", want: "npm ci && npx vitest run test/a.test.ts" + V, runner: "vitest"},
		{cmd: "yarn vitest run", want: "yarn vitest run" + V, runner: "vitest"},
		{cmd: "pnpm exec jest", want: "pnpm exec jest" + J, runner: "jest"},
		{cmd: "npm test", want: "npm test --" + J, runner: "jest"},
		{cmd: "npm test -- test/a.test.js", want: "npm test -- test/a.test.js" + J, runner: "jest"},
		{cmd: "npm run unit", want: "npm run unit --" + V, runner: "vitest"},
		{cmd: "yarn unit", want: "yarn unit" + V, runner: "vitest"},
		{cmd: "pnpm test", want: "pnpm test" + J, runner: "jest"},
		{cmd: "npm run lint", want: "npm run lint", problem: "before other commands"},
		{cmd: "npm run both", want: "npm run both"},
		{cmd: "npm run nothing", want: "npm run nothing"},
		{cmd: "echo jest", want: "echo jest"},
		// The command collects coverage itself: its switch is replaced by bond's, and its
		// thresholds are cleared like anyone's (a threshold is not a test).
		{cmd: "jest --coverage", want: "jest" + J, runner: "jest"},
		{cmd: "vitest run --coverage", want: "vitest run" + V, runner: "vitest"},
	}
	for _, tt := range tests {
		p, err := Prepare(tt.cmd, root, tmp)
		if err != nil {
			t.Fatal(err)
		}
		got := tt.cmd
		if p.LcovDir != "" {
			got = strings.ReplaceAll(p.Cmd, p.LcovDir, "LCOV")
		} else if p.Cmd != tt.cmd {
			t.Errorf("%q: rewritten to %q without an lcov dir", tt.cmd, p.Cmd)
		}
		if got != tt.want || p.Runner != tt.runner || !strings.Contains(p.Problem, tt.problem) {
			t.Errorf("Prepare(%q) = %q runner %q problem %q\nwant %q runner %q problem ~%q", tt.cmd, got, p.Runner, p.Problem, tt.want, tt.runner, tt.problem)
		}
		if len(p.Env) != 1 || p.Env[0] != "NODE_V8_COVERAGE="+p.V8Dir || !strings.HasPrefix(p.V8Dir, tmp) {
			t.Errorf("%q: env %v dir %q", tt.cmd, p.Env, p.V8Dir)
		}
	}
	// jest before 25 has no --coverageProvider (and refuses the run over it).
	old := t.TempDir()
	writeFile(t, old, "node_modules/jest/package.json", `{"version":"22.4.4"}`)
	if p, err := Prepare("npx jest", old, tmp); err != nil || strings.Contains(p.Cmd, "coverageProvider") || !strings.Contains(p.Cmd, "--coverageThreshold") {
		t.Errorf("jest 22: %q %v", p.Cmd, err)
	}
	writeFile(t, old, "node_modules/jest/package.json", `{"version":"29.7.0"}`)
	if p, err := Prepare("npx jest", old, tmp); err != nil || !strings.Contains(p.Cmd, "--coverageProvider=v8") {
		t.Errorf("jest 29: %q %v", p.Cmd, err)
	}
	// collectCoverage in the config: its thresholds are cleared too.
	on := t.TempDir()
	writeFile(t, on, "jest.config.js", "module.exports = {\n  collectCoverage: true,\n}\n")
	if p, err := Prepare("npx jest", on, tmp); err != nil || !strings.Contains(p.Cmd, "coverageThreshold") {
		t.Errorf("collectCoverage config: %q %v", p.Cmd, err)
	}
	// Without a vitest coverage provider the command is left alone and the plan says why.
	bare := t.TempDir()
	p, err := Prepare("npx vitest run", bare, tmp)
	if err != nil {
		t.Fatal(err)
	}
	if p.Cmd != "npx vitest run" || p.Runner != "" || !strings.Contains(p.Problem, "@vitest/coverage-v8") {
		t.Errorf("no provider: %+v", p)
	}
}

// Read lays lcov over V8: a file V8 saw transformed takes lcov's map, minus the lines that hold no
// code on disk (v8-to-istanbul lists comments and blank lines too); a runner asked for lcov that
// wrote none leaves a note quoting its output.
func TestReadOverlay(t *testing.T) {
	root := t.TempDir()
	p := writeFile(t, root, "src/a.js", "// c\nf();\n\ng();\n")
	tmp := t.TempDir()
	plan, err := Prepare("npx jest", root, tmp)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, plan.V8Dir, "coverage-1.json", v8JSON(t, "file://"+p, []fn{{Ranges: []map[string]int{{"startOffset": 0, "endOffset": 764, "count": 1}}, Block: true}}, nil))
	writeFile(t, plan.LcovDir, "lcov.info", "SF:src/a.js\nDA:1,1\nDA:2,1\nDA:3,1\nDA:4,0\nLF:4\nLH:3\nend_of_record\n")
	res, err := plan.Read(root)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := res.Hits["src/a.js"], (FileHits{2: true, 4: false}); !equalHits(got, want) || res.Sources["src/a.js"] != SourceLcov || len(res.Unavailable) != 0 {
		t.Errorf("hits %v source %q unavailable %v; want %v from lcov", got, res.Sources["src/a.js"], res.Unavailable, want)
	}
	if err := os.Remove(filepath.Join(plan.LcovDir, "lcov.info")); err != nil {
		t.Fatal(err)
	}
	res, err = plan.ReadWithOutput(root, []byte("PASS test/a.test.js\nFailed to collect coverage from src/a.js\n"))
	if err != nil {
		t.Fatal(err)
	}
	why := res.Reason("src/a.js")
	if res.Hits.Known("src/a.js") || !strings.Contains(why, "past the end") || !strings.Contains(why, "Failed to collect coverage from src/a.js") {
		t.Errorf("no lcov: hits %v reason %q", res.Hits["src/a.js"], why)
	}
	if err := plan.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(plan.V8Dir); !os.IsNotExist(err) {
		t.Errorf("Remove left %s", plan.V8Dir)
	}
}
