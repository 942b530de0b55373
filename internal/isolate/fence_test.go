package isolate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A fence makes a whole directory read-only to the test but for its writable holes, with the
// protected directories inside still read-only: a test cannot write through ../ out of its work
// dir, and the holes keep working.
func TestFenceWithWritableHoles(t *testing.T) {
	root := t.TempDir()
	work := filepath.Join(root, "work")
	sb := filepath.Join(work, "sandbox-0")
	nm := filepath.Join(root, "repo", "node_modules")
	for _, d := range []string{sb, nm} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	iso, err := New(Options{ReadOnly: []string{nm}, Fence: []string{root}, Writable: []string{work}})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	tests := []struct {
		name, script string
		ok           bool
	}{
		{"into the sandbox", "echo x > in.txt", true},
		{"into the work dir through ../", "echo x > ../escape-1.txt", true},
		{"into the fence through ../../", "echo x > ../../escape-2.txt", false},
		{"into the protected dir inside the fence", "echo x > " + nm + "/x.js", false},
		{"remount the fence writable", "mount -o remount,rw,bind " + root + " && echo x > ../../escape-3.txt", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, code, _ := runWrapped(t, iso, sb, tt.script)
			if (code == 0) != tt.ok {
				t.Errorf("exit %d, want success %v: %s", code, tt.ok, out)
			}
			if !tt.ok && code != 0 && !strings.Contains(out, "Read-only") && !strings.Contains(out, "ermission") {
				t.Errorf("failed for another reason than a read-only file system: %s", out)
			}
		})
	}
	for _, f := range []string{"escape-2.txt", "escape-3.txt", "repo/node_modules/x.js"} {
		if _, err := os.Stat(filepath.Join(root, f)); err == nil {
			t.Errorf("%s was written through the fence", f)
		}
	}
}

// A hidden directory (bond's cache dir, with the key that signs cached results) looks empty to
// the test and takes no write, even inside a fence and a writable hole; bond still sees its
// files.
func TestHiddenDirectory(t *testing.T) {
	root := t.TempDir()
	sb := filepath.Join(root, "work", "sandbox")
	cache := filepath.Join(root, "cache", "bond")
	for _, d := range []string{sb, cache} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	key := filepath.Join(cache, "key")
	if err := os.WriteFile(key, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	iso, err := New(Options{Fence: []string{root}, Writable: []string{filepath.Join(root, "work"), filepath.Join(root, "cache")}, Hidden: []string{cache}})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	tests := []struct {
		name, script string
		ok           bool
	}{
		{"list it", "test -z \"$(ls -A " + cache + ")\"", true},
		{"read the key", "cat " + key, false},
		{"write into it", "echo x > " + cache + "/forged.json", false},
		{"unmount it", "umount " + cache + " && cat " + key, false},
		{"replace it", "mv " + cache + " " + cache + ".old", false},
		{"write beside it", "echo x > " + filepath.Join(root, "cache", "beside.txt"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, code, _ := runWrapped(t, iso, sb, tt.script)
			if (code == 0) != tt.ok {
				t.Errorf("exit %d, want success %v: %s", code, tt.ok, out)
			}
			if strings.Contains(out, "secret") {
				t.Errorf("the test read the key: %s", out)
			}
		})
	}
	if b, err := os.ReadFile(key); err != nil || string(b) != "secret" {
		t.Errorf("bond's own view of the key changed: %q, %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(cache, "forged.json")); err == nil {
		t.Error("a test wrote into the hidden directory")
	}
}

// /dev/shm and /var/tmp are the run's own: what a test writes there is gone when the run ends,
// and one run never sees another's.
func TestPrivateScratchDirectories(t *testing.T) {
	_, sb := install(t)
	iso, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	needNamespaces(t, iso)
	dirs := iso.private()
	if len(dirs) == 0 {
		t.Skip("neither /dev/shm nor /var/tmp can be made private here")
	}
	name := fmt.Sprintf("bond-scratch-%d", os.Getpid())
	for _, d := range dirs {
		script := "echo x > " + d + "/" + name + " && test -f " + d + "/" + name
		if out, code, _ := runWrapped(t, iso, sb, script); code != 0 {
			t.Errorf("writing %s in the run: exit %d: %s", d, code, out)
		}
		if _, err := os.Lstat(filepath.Join(d, name)); err == nil {
			os.Remove(filepath.Join(d, name))
			t.Errorf("%s/%s outlived the run", d, name)
		}
	}
}
