package plan

// Build: the planner's pipeline (options → diff → per-file proposals → budget → plan) and the
// fit check of SPEC §2.1.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/operators"
)

// Options says what to plan. The zero value plans a diff read from nowhere, which is an error;
// set exactly one of DiffPath and Base. Every other zero field is the documented default.
type Options struct {
	// Repo is the patched checkout; "" means ".".
	Repo string
	// DiffPath is a unified diff file, or "-" to read Stdin.
	DiffPath string
	// Stdin is read when DiffPath is "-"; nil means os.Stdin.
	Stdin io.Reader
	// Base is a git ref: bond diffs merge-base(Base, HEAD) against the working tree (-M), and
	// adds untracked, not ignored source files as new files (they are what the oracle will run).
	Base string
	// Budget is the most mutants per patch; 0 means the set's default (DefaultBudgetOf).
	// Negative is an error.
	Budget int
	// PerOperator is the most mutants per operator; 0 means the set's default.
	PerOperator int
	// OperatorSet is the operator set (operators.Set); 0 means operators.DefaultSet. An unknown
	// set is an input error.
	OperatorSet int
	// Operators is a subset of the operator set's table by name; the table's order is kept.
	// Empty means all of them. An unknown name is an error.
	Operators []string
	// Include and Exclude are doublestar globs over repository-relative paths; see selector.
	Include, Exclude []string
	// ChangedFirst puts the mutant of a line that replaces removed ones on the tokens the patch
	// changed (RuleChangedFirst): an operator whose edit lies inside the change wins over a
	// higher-ranked one outside it, and the budget's cut keeps such mutants first within the
	// spread over hunks. Off, each line's mutant is its operators' rank alone, as in every plan
	// before it; on, the rule enters the operator digest.
	ChangedFirst bool
	// ChangedFirstV1, with ChangedFirst, is the changed-first rule's first version
	// (RuleChangedFirstV1): the same pick, but the cut ignores the changed tokens. It exists so
	// that corpus files frozen with that rule plan as their records say; users get version 2.
	ChangedFirstV1 bool
	// ShapeOrder tries first, on a line of a shape with a measured history (a condition head,
	// operators.ShapeOf), the operators that history favours, and the budget's cut ranks each
	// line's mutant as that pick did (RuleShapeOrder); off, the set's rank alone. On, the rule
	// enters the operator digest.
	ShapeOrder bool
	// ShapeOrderV1, with ShapeOrder, is the shape-order rule's first version
	// (RuleShapeOrderV1): the same pick, but the cut ranks by the set's rank. It exists so that
	// corpus files frozen with that rule plan as their records say; users get version 2.
	ShapeOrderV1 bool
}

// Build reads the diff, checks that it fits the tree at Repo, and plans the mutants. Every error
// caused by the input is an input.Error (exit 2). It runs no project code.
func Build(ctx context.Context, opts Options) (Result, error) {
	table, err := operators.Set(opts.OperatorSet)
	if err != nil {
		return Result{}, input.Errorf("--operator-set %d: %v", opts.OperatorSet, err)
	}
	return build(ctx, opts, table)
}

// build plans with the operator table given; tests pass a small fixed table so the planner's own
// rules (fall-through, budget, ids) are tested apart from the operators' behaviour.
func build(ctx context.Context, opts Options, table []operators.Operator) (Result, error) {
	o, ops, err := resolve(opts, table)
	if err != nil {
		return Result{}, err
	}
	sel, err := newSelector(o.Include, o.Exclude)
	if err != nil {
		return Result{}, err
	}
	rt, err := openRoot(o.Repo)
	if err != nil {
		return Result{}, err
	}
	data, info, err := readDiff(ctx, o, sel)
	if err != nil {
		return Result{}, err
	}
	changes, err := parseDiff(data)
	if err != nil {
		return Result{}, err
	}
	var planned []fileChange
	var histories []fileHistory
	var unchanged []UnchangedLines
	var touched []string
	for _, c := range changes {
		if len(c.Added) > 0 || len(c.Unchanged) > 0 {
			touched = append(touched, c.Path)
		}
		if !sel.match(c.Path) {
			continue
		}
		c, h, u, err := historyOf(rt, c)
		if err != nil {
			return Result{}, err
		}
		if u.Lines != nil || u.Paired > 0 {
			unchanged = append(unchanged, u)
		}
		if len(c.Added) > 0 {
			planned = append(planned, c)
			histories = append(histories, h)
		}
	}

	ruleOf := Rule{ChangedFirst: o.ChangedFirst, ChangedFirstV1: o.ChangedFirst && o.ChangedFirstV1, ShapeOrder: o.ShapeOrder, ShapeOrderV1: o.ShapeOrder && o.ShapeOrderV1}
	rule := pickRule{changedFirst: o.ChangedFirst, shapeOrder: o.ShapeOrder, cutByPick: o.ShapeOrder && !o.ShapeOrderV1, cutByChange: o.ChangedFirst && !o.ChangedFirstV1}
	files := make([]filePlan, len(planned))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, c := range planned {
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return err
			}
			fp, err := planFile(gctx, rt, c, histories[i], ops, rule)
			files[i] = fp
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return Result{}, err
	}

	budget := BudgetInfo{Total: o.Budget, PerOperator: o.PerOperator, Rule: ruleOf.Name()}
	res := Result{Front: Front{
		SchemaVersion: version.Schema,
		Tool:          Tool{Name: version.ToolName, Version: version.Tool},
		Operators:     OperatorSetOf(o.OperatorSet, ops, budget),
		Budget:        budget,
		Diff:          info,
		Files:         []FileInfo{},
		Cut:           []Candidate{},
		Discarded:     []Candidate{},
		Unchanged:     unchanged,
	}, Touched: touched}
	var proposed []*Mutant
	var pickRank []int // each proposed mutant's rank as its line's pick read it (cutRank uses it under cutByPick)
	for fi := range files {
		fp := &files[fi]
		res.Front.Files = append(res.Front.Files, fp.info)
		res.Front.Discarded = append(res.Front.Discarded, fp.discarded...)
		res.Lines = append(res.Lines, fp.lines...)
		for i := range fp.chosen {
			proposed = append(proposed, &fp.chosen[i])
		}
		pickRank = append(pickRank, fp.pickRank...)
	}
	rank, by := cutRank(proposed, pickRank, ops, rule)
	perFollows := opts.PerOperator == 0 && o.OperatorSet >= 2
	chosen, cut := selectMutants(o.OperatorSet, proposed, rank, by, res.Front.Files, o.Budget, o.PerOperator, perFollows)
	for _, m := range chosen {
		res.Mutants = append(res.Mutants, *m)
	}
	cutBy := map[string]Candidate{} // id → the cut candidate (its reason, where it stood, the hint)
	for _, c := range cut {
		res.Front.Cut = append(res.Front.Cut, c)
		cutBy[c.ID] = c
	}
	for li := range res.Lines {
		lc := &res.Lines[li]
		for ci := range lc.Candidates {
			if c, ok := cutBy[lc.Mutant]; ok && lc.Candidates[ci].Outcome == OutcomeChosen {
				lc.Candidates[ci].Outcome = OutcomeCut
				if c.Reason == ReasonPerOperator {
					lc.Candidates[ci].Outcome = OutcomeCutPerOp
				}
				lc.Candidates[ci].Message = strings.TrimPrefix(strings.Join([]string{c.Message, c.Hint}, "; "), "; ")
			}
		}
	}
	res.Counts = countByOperator(ops, proposed, res.Mutants, res.Front.Cut, res.Front.Discarded)
	return res, nil
}

// resolve fills the defaults of opts in one place and checks the ones that can be wrong alone.
func resolve(opts Options, table []operators.Operator) (Options, []operators.Operator, error) {
	o := opts
	if o.Repo == "" {
		o.Repo = "."
	}
	switch {
	case o.DiffPath != "" && o.Base != "":
		return o, nil, input.Errorf("give bond one diff source: --diff %s and --base %s were both given", o.DiffPath, o.Base)
	case o.DiffPath == "" && o.Base == "":
		return o, nil, input.Errorf("give bond a diff: --diff FILE, --diff - (stdin) or --base REF")
	}
	if o.Budget < 0 || o.PerOperator < 0 {
		return o, nil, input.Errorf("--budget %d / --per-operator %d: the budget must be positive", o.Budget, o.PerOperator)
	}
	if o.OperatorSet == 0 {
		o.OperatorSet = operators.DefaultSet
	}
	def, err := DefaultBudgetOf(o.OperatorSet)
	if err != nil {
		return o, nil, err
	}
	if o.Budget == 0 {
		o.Budget = def.Total
	}
	if o.PerOperator == 0 {
		o.PerOperator = PerOperatorDefault(o.OperatorSet, o.Budget)
	}
	ops, err := selectOperators(table, o.Operators)
	return o, ops, err
}

// filePlan is what planning one file produced.
type filePlan struct {
	info   FileInfo
	chosen []Mutant // each line's first surviving mutant, in line order
	// pickRank is, for each of chosen, its rank as the line's pick read it (pickRankOf).
	pickRank  []int
	discarded []Candidate
	lines     []LineCandidates
}

// planFile reads one file, checks the fit, lexes it once and offers its added lines that hold
// code to the operators (Source.propose), with what the patch changed on each (h), picking each
// line's mutant by rule.
func planFile(ctx context.Context, rt root, c fileChange, h fileHistory, ops []operators.Operator, rule pickRule) (filePlan, error) {
	src, err := rt.read(c.Path)
	if err != nil {
		return filePlan{}, err
	}
	spans := splitLines(src)
	if err := fitCheck(c, src, spans); err != nil {
		return filePlan{}, err
	}
	sum := sha256.Sum256(src)
	fp := filePlan{info: FileInfo{Path: c.Path, SHA256: hex.EncodeToString(sum[:])}}
	for _, a := range c.Added {
		fp.info.Added = append(fp.info.Added, a.Number)
	}
	fp.info.Moved = c.Moved
	text := string(src)
	// NewSource is one esbuild transform of the whole file, which no context reaches (38 s for
	// a 20,000-line file with the equivalence filter's minifier): it runs aside, so an interrupt
	// returns at once and leaves it to finish in the background.
	made := make(chan *Source, 1)
	go func() { made <- NewSource(c.Path, src, SourceOptions{Equivalence: true}) }()
	var s *Source
	select {
	case s = <-made:
	case <-ctx.Done():
		return filePlan{}, context.Cause(ctx)
	}
	// Set 3's replace-property-value reads "the patch's own code": the file's added lines.
	operators.MarkPatch(s.Lines, fp.info.Added)
	fp.info.Loader = s.Loader()
	parse := ParseOK
	if !s.Parses() {
		parse = ParseUnchecked
		fp.info.ParseMessage = s.ParseMessage()
	}
	fp.info.Parse = parse

	byNumber := make(map[int]operators.Line, len(c.Added))
	want := map[int]bool{}
	for _, a := range c.Added {
		want[a.Number] = true
	}
	for _, l := range s.Lines {
		if want[l.Number] {
			byNumber[l.Number] = l
		}
	}
	kinds := map[int]string{}
	for _, a := range c.Added {
		if l, ok := byNumber[a.Number]; ok {
			if k := lineKind(l); k != "" {
				kinds[a.Number] = k
				fp.info.NonCode = append(fp.info.NonCode, NonCodeLine{Line: a.Number, Kind: k})
			}
		}
	}
	ordinals := lineOrdinals(text, spans, want)

	// Lines are independent (each gets at most one mutant), so they are checked in parallel;
	// the results are put back in line order.
	type lineResult struct {
		ok        bool
		lc        LineCandidates
		chosen    *Mutant
		pickRank  int
		discarded []Candidate
	}
	results := make([]lineResult, len(c.Added))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for ai, a := range c.Added {
		g.Go(func() error {
			if ctx.Err() != nil {
				return nil // interrupted: the lines left are skipped, and planFile returns the cause
			}
			res := &results[ai]
			sp := spans[a.Number-1]
			// The line as the planner (and git) reads it; the operators fire on the lexed line.
			orig := text[sp.Start:sp.End]
			l, ok := byNumber[a.Number]
			if !ok {
				return nil
			}
			res.ok = true
			lc := LineCandidates{Path: c.Path, Line: a.Number, Text: orig, Kind: kinds[a.Number]}
			if lc.Kind != "" {
				lc.Candidates = []LineCandidate{}
				res.lc = lc // no code: no operator is offered it
				return nil
			}
			for _, of := range s.propose(ops, l, orig, true, h.change(a.Number), rule) {
				cand := LineCandidate{Operator: of.Operator.Name, Outcome: of.Outcome, Message: of.Message, ChangedTokens: of.OnChange}
				if of.Outcome != OutcomeNotFired && of.Outcome != OutcomeNoDelete {
					cand.Mutated = &of.Mutated
				}
				lc.Candidates = append(lc.Candidates, cand)
				if cand.Mutated == nil || of.Outcome == OutcomeShadowed {
					continue
				}
				e := of.Edit
				m := Mutant{
					Path: c.Path, Line: a.Number, Column: e.Start + 1,
					Operator: of.Operator.Name, OperatorVersion: of.Operator.Version,
					Original: orig, Mutated: of.Mutated,
					Change:        Change{From: orig[e.Start:e.End], To: e.Text},
					Parse:         parse,
					ChangedTokens: of.OnChange,
				}
				m.ID = MutantID(m.Path, m.Operator, m.Original, m.Mutated, ordinals[a.Number])
				if of.Outcome != OutcomeChosen {
					res.discarded = append(res.discarded, Candidate{Mutant: m, Reason: of.Outcome, Message: of.Message})
					continue
				}
				lc.Mutant = m.ID
				res.chosen = &m
				res.pickRank = pickRankOf(ops, l, of.Operator.Name)
			}
			res.lc = lc
			return nil
		})
	}
	_ = g.Wait()
	if err := ctx.Err(); err != nil {
		return filePlan{}, context.Cause(ctx)
	}
	for _, res := range results {
		if !res.ok {
			continue
		}
		fp.lines = append(fp.lines, res.lc)
		fp.discarded = append(fp.discarded, res.discarded...)
		if res.chosen != nil {
			fp.chosen = append(fp.chosen, *res.chosen)
			fp.pickRank = append(fp.pickRank, res.pickRank)
		}
	}
	return fp, nil
}

// historyOf reads c against the file before the patch (readHistory): the "+" lines equal to
// removed ones whose enclosing blocks changed move to the added lines, and what is left is not
// new behaviour (SPEC §2.1): those lines, checked against the file like any added line, and for
// a renamed or copied file the lines git paired with unchanged ones (every line of the file
// outside the hunks' "+" lines). A file that only adds lines is not read here.
func historyOf(rt root, c fileChange) (fileChange, fileHistory, UnchangedLines, error) {
	u := UnchangedLines{Path: c.Path}
	replaces := len(c.Unchanged) > 0
	for _, b := range c.Blocks {
		replaces = replaces || len(b.removed) > 0 && len(b.added) > 0
	}
	if !replaces && !c.Paired {
		return c, fileHistory{}, u, nil
	}
	src, err := rt.read(c.Path)
	if err != nil {
		return c, fileHistory{}, u, err
	}
	spans := splitLines(src)
	if err := fitCheck(fileChange{Path: c.Path, Added: c.Unchanged}, src, spans); err != nil {
		return c, fileHistory{}, u, err
	}
	var h fileHistory
	if replaces {
		c, h = readHistory(c.Path, src, c)
	}
	for _, a := range c.Unchanged {
		u.Lines = append(u.Lines, a.Number)
		if k := h.kinds[a.Number]; k != "" {
			u.NonCode = append(u.NonCode, NonCodeLine{Line: a.Number, Kind: k})
		}
	}
	if c.Paired {
		u.Paired = max(0, len(spans)-len(c.Added)-len(c.Unchanged))
	}
	return c, h, u, nil
}

// fitCheck checks that every added line equals the patched file's line at its number. A "\r"
// before the "\n" is ignored on both sides, so a diff saved with other line endings still fits.
func fitCheck(c fileChange, src []byte, spans []lineSpan) error {
	for _, a := range c.Added {
		want := strings.TrimSuffix(a.Text, "\r")
		if a.Number > len(spans) {
			return input.Errorf("%s:%d: the diff does not match the file: the diff adds line %d\n    %q\nbut the file has only %d lines; regenerate the diff against this checkout (or point --repo at the tree it was made for)", c.Path, a.Number, a.Number, want, len(spans))
		}
		sp := spans[a.Number-1]
		got := string(src[sp.Start:sp.End])
		if got != want {
			return input.Errorf("%s:%d: the diff does not match the file: the diff adds\n    %q\nbut the file has\n    %q\nregenerate the diff against this checkout (or point --repo at the tree it was made for)", c.Path, a.Number, want, got)
		}
	}
	return nil
}
