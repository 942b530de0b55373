// The github format of certify: workflow-command annotations for a GitHub Actions log.

package render

import (
	"fmt"
	"io"

	"github.com/bond-tool/bond/adjudicate/report"
)

// Github prints workflow-command annotations: a warning on every vacuous or unshown mutant's
// line, and the bond as an error (refused) or a notice whose message is the answer every rendering
// leads with (answer.go), on several lines. Properties are escaped with ghProp (%,
// CR, LF, : and ,) and messages with ghMessage (%, CR, LF), so no data value can end a command
// or start another, and CIText neutralises "::" and "##[" in them, which a log would otherwise
// read as commands of their own.
func Github(w io.Writer, in Input) error {
	r := in.Report
	bw := &errWriter{w: w}
	for _, m := range r.Mutants {
		if m.Verdict != report.VerdictVacuous && m.Verdict != report.VerdictUnshown {
			continue
		}
		msg := fmt.Sprintf("%s: %s; status %s, witness %s. %s", m.Operator, changeText(m, plainCode), statusText(m), witnessText(m, plainCode), advice(m, plainCode))
		fmt.Fprintf(bw, "::warning file=%s,line=%d,title=%s::%s\n", ghProp(CIText(m.Path)), m.Line, ghProp(CIText("bond "+string(m.Verdict)+" mutant "+m.ID)), ghMessage(CIText(msg)))
	}
	kind := "notice"
	if r.Bond.Refuses {
		kind = "error"
	}
	msg := answerBond(r)
	if l := answerLines(r); l != "" {
		msg += "\n" + l
	}
	todo := todoItems(r, plainCode)
	msg += "\n" + answerTodo(len(todo))
	for _, a := range todo {
		msg += "\n- " + a.Text
	}
	msg += "\nran: " + ranLine(r, plainCode)
	fmt.Fprintf(bw, "::%s title=%s::%s\n", kind, ghProp("bond "+string(r.Bond.Verdict)), ghMessage(CIText(msg)))
	return bw.err
}
