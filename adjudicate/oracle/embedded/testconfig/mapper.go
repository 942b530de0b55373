package testconfig

// This file reads jest's moduleNameMapper when bond can apply it exactly as jest does. jest
// (jest-config, jest-resolve 29) turns each key into `new RegExp(key)` — no flags — in the
// order Object.keys gives, and its value (a string or a list of strings) into candidates with a
// leading <rootDir> replaced by path.resolve(rootDir, …). For every import that is not a Node
// built-in, from any file (node_modules too), the first key whose regular expression tests
// true maps it: each candidate has $N replaced with the match's group N ('' when the group
// does not exist or did not take part), and the first candidate that resolves from the
// importing file's directory is the module; when none does, jest throws. The embedded bundler
// (package embedded) does the same.
//
// A key is honoured only when its regular expression means the same to Go's regexp as to
// JavaScript's, which this file checks by reading it: literal characters, escaped punctuation,
// \d \D \w \W \b \B, '.', classes of those and ranges, groups (capturing, (?: and named),
// alternation, anchors and the quantifiers * + ? {n} {n,} {n,m} (greedy or lazy). Anything else
// — \s (whose Unicode set differs), \u, \x, \c, back-references, lookaround, a capturing group
// under a quantifier that repeats (JavaScript resets its capture on each repetition, Go does
// not; '?' is fine), a '{' that
// is not a quantifier — is a *Refusal naming the key, as is a value that is not a literal
// string, a rootDir bond cannot place, and a key JavaScript orders before the others (an array
// index).

import (
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// ModuleMapping is one entry of jest's moduleNameMapper: an import specifier Pattern (a
// JavaScript regular expression, as written) matches is replaced by the first of Targets that
// resolves.
type ModuleMapping struct {
	Pattern string
	Targets []MappedTarget
	re      *regexp.Regexp
}

// MappedTarget is one candidate of a mapping: Path with $N standing for the match's groups;
// when Rooted, Path was written under <rootDir> and is a path from the repository's root
// ("/src/$1"), which the bundler puts the root it runs in before.
type MappedTarget struct {
	Path   string
	Rooted bool
}

// Map returns the candidates for spec from the first mapping whose pattern matches it, with
// their groups substituted, and whether one matched. A specifier with a character outside
// Unicode's basic plane is an error: JavaScript's regular expressions (without the u flag) read
// it as two code units, Go's as one.
func Map(mappings []ModuleMapping, spec string) ([]MappedTarget, bool, error) {
	for _, m := range mappings {
		if m.re == nil {
			continue
		}
		groups := m.re.FindStringSubmatchIndex(spec)
		if groups == nil {
			continue
		}
		for _, c := range spec {
			if c > 0xFFFF {
				return nil, true, fmt.Errorf("%q has a character JavaScript's regular expressions read as two; bond does not match it against moduleNameMapper's %q", spec, m.Pattern)
			}
		}
		out := make([]MappedTarget, len(m.Targets))
		for k, t := range m.Targets {
			out[k] = MappedTarget{Rooted: t.Rooted, Path: dollarGroup.ReplaceAllStringFunc(t.Path, func(d string) string {
				n, err := strconv.Atoi(d[1:])
				if err != nil || 2*n+1 >= len(groups) || groups[2*n] < 0 {
					return ""
				}
				return spec[groups[2*n]:groups[2*n+1]]
			})}
		}
		return out, true, nil
	}
	return nil, false, nil
}

// dollarGroup is jest's /\$([0-9]+)/g over a candidate.
var dollarGroup = regexp.MustCompile(`\$[0-9]+`)

// readJestMapper returns jest's moduleNameMapper in the config (file; text without comments;
// its value cfg when found; for a JSON config, raw its text, re-read in source order), in the
// order jest tries them; nil when it sets none.
func readJestMapper(file, text, raw string, cfg litValue, found bool) ([]ModuleMapping, error) {
	all, set := setKeys(mapperKey, text)
	if set == 0 {
		return nil, nil
	}
	refuse := func(format string, args ...any) error {
		return &Refusal{File: file, Setting: "jest moduleNameMapper (module aliases: " + fmt.Sprintf(format, args...) + ") in its configuration"}
	}
	if strings.HasSuffix(file, ".json") {
		// encoding/json forgets the keys' order, which decides which mapping wins: read the
		// JSON again as the literal it also is.
		r := newLitReader([]byte(raw))
		_, cfg = r.value(0, 0)
		found = r.fault == nil
	}
	if !found || cfg.kind != litObject {
		return nil, refuse("the configuration is not a literal object bond can read")
	}
	v, ok := cfg.get("moduleNameMapper")
	switch {
	case !ok:
		return nil, refuse("set outside the configuration's top level, which bond does not place")
	case all != 1:
		return nil, refuse("set %d times in the file; bond reads only the top-level key", all)
	case v.spread:
		return nil, refuse("a spread of %s may set it; bond reads only literals", clip(v.text))
	case v.kind != litObject:
		return nil, refuse("%s is not a literal object", clip(v.text))
	}
	rootDir, err := jestRootDir(cfg, refuse, "place <rootDir>")
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []ModuleMapping
	for _, p := range v.props {
		switch {
		case p.spread:
			return nil, refuse("a spread or computed key (%s); bond reads only literals", clip(p.val.text))
		case indexKey.MatchString(p.key):
			return nil, refuse("the key %q is an array index, which JavaScript orders first", p.key)
		case seen[p.key]:
			return nil, refuse("the key %q is set twice", p.key)
		}
		seen[p.key] = true
		goRE, why := jsRegexpToGo(p.key)
		if why != "" {
			return nil, refuse("the pattern %q %s", p.key, why)
		}
		re, err := regexp.Compile(goRE)
		if err != nil {
			return nil, refuse("the pattern %q is not one bond reads: %v", p.key, err)
		}
		list, ok := p.val.strings(false)
		if !ok || len(list) == 0 {
			return nil, refuse("%q maps to %s, not a literal string or list of strings", p.key, clip(p.val.text))
		}
		m := ModuleMapping{Pattern: p.key, re: re}
		for _, s := range list {
			t := MappedTarget{Path: s}
			if rest, ok := strings.CutPrefix(s, "<rootDir>"); ok {
				// jest: path.resolve(rootDir, path.normalize('./' + rest)).
				rel := nodeResolve([]string{rootMark, rootDir, nodeNormalize("./" + rest)})
				after, in := strings.CutPrefix(rel, rootMark)
				if !in || after != "" && !strings.HasPrefix(after, "/") {
					return nil, refuse("%q maps to %q, outside the repository", p.key, s)
				}
				t = MappedTarget{Path: after, Rooted: true}
			} else if strings.Contains(s, "<rootDir>") {
				return nil, refuse("%q maps to %q, with <rootDir> not at its start, which jest leaves as written", p.key, s)
			} else if path.IsAbs(s) || strings.HasPrefix(s, "\\") || strings.Contains(s, ":") {
				return nil, refuse("%q maps to %q, an absolute path or URL, which depends on where the repository is", p.key, s)
			}
			if strings.Contains("/"+t.Path+"/", "/node_modules/") && t.Rooted {
				return nil, refuse("%q maps to %q, inside node_modules", p.key, s)
			}
			m.Targets = append(m.Targets, t)
		}
		out = append(out, m)
	}
	return out, nil
}

// mapperKey finds every place a config sets moduleNameMapper.
var mapperKey = regexp.MustCompile(`["']?\bmoduleNameMapper\b["']?\s*:`)

// jsRegexpToGo writes a JavaScript regular expression source (no flags) as a Go regexp that
// matches the same strings with the same groups, or says why bond cannot.
func jsRegexpToGo(src string) (string, string) {
	var b strings.Builder
	// groups is a stack of open groups: whether each is capturing.
	type group struct{ capturing bool }
	var stack []group
	// captured[k]: the group at depth k (or one inside it) captures.
	var captured []bool
	lastCaptured := false // the atom just closed holds a capturing group
	quantifiable := false
	i := 0
	atom := func(s string) { b.WriteString(s); quantifiable, lastCaptured = true, false }
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\\':
			if i+1 >= len(src) {
				return "", "ends in a lone backslash"
			}
			e := src[i+1]
			switch {
			case strings.IndexByte("dDwW", e) >= 0:
				atom(`\` + string(e))
			case e == 'b' || e == 'B':
				b.WriteString(`\` + string(e))
				quantifiable, lastCaptured = false, false
			case strings.IndexByte(`\/.^$*+?()[]{}|-`, e) >= 0:
				atom(regexp.QuoteMeta(string(e)))
			default:
				return "", fmt.Sprintf("uses \\%c, which bond does not translate exactly", e)
			}
			i += 2
		case c == '.':
			atom(`[^\n\r\x{2028}\x{2029}]`)
			i++
		case c == '^' || c == '$':
			b.WriteByte(c)
			quantifiable, lastCaptured = false, false
			i++
		case c == '|':
			b.WriteByte(c)
			quantifiable, lastCaptured = false, false
			i++
		case c == '(':
			g := group{capturing: true}
			switch {
			case strings.HasPrefix(src[i:], "(?:"):
				g.capturing = false
				b.WriteString("(?:")
				i += 3
			case strings.HasPrefix(src[i:], "(?<") && !strings.HasPrefix(src[i:], "(?<=") && !strings.HasPrefix(src[i:], "(?<!"):
				end := strings.IndexByte(src[i:], '>')
				name := ""
				if end > 3 {
					name = src[i+3 : i+end]
				}
				if !regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`).MatchString(name) {
					return "", "has a group name bond does not read"
				}
				b.WriteString("(?P<" + name + ">")
				i += end + 1
			case strings.HasPrefix(src[i:], "(?"):
				return "", "uses a lookaround or group modifier, which bond does not translate"
			default:
				b.WriteByte('(')
				i++
			}
			stack = append(stack, g)
			captured = append(captured, g.capturing)
			quantifiable = false
		case c == ')':
			if len(stack) == 0 {
				return "", "has an unmatched )"
			}
			k := len(stack) - 1
			lastCaptured = captured[k]
			stack, captured = stack[:k], captured[:k]
			if k > 0 && lastCaptured {
				captured[k-1] = true
			}
			b.WriteByte(')')
			quantifiable = true
			i++
		case c == '[':
			end, class, why := jsClass(src[i:])
			if why != "" {
				return "", why
			}
			atom(class)
			i += end
		case c == '*' || c == '+' || c == '?' || c == '{':
			q := string(c)
			if c == '{' {
				m := regexp.MustCompile(`^\{[0-9]+(,[0-9]*)?\}`).FindString(src[i:])
				if m == "" {
					return "", "has a '{' that is not a quantifier, which JavaScript reads as a character"
				}
				q = m
			}
			if !quantifiable {
				return "", "has a quantifier with nothing to repeat"
			}
			if lastCaptured && q != "?" && q != "{0,1}" && q != "{1}" {
				return "", "repeats a capturing group, whose capture JavaScript resets on each repetition and Go does not"
			}
			b.WriteString(q)
			i += len(q)
			if i < len(src) && src[i] == '?' {
				b.WriteByte('?')
				i++
			}
			quantifiable = false
		default:
			if c >= 0x80 {
				return "", "has a character outside ASCII, which bond does not translate"
			}
			if c < 0x20 {
				return "", "has a control character"
			}
			atom(regexp.QuoteMeta(string(c)))
			i++
		}
	}
	if len(stack) > 0 {
		return "", "has an unclosed ("
	}
	return b.String(), ""
}

// jsClass reads a character class at the start of s ("[…]"): its length in s and its Go form.
// Its items are read as JavaScript reads them: a character (plain, or escaped punctuation), a
// class escape (\d \D \w \W), or a range of two characters; a '-' that makes no range is a
// character.
func jsClass(s string) (int, string, string) {
	var b strings.Builder
	b.WriteByte('[')
	i := 1
	if i < len(s) && s[i] == '^' {
		b.WriteByte('^')
		i++
	}
	if i < len(s) && s[i] == ']' {
		return 0, "", "has a class [] or [^], which bond does not translate"
	}
	// char reads one class atom at i: the character (or -1 for a class escape), its Go form,
	// and the index after it.
	char := func(i int) (rune, string, int, string) {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 >= len(s) {
				return 0, "", 0, "ends in a lone backslash"
			}
			e := s[i+1]
			switch {
			case strings.IndexByte("dDwW", e) >= 0:
				return -1, `\` + string(e), i + 2, ""
			case strings.IndexByte(`\/.^$*+?()[]{}|-`, e) >= 0:
				return rune(e), `\` + string(e), i + 2, ""
			}
			return 0, "", 0, fmt.Sprintf("uses \\%c in a class, which bond does not translate exactly", e)
		case c == '[':
			return 0, "", 0, "has a [ inside a class"
		case c >= 0x80 || c < 0x20:
			return 0, "", 0, "has a character outside printable ASCII in a class"
		}
		q := string(c)
		if strings.IndexByte(`\^-]`, c) >= 0 {
			q = `\` + q
		}
		return rune(c), q, i + 1, ""
	}
	for i < len(s) {
		if s[i] == ']' {
			b.WriteByte(']')
			return i + 1, b.String(), ""
		}
		lo, q, next, why := char(i)
		if why != "" {
			return 0, "", why
		}
		if next+1 < len(s) && s[next] == '-' && s[next+1] != ']' {
			hi, q2, after, why := char(next + 1)
			switch {
			case why != "":
				return 0, "", why
			case lo < 0 || hi < 0:
				return 0, "", "has a range with a class escape, which bond does not translate"
			case lo > hi:
				return 0, "", "has a range out of order"
			}
			b.WriteString(q + "-" + q2)
			i = after
			continue
		}
		b.WriteString(q)
		i = next
	}
	return 0, "", "has an unclosed ["
}
