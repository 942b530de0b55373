package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/internal/confine"
)

// The human output says when node_modules was only watched, not read-only, and is silent when
// it was read-only.
func TestHumanSaysWhenProtectionIsOnlyDetection(t *testing.T) {
	for _, tc := range []struct {
		prot confine.Protection
		want bool
	}{{confine.Detect, true}, {confine.ReadOnly, false}} {
		r := &report.Report{Sandbox: &report.SandboxInfo{Protection: tc.prot, Why: "user namespaces are off"}}
		r.Bond = report.Bond(nil, report.RegimeWitnessRecorded, false)
		var b bytes.Buffer
		if err := Human(&b, Input{Report: r}); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(b.String(), "protection: detection only"); got != tc.want {
			t.Errorf("%s: says detection only %v, want %v:\n%s", tc.prot, got, tc.want, b.String())
		}
	}
}
