package coverage

import (
	"strings"
	"testing"
)

// TestPrepareOverrides pins how Prepare rewrites a command so bond's coverage request wins: the
// command's own coverage options removed, bond's flags after every option the runner reads, and
// a Problem where a package script's body holds options bond cannot remove. D stands for the lcov
// directory. The fixtures' TestFixtures rows run the real runners on the same shapes.
func TestPrepareOverrides(t *testing.T) {
	const (
		jest       = "--coverage --coverageProvider=v8 --coverageReporters=lcovonly --coverageDirectory D"
		jestClear  = jest + " '--coverageThreshold={}'"
		vitest     = "--coverage.enabled --coverage.provider=v8 --coverage.reporter=lcovonly --coverage.reportsDirectory=D"
		vitestZero = vitest + " --coverage.thresholds.lines=0 --coverage.thresholds.functions=0 --coverage.thresholds.branches=0 --coverage.thresholds.statements=0"
	)
	tests := []struct {
		name    string
		runner  string // "jest" or "vitest": which one is installed
		scripts string // package.json "scripts" JSON
		extra   string // more package.json keys
		cmd     string
		want    string // the rewritten command; "" when a problem is wanted
		problem string
	}{
		{name: "jest plain", runner: "jest", cmd: "npx jest", want: "npx jest " + jestClear},
		{name: "jest off", runner: "jest", cmd: "npx jest --coverage=false", want: "npx jest " + jestClear},
		{name: "jest no-coverage", runner: "jest", cmd: "jest --no-coverage src", want: "jest src " + jestClear},
		{name: "jest separate false", runner: "jest", cmd: "jest --coverage false src", want: "jest src " + jestClear},
		{name: "jest kebab", runner: "jest", cmd: "jest --collect-coverage=false --coverage-directory out", want: "jest " + jestClear},
		{name: "jest own on strips threshold", runner: "jest", cmd: "jest --coverage --coverageThreshold '{}' -i",
			want: "jest -i " + jestClear},
		{name: "jest off strips threshold", runner: "jest", cmd: "jest --coverage=false --coverageThreshold='{\"global\":{}}' -i",
			want: "jest -i " + jestClear},
		{name: "jest reporters array", runner: "jest", cmd: "jest --coverageReporters text json --ci", want: "jest --ci " + jestClear},
		{name: "jest provider", runner: "jest", cmd: "jest --coverageProvider babel -i", want: "jest -i " + jestClear},
		{name: "jest separator", runner: "jest", cmd: "jest --coverage=false -- --coverage", want: "jest " + jestClear + " -- --coverage"},
		{name: "jest redirect", runner: "jest", cmd: "jest --no-coverage 2>&1 >out.txt | tee log", want: "jest " + jestClear + " 2>&1 >out.txt | tee log"},
		{name: "jest bash redirect", runner: "jest", cmd: "jest --coverage=false &>log; echo $?", want: "jest " + jestClear + " &>log; echo $?"},
		{name: "jest to stderr", runner: "jest", cmd: "jest >&2 --no-coverage a", want: "jest >&2 a " + jestClear},
		{name: "jest and then", runner: "jest", cmd: "jest --no-coverage && echo ok", want: "jest " + jestClear + " && echo ok"},
		{name: "jest config on", runner: "jest", extra: `"jest": {"collectCoverage": true}`, cmd: "jest", want: "jest " + jestClear},
		{name: "jest config on, command off", runner: "jest", extra: `"jest": {"collectCoverage": true}`, cmd: "jest --coverage=false", want: "jest " + jestClear},
		{name: "npm script", runner: "jest", scripts: `{"test": "jest --coverage=false"}`, cmd: "npm test", want: "npm test -- " + jestClear},
		{name: "npm script args", runner: "jest", scripts: `{"test": "jest"}`, cmd: "npm test -- --no-coverage a", want: "npm test -- a " + jestClear},
		{name: "npm script on", runner: "jest", scripts: `{"test": "jest --coverage"}`, cmd: "npm test", want: "npm test -- " + jestClear},
		{name: "npm script provider", runner: "jest", scripts: `{"test": "jest --coverageProvider=babel"}`, cmd: "npm test",
			problem: "package script the command runs sets --coverageProvider=babel"},
		{name: "npm script separator", runner: "jest", scripts: `{"test": "jest -- a"}`, cmd: "npm test",
			problem: "passes `--` to jest"},
		{name: "mocha then jest", runner: "jest", cmd: "npx mocha && npx jest --no-coverage", want: "npx mocha && npx jest " + jestClear},
		{name: "node test then vitest script", runner: "vitest", scripts: `{"test": "node --test && vitest run"}`, cmd: "npm test", want: "npm test -- " + vitestZero},
		{name: "vitest plain", runner: "vitest", cmd: "npx vitest run", want: "npx vitest run " + vitestZero},
		{name: "vitest enabled false", runner: "vitest", cmd: "npx vitest run --coverage.enabled=false", want: "npx vitest run " + vitestZero},
		{name: "vitest enabled separate", runner: "vitest", cmd: "vitest run --coverage.enabled false x", want: "vitest run x " + vitestZero},
		{name: "vitest no-coverage first", runner: "vitest", cmd: "vitest --no-coverage run", want: "vitest run " + vitestZero},
		{name: "vitest reporter dir provider", runner: "vitest",
			cmd:  "vitest run --coverage.reporter text --coverage.reportsDirectory=o --coverage.provider istanbul",
			want: "vitest run " + vitestZero},
		{name: "vitest own thresholds, on", runner: "vitest", cmd: "vitest run --coverage --coverage.thresholds.lines=90",
			want: "vitest run " + vitestZero},
		{name: "vitest script enabled false", runner: "vitest", scripts: `{"test": "vitest run --coverage.enabled=false"}`, cmd: "npm test",
			want: "npm test -- --coverage --coverage.provider=v8 --coverage.reporter=lcovonly --coverage.reportsDirectory=D --coverage.thresholds.lines=0 --coverage.thresholds.functions=0 --coverage.thresholds.branches=0 --coverage.thresholds.statements=0"},
		{name: "vitest script coverage false", runner: "vitest", scripts: `{"test": "vitest run --coverage=false"}`, cmd: "npm test", want: "npm test -- " + vitestZero},
		{name: "vitest script both forms", runner: "vitest", scripts: `{"test": "vitest run --coverage=false --coverage.enabled=false"}`, cmd: "npm test",
			problem: "both --coverage and --coverage.enabled"},
		{name: "vitest script dir", runner: "vitest", scripts: `{"test": "vitest run --coverage.reportsDirectory=x"}`, cmd: "yarn test",
			problem: "package script the command runs sets --coverage.reportsDirectory=x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			pkg := `{"name": "x"`
			if tt.scripts != "" {
				pkg += `, "scripts": ` + tt.scripts
			}
			if tt.extra != "" {
				pkg += ", " + tt.extra
			}
			writeFile(t, root, "package.json", pkg+"}")
			writeFile(t, root, "node_modules/"+tt.runner+"/package.json", `{"version": "29.7.0"}`)
			if tt.runner == "vitest" {
				writeFile(t, root, "node_modules/vitest/package.json", `{"version": "3.2.4"}`)
				writeFile(t, root, "node_modules/@vitest/coverage-v8/package.json", `{"version": "3.2.4"}`)
			}
			p, err := Prepare(tt.cmd, root, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			defer p.Remove()
			if tt.problem != "" {
				if p.Cmd != tt.cmd || p.Runner != "" || !strings.Contains(p.Problem, tt.problem) {
					t.Errorf("Prepare(%q) = cmd %q, runner %q, problem %q; want the command unchanged and a problem containing %q",
						tt.cmd, p.Cmd, p.Runner, p.Problem, tt.problem)
				}
				return
			}
			got := strings.ReplaceAll(p.Cmd, p.LcovDir, "D")
			if got != tt.want || p.Problem != "" {
				t.Errorf("Prepare(%q).Cmd =\n  %s\nwant\n  %s\n(problem %q)", tt.cmd, got, tt.want, p.Problem)
			}
		})
	}
}
