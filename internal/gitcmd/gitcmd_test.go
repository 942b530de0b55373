package gitcmd

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestNoProgramRuns plants, in a repository's own configuration and in a HOME's ~/.gitconfig,
// every kind of key that makes git run a program, and runs the git commands bond runs: none of
// the programs may run.
func TestNoProgramRuns(t *testing.T) {
	if Available() != nil {
		t.Skip("git is not on PATH")
	}
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	home := filepath.Join(dir, "home")
	flag := filepath.Join(dir, "ran")
	os.MkdirAll(home, 0o755)
	t.Setenv("HOME", home)
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
	t.Setenv("GIT_CONFIG_VALUE_0", "touch "+flag+".env; false")
	setup := func(args ...string) {
		t.Helper()
		c := exec.Command("git", args...)
		c.Dir = repo
		c.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_COUNT=0")
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	os.MkdirAll(repo, 0o755)
	setup("init", "-q")
	os.WriteFile(filepath.Join(repo, "a.js"), []byte("a\n"), 0o644)
	os.WriteFile(filepath.Join(repo, ".gitattributes"), []byte("*.js filter=evil diff=evil\n"), 0o644)
	setup("add", ".")
	setup("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
	base := strings.TrimSpace(string(must(exec.Command("git", "-C", repo, "rev-parse", "HEAD").Output())))
	os.WriteFile(filepath.Join(repo, "a.js"), []byte("a\nb\n"), 0o644)
	hook := func(what string) string { return "touch " + flag + "." + what + "; cat" }
	for _, kv := range [][2]string{
		{"core.fsmonitor", hook("fsmonitor")},
		{"core.hooksPath", filepath.Join(dir, "hooks")},
		{"core.pager", hook("pager")},
		{"diff.external", hook("external")},
		{"filter.evil.clean", hook("clean")},
		{"filter.evil.smudge", hook("smudge")},
		{"filter.evil.required", "true"},
		{"diff.evil.textconv", hook("textconv")},
		{"diff.evil.command", hook("diffcmd")},
		{"commit.gpgSign", "true"},
		{"gpg.program", hook("gpg")},
	} {
		setup("config", kv[0], kv[1])
	}
	os.MkdirAll(filepath.Join(dir, "hooks"), 0o755)
	for _, h := range []string{"post-checkout", "post-commit", "pre-commit", "reference-transaction"} {
		os.WriteFile(filepath.Join(dir, "hooks", h), []byte("#!/bin/sh\ntouch "+flag+".hook\n"), 0o755)
	}
	os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[core]\n\tfsmonitor = touch "+flag+".home; false\n"), 0o644)

	ctx := context.Background()
	calls := []struct {
		name string
		args []string
	}{
		{"rev-parse", []string{"rev-parse", "--is-inside-work-tree"}},
		{"ls-files", []string{"ls-files", "-co", "--exclude-standard", "-z", "--", "."}},
		{"merge-base", []string{"merge-base", base, "HEAD"}},
		{"diff", []string{"diff", "-M", "-C", "--no-color", "--no-ext-diff", "--no-textconv", base}},
		{"status", []string{"status", "--porcelain"}},
		{"commit", []string{"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "two"}},
		{"checkout", []string{"checkout", "-q", base}},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			out, err := Combined(ctx, repo, c.args...)
			if err != nil {
				t.Fatalf("git %s: %v\n%s", c.name, err, out)
			}
			ran, _ := filepath.Glob(flag + ".*")
			if len(ran) > 0 {
				t.Fatalf("git %s ran a configured program: %v", c.name, ran)
			}
		})
	}
}

func TestEnv(t *testing.T) {
	tests := []struct {
		in       []string
		keep     []string
		dropName []string
	}{
		{
			in:       []string{"PATH=/bin", "HOME=/h", "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=core.pager", "GIT_CONFIG_VALUE_0=evil", "GIT_PAGER=evil", "GIT_DIR=/x"},
			keep:     []string{"PATH=/bin", "HOME=/h", "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_PAGER=cat"},
			dropName: []string{"GIT_CONFIG_COUNT", "GIT_CONFIG_KEY_0", "GIT_CONFIG_VALUE_0", "GIT_DIR"},
		},
		{
			in:       []string{"GIT_CONFIG_GLOBAL=/home/u/.gitconfig", "GIT_SSH_COMMAND=evil", "GIT_EXTERNAL_DIFF=evil"},
			keep:     []string{"GIT_CONFIG_GLOBAL=/dev/null"},
			dropName: []string{"GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF"},
		},
	}
	for _, tt := range tests {
		got := Env(tt.in)
		for _, k := range tt.keep {
			if !slices.Contains(got, k) {
				t.Errorf("Env(%q) lacks %s: %q", tt.in, k, got)
			}
		}
		for _, kv := range got {
			name, val, _ := strings.Cut(kv, "=")
			if slices.Contains(tt.dropName, name) {
				t.Errorf("Env(%q) keeps %s", tt.in, kv)
			}
			if name == "GIT_CONFIG_GLOBAL" && val != "/dev/null" {
				t.Errorf("Env(%q) keeps the global config %s", tt.in, kv)
			}
		}
	}
}

func TestFirstWord(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"diff", "HEAD"}, "diff"},
		{[]string{"-C", "/r", "ls-files"}, "ls-files"},
		{[]string{"-c", "user.name=x", "commit", "-m", "x"}, "commit"},
	}
	for _, tt := range tests {
		if got := firstWord(tt.args); got != tt.want {
			t.Errorf("firstWord(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
