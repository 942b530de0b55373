package contracts

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/testneed"
)

// writeOnProgress is a progress writer that writes into the user's repository by absolute path
// while the run is under way, as another process (or a test that escaped its sandbox) would.
type writeOnProgress struct{ target string }

func (w writeOnProgress) Write(p []byte) (int, error) {
	return len(p), os.WriteFile(w.target, []byte("changed\n"), 0o644)
}

// A run during which the repository's files change is an error naming them, never a report: the
// verdicts may not describe the tree the run began on (the end-of-run check certify makes too).
func TestRepositoryChangedDuringRun(t *testing.T) {
	repo := t.TempDir()
	for rel, s := range map[string]string{"src/a.js": "exports.a = () => 1;\n", "test/a.test.js": "// a test\n"} {
		p := filepath.Join(repo, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := Parse("mutations.toml", repo, []byte("format = 1\noracle_cmd = \"true\"\n[[mutation]]\nname = \"one\"\nfile = \"src/a.js\"\nold = \"1\"\nnew = \"2\"\ninvisible = true\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, target string
		wantErr      string
	}{
		{"writes the repository", filepath.Join(repo, "test", "a.test.js"), "the repository changed during the run: test/a.test.js"},
		{"writes elsewhere", filepath.Join(t.TempDir(), "x"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := Run(context.Background(), Options{Repo: repo, File: f, Jobs: 1, Progress: writeOnProgress{tc.target}})
			switch {
			case tc.wantErr == "" && (err != nil || rep == nil):
				t.Fatalf("run: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr) || rep != nil):
				t.Fatalf("run: report %v, error %v; want no report and an error containing %q", rep != nil, err, tc.wantErr)
			}
		})
	}
}

// The default runner is certify's auto: oracle files the embedded runner can serve run there,
// and the report names the runner; an oracle it cannot serve runs as a command, the reason in
// runner_note (before: contracts' default was node, and the report named no runner).
func TestDefaultRunnerIsAuto(t *testing.T) {
	needNode(t)
	repo := t.TempDir()
	for rel, s := range map[string]string{
		"src/a.js":       "exports.a = () => 1;\n",
		"test/a.test.js": "const test = require('node:test');\nconst assert = require('node:assert');\nconst { a } = require('../src/a.js');\ntest('a is one', () => assert.equal(a(), 1));\n",
	} {
		p := filepath.Join(repo, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const mutation = "[[mutation]]\nname = \"two\"\nfile = \"src/a.js\"\nold = \"1\"\nnew = \"2\"\nfires = [\"a is one\"]\n"
	for _, tc := range []struct{ name, head, runner, oracle, note string }{
		{"oracle files", "oracle = [\"test/a.test.js\"]\n", RunnerEmbedded, "embedded: test/a.test.js", ""},
		{"a command it cannot read", "oracle_cmd = \"node --test test/ > /dev/stderr\"\n", "command", "node --test test/ > /dev/stderr", "auto chose the command runner"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse("mutations.toml", repo, []byte("format = 1\n"+tc.head+mutation))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := Run(t.Context(), Options{Repo: repo, File: f, Jobs: 1})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Runner != tc.runner || rep.Oracle != tc.oracle || !strings.Contains(rep.RunnerNote, tc.note) {
				t.Errorf("runner %q oracle %q note %q; want %q, %q, a note with %q", rep.Runner, rep.Oracle, rep.RunnerNote, tc.runner, tc.oracle, tc.note)
			}
			if len(rep.Mutations) != 1 || rep.Mutations[0].Verdict != OK {
				t.Errorf("mutations %+v, want one OK", rep.Mutations)
			}
		})
	}
}

// contracts stands on the oracle layer's face (adjudicate/oracle: the Lab, its Scenario and
// Outcome) and the report's vocabulary: it imports neither certify's engine nor the oracle
// layer's inner packages, so a sandbox, runner or coverage fix is made once, in adjudicate/oracle
// (issue 23, items 2 and 4).
func TestImportsOnlyTheFace(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, ".").Output()
	if err != nil {
		testneed.Missing(t, "go list could not list contracts' imports: %v", err)
	}
	allowed := []string{"github.com/bond-tool/bond/adjudicate/oracle", "github.com/bond-tool/bond/adjudicate/report"}
	for _, imp := range strings.Fields(string(out)) {
		switch {
		case !strings.HasPrefix(imp, "github.com/bond-tool/bond/"):
		case slices.Contains(allowed, imp), strings.HasPrefix(imp, "github.com/bond-tool/bond/internal/"):
		default:
			t.Errorf("contracts imports %s; it may import only the oracle layer's face and the report (%s) and internal/ leaves", imp, strings.Join(allowed, ", "))
		}
	}
}
