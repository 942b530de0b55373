package testresults

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle/coverage"
)

// TestAsk pins how Ask rewrites commands (F stands for the result file's path).
func TestAsk(t *testing.T) {
	nodeEnv := "NODE_OPTIONS=--test-reporter=spec --test-reporter-destination=stdout --test-reporter=" + nodeReporter + " --test-reporter-destination=F"
	tests := []struct {
		name, scripts, cmd string
		want               string // the command; "" means unchanged
		env                string // the one variable added
		format             Format
		why                string
	}{
		{name: "jest", cmd: "npx jest test/", want: "npx jest test/ --json --outputFile F", format: FormatJestJSON},
		{name: "jest separator", cmd: "jest -i -- a", want: "jest -i --json --outputFile F -- a", format: FormatJestJSON},
		{name: "jest own json", cmd: "jest --json", why: "already asks jest"},
		{name: "jest npm", scripts: `{"test": "jest"}`, cmd: "npm test", want: "npm test -- --json --outputFile F", format: FormatJestJSON},
		{name: "jest npm args", scripts: `{"test": "jest"}`, cmd: "npm test -- a 2>&1", want: "npm test -- a --json --outputFile F 2>&1", format: FormatJestJSON},
		{name: "vitest", cmd: "npx vitest run", want: "npx vitest run --reporter=default --reporter=json --outputFile.json=F", format: FormatJestJSON},
		{name: "vitest own reporter", cmd: "vitest run --reporter=dot", want: "vitest run --reporter=dot --reporter=json --outputFile.json=F", format: FormatJestJSON},
		{name: "vitest own output", cmd: "vitest run --outputFile=x.json", why: "--outputFile"},
		{name: "mocha", cmd: "npx mocha test/", want: "npx mocha test/ --reporter json --reporter-option output=F", format: FormatMochaJSON},
		{name: "mocha own reporter", cmd: "mocha -R dot", why: "picks mocha's reporter"},
		{name: "mocha script", scripts: `{"test": "mocha --reporter spec"}`, cmd: "yarn test", why: "picks mocha's reporter"},
		{name: "node", cmd: "node --test test/", env: nodeEnv, format: FormatNodeEvents},
		{name: "node tsx", cmd: "node --import tsx --test test/a.test.ts", env: nodeEnv, format: FormatNodeEvents},
		{name: "node npm", scripts: `{"test": "node --test"}`, cmd: "npm test", env: nodeEnv, format: FormatNodeEvents},
		{name: "node own reporter", cmd: "node --test --test-reporter=dot", why: "picks node:test's reporters"},
		{name: "script before others", scripts: `{"test": "jest && eslint ."}`, cmd: "npm test", why: "before other commands"},
		{name: "unknown", cmd: "make test"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if tt.scripts != "" {
				if err := os.WriteFile(filepath.Join(root, "package.json"), []byte(`{"scripts": `+tt.scripts+`}`), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := Ask(tt.cmd, root, "F")
			want := tt.want
			if want == "" {
				want = tt.cmd
			}
			var env string
			if len(r.Env) > 0 {
				env = strings.Join(r.Env, " ")
			}
			if r.Cmd != want || env != tt.env || r.Format != tt.format || !strings.Contains(r.Why, tt.why) {
				t.Errorf("Ask(%q) = cmd %q env %q format %q why %q\nwant cmd %q env %q format %q why ~%q",
					tt.cmd, r.Cmd, env, r.Format, r.Why, want, tt.env, tt.format, tt.why)
			}
			if (r.Path != "") != (tt.format != "") {
				t.Errorf("Ask(%q).Path = %q with format %q", tt.cmd, r.Path, r.Format)
			}
		})
	}
}

// TestRunners runs each runner on its project under testdata/projects (node_modules linked from
// the coverage fixtures under testdata/coverage, installed by npm ci) through coverage.Prepare
// and Ask, as a mutant run would, and checks the failing tests read from the result file and,
// without it, from the output.
func TestRunners(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatalf("node is not on PATH: the runner projects need Node.js")
	}
	failing := []string{"math › subtracts wrongly", "math › nested › throws", "top level hangs"}
	tests := []struct {
		project, modules, cmd string
		from                  From
		prefix                string // the file part of the names
		mochaJoined           bool   // mocha's json reporter joins suite titles with spaces
	}{
		{project: "jest", modules: "jest", cmd: "npx jest", from: FromFile, prefix: "test/math.test.js › "},
		{project: "jest", modules: "jest", cmd: "npm test", from: FromFile, prefix: "test/math.test.js › "},
		{project: "vitest", modules: "vitest", cmd: "npx vitest run", from: FromFile, prefix: "test/math.test.js › "},
		{project: "mocha", modules: "mocha", cmd: "npx mocha test/", from: FromFile, prefix: "test/math.test.js › ", mochaJoined: true},
		{project: "mocha", modules: "mocha", cmd: "npx mocha --reporter spec test/", from: FromOutput},
		{project: "nodetest", modules: "nodetest", cmd: "node --test test/", from: FromFile, prefix: "test/math.test.js › "},
		{project: "nodetest", modules: "nodetest", cmd: "npm test", from: FromFile, prefix: "test/math.test.js › "},
		{project: "nodetest", modules: "nodetest", cmd: "node --test --test-reporter=spec test/", from: FromOutput},
	}
	for _, tt := range tests {
		t.Run(tt.project+"/"+strings.ReplaceAll(tt.cmd, "/", "_"), func(t *testing.T) {
			root := projectCopy(t, tt.project, tt.modules)
			plan, err := coverage.Prepare(tt.cmd, root, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			req := Ask(plan.Cmd, root, filepath.Join(t.TempDir(), "results"))
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			c := exec.CommandContext(ctx, "sh", "-c", req.Cmd)
			c.Dir = root
			c.Env = append(append(os.Environ(), plan.Env...), req.Env...)
			out, err := c.CombinedOutput()
			if err == nil {
				t.Fatalf("%s passed; its project has failing tests\n%s", req.Cmd, out)
			}
			res, err := req.Read(out, root)
			if err != nil {
				t.Fatal(err)
			}
			if res.From != tt.from || res.Note != "" {
				t.Errorf("results from %q (note %q), want %q; command %q", res.From, res.Note, tt.from, req.Cmd)
			}
			var got []string
			for _, f := range res.Failed() {
				got = append(got, f.Name)
				if f.Message == "" {
					t.Errorf("%s has no failure message", f.Name)
				}
			}
			var want []string
			for _, f := range failing {
				if tt.mochaJoined {
					f = strings.Replace(f, "math › nested", "math nested", 1)
				}
				want = append(want, tt.prefix+f)
			}
			if !sameSet(got, want) {
				t.Errorf("failing tests = %q, want %q\n(command %q)\n%s", got, want, req.Cmd, out)
			}
			if tt.from == FromFile && len(res.Tests) != 6 {
				t.Errorf("%d tests in the result file, want 6: %v", len(res.Tests), res.Tests)
			}
		})
	}
}

// projectCopy copies testdata/projects/name into a temp dir and links the node_modules of the
// coverage fixture testdata/coverage/modules.
func projectCopy(t *testing.T, name, modules string) string {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join("testdata", "projects", name)
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, r), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, r), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	nm, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata", "coverage", modules, "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if modules != "nodetest" {
		if _, err := os.Stat(nm); err != nil {
			t.Fatalf("the %s fixture's runner is not installed (%v): run npm ci in testdata/coverage/%s", modules, err, modules)
		}
		if err := os.Symlink(nm, filepath.Join(dst, "node_modules")); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}
