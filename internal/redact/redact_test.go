package redact

import (
	"bytes"
	"encoding/base64"
	"slices"
	"strings"
	"testing"
)

func TestSecretName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"GITHUB_TOKEN", true}, {"NPM_TOKEN", true}, {"NODE_AUTH_TOKEN", true},
		{"ACTIONS_RUNTIME_TOKEN", true}, {"ACTIONS_ID_TOKEN_REQUEST_TOKEN", true},
		{"AWS_SECRET_ACCESS_KEY", true}, {"AWS_ACCESS_KEY_ID", true}, {"AWS_SESSION_TOKEN", true},
		{"aws_profile", true}, {"DB_PASSWORD", true}, {"SMTP_PASS", true}, {"STRIPE_API_KEY", true},
		{"GPG_PASSPHRASE", true}, {"SENTRY_AUTH", true}, {"GOOGLE_CREDENTIALS", true},
		{"npm_config__authToken", true}, {"VAULT_ADDR", true},
		{"PATH", false}, {"HOME", false}, {"GITHUB_WORKSPACE", false}, {"GITHUB_REPOSITORY", false},
		{"CI", false}, {"LANG", false}, {"NODE_OPTIONS", false}, {"PWD", false}, {"RUNNER_TEMP", false},
	}
	for _, tt := range tests {
		if got := SecretName(tt.name); got != tt.want {
			t.Errorf("SecretName(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestFromEnv(t *testing.T) {
	env := []string{
		"GITHUB_TOKEN=ghs_abcdefghijkl",
		"PATH=/usr/bin:/bin",
		"SSH_KEY=-----BEGIN KEY-----\nMIIEvQIBADANBg\n-----END KEY-----",
		"npm_config_registry=https://me:registry-pass@npm.example.com/",
		"GITHUB_WORKSPACE=/home/runner/work/x/x",
		"broken",
	}
	got := FromEnv(env)
	for _, want := range []string{"ghs_abcdefghijkl", "MIIEvQIBADANBg", "registry-pass"} {
		if !slices.Contains(got, want) {
			t.Errorf("FromEnv lacks %q: %q", want, got)
		}
	}
	for _, not := range []string{"/usr/bin:/bin", "/home/runner/work/x/x"} {
		if slices.Contains(got, not) {
			t.Errorf("FromEnv holds the non-secret %q", not)
		}
	}
}

func TestGitConfigSecrets(t *testing.T) {
	basic := base64.StdEncoding.EncodeToString([]byte("x-access-token:ghs_checkouttoken"))
	config := "[core]\n\tbare = false\n[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic " + basic +
		"\n[remote \"origin\"]\n\turl = https://x-access-token:ghs_urltoken123@github.com/o/r\n"
	got := GitConfigSecrets(config)
	for _, want := range []string{"AUTHORIZATION: basic " + basic, basic, "x-access-token:ghs_checkouttoken", "ghs_checkouttoken", "ghs_urltoken123"} {
		if !slices.Contains(got, want) {
			t.Errorf("GitConfigSecrets lacks %q: %q", want, got)
		}
	}
	if slices.Contains(got, "false") {
		t.Errorf("GitConfigSecrets holds an ordinary value: %q", got)
	}
}

func TestSetString(t *testing.T) {
	var s Set
	s.Add("short", "sekrit-token-1", "sekrit-token-12", `quo"te-secret`, "  spaced-secret \n")
	tests := []struct{ in, want string }{
		{"nothing here", "nothing here"},
		{"token sekrit-token-1 and sekrit-token-12", "token [redacted] and [redacted]"},
		{"short words stay", "short words stay"},
		{`json: "quo\"te-secret"`, `json: "[redacted]"`},
		{`raw quo"te-secret`, `raw [redacted]`},
		{"spaced-secret", "[redacted]"},
	}
	for _, tt := range tests {
		if got := s.String(tt.in); got != tt.want {
			t.Errorf("String(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(s.Bytes([]byte(tt.in))); got != tt.want {
			t.Errorf("Bytes(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A secret written in pieces, across Write calls, is still masked whole; lines pass as they end.
func TestWriterJoinsPieces(t *testing.T) {
	Add("piecewise-secret-value")
	tests := []struct {
		name   string
		writes []string
		want   string
	}{
		{"one line", []string{"a piecewise-secret-value b\n"}, "a [redacted] b\n"},
		{"split secret", []string{"a piecewise-", "secret-value b\n"}, "a [redacted] b\n"},
		{"progress line", []string{"\r1/3 piecewise-secret", "-value\r"}, "\r1/3 [redacted]\r"},
		{"unfinished tail", []string{"x piecewise-secret-value"}, "x [redacted]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			w := NewWriter(&out)
			for _, p := range tt.writes {
				if n, err := w.Write([]byte(p)); err != nil || n != len(p) {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("wrote %q, want %q", out.String(), tt.want)
			}
		})
	}
	var out bytes.Buffer
	w := NewWriter(&out)
	w.Write([]byte(strings.Repeat("x", maxHeld)))
	if out.Len() != maxHeld {
		t.Errorf("a line of %d bytes without a newline was held back (%d written)", maxHeld, out.Len())
	}
}
