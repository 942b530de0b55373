package oracle

// This file is runner choice (SPEC §3.1): which runner runs the oracle, and the one place where
// --runner auto falls back from the embedded runner to the command runner (node --test FILE…, or
// the oracle command itself).

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
	"github.com/bond-tool/bond/adjudicate/oracle/oraclecmd"
	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
)

// RunnerChoice is the runner that runs the oracle now, and the command runner that --runner auto
// falls back to.
type RunnerChoice struct {
	Runner   OracleRunner
	Fallback OracleRunner // node --test FILE… for --oracle, the command for --oracle-cmd
	mode     string       // Options.Runner
	// Note says what auto chose and why, for the report.
	Note string
	// plainNode: the oracle command is a node --test invocation that loads no TypeScript
	// loader, so the real runner reads TypeScript only where node strips types (typescript.go).
	plainNode bool
}

// Runners of --oracle FILE… (SPEC §3.1).
const (
	RunnerAuto     = "auto"
	RunnerNode     = "node"
	RunnerEmbedded = "embedded"
	// RunnerCommand is recorded in reports when the oracle is --oracle-cmd.
	RunnerCommand = "command"
)

// RunnerOptions are what runner choice and the runners read of certify's Options (or a Lab's):
// the oracle, the runner asked for, --warm and the value detector's neighbour settings.
type RunnerOptions struct {
	OracleCmd string
	Oracle    []string
	// Runner is auto, node or embedded.
	Runner string
	// Warm is --warm: the command runner's mutant runs go to a long-lived worker per sandbox.
	Warm bool
	// ValueNeighbours and CharCodes are the value detector's neighbour calls (Options.ValueNeighbours).
	ValueNeighbours bool
	CharCodes       []int
	// Numbers are the neighbours' numbers from the patch (Options.numbers).
	Numbers []int64
}

// ChooseRunner picks the runner for o over root (the first sandbox): the command runner under
// --runner node; else the embedded runner where it can serve the oracle — --oracle files, or the
// test files an --oracle-cmd that runs jest, vitest, node --test, mocha, uvu or tape names — and under auto the
// command runner with the reason when it cannot. The embedded runner reads the tree from the
// directory patched makes, the copy no run is placed in (inputs.go), never from a sandbox. conf
// confines command runs; work is where their coverage goes.
func ChooseRunner(o RunnerOptions, root string, patched func() (string, error), conf *Confinement, work string) (*RunnerChoice, error) {
	fb := newCmdRunner(o, root, conf, work)
	if o.Warm {
		fb.Warm = WarmFor(root, o.OracleCmd, conf.Env, conf.Iso, work)
	}
	c := &RunnerChoice{Runner: fb, Fallback: fb, mode: o.Runner, Note: fb.reachNote}
	if o.Runner == RunnerNode {
		return c, nil
	}
	files, eo := o.Oracle, embedded.Options{}
	var inv oraclecmd.Invocation
	if o.OracleCmd != "" {
		why := ""
		if inv, why = readCommand(root, o.OracleCmd); why == "" {
			files, eo, why = invocationTests(root, inv)
		}
		if why != "" {
			if o.Runner == RunnerEmbedded {
				return nil, input.Errorf("--runner embedded cannot run --oracle-cmd %q: %s; use --runner node (or auto, which falls back by itself)", o.OracleCmd, why)
			}
			c.Note = joinNotes("auto chose the command runner: "+why, fb.reachNote)
			return c, nil
		}
		if o.Runner == RunnerAuto && eo.Framework == embedded.FrameworkJest {
			if why := jestConfigUnloadable(root); why != "" {
				c.Note = joinNotes("auto chose the command runner: "+why, fb.reachNote)
				return c, nil
			}
		}
	}
	eroot, err := patched()
	if err != nil {
		return nil, err
	}
	eo.Neighbours, eo.CharCodes, eo.Numbers = o.ValueNeighbours, o.CharCodes, o.Numbers
	r, why, err := newEmbedded(eroot, files, eo, o.Runner == RunnerEmbedded)
	if err != nil {
		return nil, err
	}
	if r == nil {
		c.Note = joinNotes(fmt.Sprintf("auto chose %s: %s", c.fallbackName(), why), fb.reachNote)
		return c, nil
	}
	c.Runner = r
	if o.OracleCmd != "" && eo.Framework == embedded.FrameworkNodeTest {
		c.plainNode = !oraclecmd.LoadsTypeScript(inv)
	}
	if o.OracleCmd != "" {
		c.Note = fmt.Sprintf("the embedded runner runs the oracle command as %s's suite of %s", eo.Framework, strings.Join(files, " "))
	}
	return c, nil
}

// fallbackName names the command runner in notes: node, or the command runner.
func (c *RunnerChoice) fallbackName() string {
	if c.Fallback.Name() == RunnerNode {
		return RunnerNode
	}
	return "the command runner"
}

// fallBack is called when a baseline run showed the runner lacks what the tests need (why).
// Under --runner embedded that is an input error; under auto, the command runner runs everything
// from now on.
func (c *RunnerChoice) fallBack(why string) error {
	if c.mode == RunnerEmbedded || c.Runner == c.Fallback {
		return input.Errorf("--runner embedded cannot run this oracle: the tests need %s, which the embedded runtime lacks; use --runner node (or auto, which falls back by itself)", why)
	}
	c.useFallback(fmt.Sprintf("auto chose %s: the tests need %s, which the embedded runtime lacks", c.fallbackName(), why))
	return nil
}

// useFallback makes the command runner run the oracle from now on, note saying why.
func (c *RunnerChoice) useFallback(note string) {
	c.Runner.Close()
	c.Runner = c.Fallback
	c.Note = note
	if fb, ok := c.Fallback.(*CmdRunner); ok {
		c.Note = joinNotes(c.Note, fb.reachNote)
	}
}

// fallBackAfterFailure makes the command runner run the oracle after the embedded runner's
// baseline failed (failed names the first failure): under auto, bond never reports an oracle as
// failing that only its own runtime fails.
func (c *RunnerChoice) fallBackAfterFailure(failed string) {
	c.useFallback(fmt.Sprintf("auto chose %s: the unmutated oracle failed under the embedded runner (%s), so the real runner runs it", c.fallbackName(), failed))
}

// joinNotes joins the non-empty notes with "; ".
func joinNotes(notes ...string) string {
	var out []string
	for _, n := range notes {
		if n != "" {
			out = append(out, n)
		}
	}
	return strings.Join(out, "; ")
}

// frameworks maps a recognised command's runner to the embedded runtime's test API.
var frameworks = map[oraclecmd.Runner]embedded.Framework{
	oraclecmd.RunnerJest:     embedded.FrameworkJest,
	oraclecmd.RunnerVitest:   embedded.FrameworkVitest,
	oraclecmd.RunnerNodeTest: embedded.FrameworkNodeTest,
	oraclecmd.RunnerMocha:    embedded.FrameworkMocha,
	oraclecmd.RunnerUvu:      embedded.FrameworkUvu,
	oraclecmd.RunnerTape:     embedded.FrameworkTape,
	oraclecmd.RunnerAva:      embedded.FrameworkAva,
	oraclecmd.RunnerTap:      embedded.FrameworkTap,
}

// CommandTests reads an oracle command as the test files it runs and how the embedded runner
// runs them (their test API; mocha's timeout), or says why the embedded runner cannot stand in
// for it (why is then non-empty): the command is not one runner invocation bond recognises, the
// runner has no embedded counterpart, the repository configures something the embedded runner
// cannot honour, or test files bond cannot list from its config's literal patterns (or that
// leave out a file the command names), or the command finds no test file.
func CommandTests(root, cmd string) (files []string, eo embedded.Options, why string) {
	inv, why := readCommand(root, cmd)
	if why != "" {
		return nil, eo, why
	}
	return invocationTests(root, inv)
}

// readCommand reads cmd at root (with package.json's scripts) as one runner invocation, or says
// why it is not one.
func readCommand(root, cmd string) (oraclecmd.Invocation, string) {
	var scripts map[string]string
	if b, err := safefile.Read(filepath.Join(root, "package.json"), safefile.ConfigMax); err == nil {
		if scripts, err = oraclecmd.Scripts(b); err != nil {
			return oraclecmd.Invocation{}, err.Error()
		}
	}
	inv, err := oraclecmd.Parse(cmd, oraclecmd.Options{Scripts: scripts})
	if err != nil {
		var nr *oraclecmd.NotRecognised
		if errors.As(err, &nr) {
			return inv, fmt.Sprintf("the oracle command is not one test runner invocation bond reads (%s)", nr.Why)
		}
		return inv, err.Error()
	}
	return inv, ""
}

// invocationTests is commandTests for a command already read (readCommand).
func invocationTests(root string, inv oraclecmd.Invocation) (files []string, eo embedded.Options, why string) {
	fw, ok := frameworks[inv.Runner]
	if !ok {
		return nil, eo, fmt.Sprintf("the oracle command runs %s, which the embedded runner does not speak", inv.Runner)
	}
	eo.Framework = fw
	eo.Conditions = oraclecmd.Conditions(inv)
	if ev, ok := oraclecmd.NpmLifecycleEvent(inv); ok {
		eo.Launch = embedded.Launch{Known: true, NpmLifecycleEvent: ev}
	}
	if fw == embedded.FrameworkUvu {
		eo.Env = embedded.UvuEnv(slices.Contains(inv.Args, "--no-color"))
	}
	if why := oraclecmd.IsolationOff(inv); why != "" {
		return nil, eo, why
	}
	if fw == embedded.FrameworkMocha {
		return mochaTests(root, inv)
	}
	if fw == embedded.FrameworkAva || fw == embedded.FrameworkTap {
		if why := oraclecmd.AvaTapConfig(os.DirFS(root), inv); why != "" {
			return nil, eo, why
		}
	}
	if fw == embedded.FrameworkJest || fw == embedded.FrameworkVitest {
		cfg, err := embedded.ReadSuiteConfigLaunched(root, fw, eo.Launch)
		switch {
		case err != nil:
			return nil, eo, configWhy(err)
		case cfg.OwnTestFiles && cfg.Patterns == nil:
			return nil, eo, cfg.Unread
		case cfg.OwnTestFiles:
			// The config's patterns decide. The files a command's arguments name, read with the
			// runner's default patterns, must each be among them, or bond's reading and the
			// runner's disagree; a bare command runs what the patterns find.
			var named []string
			if len(inv.Files) > 0 {
				named, _ = oraclecmd.TestFiles(os.DirFS(root), inv)
			}
			if files, why = cfg.Patterns.Files(root, inv.Files, named); why != "" {
				return nil, eo, why
			}
			return files, eo, ""
		}
	}
	files, err := oraclecmd.TestFiles(os.DirFS(root), inv)
	if err != nil {
		return nil, eo, err.Error()
	}
	return files, eo, ""
}

// mochaTests reads a mocha invocation with mocha's configuration at root (embedded.ReadMochaSetup)
// as the files mocha would load and its timeout, or says why the embedded runner cannot honour
// it.
func mochaTests(root string, inv oraclecmd.Invocation) ([]string, embedded.Options, string) {
	eo := embedded.Options{Framework: embedded.FrameworkMocha}
	setup, err := embedded.ReadMochaSetup(root, inv.Files, inv.Args)
	if err != nil {
		return nil, eo, configWhy(err)
	}
	eo.Mocha = setup.Run
	files, err := oraclecmd.TestFiles(os.DirFS(root), oraclecmd.Invocation{Runner: oraclecmd.RunnerMocha, Files: setup.Spec, Args: setup.Args})
	if err != nil {
		return nil, eo, err.Error()
	}
	return files, eo, ""
}

// configWhy is why reading a suite's configuration (err, not nil) keeps the command runner: what
// the embedded runner cannot honour, named by the reader, or the error itself.
func configWhy(err error) string {
	if ue, ok := errors.AsType[*embedded.UnsupportedError](err); ok {
		return ue.Reason()
	}
	return err.Error()
}
