package adjudicate

// This file is runner choice (SPEC §3.1): which runner runs the oracle, and the one place where
// --runner auto falls back from the embedded runner to node.

import (
	"fmt"

	"github.com/bond-tool/bond/internal/input"
)

// runnerChoice is the runner that runs the oracle now, and the node runner that --runner auto
// falls back to.
type runnerChoice struct {
	runner oracleRunner
	node   oracleRunner // nil for --oracle-cmd
	mode   string       // Options.Runner
	// note says why auto chose node, for the report.
	note string
}

// chooseRunner picks the runner for o: the command for --oracle-cmd, else node or the embedded
// runner over root (the first sandbox), auto taking the embedded runner where it can prepare the
// oracle. conf confines command runs; work is where their coverage goes.
func chooseRunner(o Options, root string, conf *confinement, work string) (*runnerChoice, error) {
	if o.OracleCmd != "" {
		r := &cmdRunner{cmd: o.OracleCmd, runner: RunnerCommand, env: conf.env, iso: conf.iso, tmp: work, prepare: prepareCoverage}
		return &runnerChoice{runner: r, mode: o.Runner}, nil
	}
	node := &cmdRunner{cmd: nodeTestCmd(o.Oracle), files: o.Oracle, runner: RunnerNode, env: conf.env, iso: conf.iso, tmp: work, prepare: prepareCoverage}
	c := &runnerChoice{runner: node, node: node, mode: o.Runner}
	if o.Runner == RunnerNode {
		return c, nil
	}
	r, note, err := newEmbedded(root, o.Oracle, o.Runner == RunnerEmbedded)
	if err != nil {
		return nil, err
	}
	if r != nil {
		c.runner = r
	}
	c.note = note
	return c, nil
}

// fallBack is called when a baseline run showed the runner lacks what the tests need (why).
// Under --runner embedded that is an input error; under auto, node runs everything from now on.
func (c *runnerChoice) fallBack(why string) error {
	if c.mode == RunnerEmbedded || c.node == nil || c.runner == c.node {
		return input.Errorf("--runner embedded cannot run this oracle: the tests need %s, which the embedded runtime lacks; use --runner node (or auto, which falls back by itself)", why)
	}
	c.runner.close()
	c.runner = c.node
	c.note = fmt.Sprintf("auto chose node: the tests need %s, which the embedded runtime lacks", why)
	return nil
}
