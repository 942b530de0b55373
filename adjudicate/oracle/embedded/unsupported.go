package embedded

// This file names what the embedded runner cannot serve: the error New returns for an oracle
// that needs a Node built-in or a feature goja or esbuild lacks, Supports for runner choice, and
// the reading of a failed run's message for what Node has and the runtime lacks.

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/bond-tool/bond/adjudicate/internal/srcmap"
)

// UnsupportedError says the oracle cannot run embedded: a test file, or something it imports,
// needs a Node built-in the runtime does not provide (Import), or a feature esbuild cannot bundle
// into a script (Feature, e.g. top-level await). `--runner auto` falls back to node on it;
// `--runner embedded` reports it and exits 2.
type UnsupportedError struct {
	Import   string // the specifier, e.g. "node:fs"; empty when Feature is set
	Importer string // repo-relative path of the file that imports it or uses the feature
	Feature  string // e.g. "top-level await"; empty when Import is set
}

func (e *UnsupportedError) Error() string {
	return e.Reason() + "; use --runner node"
}

// Reason is the error without its advice, for a report's "fell back to the command runner
// because …": e.g. `test/a.test.js uses vi.mock (module mocks replace imports)`.
func (e *UnsupportedError) Reason() string {
	if e.Feature != "" {
		return fmt.Sprintf("%s uses %s, which the embedded runner cannot run", e.Importer, e.Feature)
	}
	return fmt.Sprintf("%s imports %q, a Node built-in the embedded runner does not provide (it has %s only)", e.Importer, e.Import, providedNames)
}

// Supports reports whether the oracle testFiles (relative to root) can run embedded as
// opts.Framework's suite: nil when they can, an *UnsupportedError naming the file and what the
// runtime lacks when they cannot (runner choice falls back to the command runner and reports
// Reason()), or another error when the oracle does not bundle at all. It does all of New's work;
// a caller that will run the oracle should call New and inspect its error instead.
func Supports(root string, testFiles []string, opts Options) error {
	r, err := New(root, testFiles, opts)
	if err != nil {
		return err
	}
	r.Close()
	return nil
}

// nodeGlobals are globals of Node 20 that the embedded runtime does not define: a test's
// ReferenceError naming one refuses the run, naming the global. (DOMException, AbortController,
// AbortSignal and SharedArrayBuffer are defined, js/webglobals.js; so is crypto, whose subtle
// refuses by name, js/crypto.js.)
var nodeGlobals = map[string]bool{
	"fetch": true, "Request": true,
	"Response": true, "Headers": true, "FormData": true, "Intl": true,
	"Blob": true, "File": true, "EventTarget": true,
	"Event": true, "MessageChannel": true, "MessagePort": true, "BroadcastChannel": true,
	"WebAssembly": true, "WeakRef": true, "FinalizationRegistry": true,
	"Atomics": true, "module": true, "exports": true,
	"ReadableStream": true, "WritableStream": true, "TransformStream": true, "CompressionStream": true,
	"DecompressionStream": true, "navigator": true, "PerformanceObserver": true,
	"Crypto": true, "CryptoKey": true, "SubtleCrypto": true, "CustomEvent": true,
}

var (
	refErrorRe   = regexp.MustCompile(`ReferenceError: ([A-Za-z_$][\w$]*) is not defined`)
	requireRe    = regexp.MustCompile(`Cannot find module '([^']+)': the embedded runner provides only`)
	refusedAPIRe = regexp.MustCompile(`(\S+) is not available in the embedded runner`)
)

// unsupportedIn returns what a failure message says the runtime lacks, or "".
func unsupportedIn(msg string) string {
	if m := refErrorRe.FindStringSubmatch(msg); m != nil && nodeGlobals[m[1]] {
		return "global " + m[1]
	}
	if m := requireRe.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("require(%q)", m[1])
	}
	if m := refusedAPIRe.FindStringSubmatch(msg); m != nil {
		return m[1]
	}
	return ""
}

// bundleItself is what sourceAt answers for a byte no source maps to.
const bundleItself = "the bundle"

// propertyEscapeFeature is the refusal of a property escape bond left as it was (propescape.go).
const propertyEscapeFeature = `Unicode property escapes in regular expressions (\p{…}) that bond cannot expand from Node's tables (in a pattern given to RegExp as a string, under the v flag, a property this Node does not know, an expansion past bond's size bound, or no node on PATH), which goja does not match`

// propertyEscape reports whether the bundle still holds a regular expression with a Unicode
// property escape (\p{…} or \P{…}) once the bundler expanded those it could: goja compiles it
// but never matches it, a silent difference from Node that could flip a verdict, so such an
// oracle runs under node. file is the source it came from.
func propertyEscape(js, srcMap []byte) (file string, found bool) {
	i := bytes.Index(js, []byte(`\p{`))
	if j := bytes.Index(js, []byte(`\P{`)); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < 0 {
		return "", false
	}
	return sourceAt(js, srcMap, i), true
}

// sourceAt names the source file the bundle's byte offset i maps to, as the source map spells it
// (bundler.sourceName names it as bond does), or bundleItself.
func sourceAt(js, srcMap []byte, i int) string {
	line := bytes.Count(js[:i], []byte("\n"))
	col := i - (bytes.LastIndexByte(js[:i], '\n') + 1)
	file := bundleItself
	if sm, err := srcmap.Parse(srcMap); err == nil {
		for _, sg := range sm.Segments {
			if sg.GenLine > line || (sg.GenLine == line && sg.GenCol > col) {
				break
			}
			if sg.Src >= 0 {
				file = sm.Sources[sg.Src]
			}
		}
	}
	return file
}

// anyRefused reports whether a file of the run touched an API the runtime refuses to emulate (its
// fileResult.Refused): such a run failed, as no evidence about the oracle, whatever its tests said.
func anyRefused(files []fileResult) bool {
	for _, fr := range files {
		if fr.Refused != "" {
			return true
		}
	}
	return false
}
