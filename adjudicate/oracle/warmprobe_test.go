package oracle

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
	p, err := NewProbe(filepath.Join(dir, "probe"))
	if err != nil {
		t.Fatal(err)
	}
	old, err := NewProbe(filepath.Join(dir, "old"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Token == old.Token || len(p.Token) != 32 {
		t.Fatalf("tokens %q and %q: want two different 128-bit tokens", p.Token, old.Token)
	}
	for _, tt := range []struct {
		name, content, why string
	}{
		{"this run's token", p.Token + "\n", ""},
		{"loaded by two test files", p.Token + "\n" + p.Token + "\n", ""},
		{"nothing: stale unmutated code, or never loaded", "", "no probe came back"},
		{"another run's token: stale", old.Token + "\n", "a wrong probe came back"},
		{"a forged line beside the real one", p.Token + "\n" + "0123456789abcdef0123456789abcdef\n", "a wrong probe came back"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile(p.File, []byte(tt.content), 0o644); err != nil {
				t.Fatal(err)
			}
			got := p.Check()
			if tt.why == "" && got != "" || tt.why != "" && !strings.Contains(got, tt.why) {
				t.Errorf("check() = %q, want %q", got, tt.why)
			}
		})
	}
	if err := os.Remove(p.File); err != nil {
		t.Fatal(err)
	}
	if got := p.Check(); !strings.Contains(got, "could not be read") {
		t.Errorf("check() of a removed probe file = %q, want it unreadable", got)
	}
}
