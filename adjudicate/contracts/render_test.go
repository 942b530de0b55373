package contracts

import (
	"flag"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bond-tool/bond/internal/golden"
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

// update rewrites the golden files instead of comparing against them.
var update = flag.Bool("update", false, "rewrite the golden files")

// A test's name is a stranger's string: one holding an OSC 8 link, a colour, a newline and a CI
// log command prints as text in every rendering (termsafe, certify's escaping), each value on
// its own line, and no raw ESC, BEL or CR reaches the output.
func TestRenderHostileNames(t *testing.T) {
	const f = "test/a.test.js"
	hostile := f + " › \x1b]8;;https://evil.example/\x07click me\x1b]8;;\x07\nnext line \x1b[31mred\r ::error::pwned"
	m := Mutation{Name: "guard\x1b[2J", File: "src/a.js", Old: "a > b", New: "a >= b", Count: 1, Fires: []string{"picks the larger"}, Note: "note\x1b[0m\nsecond"}
	facts := Facts{Placement: Placement{Found: 1}, Run: &RunFacts{Status: RunCompleted, Failed: []string{f + " › picks the larger", hostile}, Reach: ReachRan}}
	rec := MutationRecord{Mutation: m, Facts: facts, Judgement: Judge(m, facts, nil)}
	if rec.Verdict != Overreach {
		t.Fatalf("verdict %s (%s), want OVERREACH naming the hostile test", rec.Verdict, rec.Reason)
	}
	r := &Report{File: "m.toml", SHA256: "abcdef0123456789", Oracle: "node --test", Runner: "node", RunnerNote: "auto chose node: \x1b]0;title\x07", Mutations: []MutationRecord{rec}}
	r.summarize()
	for _, tc := range []struct {
		name   string
		render func(io.Writer, *Report) error
	}{{"human", RenderHuman}, {"markdown", RenderMarkdown}} {
		t.Run(tc.name, func(t *testing.T) {
			var b strings.Builder
			if err := tc.render(&b, r); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if strings.ContainsAny(out, "\x1b\x07\r") || strings.Contains(out, "::error::") {
				t.Errorf("a control character or a CI command reached the output:\n%q", out)
			}
			golden.Compare(t, filepath.Join("testdata", "render-hostile-"+tc.name+".golden"), []byte(out))
		})
	}
}
