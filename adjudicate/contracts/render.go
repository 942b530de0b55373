package contracts

// This file renders a contracts report for a person (a table with the reason under every
// verdict that is not OK), as markdown for a design note's build record, and the contracts
// themselves for `bond contracts list`. Every renderer's bytes depend only on its input. Every
// value from the contracts file, the tests or their output goes through termsafe.Line (certify's
// escaping: no control character reaches the terminal, nor a line break a row), and the whole
// output through termsafe.CI, so a CI log runs no command written in a test name.

import (
	"fmt"
	"io"
	"strings"

	"github.com/bond-tool/bond/internal/termsafe"
)

// expected says what a contract asks for: its fires entries, or "nothing" for an invariance.
func expected(m Mutation) string {
	if m.Invisible {
		return "nothing"
	}
	s := strings.Join(m.Fires, ", ")
	if len(m.MayFire) > 0 {
		s += " (may: " + strings.Join(m.MayFire, ", ") + ")"
	}
	return s
}

// failedCount is how many tests failed in the run, or "-" when it did not run or its failures
// are unknown.
func failedCount(m MutationRecord) string {
	if m.Facts.Run == nil || m.Verdict == Error {
		return "-"
	}
	return fmt.Sprint(len(m.Fired) + len(m.Outside))
}

// pairingText describes an invariance's positive control.
func pairingText(p *Pairing) string {
	switch {
	case p == nil:
		return ""
	case p.Unpaired:
		return "unpaired: no firing mutation at an overlapping site of the same file, so nothing in the file shows the tests exercise it"
	case len(p.NotHeld) == len(p.With):
		return "paired with " + strings.Join(p.With, ", ") + ", but no control held in this run, so the pairing shows nothing"
	case len(p.NotHeld) > 0:
		return "paired with " + strings.Join(p.With, ", ") + " (did not hold: " + strings.Join(p.NotHeld, ", ") + ")"
	}
	return "paired with " + strings.Join(p.With, ", ")
}

// SummaryLine is the verdict counts in the order of Verdicts, e.g. "2 OK, 1 DECORATION".
func (r *Report) SummaryLine() string {
	var parts []string
	for _, v := range Verdicts {
		if n := r.Summary[v]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, v))
		}
	}
	if len(parts) == 0 {
		return "no mutations ran"
	}
	return strings.Join(parts, ", ")
}

// RenderHuman writes the report as a table, one row per contract, with what it named and its
// note indented under it.
func RenderHuman(w io.Writer, r *Report) error {
	b := &strings.Builder{}
	width := len("mutation")
	for _, m := range r.Mutations {
		width = max(width, len(termsafe.Line(m.Name)))
	}
	fmt.Fprintf(b, "%-*s  %-11s  %6s  %s\n", width, "mutation", "verdict", "failed", "expected")
	for _, m := range r.Mutations {
		fmt.Fprintf(b, "%-*s  %-11s  %6s  %s\n", width, termsafe.Line(m.Name), m.Verdict, failedCount(m), termsafe.Line(expected(m.Mutation)))
		if m.Verdict != OK {
			fmt.Fprintf(b, "%*s  %s\n", width, "", termsafe.Line(m.Reason))
		}
		if p := pairingText(m.Pairing); p != "" {
			fmt.Fprintf(b, "%*s  %s\n", width, "", termsafe.Line(p))
		}
		if m.Note != "" {
			fmt.Fprintf(b, "%*s  note: %s\n", width, "", termsafe.Line(m.Note))
		}
	}
	fmt.Fprintf(b, "\n%s\n", r.SummaryLine())
	if r.RunnerNote != "" {
		// Why auto chose or fell back, as certify's human output says it: the runs went another
		// way than the default's first choice.
		fmt.Fprintf(b, "runner: %s\n", termsafe.Line(oneLine(r.RunnerNote)))
	}
	_, err := io.WriteString(w, termsafe.CI(b.String()))
	return err
}

// RenderMarkdown writes the report as a markdown table for a design note's build record.
func RenderMarkdown(w io.Writer, r *Report) error {
	b := &strings.Builder{}
	fmt.Fprintf(b, "Mutation contracts %s (sha256 %s…), oracle `%s`: %s\n\n", mdCode(r.File), short(r.SHA256), mdText(r.Oracle), r.SummaryLine())
	if r.RunnerNote != "" {
		fmt.Fprintf(b, "Runner: %s\n\n", mdText(r.RunnerNote))
	}
	b.WriteString("| contract | file | change | expected | verdict | detail |\n|---|---|---|---|---|---|\n")
	for _, m := range r.Mutations {
		detail := m.Reason
		if p := pairingText(m.Pairing); p != "" {
			detail += "; " + p
		}
		if m.Note != "" {
			detail += "; note: " + m.Note
		}
		fmt.Fprintf(b, "| %s | %s | %s → %s | %s | **%s** | %s |\n", mdText(m.Name), mdCode(m.File), mdCode(m.Old), mdCode(m.New), mdText(expected(m.Mutation)), m.Verdict, mdText(detail))
	}
	_, err := io.WriteString(w, termsafe.CI(b.String()))
	return err
}

// RenderList writes the contracts of f for `bond contracts list`, with how often each old text
// occurs now in the repository (placements[i] belongs to f.Mutations[i]) and the pairing of
// every invariance.
func RenderList(w io.Writer, f *File, placements []Placement) error {
	b := &strings.Builder{}
	pairs := Pair(f.Mutations, pairingSites(f.Mutations, placements))
	for i, m := range f.Mutations {
		pl := placements[i]
		kind := "fires " + expected(m)
		if m.Invisible {
			kind = "invisible"
		}
		found := fmt.Sprintf("found %d of %d", pl.Found, m.Count)
		if pl.Found != m.Count || pl.Overlapping {
			found += ": " + pl.NotAppliedReason(m.Count)
		} else if len(pl.Sites) > 0 {
			found += " at " + siteList(pl.Sites)
		}
		fmt.Fprintf(b, "%s  %s  %s\n  %s\n", termsafe.Line(m.Name), termsafe.Line(m.File), termsafe.Line(kind), termsafe.Line(found))
		if p, ok := pairs[m.Name]; ok {
			fmt.Fprintf(b, "  %s\n", termsafe.Line(pairingText(&p)))
		}
		if m.Note != "" {
			fmt.Fprintf(b, "  note: %s\n", termsafe.Line(m.Note))
		}
	}
	fmt.Fprintf(b, "%d %s\n", len(f.Mutations), plural(len(f.Mutations), "contract", "contracts"))
	_, err := io.WriteString(w, termsafe.CI(b.String()))
	return err
}

// Placements finds every mutation's old text in the repository's current files.
func Placements(f *File, repo string) ([]Placement, error) {
	out := make([]Placement, len(f.Mutations))
	for i, m := range f.Mutations {
		src, err := readRepoFile(repo, m.File)
		if err != nil {
			return nil, err
		}
		out[i], _ = place(src, m.Old, m.New, m.Count)
	}
	return out, nil
}

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// mdText is s as markdown text in a table cell, on one line, with no control character.
func mdText(s string) string {
	return termsafe.Line(strings.ReplaceAll(s, "|", `\|`))
}

// mdCode writes s as inline code on one line, with a fence long enough for its backticks.
func mdCode(s string) string {
	s = termsafe.Line(strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(s, "\r", `\r`), "\n", `\n`), "|", `\|`))
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}
