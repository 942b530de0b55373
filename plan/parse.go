package plan

import (
	"fmt"
	"path"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// The parse check and the equivalence filter of SPEC §2.4, on esbuild's Transform API,
// in-process. No esbuild type leaves this file.

// loaderNames are the esbuild loaders bond uses, by the name recorded in plan documents.
var loaderNames = map[api.Loader]string{
	api.LoaderJS: "js", api.LoaderJSX: "jsx", api.LoaderTS: "ts", api.LoaderTSX: "tsx",
}

// loadersFor returns the loaders to try for a file, in order: .js .mjs .cjs → js then jsx;
// .jsx → jsx; .ts .mts .cts → ts; .tsx → tsx.
func loadersFor(p string) []api.Loader {
	switch path.Ext(p) {
	case ".js", ".mjs", ".cjs":
		return []api.Loader{api.LoaderJS, api.LoaderJSX}
	case ".jsx":
		return []api.Loader{api.LoaderJSX}
	case ".ts", ".mts", ".cts":
		return []api.Loader{api.LoaderTS}
	case ".tsx":
		return []api.Loader{api.LoaderTSX}
	}
	return []api.Loader{api.LoaderJS}
}

// checker parses one file's original text once and then checks mutated versions of it.
// It is used by one goroutine at a time.
type checker struct {
	path   string
	loader api.Loader
	ok     bool   // the original parsed under loader
	msg    string // esbuild's first error when no loader parsed the original
	minned string // minified original, for the equivalence filter (empty when !minify)
	minify bool
	src    string   // the original, for checkLine
	chunks *chunked // nil: every check parses the whole file
}

// newChecker parses the original. With minify set, the minified output is kept for the
// equivalence filter; without it (the lab's parse-rate) only syntax is checked.
func newChecker(p string, src string, minify bool) *checker {
	c := &checker{path: p, minify: minify, src: src}
	for _, l := range loadersFor(p) {
		code, msg := transform(p, src, l, minify)
		if msg == "" {
			c.loader, c.ok, c.minned = l, true, code
			return c
		}
		if c.msg == "" {
			c.msg = msg
		}
	}
	return c
}

// LoaderName is the loader the original parsed with, empty when none did.
func (c *checker) LoaderName() string {
	if !c.ok {
		return ""
	}
	return loaderNames[c.loader]
}

// verdict is the outcome of checking one mutated file.
type verdict struct {
	Reason  string // "", ReasonUnparseable or ReasonEquivalent
	Message string // esbuild's message for ReasonUnparseable
}

// check parses the mutated file. It must only be called when the original parsed.
func (c *checker) check(mutated string) verdict {
	code, msg := transform(c.path, mutated, c.loader, c.minify)
	if msg != "" {
		return verdict{Reason: ReasonUnparseable, Message: msg}
	}
	if c.minify && code == c.minned {
		return verdict{Reason: ReasonEquivalent}
	}
	return verdict{}
}

// transform runs esbuild and returns its output and its first error formatted as
// "line:col: text" (1-based line and column), or "" when it parsed.
func transform(p, src string, l api.Loader, minify bool) (string, string) {
	opts := api.TransformOptions{
		Loader:        l,
		Sourcefile:    p,
		LogLevel:      api.LogLevelSilent,
		LegalComments: api.LegalCommentsNone,
	}
	// Whitespace minification prints less, which makes a parse-only check cheaper too.
	opts.MinifyWhitespace = true
	if minify {
		opts.MinifySyntax = true
	}
	r := api.Transform(src, opts)
	if len(r.Errors) > 0 {
		return "", formatMessage(r.Errors[0])
	}
	return string(r.Code), ""
}

func formatMessage(m api.Message) string {
	text := strings.TrimSpace(m.Text)
	if m.Location == nil {
		return text
	}
	return fmt.Sprintf("%d:%d: %s", m.Location.Line, m.Location.Column+1, text)
}
