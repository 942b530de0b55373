package adjudicate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProbeCheck reads probe files as a warm run leaves them: only this run's token, once or
// more (a module loaded by several test files), proves fresh code; nothing, another run's token
// or a forged line beside the real one is stale or tampered.
func TestProbeCheck(t *testing.T) {
	dir := t.TempDir()
	p, err := newProbe(filepath.Join(dir, "probe"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := newProbe(filepath.Join(dir, "old"))
	if err != nil {
		t.Fatal(err)
	}
	if p.token == old.token || len(p.token) != 32 {
		t.Fatalf("tokens %q and %q: want two different 128-bit tokens", p.token, old.token)
	}
	for _, tt := range []struct {
		name, content, why string
	}{
		{"this run's token", p.token + "\n", ""},
		{"loaded by two test files", p.token + "\n" + p.token + "\n", ""},
		{"nothing: stale unmutated code, or never loaded", "", "no probe came back"},
		{"another run's token: stale", old.token + "\n", "a wrong probe came back"},
		{"a forged line beside the real one", p.token + "\n" + "0123456789abcdef0123456789abcdef\n", "a wrong probe came back"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(p.file, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			got := p.check()
			if tt.why == "" && got != "" || tt.why != "" && !strings.Contains(got, tt.why) {
				t.Errorf("check() = %q, want %q", got, tt.why)
			}
		})
	}
	if err := os.Remove(p.file); err != nil {
		t.Fatal(err)
	}
	if got := p.check(); !strings.Contains(got, "could not be read") {
		t.Errorf("check() of a removed probe file = %q, want it unreadable", got)
	}
}
