package testconfig

// This file is what computed.go's evaluator knows of the modules a config calls: members and
// calls of node:path, node:url, process.env and import.meta, evaluated as node would for the
// config's own location.

import (
	"net/url"
	"path"
	"strings"
)

// cfgPath is the config file's path over the root marker.
func (e *evaluator) cfgPath() string { return path.Join(rootMark, e.file) }

// member returns v.name for the values bond evaluates.
func (e *evaluator) member(v cValue, name string) (cValue, error) {
	switch v.kind {
	case cModule:
		switch v.s + "." + name {
		case "path.join", "path.resolve", "path.dirname", "path.normalize", "url.fileURLToPath":
			return cValue{kind: cBuiltin, s: v.s + "." + name}, nil
		case "path.posix", "path.default", "url.default":
			return v, nil
		case "process.env":
			return cValue{kind: cEnv}, nil
		case "url.URL":
			return cValue{kind: cNewURL}, nil
		}
		return cValue{}, notEval("%s.%s, which bond does not evaluate", v.s, name)
	case cMetaURL:
		switch name {
		case "url":
			return cValue{kind: cURL, s: "file://" + e.cfgPath()}, nil
		case "dirname":
			return cValue{kind: cString, s: path.Dir(e.cfgPath())}, nil
		case "filename":
			return cValue{kind: cString, s: e.cfgPath()}, nil
		}
	case cURL:
		u, err := url.Parse(v.s)
		if err != nil {
			return cValue{}, notEval("a URL bond does not read")
		}
		switch name {
		case "pathname":
			return cValue{kind: cString, s: u.EscapedPath()}, nil
		case "href":
			return cValue{kind: cString, s: v.s}, nil
		}
	case cEnv:
		if name == "npm_lifecycle_event" && e.launch.Known {
			if e.launch.NpmLifecycleEvent == "" {
				return cValue{}, nil
			}
			return cValue{kind: cString, s: e.launch.NpmLifecycleEvent}, nil
		}
		if strings.HasPrefix(name, "npm_") || runnerSetEnv[name] {
			return cValue{}, notEval("process.env.%s, which the real runner's launcher or the runner itself sets when it reads the config, so bond cannot tell its value", name)
		}
		return cValue{}, nil // the embedded runtime's process.env is empty, as is the command runner's beyond its allow-list
	}
	return cValue{}, notEval("a .%s bond does not evaluate", name)
}

// call applies a function value to its arguments.
func (e *evaluator) call(f cValue, args []cValue) (cValue, error) {
	strs := func() ([]string, error) {
		out := make([]string, len(args))
		for k, a := range args {
			if a.kind != cString {
				return nil, notEval("%s of a value other than a string", f.s)
			}
			out[k] = a.s
		}
		return out, nil
	}
	switch f.kind {
	case cFunc:
		locals := map[string]cValue{}
		for k, p := range f.fn.params {
			if k < len(args) {
				locals[p] = args[k]
			} else {
				locals[p] = cValue{}
			}
		}
		v, end, err := e.eval(f.fn.r, f.fn.body, locals)
		if err == nil && !f.fn.r.terminator(end) {
			err = notEval("a function body bond does not read whole")
		}
		return v, err
	case cNewURL:
		if len(args) != 2 || args[0].kind != cString || args[1].kind != cURL {
			return cValue{}, notEval("new URL of other than a string and import.meta.url")
		}
		if strings.ContainsAny(args[0].s, "%?#\\ ") || strings.Contains(args[0].s, ":") {
			return cValue{}, notEval("new URL(%q, …), which bond does not resolve", args[0].s)
		}
		base, err1 := url.Parse(args[1].s)
		ref, err2 := url.Parse(args[0].s)
		if err1 != nil || err2 != nil {
			return cValue{}, notEval("a URL bond does not read")
		}
		return cValue{kind: cURL, s: base.ResolveReference(ref).String()}, nil
	case cBuiltin:
		if f.s == "url.fileURLToPath" {
			if len(args) != 1 || (args[0].kind != cURL && args[0].kind != cString) || !strings.HasPrefix(args[0].s, "file://") {
				return cValue{}, notEval("fileURLToPath of other than a file URL")
			}
			u, err := url.Parse(args[0].s)
			if err != nil || u.Host != "" || u.RawQuery != "" || u.Fragment != "" {
				return cValue{}, notEval("fileURLToPath of a URL bond does not read")
			}
			return cValue{kind: cString, s: u.Path}, nil
		}
		s, err := strs()
		if err != nil {
			return cValue{}, err
		}
		switch f.s {
		case "path.join":
			return cValue{kind: cString, s: nodeJoin(s)}, nil
		case "path.resolve":
			return cValue{kind: cString, s: nodeResolve(s)}, nil
		case "path.normalize":
			if len(s) != 1 {
				return cValue{}, notEval("path.normalize of %d arguments", len(s))
			}
			return cValue{kind: cString, s: nodeNormalize(s[0])}, nil
		case "path.dirname":
			if len(s) != 1 {
				return cValue{}, notEval("path.dirname of %d arguments", len(s))
			}
			return cValue{kind: cString, s: nodeDirname(s[0])}, nil
		}
	}
	return cValue{}, notEval("a call bond does not evaluate")
}
