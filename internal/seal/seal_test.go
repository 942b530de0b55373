package seal

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

func TestLoadCreatesOnceAndReadsBack(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bond")
	var wg sync.WaitGroup
	keys := make([]*Key, 8)
	errs := make([]error, 8)
	for i := range keys {
		wg.Add(1)
		go func() { defer wg.Done(); keys[i], errs[i] = Load(dir) }()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Load %d: %v", i, err)
		}
		if string(keys[i].b) != string(keys[0].b) {
			t.Fatalf("two bonds starting at once got different keys")
		}
	}
	fi, err := os.Stat(filepath.Join(dir, KeyFile))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("key mode %v, want 0600", fi.Mode().Perm())
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".key-*")); len(left) > 0 {
		t.Errorf("temporary key files left: %q", left)
	}
}

func TestLoadRefuses(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, p string)
		want  string
	}{
		{"readable by others", func(t *testing.T, p string) { write(t, p, 32, 0o644) }, "chmod 600"},
		{"short", func(t *testing.T, p string) { write(t, p, 5, 0o600) }, "holds 5 bytes"},
		{"fifo", func(t *testing.T, p string) {
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Skip(err)
			}
		}, "not a regular file"},
		{"link to /dev/zero", func(t *testing.T, p string) {
			if err := os.Symlink("/dev/zero", p); err != nil {
				t.Fatal(err)
			}
		}, ""}, // a link's own mode is 0777: refused as readable by others
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			tt.setup(t, filepath.Join(dir, KeyFile))
			_, err := Load(dir)
			if err == nil {
				t.Fatal("Load accepted the key file")
			}
			if !strings.Contains(err.Error(), filepath.Join(dir, KeyFile)) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not name the file and %q", err, tt.want)
			}
		})
	}
}

func TestSumVerify(t *testing.T) {
	k1 := &Key{b: []byte(strings.Repeat("a", keySize))}
	k2 := &Key{b: []byte(strings.Repeat("b", keySize))}
	msg := []byte(`{"key":"x","result":{"status":"accepted"}}`)
	mac := k1.Sum(IncrementalEntry, msg)
	tests := []struct {
		name string
		key  *Key
		d    Domain
		msg  string
		mac  string
		ok   bool
	}{
		{"signed", k1, IncrementalEntry, string(msg), mac, true},
		{"changed entry", k1, IncrementalEntry, strings.Replace(string(msg), "accepted", "killed", 1), mac, false},
		{"other key", k2, IncrementalEntry, string(msg), mac, false},
		{"other domain", k1, "another kind", string(msg), mac, false},
		{"unsigned", k1, IncrementalEntry, string(msg), "", false},
		{"not hex", k1, IncrementalEntry, string(msg), "zz" + mac[2:], false},
		{"truncated", k1, IncrementalEntry, string(msg), mac[:32], false},
	}
	for _, tt := range tests {
		if got := tt.key.Verify(tt.d, []byte(tt.msg), tt.mac); got != tt.ok {
			t.Errorf("%s: Verify = %v, want %v", tt.name, got, tt.ok)
		}
	}
}

func write(t *testing.T, p string, n int, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, make([]byte, n), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
}

func TestToHide(t *testing.T) {
	root := t.TempDir()
	cache := filepath.Join(root, "cache", "bond")
	tests := []struct {
		name    string
		dir     string
		visible []string
		want    string
	}{
		{"none", "", nil, ""},
		{"made and hidden", cache, []string{filepath.Join(root, "repo"), filepath.Join(root, "tmp")}, cache},
		{"holds the repository", cache, []string{filepath.Join(cache, "repo")}, ""},
		{"is the work dir", cache, []string{cache}, ""},
		{"a sibling with a common prefix", cache, []string{cache + "-other"}, cache},
	}
	for _, tt := range tests {
		if got := ToHide(tt.dir, tt.visible...); got != tt.want {
			t.Errorf("%s: ToHide = %q, want %q", tt.name, got, tt.want)
		}
	}
	fi, err := os.Stat(cache)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the cache dir: %v, mode %v; want it made 0700", err, fi.Mode().Perm())
	}
}
