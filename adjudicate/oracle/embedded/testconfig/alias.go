package testconfig

// This file reads vitest's module aliases — resolve.alias or test.alias — when they are
// literal: an object of plain string keys and values, or an array of { find, replacement }
// objects with a string find. Vite's alias plugin matches a string find exactly or as a path
// prefix (the specifier is find, or starts with find + "/"), replaces that prefix with the
// replacement as written, and resolves the result from the importing file; the embedded
// bundler (package embedded) does the same for every file of the repository outside
// node_modules. A relative replacement is therefore relative to the importer, as in vite, not
// to the config. Anything else — a computed value (path.resolve, a call, a variable), a
// regular-expression find, a customResolver, a spread, an absolute path, a package name, both
// resolve.alias and test.alias set — is a *Refusal naming the setting and why.

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// Alias is one vitest alias entry bond honours: an import specifier equal to Find, or starting
// with Find + "/", has that prefix replaced with Replacement, and is resolved from the importing
// file. Replacement is a relative path ("./" or "../"), or, when Rooted, a path in the
// repository the config computed (path.join(__dirname, 'src'), computed.go) written from the
// root ("/src"): the bundler puts the root it runs in before it.
type Alias struct {
	Find, Replacement string
	Rooted            bool
}

// Apply returns spec with the alias applied, and whether it matched (vite's string matching).
func (a Alias) Apply(spec string) (string, bool) {
	if spec == a.Find || strings.HasPrefix(spec, a.Find+"/") {
		return a.Replacement + spec[len(a.Find):], true
	}
	return "", false
}

// aliasKey finds every place a config sets a key named alias.
var aliasKey = regexp.MustCompile(`["']?\balias\b["']?\s*:`)

// indexKey is an object key JavaScript orders before every other (an array index), so the
// object's entries would not be in source order.
var indexKey = regexp.MustCompile(`^(0|[1-9][0-9]*)$`)

// readVitestAliases returns the aliases of vitest's config (file, its text without comments,
// its exported value cfg when found, ev the evaluator of its computed paths or nil), in the
// order vite tries them; nil when it sets none.
// Every Setting starts "resolve.alias (module aliases" — the words the refusal used before
// aliases were honoured — and says why.
func readVitestAliases(file, text string, cfg litValue, found bool, ev *evaluator) ([]Alias, error) {
	all, set := setKeys(aliasKey, text)
	if set == 0 {
		return nil, nil
	}
	refuse := func(format string, args ...any) error {
		return &Refusal{File: file, Setting: "resolve.alias (module aliases: " + fmt.Sprintf(format, args...) + ") in its configuration"}
	}
	if !found || cfg.kind != litObject {
		return nil, refuse("the configuration is not a literal object bond can read")
	}
	var where string
	var val litValue
	located := 0
	for _, p := range []string{"resolve", "test"} {
		o, ok := cfg.get(p)
		if !ok {
			continue
		}
		if o.spread {
			return nil, refuse("a spread of %s may set %s.alias; bond reads only literals", clip(o.text), p)
		}
		if o.kind != litObject {
			continue
		}
		v, ok := o.get("alias")
		if !ok {
			continue
		}
		if v.spread {
			return nil, refuse("a spread of %s may set %s.alias; bond reads only literals", clip(v.text), p)
		}
		located++
		if unset(v.text) {
			continue
		}
		if where != "" {
			return nil, refuse("both resolve.alias and test.alias are set; bond does not merge them")
		}
		where, val = p+".alias", v
	}
	if located != all {
		return nil, refuse("alias is set %d times in the file; bond reads only resolve.alias and test.alias", all)
	}
	if where == "" {
		return nil, nil
	}
	var out []Alias
	add := func(find string, rep litValue) error {
		switch {
		case find == "":
			return refuse("%s has an empty find", where)
		case indexKey.MatchString(find):
			return refuse("%s key %q is an array index, which JavaScript orders first", where, find)
		}
		r := rep.str
		if rep.kind != litString || rep.escaped {
			s, err := ev.path(rep.text)
			if err != nil {
				return refuse("%s[%q] is %s, not a literal string or a path bond evaluates (%v)", where, find, clip(rep.text), err)
			}
			rel, inRoot := strings.CutPrefix(s, rootMark)
			switch {
			case inRoot && (rel == "" || strings.HasPrefix(rel, "/")):
				if strings.ContainsAny(rel, "?#") || strings.Contains(rel+"/", "/node_modules/") {
					return refuse("%s[%q] is %s, %s, which is not a plain path in the repository", where, find, clip(rep.text), showPath(s))
				}
				out = append(out, Alias{Find: find, Replacement: rel, Rooted: true})
				return nil
			case path.IsAbs(s) || strings.Contains(s, rootMark):
				return refuse("%s[%q] is %s, %s, outside the repository", where, find, clip(rep.text), showPath(s))
			}
			r = s // a relative path computed from literals: as if written
		}
		switch {
		case path.IsAbs(r) || strings.HasPrefix(r, "\\") || strings.Contains(r, ":"):
			return refuse("%s[%q] is %q, an absolute path or URL, which depends on where the repository is", where, find, r)
		case !strings.HasPrefix(r, "./") && !strings.HasPrefix(r, "../") && r != "." && r != "..":
			return refuse("%s[%q] is %q, a package name, which bond does not alias", where, find, r)
		case strings.ContainsAny(r, "?#") || strings.Contains("/"+r+"/", "/node_modules/"):
			return refuse("%s[%q] is %q, which is not a plain path in the repository", where, find, r)
		}
		out = append(out, Alias{Find: find, Replacement: r})
		return nil
	}
	switch val.kind {
	case litObject:
		for _, p := range val.props {
			if p.spread {
				return nil, refuse("%s has a spread or computed key (%s); bond reads only literals", where, clip(p.val.text))
			}
			if err := add(p.key, p.val); err != nil {
				return nil, err
			}
		}
	case litArray:
		for _, e := range val.elems {
			if e.kind != litObject {
				return nil, refuse("%s has the entry %s, not a literal { find, replacement }", where, clip(e.text))
			}
			for _, p := range e.props {
				if p.spread || (p.key != "find" && p.key != "replacement") {
					return nil, refuse("%s has an entry setting %s, which bond does not honour (only find and replacement)", where, clip(cmpKey(p)))
				}
			}
			f, ok := e.get("find")
			if !ok || f.kind != litString || f.escaped {
				return nil, refuse("%s has the find %s, not a literal string (a regular expression is not honoured)", where, clip(f.text))
			}
			rep, ok := e.get("replacement")
			if !ok {
				return nil, refuse("%s has an entry without a replacement", where)
			}
			if err := add(f.str, rep); err != nil {
				return nil, err
			}
		}
	default:
		return nil, refuse("%s is %s, not a literal object or array", where, clip(val.text))
	}
	return out, nil
}

// cmpKey names an object entry for a reason: its key, or the spread's text.
func cmpKey(p litProp) string {
	if p.spread {
		return p.val.text
	}
	return p.key
}
