package contracts

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/isolate"
)

// workspaceFiles are an npm-workspaces repository: the root package.json names packages/*, the
// test imports the workspace package by its name, and npm's install would link
// node_modules/ledger-lib -> ../packages/ledger-lib (workspaceRepo makes the link).
var workspaceFiles = map[string]string{
	"package.json": `{
  "name": "ledger",
  "private": true,
  "workspaces": ["packages/*"]
}
`,
	"packages/ledger-lib/package.json": `{"name": "ledger-lib", "version": "1.0.0", "main": "index.js"}
`,
	"packages/ledger-lib/index.js": `'use strict';

function total(items) {
  let sum = 0;
  for (const n of items) {
    sum += n;
  }
  return sum;
}

module.exports = { total };
`,
	"test/total.test.js": `'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { total } = require('ledger-lib');

test('total adds the items', () => {
  assert.strictEqual(total([1, 2, 3]), 6);
});
`,
	"mutations.toml": `format = 1
oracle = ["test/total.test.js"]

[[mutation]]
name = "sum-replaced"
file = "packages/ledger-lib/index.js"
old = "sum += n;"
new = "sum = n;"
fires = ["total adds the items"]
`,
}

// workspaceRepo writes workspaceFiles into a temporary directory with the workspace link an npm
// install makes, and returns the directory.
func workspaceRepo(t *testing.T) string {
	t.Helper()
	repo := t.TempDir()
	for rel, s := range workspaceFiles {
		p := filepath.Join(repo, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(repo, "node_modules"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../packages/ledger-lib", filepath.Join(repo, "node_modules", "ledger-lib")); err != nil {
		t.Fatal(err)
	}
	return repo
}

// In an npm-workspaces repository the tests import the package by name, through
// node_modules/ledger-lib -> ../packages/ledger-lib. The sandbox's link must lead to the
// sandbox's own copy of the package, where the mutation is placed: then the mutation is loaded,
// its test fails and coverage shows the line ran (OK). Led to the user's packages/ledger-lib, as
// contracts' own sandbox once did, the tests ran the unmutated user copy and the contract read
// DECORATION ("never loaded").
func TestWorkspaceMutationLoadedFromSandbox(t *testing.T) {
	needNode(t)
	for _, tc := range []struct{ name, mode, runner string }{
		{name: "node", runner: RunnerNode},
		{name: "node, detect", mode: "detect", runner: RunnerNode},
		{name: "embedded", runner: RunnerEmbedded},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(isolate.ModeVar, tc.mode)
			repo := workspaceRepo(t)
			f, err := Load(filepath.Join(repo, "mutations.toml"), repo)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Run(t.Context(), Options{Repo: repo, File: f, Jobs: 1, RunnerChoice: tc.runner, Timeout: 2 * time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Mutations) != 1 {
				t.Fatalf("%d mutations ran, want 1", len(rep.Mutations))
			}
			m := rep.Mutations[0]
			if m.Verdict != OK || m.Facts.Run == nil || m.Facts.Run.Reach != ReachRan {
				t.Errorf("%s: %s (%s), facts %+v; want OK with the mutated line ran in the sandbox", m.Name, m.Verdict, m.Reason, m.Facts.Run)
			}
			b, err := os.ReadFile(filepath.Join(repo, "packages", "ledger-lib", "index.js"))
			if err != nil || string(b) != workspaceFiles["packages/ledger-lib/index.js"] {
				t.Errorf("the user's package changed: %q, %v", b, err)
			}
		})
	}
}
