package adjudicate

import (
	"context"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/testrepo"
)

// The zero-config oracle: the runner package.json names (its test script first, then its
// dependencies) and the test files among those the patch touches.
func TestDetectOracle(t *testing.T) {
	tests := []struct {
		name    string
		pkg     string // package.json, "" for none
		touched []string
		files   string // want Files joined, or
		cmd     string // want Cmd
		from    string // in the note
	}{
		{"no package.json", "", []string{"src/a.js", "test/a.test.js"}, "test/a.test.js", "", "no package.json"},
		{"node --test script", `{"scripts":{"test":"node --test"}}`, []string{"src/a.js", "test/a.test.js"}, "test/a.test.js", "", "test script (node --test) runs node:test"},
		{"jest script", `{"scripts":{"test":"jest --ci"}}`, []string{"src/a.js", "src/__tests__/a.js"}, "", "npx jest src/__tests__/a.js", "runs jest"},
		{"vitest script", `{"scripts":{"test":"vitest run"}}`, []string{"src/a.ts", "src/a.spec.ts"}, "", "npx vitest run src/a.spec.ts", "runs vitest"},
		{"script through npm run", `{"scripts":{"test":"npm run unit","unit":"mocha"}}`, []string{"test/a.js"}, "", "npx mocha test/a.js", "runs mocha"},
		{"tsx script", `{"scripts":{"test":"tsx --test"}}`, []string{"test/a.test.ts"}, "", "npx tsx --test test/a.test.ts", "runs node:test"},
		{"unrecognised script, jest dependency", `{"scripts":{"test":"make test"},"devDependencies":{"jest":"29"}}`, []string{"test/a.test.js"}, "", "npx jest test/a.test.js", "depends on jest"},
		{"vitest before jest", `{"devDependencies":{"jest":"29","vitest":"3"}}`, []string{"test/a.test.js"}, "", "npx vitest run test/a.test.js", "depends on vitest"},
		{"ts-node", `{"devDependencies":{"ts-node":"10"}}`, []string{"test/a.test.ts"}, "", "node --require ts-node/register --test test/a.test.ts", "depends on ts-node"},
		{"a benchmark script beside the marked tests", `{"scripts":{"test":"pnpm run /^test:/"}}`, []string{"src/a.js", "test/benchmark.js", "test/index.test.js"}, "test/index.test.js", "", "left out test/benchmark.js"},
		{"no file marked: all kept", `{"scripts":{"test":"mocha --reporter spec"}}`, []string{"index.js", "test/a.js", "test/helper.js"}, "", "npx mocha test/a.js test/helper.js", "runs mocha"},
		{"__tests__ counts as marked", `{"scripts":{"test":"jest"}}`, []string{"src/__tests__/a.js", "src/b.test.js"}, "", "npx jest src/__tests__/a.js src/b.test.js", "runs jest"},
		{"uvu script: a pattern of exactly the files", `{"scripts":{"test":"uvu -r tsm test"}}`, []string{"src/a.js", "test/a.test.ts", "test/b.test.js"}, "", `npx uvu . '^(?:test/a\.test\.ts|test/b\.test\.js)$'`, "runs uvu"},
		{"tape script", `{"scripts":{"test":"tape test/*.js"}}`, []string{"index.js", "test/index.test.js"}, "", "npx tape test/index.test.js", "runs tape"},
		{"ava script", `{"scripts":{"test":"ava test/*.js"}}`, []string{"index.js", "test/parse.js"}, "", "npx ava test/parse.js", "runs ava"},
		{"tap script", `{"scripts":{"test":"tap --no-coverage test/*.js"}}`, []string{"index.js", "test/foo.js"}, "", "npx tap --no-coverage test/foo.js", "runs tap"},
		{"bare ava script: not read, no runner dependency", `{"scripts":{"test":"xo && ava"},"devDependencies":{"ava":"6"}}`, []string{"test.js"}, "test.js", "", "not one runner invocation bond reads"},
		{"npm's placeholder script", `{"scripts":{"test":"echo \"Error: no test specified\" && exit 1"}}`, []string{"a.test.mjs"}, "a.test.mjs", "", "node's own"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{}
			if tt.pkg != "" {
				files["package.json"] = tt.pkg
			}
			for _, p := range tt.touched {
				files[p] = "x\n"
			}
			root := testrepo.Git(t, files)
			d, err := detectOracle(context.Background(), root, tt.touched)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(d.Files, " "); got != tt.files || d.Cmd != tt.cmd {
				t.Errorf("files %q cmd %q, want %q %q", got, d.Cmd, tt.files, tt.cmd)
			}
			if !strings.Contains(d.Note, tt.from) {
				t.Errorf("note %q lacks %q", d.Note, tt.from)
			}
		})
	}
}

// A patch that touches no test file has no zero-config oracle: an input error that says what to
// do; so is a package.json that does not parse.
func TestDetectOracleRefuses(t *testing.T) {
	root := testrepo.Git(t, map[string]string{"package.json": `{"scripts":{"test":"jest"}}`, "src/a.js": "x\n", "test/helper.txt": "x\n"})
	_, err := detectOracle(context.Background(), root, []string{"src/a.js", "test/helper.txt", "test/gone.test.js"})
	if err == nil || !input.Is(err) || err.Error() != ErrNoTestFile {
		t.Fatalf("err %v, want the input error %q", err, ErrNoTestFile)
	}
	root = testrepo.Git(t, map[string]string{"package.json": `{"scripts":`, "test/a.test.js": "x\n"})
	if _, err := detectOracle(context.Background(), root, []string{"test/a.test.js"}); err == nil || !input.Is(err) || !strings.Contains(err.Error(), "package.json") {
		t.Fatalf("err %v, want an input error naming package.json", err)
	}
}

// Zero-config runs package.json's pretest script before the tests only when a test file imports
// build output: a relative path or the package's own name that resolves to no file of the
// repository (missing, or ignored by git), and the note says which import decided it.
func TestDetectOraclePretest(t *testing.T) {
	tests := []struct {
		name      string
		files     map[string]string
		test      string // the touched test file
		wantFiles string
		cmd       string
		note      string
	}{
		{"relative import of an unbuilt dist", map[string]string{
			"package.json":   `{"scripts":{"pretest":"tsc","test":"node --test"}}`,
			"test/a.test.js": "const { a } = require('../dist/a.js');\n",
			"src/a.ts":       "export const a = 1;\n",
		}, "test/a.test.js", "", "npm run pretest && node --test test/a.test.js", "pretest script (tsc) runs before the tests, as npm test would run it, because test/a.test.js imports ../dist/a.js, which is build output"},
		{"an ignored build that exists on disk is still build output", map[string]string{
			"package.json":  `{"scripts":{"pretest":"npm run build","build":"tsc","test":"mocha"}}`,
			".gitignore":    "dist/\n",
			"dist/index.js": "exports.a = 1;\n",
			"test/a.js":     "import { a } from '../dist/index.js';\n",
		}, "test/a.js", "", "npm run pretest && npx mocha test/a.js", "imports ../dist/index.js, which is build output"},
		{"the package's own name, main built", map[string]string{
			"package.json":   `{"name":"widget","main":"lib/index.js","scripts":{"pretest":"babel src -d lib","test":"jest"}}`,
			"src/index.js":   "module.exports = 1;\n",
			"test/w.test.js": "const w = require('widget'); // not '../lib'\n",
		}, "test/w.test.js", "", "npm run pretest && npx jest test/w.test.js", "imports widget, which is build output"},
		{"sources imported: pretest not run, and said", map[string]string{
			"package.json":   `{"scripts":{"pretest":"eslint .","test":"node --test"}}`,
			"src/a.js":       "exports.a = 1;\n",
			"test/a.test.js": "const { a } = require('../src/a');\n// require('../dist/a.js') in a comment is not an import\n",
		}, "test/a.test.js", "test/a.test.js", "", "pretest script (eslint .) is not run: no test file imports build output"},
		{"a .js specifier for a .ts source is a source", map[string]string{
			"package.json":   `{"scripts":{"pretest":"tsc","test":"tsx --test"}}`,
			"src/a.ts":       "export const a = 1;\n",
			"test/a.test.ts": "import { a } from '../src/a.js';\nimport assert from 'node:assert';\n",
		}, "test/a.test.ts", "", "npx tsx --test test/a.test.ts", "is not run: no test file imports build output"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := testrepo.Git(t, tt.files)
			d, err := detectOracle(context.Background(), root, []string{tt.test})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(d.Files, " "); got != tt.wantFiles || d.Cmd != tt.cmd {
				t.Errorf("files %q cmd %q, want %q %q", got, d.Cmd, tt.wantFiles, tt.cmd)
			}
			if !strings.Contains(d.Note, tt.note) {
				t.Errorf("note %q lacks %q", d.Note, tt.note)
			}
		})
	}
}
