package adjudicate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
)

// An ava or tap command reads as the files it names, run by the embedded runner as that runner's
// suite; its config read as data; what bond does not honour is the reason the command runner
// runs it instead.
func TestAvaTapCommandChoice(t *testing.T) {
	cases := []struct {
		name, cmd string
		extra     map[string]string
		fw        embedded.Framework
		want      []string
		why       string
	}{
		{name: "ava files", cmd: "npx ava test/a.js", fw: embedded.FrameworkAva, want: []string{"test/a.js"}},
		{name: "ava glob through npm run", cmd: "npm run unit", fw: embedded.FrameworkAva, want: []string{"test/a.js", "test/b.js"}},
		{name: "tap files", cmd: "npx tap --no-coverage test/b.js", fw: embedded.FrameworkTap, want: []string{"test/b.js"}},
		{name: "ava extensions", cmd: "npx ava test/a.js", extra: map[string]string{"package.json": `{"ava":{"extensions":["ts"]}}`}, why: `sets "extensions"`},
		{name: "ava config program", cmd: "npx ava test/a.js", extra: map[string]string{"ava.config.mjs": "export default {};\n"}, why: "ava.config.mjs"},
		{name: "tap coverage on", cmd: "npx tap test/b.js", why: "tap checks coverage"},
		{name: "taprc node-arg", cmd: "npx tap --no-coverage test/b.js", extra: map[string]string{".taprc": "node-arg:\n  - --expose-gc\n"}, why: `.taprc sets "node-arg"`},
		{name: "tap coverage-map is harmless with coverage off", cmd: "npx tap --no-coverage test/b.js", extra: map[string]string{"package.json": `{"tap":{"coverage-map":"map.js","timeout":30}}`}, fw: embedded.FrameworkTap, want: []string{"test/b.js"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"package.json": `{"name":"u","private":true,"scripts":{"unit":"ava 'test/*.js'"}}`,
				"src/a.js":     "module.exports = 1;\n",
				"test/a.js":    "require('ava');\n",
				"test/b.js":    "require('tap');\n",
			}
			for k, v := range tc.extra {
				files[k] = v
			}
			root := testrepo.Git(t, files)
			got, eo, why := oracle.CommandTests(root, tc.cmd)
			if tc.why != "" {
				if why == "" || !strings.Contains(why, tc.why) {
					t.Fatalf("why %q, want one naming %q (files %v)", why, tc.why, got)
				}
				return
			}
			if why != "" {
				t.Fatalf("why %q, want the embedded runner", why)
			}
			if eo.Framework != tc.fw || strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("framework %q files %q, want %q %q", eo.Framework, got, tc.fw, tc.want)
			}
		})
	}
}

// clampAvaTests and clampTapTests are clampTests for ava and tap.
const clampAvaTests = `const test = require('ava');
const { clamp } = require('../src/clamp.js');

test('keeps a number inside the range', (t) => {
  t.is(clamp(5, 0, 10), 5);
});
test('raises a number below the range', (t) => {
  t.deepEqual({ v: clamp(-1, 0, 10) }, { v: 0 });
});
`

const clampTapTests = `const t = require('tap');
const { clamp } = require('../src/clamp.js');

t.test('clamp', async (t) => {
  t.test('keeps a number inside the range', (t) => {
    t.equal(clamp(5, 0, 10), 5);
    t.end();
  });
  t.test('raises a number below the range', (t) => {
    t.strictSame({ v: clamp(-1, 0, 10) }, { v: 0 });
    t.end();
  });
});
`

// TestAvaTapOracleCommandParity: the same ava or tap command under --runner auto (embedded) and
// --runner node (the real ava 6.1.3 or tap 16.3.10 of the parity fixture) gives the same
// statuses, verdicts and bond.
func TestAvaTapOracleCommandParity(t *testing.T) {
	needNode(t)
	nm, err := filepath.Abs(filepath.Join("oracle", "embedded", "testdata", "tapava-parity", "node_modules"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(nm, ".bin", "ava")); err != nil {
		testneed.Missing(t, "ava and tap are not installed in embedded/testdata/tapava-parity (%v): run npm ci there", err)
	}
	cases := []struct{ name, cmd, test, killer string }{
		{"ava", "npx ava test/clamp.test.js", clampAvaTests, "test/clamp.test.js › raises a number below the range"},
		{"tap", "npx tap --no-coverage test/clamp.test.js", clampTapTests, "test/clamp.test.js › clamp"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { checkClampCommandParity(t, nm, tc.name, tc.cmd, tc.test, tc.killer) })
	}
}
