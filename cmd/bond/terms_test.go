package main

import (
	"os"
	"strings"
	"testing"
)

// Every rendering sends its reader to `bond help terms` and the README's Glossary: the two must be
// the same words, and every word the renderings lean on must be defined.
func TestGlossaryMatchesREADME(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "\n## Glossary\n")
	if !ok {
		t.Fatal("README.md has no Glossary section")
	}
	_, block, _ := strings.Cut(sec, "```\n")
	block, _, _ = strings.Cut(block, "```\n")
	if block != glossary {
		t.Errorf("README's Glossary differs from bond help terms: copy the glossary constant (cmd/bond/terms.go) into it\nREADME:\n%s\nterms:\n%s", block, glossary)
	}
	for _, word := range []string{"bond", "held", "vacuous", "unshown", "not-bonded", "pinned", "has a gap", "never run", "not mutated", "witness", "regime", "oracle", "runner", "parity", "error"} {
		if !strings.Contains(glossary, "\n"+word+" ") && !strings.HasPrefix(glossary, word+" ") {
			t.Errorf("the glossary does not define %q", word)
		}
	}
}

func TestHelpTerms(t *testing.T) {
	s, out, _ := testStreams()
	if code := run([]string{"help", "terms"}, s); code != 0 || !strings.Contains(out.String(), glossary) {
		t.Fatalf("bond help terms: exit %d\n%s", code, out)
	}
}
