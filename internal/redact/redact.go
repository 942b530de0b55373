// Package redact replaces the secrets bond knows of by Mask in whatever bond prints or stores
// that a test could have written (SPEC §7; issue 24 deliverable 4): output tails, test names,
// reports. A test should never see a secret (the environment is an allow-list, credentials are
// hidden in namespace mode), but where one still reaches it (a --pass-env token, a detect-mode
// run that read the checkout's .git/config), it does not reach a CI log, a pull-request comment
// or a report file by bond's hand.
//
// The secrets are values, not patterns: the values of bond's own environment variables whose
// names say they hold a credential (SecretName), at least MinLen bytes long, and what Add is
// given (the http.*.extraheader values and URL passwords of the checkout's git configuration:
// GitConfigSecrets). The process-wide set starts from os.Environ on first use.
package redact

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/bond-tool/bond/internal/safefile"
)

// Mask is what a secret is replaced by.
const Mask = "[redacted]"

// MinLen is the shortest value treated as a secret: shorter ones ("1", "true", a region) would
// mask ordinary words, and a credential is longer.
const MinLen = 8

// nameFragments mark an environment variable as a credential when its upper-cased name
// contains one: tokens (GITHUB_TOKEN, NPM_TOKEN, NODE_AUTH_TOKEN, ACTIONS_RUNTIME_TOKEN,
// ACTIONS_ID_TOKEN_REQUEST_TOKEN), secrets and passwords, keys (AWS_SECRET_ACCESS_KEY, API_KEY,
// *_PRIVATE_KEY), auth values, credentials, cookies and sessions, passphrases and signing
// material.
var nameFragments = []string{
	"TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "_PASS", "PASS_", "KEY", "AUTH",
	"CREDENTIAL", "COOKIE", "SESSION", "PRIVATE", "SIGNING", "CERT",
}

// namePrefixes mark a whole family of variables as credentials: every AWS_ and AZURE_ setting
// (access key ids, session tokens), DOCKER_ registry logins and npm's own auth variables.
var namePrefixes = []string{"AWS_", "AZURE_", "DOCKER_", "NPM_CONFIG__AUTH", "VAULT_"}

// SecretName says whether an environment variable's name marks its value as a credential.
func SecretName(name string) bool {
	up := strings.ToUpper(name)
	for _, p := range namePrefixes {
		if strings.HasPrefix(up, p) {
			return true
		}
	}
	for _, f := range nameFragments {
		if strings.Contains(up, f) {
			return true
		}
	}
	return false
}

// FromEnv returns the secret values of environ (os.Environ's form): the values of the
// variables SecretName marks, each line of a multi-line value (a private key), and the password
// of any URL with credentials in any variable (https://user:secret@host/).
func FromEnv(environ []string) []string {
	var out []string
	for _, kv := range environ {
		name, val, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if SecretName(name) {
			out = append(out, val)
			out = append(out, strings.Split(val, "\n")...)
		}
		out = append(out, urlPasswords(val)...)
	}
	return out
}

// GitConfigSecrets returns the secrets a git configuration file's text holds: every
// http.*.extraheader value (what actions/checkout stores the job's token in: "AUTHORIZATION:
// basic BASE64"), its credential field and that field's decoded user:password, and the password
// of any URL with credentials (a remote.*.url or url.*.insteadOf of https://x:TOKEN@host/).
func GitConfigSecrets(config string) []string {
	var out []string
	for _, line := range strings.Split(config, "\n") {
		key, val, ok := strings.Cut(strings.TrimSpace(line), "=")
		if !ok {
			continue
		}
		val = strings.Trim(strings.TrimSpace(val), `"`)
		out = append(out, urlPasswords(val)...)
		if !strings.EqualFold(strings.TrimSpace(key), "extraheader") {
			continue
		}
		out = append(out, val)
		fields := strings.Fields(val)
		if len(fields) == 0 {
			continue
		}
		cred := fields[len(fields)-1]
		out = append(out, cred)
		if dec, err := base64.StdEncoding.DecodeString(cred); err == nil {
			out = append(out, string(dec))
			if _, pass, ok := strings.Cut(string(dec), ":"); ok {
				out = append(out, pass)
			}
		}
	}
	return out
}

// urlPasswords returns the passwords of the URLs with credentials in s.
func urlPasswords(s string) []string {
	var out []string
	for rest := s; ; {
		i := strings.Index(rest, "://")
		if i < 0 {
			return out
		}
		rest = rest[i+3:]
		host := rest
		if j := strings.IndexAny(host, "/?# \t\"'"); j >= 0 {
			host = host[:j]
		}
		if at := strings.LastIndex(host, "@"); at >= 0 {
			if _, pass, ok := strings.Cut(host[:at], ":"); ok {
				out = append(out, pass)
			}
		}
	}
}

// Set is a set of secret values. The zero value holds none; it is safe for concurrent use.
type Set struct {
	mu sync.RWMutex
	// values are the secrets and their JSON-escaped spellings, longest first, so a secret that
	// contains another is masked whole.
	values []string
}

// Add adds the values of at least MinLen bytes (leading and trailing blanks trimmed).
func (s *Set) Add(values ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) < MinLen {
			continue
		}
		forms := []string{v}
		if b, err := json.Marshal(v); err == nil {
			forms = append(forms, string(b[1:len(b)-1]))
		}
		for _, f := range forms {
			if !slices.Contains(s.values, f) {
				s.values = append(s.values, f)
			}
		}
	}
	slices.SortStableFunc(s.values, func(a, b string) int { return len(b) - len(a) })
}

// MaxLen is the length of the longest secret of s (0 when it holds none): a caller that keeps
// the end of a longer text reads this much more before masking, so no secret is cut in half.
func (s *Set) MaxLen() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if len(s.values) == 0 {
		return 0
	}
	return len(s.values[0])
}

// String returns str with every secret of s replaced by Mask.
func (s *Set) String(str string) string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, v := range s.values {
		if strings.Contains(str, v) {
			str = strings.ReplaceAll(str, v, Mask)
		}
	}
	return str
}

// Bytes returns b with every secret of s replaced by Mask (b itself when it holds none).
func (s *Set) Bytes(b []byte) []byte {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, v := range s.values {
		if bytes.Contains(b, []byte(v)) {
			b = bytes.ReplaceAll(b, []byte(v), []byte(Mask))
		}
	}
	return b
}

var (
	stdOnce sync.Once
	std     Set
)

// Std returns the process's set: bond's own environment's secrets (FromEnv(os.Environ())),
// and whatever Add was given since.
func Std() *Set {
	stdOnce.Do(func() { std.Add(FromEnv(os.Environ())...) })
	return &std
}

// Add adds values to the process's set.
func Add(values ...string) { Std().Add(values...) }

// String masks the process's secrets in s.
func String(s string) string { return Std().String(s) }

// Bytes masks the process's secrets in b.
func Bytes(b []byte) []byte { return Std().Bytes(b) }

// Writer masks the process's secrets in what is written through it. It holds back an
// unfinished line (up to 64 KiB) so a secret written in two pieces is still masked whole; a
// newline, a carriage return (a progress line) and Flush let it through.
type Writer struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte
}

// NewWriter returns a Writer onto w. Call Flush before the process exits.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// maxHeld is the longest unfinished line Writer holds back.
const maxHeld = 64 << 10

// Write masks and passes on every finished line of p, holding back the rest.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	cut := bytes.LastIndexAny(w.buf, "\n\r") + 1
	if cut == 0 && len(w.buf) < maxHeld {
		return len(p), nil
	}
	if cut == 0 {
		cut = len(w.buf)
	}
	out := Bytes(slices.Clone(w.buf[:cut]))
	w.buf = append(w.buf[:0], w.buf[cut:]...)
	if _, err := w.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush masks and passes on what Write held back.
func (w *Writer) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.buf) == 0 {
		return nil
	}
	out := Bytes(slices.Clone(w.buf))
	w.buf = w.buf[:0]
	_, err := w.w.Write(out)
	return err
}

// maxConfig bounds how much of a git configuration file AddGitConfigs reads.
const maxConfig = 1 << 20

// AddGitConfigs adds to the process's set the secrets of the config file of each git directory
// (GitConfigSecrets), read directly (a regular file only, bounded), never through git. A missing or unreadable file
// adds nothing: there is nothing in it to leak either.
func AddGitConfigs(gitDirs ...string) {
	for _, d := range gitDirs {
		b, err := safefile.Read(filepath.Join(d, "config"), maxConfig)
		if err != nil {
			continue
		}
		Add(GitConfigSecrets(string(b))...)
	}
}
