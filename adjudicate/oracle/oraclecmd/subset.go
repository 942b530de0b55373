package oraclecmd

// This file rewrites an oracle command to run a subset of its test-file arguments, for
// per-test-file reach: a mutant runs only the files that ran its line. The rewrite only deletes
// whole words the user wrote (their text, quotes and all, is never re-quoted or re-composed), and
// every deletion is proven by parsing the result again: the same runner, through the same
// launchers, with the same other arguments, and exactly the files kept. A command where that
// cannot be shown is not rewritten.

import (
	"fmt"
	"slices"
	"strings"
)

// FileArgs returns the test-file arguments of cmd, as written, when Subset can run each of them
// on its own; else an error saying why the command must run whole: it is not one runner
// invocation Parse reads, it names fewer than two test files, one file is named twice, or a
// file comes from a package script's own text (`npm test` whose script names them) or an
// option's value (`--spec F`), which deleting a word of the command cannot take out.
func FileArgs(cmd string, opts Options) ([]string, error) {
	inv, err := Parse(cmd, opts)
	if err != nil {
		return nil, err
	}
	if len(inv.Files) < 2 {
		return nil, fmt.Errorf("the oracle command names %d test-file arguments; per-test-file reach needs two or more", len(inv.Files))
	}
	for i, f := range inv.Files {
		if slices.Contains(inv.Files[:i], f) {
			return nil, fmt.Errorf("the oracle command names %s twice", f)
		}
	}
	for _, f := range inv.Files {
		if _, err := Subset(cmd, opts, []string{f}); err != nil {
			return nil, err
		}
	}
	return inv.Files, nil
}

// Subset returns cmd with every test-file argument not in keep deleted (keep names arguments as
// FileArgs returns them, and must name at least one). Everything else stays as written, in
// place. A jest or vitest command also gets --passWithNoTests (unless it has it), so that a file
// argument its configuration matches to no test runs nothing instead of failing, as it does
// within the whole command. The error says why the command cannot be narrowed.
func Subset(cmd string, opts Options, keep []string) (string, error) {
	inv, err := Parse(cmd, opts)
	if err != nil {
		return "", err
	}
	if len(keep) == 0 {
		return "", fmt.Errorf("no test file to keep in %q", cmd)
	}
	for _, k := range keep {
		if !slices.Contains(inv.Files, k) {
			return "", fmt.Errorf("%s is not a test-file argument of %q", k, cmd)
		}
	}
	words, spans, why := splitSpans(cmd)
	if why != "" {
		return "", &NotRecognised{Cmd: cmd, Why: why}
	}
	removed := make([]bool, len(words))
	cur := slices.Clone(inv.Files)
	for fi := len(inv.Files) - 1; fi >= 0; fi-- {
		f := inv.Files[fi]
		if slices.Contains(keep, f) {
			continue
		}
		want := slices.Delete(slices.Clone(cur), fi, fi+1)
		ok := false
		// The word that names f: the last one written that way whose deletion leaves exactly
		// the other files, through the same runner and options.
		for wi := len(words) - 1; wi >= 0 && !ok; wi-- {
			if removed[wi] || words[wi] != f {
				continue
			}
			removed[wi] = true
			if same(inv, want, joinKept(cmd, spans, removed), opts) {
				ok = true
				break
			}
			removed[wi] = false
		}
		if !ok {
			return "", fmt.Errorf("%q: deleting the test-file argument %s from the command does not leave the same command over the other files (it comes from a package script or an option's value); the command runs whole", cmd, f)
		}
		cur = want
	}
	out := joinKept(cmd, spans, removed)
	if (inv.Runner == RunnerJest || inv.Runner == RunnerVitest) && !slices.Contains(inv.Args, "--passWithNoTests") {
		with := strings.TrimRight(out, " \t\n") + " --passWithNoTests"
		if wantArgs := append(slices.Clone(inv.Args), "--passWithNoTests"); sameWith(inv, cur, wantArgs, with, opts) {
			out = with
		}
	}
	return out, nil
}

// same reports whether cmd parses as inv does but over files.
func same(inv Invocation, files []string, cmd string, opts Options) bool {
	return sameWith(inv, files, inv.Args, cmd, opts)
}

func sameWith(inv Invocation, files, args []string, cmd string, opts Options) bool {
	got, err := Parse(cmd, opts)
	return err == nil && got.Runner == inv.Runner && got.Filters == inv.Filters &&
		slices.Equal(got.Files, files) && slices.Equal(got.Via, inv.Via) && slices.Equal(got.Args, args)
}

// joinKept is cmd without the words removed marks: each such word's text and the blanks before
// it are cut, the rest kept byte for byte.
func joinKept(cmd string, spans [][2]int, removed []bool) string {
	var b strings.Builder
	at := 0
	for i, sp := range spans {
		if !removed[i] {
			continue
		}
		from := sp[0]
		if i > 0 {
			from = spans[i-1][1] // the blanks before it go too
		}
		b.WriteString(cmd[at:from])
		at = sp[1]
	}
	b.WriteString(cmd[at:])
	return b.String()
}
