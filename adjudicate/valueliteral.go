package adjudicate

// This file renders a call's flattened value (embedded/value.go's "path=leaf" lines) back as a
// short JavaScript-like literal, for the value witness's baseline and mutant columns.

import "strings"

// literal renders flattened leaves (embedded/value.go's "path=leaf" lines under one root) as a
// short JavaScript-like literal: `[1, 2, 3], function (anonymous)`, `{ a: 1 }`, `Bag { n: 2 }`,
// capped at 120 characters.
func literal(ls []string) string {
	root := &litNode{}
	for _, l := range ls {
		p, v, _ := strings.Cut(l, "=")
		root.put(segments(p), v)
	}
	s := root.render(true)
	const max = 120
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

// litNode is one value of a flattened tree: its leaf and its children in recorded order.
type litNode struct {
	leaf string
	keys []string
	kids []*litNode
}

func (n *litNode) put(segs []string, leaf string) {
	if len(segs) == 0 {
		n.leaf = leaf
		return
	}
	for i, k := range n.keys {
		if k == segs[0] {
			n.kids[i].put(segs[1:], leaf)
			return
		}
	}
	c := &litNode{}
	n.keys, n.kids = append(n.keys, segs[0]), append(n.kids, c)
	c.put(segs[1:], leaf)
}

// segments splits a flattened path after its root: "args[0].a{k}" → "[0]", ".a", "{k}".
func segments(p string) []string {
	i := strings.IndexAny(p, "[.{")
	if i < 0 {
		return nil
	}
	p = p[i:]
	var out []string
	for len(p) > 0 {
		end := len(p)
		switch p[0] {
		case '[':
			if j := strings.IndexByte(p, ']'); j >= 0 {
				end = j + 1
			}
		case '{':
			if j := strings.IndexByte(p, '}'); j >= 0 {
				end = j + 1
			}
		default:
			if j := strings.IndexAny(p[1:], "[.{"); j >= 0 {
				end = j + 1
			}
		}
		out = append(out, p[:end])
		p = p[end:]
	}
	return out
}

func (n *litNode) render(top bool) string {
	v := strings.TrimPrefix(strings.TrimPrefix(n.leaf, "num:"), "str:")
	var parts []string
	for i, k := range n.keys {
		switch k[0] {
		case '[':
			parts = append(parts, n.kids[i].render(false))
		case '{':
			parts = append(parts, strings.TrimPrefix(strings.TrimPrefix(strings.Trim(k, "{}"), "num:"), "str:")+" => "+n.kids[i].render(false))
		default:
			parts = append(parts, k[1:]+": "+n.kids[i].render(false))
		}
	}
	inner := strings.Join(parts, ", ")
	switch {
	case strings.HasPrefix(v, "Arguments("):
		return inner
	case strings.HasPrefix(v, "Array("):
		return "[" + inner + "]"
	case v == "Object" && len(parts) == 0:
		return "{}" // a neighbour with a nested object's one property removed: { user: {} }
	case v == "Object":
		return "{ " + inner + " }"
	case len(parts) > 0:
		return v + " { " + inner + " }"
	}
	return v
}
