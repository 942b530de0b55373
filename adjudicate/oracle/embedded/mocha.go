package embedded

// This file holds what the embedded runner needs of mocha beyond its configuration
// (testconfig/mocha.go): its timeout in a job, and the check that a run of several files did
// nothing mocha would apply across them.

import (
	"fmt"
	"time"
)

// mochaDefaultTimeout is mocha's timeout for each test and hook when nothing sets one.
const mochaDefaultTimeout = 2 * time.Second

// mochaJob is MochaOptions as a job carries them to the runtime (host.mocha).
type mochaJob struct {
	TimeoutMS  int64 `json:"timeout"` // 0 for none
	CheckLeaks bool  `json:"checkLeaks"`
	ForbidOnly bool  `json:"forbidOnly"`
}

// mochaJobOf is o as the runtime reads it: the timeout in milliseconds, 0 for none.
func mochaJobOf(o MochaOptions) mochaJob {
	j := mochaJob{CheckLeaks: o.CheckLeaks, ForbidOnly: o.ForbidOnly}
	switch {
	case o.Timeout == 0:
		j.TimeoutMS = mochaDefaultTimeout.Milliseconds()
	case o.Timeout > 0:
		j.TimeoutMS = max(o.Timeout.Milliseconds(), 1)
	}
	return j
}

// mochaSharedSetup names why a failing run of the unmutated tree (no overrides: a baseline
// run) over several files of mocha, uvu or tape says nothing about the oracle: those runners
// load every file into one process, where one may set up what another needs (a global, a shared
// module's state), and the embedded runner runs each file on its own. --runner auto then falls
// back to the runner itself, whose own baseline decides. "" otherwise; a mutant's run (with
// overrides) is always evidence, since the unmutated files passed on their own.
func mochaSharedSetup(files []jobFile, overrides int, passed bool) string {
	if passed || overrides > 0 || len(files) < 2 {
		return ""
	}
	fw := files[0].Framework
	for _, f := range files {
		if f.Framework != fw || !ownProcessFrameworks[f.Framework] || fileIsolatedFrameworks[f.Framework] {
			return ""
		}
	}
	return fmt.Sprintf("%s's one process for all the test files of a run (the unmutated suite fails when each file runs on its own)", fw)
}

// crossFileUse names what a file of a several-file run did that its runner applies across all
// the files of a run (mocha's .only and root-level hooks, tape's .only): mocha and tape load
// every file into one run, the embedded runner runs each file in its own runtime, so such a run
// is not theirs. "" when the run had one file or nothing of the kind.
func crossFileUse(res []fileResult, files []jobFile) string {
	if len(files) < 2 {
		return ""
	}
	for i, fr := range res {
		if fr.CrossFile != "" {
			return fmt.Sprintf("%s %s (%s uses them)", files[i].Framework, fr.CrossFile, files[i].Path)
		}
	}
	return ""
}
