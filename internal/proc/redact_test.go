package proc

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/redact"
)

// A secret bond knows of never comes back in a run's output, not even in part where the kept
// tail's cut falls inside it.
func TestOutputMasksSecrets(t *testing.T) {
	const secret = "proc-test-secret-value-0123456789"
	redact.Add(secret)
	fill := func(n int) string { return fmt.Sprintf("head -c %d /dev/zero | tr '\\0' x", n) }
	tests := []struct {
		name, cmd string
	}{
		{"in a short output", "echo token=" + secret},
		{"cut by the kept tail", "printf %s " + secret + "; " + fill(int(KeepBytes)-10)},
		{"at the very end", fill(int(KeepBytes)) + "; printf %s " + secret},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Run(context.Background(), Spec{Cmd: tt.cmd, Dir: t.TempDir(), Timeout: 20 * time.Second})
			if err != nil || res.ExitCode != 0 {
				t.Fatalf("run: err %v, exit %d", err, res.ExitCode)
			}
			if int64(len(res.Output)) > KeepBytes {
				t.Errorf("kept %d bytes, more than %d", len(res.Output), KeepBytes)
			}
			for _, part := range []string{secret, secret[10:], secret[len(secret)-8:]} {
				if strings.Contains(res.Output, part) {
					t.Errorf("the output holds %q: …%s", part, res.Output[max(0, len(res.Output)-200):])
				}
			}
		})
	}
}
