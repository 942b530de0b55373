package testconfig

// This file is node:path's POSIX semantics as computed paths need them (computed.go): Go's path
// package cleans differently (a trailing slash, an empty argument, "." for nothing), and a path
// computed here must be the one Node's would be.

import (
	"path"
	"strings"
)

// nodeNormalize is node's path.posix.normalize: a cleaned path that keeps a trailing slash.
func nodeNormalize(p string) string {
	if p == "" {
		return "."
	}
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// nodeJoin is node's path.posix.join: the non-empty arguments joined by "/" and normalized.
func nodeJoin(args []string) string {
	var parts []string
	for _, a := range args {
		if a != "" {
			parts = append(parts, a)
		}
	}
	if len(parts) == 0 {
		return "."
	}
	return nodeNormalize(strings.Join(parts, "/"))
}

// nodeResolve is node's path.posix.resolve, the working directory being the root (where the
// command runner runs the oracle, and the embedded runtime's process.cwd()).
func nodeResolve(args []string) string {
	p := ""
	for k := len(args) - 1; k >= 0 && !strings.HasPrefix(p, "/"); k-- {
		if args[k] != "" {
			p = args[k] + "/" + p
		}
	}
	if !strings.HasPrefix(p, "/") {
		p = rootMark + "/" + p
	}
	return path.Clean(p)
}

// nodeDirname is node's path.posix.dirname: trailing slashes are not an element.
func nodeDirname(p string) string {
	if p == "" {
		return "."
	}
	t := strings.TrimRight(p, "/")
	if t == "" {
		return "/"
	}
	d := path.Dir(t)
	return d
}
