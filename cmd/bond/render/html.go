// The html format of certify: one self-contained page (no network at view time) showing the bond,
// the regimes, reach, and each mutant in its source with its status and witness.

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

	"github.com/bond-tool/bond/adjudicate"
)

var (
	//go:embed html/report.html.tmpl
	htmlTemplate string
	//go:embed html/report.css
	htmlCSS string
	//go:embed html/report.js
	htmlJS string
	// htmlPage is parsed once; html/template escapes every value by its context (text,
	// attribute, URL), so no string from the report can become markup.
	htmlPage = template.Must(template.New("report").Parse(htmlTemplate))
)

// htmlView is what the template reads.
type htmlView struct {
	Report *adjudicate.Report
	// Answer, Lines, TodoHead, Todo and Ran are the answer every rendering leads with
	// (answer.go); each Todo item links to its mutant on the page.
	Answer, Lines, TodoHead, Ran string
	Todo                         []todoItem
	Glossary                     string
	Regimes                      []htmlRegime
	Reach                        string
	// Budget and Unchanged are the sentences human and markdown show ("" when nothing was cut
	// or skipped); Cut lists the candidates the budget cut.
	Budget, Unchanged string
	Cut               []string
	Files             []htmlFile
	Errors            []string
	Sources           string
	Digest            string
	CSS               template.CSS
	JS                template.JS
	// CSP allows the page's own style and script (by hash) and nothing else: no request leaves
	// the page, even if a value escaped its context.
	CSP string
}

type htmlRegime struct {
	Regime, Verdict string
	Current         bool
}

type htmlFile struct {
	Path  string
	Lines []htmlLine
	// Counts is the number of mutants per verdict in this file, for the file heading.
	Counts string
}

type htmlLine struct {
	N       int
	Text    string
	Mutants []htmlMutant
	// Class is the worst verdict among the line's mutants, for the highlight.
	Class string
}

type htmlMutant struct {
	ID, Operator, From, To, Status, Witness, Verdict, Advice, KilledBy, Source string
	Column                                                                     int
}

// verdictRank orders verdicts for a line's highlight: the most urgent wins.
var verdictRank = map[adjudicate.Verdict]int{adjudicate.VerdictVacuous: 5, adjudicate.VerdictUnshown: 4, adjudicate.VerdictError: 3, adjudicate.VerdictEquivalent: 2, adjudicate.VerdictHeld: 1}

// HTML writes the report as one self-contained HTML page.
func HTML(w io.Writer, in Input) error {
	r := in.Report
	todo := todoItems(r, plainCode)
	v := htmlView{Report: r, Answer: answerBond(r), Lines: answerLines(r), TodoHead: answerTodo(len(todo)), Todo: todo, Ran: ranLine(r, plainCode), Glossary: glossaryPointer, Reach: reachLine(r, plainCode), Errors: r.Errors, Digest: shortDigest(r.Operators.Digest),
		Budget: budgetLine(r), Unchanged: unchangedLine(r), Cut: cutList(r, plainCode, 50),
		CSS: template.CSS(htmlCSS), JS: template.JS(htmlJS)}
	sum := sha256.Sum256([]byte(htmlJS))
	css := sha256.Sum256([]byte(htmlCSS))
	v.CSP = fmt.Sprintf("default-src 'none'; style-src 'sha256-%s'; script-src 'sha256-%s'; img-src 'none'; form-action 'none'; base-uri 'none'",
		base64.StdEncoding.EncodeToString(css[:]), base64.StdEncoding.EncodeToString(sum[:]))
	for _, reg := range adjudicate.Regimes {
		if b := r.Bond.ByRegime[reg]; b != "" || reg == r.Bond.Regime {
			if b == "" {
				b = r.Bond.Verdict
			}
			v.Regimes = append(v.Regimes, htmlRegime{Regime: string(reg), Verdict: string(b), Current: reg == r.Bond.Regime})
		}
	}
	srcs, note := sources(in)
	v.Sources = note
	byFile := map[string][]adjudicate.MutantResult{}
	for _, m := range r.Mutants {
		byFile[m.Path] = append(byFile[m.Path], m)
	}
	for _, p := range slices.Sorted(maps.Keys(byFile)) {
		v.Files = append(v.Files, htmlFileOf(p, srcs(p), byFile[p]))
	}
	return neutralised(w, ciHTML, func(w io.Writer) error { return htmlPage.Execute(w, v) })
}

func htmlFileOf(path, src string, ms []adjudicate.MutantResult) htmlFile {
	f := htmlFile{Path: path}
	text := strings.Split(strings.TrimSuffix(strings.ReplaceAll(src, "\r\n", "\n"), "\n"), "\n")
	at := map[int][]adjudicate.MutantResult{}
	counts := map[string]int{}
	for _, m := range ms {
		at[m.Line] = append(at[m.Line], m)
		counts[string(m.Verdict)]++
		if m.Line > len(text) {
			text = append(text, make([]string, m.Line-len(text))...)
		}
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%d %s", counts[k], k))
	}
	f.Counts = strings.Join(parts, ", ")
	for i, t := range text {
		l := htmlLine{N: i + 1, Text: t}
		for _, m := range at[i+1] {
			l.Mutants = append(l.Mutants, htmlMutant{ID: m.ID, Operator: m.Operator, From: m.Change.From, To: m.Change.To, Column: m.Column,
				Status: statusText(m), Witness: witnessText(m, plainCode), Verdict: string(m.Verdict), Advice: advice(m, plainCode), KilledBy: m.KilledBy, Source: m.Mutated})
			if verdictRank[m.Verdict] > verdictRank[adjudicate.Verdict(l.Class)] {
				l.Class = string(m.Verdict)
			}
		}
		f.Lines = append(f.Lines, l)
	}
	return f
}
