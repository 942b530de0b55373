package corpus

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/testneed"
)

func gitT(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// runFixture makes a corpus directory with one git repository (base: lib.js says "base";
// head: it says "head") and a patch that makes it say "patched".
func runFixture(t *testing.T) (dir, base, head string) {
	if _, err := exec.LookPath("git"); err != nil {
		testneed.Missing(t, "git is not on PATH; CI must have it: the test would prove nothing skipped")
	}
	dir = t.TempDir()
	repo := filepath.Join(dir, "repos", "r")
	os.MkdirAll(repo, 0o755)
	gitT(t, repo, "init", "-q")
	os.WriteFile(filepath.Join(repo, "lib.js"), []byte("base\n"), 0o644)
	gitT(t, repo, "add", ".")
	gitT(t, repo, "commit", "-q", "-m", "base")
	base = gitT(t, repo, "rev-parse", "HEAD")
	os.WriteFile(filepath.Join(repo, "lib.js"), []byte("head\n"), 0o644)
	gitT(t, repo, "commit", "-q", "-am", "head")
	head = gitT(t, repo, "rev-parse", "HEAD")
	os.MkdirAll(filepath.Join(dir, "patches"), 0o755)
	os.WriteFile(filepath.Join(dir, "patches", "p.diff"), []byte("--- a/lib.js\n+++ b/lib.js\n@@ -1 +1 @@\n-base\n+patched\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "patches", "hidden.diff"), []byte("--- /dev/null\n+++ b/hidden.txt\n@@ -0,0 +1 @@\n+hidden\n"), 0o644)
	return dir, base, head
}

// fakeCertify reads lib.js in the work tree: "head" and "patched" trees get one accepted
// mutant with a coverage witness (vacuous), anything else a killed one. It checks the request.
func fakeCertify(t *testing.T, calls *atomic.Int32) CertifyFunc {
	return func(ctx context.Context, req CertifyRequest) (*report.Report, error) {
		calls.Add(1)
		data, err := os.ReadFile(filepath.Join(req.Repo, "lib.js"))
		if err != nil {
			return nil, err
		}
		if len(req.Base) != 40 {
			t.Errorf("Base = %q, want a resolved commit", req.Base)
		}
		if _, err := os.Stat(filepath.Join(req.Repo, "hidden.txt")); err == nil {
			t.Error("the held-back patch is applied during certify")
		}
		if strings.Contains(req.OracleCmd, "fail-oracle") {
			return nil, input.Errorf("oracle fails on the patched tree")
		}
		m := killed("m1", "invert-comparison")
		if s := strings.TrimSpace(string(data)); s == "head" || s == "patched" {
			m = accepted("m1", "invert-comparison", report.WitnessCoverage)
		}
		rep := &report.Report{Mutants: []report.MutantResult{m}}
		rep.Operators.Digest = testDigest
		v := report.FactsOf(m).Verdict(report.Regime(req.Regime))
		rep.Bond = report.Bond([]report.Verdict{v}, report.Regime(req.Regime), false)
		return rep, nil
	}
}

func TestRun(t *testing.T) {
	dir, base, head := runFixture(t)
	src := `format = 1
name = "fixture"
[[task]]
id = "head-task"
repo = "repos/r"
base = "` + base + `"
head = "main"
oracle_cmd = "true"
heldback_cmd = "test -f hidden.txt"
heldback_patch = "patches/hidden.diff"
[[task]]
id = "patch-task"
repo = "repos/r"
base = "` + base[:10] + `"
patch = "patches/p.diff"
oracle_cmd = "true"
heldback_cmd = "grep -q nothing lib.js"
[[task]]
id = "install-fails"
repo = "repos/r"
base = "` + base + `"
head = "` + head + `"
install = "echo cannot install >&2; exit 3"
oracle_cmd = "true"
[[task]]
id = "oracle-red"
repo = "repos/r"
base = "` + base + `"
head = "` + head + `"
oracle_cmd = "fail-oracle"
[[task]]
id = "bad-commit"
repo = "repos/r"
base = "nosuchref"
head = "` + head + `"
oracle_cmd = "true"
`
	path := filepath.Join(dir, "corpus.toml")
	os.WriteFile(path, []byte(src), 0o644)
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "rows.jsonl")
	var calls atomic.Int32
	var progress bytes.Buffer
	opts := RunOptions{Corpus: c, Out: out, Jobs: 2, Certify: fakeCertify(t, &calls), OperatorDigest: testDigest, OperatorSet: 1, Progress: &progress}
	sum, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Ran != 5 || sum.Errors != 3 || sum.Skipped != 0 {
		t.Errorf("summary = %+v", sum)
	}
	rf, err := ReadRows(out, false)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := Merge([]*RowsFile{rf})
	by := map[string]Row{}
	for _, r := range rows {
		by[r.Task] = r
	}
	if r := by["head-task"]; r.Error != "" || r.Heldback != HeldbackPassed || r.HeadCommit != head || r.BaseCommit != base || r.Report.Bond.Verdict != "vacuous" || r.Fingerprint == "" || r.OperatorSet != 1 || r.OperatorDigest != testDigest {
		t.Errorf("head-task row = %+v", r)
	}
	if r := by["patch-task"]; r.Error != "" || r.Heldback != HeldbackFailed || r.HeadCommit == head || len(r.HeadCommit) != 40 || r.Report.Bond.Verdict != "vacuous" {
		t.Errorf("patch-task row = %+v", r)
	}
	if r := by["install-fails"]; r.ErrorPhase != PhaseInstall || !strings.Contains(r.Error, "exited 3") || r.Install == nil || !strings.Contains(r.Install.OutputTail, "cannot install") || r.Report != nil {
		t.Errorf("install-fails row = %+v", r)
	}
	if r := by["oracle-red"]; r.ErrorPhase != PhaseCertify || !strings.Contains(r.Error, "oracle fails") {
		t.Errorf("oracle-red row = %+v", r)
	}
	if r := by["bad-commit"]; r.ErrorPhase != PhaseWorktree || !strings.Contains(r.Error, `base = "nosuchref" is not a commit`) {
		t.Errorf("bad-commit row = %+v", r)
	}
	if n := strings.Count(progress.String(), "\n"); n != 5 {
		t.Errorf("progress has %d lines:\n%s", n, progress.String())
	}

	// Resume: every task has a row with its fingerprint, so nothing runs.
	calls.Store(0)
	sum, err = Run(context.Background(), opts)
	if err != nil || sum.Skipped != 5 || sum.Ran != 0 || calls.Load() != 0 {
		t.Errorf("resume: summary %+v, err %v, %d certify calls", sum, err, calls.Load())
	}
	// A half-written last line is cut off and the task runs again; the file stays valid.
	data, _ := os.ReadFile(out)
	lines := strings.SplitAfter(strings.TrimSuffix(string(data), "\n"), "\n")
	keep := strings.Join(lines[:len(lines)-1], "")
	var lastTask string
	{
		rf, _ := readRows("x", strings.NewReader(lines[len(lines)-1]+"\n"))
		lastTask = rf.Rows[0].Task
	}
	os.WriteFile(out, []byte(keep+lines[len(lines)-1][:40]), 0o644)
	sum, err = Run(context.Background(), opts)
	if err != nil || !sum.Truncated || sum.Ran != 1 {
		t.Fatalf("after a half-written line: summary %+v, err %v", sum, err)
	}
	rf, err = ReadRows(out, false)
	if err != nil || rf.Truncated || rf.Rows[len(rf.Rows)-1].Task != lastTask {
		t.Errorf("rows file after resume: %v, truncated %v", err, rf != nil && rf.Truncated)
	}
	// --retry-errors re-runs only the error rows (the oracle-red one reaches certify).
	calls.Store(0)
	opts.RetryErrors = true
	sum, err = Run(context.Background(), opts)
	if err != nil || sum.Ran != 3 || calls.Load() != 1 {
		t.Errorf("retry errors: summary %+v, err %v, %d certify calls", sum, err, calls.Load())
	}
	opts.RetryErrors = false

	// Another build of bond (a rebuilt binary) resumes nothing: its fingerprints differ, so
	// every task runs again; that build's rows then resume under it.
	calls.Store(0)
	opts.Build = "0123abcd"
	sum, err = Run(context.Background(), opts)
	if err != nil || sum.Skipped != 0 || sum.Ran != 5 {
		t.Errorf("another build: summary %+v, err %v", sum, err)
	}
	sum, err = Run(context.Background(), opts)
	if err != nil || sum.Skipped != 5 || sum.Ran != 0 {
		t.Errorf("the same build again: summary %+v, err %v", sum, err)
	}
}

// TestBuildID: the running binary's identity is the SHA-256 of its executable, stable across calls.
func TestBuildID(t *testing.T) {
	a, err := BuildID()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := BuildID()
	if len(a) != 64 || a != b {
		t.Errorf("BuildID() = %q then %q, want one 64-digit hex SHA-256", a, b)
	}
}

func TestRunShard(t *testing.T) {
	dir, base, head := runFixture(t)
	var src strings.Builder
	src.WriteString("format = 1\n")
	for _, id := range []string{"t0", "t1", "t2", "t3", "t4"} {
		src.WriteString("[[task]]\nid = '" + id + "'\nrepo = 'repos/r'\nbase = '" + base + "'\nhead = '" + head + "'\noracle_cmd = 'true'\n")
	}
	path := filepath.Join(dir, "corpus.toml")
	os.WriteFile(path, []byte(src.String()), 0o644)
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	var buf bytes.Buffer
	sum, err := Run(context.Background(), RunOptions{Corpus: c, OutWriter: &buf, Shard: 1, Shards: 2, Certify: fakeCertify(t, &calls), OperatorDigest: testDigest})
	if err != nil || sum.Selected != 2 {
		t.Fatalf("summary %+v, err %v", sum, err)
	}
	rf, _ := readRows("-", &buf)
	var ids []string
	for _, r := range rf.Rows {
		ids = append(ids, r.Task)
	}
	if strings.Join(ids, ",") != "t1,t3" {
		t.Errorf("shard 1/2 ran %v", ids)
	}
	if _, err := Run(context.Background(), RunOptions{Corpus: c, Shard: 2, Shards: 2, Certify: fakeCertify(t, &calls)}); !input.Is(err) {
		t.Errorf("shard 2/2: err = %v, want an InputError", err)
	}
}

// Cancelling a run writes no row for the interrupted tasks, so a rerun picks them up.
func TestRunCancelled(t *testing.T) {
	dir, base, head := runFixture(t)
	path := filepath.Join(dir, "corpus.toml")
	os.WriteFile(path, []byte("format = 1\n[[task]]\nid = 'a'\nrepo = 'repos/r'\nbase = '"+base+"'\nhead = '"+head+"'\noracle_cmd = 'true'\n"), 0o644)
	c, _ := Load(path)
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("stop")
	certify := func(ctx context.Context, req CertifyRequest) (*report.Report, error) {
		cancel(stop)
		return nil, ctx.Err()
	}
	var buf bytes.Buffer
	_, err := Run(ctx, RunOptions{Corpus: c, OutWriter: &buf, Certify: certify})
	if !errors.Is(err, stop) || buf.Len() != 0 {
		t.Errorf("err = %v, rows %q", err, buf.String())
	}
}

func TestReadRowsBad(t *testing.T) {
	good := `{"schema_version":"1","task":"a"}`
	tests := []struct{ name, src, want string }{
		{"middle line not json", good + "\nnot json\n" + good + "\n", "line 2 is not a corpus row"},
		{"no task", `{"schema_version":"1"}` + "\n", "line 1 is not a corpus row (no task id)"},
		{"schema", `{"schema_version":"9","task":"a"}` + "\n", `schema_version "9"`},
	}
	for _, tt := range tests {
		if _, err := readRows("rows.jsonl", strings.NewReader(tt.src)); err == nil || !input.Is(err) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
	rf, err := readRows("rows.jsonl", strings.NewReader(good+"\n"+good[:12]))
	if err != nil || !rf.Truncated || len(rf.Rows) != 1 || rf.ValidBytes != int64(len(good)+1) {
		t.Errorf("half-written last line: %+v, %v", rf, err)
	}
}

func TestMergeLastFinishedWins(t *testing.T) {
	a := fixtureRows()[:2]
	b := []Row{fixtureRows()[0]}
	b[0].Finished = b[0].Finished.Add(1e9)
	b[0].Heldback = HeldbackFailed
	rows, dups := Merge([]*RowsFile{withLines(&RowsFile{Path: "a", Rows: a}), withLines(&RowsFile{Path: "b", Rows: b})})
	if len(rows) != 2 || rows[0].Heldback != HeldbackFailed || len(dups) != 1 || dups[0].Kept != "b:1" || dups[0].Count != 2 {
		t.Errorf("rows %+v dups %+v", rows, dups)
	}
}

// A rows file another run is writing is refused rather than interleaved.
func TestRunRowsFileLocked(t *testing.T) {
	dir, base, head := runFixture(t)
	path := filepath.Join(dir, "corpus.toml")
	os.WriteFile(path, []byte("format = 1\n[[task]]\nid = 'a'\nrepo = 'repos/r'\nbase = '"+base+"'\nhead = '"+head+"'\noracle_cmd = 'true'\n"), 0o644)
	c, _ := Load(path)
	out := filepath.Join(dir, "rows.jsonl")
	f, err := os.OpenFile(out, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		testneed.Missing(t, "flock on %s: %v; the rows-file lock cannot be tested", out, err)
	}
	var calls atomic.Int32
	_, err = Run(context.Background(), RunOptions{Corpus: c, Out: out, Certify: fakeCertify(t, &calls)})
	if !input.Is(err) || !strings.Contains(err.Error(), "being written by another bond corpus run") || calls.Load() != 0 {
		t.Errorf("err = %v, %d certify calls", err, calls.Load())
	}
}

// A repository that lacks some blobs (a snapshot or partial clone without its largest files):
// the files are left out of the work tree and marked so that certify's diff from base does not
// read them; a patch that changes one is an error naming it.
func TestMissingBlobs(t *testing.T) {
	for _, tt := range []struct {
		name, drop string
		wantErr    string
	}{
		{name: "untouched file", drop: "big.txt"},
		{name: "file the patch changes", drop: "lib.js", wantErr: "lacks the contents of lib.js, which the patch changes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir, base, head := runFixture(t)
			repo := filepath.Join(dir, "repos", "r")
			os.WriteFile(filepath.Join(repo, "big.txt"), []byte("a large sample\n"), 0o644)
			gitT(t, repo, "add", "big.txt")
			gitT(t, repo, "commit", "-q", "--amend", "--no-edit")
			head = gitT(t, repo, "rev-parse", "HEAD")
			gitT(t, repo, "checkout", "-q", base)
			os.WriteFile(filepath.Join(repo, "big.txt"), []byte("a large sample\n"), 0o644)
			gitT(t, repo, "add", "big.txt")
			gitT(t, repo, "commit", "-q", "--amend", "--no-edit")
			base = gitT(t, repo, "rev-parse", "HEAD")
			gitT(t, repo, "checkout", "-q", head)
			gitT(t, repo, "rebase", "-q", "--onto", base, "HEAD~1")
			head = gitT(t, repo, "rev-parse", "HEAD")
			blob := gitT(t, repo, "rev-parse", "HEAD:"+tt.drop)
			if err := os.Remove(filepath.Join(repo, ".git", "objects", blob[:2], blob[2:])); err != nil {
				t.Fatal(err)
			}
			wt := filepath.Join(t.TempDir(), "tree")
			task := Task{ID: "t", Repo: "repos/r", RepoDir: repo, Base: base, Head: head}
			if _, _, err := makeWorktree(context.Background(), task, wt); err != nil {
				t.Fatal(err)
			}
			missing, err := skipMissingBlobs(context.Background(), task, wt, base)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || len(missing) != 1 || missing[0] != tt.drop {
				t.Fatalf("missing = %q, err = %v; want [%s]", missing, err, tt.drop)
			}
			if out, err := git(context.Background(), wt, "diff", "-M", "-C", "--name-only", base); err != nil || strings.TrimSpace(out) != "lib.js" {
				t.Errorf("git diff %s in the work tree: %q, %v; want only lib.js", base, out, err)
			}
		})
	}
}
