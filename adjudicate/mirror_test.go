package adjudicate

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/testneed"
	"github.com/bond-tool/bond/internal/testrepo"
	"github.com/bond-tool/bond/plan"
)

// TestMirrorKeepsBuildOutputSkipsCaches: a sandbox holds what the user's tests see — ignored
// build output included — and leaves out caches and coverage output unless git lists files in
// them; the report's sandbox record says what was copied, ignored and skipped (SPEC §3.2).
func TestMirrorKeepsBuildOutputSkipsCaches(t *testing.T) {
	needGit(t)
	root := testrepo.Git(t, map[string]string{
		".gitignore":         "dist/\n/coverage/\n.cache/\n.nyc_output/\nnode_modules/\n",
		"src/a.js":           "a();\n",
		"src/coverage/cv.js": "tracked();\n", // a source directory named like a cache: tracked, kept
	})
	for p, c := range map[string]string{
		"dist/index.js":          "built();\n",
		"coverage/lcov.info":     "SF:x\n",
		".cache/babel/x.json":    "{}",
		"sub/.nyc_output/a.json": "{}",
		"node_modules/dep/i.js":  "dep();\n",
	} {
		abs := filepath.Join(root, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(abs), 0o755)
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tr, err := oracle.ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range tr.Files {
		got = append(got, f.Rel)
	}
	want := ".gitignore dist/index.js src/a.js src/coverage/cv.js"
	if strings.Join(got, " ") != want {
		t.Errorf("mirrored %v, want %s", got, want)
	}
	m := tr.Mirror
	if m.Listing != "git" || m.Ignored != 1 || m.Files != 4 || strings.Join(m.Skipped, " ") != ".cache coverage sub/.nyc_output" || strings.Join(m.NodeModules, " ") != "node_modules" {
		t.Errorf("sandbox record %+v", m)
	}
}

// TestMirrorWithoutGit: a directory that is not a git checkout is mirrored by walking it.
func TestMirrorWithoutGit(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "dist"), 0o755)
	os.WriteFile(filepath.Join(root, "dist", "a.js"), []byte("x"), 0o644)
	os.MkdirAll(filepath.Join(root, ".cache"), 0o755)
	os.WriteFile(filepath.Join(root, ".cache", "c"), []byte("x"), 0o644)
	tr, err := oracle.ReadTree(context.Background(), root)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Files) != 1 || tr.Files[0].Rel != "dist/a.js" || tr.Mirror.Listing != "walk" {
		t.Errorf("files %+v record %+v, want dist/a.js by walk", tr.Files, tr.Mirror)
	}
}

// TestMirrorGitFailureIsAnError: inside a checkout whose git ls-files fails, setup fails with a
// message naming the directory, instead of silently copying everything.
func TestMirrorGitFailureIsAnError(t *testing.T) {
	needGit(t)
	root := testrepo.Git(t, map[string]string{"a.js": "x\n"})
	// A corrupt index makes git ls-files fail while rev-parse still finds the work tree.
	if err := os.WriteFile(filepath.Join(root, ".git", "index"), []byte("not an index"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := oracle.ReadTree(context.Background(), root)
	if err == nil || !input.Is(err) || !strings.Contains(err.Error(), "git ls-files in "+root) || !strings.Contains(err.Error(), "git status") {
		t.Fatalf("got %v, want an error naming git ls-files and %s", err, root)
	}
}

func needGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		testneed.Missing(t, "git is not on PATH; CI must have it: the test would prove nothing skipped")
	}
}

// TestGateGreenWithBuiltDist is the real check of SPEC §3.2's mirror: a repository whose
// `prepare` script (run by npm ci) builds an ignored dist/ that its suite imports gets a green
// gate in the sandbox. With only git's list of files, dist/ was missing there and the gate was
// red on the unmutated tree, so the suite detector was never available.
func TestGateGreenWithBuiltDist(t *testing.T) {
	needNode(t)
	needGit(t)
	if _, err := exec.LookPath("npm"); err != nil {
		testneed.Missing(t, "npm is not on PATH; CI must have it")
	}
	root := copyTree(t, "../testdata/mirror/prepare-dist")
	os.RemoveAll(filepath.Join(root, "dist")) // built by npm ci below, as a user's install would
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm ci: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(root, "dist", "sum.js")); err != nil {
		t.Fatalf("npm ci did not build dist/: %v", err)
	}
	muts := []plan.Mutant{mutantAt(t, root, "src/sum.js", 4, "invert-comparison", ">", "<=")}
	o := Options{Oracle: []string{"test/sum.test.js"}, Runner: RunnerNode, Gates: []report.GateSpec{{Name: "unit", Cmd: "npm test"}}, Plan: plan.Options{Repo: root}, Timeout: 2 * time.Minute,
		// The gate runs on the unmutated tree whether or not a mutant needs it (the value
		// detector now witnesses this one first): what is tested is the mirrored dist/.
		ExhaustiveRuns: true}
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	front := plan.Front{Files: []plan.FileInfo{{Path: "src/sum.js", Added: []int{4}}}}
	rep, err := certifyPlanned(context.Background(), o, front, muts, nil, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Sandbox == nil || rep.Sandbox.Ignored < 1 {
		t.Errorf("sandbox record %+v: want dist/sum.js counted as an ignored file copied", rep.Sandbox)
	}
	if len(rep.Baseline.Gates) != 1 || !rep.Baseline.Gates[0].Passed {
		t.Fatalf("gate on the unmutated tree: %+v, want it green (dist/ mirrored into the sandbox)", rep.Baseline.Gates)
	}
}
