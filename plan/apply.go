package plan

import "github.com/bond-tool/bond/internal/input"

// Apply returns src with mutant m applied: line m.Line's text replaced by m.Mutated, its line
// terminator ("\n", "\r\n" or none) kept, every other byte unchanged. It refuses, with an
// input.Error naming the file and line, when that line is not m.Original (the file is not the one
// the plan was made for). Sandboxes and the embedded runner apply mutants with it.
func Apply(src []byte, m Mutant) ([]byte, error) {
	spans := splitLines(src)
	if m.Line < 1 || m.Line > len(spans) {
		return nil, input.Errorf("%s:%d: cannot apply mutant %s: the file has %d lines; re-plan against this tree", m.Path, m.Line, m.ID, len(spans))
	}
	sp := spans[m.Line-1]
	if got := string(src[sp.Start:sp.End]); got != m.Original {
		return nil, input.Errorf("%s:%d: cannot apply mutant %s: the line is\n    %q\nnot the planned\n    %q\nre-plan against this tree", m.Path, m.Line, m.ID, got, m.Original)
	}
	out := make([]byte, 0, len(src)-(sp.End-sp.Start)+len(m.Mutated))
	out = append(out, src[:sp.Start]...)
	out = append(out, m.Mutated...)
	out = append(out, src[sp.End:]...)
	return out, nil
}
