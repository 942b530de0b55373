// The html format of certify: one self-contained page (no network at view time, no script) that
// leads with the answer, then a table of every added line with a jump link to it, then each
// planned file as its changed hunks (the whole file behind a toggle), every added line marked by
// what the tests showed about it and every mutant under its line.

package render

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/bond-tool/bond/adjudicate/report"
)

var (
	//go:embed html/report.html.tmpl
	htmlTemplate string
	//go:embed html/report.css
	htmlCSS string
	// htmlPage is parsed once; html/template escapes every value by its context (text,
	// attribute, URL), so no string from the report can become markup.
	htmlPage = template.Must(template.New("report").Parse(htmlTemplate))
)

// hunkContext is how many unchanged lines a hunk shows on each side of an added or mutated line.
const hunkContext = 3

// htmlView is what the template reads.
type htmlView struct {
	Report *report.Report
	// Answer, Lines, TodoHead, Todo and Ran are the answer every rendering leads with
	// (answer.go); each Todo item links to its mutant on the page.
	Answer, Lines, TodoHead, Ran string
	Todo                         []todoItem
	Glossary                     string
	// LineRows is the per-line table: every added line, its answer, why, and links to the line
	// and its mutants.
	LineRows []htmlLineRow
	Regimes  []htmlRegime
	Reach    string
	// Budget and Unchanged are the sentences human and markdown show ("" when nothing was cut
	// or skipped); Cut lists the candidates the budget cut.
	Budget, Unchanged string
	Cut               []string
	Files             []htmlFile
	Errors            []string
	Sources           string
	Digest            string
	CSS               template.CSS
	// CSP allows the page's own style (by hash) and nothing else: no script, no request leaves
	// the page, even if a value escaped its context.
	CSP string
}

type htmlRegime struct {
	Regime, Verdict string
	Current         bool
}

// htmlLineRow is one added line in the per-line table.
type htmlLineRow struct {
	Path     string
	Line     int
	Href     string // the line in its file's hunks
	Mark     htmlMark
	Why      string
	Mutants  []string
	Headline bool // counted among the added executable lines
}

// htmlMark is what the page says of one added line: a short label, a class for its colour and
// the reason (shown on hover and in the per-line table).
type htmlMark struct {
	Label, Class, Why string
}

type htmlFile struct {
	Path   string
	Anchor string // the id prefix of its lines, "f0", "f1", …
	// Counts is the number of mutants per verdict in this file, for the file heading.
	Counts string
	// Hunks are the added and mutated lines with hunkContext lines around them; Whole is every
	// line of the file (no ids, no mutants), for the toggle.
	Hunks []htmlHunk
	Whole []htmlLine
	// Trailing is how many lines after the last hunk are not shown.
	Trailing int
}

// htmlHunk is a run of shown lines; Skipped says how many lines before it are not shown.
type htmlHunk struct {
	Skipped int
	Lines   []htmlLine
}

type htmlLine struct {
	N    int
	ID   string // anchor, in the hunks only
	Text string
	Mark *htmlMark // nil for a line the patch did not add
	// Class is the worst verdict among the line's mutants, for the highlight.
	Class   string
	Mutants []htmlMutant
}

type htmlMutant struct {
	ID, Operator, From, To, Status, Witness, Verdict, Advice, KilledBy, Source string
	Column                                                                     int
	// Suggested is the verified suggested test's code, "" when none is shown.
	Suggested string
}

// verdictRank orders verdicts for a line's highlight: the most urgent wins.
var verdictRank = map[report.Verdict]int{report.VerdictVacuous: 5, report.VerdictUnshown: 4, report.VerdictError: 3, report.VerdictEquivalent: 2, report.VerdictHeld: 1}

// markOf names a line answer the way a reviewer reads it: a vacuous line has a gap, a line cut
// by the budget or a cap is cut, a line with no code is "no code".
func markOf(a report.LineAnswer) htmlMark {
	m := htmlMark{Label: string(a.Answer), Class: "mark-" + string(a.Answer), Why: a.Why}
	switch a.Answer {
	case report.LinePinned:
		m.Why = "a change to it failed the tests"
	case report.LineVacuous:
		m.Label, m.Class, m.Why = "gap", "mark-gap", "the tests ran it and still passed with a change to it"
	case report.LineNotRun:
		m.Label = "not run"
		if m.Why == "" {
			m.Why = "the tests never ran it"
		}
	case report.LineNotMutated:
		m.Label = "not mutated"
		if strings.HasPrefix(a.Why, "cut") {
			m.Label, m.Class = "cut", "mark-cut"
		}
	case report.LineNotExecutable:
		m.Label = "no code"
		if m.Why == "" && a.Kind != "" {
			m.Why = "a " + a.Kind + " line"
		}
	}
	return m
}

// HTML writes the report as one self-contained HTML page.
func HTML(w io.Writer, in Input) error {
	r := in.Report
	todo := todoItems(r, plainCode)
	v := htmlView{Report: r, Answer: answerBond(r), Lines: answerLines(r), TodoHead: answerTodo(len(todo)), Todo: todo, Ran: ranLine(r, plainCode), Glossary: glossaryPointer, Reach: reachLine(r, plainCode), Errors: r.Errors, Digest: shortDigest(r.Operators.Digest),
		Budget: budgetLine(r), Unchanged: unchangedLine(r), Cut: cutList(r, plainCode, 50),
		CSS: template.CSS(htmlCSS)}
	css := sha256.Sum256([]byte(htmlCSS))
	v.CSP = fmt.Sprintf("default-src 'none'; style-src 'sha256-%s'; script-src 'none'; img-src 'none'; form-action 'none'; base-uri 'none'",
		base64.StdEncoding.EncodeToString(css[:]))
	for _, reg := range report.Regimes {
		if b := r.Bond.ByRegime[reg]; b != "" || reg == r.Bond.Regime {
			if b == "" {
				b = r.Bond.Verdict
			}
			v.Regimes = append(v.Regimes, htmlRegime{Regime: string(reg), Verdict: string(b), Current: reg == r.Bond.Regime})
		}
	}
	srcs, note := sources(in)
	v.Sources = note
	byFile := map[string][]report.MutantResult{}
	for _, m := range r.Mutants {
		byFile[m.Path] = append(byFile[m.Path], m)
	}
	answers := map[string][]report.LineAnswer{}
	for _, a := range r.Lines {
		answers[a.Path] = append(answers[a.Path], a)
	}
	shown := map[string]bool{} // every file with an added line or a mutant, once
	for p := range byFile {
		shown[p] = true
	}
	for p := range answers {
		shown[p] = true
	}
	paths := slices.Sorted(maps.Keys(shown))
	anchor := map[string]string{}
	for i, p := range paths {
		anchor[p] = fmt.Sprintf("f%d", i)
		v.Files = append(v.Files, htmlFileOf(p, anchor[p], srcs(p), byFile[p], answers[p]))
	}
	for _, a := range r.Lines {
		v.LineRows = append(v.LineRows, htmlLineRow{Path: a.Path, Line: a.Line, Href: fmt.Sprintf("#%s-L%d", anchor[a.Path], a.Line),
			Mark: markOf(a), Mutants: a.Mutants, Headline: a.Answer != report.LineNotExecutable})
	}
	return neutralised(w, ciHTML, func(w io.Writer) error { return htmlPage.Execute(w, v) })
}

// htmlFileOf lays out one file: its lines with marks and mutants, the hunks around the added and
// mutated lines, and the whole file for the toggle.
func htmlFileOf(path, anchor, src string, ms []report.MutantResult, answers []report.LineAnswer) htmlFile {
	f := htmlFile{Path: path, Anchor: anchor}
	text := strings.Split(strings.TrimSuffix(strings.ReplaceAll(src, "\r\n", "\n"), "\n"), "\n")
	at := map[int][]report.MutantResult{}
	marks := map[int]*htmlMark{}
	counts := map[string]int{}
	last := 0
	for _, m := range ms {
		at[m.Line] = append(at[m.Line], m)
		counts[string(m.Verdict)]++
		last = max(last, m.Line)
	}
	for _, a := range answers {
		mk := markOf(a)
		marks[a.Line] = &mk
		last = max(last, a.Line)
	}
	if last > len(text) {
		text = append(text, make([]string, last-len(text))...)
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
	}
	f.Counts = strings.Join(parts, ", ")
	all := make([]htmlLine, len(text))
	show := make([]bool, len(text)+2)
	for n := 1; n <= len(text); n++ {
		l := htmlLine{N: n, Text: text[n-1], Mark: marks[n]}
		for _, m := range at[n] {
			l.Mutants = append(l.Mutants, htmlMutant{ID: m.ID, Operator: m.Operator, From: m.Change.From, To: m.Change.To, Column: m.Column,
				Status: statusText(m), Witness: witnessText(m, plainCode), Verdict: string(m.Verdict), Advice: advice(m, plainCode), KilledBy: m.KilledBy, Source: m.Mutated})
			if st := shownTest(m); st != nil {
				l.Mutants[len(l.Mutants)-1].Suggested = st.Code
			}
			if verdictRank[m.Verdict] > verdictRank[report.Verdict(l.Class)] {
				l.Class = string(m.Verdict)
			}
		}
		if l.Mark != nil || len(l.Mutants) > 0 {
			for k := max(1, n-hunkContext); k <= min(len(text), n+hunkContext); k++ {
				show[k] = true
			}
		}
		all[n-1] = l
	}
	skipped := 0
	for n := 1; n <= len(text); n++ {
		if !show[n] {
			skipped++
			continue
		}
		if len(f.Hunks) == 0 || skipped > 0 {
			f.Hunks = append(f.Hunks, htmlHunk{Skipped: skipped})
			skipped = 0
		}
		l := all[n-1]
		l.ID = fmt.Sprintf("%s-L%d", anchor, n)
		h := &f.Hunks[len(f.Hunks)-1]
		h.Lines = append(h.Lines, l)
	}
	f.Trailing = skipped
	for _, l := range all {
		l.Mutants = nil
		f.Whole = append(f.Whole, l)
	}
	return f
}
