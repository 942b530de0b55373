package adjudicate

import (
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/input"
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
			root := writeRepo(t, files)
			d, err := detectOracle(root, tt.touched)
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
	root := writeRepo(t, map[string]string{"package.json": `{"scripts":{"test":"jest"}}`, "src/a.js": "x\n", "test/helper.txt": "x\n"})
	_, err := detectOracle(root, []string{"src/a.js", "test/helper.txt", "test/gone.test.js"})
	if err == nil || !input.Is(err) || err.Error() != ErrNoTestFile {
		t.Fatalf("err %v, want the input error %q", err, ErrNoTestFile)
	}
	root = writeRepo(t, map[string]string{"package.json": `{"scripts":`, "test/a.test.js": "x\n"})
	if _, err := detectOracle(root, []string{"test/a.test.js"}); err == nil || !input.Is(err) || !strings.Contains(err.Error(), "package.json") {
		t.Fatalf("err %v, want an input error naming package.json", err)
	}
}
