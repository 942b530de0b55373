package contracts

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writingRunner is an oracle that writes into the user's repository by absolute path, as a test
// that escapes its sandbox would.
type writingRunner struct{ target string }

func (w writingRunner) Command() string { return "writes " + w.target }

func (w writingRunner) Run(ctx context.Context, spec RunSpec) (Outcome, error) {
	if err := os.WriteFile(w.target, []byte("changed\n"), 0o644); err != nil {
		return Outcome{}, err
	}
	return Outcome{Status: RunCompleted, Tests: TestResults{Source: "fake", Listed: true, Passed: []string{"t › passes"}}}, nil
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
	f, err := Parse("mutations.toml", repo, []byte("format = 1\n[[mutation]]\nname = \"one\"\nfile = \"src/a.js\"\nold = \"1\"\nnew = \"2\"\ninvisible = true\n"))
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
			rep, err := Run(context.Background(), Options{Repo: repo, File: f, Jobs: 1, Runner: writingRunner{tc.target}})
			switch {
			case tc.wantErr == "" && (err != nil || rep == nil):
				t.Fatalf("run: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr) || rep != nil):
				t.Fatalf("run: report %v, error %v; want no report and an error containing %q", rep != nil, err, tc.wantErr)
			}
		})
	}
}
