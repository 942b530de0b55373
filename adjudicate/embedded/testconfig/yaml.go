package testconfig

// This file reads configuration text as data without running it: JavaScript object literals
// (which JSON and JSON with trailing commas are) and a subset of YAML, for mocha's
// configuration files (mochaconfig.go). Anything beyond literals is an error, so a
// configuration that computes its values is refused, never guessed.

import (
	"fmt"
	"strconv"
	"strings"
)

// parseLiteral reads one literal (object, array, string, number, true, false, null) from text,
// which comments have been stripped from, followed by nothing but an optional semicolon.
func parseLiteral(text string) (any, error) {
	p := &litParser{s: text}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ';' {
		p.i++
	}
	p.space()
	if p.i < len(p.s) {
		return nil, fmt.Errorf("unexpected %q after the value", p.rest())
	}
	return v, nil
}

type litParser struct {
	s string
	i int
}

func (p *litParser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *litParser) rest() string {
	r := p.s[p.i:]
	if len(r) > 20 {
		r = r[:20] + "…"
	}
	return r
}

func (p *litParser) value() (any, error) {
	p.space()
	if p.i >= len(p.s) {
		return nil, fmt.Errorf("unexpected end")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '\'' || c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		j := p.i + 1
		for j < len(p.s) && strings.IndexByte("0123456789.eE+-", p.s[j]) >= 0 {
			j++
		}
		f, err := strconv.ParseFloat(p.s[p.i:j], 64)
		if err != nil {
			return nil, fmt.Errorf("not a number: %q", p.s[p.i:j])
		}
		p.i = j
		return f, nil
	}
	w := p.word()
	switch w {
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "null":
		return nil, nil
	}
	return nil, fmt.Errorf("%q is not a literal", p.rest())
}

func (p *litParser) word() string {
	j := p.i
	for j < len(p.s) && (p.s[j] == '_' || p.s[j] == '$' || p.s[j] >= 'a' && p.s[j] <= 'z' || p.s[j] >= 'A' && p.s[j] <= 'Z' || p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '-' && j > p.i) {
		j++
	}
	w := p.s[p.i:j]
	if w != "" {
		p.i = j
	}
	return w
}

func (p *litParser) str() (string, error) {
	q := p.s[p.i]
	var b strings.Builder
	for j := p.i + 1; j < len(p.s); j++ {
		c := p.s[j]
		switch {
		case c == q:
			p.i = j + 1
			return b.String(), nil
		case c == '\\' && j+1 < len(p.s):
			j++
			switch e := p.s[j]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'u':
				if j+4 < len(p.s) {
					if r, err := strconv.ParseUint(p.s[j+1:j+5], 16, 32); err == nil {
						b.WriteRune(rune(r))
						j += 4
						continue
					}
				}
				return "", fmt.Errorf("a \\u escape bond does not read")
			default:
				b.WriteByte(e)
			}
		case c == '\n':
			return "", fmt.Errorf("a string runs past its line")
		default:
			b.WriteByte(c)
		}
	}
	return "", fmt.Errorf("an unterminated string")
}

func (p *litParser) object() (map[string]any, error) {
	p.i++ // {
	out := map[string]any{}
	for {
		p.space()
		if p.i < len(p.s) && p.s[p.i] == '}' {
			p.i++
			return out, nil
		}
		var key string
		if p.i < len(p.s) && (p.s[p.i] == '\'' || p.s[p.i] == '"') {
			k, err := p.str()
			if err != nil {
				return nil, err
			}
			key = k
		} else if key = p.word(); key == "" {
			return nil, fmt.Errorf("%q is not a key", p.rest())
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, fmt.Errorf("expected ':' after %q (shorthand and computed properties are not literals)", key)
		}
		p.i++
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out[key] = v
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == '}' {
			continue
		}
		return nil, fmt.Errorf("expected ',' or '}' at %q", p.rest())
	}
}

func (p *litParser) array() ([]any, error) {
	p.i++ // [
	out := []any{}
	for {
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ']' {
			p.i++
			return out, nil
		}
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		p.space()
		if p.i < len(p.s) && p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.i < len(p.s) && p.s[p.i] == ']' {
			continue
		}
		return nil, fmt.Errorf("expected ',' or ']' at %q", p.rest())
	}
}

// parseYAMLSubset reads YAML of top-level `key: value` lines, where a value is a scalar
// (quoted or plain), a flow list `[a, b]`, or empty with a block list of `- item` lines below
// it. Anything else (nesting, anchors, multi-line strings) is an error.
func parseYAMLSubset(text string) (map[string]any, error) {
	out := map[string]any{}
	var listKey string
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(yamlComment(line), " \t\r")
		if strings.TrimSpace(line) == "" || line == "---" {
			continue
		}
		if item, ok := strings.CutPrefix(strings.TrimLeft(line, " "), "- "); ok && listKey != "" {
			v, err := yamlScalar(strings.TrimSpace(item))
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
			out[listKey] = append(out[listKey].([]any), v)
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			return nil, fmt.Errorf("line %d: nested YAML", n+1)
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("line %d: not a key: value line", n+1)
		}
		key, val = strings.Trim(strings.TrimSpace(key), `"'`), strings.TrimSpace(val)
		listKey = ""
		switch {
		case val == "":
			listKey = key
			out[key] = []any{}
		case strings.HasPrefix(val, "["):
			v, err := parseLiteral(yamlFlow(val))
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
			out[key] = v
		default:
			v, err := yamlScalar(val)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
			out[key] = v
		}
	}
	return out, nil
}

// yamlComment drops a # comment that is not inside quotes.
func yamlComment(line string) string {
	var q byte
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '\'' || c == '"':
			q = c
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}

// yamlFlow quotes the plain words of a flow list of scalars so parseLiteral reads it.
func yamlFlow(val string) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(val, "["), "]")
	var parts []string
	for _, w := range strings.Split(inner, ",") {
		if w = strings.TrimSpace(w); w == "" {
			continue
		}
		v, err := yamlScalar(w)
		if err != nil {
			return val
		}
		b, _ := jsonScalar(v)
		parts = append(parts, b)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func jsonScalar(v any) (string, error) {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x), nil
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case bool:
		return strconv.FormatBool(x), nil
	}
	return "null", nil
}

// yamlScalar reads a quoted or plain YAML scalar: a string, number, boolean or null.
func yamlScalar(s string) (any, error) {
	if s == "" {
		return nil, nil
	}
	switch s[0] {
	case '"', '\'':
		return parseLiteral(s)
	case '{', '[', '&', '*', '!', '|', '>', '%', '@', '`':
		return nil, fmt.Errorf("%q is YAML bond does not read", s)
	}
	switch s {
	case "true", "True", "TRUE":
		return true, nil
	case "false", "False", "FALSE":
		return false, nil
	case "null", "~", "Null", "NULL":
		return nil, nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return f, nil
	}
	return s, nil
}
