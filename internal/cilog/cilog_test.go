package cilog

import (
	"strings"
	"testing"
)

func TestCommands(t *testing.T) {
	for _, c := range []struct {
		log, want string // want: the names, one per line, "L" marking legacy
	}{
		{"plain text\n::error file=a.js,line=1::boom", "error"},
		{"    ::add-mask::secret", "add-mask"},
		{"x ##[error]boom", "L error"},
		{"a::b:: is not at the start", ""},
		{":\\x3aerror::x and #\\x23[error]", ""},
		{"::stop-commands::tok\n::error::hidden\n##[error]hidden\n::tok::\n::notice::seen", "stop-commands\ntok\nnotice"},
		{"::stop-commands::tok\n::error::never resumed", "stop-commands"},
	} {
		cmds, _ := Commands(c.log)
		var got []string
		for _, cmd := range cmds {
			n := cmd.Name
			if cmd.Legacy {
				n = "L " + n
			}
			got = append(got, n)
		}
		if strings.Join(got, "\n") != c.want {
			t.Errorf("Commands(%q) = %q, want %q", c.log, got, c.want)
		}
	}
}

func TestForeign(t *testing.T) {
	for _, c := range []struct {
		log  string
		safe bool
	}{
		{"::warning file=a.js,line=2,title=bond vacuous mutant m1::msg ::error::inside", true},
		{"::warning file=a.js,line=2,title=bond vacuous mutant m1::msg ##[error]inside", false},
		{"::group::bond: baseline\nbond: baseline 1/2\n::endgroup::", true},
		{"::stop-commands::bond-00ff\n::error::x\n::add-mask::y\n::bond-00ff::", true},
		{"::error::INJECTED", false},
		{"test name ##[error]INJECTED", false},
		{"::stop-commands::bond-00ff\n::error::x", false},
		{"::stop-commands::attacker\n::attacker::", false},
	} {
		if got := Foreign(c.log) == ""; got != c.safe {
			t.Errorf("Foreign(%q) safe = %v, want %v (%s)", c.log, got, c.safe, Foreign(c.log))
		}
	}
}
