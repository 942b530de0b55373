// Package tomlcheck validates a decoded TOML document as a whole: every problem of a file is
// collected, each naming where it is and which key, and reported together in one input error,
// so a user fixes a corpus or contracts file in one pass instead of one error at a time.
package tomlcheck

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bond-tool/bond/internal/input"
)

// Problems collects every problem of the file at Path.
type Problems struct {
	Path string
	List []string
}

// Addf records one problem.
func (p *Problems) Addf(format string, args ...any) {
	p.List = append(p.List, fmt.Sprintf(format, args...))
}

// Err returns one input error listing every problem, naming the file as what ("corpus file",
// "contracts file"), or nil when there is none.
func (p *Problems) Err(what string) error {
	if len(p.List) == 0 {
		return nil
	}
	noun := "problem"
	if len(p.List) > 1 {
		noun = "problems"
	}
	return input.Errorf("%s: %d %s in the %s; fix them and run again:\n  %s", p.Path, len(p.List), noun, what, strings.Join(p.List, "\n  "))
}

// Str is v as a string ("" when absent), recording a problem when it is another type.
func (p *Problems) Str(where, key string, v any) string {
	if v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		p.Addf("%s: key %q must be a string, not %s", Where(where), key, TypeName(v))
	}
	return s
}

// StrList is v as a list of strings, recording a problem for v or any element of another type.
func (p *Problems) StrList(where, key string, v any) []string {
	list, ok := v.([]any)
	if !ok {
		p.Addf("%s: key %q must be an array of strings, not %s", Where(where), key, TypeName(v))
		return nil
	}
	var out []string
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			p.Addf("%s: key %q must hold only strings, not %s", Where(where), key, TypeName(e))
			continue
		}
		out = append(out, s)
	}
	return out
}

// Where names a place in the file for a message: "top level" for the document itself.
func Where(where string) string {
	if where == "" {
		return "top level"
	}
	return where
}

// TypeName names a decoded TOML value's type as a message says it ("an integer", "a table").
func TypeName(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	default:
		return fmt.Sprintf("%T", v)
	}
}

// SortedKeys returns m's keys in order, so problems are reported in a stable order.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
