// Package suggest writes the suggested test of a value witness (issue 28, deliverable 4): a test
// in the oracle's own framework that makes the witnessing call and asserts the patched outcome.
// This package is pure: it decodes the value trace's flattened "path=leaf" lines back into
// JavaScript literals (this file), finds how the witnessing test file imports the module
// (specifier.go) and writes the test's code (write.go). Running it, twice, is the adjudicate
// package's job; only a suggestion that passed on the patched tree and failed on the mutant is
// shown.
//
// Everything here is exact or refused: a value the literal could not reproduce exactly (a
// function, a class instance, a Map, shared or cyclic structure, anything past a serializer cap)
// is an error saying which, never an approximation.
package suggest

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Refusal says why a suggestion cannot be written exactly. Its text names the value or the part
// of the call that stopped it.
type Refusal struct{ Why string }

func (r *Refusal) Error() string { return r.Why }

func refuse(format string, args ...any) error { return &Refusal{Why: fmt.Sprintf(format, args...)} }

// node is one value of a decoded tree.
type node struct {
	path string
	leaf string
	keys []string // child segments in recorded order: "[0]", ".name"
	kids map[string]*node
}

// tree rebuilds the values under root from lines, checking that every line's parent was recorded
// before it and that no path repeats: a property key holding '.', '[' or '{' would otherwise read
// as a nested path, and a wrong tree must never become a literal.
func tree(lines []string, root string) (*node, error) {
	nodes := map[string]*node{}
	var top *node
	for _, l := range lines {
		p, leaf, ok := strings.Cut(l, "=")
		if !ok {
			return nil, refuse("the trace line %q has no value", l)
		}
		if _, dup := nodes[p]; dup {
			return nil, refuse("the path %s is recorded twice (a property key with '.', '[' or '{' in it)", p)
		}
		n := &node{path: p, leaf: leaf, kids: map[string]*node{}}
		if p == root {
			if top != nil {
				return nil, refuse("%s is recorded twice", root)
			}
			top = n
			nodes[p] = n
			continue
		}
		parent, seg, ok := splitLast(p)
		if !ok {
			return nil, refuse("the trace path %s is not under %s", p, root)
		}
		par := nodes[parent]
		if par == nil {
			return nil, refuse("the trace path %s has no recorded parent (a property key with '.', '[' or '{' in it)", p)
		}
		par.keys = append(par.keys, seg)
		par.kids[seg] = n
		nodes[p] = n
	}
	if top == nil {
		return nil, refuse("nothing is recorded under %s", root)
	}
	return top, nil
}

// splitLast splits a path at its last segment: "a[0].b" → "a[0]", ".b". A '.' inside brackets or
// braces (a Map key, a string) is not a separator.
func splitLast(p string) (parent, seg string, ok bool) {
	if strings.HasSuffix(p, "]") || strings.HasSuffix(p, "}") {
		open := byte('[')
		if p[len(p)-1] == '}' {
			open = '{'
		}
		i := strings.LastIndexByte(p, open)
		if i <= 0 {
			return "", "", false
		}
		return p[:i], p[i:], true
	}
	i := strings.LastIndexAny(p, ".]}")
	if i < 0 {
		return "", "", false
	}
	if p[i] != '.' {
		// "a[0]b" cannot be produced by the serializer.
		return "", "", false
	}
	return p[:i], p[i:], true
}

// Literal decodes the value recorded under root ("return", "resolved", "args[0]") from lines and
// writes it as an exact JavaScript literal, or returns a *Refusal naming what it cannot write.
func Literal(lines []string, root string) (string, error) {
	var own []string
	for _, l := range lines {
		p, _, _ := strings.Cut(l, "=")
		if p == root || strings.HasPrefix(p, root+".") || strings.HasPrefix(p, root+"[") || strings.HasPrefix(p, root+"{") {
			own = append(own, l)
		}
	}
	t, err := tree(own, root)
	if err != nil {
		return "", err
	}
	return t.literal()
}

// Args decodes an argument list recorded under root ("args", "after"): one literal per argument.
func Args(lines []string, root string) ([]string, error) {
	t, err := tree(lines, root)
	if err != nil {
		return nil, err
	}
	n, ok := strings.CutPrefix(t.leaf, "Arguments(")
	if !ok || !strings.HasSuffix(n, ")") {
		return nil, refuse("%s is %s, not an argument list", root, t.leaf)
	}
	count, err := strconv.Atoi(strings.TrimSuffix(n, ")"))
	if err != nil || count != len(t.keys) {
		return nil, refuse("%s records %s with %d of them recorded", root, t.leaf, len(t.keys))
	}
	out := make([]string, count)
	for i := range count {
		k := t.kids["["+strconv.Itoa(i)+"]"]
		if k == nil {
			return nil, refuse("argument %d of %s is not recorded", i+1, root)
		}
		lit, err := k.literal()
		if err != nil {
			return nil, refuse("argument %d: %v", i+1, err)
		}
		out[i] = lit
	}
	return out, nil
}

// literal writes n exactly, or refuses.
func (n *node) literal() (string, error) {
	leaf := n.leaf
	switch {
	case leaf == "undefined", leaf == "null", leaf == "true", leaf == "false":
		return n.scalar(leaf)
	case strings.HasPrefix(leaf, "num:"):
		s, err := Number(strings.TrimPrefix(leaf, "num:"))
		if err != nil {
			return "", refuse("%s: %v", n.path, err)
		}
		return n.scalar(s)
	case strings.HasPrefix(leaf, "str:"):
		s, err := String(strings.TrimPrefix(leaf, "str:"))
		if err != nil {
			return "", refuse("%s: %v", n.path, err)
		}
		return n.scalar(s)
	case strings.HasPrefix(leaf, "bigint:"):
		b := strings.TrimPrefix(leaf, "bigint:")
		if !bigint(b) {
			return "", refuse("%s: the bigint %q is not a literal", n.path, b)
		}
		return n.scalar(b)
	case strings.HasPrefix(leaf, "Array("):
		return n.array()
	case leaf == "Object":
		return n.object()
	case strings.HasPrefix(leaf, "Date("):
		ms, err := Number(strings.TrimSuffix(strings.TrimPrefix(leaf, "Date("), ")"))
		if err != nil || len(n.keys) > 0 {
			return "", refuse("%s is a Date bond cannot rebuild exactly (%s)", n.path, leaf)
		}
		return "new Date(" + ms + ")", nil
	}
	return "", refuse("%s is %s, which a literal cannot rebuild exactly", n.path, describe(leaf))
}

// describe names a leaf bond refuses, for the reason.
func describe(leaf string) string {
	switch {
	case strings.HasPrefix(leaf, "function "):
		return "a " + leaf
	case strings.HasPrefix(leaf, "[Ref "):
		return "the same object as " + strings.TrimSuffix(strings.TrimPrefix(leaf, "[Ref "), "]") + " (shared or cyclic structure)"
	case strings.HasPrefix(leaf, "str(len="):
		return "a string longer than the trace records"
	case strings.Contains(leaf, "not recorded"), strings.Contains(leaf, "past depth"):
		return "past the trace's caps (" + leaf + ")"
	case strings.HasPrefix(leaf, "Map("), strings.HasPrefix(leaf, "Set("):
		return "a " + leaf[:3]
	case strings.HasPrefix(leaf, "symbol:"):
		return "a symbol"
	case leaf == "[threw while read]":
		return "a value whose reading threw"
	case leaf == "Promise":
		return "a promise"
	case strings.HasPrefix(leaf, "Object("):
		return "an object with a " + strings.TrimSuffix(strings.TrimPrefix(leaf, "Object("), ")")
	case strings.HasPrefix(leaf, "Error("):
		return "an Error (" + strings.TrimSuffix(strings.TrimPrefix(leaf, "Error("), ")") + ")"
	}
	if i := strings.IndexByte(leaf, '('); i > 0 {
		return "a " + leaf[:i]
	}
	return "an instance of " + leaf + " (a class instance)"
}

func (n *node) scalar(s string) (string, error) {
	if len(n.keys) > 0 {
		return "", refuse("%s is a primitive with recorded properties", n.path)
	}
	return s, nil
}

func (n *node) array() (string, error) {
	count, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(n.leaf, "Array("), ")"))
	if err != nil {
		return "", refuse("%s: unreadable array length %s", n.path, n.leaf)
	}
	if count != len(n.keys) {
		return "", refuse("%s is an array of %d items with %d recorded (past the trace's caps, or with named properties)", n.path, count, len(n.keys))
	}
	parts := make([]string, count)
	for i := range count {
		k := n.kids["["+strconv.Itoa(i)+"]"]
		if k == nil {
			return "", refuse("%s: item %d is not recorded (an array with named properties)", n.path, i)
		}
		lit, err := k.literal()
		if err != nil {
			return "", err
		}
		parts[i] = lit
	}
	return "[" + strings.Join(parts, ", ") + "]", nil
}

func (n *node) object() (string, error) {
	parts := make([]string, 0, len(n.keys))
	for _, seg := range n.keys {
		key, ok := strings.CutPrefix(seg, ".")
		if !ok || key == "…" {
			return "", refuse("%s has a part a literal cannot rebuild (%s)", n.path, seg)
		}
		lit, err := n.kids[seg].literal()
		if err != nil {
			return "", err
		}
		name := propName(key)
		parts = append(parts, name+": "+lit)
	}
	if len(parts) == 0 {
		return "{}", nil
	}
	return "{ " + strings.Join(parts, ", ") + " }", nil
}

// propName is key as an object literal's property name: bare when it is an identifier, else a
// string; __proto__ as a computed key, which makes an own property, not the prototype.
func propName(key string) string {
	switch {
	case key == "__proto__":
		return "['__proto__']"
	case identRe.MatchString(key):
		return key
	}
	lit, err := String(strconv.Quote(key))
	if err != nil {
		return strconv.Quote(key) // unreachable: the key came from a decoded path
	}
	return lit
}

// Number writes a recorded number ("1", "-0", "NaN", "-Infinity", "1e+21") as a JavaScript
// expression of exactly that value.
func Number(s string) (string, error) {
	switch s {
	case "NaN", "Infinity", "-Infinity", "-0":
		return s, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || strings.ContainsAny(s, "xXpP_in") {
		return "", fmt.Errorf("the number %q is not one bond spells", s)
	}
	return strconv.FormatFloat(f, 'g', -1, 64), nil
}

// String turns a recorded string (Go-quoted by the embedded runner, JSON-quoted by the node hook)
// into a JavaScript string literal of the same text. A U+FFFD in it may stand for a lone
// surrogate neither spelling keeps: refused.
func String(q string) (string, error) {
	s, err := strconv.Unquote(q)
	if err != nil {
		return "", fmt.Errorf("the string %s is not quoted as bond quotes: %v", q, err)
	}
	if strings.ContainsRune(s, '\uFFFD') {
		return "", fmt.Errorf("the string %s holds U+FFFD, which may stand for a lone surrogate the trace cannot spell", q)
	}
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		switch {
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r > 0xffff:
			// Written as its surrogate pair: the file stays ASCII-safe either way.
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		case r > 0x7e:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('\'')
	return b.String(), nil
}

// bigint reports whether s is a bigint literal ("-12n").
func bigint(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if len(s) < 2 || s[len(s)-1] != 'n' {
		return false
	}
	for _, c := range s[:len(s)-1] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
