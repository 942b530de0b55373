package render

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
)

// Every rendering leads with the same answer: the bond and the exit in words, the per-line
// headline, what to do item by item, then what ran (issue 26 item 1). The human, markdown and
// github renderings of the fixture are pinned by golden files; html by TestHTMLGolden.
func TestAnswerFirst(t *testing.T) {
	in := fixtureInput(t)
	r := in.Report
	bondLine, lines := answerBond(r), answerLines(r)
	todo := todoItems(r, plainCode)
	if len(todo) == 0 || lines == "" {
		t.Fatalf("the fixture must have lines and something to do: %q, %d items", lines, len(todo))
	}
	for _, c := range []struct {
		format, golden string
		// first is a pattern per answer line: bond, lines, what to do, then each item.
		first []string
	}{
		{"human", "basic.golden.human", []string{`^bond VACUOUS under witness-recorded — refused \(certify exits 1\): `, `^pinned 1 of 4 added executable lines · 2 have a gap`, `^what to do \(3 items\):$`, `^  - src/range\.js:12: `, `^  - src/range\.js:15: `, `^  - src/range\.js:21: `, `^ran: tests test/oracle\.test\.js · runner node · operator set 1 `}},
		{"markdown", "basic.golden.md", []string{`^### bond VACUOUS under witness-recorded — refused \(certify exits 1\): `, `^$`, `^\*\*pinned 1 of 4 added executable lines · 2 have a gap`, `^$`, `^\*\*what to do \(3 items\):\*\*$`, `^$`, "^- `src/range\\.js:12`: ", "^- `src/range\\.js:15`: ", "^- `src/range\\.js:21`: ", `^$`, "^Ran: tests `test/oracle\\.test\\.js` · runner `node` · operator set 1 "}},
	} {
		var b bytes.Buffer
		if err := Formats[c.format](&b, in); err != nil {
			t.Fatal(err)
		}
		golden(t, c.golden, b.Bytes())
		got := withoutSuggestedTests(strings.Split(b.String(), "\n"))
		for i, p := range c.first {
			if i >= len(got) || !regexp.MustCompile(p).MatchString(got[i]) {
				t.Errorf("--format %s: line %d is %q, want it to match %q", c.format, i+1, got[min(i, len(got)-1)], p)
			}
		}
	}
	var gh bytes.Buffer
	if err := Github(&gh, in); err != nil {
		t.Fatal(err)
	}
	golden(t, "basic.golden.github", gh.Bytes())
	want := ghMessage(CIText(bondLine + "\n" + lines + "\n" + answerTodo(len(todo))))
	if !strings.Contains(gh.String(), "::error title=bond vacuous::"+want) {
		t.Errorf("the bond's annotation does not lead with the answer %q:\n%s", want, gh.String())
	}
	var h bytes.Buffer
	if err := HTML(&h, in); err != nil {
		t.Fatal(err)
	}
	page := h.String()
	order := []string{`id="answer-bond">bond VACUOUS under witness-recorded — refused (certify exits 1)`, `id="answer-lines"><strong>pinned 1 of 4`, `id="answer-todo">what to do (3 items):`, `<a href="#m-` + todo[0].ID + `">src/range.js:12</a>`, `id="ran">ran: tests test/oracle.test.js · runner node`, `id="regimes"`}
	at := 0
	for _, s := range order {
		i := strings.Index(page[at:], s)
		if i < 0 {
			t.Fatalf("the html page lacks %q after byte %d", s, at)
		}
		at += i
	}
}

// The answer's words: the exit in words for each bond, one named denominator, no U+2060.
func TestAnswerWords(t *testing.T) {
	r := fixtureInput(t).Report
	r.Bond.Refuses = false
	if got := answerBond(r); !strings.Contains(got, "not refused (certify exits 0)") {
		t.Errorf("answerBond = %q", got)
	}
	var b bytes.Buffer
	if err := Markdown(&b, Input{Report: r}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "\u2060") && !strings.Contains(b.String(), "@") {
		t.Errorf("the markdown holds an invisible word joiner where no @ or URL needs one:\n%q", b.String())
	}
}

// withoutSuggestedTests drops the suggested tests shown under the items (human: lines indented
// by six spaces or empty between them; markdown: a fenced block and the blank line before it),
// so the answer's own lines can be checked in order.
func withoutSuggestedTests(lines []string) []string {
	var out []string
	fenced := false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case strings.HasPrefix(l, "  ```"):
			fenced = !fenced
			if fenced && len(out) > 0 && out[len(out)-1] == "" {
				out = out[:len(out)-1]
			}
			continue
		case fenced, strings.HasPrefix(l, "      "):
			continue
		case l == "" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "      ") && len(out) > 0 && strings.HasPrefix(out[len(out)-1], "  - "):
			continue
		}
		out = append(out, l)
	}
	return out
}

// The reach line and the per-line headline count the same added executable lines: a file the
// tests never load has no executable-line list in the baseline's reach, so its lines are counted
// from the per-line answer ("ran 0 of 1", never "0 of 0" beside "pinned 0 of 1"). A refusal for a
// reach bond could not measure names what to do for it, never "what to do: nothing".
func TestReachWords(t *testing.T) {
	notLoaded := &report.Report{
		Baseline: &report.Baseline{Reach: report.Reach{Files: []report.FileReach{{Path: "src/x.js", Coverage: "not-loaded"}}}},
		Lines:    []report.LineAnswer{{Path: "src/x.js", Line: 3, Answer: report.LineNotRun}, {Path: "src/x.js", Line: 4, Answer: report.LineNotExecutable, Kind: "punctuation"}},
	}
	if got, want := reachLine(notLoaded, plainCode), "reach: the oracle ran 0 of 1 added executable lines (src/x.js 0/1, not loaded)"; got != want {
		t.Errorf("reach line of a file never loaded:\n got %q\nwant %q", got, want)
	}
	unknown := &report.Report{
		Baseline:     &report.Baseline{Reach: report.Reach{Files: []report.FileReach{{Path: "src/y.js", Coverage: "unavailable", Unknown: true, Detail: "no coverage"}}, Unknown: []string{"src/y.js"}}},
		Lines:        []report.LineAnswer{{Path: "src/y.js", Line: 7, Answer: report.LinePinned}},
		RequireReach: &report.ReachCheck{Percent: 75, Known: false, Executable: 1, Ran: 1},
	}
	items := todoItems(unknown, plainCode)
	if len(items) != 1 || !strings.Contains(items[0].Text, "src/y.js") || !strings.Contains(items[0].Text, "--require-reach 75%") {
		t.Errorf("a refusal for unknown reach must say what to do about it, got %+v", items)
	}
	var h bytes.Buffer
	if err := HTML(&h, Input{Report: unknown}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.String(), "<li>src/y.js: the coverage could not say") {
		t.Errorf("the html page names the file of an item without a line as the file alone:\n%s", h.String())
	}
}
