package report

// This file is the per-line answer (issue 12 item 4): for every added executable line, whether
// the oracle pins it down, derived by a pure function from facts the report records (the
// mutants' facts, the baseline's per-line reach, the plan's cut and discarded candidates), so a
// reader re-derives it from the report alone; and the --require-reach check built on it.

import (
	"fmt"
	"sort"

	"github.com/bond-tool/bond/plan"
)

// LineStatus is the answer for one added executable line.
type LineStatus string

// Line answers, in the order a headline names them.
const (
	// LinePinned: a mutant on the line was killed (its verdict is held).
	LinePinned LineStatus = "pinned"
	// LineVacuous: the line's mutant was accepted on a run that executed it.
	LineVacuous LineStatus = "vacuous"
	// LineNotRun: the oracle never ran the line (or ran it in only one baseline run).
	LineNotRun LineStatus = "not-run"
	// LineUnshown: the line's mutant was accepted and bond could not show whether the line ran
	// (no coverage, a canary that survived, the run stopped), or it errored.
	LineUnshown LineStatus = "unshown"
	// LineNotMutated: no mutant on the line was run; Why says why.
	LineNotMutated LineStatus = "not-mutated"
	// LineNotExecutable: the line holds no executable code (Kind says which kind: blank,
	// comment, punctuation), or the coverage records no code on it; it is not counted among
	// the added executable lines.
	LineNotExecutable LineStatus = "not-executable"
)

// Why a line has no mutant that was run (LineAnswer.Why of a not-mutated line).
const (
	WhyNoOperator  = "no operator fired"
	WhyUnparseable = "unparseable"
	WhyEquivalent  = "equivalent"
	WhyCut         = "cut by budget"
	WhyCutPerOp    = "cut by per-operator cap"
	WhyUnchanged   = "unchanged behaviour"
	// WhyNoCoverageCode is the why of a not-executable code line the coverage records nothing on.
	WhyNoCoverageCode = "the coverage records no code on it"
)

// LineAnswer is the answer for one added executable line.
type LineAnswer struct {
	Path   string     `json:"path"`
	Line   int        `json:"line"`
	Answer LineStatus `json:"answer"`
	// Why qualifies the answer: for not-mutated the reason (WhyNoOperator, …), for not-run and
	// unshown what the record says.
	Why string `json:"why,omitempty"`
	// Mutants are the ids of the line's mutants that were run.
	Mutants []string `json:"mutants,omitempty"`
	// Kind is, for a not-executable line that holds no code, plan.KindBlank, KindComment or
	// KindPunctuation.
	Kind string `json:"kind,omitempty"`
}

// ReachCheck is the outcome of --require-reach: the share of the added executable lines the
// oracle ran against the required percentage.
type ReachCheck struct {
	Percent int `json:"percent"`
	// Known is false when the oracle's coverage could not say which lines ran in some file (or
	// the oracle never ran on the tree); then the requirement cannot be met.
	Known      bool `json:"known"`
	Executable int  `json:"executable"`
	Ran        int  `json:"ran"`
	Met        bool `json:"met"`
}

// LineMutant is what the per-line answer reads of one planned mutant.
type LineMutant struct {
	ID   string
	Path string
	Line int
	// Facts are the mutant's recorded facts, from which its verdict is derived.
	Facts MutantFacts
}

// LineFacts are the recorded facts the per-line answer is derived from; LineFactsOf reads
// them from a report.
type LineFacts struct {
	// Files are the planned files with their added lines.
	Files []plan.FileInfo
	// Reach is the baseline's reach; nil when the oracle never ran on the tree.
	Reach *Reach
	// Mutants are the planned mutants with their facts.
	Mutants []LineMutant
	// Cut and Discarded are the plan's candidates that were not run.
	Cut, Discarded []plan.Candidate
	// Unchanged lists, by path, added lines the plan counted as unchanged behaviour.
	Unchanged map[string][]int
	// NonCode gives, by path, the kind of each unchanged line that holds no code (the added
	// ones are in Files).
	NonCode map[string][]plan.NonCodeLine
	// Regime is the regime the mutants' verdicts are read under.
	Regime Regime
}

// LineFactsOf reads the facts of the per-line answer from a report.
func LineFactsOf(rep *Report) LineFacts {
	f := LineFacts{Files: rep.Files, Cut: rep.Cut, Discarded: rep.Discarded, Regime: rep.Run.Regime}
	if rep.Baseline != nil {
		r := rep.Baseline.Reach
		f.Reach = &r
	}
	for _, m := range rep.Mutants {
		f.Mutants = append(f.Mutants, LineMutant{ID: m.ID, Path: m.Path, Line: m.Line, Facts: FactsOf(m)})
	}
	for _, u := range rep.Unchanged {
		if len(u.Lines) > 0 {
			if f.Unchanged == nil {
				f.Unchanged = map[string][]int{}
			}
			f.Unchanged[u.Path] = append(f.Unchanged[u.Path], u.Lines...)
		}
	}
	for _, u := range rep.Unchanged {
		if len(u.NonCode) > 0 {
			if f.NonCode == nil {
				f.NonCode = map[string][]plan.NonCodeLine{}
			}
			f.NonCode[u.Path] = append(f.NonCode[u.Path], u.NonCode...)
		}
	}
	return f
}

// CoverageKnown reports whether a file's reach lists its executable lines: its coverage is
// known ("v8", "lcov", "embedded"), neither unavailable nor not-loaded.
func CoverageKnown(fr FileReach) bool {
	return fr.Coverage != "" && fr.Coverage != "unavailable" && fr.Coverage != "not-loaded"
}

// AnswerLines derives the per-line answer. It does no I/O. Every added line of the plan (and
// every line it counted as unchanged behaviour) has exactly one answer.
//
// A line the plan found no code on (blank, comment-only, punctuation-only) is not-executable,
// with its kind. Of the others, which are executable comes from the baseline's coverage where it
// knows (the lines it records, ran or not, and the lines an operator fired on, which hold code
// whatever line the hit map credits it to; a line it records nothing on is not-executable); in a
// file it cannot see (not loaded, unavailable, or no baseline) every code line counts. The
// answer of an executable line is, in this order: pinned when a mutant on it was killed; not-run
// when the coverage says the oracle did not run it (or its mutant was accepted without running);
// vacuous or unshown by its mutant's verdict; not-mutated when no mutant on it ran, because its
// mutant was judged equivalent, cut (by the budget or the per-operator cap, with the flags that
// would plan it), discarded (equivalent, unparseable), its line is unchanged behaviour, or no
// operator fired.
func AnswerLines(f LineFacts) []LineAnswer {
	type key struct {
		path string
		line int
	}
	muts := map[key][]LineMutant{}
	for _, m := range f.Mutants {
		k := key{m.Path, m.Line}
		muts[k] = append(muts[k], m)
	}
	cut, discarded := map[key]string{}, map[key]string{}
	for _, c := range f.Cut {
		why := WhyCut
		if c.Reason == plan.ReasonPerOperator {
			why = WhyCutPerOp
		}
		if c.Hint != "" {
			why += " (" + c.Hint + ")"
		}
		cut[key{c.Path, c.Line}] = why
	}
	for _, c := range f.Discarded {
		k := key{c.Path, c.Line}
		// An equivalent candidate says more than an unparseable one: the line has an operator
		// whose change the program cannot see.
		if discarded[k] != WhyEquivalent {
			discarded[k] = map[string]string{plan.ReasonEquivalent: WhyEquivalent, plan.ReasonUnparseable: WhyUnparseable}[c.Reason]
		}
	}
	unchanged := map[key]bool{}
	for p, ls := range f.Unchanged {
		for _, l := range ls {
			unchanged[key{p, l}] = true
		}
	}
	reach := map[string]FileReach{}
	if f.Reach != nil {
		for _, fr := range f.Reach.Files {
			reach[fr.Path] = fr
		}
	}

	files := append([]plan.FileInfo(nil), f.Files...)
	planned := map[string]bool{}
	for _, file := range f.Files {
		planned[file.Path] = true
	}
	var onlyUnchanged []string
	for p := range f.Unchanged {
		if !planned[p] {
			onlyUnchanged = append(onlyUnchanged, p)
		}
	}
	sort.Strings(onlyUnchanged)
	for _, p := range onlyUnchanged {
		files = append(files, plan.FileInfo{Path: p}) // its lines are all unchanged behaviour
	}
	var out []LineAnswer
	for _, file := range files {
		fr, hasReach := reach[file.Path]
		known := hasReach && CoverageKnown(fr)
		state := map[int]string{} // per executable line per the coverage: ran, not-ran, unstable
		if known {
			for _, l := range fr.RanLines {
				state[l] = "ran"
			}
			for _, l := range fr.NotRanLines {
				state[l] = "not-ran"
			}
			for _, l := range fr.UnstableLines {
				state[l] = "unstable"
			}
		}
		lines := append([]int(nil), file.Added...)
		lines = append(lines, f.Unchanged[file.Path]...)
		sort.Ints(lines)
		seen := map[int]bool{}
		for _, l := range lines {
			if seen[l] {
				continue
			}
			seen[l] = true
			k := key{file.Path, l}
			a := LineAnswer{Path: file.Path, Line: l}
			kind := plan.KindOf(file.NonCode, l)
			if kind == "" {
				kind = plan.KindOf(f.NonCode[file.Path], l)
			}
			if kind != "" {
				a.Answer, a.Kind, a.Why = LineNotExecutable, kind, "a "+kind+" line holds no code"
				out = append(out, a)
				continue
			}
			st, executable := state[l]
			fired := len(muts[k]) > 0 || cut[k] != "" || discarded[k] != ""
			if known && !executable && !fired && !unchanged[k] {
				a.Answer, a.Why = LineNotExecutable, WhyNoCoverageCode
				out = append(out, a)
				continue
			}
			for _, m := range muts[k] {
				a.Mutants = append(a.Mutants, m.ID)
			}
			a.Answer, a.Why = answerLine(muts[k], f.Regime, st, hasReach && fr.Coverage == "not-loaded", cut[k], discarded[k], unchanged[k])
			out = append(out, a)
		}
	}
	return out
}

// answerLine is the answer of one line from its mutants' facts, its coverage state ("ran",
// "not-ran", "unstable" or "" when unknown), whether its file was never loaded, and why it has
// no mutant.
func answerLine(ms []LineMutant, r Regime, state string, notLoaded bool, cut, discarded string, unchanged bool) (LineStatus, string) {
	var vacuous, unshown, equivalent, notRan bool
	var unshownWhy string
	for _, m := range ms {
		v := m.Facts.Verdict(r)
		switch {
		case v == VerdictHeld:
			return LinePinned, ""
		case m.Facts.Reason == ReasonNotRan:
			notRan = true
		case v == VerdictVacuous:
			vacuous = true
		case v == VerdictEquivalent:
			equivalent = true
		default:
			unshown = true
			if unshownWhy == "" {
				unshownWhy = string(m.Facts.Reason)
				if unshownWhy == "" {
					unshownWhy = "mutant " + string(v)
				}
			}
		}
	}
	switch {
	case notRan || state == "not-ran":
		return LineNotRun, "never run by the tests"
	case notLoaded:
		return LineNotRun, "the tests never loaded the file"
	case state == "unstable":
		return LineNotRun, "ran in only one of the two baseline runs"
	case vacuous:
		return LineVacuous, ""
	case unshown:
		return LineUnshown, unshownWhy
	case equivalent:
		return LineNotMutated, WhyEquivalent
	case unchanged:
		return LineNotMutated, WhyUnchanged
	case cut != "":
		return LineNotMutated, cut
	case discarded != "":
		return LineNotMutated, discarded
	}
	return LineNotMutated, WhyNoOperator
}

// LinesSummary counts the answers of a report's lines.
type LinesSummary struct {
	Executable, Pinned, Vacuous, NotRun, Unshown, NotMutated int
	// NotExecutable counts the added lines that hold no executable code; they are not in
	// Executable.
	NotExecutable int
	// ReachUnknown counts files whose coverage could not say which lines are executable.
	ReachUnknown int
}

// SummarizeLines counts the answers; reach is the baseline's (nil when the oracle never ran), for
// the files whose coverage could not list their executable lines.
func SummarizeLines(lines []LineAnswer, reach *Reach, files []plan.FileInfo) LinesSummary {
	var s LinesSummary
	for _, l := range lines {
		if l.Answer == LineNotExecutable {
			s.NotExecutable++
			continue
		}
		s.Executable++
		switch l.Answer {
		case LinePinned:
			s.Pinned++
		case LineVacuous:
			s.Vacuous++
		case LineNotRun:
			s.NotRun++
		case LineUnshown:
			s.Unshown++
		default:
			s.NotMutated++
		}
	}
	known := map[string]bool{}
	if reach != nil {
		for _, fr := range reach.Files {
			known[fr.Path] = CoverageKnown(fr) || fr.Coverage == "not-loaded"
		}
	}
	for _, f := range files {
		if !known[f.Path] {
			s.ReachUnknown++
		}
	}
	return s
}

// CountLines counts the answers of the report's lines.
func (rep *Report) CountLines() LinesSummary {
	var reach *Reach
	if rep.Baseline != nil {
		reach = &rep.Baseline.Reach
	}
	return SummarizeLines(rep.Lines, reach, rep.Files)
}

// CheckReach is --require-reach pct (1–100) against the line answers: the oracle must run at
// least pct% of the added executable lines. When the coverage cannot say for some file, the
// requirement is not met (absent is not "ran"), unless the patch adds no executable line at all
// (only comments, blank or punctuation lines): there is nothing to run. It does no I/O.
func CheckReach(lines []LineAnswer, s LinesSummary, pct int) ReachCheck {
	c := ReachCheck{Percent: pct, Known: s.ReachUnknown == 0, Executable: s.Executable}
	for _, l := range lines {
		if l.Answer != LineNotRun && l.Answer != LineNotExecutable {
			c.Ran++
		}
	}
	c.Met = c.Executable == 0 || c.Known && c.Ran*100 >= pct*c.Executable
	return c
}

// applyReach makes the bond refuse when a required reach is not met, under every regime but
// report-only, and says so first in the bond's reason.
func applyReach(b *BondResult, c ReachCheck) {
	if c.Met {
		return
	}
	why := fmt.Sprintf("the oracle ran %d of %d added executable lines, fewer than --require-reach %d%%", c.Ran, c.Executable, c.Percent)
	if !c.Known {
		why = fmt.Sprintf("--require-reach %d%%: the oracle's coverage could not say which added lines ran", c.Percent)
	}
	b.Reason = why + "; " + b.Reason
	if b.Regime != RegimeReportOnly {
		b.Refuses = true
	}
}

// DeriveLines fills the report's per-line answer and, with requireReach > 0, checks it
// (--require-reach). It does no I/O; certify calls it after DeriveVerdicts.
func DeriveLines(rep *Report, requireReach int) {
	rep.Lines = AnswerLines(LineFactsOf(rep))
	if rep.Lines == nil {
		rep.Lines = []LineAnswer{}
	}
	if requireReach > 0 {
		c := CheckReach(rep.Lines, rep.CountLines(), requireReach)
		rep.RequireReach = &c
		applyReach(&rep.Bond, c)
	}
}
