package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// layout builds a sandbox-like root and an outside directory, then applies tamper to the root.
func layout(t *testing.T, tamper func(root, outside string)) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "root"), filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(root, "src"), outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(root, "src", "lib.js"), []byte("original\n"), 0o644)
	os.WriteFile(filepath.Join(outside, "victim.js"), []byte("victim\n"), 0o644)
	if tamper != nil {
		tamper(root, outside)
	}
	return root, outside
}

var tampers = []struct {
	name string
	do   func(root, outside string)
	// what the error must say ("" when the file is as bond left it)
	want string
}{
	{"untouched", nil, ""},
	{"file replaced by a link out", func(root, outside string) {
		os.Remove(filepath.Join(root, "src", "lib.js"))
		os.Symlink(filepath.Join(outside, "victim.js"), filepath.Join(root, "src", "lib.js"))
	}, "src/lib.js is a symbolic link"},
	{"file replaced by a relative link out", func(root, outside string) {
		os.Remove(filepath.Join(root, "src", "lib.js"))
		os.Symlink("../../outside/victim.js", filepath.Join(root, "src", "lib.js"))
	}, "src/lib.js is a symbolic link"},
	{"directory replaced by a link out", func(root, outside string) {
		os.RemoveAll(filepath.Join(root, "src"))
		os.WriteFile(filepath.Join(outside, "lib.js"), []byte("victim\n"), 0o644)
		os.Symlink(outside, filepath.Join(root, "src"))
	}, "under src, which is a symbolic link"},
	{"file replaced by a FIFO", func(root, outside string) {
		os.Remove(filepath.Join(root, "src", "lib.js"))
		syscall.Mkfifo(filepath.Join(root, "src", "lib.js"), 0o644)
	}, "src/lib.js is a FIFO"},
	{"file replaced by a hard link", func(root, outside string) {
		os.Remove(filepath.Join(root, "src", "lib.js"))
		os.Link(filepath.Join(outside, "victim.js"), filepath.Join(root, "src", "lib.js"))
	}, "2 hard links"},
	{"file replaced by a directory", func(root, outside string) {
		os.Remove(filepath.Join(root, "src", "lib.js"))
		os.Mkdir(filepath.Join(root, "src", "lib.js"), 0o755)
	}, "src/lib.js is a directory"},
}

// Every write, read and look through a tampered path is refused with a TamperedError naming
// it, the outside file is never written, and nothing waits on a FIFO; with openat2 and with the
// O_NOFOLLOW walk alike.
func TestRootRefusesTampering(t *testing.T) {
	for _, walk := range []bool{false, true} {
		for _, tc := range tampers {
			name := tc.name
			if walk {
				name += " (walk)"
			}
			t.Run(name, func(t *testing.T) {
				openat2Missing = walk
				defer func() { openat2Missing = false }()
				root, outside := layout(t, tc.do)
				r := NewRoot(root)
				done := make(chan struct{})
				var werr, rerr error
				var got []byte
				go func() {
					defer close(done)
					werr = r.WriteFile("src/lib.js", []byte("mutant\n"), 0o644)
					got, rerr = r.ReadFile("src/lib.js", 1<<20)
				}()
				select {
				case <-done:
				case <-time.After(10 * time.Second):
					t.Fatal("blocked (on a FIFO?)")
				}
				b, _ := os.ReadFile(filepath.Join(outside, "victim.js"))
				if string(b) != "victim\n" {
					t.Fatalf("the outside file was written: %q", b)
				}
				if b, err := os.ReadFile(filepath.Join(outside, "lib.js")); err == nil && string(b) != "victim\n" {
					t.Fatalf("the outside file was written: %q", b)
				}
				if tc.want == "" {
					if werr != nil || rerr != nil || string(got) != "mutant\n" {
						t.Fatalf("write %v, read %v %q; want the mutant", werr, rerr, got)
					}
					return
				}
				for _, err := range []error{werr, rerr} {
					var te *TamperedError
					if !errors.As(err, &te) || !strings.Contains(err.Error(), tc.want) {
						t.Errorf("err = %v, want a TamperedError saying %q", err, tc.want)
					}
				}
			})
		}
	}
}

// A missing file is created (a test deleted it: the restore puts it back), and Lstat sees a
// link as a link.
func TestRootCreatesAndLstats(t *testing.T) {
	root, _ := layout(t, func(root, outside string) {
		os.Remove(filepath.Join(root, "src", "lib.js"))
		os.Symlink("elsewhere", filepath.Join(root, "src", "link"))
	})
	r := NewRoot(root)
	if err := r.WriteFile("src/lib.js", []byte("back\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fi, err := r.Lstat("src/lib.js")
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm() != 0o600 {
		t.Fatalf("Lstat = %v, %v; want a regular 0600 file", fi, err)
	}
	fi, err = r.Lstat("src/link")
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatalf("Lstat(link) = %v, %v; want the link itself", fi, err)
	}
	if _, err := r.Lstat("src/missing"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Lstat(missing) = %v, want not-exist", err)
	}
	for _, bad := range []string{"", "/etc/passwd", "../x", "src/../../x"} {
		if err := r.WriteFile(bad, nil, 0o644); err == nil {
			t.Errorf("WriteFile(%q) succeeded", bad)
		}
	}
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "reg")
	os.WriteFile(reg, []byte("0123456789"), 0o644)
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o644)
	link := filepath.Join(dir, "zero")
	os.Symlink("/dev/zero", link)
	okLink := filepath.Join(dir, "ok")
	os.Symlink("reg", okLink)
	tests := []struct {
		name, path string
		max        int64
		want       string // "" for success
	}{
		{"regular", reg, 100, ""},
		{"link to a regular file", okLink, 100, ""},
		{"exactly the cap", reg, 10, ""},
		{"over the cap", reg, 9, "larger than 9 bytes"},
		{"FIFO", fifo, 100, "is a FIFO, not a regular file"},
		{"link to /dev/zero", link, 100, "is a device, not a regular file"},
		{"directory", dir, 100, "is a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			done := make(chan struct{})
			var b []byte
			var err error
			go func() { defer close(done); b, err = Read(tt.path, tt.max) }()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("Read blocked")
			}
			if tt.want == "" {
				if err != nil || string(b) != "0123456789" {
					t.Fatalf("Read = %q, %v", b, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.path) {
				t.Fatalf("Read err = %v, want one naming %s and saying %q", err, tt.path, tt.want)
			}
		})
	}
}

func TestSize(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{{8 << 20, "8 MiB"}, {1 << 30, "1 GiB"}, {2048, "2 KiB"}, {1536, "1536 bytes"}, {9, "9 bytes"}}
	for _, tt := range tests {
		if got := Size(tt.n); got != tt.want {
			t.Errorf("Size(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
