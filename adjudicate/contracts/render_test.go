package contracts

import (
	"strings"
	"testing"
)

// The human and markdown renderings say why auto chose or fell back (the report's runner_note),
// as certify's do, and say nothing of the runner when there is no note.
func TestRenderRunnerNote(t *testing.T) {
	for _, tc := range []struct {
		name, note string
		human, md  string
	}{
		{"note", "auto chose node: the unmutated oracle failed under the embedded runner (x)", "\nrunner: auto chose node: the unmutated oracle failed under the embedded runner (x)\n", "Runner: auto chose node"},
		{"no note", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &Report{File: "m.toml", SHA256: "abcdef0123456789", Oracle: "node --test", Runner: "node", RunnerNote: tc.note}
			r.summarize()
			var h, m strings.Builder
			if err := RenderHuman(&h, r); err != nil {
				t.Fatal(err)
			}
			if err := RenderMarkdown(&m, r); err != nil {
				t.Fatal(err)
			}
			if tc.human == "" {
				if strings.Contains(h.String(), "runner:") || strings.Contains(m.String(), "Runner:") {
					t.Errorf("no note, yet a runner line:\n%s\n%s", h.String(), m.String())
				}
				return
			}
			if !strings.HasSuffix(h.String(), tc.human) || !strings.Contains(m.String(), tc.md) {
				t.Errorf("human:\n%s\nmarkdown:\n%s\nwant the note", h.String(), m.String())
			}
		})
	}
}
