package render

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/plan"
)

// hostileLine is issue 8's example: a patch line carrying an image, a mention and HTML.
const hostileLine = "x = 1 // ![x](http://evil/) @admin <img src=x onerror=alert(1)>"

func TestMarkdownCode(t *testing.T) {
	for _, c := range []struct{ in, code, cell string }{
		{"a | b", "`a | b`", "`a \\| b`"},
		{"`x`", "`` `x` ``", "`` `x` ``"},
		{"a``b", "```a``b```", "```a``b```"},
		{"", "(nothing)", "(nothing)"},
		{" lead", "`  lead `", "`  lead `"},
		{"two\nlines\r", "` two lines  `", "` two lines  `"},
		{"esc\x1b[31m", "`esc\\x1b[31m`", "`esc\\x1b[31m`"},
		{hostileLine, "`" + hostileLine + "`", "`" + hostileLine + "`"},
	} {
		if got := mdCode(c.in); got != c.code {
			t.Errorf("mdCode(%q) = %q, want %q", c.in, got, c.code)
		}
		if got := mdCell(c.in); got != c.cell {
			t.Errorf("mdCell(%q) = %q, want %q", c.in, got, c.cell)
		}
	}
}

func TestMarkdownText(t *testing.T) {
	for in, want := range map[string]string{
		"held":                   "held",
		"witness-recorded":       "witness-recorded",
		"@admin":                 "@\u2060admin",
		"see http://evil/":       "see http:\u2060//evil/",
		"www.evil.com":           "\u2060www.evil.com",
		"<img src=x>":            `&lt;img src=x&gt;`,
		"![x](y)":                `\!\[x\](y)`,
		"a|b\nc":                 `a\|b c`,
		"**bold** _it_ `code`":   `\*\*bold\*\* \_it\_ \` + "`code\\`",
		"1 & &amp; ~strike~ $x$": `1 \& \&amp; \~strike\~ \$x\$`,
	} {
		if got := mdText(in); got != want {
			t.Errorf("mdText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGithubEscaping(t *testing.T) {
	for _, c := range []struct{ in, prop, msg string }{
		{"a,b:c%\nd", "a%2Cb%3Ac%25%0Ad", "a,b:c%25%0Ad"},
		{"50% a:b,\r\n", "50%25 a%3Ab%2C%0D%0A", "50%25 a:b,%0D%0A"},
		{"::error::x", "%3A%3Aerror%3A%3Ax", "::error::x"},
	} {
		if got := ghProp(c.in); got != c.prop {
			t.Errorf("ghProp(%q) = %q, want %q", c.in, got, c.prop)
		}
		if got := ghMessage(c.in); got != c.msg {
			t.Errorf("ghMessage(%q) = %q, want %q", c.in, got, c.msg)
		}
	}
}

// hostileTest is a failing test's name that tries to close a code span, split a table row, open
// HTML and start a new line.
const hostileTest = "t.test.js › a`` ` | b <img src=x onerror=alert(1)>\n| --- | @admin"

// hostileReport is a report whose every data string is an attack: the patch line of issue 8, a
// path with a backtick, a pipe, a comma, a colon, a percent and a newline, a test name with HTML
// and a mention, output with terminal escapes and a workflow command, and errors likewise.
func hostileReport() *report.Report {
	path := "src/a`b|c,d:e%f\n::error::x.js"
	m := func(id string, status report.Status, reason report.Reason, kind report.WitnessKind, verdict report.Verdict) report.MutantResult {
		return report.MutantResult{
			Mutant: plan.Mutant{ID: id, Path: path, Line: 2, Column: 5, Operator: "invert-comparison", Original: hostileLine, Mutated: hostileLine + " ``",
				Change: plan.Change{From: "![x](http://evil/) @admin", To: "<img src=x onerror=alert(1)> `|`"}},
			Status: status, Reason: reason, Witness: report.Witness{Kind: kind, Gate: "@gate <b>", Lines: []report.LineDiff{{Path: path, Line: 9, In: "baseline"}}},
			Verdict: verdict, KilledBy: hostileTest, FailedTests: []string{hostileTest, "test @admin <script>alert(1)</script>"}, OutputTail: "\x1b[31mred\x1b[0m\n::error::injected\n<img src=x>",
		}
	}
	r := &report.Report{Mutants: []report.MutantResult{
		m("aaaaaaaaaaaaaaa1", report.StatusAccepted, "", report.WitnessSuite, report.VerdictVacuous),
		m("aaaaaaaaaaaaaaa2", report.StatusAccepted, report.ReasonNotRan, report.WitnessNotAdjudicated, report.VerdictUnshown),
		m("aaaaaaaaaaaaaaa3", report.StatusAccepted, "", report.WitnessCoverage, report.VerdictVacuous),
		m("aaaaaaaaaaaaaaa4", report.StatusKilled, "", report.WitnessNotAdjudicated, report.VerdictHeld),
		m("aaaaaaaaaaaaaaa5", report.StatusError, "", report.WitnessNotAdjudicated, report.VerdictError),
	}}
	// A value witness with a suggested test whose code is an attack too: a fence, HTML, a
	// mention, a terminal escape and a workflow command.
	v := m("aaaaaaaaaaaaaaa6", report.StatusAccepted, "", report.WitnessValue, report.VerdictVacuous)
	v.Witness.Value = &report.ValueDiff{File: path, Callee: path + "#f", Args: hostileLine, Path: "return", BaselineOutcome: "@admin", MutantOutcome: "<b>"}
	v.SuggestedTest = &report.SuggestedTest{Framework: "node:test <b>", Path: path, Verified: true, Patched: "passed", Mutant: "failed",
		Code: "x\n```\n````js\n" + hostileLine + "\n\x1b[31m::error::injected\n</code></pre><script>alert(1)</script>\n"}
	r.Mutants = append(r.Mutants, v)
	r.Files = []plan.FileInfo{{Path: path, Added: []int{2}}}
	r.Bond = report.Bond([]report.Verdict{report.VerdictVacuous}, report.RegimeWitnessRecorded, false)
	r.Baseline = &report.Baseline{Reach: report.Reach{Executable: 1, Ran: 1, Files: []report.FileReach{{Path: path, Executable: 1, Ran: 1, Coverage: "v8"}}}}
	r.Errors = []string{"oracle said @admin <img src=x> ![i](http://evil/)\n::warning::injected"}
	r.TreeChanges = []string{path}
	return r
}

// stripCodeSpans removes every markdown code span, as CommonMark reads them: a run of n
// backticks opens a span that the next run of exactly n backticks closes.
func stripCodeSpans(s string) string {
	var out strings.Builder
	for i := 0; i < len(s); {
		if s[i] == '\\' && i+1 < len(s) {
			out.WriteString(s[i : i+2])
			i += 2
			continue
		}
		if s[i] != '`' {
			out.WriteByte(s[i])
			i++
			continue
		}
		n := 0
		for i+n < len(s) && s[i+n] == '`' {
			n++
		}
		fence := strings.Repeat("`", n)
		rest := s[i+n:]
		closed := false
		for j := 0; j < len(rest); {
			k := strings.Index(rest[j:], fence)
			if k < 0 {
				break
			}
			k += j
			e := k + n
			if (k == 0 || rest[k-1] != '`') && (e >= len(rest) || rest[e] != '`') {
				out.WriteString("CODE")
				i += n + e
				closed = true
				break
			}
			for e < len(rest) && rest[e] == '`' {
				e++
			}
			j = e
		}
		if !closed {
			out.WriteString(fence)
			i += n
		}
	}
	return out.String()
}

// Every renderer keeps every hostile string inert in its own language.
func TestHostileStrings(t *testing.T) {
	r := hostileReport()
	render := func(name string) string {
		var b bytes.Buffer
		if err := Formats[name](&b, Input{Report: r}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return b.String()
	}
	t.Run("markdown", func(t *testing.T) {
		out := render("markdown")
		if !strings.Contains(out, "@admin") {
			t.Fatalf("the hostile line is not shown at all:\n%s", out)
		}
		text := stripCodeSpans(out)
		for _, bad := range []string{"<img", "<script", "<b>", "![", "](", "@admin", "@gate", "http://", "::error", "::warning"} {
			if strings.Contains(text, bad) {
				t.Errorf("markdown has %q outside code spans:\n%s", bad, text)
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "| ") && strings.Count(strings.ReplaceAll(line, `\|`, ""), "|") != 8 {
				t.Errorf("a table row has a stray |: %s", line)
			}
		}
	})
	t.Run("github", func(t *testing.T) {
		out := render("github")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 5 { // four vacuous or unshown mutants and the bond
			t.Fatalf("want 5 annotations, got %d:\n%s", len(lines), out)
		}
		for _, l := range lines {
			if !strings.HasPrefix(l, "::warning file=") && !strings.HasPrefix(l, "::notice ") && !strings.HasPrefix(l, "::error ") {
				t.Errorf("a line is not one workflow command: %q", l)
			}
			if strings.Contains(l, "\r") {
				t.Errorf("raw CR in %q", l)
			}
			props, _, ok := strings.Cut(strings.TrimPrefix(l, "::"), "::")
			if !ok {
				t.Fatalf("no message in %q", l)
			}
			if _, rest, ok := strings.Cut(props, " "); ok {
				for _, kv := range strings.Split(rest, ",") {
					if k, v, _ := strings.Cut(kv, "="); strings.ContainsAny(v, ":,") || !map[string]bool{"file": true, "line": true, "title": true}[k] {
						t.Errorf("property %q of %q is not escaped", kv, l)
					}
				}
			}
		}
	})
	t.Run("json", func(t *testing.T) {
		out := render("json")
		if strings.ContainsAny(out, "<>\x1b") {
			t.Errorf("JSON has a raw <, > or ESC:\n%s", out)
		}
		var back report.Report
		if err := json.Unmarshal([]byte(out), &back); err != nil {
			t.Fatal(err)
		}
		if back.Mutants[0].Original != hostileLine || back.Mutants[0].OutputTail != r.Mutants[0].OutputTail {
			t.Errorf("JSON does not round-trip the data: %q", back.Mutants[0].Original)
		}
	})
	t.Run("human", func(t *testing.T) {
		out := render("human")
		if strings.Contains(out, "\x1b") || strings.Contains(out, "\r") {
			t.Errorf("human output carries a terminal escape:\n%q", out)
		}
		var b bytes.Buffer
		if err := Mutant(&b, r, &r.Mutants[0]); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(b.String(), "\x1b") || !strings.Contains(b.String(), `\x1b[31mred`) {
			t.Errorf("inspect's output tail is not escaped:\n%q", b.String())
		}
	})
}

func TestURIPath(t *testing.T) {
	for in, want := range map[string]string{
		"src/a.js":       "src/a.js",
		"src/café d.js":  "src/caf%C3%A9%20d.js",
		"a:b/c%#?.js":    "./a:b/c%25%23%3F.js",
		"src/x\ny,z;.js": "src/x%0Ay%2Cz%3B.js",
	} {
		if got := uriPath(in); got != want {
			t.Errorf("uriPath(%q) = %q, want %q", in, got, want)
		}
	}
}
