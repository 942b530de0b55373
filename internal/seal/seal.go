// Package seal signs what bond keeps between runs and reads back later (the --incremental
// file's entries), so that a result a test wrote there is never trusted (SPEC §7): each entry
// carries an HMAC-SHA256 under a per-user key that bond keeps in a 0600 file of its own cache
// directory, a directory no test run can see where namespaces work (internal/isolate's Hidden).
//
//	k, err := seal.Load(dir)                 // creates dir/key on first use
//	mac := k.Sum(seal.IncrementalEntry, b)   // when writing b
//	ok := k.Verify(seal.IncrementalEntry, b, mac)
package seal

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/bond-tool/bond/internal/safefile"
)

// Domain separates the kinds of thing a key signs, so a MAC made for one kind never verifies as
// another.
type Domain string

// IncrementalEntry is the domain of one --incremental entry (a mutant's key and recorded facts).
const IncrementalEntry Domain = "bond incremental entry v2"

// KeyFile is the name of the key's file in its directory.
const KeyFile = "key"

// keySize is the key's length in bytes: SHA-256's block-sized HMAC key would be 64, but 32 random
// bytes already give the MAC its full strength.
const keySize = 32

// Key is one user's signing key.
type Key struct {
	path string
	b    []byte
}

// Path returns the key's file.
func (k *Key) Path() string { return k.path }

// Load reads the key in dir/key, making dir (0700) and the key (0600, 32 bytes from crypto/rand)
// when they do not exist yet. Two bonds starting at once agree on one key: the file is created
// whole under a temporary name and linked into place, and the loser reads the winner's. A key
// file that is not a regular file, has the wrong size or is readable by other users is an error
// naming it and what to do.
func Load(dir string) (*Key, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("making bond's key directory %s: %w; make it writable or set XDG_CACHE_HOME", dir, err)
	}
	p := filepath.Join(dir, KeyFile)
	for try := 0; try < 2; try++ {
		k, err := read(p)
		if !errors.Is(err, fs.ErrNotExist) {
			return k, err
		}
		if err := create(dir, p); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	return read(p)
}

// read reads and checks the key file p.
func read(p string) (*Key, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("bond's signing key %s is readable or writable by other users (mode %v); run chmod 600 on it, or delete it to make a new one", p, fi.Mode().Perm())
	}
	b, err := safefile.Read(p, keySize)
	if err != nil {
		return nil, fmt.Errorf("reading bond's signing key: %w; delete %s to make a new one", err, p)
	}
	if len(b) != keySize {
		return nil, fmt.Errorf("bond's signing key %s holds %d bytes, not %d; delete it to make a new one", p, len(b), keySize)
	}
	return &Key{path: p, b: b}, nil
}

// create writes a fresh key under a temporary name and links it to p, failing with an error
// fs.ErrExist matches when p exists already.
func create(dir, p string) error {
	b := make([]byte, keySize)
	if _, err := rand.Read(b); err != nil {
		return fmt.Errorf("making bond's signing key: %w", err)
	}
	f, err := os.CreateTemp(dir, ".key-*")
	if err != nil {
		return fmt.Errorf("making bond's signing key in %s: %w", dir, err)
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return fmt.Errorf("writing bond's signing key %s: %w", tmp, err)
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Link(tmp, p); err != nil {
		var le *os.LinkError
		if errors.As(err, &le) && errors.Is(le.Err, syscall.EEXIST) {
			return fs.ErrExist
		}
		return fmt.Errorf("installing bond's signing key %s: %w", p, err)
	}
	return nil
}

// Sum returns the hex HMAC-SHA256 of msg in domain d.
func (k *Key) Sum(d Domain, msg []byte) string {
	m := hmac.New(sha256.New, k.b)
	m.Write([]byte(d))
	m.Write([]byte{0})
	m.Write(msg)
	return hex.EncodeToString(m.Sum(nil))
}

// Verify says whether mac is msg's MAC in domain d under k, in constant time.
func (k *Key) Verify(d Domain, msg []byte, mac string) bool {
	want, err := hex.DecodeString(mac)
	if err != nil || len(want) != sha256.Size {
		return false
	}
	got, _ := hex.DecodeString(k.Sum(d, msg))
	return hmac.Equal(got, want)
}

// Dir returns bond's own directory in the user cache dir, os.UserCacheDir()/bond: where the key
// lives, beside the default incremental file and the last report.
func Dir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "bond"), nil
}

// ToHide makes dir (0700) when it does not exist yet, so that no test can make it first and plant
// a key or a result there, and returns it for an isolator to hide from every test run (Hidden).
// It returns "" when dir is "" or cannot be made, or when it holds one of visible (the
// repository, the work dir: a cache dir set to an odd place), which must stay in sight.
func ToHide(dir string, visible ...string) string {
	if dir == "" {
		return ""
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	for _, p := range visible {
		if rel, err := filepath.Rel(dir, p); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") {
			return ""
		}
	}
	return dir
}
