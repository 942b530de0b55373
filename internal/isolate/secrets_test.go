package isolate

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// credentialHome lays out a home with credentials and a checkout whose .git/config holds a CI
// token, and returns the home, the git dir and the files' contents by path.
func credentialHome(t *testing.T) (root, home, gitDir string, secrets map[string]string) {
	t.Helper()
	root = t.TempDir()
	home = filepath.Join(root, "home")
	gitDir = filepath.Join(root, "repo", ".git")
	secrets = map[string]string{
		filepath.Join(home, ".ssh", "id_ed25519"):       "PRIVATE-KEY-ssh",
		filepath.Join(home, ".npmrc"):                   "//registry.npmjs.org/:_authToken=npm_TOKENVALUE",
		filepath.Join(home, ".git-credentials"):         "https://x:gho_CREDVALUE@github.com",
		filepath.Join(home, ".config", "gcloud", "adc"): "GCLOUD-SECRET",
		filepath.Join(gitDir, "config"):                 "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic EXTRAHEADERVALUE\n",
	}
	for p, v := range secrets {
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(v), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return root, home, gitDir, secrets
}

func TestCredentialPaths(t *testing.T) {
	_, home, gitDir, _ := credentialHome(t)
	tests := []struct {
		name    string
		home    string
		gitDirs []string
		want    []string
	}{
		{"home and checkout", home, []string{gitDir}, []string{
			filepath.Join(home, ".ssh"), filepath.Join(home, ".npmrc"), filepath.Join(home, ".git-credentials"),
			filepath.Join(home, ".config", "gcloud"), filepath.Join(gitDir, "config")}},
		{"no home", "", []string{gitDir}, []string{filepath.Join(gitDir, "config")}},
		{"a git dir without config", home, []string{filepath.Join(home, "nowhere")}, []string{
			filepath.Join(home, ".ssh"), filepath.Join(home, ".npmrc"), filepath.Join(home, ".git-credentials"),
			filepath.Join(home, ".config", "gcloud")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CredentialPaths(tt.home, tt.gitDirs)
			slices.Sort(got)
			slices.Sort(tt.want)
			if !slices.Equal(got, tt.want) {
				t.Errorf("CredentialPaths = %q, want %q", got, tt.want)
			}
		})
	}
}

// In namespace mode a test reads none of the credentials (each reads as empty or as an empty
// directory), cannot write, chmod or unmount them, and bond still reads them afterwards; the
// sandbox and the linked install stay as they were.
func TestSecretsHidden(t *testing.T) {
	root, home, gitDir, secrets := credentialHome(t)
	nm, sb := install(t)
	iso, err := New(Options{ReadOnly: []string{nm}, Fence: []string{root}, Writable: []string{sb}, Secrets: CredentialPaths(home, []string{gitDir})})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	tests := []struct {
		name, script string
		ok           bool
	}{
		{"read the ssh key", "cat " + filepath.Join(home, ".ssh", "id_ed25519"), false},
		{"list ~/.ssh", "ls -A " + filepath.Join(home, ".ssh") + " | grep .", false},
		{"read ~/.npmrc", "cat " + filepath.Join(home, ".npmrc") + " | grep .", false},
		{"read ~/.git-credentials", "cat " + filepath.Join(home, ".git-credentials") + " | grep .", false},
		{"read the gcloud config", "cat " + filepath.Join(home, ".config", "gcloud", "adc"), false},
		{"read .git/config", "cat " + filepath.Join(gitDir, "config") + " | grep .", false},
		{"read .git/config through ../", "cd " + filepath.Join(gitDir, "..") + " && cat .git/config | grep .", false},
		{"chmod the file standing in for ~/.npmrc", "chmod 666 " + filepath.Join(home, ".npmrc"), false},
		{"unmount the cover", "umount " + filepath.Join(home, ".npmrc") + " && cat " + filepath.Join(home, ".npmrc") + " | grep .", false},
		{"write into ~/.ssh", "echo x > " + filepath.Join(home, ".ssh", "authorized_keys"), false},
		{"the install is readable", "cat node_modules/dep/index.js | grep -q module.exports", true},
		{"the sandbox is writable", "echo x > out.txt", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, code, _ := runWrapped(t, iso, sb, tt.script)
			if (code == 0) != tt.ok {
				t.Errorf("exit %d, want success %v: %s", code, tt.ok, out)
			}
			for _, v := range secrets {
				if last := v[strings.LastIndexAny(v, " =:")+1:]; strings.Contains(out, last) {
					t.Errorf("the test's output holds the secret %q: %s", last, out)
				}
			}
		})
	}
	for p, v := range secrets {
		if b, err := os.ReadFile(p); err != nil || string(b) != v {
			t.Errorf("bond reads %s as %q (%v), want it unchanged", p, b, err)
		}
	}
	if fi, err := os.Stat("/dev/null"); err != nil || fi.Mode().Perm() != 0o666 {
		t.Errorf("/dev/null changed: %v %v", fi.Mode(), err)
	}
}

// A root test can open neither /proc/sys nor a /sys attribute for writing (test -w asks the
// kernel, which says EROFS for a read-only mount without anything being written).
func TestKernelTunablesReadOnly(t *testing.T) {
	_, sb := install(t)
	iso, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	if os.Geteuid() != 0 {
		t.Skip("only root can write kernel tunables in the first place")
	}
	tests := []struct{ name, path string }{
		{"core_pattern", "/proc/sys/kernel/core_pattern"},
		{"a /sys attribute", "/sys/kernel/mm/transparent_hugepage/enabled"},
		{"a cgroup file", "/sys/fs/cgroup/cpu/tasks"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := exec.Command("test", "-w", tt.path).Run(); err != nil {
				t.Skipf("%s is not writable outside the sandbox either", tt.path)
			}
			out, code, _ := runWrapped(t, iso, sb, "test -w "+tt.path+" || { echo read-only; exit 1; }; : >> "+tt.path)
			if code == 0 || !strings.Contains(out, "read-only") {
				t.Errorf("exit %d, want the file read-only: %s", code, out)
			}
		})
	}
}

func TestUnescapeMountPath(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/sys", "/sys"},
		{`/mnt/a\040b`, "/mnt/a b"},
		{`/x\134y`, `/x\y`},
		{`/trailing\04`, `/trailing\04`},
	}
	for _, tt := range tests {
		if got := unescapeMountPath(tt.in); got != tt.want {
			t.Errorf("unescapeMountPath(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// In detect mode a test cannot read bond's environment through /proc/PID/environ: bond is
// non-dumpable and, as root, the test runs without CAP_SYS_PTRACE. The run happens in a helper
// process (the "environ" helper) so this test binary keeps its own dumpable flag.
func TestDetectHidesEnviron(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "ISOLATE_TEST_HELPER=environ", ModeVar+"=detect", "ISOLATE_TEST_SECRET=s3cr3t-environ-value")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("helper: %v\n%s", err, out)
	}
	switch {
	case strings.Contains(string(out), "stays readable"):
		// The named residual (docs/isolation.md): bond non-root where user namespaces work.
		t.Skipf("this host runs commands in a user namespace, where detect mode keeps bond dumpable: %s", out)
	case strings.Contains(string(out), "s3cr3t-environ-value"):
		t.Fatalf("the test read bond's environment:\n%s", out)
	case !strings.Contains(string(out), "environ unreadable"):
		t.Fatalf("the helper did not try: %s", out)
	}
}

// resolveSecrets keeps a file only when no directory it covers holds it, whatever the order it
// is given them in, and skips a directory that holds what must stay reachable.
func TestResolveSecrets(t *testing.T) {
	_, home, gitDir, _ := credentialHome(t)
	ssh := filepath.Join(home, ".ssh")
	key := filepath.Join(ssh, "id_ed25519")
	npmrc := filepath.Join(home, ".npmrc")
	cfg := filepath.Join(gitDir, "config")
	tests := []struct {
		name             string
		paths, keep      []string
		wantDirs, wantFs []string
	}{
		{"file before its directory", []string{key, ssh, npmrc}, nil, []string{ssh}, []string{npmrc}},
		{"missing paths dropped", []string{filepath.Join(home, "nope"), cfg}, nil, nil, []string{cfg}},
		{"a directory holding a kept one", []string{ssh, npmrc}, []string{filepath.Join(ssh, "work")}, nil, []string{npmrc}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dirs, files, err := resolveSecrets(tt.paths, nil, tt.keep)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(dirs, tt.wantDirs) || !slices.Equal(files, tt.wantFs) {
				t.Errorf("dirs %q files %q, want %q %q", dirs, files, tt.wantDirs, tt.wantFs)
			}
		})
	}
}
