package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/bond-tool/bond/internal/bondbin"
	"github.com/bond-tool/bond/internal/testneed"
)

// bondBin is bond built once for the tests, as action.yml installs it.
var bondBin string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "bond-action-test-")
	if err != nil {
		panic(err)
	}
	bondBin, err = bondbin.Build("../..", dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "building bond: %v\n", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// fakeGitHub is the part of the REST API the action calls, for one pull request, o/r#7.
type fakeGitHub struct {
	mu       sync.Mutex
	comments []comment
	next     int64
	posts    int
	patches  int
	badAuth  int
}

func (f *fakeGitHub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Header.Get("Authorization") != "Bearer test-token" {
		f.badAuth++
		http.Error(w, `{"message":"Bad credentials"}`, http.StatusUnauthorized)
		return
	}
	var in struct {
		Body string `json:"body"`
	}
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/repos/o/r/issues/7/comments":
		if r.URL.Query().Get("page") != "1" {
			json.NewEncoder(w).Encode([]comment{})
			return
		}
		json.NewEncoder(w).Encode(f.comments)
	case r.Method == http.MethodPost && r.URL.Path == "/repos/o/r/issues/7/comments":
		json.NewDecoder(r.Body).Decode(&in)
		f.next++
		f.posts++
		c := comment{ID: 1000 + f.next, Body: in.Body}
		c.User.Login, c.User.Type = "github-actions[bot]", "Bot"
		f.comments = append(f.comments, c)
		w.WriteHeader(http.StatusCreated)
		json.NewEncoder(w).Encode(c)
	case r.Method == http.MethodPatch && strings.HasPrefix(r.URL.Path, "/repos/o/r/issues/comments/"):
		json.NewDecoder(r.Body).Decode(&in)
		for i := range f.comments {
			if fmt.Sprintf("/repos/o/r/issues/comments/%d", f.comments[i].ID) == r.URL.Path {
				f.patches++
				f.comments[i].Body = in.Body
				json.NewEncoder(w).Encode(f.comments[i])
				return
			}
		}
		http.NotFound(w, r)
	default:
		http.Error(w, "unexpected "+r.Method+" "+r.URL.Path, http.StatusTeapot)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.email=t@t", "-c", "user.name=t"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// fixturePR is a repository checked out at a pull request's head whose test runs the added
// guard without pinning it (a vacuous mutant), and the base commit's sha.
func fixturePR(t *testing.T) (string, string) {
	if _, err := exec.LookPath("git"); err != nil {
		testneed.Missing(t, "git is not installed")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "src/clamp.js"), "function clamp(x) {\n  return x;\n}\nmodule.exports = { clamp };\n")
	write(t, filepath.Join(dir, "test/clamp.test.js"), `const test = require('node:test');
const assert = require('node:assert/strict');
const { clamp } = require('../src/clamp.js');
test('clamp returns a number', () => { assert.equal(typeof clamp(20), 'number'); });
`)
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-qm", "base")
	base := git(t, dir, "rev-parse", "HEAD")
	write(t, filepath.Join(dir, "src/clamp.js"), "function clamp(x) {\n  if (x > 10) {\n    return 10;\n  }\n  return x;\n}\nmodule.exports = { clamp };\n")
	git(t, dir, "commit", "-qam", "clamp at 10")
	return dir, base
}

// The action certifies the pull request, writes the summary, SARIF, annotations and its
// exit-code output, creates its sticky comment once and updates it on every later run, and
// exits with bond's exit code: 1 refused, 0 under report-only, 2 on bad input.
func TestActionOffline(t *testing.T) {
	repo, base := fixturePR(t)
	// A person's comment that quotes the marker must never be taken for bond's.
	human := comment{ID: 1, Body: Marker + " LGTM, a human"}
	human.User.Login, human.User.Type = "someone", "User"
	gh := &fakeGitHub{comments: []comment{human}}
	srv := httptest.NewServer(gh)
	defer srv.Close()
	tmp := t.TempDir()
	event := filepath.Join(tmp, "event.json")
	write(t, event, fmt.Sprintf(`{"action":"synchronize","number":7,"pull_request":{"number":7,"base":{"ref":"main","sha":%q}},"repository":{"full_name":"o/r"}}`, base))
	env := map[string]string{
		"BOND_BIN": bondBin, "GITHUB_WORKSPACE": repo, "BOND_ORACLE": "test/clamp.test.js", "BOND_SARIF": filepath.Join(tmp, "bond.sarif"),
		"GITHUB_API_URL": srv.URL, "GITHUB_TOKEN": "test-token", "GITHUB_REPOSITORY": "o/r", "GITHUB_EVENT_PATH": event,
		"GITHUB_STEP_SUMMARY": filepath.Join(tmp, "summary.md"), "GITHUB_OUTPUT": filepath.Join(tmp, "output"),
	}
	runAction := func(overrides map[string]string) (int, string, string) {
		getenv := func(k string) string {
			if v, ok := overrides[k]; ok {
				return v
			}
			return env[k]
		}
		var out, errb bytes.Buffer
		code := run(context.Background(), getenv, &out, &errb)
		return code, out.String(), errb.String()
	}
	bondComment := func() comment {
		t.Helper()
		gh.mu.Lock()
		defer gh.mu.Unlock()
		if len(gh.comments) != 2 || gh.comments[0].Body != Marker+" LGTM, a human" {
			t.Fatalf("want the human's comment and one bond comment, have %+v", gh.comments)
		}
		return gh.comments[1]
	}

	code, out, errb := runAction(nil)
	if code != 1 {
		t.Fatalf("exit %d, want bond's 1 (vacuous)\nstdout: %s\nstderr: %s", code, out, errb)
	}
	c := bondComment()
	if !strings.HasPrefix(c.Body, Marker+"\n### bond VACUOUS under witness-recorded — refused (certify exits 1)") || !strings.Contains(c.Body, "`src/clamp.js:2`") {
		t.Errorf("comment body:\n%s", c.Body)
	}
	if !strings.Contains(out, "::warning file=src/clamp.js,line=2,") {
		t.Errorf("no annotation on stdout:\n%s", out)
	}
	if s, _ := os.ReadFile(env["GITHUB_STEP_SUMMARY"]); !strings.Contains(string(s), "### bond VACUOUS under witness-recorded") {
		t.Errorf("job summary:\n%s", s)
	}
	if s, _ := os.ReadFile(env["GITHUB_OUTPUT"]); string(s) != "exit-code=1\n" {
		t.Errorf("outputs: %q", s)
	}
	var sarif struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if b, err := os.ReadFile(env["BOND_SARIF"]); err != nil || json.Unmarshal(b, &sarif) != nil || sarif.Version != "2.1.0" || len(sarif.Runs[0].Results) == 0 {
		t.Errorf("SARIF (%v): %+v", err, sarif)
	}

	// A re-push: the same comment is updated, not duplicated.
	if code, _, errb := runAction(nil); code != 1 || !strings.Contains(errb, "updated comment") {
		t.Fatalf("second run: exit %d\n%s", code, errb)
	}
	if c2 := bondComment(); c2.ID != c.ID {
		t.Errorf("the comment changed id: %d → %d", c.ID, c2.ID)
	}

	// report-only never refuses: exit 0 passes through, the comment says so.
	if code, _, errb := runAction(map[string]string{"BOND_REGIME": "report-only"}); code != 0 {
		t.Fatalf("report-only: exit %d, want 0\n%s", code, errb)
	}
	if c := bondComment(); !strings.Contains(c.Body, "### bond VACUOUS under report-only — not refused (certify exits 0)") {
		t.Errorf("comment not updated for report-only:\n%s", c.Body)
	}

	// Bad input: bond's exit 2 passes through and the comment shows what bond said.
	if code, _, _ := runAction(map[string]string{"BOND_ORACLE": "test/missing.test.js"}); code != 2 {
		t.Fatalf("a missing oracle file: exit %d, want 2", code)
	}
	if c := bondComment(); !strings.Contains(c.Body, "could not certify (exit 2)") || !strings.Contains(c.Body, "missing.test.js") {
		t.Errorf("comment after bad input:\n%s", c.Body)
	}
	gh.mu.Lock()
	defer gh.mu.Unlock()
	if gh.posts != 1 || gh.patches != 3 || gh.badAuth != 0 {
		t.Errorf("posts %d, patches %d, unauthorised %d; want 1, 3, 0", gh.posts, gh.patches, gh.badAuth)
	}
}

// An API failure (a token without pull-requests: write) is reported and, when bond itself
// passed, fails the step with 3 rather than passing silently.
func TestActionAPIFailure(t *testing.T) {
	repo, base := fixturePR(t)
	gh := &fakeGitHub{}
	srv := httptest.NewServer(gh)
	defer srv.Close()
	tmp := t.TempDir()
	event := filepath.Join(tmp, "event.json")
	write(t, event, fmt.Sprintf(`{"number":7,"pull_request":{"number":7,"base":{"sha":%q}},"repository":{"full_name":"o/r"}}`, base))
	env := map[string]string{"BOND_BIN": bondBin, "GITHUB_WORKSPACE": repo, "BOND_ORACLE": "test/clamp.test.js", "BOND_REGIME": "report-only",
		"GITHUB_API_URL": srv.URL, "GITHUB_TOKEN": "wrong", "GITHUB_EVENT_PATH": event}
	var out, errb bytes.Buffer
	code := run(context.Background(), func(k string) string { return env[k] }, &out, &errb)
	if code != 3 || !strings.Contains(errb.String(), "401 Unauthorized") || !strings.Contains(errb.String(), "pull-requests: write") {
		t.Errorf("exit %d, stderr:\n%s", code, errb.String())
	}
}

// action.yml installs this program and bond from the action's own checkout and passes every
// input the program reads.
func TestActionYAML(t *testing.T) {
	b, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	y := string(b)
	for _, want := range []string{
		"using: composite", "working-directory: ${{ github.action_path }}", "go install ./cmd/bond ./cmd/bond-action",
		"BOND_ORACLE: ${{ inputs.oracle }}", "BOND_ORACLE_CMD: ${{ inputs.oracle-cmd }}", "BOND_GATES: ${{ inputs.gates }}",
		"BOND_BASE: ${{ inputs.base }}", "BOND_REGIME: ${{ inputs.regime }}", "BOND_BUDGET: ${{ inputs.budget }}", "BOND_OPERATOR_SET: ${{ inputs.operator-set }}",
		"BOND_COMMENT: ${{ inputs.comment }}", "GITHUB_TOKEN: ${{ inputs.token }}", "upload-sarif",
		`exit "${{ steps.bond.outputs.exit-code }}"`,
	} {
		if !strings.Contains(y, want) {
			t.Errorf("action.yml lacks %q", want)
		}
	}
}

func TestCodeBlock(t *testing.T) {
	for in, want := range map[string]string{
		"plain":              "```\nplain\n```",
		"a ``` b":            "````\na ``` b\n````",
		"x ````` @admin <b>": "``````\nx ````` @admin <b>\n``````",
	} {
		if got := codeBlock(in); got != want {
			t.Errorf("codeBlock(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestBondSourcesConsulted makes go test's cache depend on bond's sources: the Action tests run a bond
// built in TestMain by a child process, whose reads the cache cannot see (internal/bondbin).
func TestBondSourcesConsulted(t *testing.T) {
	if err := bondbin.ConsultSources("../.."); err != nil {
		t.Fatal(err)
	}
}

// The operator-set input reaches certify as --operator-set, and no input claims a default that
// holds for one operator set only.
func TestActionOperatorSet(t *testing.T) {
	c := readConfig(func(k string) string {
		return map[string]string{"BOND_OPERATOR_SET": "2", "BOND_BUDGET": "10"}[k]
	})
	args := strings.Join(c.certifyArgs("base", "r.json"), " ")
	if !strings.Contains(args, "--operator-set 2") || !strings.Contains(args, "--budget 10") {
		t.Errorf("certify args %q lack --operator-set 2 or --budget 10", args)
	}
	b, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "(default 6)") {
		t.Error("action.yml says (default 6), true under operator set 1 only")
	}
}
