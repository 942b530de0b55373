package main

// This file is the glossary every rendering points its reader to ("Words used here: bond help
// terms"): one text, printed by `bond help terms` and kept word for word as the README's Glossary
// section (TestGlossaryMatchesREADME).

import (
	"github.com/spf13/cobra"
)

// glossary defines the words bond's renderings use, in the order a reader meets them.
const glossary = `bond         the patch-level answer: held, vacuous, unshown or not-bonded.
held         the tests refused at least one change to the added lines and none was shown
             vacuous: they pin the patch as far as bond's mutants can tell.
vacuous      the tests ran an added line and still passed with a change to it: a gap a test
             could close. Under the default regime this refuses the patch (exit 1).
unshown      an abstention: bond could not show whether the tests pin the lines (a line never
             run, coverage bond could not read, a file the tests do not load, a run that
             errored). Not a refusal.
not-bonded   the patch adds nothing bond can mutate, so there is nothing to pin. Never held.
mutant       one added line rewritten by one operator (a small behaviour change), at most one
             per line, under a per-patch budget.
oracle       the tests that are supposed to pin the patch: --oracle files or an --oracle-cmd.
killed       the oracle failed (or timed out) with the mutant applied: a change it refused.
accepted     the oracle passed with the mutant applied.
pinned       a line with a killed mutant.
has a gap    a line whose mutant the tests ran and accepted (a vacuous line).
never run    a line the oracle did not execute in both runs of the unmutated patched tree.
not mutated  a line with no mutant that ran: no operator fired, or it was unparseable,
             equivalent, cut by the budget, or unchanged behaviour (a move or re-indent).
witness      what showed that an accepted mutant changes the program: coverage (other lines
             ran), value (a call the tests make into the package saw another result; the
             embedded runner, node --test, mocha and jest), suite (a gate of the
             repository's own failed), compile (a type checker, linter or build step rejected
             it), none (with how many recorded calls were compared), or not-adjudicated.
regime       how witnesses enter the bond: witness-recorded (the default: any accepted, ran
             mutant is vacuous), witness-required (vacuous only with a coverage, value, suite
             or compile witness) or report-only (the same answer, never a refusal).
gate         one named command of the repository's own suite (--gate NAME=CMD), asked only
             when a mutant needs the suite witness.
canary       a throw placed at the top of a file holding a mutant: if the oracle still passes
             and a run with coverage shows the throw never ran, it does not load that file,
             and the file's mutants are unshown (a throw a test caught is swallowed: loaded).
             Run after the mutants, for the files no killed mutant already showed loaded.
reach        how many added executable lines the oracle ran.
runner       how bond runs the oracle: embedded (in-process, hermetic) or a command (node
             --test FILE, or the oracle command itself). auto picks embedded where it can.
parity       --parity: the embedded runner's deciding outcomes run again under the real
             runner; a disagreement is an error (parity-mismatch), never held.
error        a run bond could not complete or trust (a harness failure, a memory limit, inputs
             that did not match, a parity mismatch): never held, never vacuous.
`

// newTermsTopic is the help topic `bond help terms`.
func newTermsTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "terms",
		Short: "The words bond's reports use (the README's Glossary)",
		Long:  "The words bond's reports use. The README's Glossary holds the same text.\n\n" + glossary,
	}
}
