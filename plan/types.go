package plan

// The data a plan is made of. These are plain records: they are written into plan documents,
// certify reports and corpus rows as they are, so a field renamed here is a schema change
// (docs/report-schema.md).

// Parse statuses of a file or mutant (SPEC §2.4).
const (
	// ParseOK: the original file parsed and so did the mutated one.
	ParseOK = "ok"
	// ParseUnchecked: the original file does not parse under any loader, so mutants of it
	// could not be checked; delete-statement proposes nothing in such a file.
	ParseUnchecked = "unchecked"
)

// Reasons a candidate mutant is not in the plan.
const (
	ReasonUnparseable = "unparseable"
	ReasonEquivalent  = "equivalent-by-compilation"
	// ReasonBudget: the patch's budget (--budget) was spent when the mutant's turn came.
	ReasonBudget = "budget"
	// ReasonPerOperator: its operator had its --per-operator mutants when its turn came.
	ReasonPerOperator = "per-operator cap"
)

// The planner rules besides the operators' rank (BudgetInfo.Rule). A rule enters the operator
// digest, so plans made under different rules never compare as the same operators.
const (
	// RuleChangedFirst (version 2 of the changed-first rule) puts a replaced line's mutant on
	// the tokens the patch changed (Options.ChangedFirst), and the budget's cut keeps those
	// mutants first: within each round of the spread (every hunk's first mutant, then every
	// file's next hunk, then every hunk's second), a mutant whose edit lies inside the changed
	// tokens (Mutant.ChangedTokens == OnChangedTokens) comes before every other, then the
	// existing order (issue 27: version 1's cut ranked by operator rank alone, so at a tight
	// budget it cut a line's mutant on the tokens the patch changed for one on a wholly new line
	// or on old tokens; docs/operators-3.md, "The cut under changed-first").
	RuleChangedFirst = "changed-first-2"
	// RuleChangedFirstV1 is the changed-first rule's first version: the same pick, but the
	// budget's cut ignores the changed tokens. It is kept, under its first name, so that the
	// corpus files frozen with it (testdata/eval/operators-3.toml, shape-order-oos*.toml) plan
	// as their records' digests say; --changed-first gives version 2.
	RuleChangedFirstV1 = "changed-first"
	// RuleShapeOrder (version 2 of the shape-order rule) tries first, on a line of a measured
	// shape, the operators whose history on that shape was surviving-and-real
	// (operators.ShapeFirst; Options.ShapeOrder), and the budget's cut ranks each line's mutant
	// as the pick did: a shape-first operator that won its line's pick ranks before every
	// operator that won by the set's rank (issue 27: version 1's cut ranked by the set's rank
	// alone and so undid the pick on mdast-util-to-markdown, docs/operators-3.md).
	RuleShapeOrder = "shape-order-2"
	// RuleChangedFirstShapeOrder is both current versions: the changed tokens first, and within
	// them and within the rest, the shape's operators first; the cut keeps the changed-token
	// mutants first, then ranks as the pick did.
	RuleChangedFirstShapeOrder = RuleChangedFirst + "+" + RuleShapeOrder
	// RuleShapeOrderV1 is the shape-order rule's first version: the same pick, but the budget's
	// cut ranks by the set's rank. It is kept, under its first name, so that the corpus files
	// frozen with it (testdata/eval/shape-order-oos-shape.toml) plan as their records' digests
	// say; --shape-order gives version 2.
	RuleShapeOrderV1 = "shape-order"
	// RuleChangedFirstShapeOrderV1 is both first versions, as frozen records name them.
	RuleChangedFirstShapeOrderV1 = RuleChangedFirstV1 + "+" + RuleShapeOrderV1
)

// Rule is a planner rule as a corpus file names it: which of changed-first and shape-order it
// turns on, and for each which version.
type Rule struct {
	ChangedFirst bool
	// ChangedFirstV1 makes ChangedFirst the rule's first version (RuleChangedFirstV1), whose
	// cut ignores the changed tokens; only corpus files frozen with it ask for it.
	ChangedFirstV1 bool
	ShapeOrder     bool
	// ShapeOrderV1 makes ShapeOrder the rule's first version (RuleShapeOrderV1), whose cut
	// ranks by the set's rank; only corpus files frozen with it ask for it.
	ShapeOrderV1 bool
}

// Name is the rule's name as RuleOf and the digest give it: "" for the operators' rank alone.
// A version flag without its rule is ignored.
func (r Rule) Name() string {
	cf, so := RuleChangedFirst, RuleShapeOrder
	if r.ChangedFirstV1 {
		cf = RuleChangedFirstV1
	}
	if r.ShapeOrderV1 {
		so = RuleShapeOrderV1
	}
	switch {
	case r.ChangedFirst && r.ShapeOrder:
		return cf + "+" + so
	case r.ChangedFirst:
		return cf
	case r.ShapeOrder:
		return so
	}
	return ""
}

// RuleOf names the planner rule of a plan made with changedFirst and shapeOrder (each rule's
// current version): "" for the operators' rank alone.
func RuleOf(changedFirst, shapeOrder bool) string {
	return Rule{ChangedFirst: changedFirst, ShapeOrder: shapeOrder}.Name()
}

// ParseRule reads a rule name (a corpus file's rule key), every version of either rule
// included, and reports false when it is none of the names Rule.Name gives ("" is the rank).
// The Rule returned has a version flag only where its rule is on.
func ParseRule(name string) (Rule, bool) {
	for _, cf := range []bool{false, true} {
		for _, cf1 := range []bool{false, true} {
			for _, so := range []bool{false, true} {
				for _, so1 := range []bool{false, true} {
					if cf1 && !cf || so1 && !so {
						continue
					}
					if r := (Rule{ChangedFirst: cf, ChangedFirstV1: cf1, ShapeOrder: so, ShapeOrderV1: so1}); r.Name() == name {
						return r, true
					}
				}
			}
		}
	}
	return Rule{}, false
}

// RuleNames lists every rule name ParseRule reads, current versions first, for messages.
func RuleNames() []string {
	return []string{RuleChangedFirst, RuleShapeOrder, RuleChangedFirstShapeOrder,
		RuleChangedFirstV1, RuleShapeOrderV1, RuleChangedFirstShapeOrderV1,
		RuleChangedFirstV1 + "+" + RuleShapeOrder, RuleChangedFirst + "+" + RuleShapeOrderV1}
}

// pickRule is how a line's mutant is picked among the operators that fire on it.
type pickRule struct {
	// changedFirst: an operator whose edit lies inside the tokens the patch changed first.
	changedFirst bool
	// shapeOrder: the operators the line's shape names (operators.ShapeFirst) before the rest.
	shapeOrder bool
	// cutByPick: the budget's cut ranks each line's mutant as the pick did (shape-order's
	// version 2); off, by the set's rank.
	cutByPick bool
	// cutByChange: the budget's cut keeps, within each round of its order, the mutants inside
	// the changed tokens first (changed-first's version 2); off, it ignores them.
	cutByChange bool
}

// Mutant is one added line rewritten by one operator: plain data, applied by Apply.
type Mutant struct {
	// ID is 16 hex digits of SHA-256 over path, operator, original and mutated text and the
	// ordinal of the original text among identical lines of the file (SPEC §2.5).
	ID string `json:"id"`
	// Path is repository-relative and slash-separated.
	Path string `json:"path"`
	// Line is 1-based.
	Line int `json:"line"`
	// Column is 1-based, in bytes, where the change starts on the line.
	Column int `json:"column"`
	// Operator is the operator's name; OperatorVersion its version when the plan was made.
	Operator        string `json:"operator"`
	OperatorVersion string `json:"operator_version"`
	// Original and Mutated are the whole line's text without its line terminator.
	Original string `json:"original"`
	Mutated  string `json:"mutated"`
	// Change is the replaced span: From in the original, To in the mutant.
	Change Change `json:"change"`
	// Parse is ParseOK or ParseUnchecked.
	Parse string `json:"parse"`
	// ChangedTokens says how Change relates to what the patch changed on the line: OnNewLine
	// (the whole line is new), OnChangedTokens, OnOverlap or OnOldTokens. Absent in documents
	// written before it existed.
	ChangedTokens string `json:"changed_tokens,omitempty"`
}

// Change is the part of a line a mutant replaces.
type Change struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// Candidate is a mutant that an operator proposed but that is not in the plan, with why.
type Candidate struct {
	Mutant
	// Reason is ReasonUnparseable, ReasonEquivalent, ReasonBudget or ReasonPerOperator.
	Reason string `json:"reason"`
	// Message is esbuild's message for an unparseable mutant, and under set 2 where in the
	// spread a cut one stood.
	Message string `json:"message,omitempty"`
	// Hint names, for a cut mutant, the flags that would have planned it ("--per-operator 3").
	Hint string `json:"hint,omitempty"`
}

// FileInfo describes one source file the diff added lines to.
type FileInfo struct {
	Path string `json:"path"`
	// SHA256 of the file as planned (the patched tree).
	SHA256 string `json:"sha256"`
	// Added lists the 1-based numbers of the added lines.
	Added []int `json:"added"`
	// Loader is the esbuild loader the file parsed with (js, jsx, ts, tsx), empty if none did.
	Loader string `json:"loader,omitempty"`
	// Parse is ParseOK or ParseUnchecked; ParseMessage is esbuild's first error when unchecked.
	Parse        string `json:"parse"`
	ParseMessage string `json:"parse_message,omitempty"`
	// NonCode lists the added lines that hold no executable code (blank, comment-only,
	// punctuation-only): they get no mutant and are not executable lines of the per-line answer.
	NonCode []NonCodeLine `json:"non_code,omitempty"`
	// Moved lists the added lines equal, ignoring whitespace, to a removed line of the file whose
	// enclosing blocks changed (moved out of an else, into a new if): new behaviour, mutated.
	Moved []int `json:"moved,omitempty"`
}

// NonCodeLine is an added line that holds no executable code, and its kind (KindBlank,
// KindComment, KindPunctuation).
type NonCodeLine struct {
	Line int    `json:"line"`
	Kind string `json:"kind"`
}

// KindOf returns the kind of line n of the file when it holds no code, else "".
func KindOf(nc []NonCodeLine, n int) string {
	for _, l := range nc {
		if l.Line == n {
			return l.Kind
		}
	}
	return ""
}

// DiffInfo says where the diff came from.
type DiffInfo struct {
	// Source is the file path, "-" for stdin, or "git" for --base.
	Source string `json:"source"`
	SHA256 string `json:"sha256"`
	// Base is the ref given to --base and the merge-base commit it resolved to.
	Base       string `json:"base,omitempty"`
	BaseCommit string `json:"base_commit,omitempty"`
}

// Tool names the program that wrote a document.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// OperatorEntry is one row of the operator table as recorded in a document.
type OperatorEntry struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// OperatorSet is the operator table and budget a document was produced with, and their digest.
type OperatorSet struct {
	// Set is the operator set's number (operators.Set); absent in documents written before
	// operator sets were numbered, which were all made by set 1.
	Set    int             `json:"set,omitempty"`
	Digest string          `json:"digest"`
	Table  []OperatorEntry `json:"table"`
}

// BudgetInfo is the per-patch mutant budget, and the rule that picks each line's mutant.
type BudgetInfo struct {
	Total       int `json:"total"`
	PerOperator int `json:"per_operator"`
	// Rule is the planner rule (RuleOf: changed-first, shape-order or both), absent for the
	// operators' rank alone; it enters the operator digest only when present.
	Rule string `json:"rule,omitempty"`
}

// Front is the part every plan document and certify report shares (SPEC §5).
type Front struct {
	SchemaVersion string      `json:"schema_version"`
	Tool          Tool        `json:"tool"`
	Operators     OperatorSet `json:"operators"`
	Budget        BudgetInfo  `json:"budget"`
	Diff          DiffInfo    `json:"diff"`
	Files         []FileInfo  `json:"files"`
	Cut           []Candidate `json:"cut"`
	Discarded     []Candidate `json:"discarded"`
	// Unchanged lists, per source file, the diff's "+" lines that are not new behaviour and got
	// no mutant (SPEC §2.1); absent when there are none.
	Unchanged []UnchangedLines `json:"unchanged_behaviour,omitempty"`
}

// UnchangedLines are the lines of one source file the diff touches without changing behaviour
// (SPEC §2.1): bond mutates none of them, and says how many there were so that a plan over a
// re-indented file does not read as a plan over new code.
type UnchangedLines struct {
	Path string `json:"path"`
	// Lines are "+" lines equal, ignoring whitespace, to a "-" line of the same file: a
	// re-indent, a re-wrap, a line moved within the file.
	Lines []int `json:"lines,omitempty"`
	// Paired counts the lines of a renamed or copied file that git's rename and copy detection
	// (-M -C) paired with unchanged lines of the file it came from: they are not in the hunks.
	Paired int `json:"paired,omitempty"`
	// NonCode lists those of Lines that hold no executable code (a moved `}`).
	NonCode []NonCodeLine `json:"non_code,omitempty"`
}

// UnchangedCount is how many lines the plan counted as unchanged behaviour.
func (f Front) UnchangedCount() int {
	n := 0
	for _, u := range f.Unchanged {
		n += len(u.Lines) + u.Paired
	}
	return n
}

// Result is a plan: the document front, the chosen mutants in diff order, and for every added line
// what each operator did with it.
type Result struct {
	Front   Front
	Mutants []Mutant
	// Lines holds, per added line of a planned file in diff order, each operator's outcome.
	Lines []LineCandidates
	// Counts are the per-operator figures.
	Counts []OperatorCount
	// Touched lists every file the diff adds lines to, in diff order, planned or not (test files
	// included): certify's zero-config oracle is the test files among them.
	Touched []string
}

// Document returns the plan document (SPEC §5). With allCandidates it carries Lines.
func (r Result) Document(allCandidates bool) Document {
	d := Document{Front: r.Front, Mutants: r.Mutants}
	if d.Mutants == nil {
		d.Mutants = []Mutant{}
	}
	if allCandidates {
		d.Candidates = r.Lines
	}
	return d
}

// Document is the JSON plan document: the shared Front, the mutants, and with --all-candidates
// every added line's candidates. docs/plan.md describes it field by field.
type Document struct {
	Front
	Mutants    []Mutant         `json:"mutants"`
	Candidates []LineCandidates `json:"candidates,omitempty"`
}

// Outcomes of one operator on one added line (LineCandidates).
const (
	OutcomeChosen      = "chosen"                // this operator's mutant is the line's mutant and in the plan
	OutcomeCut         = "cut: budget"           // the line's mutant, cut by the budget
	OutcomeCutPerOp    = "cut: per-operator cap" // the line's mutant, cut by the per-operator cap
	OutcomeUnparseable = ReasonUnparseable
	OutcomeEquivalent  = ReasonEquivalent
	OutcomeNotFired    = "not-fired"                            // the operator does not apply to the line
	OutcomeShadowed    = "shadowed"                             // it would fire, but an earlier operator got the line
	OutcomeNoDelete    = "parse-unchecked: no delete-statement" // the file does not parse
)

// LineCandidates is one added line and what each operator of the table made of it.
type LineCandidates struct {
	Path string `json:"path"`
	Line int    `json:"line"`
	Text string `json:"text"`
	// Kind is the kind of a line that holds no code (no operator is offered it).
	Kind       string          `json:"kind,omitempty"`
	Mutant     string          `json:"mutant_id,omitempty"`
	Candidates []LineCandidate `json:"operators"`
}

// LineCandidate is one operator's outcome on a line; Mutated is empty when it did not fire.
type LineCandidate struct {
	Operator string `json:"operator"`
	Outcome  string `json:"outcome"`
	// Mutated is the line as the operator would rewrite it; absent when it did not fire (an
	// empty string is a deletion).
	Mutated *string `json:"mutated,omitempty"`
	Message string  `json:"message,omitempty"`
	// ChangedTokens is, when it fired, how its edit relates to the patch's change (as Mutant's).
	ChangedTokens string `json:"changed_tokens,omitempty"`
}

// OperatorCount is, per operator, how many mutants it proposed as a line's first surviving
// mutant, how many are in the plan, how many the budget cut, and how many it had discarded.
type OperatorCount struct {
	Operator    string `json:"operator"`
	Proposed    int    `json:"proposed"`
	Chosen      int    `json:"chosen"`
	Cut         int    `json:"cut"`
	Unparseable int    `json:"unparseable"`
	Equivalent  int    `json:"equivalent"`
}
