package adjudicate

// This file is the suggested test of a value witness (issue 28, deliverable 4): for each accepted
// mutant whose witness is a call the tests make, bond writes a test in the oracle's framework
// that makes that call and asserts the patched outcome (package suggest), runs it beside the
// witnessing test file on the patched tree (it must pass) and on the mutant (it must fail, in
// that test), through the oracle's own runner and confinement, and only then records it as
// verified. A suggestion that cannot be written exactly is not attempted and says why; one that
// fails either run is dropped and says why.
//
// The runs happen after adjudication, only for value witnesses, in a sandbox of their own that no
// oracle run has touched (so nothing an earlier test wrote there can decide them); a sandbox a
// suggestion's run changed is not used again.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/adjudicate/report"
	"github.com/bond-tool/bond/adjudicate/suggest"
	"github.com/bond-tool/bond/internal/proc"
	"github.com/bond-tool/bond/plan"
)

// witnessCall is a value witness's call as the unmutated runs recorded it: its arguments, the
// first run's outcome and arguments after the call, and whether the second run recorded exactly
// the same (else no literal of it is exact).
type witnessCall struct {
	Args, Outcome, After []string
	Stable               bool
}

// recordedCall is the witnessCall of a call aligned in both unmutated runs.
func recordedCall(a, b embedded.Call) *witnessCall {
	return &witnessCall{Args: a.Args, Outcome: a.Outcome, After: a.After,
		Stable: slices.Equal(a.Outcome, b.Outcome) && slices.Equal(a.After, b.After)}
}

// suggester writes and runs the suggestions of one certify.
type suggester struct {
	x      *oracle.Runs
	p      *oracle.Pool
	lim    oracle.Limits
	runner oracle.OracleRunner
	// sb is the clean sandbox the next suggestion runs in (nil: make one).
	sb *oracle.Box
}

// suggestTests gives every fresh value witness of results its suggested test; calls are the
// witnesses' calls as the unmutated runs recorded them, by mutant id (adjudicate's).
func suggestTests(ctx context.Context, x *oracle.Runs, p *oracle.Pool, lim oracle.Limits, muts []plan.Mutant, results []report.MutantResult, calls map[string]*witnessCall, prog *progress) error {
	s := &suggester{x: x, p: p, lim: lim, runner: x.Choice.Runner}
	var todo []int
	for i := range results {
		if w := results[i].Witness; w.Kind == report.WitnessValue && w.Value != nil && !results[i].Cached {
			todo = append(todo, i)
		}
	}
	for n, i := range todo {
		prog.phase("suggest", n+1, len(todo))
		st, err := s.suggest(ctx, muts[i], results[i].Witness.Value, calls[muts[i].ID])
		if err != nil {
			return err
		}
		results[i].SuggestedTest = st
	}
	return nil
}

// suggest writes the suggestion of one value witness vd, whose call the unmutated runs recorded
// as d (nil: made only under the mutant), and, when it could, runs it both ways.
func (s *suggester) suggest(ctx context.Context, m plan.Mutant, vd *report.ValueDiff, d *witnessCall) (*report.SuggestedTest, error) {
	fw, why := s.framework(vd.File)
	if why != "" {
		return &report.SuggestedTest{NotAttempted: why}, nil
	}
	st := &report.SuggestedTest{Framework: string(fw), Path: suggest.FileName(vd.File)}
	code, name, err := s.write(vd, d, fw)
	if err != nil {
		st.NotAttempted, st.Path = err.Error(), ""
		return st, nil
	}
	st.Code = code
	if s.p.Tree.File(st.Path) != nil {
		st.NotAttempted = st.Path + " already exists in the repository; bond writes its suggestion nowhere else"
		st.Code, st.Path = "", ""
		return st, nil
	}
	return st, s.verify(ctx, m, st, name)
}

// framework is the framework a suggestion for test file rel is written in, or why none is.
func (s *suggester) framework(rel string) (oraclecmd.Runner, string) {
	switch r := s.runner.(type) {
	case *oracle.EmbeddedRunner:
		fw, ok := r.R.FrameworkOf(rel)
		if !ok {
			return "", "the witnessing file " + rel + " is not one of the oracle's test files"
		}
		// The embedded table spells its frameworks as the command reader does.
		return oraclecmd.Runner(fw), ""
	case *oracle.CmdRunner:
		if r.Runner == RunnerNode {
			return oraclecmd.RunnerNodeTest, ""
		}
		at, ok := oraclecmd.LocateRunner(r.Cmd, oraclecmd.Options{Scripts: r.Scripts})
		switch {
		case !ok:
			return "", "the oracle command runs no test runner bond recognises"
		case at.Name == oraclecmd.RunnerMocha, at.Name == oraclecmd.RunnerNodeTest, at.Name == oraclecmd.RunnerJest, at.Name == oraclecmd.RunnerVitest:
			return at.Name, ""
		}
		return "", "the oracle command runs " + string(at.Name) + "; bond writes suggestions for node --test, mocha, jest and vitest commands"
	}
	return "", "runner " + s.runner.Name() + " gets no suggestions"
}

// write writes the suggestion's code and its test's name, or a *suggest.Refusal saying why not.
func (s *suggester) write(vd *report.ValueDiff, d *witnessCall, fw oraclecmd.Runner) (code, name string, err error) {
	switch {
	case d == nil:
		return "", "", fmt.Errorf("the call was made only under the mutant: there is no patched outcome to assert")
	case !d.Stable:
		return "", "", fmt.Errorf("the two unmutated runs recorded this call's outcome differently (a field that changes from run to run): no literal of it is exact")
	case strings.HasPrefix(vd.Callee, "new "):
		return "", "", fmt.Errorf("the call is a construction (%s): its outcome is a class instance, which a literal cannot rebuild", vd.Callee)
	}
	mod, export, ok := strings.Cut(vd.Callee, "#")
	if !ok {
		return "", "", fmt.Errorf("the callee %s names no module", vd.Callee)
	}
	t := s.p.Tree
	f := t.File(vd.File)
	if f == nil {
		return "", "", fmt.Errorf("the witnessing test file %s is not in the repository", vd.File)
	}
	src, err := t.Bytes(f)
	if err != nil {
		return "", "", err
	}
	spec, err := suggest.Specifier(src, vd.File, mod, func(rel string) bool { return t.File(rel) != nil }, s.packageMain)
	if err != nil {
		return "", "", err
	}
	dec, err := suggest.Decode(d.Args, d.Outcome, d.After)
	if err != nil {
		return "", "", err
	}
	esm := oracle.EsmTest(t.Root)
	return suggest.Code(suggest.Test{Framework: fw, ESM: esm(vd.File), Specifier: spec, ModuleCJS: !s.moduleESM(mod, esm),
		Export: export, Callee: vd.Callee, Call: dec, Neighbour: vd.Origin == "neighbour"})
}

// packageMain is the "main" field of directory dir's package.json in the tree, or "" when it has
// none (or none bond can read): how Node resolves require('..') to a file.
func (s *suggester) packageMain(dir string) string {
	f := s.p.Tree.File(path.Join(dir, "package.json"))
	if f == nil {
		return ""
	}
	b, err := s.p.Tree.Bytes(f)
	if err != nil {
		return ""
	}
	var pkg packageJSON
	if json.Unmarshal(b, &pkg) != nil {
		return ""
	}
	return pkg.Main
}

// esmSyntax finds a top-level import or export statement, which makes a .js file an ES module
// to a bundler whatever its package.json says.
var esmSyntax = regexp.MustCompile(`(?m)^\s*(?:export\s+(?:default|const|let|var|function|class|async|\{|\*)|import\s+[\w{*'"])`)

// moduleESM reports whether the module at rel is an ES module: by its extension or package type
// as Node reads it, or by its syntax.
func (s *suggester) moduleESM(rel string, esm func(string) bool) bool {
	if esm(rel) {
		return true
	}
	switch path.Ext(rel) {
	case ".cjs", ".cts":
		return false
	}
	f := s.p.Tree.File(rel)
	if f == nil {
		return false
	}
	b, err := s.p.Tree.Bytes(f)
	return err == nil && esmSyntax.Match(b)
}

// sandbox is a sandbox no oracle run and no earlier suggestion changed.
func (s *suggester) sandbox() (*oracle.Box, error) {
	if s.sb != nil {
		return s.sb, nil
	}
	// A slot of a name no run could guess and bond made empty: nothing planted in the work dir
	// beforehand can be in it.
	slot, err := os.MkdirTemp(s.p.Work, "s")
	if err != nil {
		return nil, fmt.Errorf("making a sandbox for the suggested tests: %w", err)
	}
	sb, err := oracle.MakeSandbox(s.p.Tree, oracle.SandboxDir(s.p.Work, s.p.Tree.Root, filepath.Base(slot)), len(s.p.Boxes))
	if err != nil {
		return nil, err
	}
	if len(s.p.Boxes) > 0 && s.p.Boxes[0].Caches != nil {
		// No copy-on-write here: node_modules caches of its own, as the oracle's sandboxes have.
		if _, err := sb.ShimNodeModules(); err != nil {
			return nil, err
		}
	}
	s.p.Boxes = append(s.p.Boxes, sb) // cleanup lists what changed in it and removes it
	s.sb = sb
	return sb, nil
}

// verify runs st on the patched tree and on m, and records how each ended and the verdict.
func (s *suggester) verify(ctx context.Context, m plan.Mutant, st *report.SuggestedTest, name string) error {
	sb, err := s.sandbox()
	if err != nil {
		return err
	}
	if err := sb.FS.WriteFile(st.Path, []byte(st.Code), 0o644); err != nil {
		return sb.WriteError("writing the suggested test in", st.Path, err)
	}
	// Whatever happens next, the file goes and a sandbox where anything else changed is not used
	// again.
	defer func() {
		if _, err := sb.FS.Lstat(st.Path); err == nil {
			_ = os.Remove(filepath.Join(sb.Root, filepath.FromSlash(st.Path)))
		}
		if len(sb.Changes()) > 0 || sb.Placed != "" {
			s.sb = nil
		}
	}()
	r, done, why, err := s.runnerFor(sb, st.Path)
	if err != nil {
		return err
	}
	if why != "" {
		st.NotAttempted, st.Code, st.Path = why, "", ""
		return nil
	}
	defer done()
	spec := oracle.RunSpec{Files: []string{st.Path}, Timeout: s.lim.Oracle}
	base, err := r.Run(ctx, sb, spec)
	if err != nil {
		return err
	}
	s.x.Clock.Record(base, false)
	st.Patched, st.PatchedMS = runWord(base.Status), base.Duration.Milliseconds()
	if why := s.tampered(sb, st); why != "" {
		st.Dropped = why
		return nil
	}
	if base.Status != report.StatusAccepted {
		st.Dropped = "it did not pass on the patched tree (" + st.Patched + "): " + failedText(base)
		return nil
	}
	var mut oracle.RunOutcome
	held := true
	err = s.p.WithMutant(sb, m, func(ov *oracle.Override) error {
		spec.Ov = ov
		var err error
		mut, err = r.Run(ctx, sb, spec)
		// The mutated file must still hold the mutant: a run that rewrote it ran something else.
		b, rerr := sb.FS.ReadFile(ov.Path, int64(len(ov.Content))+1)
		held = rerr == nil && string(b) == string(ov.Content)
		return err
	})
	if err != nil {
		return err
	}
	s.x.Clock.Record(mut, false)
	st.Mutant, st.MutantMS = runWord(mut.Status), mut.Duration.Milliseconds()
	if !held {
		st.Dropped = "the mutated file " + m.Path + " did not hold the mutant after the run (the code under test or a setup file rewrote it), so the run is not the mutant's"
		s.sb = nil
		return nil
	}
	if why := s.tampered(sb, st); why != "" {
		st.Dropped = why
		return nil
	}
	switch {
	case mut.Status != report.StatusKilled:
		st.Dropped = "it did not fail on the mutant (" + st.Mutant + ")"
	case len(mut.Failed) == 0:
		st.Dropped = "the run on the mutant failed, but the runner did not say which test failed, so bond cannot tell it was the suggested one"
	case !allName(mut.Failed, name):
		st.Dropped = "the run on the mutant failed outside the suggested test (" + strings.Join(mut.Failed, "; ") + ")"
	default:
		st.Verified = true
	}
	return nil
}

// tampered says why a run's result cannot be taken as the suggestion's: its file is not what bond
// wrote, or another file of the sandbox changed.
func (s *suggester) tampered(sb *oracle.Box, st *report.SuggestedTest) string {
	b, err := sb.FS.ReadFile(st.Path, int64(len(st.Code))+1)
	if err != nil || string(b) != st.Code {
		return "the suggested file " + st.Path + " was changed during its run (by the code under test or a setup file), so its result is not the suggestion's"
	}
	var other []string
	for _, c := range sb.Changes() {
		if c != st.Path {
			other = append(other, c)
		}
	}
	if len(other) > 0 {
		return "its run changed the sandbox (" + strings.Join(other, ", ") + "), so bond cannot show the two runs saw the same tree"
	}
	return ""
}

// runnerFor is the oracle's runner narrowed to the suggested file rel in sb, with what to call
// when done; why says why it cannot be (an oracle command bond cannot point at the file).
func (s *suggester) runnerFor(sb *oracle.Box, rel string) (oracle.OracleRunner, func(), string, error) {
	switch r := s.runner.(type) {
	case *oracle.EmbeddedRunner:
		sib, err := r.R.Sibling(sb.Root, []string{rel})
		if err != nil {
			return nil, nil, "the embedded runner could not prepare the suggested test: " + err.Error(), nil
		}
		e := &oracle.EmbeddedRunner{R: sib}
		return e, e.Close, "", nil
	case *oracle.CmdRunner:
		c := *r
		if r.Runner == RunnerNode {
			c.Files = []string{rel}
			return &c, func() {}, "", nil
		}
		cmd, err := commandFor(r.Cmd, oraclecmd.Options{Scripts: r.Scripts}, rel)
		if err != nil {
			return nil, nil, err.Error(), nil
		}
		c.Cmd, c.Files = cmd, nil
		return &c, func() {}, "", nil
	}
	return nil, nil, "runner " + s.runner.Name() + " gets no suggestions", nil
}

// commandFor is the oracle command with its test-file argument replaced by rel: the same runner,
// launchers and options, proven by parsing the result again; a jest or vitest command that names
// no test file gets rel added as the one to run (oraclecmd.WithTestFile).
func commandFor(cmd string, opts oraclecmd.Options, rel string) (string, error) {
	inv, err := oraclecmd.Parse(cmd, opts)
	if err != nil {
		return "", fmt.Errorf("the oracle command cannot be pointed at the suggested test: %v", err)
	}
	if len(inv.Files) == 0 {
		if inv.Runner == oraclecmd.RunnerJest || inv.Runner == oraclecmd.RunnerVitest {
			// The runner picks its own files: it is given the suggested one to run alone.
			out, problem := oraclecmd.WithTestFile(cmd, opts, rel)
			if problem != "" {
				return "", fmt.Errorf("the oracle command cannot be pointed at the suggested test: %s", problem)
			}
			return out, nil
		}
		return "", fmt.Errorf("the oracle command names no test file bond could replace with the suggested one (its runner picks its own files)")
	}
	one := cmd
	if len(inv.Files) > 1 {
		if one, err = oraclecmd.Subset(cmd, opts, inv.Files[:1]); err != nil {
			return "", fmt.Errorf("the oracle command cannot be narrowed to one test file to replace with the suggested one: %v", err)
		}
	}
	f := inv.Files[0]
	for i := strings.LastIndex(one, f); i >= 0; i = strings.LastIndex(one[:i], f) {
		end := i + len(f)
		if (i > 0 && !strings.ContainsRune(" \t", rune(one[i-1]))) || (end < len(one) && !strings.ContainsRune(" \t;&|", rune(one[end]))) {
			continue
		}
		cand := one[:i] + proc.Quote(rel) + one[end:]
		got, err := oraclecmd.Parse(cand, opts)
		if err == nil && got.Runner == inv.Runner && slices.Equal(got.Files, []string{rel}) && slices.Equal(got.Via, inv.Via) && slices.Equal(got.Args, inv.Args) {
			return cand, nil
		}
	}
	return "", fmt.Errorf("the oracle command's test file %s cannot be replaced by the suggested one (it comes from a package script or an option's value)", f)
}

// allName reports whether every failed test's name holds name.
func allName(failed []string, name string) bool {
	for _, f := range failed {
		if !strings.Contains(f, name) {
			return false
		}
	}
	return true
}

// runWord is how a suggestion's run ended, in the report's words.
func runWord(s report.Status) string {
	switch s {
	case report.StatusAccepted:
		return "passed"
	case report.StatusKilled:
		return "failed"
	case report.StatusTimeout:
		return "timeout"
	}
	return "error"
}

// failedText names a run's failed tests, else the last line of its output, short.
func failedText(out oracle.RunOutcome) string {
	if len(out.Failed) > 0 {
		return "failed " + strings.Join(out.Failed, "; ")
	}
	lines := strings.Split(strings.TrimSpace(out.Output), "\n")
	l := strings.TrimSpace(lines[len(lines)-1])
	if len(l) > 200 {
		l = l[:200] + "…"
	}
	return l
}
