package adjudicate

// This file names the shape of a source line, for the notes of a mutant whose line a coverage
// source recorded nothing for: "lcov records no line for an object-literal property" tells a
// reader why bond abstained and what another runner would see, where "records nothing" does not.

import (
	"fmt"
	"regexp"
	"strings"
)

// lineShape is a shape a coverage source may have no line for, with why that source left it out.
type lineShape struct {
	name string // "an object-literal property"
	lcov string // why istanbul-style lcov records no line of this shape, or "" when it does
}

var (
	// shapeProperty: `key: value`, `'key': value`, `[expr]: value`, `0: value`, not a label
	// before a loop, switch or if (`outer: for (…)`), not a type member (ends with `;`).
	shapePropertyRE = regexp.MustCompile(`^(?:[A-Za-z_$][\w$]*|'[^']*'|"[^"]*"|\[[^\]]+\]|\d+)\s*:\s*(\S.*)$`)
	shapeLabelRE    = regexp.MustCompile(`^(?:for|while|do|switch|if)\b`)
	shapeJumpRE     = regexp.MustCompile(`^(break|continue)(?:\s+[A-Za-z_$][\w$]*)?\s*;?$`)
	shapeCaseRE     = regexp.MustCompile(`^(?:case\b.*|default\s*):\s*(?:$|//.*|/\*.*)`)
	shapeClosingRE  = regexp.MustCompile(`^[)\]}]+[)\]};,]*$`)
)

// shapeOf classifies line (a source line's text) lexically, or reports false for a line of no
// shape worth naming (an ordinary statement). Comments at the end of the line are ignored only
// where they cannot change the answer; the classification is for a note, never for a verdict.
func shapeOf(line string) (lineShape, bool) {
	t := strings.TrimSpace(line)
	if i := strings.Index(t, "//"); i >= 0 && !strings.ContainsAny(t[:i], `'"`+"`") {
		t = strings.TrimSpace(t[:i])
	}
	switch {
	case t == "":
		return lineShape{}, false
	case shapeJumpRE.MatchString(t):
		kw := shapeJumpRE.FindStringSubmatch(t)[1]
		return lineShape{name: "a `" + kw + "` statement"}, true
	case t == "return" || t == "return;":
		return lineShape{name: "a bare `return`"}, true
	case shapeCaseRE.MatchString(t):
		return lineShape{name: "a case label", lcov: "istanbul counts a clause's statements, not its label"}, true
	case shapeClosingRE.MatchString(t):
		return lineShape{name: "a closing bracket", lcov: "istanbul counts statements, and a bracket belongs to the statement it closes"}, true
	}
	if m := shapePropertyRE.FindStringSubmatch(t); m != nil && !strings.HasSuffix(t, ";") && !shapeLabelRE.MatchString(m[1]) {
		return lineShape{name: "an object-literal property", lcov: "istanbul counts statements, and a property belongs to the statement that builds its object"}, true
	}
	return lineShape{}, false
}

// silentLineNote says why bond abstains on line n (text line) of a file whose source (v8, lcov,
// embedded) recorded nothing for it, naming the line's shape where it has one.
func silentLineNote(source string, n int, line string) string {
	sh, ok := shapeOf(line)
	switch {
	case ok && source == "lcov" && sh.lcov != "":
		return fmt.Sprintf("lcov records no line for %s (line %d; %s); bond cannot tell whether it ran", sh.name, n, sh.lcov)
	case ok:
		return fmt.Sprintf("the %s coverage records nothing for line %d, %s (a coverage-ignore comment, or a statement it credits to another line); bond cannot tell whether it ran", source, n, sh.name)
	}
	return fmt.Sprintf("the %s coverage records nothing for line %d (a coverage-ignore comment, or a statement it credits to another line); bond cannot tell whether it ran", source, n)
}
