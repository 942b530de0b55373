package embedded

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/testrepo"
)

// TestFSRefused: what node:fs does not provide refuses the run by fs.member (or by what was
// asked of it), also when the test catches the throw; a test that stubs a refused member runs.
func TestFSRefused(t *testing.T) {
	head := "const test = require('node:test');\nconst assert = require('node:assert');\nconst fs = require('fs');\n"
	tests := []struct {
		name        string
		body        string
		passed      bool
		unsupported string
	}{
		{"writeFileSync", "test('w', () => { fs.writeFileSync('x.txt', 'x'); });\n", false, "fs.writeFileSync"},
		{"mkdirSync caught", "test('m', () => { try { fs.mkdirSync('d'); } catch (e) {} });\n", false, "fs.mkdirSync"},
		{"unlinkSync", "test('u', () => { fs.unlinkSync('a.test.js'); });\n", false, "fs.unlinkSync"},
		{"watch", "test('w', () => { fs.watch('.'); });\n", false, "fs.watch"},
		{"createReadStream", "test('s', () => { fs.createReadStream('a.test.js'); });\n", false, "fs.createReadStream"},
		{"openSync", "test('o', () => { fs.openSync('a.test.js', 'r'); });\n", false, "fs.openSync"},
		{"a descriptor", "test('d', () => { fs.readFileSync(0); });\n", false, "fs.readFileSync of a file descriptor"},
		{"a write flag", "test('f', () => { fs.readFileSync('a.test.js', { flag: 'a+' }); });\n", false, "fs.readFileSync with flag 'a+'"},
		{"recursive readdir", "test('r', () => { fs.readdirSync('.', { recursive: true }); });\n", false, "fs.readdirSync with recursive"},
		{"Stats.mtime", "test('t', () => { fs.statSync('a.test.js').mtime; });\n", false, "fs.Stats.mtime"},
		{"Stats.ino", "test('i', () => { fs.statSync('a.test.js').ino; });\n", false, "fs.Stats.ino"},
		{"bigint stat", "test('b', () => { fs.statSync('a.test.js', { bigint: true }); });\n", false, "fs.statSync with bigint"},
		{"access for writing", "test('a', () => { fs.accessSync('a.test.js', fs.constants.W_OK); });\n", false, "fs.accessSync with W_OK or X_OK (the view is read-only)"},
		{"promises.writeFile", "test('p', async () => { await fs.promises.writeFile('x', 'y'); });\n", false, "fs/promises.writeFile"},
		{"an absolute path outside", "test('o', () => { fs.readFileSync('/etc/passwd', 'utf8'); });\n", false, "fs.readFileSync of a path outside the repository"},
		{"a relative path out", "test('o', () => { fs.readFileSync('../../../etc/passwd'); });\n", false, "fs.readFileSync of a path outside the repository"},
		{"existsSync outside", "test('e', () => { fs.existsSync('/etc'); });\n", false, "fs.existsSync of a path outside the repository"},
		{"readdir of the root's parent", "test('r', () => { fs.readdirSync('..'); });\n", false, "fs.readdirSync of a path outside the repository"},
		{"a device", "test('d', () => { fs.readFileSync('/dev/zero'); });\n", false, "fs.readFileSync of a path outside the repository"},
		{"import.meta.resolve", "import { test } from 'node:test';\ntest('r', () => { import.meta.resolve('./x.js'); });\n", false, "import.meta.resolve"},
		{"writeFileSync stubbed", "test('s', () => { fs.writeFileSync = () => 'stub'; assert.equal(fs.writeFileSync('x', 'y'), 'stub'); });\n", true, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.body
			if !strings.Contains(src, "import ") {
				src = head + src
			}
			checkRefusal(t, src, tc.passed, tc.unsupported)
		})
	}
}

// TestFSLinksOut: a link inside the repository that leads out of it is refused for every read
// that follows it, and what it leads to appears nowhere in the run's output or inputs; a link
// inside the repository to another of its files, and the sandbox's node_modules link to an
// installed node_modules directory elsewhere, are read.
func TestFSLinksOut(t *testing.T) {
	outside := t.TempDir()
	secret := "SECRET-" + filepath.Base(outside)
	if err := os.WriteFile(filepath.Join(outside, "secret.txt"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	nm := filepath.Join(outside, "store", "node_modules")
	if err := os.MkdirAll(filepath.Join(nm, "dep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(nm, "dep", "package.json"), []byte(`{"name":"dep","version":"1.2.3"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// A package that reads a file beside it, as browserslist's and caniuse's data loaders do.
	if err := os.WriteFile(filepath.Join(nm, "dep", "index.js"), []byte("const fs = require('fs');\nconst path = require('path');\nexports.version = () => JSON.parse(fs.readFileSync(path.join(__dirname, 'package.json'), 'utf8')).version;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	head := "const test = require('node:test');\nconst assert = require('node:assert');\nconst fs = require('fs');\nconst path = require('path');\n"
	for _, tc := range []struct {
		name, body, unsupported string
	}{
		{"read through a link out", "test('l', () => { console.log(fs.readFileSync('out/secret.txt', 'utf8')); });\n", "fs.readFileSync of a path outside the repository"},
		{"a file link out", "test('l', () => { console.log(fs.readFileSync('leak.txt', 'utf8')); });\n", "fs.readFileSync of a path outside the repository"},
		{"stat through a link out", "test('l', () => { console.log(fs.statSync('out/secret.txt').size); });\n", "fs.statSync of a path outside the repository"},
		{"readdir through a link out", "test('l', () => { console.log(fs.readdirSync('out')); });\n", "fs.readdirSync of a path outside the repository"},
		{"realpath of a link out", "test('l', () => { console.log(fs.realpathSync('out')); });\n", "fs.realpathSync of a path outside the repository"},
		{"a missing file behind a link out", "test('l', () => { fs.existsSync('out/none.txt'); });\n", "fs.existsSync of a path outside the repository"},
		{"lstat of the link itself", "test('l', () => { assert.equal(fs.lstatSync('leak.txt').isSymbolicLink(), true); });\n", ""},
		{"a link inside", "test('l', () => { assert.equal(fs.readFileSync('inside.txt', 'utf8'), 'mine'); });\n", ""},
		{"a package reading beside itself through the link", "test('l', () => { assert.equal(require('dep').version(), '1.2.3'); });\n", ""},
		{"the node_modules link", "test('l', () => { assert.equal(JSON.parse(fs.readFileSync('node_modules/dep/package.json', 'utf8')).version, '1.2.3'); assert.equal(fs.realpathSync('node_modules/dep'), path.join(process.cwd(), 'node_modules/dep')); });\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := testrepo.Files(t, map[string]string{"a.test.js": head + tc.body, "mine.txt": "mine"})
			for link, target := range map[string]string{"out": outside, "leak.txt": filepath.Join(outside, "secret.txt"), "inside.txt": "mine.txt", "node_modules": nm} {
				if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
					t.Fatal(err)
				}
			}
			r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
			res, err := r.Run(context.Background(), nil, time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if res.Unsupported != tc.unsupported || res.Passed != (tc.unsupported == "") {
				t.Errorf("passed %v, unsupported %q; want %q\n%s", res.Passed, res.Unsupported, tc.unsupported, res.Output)
			}
			if strings.Contains(res.Output, secret) {
				t.Errorf("the secret leaked into the output:\n%s", res.Output)
			}
			for p := range res.Inputs {
				if strings.Contains(p, "secret") {
					t.Errorf("the run records %s as an input", p)
				}
			}
		})
	}
}

// TestFSSeesMutant: a read of a file the run overrides sees the override, and every file the
// tests read is in Result.Inputs with the SHA-256 of the bytes read, the override's for the
// mutated file, so the inputs check covers reads as it covers imports.
func TestFSSeesMutant(t *testing.T) {
	root := testrepo.Files(t, map[string]string{
		"src/limit.js":   "exports.limit = 10;\n",
		"data/words.txt": "alpha\n",
		"a.test.js": "const test = require('node:test');\nconst assert = require('node:assert');\nconst fs = require('fs');\nconst path = require('path');\n" +
			"test('the source reads as imported', () => {\n  const text = fs.readFileSync(path.join(__dirname, 'src/limit.js'), 'utf8');\n  assert.equal(text, 'exports.limit = 10;\\n');\n  assert.equal(fs.statSync('src/limit.js').size, text.length);\n});\n" +
			"test('data', async () => { assert.equal(await fs.promises.readFile('data/words.txt', 'utf8'), 'alpha\\n'); });\n",
	})
	r := newRunnerAt(t, root, []string{"a.test.js"}, Options{})
	sha := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	res, err := r.Run(context.Background(), nil, time.Minute)
	if err != nil || !res.Passed {
		t.Fatalf("unmutated: %v\n%s", err, res.Output)
	}
	if res.Inputs["data/words.txt"] != sha("alpha\n") || res.Inputs["src/limit.js"] != sha("exports.limit = 10;\n") {
		t.Errorf("inputs %v do not record the reads", res.Inputs)
	}
	mut := "exports.limit = 11;\n"
	res, err = r.Run(context.Background(), map[string][]byte{"src/limit.js": []byte(mut)}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if res.Passed || res.FailedTest() != "the source reads as imported" {
		t.Errorf("the read of the mutated file should see the mutant and fail the first test; got passed %v, failed %q\n%s", res.Passed, res.FailedTest(), res.Output)
	}
	if res.Inputs["src/limit.js"] != sha(mut) {
		t.Errorf("src/limit.js recorded as %s, want the mutant's %s", res.Inputs["src/limit.js"], sha(mut))
	}
}
