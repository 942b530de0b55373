package oraclecmd

// This file is the shell side of the oracle-command reader: it splits a command into simple
// commands of words, with their byte offsets so that an edit deletes or inserts in place, and
// finds the test runner a command starts and where its options end (findRunner), through
// launchers and one level of package script. The coverage request (coverflags.go), bail and the
// coverage switch-off (edits.go) and the result-file request (LocateRunner, for testresults) all
// read a command through it.

import (
	"path/filepath"
	"strings"
)

// word is one shell word of a command: its unquoted text and where it lies in the command.
type word struct {
	text       string
	start, end int // byte offsets of the word's first byte and just past its last in the command
}

// shellSegments splits a shell command into simple commands (at `;`, `&`, `&&`, `|`, `||`,
// newlines and parentheses) of words. It understands single and double quotes and backslashes,
// enough to find a test runner's name and where its arguments begin; it does not expand anything.
// Redirections (`>f`, `2>&1`, `&>f`, `<f`, `>>f`) are not words: their operators and targets are
// left out, so a segment's last word is its last argument and flags put after it stay arguments.
func shellSegments(cmd string) [][]word {
	var segs [][]word
	var cur []word
	var b strings.Builder
	inWord, start, redirTarget := false, 0, false
	begin := func(i int) {
		if !inWord {
			inWord, start = true, i
		}
	}
	flush := func(end int) {
		if inWord {
			if !redirTarget {
				cur = append(cur, word{text: b.String(), start: start, end: end})
			}
			redirTarget = false
			b.Reset()
			inWord = false
		}
	}
	cut := func() {
		if len(cur) > 0 {
			segs = append(segs, cur)
		}
		cur = nil
		redirTarget = false
	}
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch c {
		case ' ', '\t':
			flush(i)
		case '&':
			if i+1 < len(cmd) && cmd[i+1] == '>' { // bash's &>file: a redirection, not a separator
				flush(i)
				i = redirection(cmd, i+1)
				redirTarget = true
				continue
			}
			flush(i)
			cut()
		case '\n', ';', '|', '(', ')':
			flush(i)
			cut()
		case '<', '>':
			if inWord && isDigits(b.String()) && start+b.Len() == i { // 2>&1: the 2 names a descriptor
				b.Reset()
				inWord = false
			}
			flush(i)
			i = redirection(cmd, i)
			redirTarget = true
		case '\'':
			begin(i)
			j := strings.IndexByte(cmd[i+1:], '\'')
			if j < 0 {
				b.WriteString(cmd[i+1:])
				i = len(cmd) - 1
				continue
			}
			b.WriteString(cmd[i+1 : i+1+j])
			i += j + 1
		case '"':
			begin(i)
			for i++; i < len(cmd) && cmd[i] != '"'; i++ {
				if cmd[i] == '\\' && i+1 < len(cmd) {
					i++
				}
				b.WriteByte(cmd[i])
			}
		case '\\':
			begin(i)
			if i+1 < len(cmd) {
				i++
				b.WriteByte(cmd[i])
			}
		default:
			begin(i)
			b.WriteByte(c)
		}
	}
	flush(len(cmd))
	cut()
	return segs
}

// redirection returns the offset of the last byte of the redirection operator starting at i
// (`>`, `>>`, `>|`, `>&`, `<`, `<<`, `<&`, `<>`); the target word follows. `>&1` keeps `1` as
// the target, which shellSegments then drops.
func redirection(cmd string, i int) int {
	for i+1 < len(cmd) && strings.IndexByte("<>&|", cmd[i+1]) >= 0 {
		i++
	}
	return i
}

// isDigits reports whether s is a non-empty run of ASCII digits.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// runnerFound is what findRunner learned about a command.
type runnerFound struct {
	runner    bool   // a runner bond can ask for lcov was found and can be reached
	name      string // "jest" or "vitest"
	viaScript string // "npm", "yarn", "pnpm" when reached through a package script
	problem   string // why a runner the command uses cannot be asked
	// own are the command's words the runner gets that bond may remove: after the runner's name
	// when the command runs it, after npm's `--` or the script name when a package script does;
	// never past a `--` the runner reads as the end of its options.
	own []word
	// fixed are the words the runner gets from a package script's body: bond cannot edit them,
	// and its flags come after them.
	fixed []string
	// dashdash: a `--` follows the runner's name in its simple command, so the words after it
	// are not the runner's options.
	dashdash bool
	// bodySeparator: the package script passes `--` to the runner itself, so flags appended
	// through the script would reach the runner as test paths.
	bodySeparator bool
}

// ownArgs returns the words of the runner's own options in ws: up to a `--`, and the offset
// just past the last of them (after), which is where bond's flags go.
func ownArgs(ws []word, after int) ([]word, int) {
	for n, w := range ws {
		if w.text == "--" {
			if n > 0 {
				after = ws[n-1].end
			}
			return ws[:n], after
		}
	}
	if len(ws) > 0 {
		after = ws[len(ws)-1].end
	}
	return ws, after
}

// runnerName returns "jest" or "vitest" when w names the runner's executable (a bare name, a
// path such as node_modules/.bin/jest, or the package's bin file run with node).
func runnerName(w string) string {
	base := filepath.Base(w)
	switch {
	case base == "jest" || strings.HasPrefix(base, "jest@"):
		return "jest"
	case base == "vitest" || strings.HasPrefix(base, "vitest@"):
		return "vitest"
	case base == "jest.js" && strings.Contains(w, "jest"):
		return "jest"
	case base == "vitest.mjs":
		return "vitest"
	case base == "mocha" || base == "_mocha" || strings.HasPrefix(base, "mocha@") ||
		(base == "mocha.js" || base == "_mocha.js") && strings.Contains(w, "mocha"):
		return "mocha"
	}
	return ""
}

// nodeTestName is the runner name for Node's own test runner (`node --test`, `tsx --test`).
const nodeTestName = string(RunnerNodeTest)

// nodeValueFlags are node options whose value is the next word.
var nodeValueFlags = map[string]bool{
	"--import": true, "--require": true, "-r": true, "--loader": true, "--experimental-loader": true,
	"--env-file": true, "--conditions": true, "-C": true, "--test-reporter": true,
	"--test-reporter-destination": true, "--test-name-pattern": true, "--test-concurrency": true,
	"--input-type": true, "--stack-size": true, "--max-old-space-size": true,
}

// nodeTest reports Node's test runner, whose --test is seg[k]. Its options are node's own, read
// only before the test files, so bond gives it none on the command line (see LocateRunner).
func nodeTest(seg []word, k int) (int, runnerFound) {
	own, at := ownArgs(seg[k+1:], seg[k].end)
	return at, runnerFound{runner: true, name: nodeTestName, own: own}
}

// indexWord returns the index of the first word of ws whose text is t, or -1.
func indexWord(ws []word, t string) int {
	for i, w := range ws {
		if w.text == t {
			return i
		}
	}
	return -1
}

// findRunner finds the first runner in cmd that only accepts (of jest, vitest, mocha and
// node:test) and returns the byte offset where its flags go. Package
// scripts are looked up in scripts, package.json's (one level: a script that runs another script is
// not followed, because flags after `--` would stop at the inner npm).
func findRunner(cmd string, scripts map[string]string, depth int, only func(name string) bool) (int, runnerFound) {
	var problem runnerFound
	for _, seg := range shellSegments(cmd) {
		at, f := runnerInSegment(seg, scripts, depth, only)
		if f.runner {
			return at, f
		}
		if f.problem != "" && problem.problem == "" {
			problem = runnerFound{problem: f.problem, name: f.name}
		}
	}
	return 0, problem
}

// runnerInSegment finds a runner only accepts in one simple command: the runner itself, or the
// one the package script it names runs.
func runnerInSegment(seg []word, scripts map[string]string, depth int, only func(string) bool) (int, runnerFound) {
	at, f := runnerInSegment1(seg, scripts, depth, only)
	if f.name != "" && !only(f.name) {
		return 0, runnerFound{}
	}
	return at, f
}

func runnerInSegment1(seg []word, scripts map[string]string, depth int, only func(string) bool) (int, runnerFound) {
	i := 0
	skipAssignments := func() {
		for i < len(seg) && isAssignment(seg[i].text) {
			i++
		}
	}
	skipAssignments()
	for i < len(seg) && (seg[i].text == "exec" || seg[i].text == "env" || seg[i].text == "cross-env" || seg[i].text == "time") {
		i++
		skipAssignments()
	}
	if i >= len(seg) {
		return 0, runnerFound{}
	}
	direct := func(k int) (int, runnerFound) {
		name := runnerName(seg[k].text)
		own, at := ownArgs(seg[k+1:], seg[k].end)
		dashdash := len(own) < len(seg)-k-1
		var sep bool
		if depth > 0 { // inside a package script: report the `--` instead of stopping before it
			sep = dashdash
			own, at = seg[k+1:], seg[len(seg)-1].end
		}
		return at, runnerFound{runner: true, name: name, own: own, bodySeparator: sep, dashdash: dashdash}
	}
	head := seg[i].text
	if runnerName(head) != "" && filepath.Ext(head) == "" {
		return direct(i)
	}
	switch filepath.Base(head) {
	case "node":
		for k := i + 1; k < len(seg); k++ {
			t := seg[k].text
			if t == "--test" {
				return nodeTest(seg, k)
			}
			if strings.HasPrefix(t, "-") {
				if nodeValueFlags[t] {
					k++
				}
				continue
			}
			if runnerName(t) != "" {
				return direct(k)
			}
			break
		}
	case "tsx":
		if k := indexWord(seg[i+1:], "--test"); k >= 0 {
			return nodeTest(seg, i+1+k)
		}
	case "npx", "bunx":
		for k := i + 1; k < len(seg); k++ {
			t := seg[k].text
			if t == "-p" || t == "--package" || t == "-c" || t == "--call" ||
				strings.HasPrefix(t, "--package=") || strings.HasPrefix(t, "--call=") {
				break // another package or a shell string runs, as npxCommand reads it
			}
			if strings.HasPrefix(t, "-") {
				continue // --yes, -y, --no-install, --no, --quiet, `--`, …
			}
			if runnerName(t) != "" {
				return direct(k)
			}
			if t == "tsx" {
				if j := indexWord(seg[k+1:], "--test"); j >= 0 {
					return nodeTest(seg, k+1+j)
				}
			}
			break
		}
	case "npm", "yarn", "pnpm":
		tool := filepath.Base(head)
		k := i + 1
		for k < len(seg) && strings.HasPrefix(seg[k].text, "-") {
			k++
		}
		if k >= len(seg) {
			if tool == "yarn" { // bare `yarn` installs
				return 0, runnerFound{}
			}
			return 0, runnerFound{}
		}
		sub := seg[k].text
		script := ""
		switch {
		case sub == "exec" || sub == "x" || sub == "dlx":
			for j := k + 1; j < len(seg); j++ {
				if seg[j].text == "--" || strings.HasPrefix(seg[j].text, "-") {
					continue
				}
				if runnerName(seg[j].text) != "" {
					return direct(j)
				}
				break
			}
			return 0, runnerFound{}
		case sub == "test" || sub == "t" || sub == "tst":
			script = "test"
		case sub == "run" || sub == "run-script":
			if k+1 < len(seg) {
				script = seg[k+1].text
				k++
			}
		case tool != "npm":
			if runnerName(sub) != "" {
				return direct(k)
			}
			script = sub // yarn <script>, pnpm <script>
		}
		if script == "" {
			return 0, runnerFound{}
		}
		body, ok := scripts[script]
		if !ok || depth > 0 {
			return 0, runnerFound{}
		}
		segs := shellSegments(body)
		for n, s := range segs {
			_, f := runnerInSegment(s, scripts, depth+1, only)
			if !f.runner {
				continue
			}
			if n != len(segs)-1 {
				return 0, runnerFound{name: f.name, problem: "package script " + script + " runs " + f.name +
					" before other commands, so flags bond appends would not reach it; " + f.name +
					" was not asked for lcov (run " + f.name + " directly in the oracle command to get its coverage)"}
			}
			outer := seg[k+1:]
			via := tool
			if tool == "npm" {
				// npm passes the runner only the words after its `--`; without one, bond's
				// flags need their own.
				for n, w := range outer {
					if w.text == "--" {
						outer, via = outer[n+1:], ""
						break
					}
				}
				if via == "npm" {
					outer = nil
				}
			}
			own, at := ownArgs(outer, seg[len(seg)-1].end)
			var fixed []string
			for _, w := range f.own {
				fixed = append(fixed, w.text)
			}
			return at, runnerFound{runner: true, name: f.name, viaScript: via, own: own, fixed: fixed, bodySeparator: f.bodySeparator}
		}
	}
	return 0, runnerFound{}
}

// isAssignment reports whether w is a NAME=value environment assignment.
func isAssignment(w string) bool {
	eq := strings.IndexByte(w, '=')
	if eq <= 0 {
		return false
	}
	for i, r := range w[:eq] {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
