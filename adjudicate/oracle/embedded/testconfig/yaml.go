package testconfig

// This file reads the subset of YAML mocha's .mocharc.yml files are written in (mocha.go), as
// data: top-level keys with scalars and lists. Quoted scalars and flow lists are read as literals
// (literal.go's parseLiteral). Anything else is an error, so a configuration bond cannot read
// is refused, never guessed.

import (
	"fmt"
	"strconv"
	"strings"
)

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
