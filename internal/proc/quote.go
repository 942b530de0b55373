package proc

import "strings"

// This file is bond's one shell quoter: every command bond composes for sh -c quotes its words
// here.

// Quote quotes s for sh when it needs it: a word of only letters, digits and -_=./:,@+% stays as
// it is, anything else is single-quoted.
func Quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_=./:,@+%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
