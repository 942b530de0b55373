package bondbin

import (
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// A bond built in a git checkout the way the README says reports that checkout's commit, even
// when the environment sets GOFLAGS=-buildvcs=false (this project's own machines do).
func TestBuildStampsCommit(t *testing.T) {
	head, err := exec.Command("git", "-C", "../..", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("the module is not a git checkout here (git rev-parse HEAD: %v), so there is no commit to stamp", err)
	}
	if fi, err := os.Lstat("../../.git"); err == nil && !fi.IsDir() {
		// cmd/go stamps a build only where it finds a .git directory; a linked worktree's .git
		// is a file naming the main checkout's, so go build stamps nothing there.
		t.Skip("the module is a linked git worktree (.git is a file), where go build records no commit; run this test in the main checkout")
	}
	t.Setenv("GOFLAGS", "-buildvcs=false")
	bin, err := Build("../..", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "version", "--format", "json").Output()
	if err != nil {
		t.Fatalf("bond version: %v", err)
	}
	var v struct {
		Commit    string `json:"commit"`
		BuildDate string `json:"build_date"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("bond version --format json: %v\n%s", err, out)
	}
	if want := strings.TrimSpace(string(head)); v.Commit != want {
		t.Errorf("commit %q, want HEAD %q", v.Commit, want)
	}
	if v.BuildDate == "unknown" || v.BuildDate == "" {
		t.Errorf("build_date %q, want the commit's time", v.BuildDate)
	}
}
