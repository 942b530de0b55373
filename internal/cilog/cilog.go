// Package cilog reads a CI log as GitHub Actions' runner reads it, to tell which lines it would
// execute as workflow commands. bond's tests use it to check that no text from a patch or its
// tests becomes a command in a log (issue 24 item 7); bond itself never parses logs.
//
// The runner's rules, as modelled here: a line whose text, after leading blanks, starts with "::"
// is a command "::NAME PROPS::MESSAGE" (the name ends at the first blank or "::"); a line with
// "##[" anywhere is a legacy command "##[NAME …]" (on a "::" line too, which makes the model
// stricter than the runner); after "::stop-commands::TOKEN" no command runs
// until a line "::TOKEN::", which resumes them.
package cilog

import "strings"

// Command is one command the runner would execute.
type Command struct {
	// Line is the 1-based line number in the log.
	Line int
	// Name is the command's name ("error", "add-mask", "stop-commands", or the token that
	// resumes commands).
	Name string
	// Props is the text between the name and the "::" that starts the message, "" when none.
	Props string
	// Text is the whole line.
	Text string
	// Legacy is true for a "##[" command.
	Legacy bool
}

// Commands returns every command the runner would execute in log, in order, and the token of a
// ::stop-commands:: pair still open at the end ("" when none), which leaves the rest of the job
// without commands.
func Commands(log string) (cmds []Command, open string) {
	for i, line := range strings.Split(log, "\n") {
		t := strings.TrimLeft(strings.TrimSuffix(line, "\r"), " \t")
		var c *Command
		if rest, ok := strings.CutPrefix(t, "::"); ok {
			head, _, found := strings.Cut(rest, "::")
			if found {
				name, props, _ := strings.Cut(head, " ")
				c = &Command{Line: i + 1, Name: name, Props: props, Text: line}
			}
		}
		// A "##[" counts even on a "::" line: the runner reads such a line as the "::" command,
		// but the log viewer still marks "##[" sequences it shows, so the model is the stricter
		// of the two.
		if c != nil && open == "" && strings.Contains(t, "##[") {
			cmds = append(cmds, Command{Line: i + 1, Name: "##[", Text: line, Legacy: true})
		}
		if c == nil {
			if _, rest, ok := strings.Cut(t, "##["); ok {
				name := rest
				if j := strings.IndexAny(rest, " ]"); j >= 0 {
					name = rest[:j]
				}
				c = &Command{Line: i + 1, Name: name, Text: line, Legacy: true}
			}
		}
		if c == nil {
			continue
		}
		if open != "" {
			if !c.Legacy && c.Name == open && c.Props == "" {
				open = ""
				cmds = append(cmds, *c)
			}
			continue
		}
		if c.Name == "stop-commands" && !c.Legacy {
			_, tok, _ := strings.Cut(strings.TrimLeft(line, " \t"), "::stop-commands::")
			open = strings.TrimSpace(tok)
		}
		cmds = append(cmds, *c)
	}
	return cmds, open
}

// Foreign returns the commands of log that are not bond's own, as text for a test failure ("" when
// there are none): bond writes only annotations titled "bond …" (::warning, ::notice, ::error with
// title=bond), ::group::/::endgroup:: around its progress, and one-time ::stop-commands:: pairs
// around text it does not trust. A pair still open at the end is reported too.
func Foreign(log string) string {
	cmds, open := Commands(log)
	var bad []string
	resume := map[string]bool{}
	for _, c := range cmds {
		switch {
		case c.Legacy:
		case c.Name == "group" || c.Name == "endgroup":
			continue
		case (c.Name == "warning" || c.Name == "notice" || c.Name == "error") && strings.Contains(c.Props, "title=bond"):
			continue
		case c.Name == "stop-commands":
			_, tok, _ := strings.Cut(strings.TrimLeft(c.Text, " \t"), "::stop-commands::")
			if strings.HasPrefix(tok, "bond-") {
				resume[tok] = true
				continue
			}
		case resume[c.Name]:
			continue
		}
		bad = append(bad, c.Text)
	}
	if open != "" {
		bad = append(bad, "(::stop-commands::"+open+" is never resumed)")
	}
	return strings.Join(bad, "\n")
}
