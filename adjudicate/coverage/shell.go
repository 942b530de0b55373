package coverage

import (
	"path/filepath"
	"strings"
)

// word is one shell word of a command: its unquoted text and where it ends in the command.
type word struct {
	text string
	end  int // byte offset just past the word in the command
}

// shellSegments splits a shell command into simple commands (at `;`, `&`, `&&`, `|`, `||`,
// newlines and parentheses) of words. It understands single and double quotes and backslashes,
// enough to find a test runner's name and where its arguments begin; it does not expand anything.
func shellSegments(cmd string) [][]word {
	var segs [][]word
	var cur []word
	var b strings.Builder
	inWord := false
	flush := func(end int) {
		if inWord {
			cur = append(cur, word{text: b.String(), end: end})
			b.Reset()
			inWord = false
		}
	}
	cut := func() {
		if len(cur) > 0 {
			segs = append(segs, cur)
		}
		cur = nil
	}
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch c {
		case ' ', '\t':
			flush(i)
		case '\n', ';', '&', '|', '(', ')':
			flush(i)
			cut()
		case '<', '>':
			flush(i)
		case '\'':
			inWord = true
			j := strings.IndexByte(cmd[i+1:], '\'')
			if j < 0 {
				b.WriteString(cmd[i+1:])
				i = len(cmd) - 1
				continue
			}
			b.WriteString(cmd[i+1 : i+1+j])
			i += j + 1
		case '"':
			inWord = true
			for i++; i < len(cmd) && cmd[i] != '"'; i++ {
				if cmd[i] == '\\' && i+1 < len(cmd) {
					i++
				}
				b.WriteByte(cmd[i])
			}
		case '\\':
			inWord = true
			if i+1 < len(cmd) {
				i++
				b.WriteByte(cmd[i])
			}
		default:
			inWord = true
			b.WriteByte(c)
		}
	}
	flush(len(cmd))
	cut()
	return segs
}

// runnerFound is what findRunner learned about a command.
type runnerFound struct {
	runner    bool     // a runner bond can ask for lcov was found and can be reached
	name      string   // "jest" or "vitest"
	viaScript string   // "npm", "yarn", "pnpm" when reached through a package script
	problem   string   // why a runner the command uses cannot be asked
	args      []string // the words the runner already gets (after its name)
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
	}
	return ""
}

// findRunner finds jest or vitest in cmd and returns the byte offset where its flags go. Package
// scripts are looked up in root's package.json (one level: a script that runs another script is
// not followed, because flags after `--` would stop at the inner npm).
func findRunner(cmd, root string, depth int) (int, runnerFound) {
	var problem string
	for _, seg := range shellSegments(cmd) {
		at, f := runnerInSegment(seg, root, depth)
		if f.runner {
			return at, f
		}
		if f.problem != "" && problem == "" {
			problem = f.problem
		}
	}
	return 0, runnerFound{problem: problem}
}

func runnerInSegment(seg []word, root string, depth int) (int, runnerFound) {
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
		at := seg[k].end
		if name == "vitest" && k+1 < len(seg) && (seg[k+1].text == "run" || seg[k+1].text == "related") {
			at = seg[k+1].end
		}
		var args []string
		for _, w := range seg[k+1:] {
			args = append(args, w.text)
		}
		return at, runnerFound{runner: true, name: name, args: args}
	}
	head := seg[i].text
	if runnerName(head) != "" && filepath.Ext(head) == "" {
		return direct(i)
	}
	switch filepath.Base(head) {
	case "node":
		for k := i + 1; k < len(seg); k++ {
			if strings.HasPrefix(seg[k].text, "-") {
				continue
			}
			if runnerName(seg[k].text) != "" {
				return direct(k)
			}
			break
		}
	case "npx", "bunx":
		for k := i + 1; k < len(seg); k++ {
			t := seg[k].text
			if t == "--yes" || t == "-y" || t == "--no-install" || t == "--no" || t == "--" {
				continue
			}
			if runnerName(t) != "" {
				return direct(k)
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
		body, ok := readScripts(root)[script]
		if !ok || depth > 0 {
			return 0, runnerFound{}
		}
		segs := shellSegments(body)
		for n, s := range segs {
			_, f := runnerInSegment(s, root, depth+1)
			if !f.runner {
				continue
			}
			if n != len(segs)-1 {
				return 0, runnerFound{problem: "package script " + script + " runs " + f.name +
					" before other commands, so flags bond appends would not reach it; " + f.name +
					" was not asked for lcov (run " + f.name + " directly in the oracle command to get its coverage)"}
			}
			at := seg[len(seg)-1].end
			if tool == "npm" {
				for _, w := range seg[k+1:] {
					if w.text == "--" {
						tool = "npm--" // flags already separated: append after the user's
					}
				}
			}
			via := tool
			if tool == "npm--" {
				via = ""
			}
			args := f.args
			for _, w := range seg[k+1:] {
				args = append(args, w.text)
			}
			return at, runnerFound{runner: true, name: f.name, viaScript: via, args: args}
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
