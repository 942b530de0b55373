package testconfig

// This file is the values the literal reader (literal.go) hands back: a literal's shape, an
// object's entries in source order, and what a caller asks of a value (a key's value, a string
// or a list of strings, plain Go data).

// litKind is the shape of a literal value read from a config.
type litKind int

const (
	litOpaque litKind = iota // not a literal: a variable, a call, a spread, a template with ${}, …
	litString
	litArray
	litObject
	litScalar // a number, boolean, null or regular-expression literal
)

// litProp is one entry of an object literal, in source order: a key and its value, or a spread
// or computed key (spread true), which may set any key.
type litProp struct {
	key    string
	val    litValue
	spread bool
}

// litValue is a value read from a config's text.
type litValue struct {
	kind litKind
	str  string // litString: the string's value
	// escaped (litString): the string uses an escape beyond \n, \t, \r and a character standing
	// for itself (\b, \f, \v, \0, \x, \u, a line continuation), which esbuild writes for control
	// and non-ASCII characters; jest's and vitest's test patterns are not read from such strings.
	escaped bool
	data    any        // litScalar: the number (float64), boolean or nil it is, when it is plain data
	elems   []litValue // litArray
	props   []litProp  // litObject
	text    string     // the source text (esbuild's printing of it, for a program), for reasons
	// spread: an opaque value get returned for a spread or computed key that may set the key.
	spread bool
}

// get returns the value of key in an object: present is false when the object does not set it.
// A spread or computed key after the last setting may override it, so get returns an opaque
// value naming the spread.
func (v litValue) get(key string) (val litValue, present bool) {
	for i := len(v.props) - 1; i >= 0; i-- {
		p := v.props[i]
		switch {
		case p.spread:
			return litValue{kind: litOpaque, text: p.val.text, spread: true}, true
		case p.key == key:
			return p.val, true
		}
	}
	return litValue{}, false
}

// strings reads a string or an array of strings (one, when one is true, only a string); ok is
// false for anything else, and for a string with an escape it does not read for test patterns.
func (v litValue) strings(one bool) ([]string, bool) {
	switch {
	case v.kind == litString && !v.escaped:
		return []string{v.str}, true
	case v.kind == litArray && !one:
		out := make([]string, 0, len(v.elems))
		for _, e := range v.elems {
			if e.kind != litString || e.escaped {
				return nil, false
			}
			out = append(out, e.str)
		}
		return out, true
	}
	return nil, false
}

// plain is v as Go data: string, float64, bool, nil, []any and map[string]any (a repeated key's
// last value wins). Only a value read without a fault is plain data throughout.
func (v litValue) plain() any {
	switch v.kind {
	case litString:
		return v.str
	case litArray:
		out := make([]any, 0, len(v.elems))
		for _, e := range v.elems {
			out = append(out, e.plain())
		}
		return out
	case litObject:
		out := map[string]any{}
		for _, p := range v.props {
			out[p.key] = p.val.plain()
		}
		return out
	}
	return v.data
}
