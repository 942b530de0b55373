package adjudicate

// This file is how value.go's detector aligns and compares calls: the alignment key (callee,
// serialized arguments and rank among equal calls, never position), a test file's calls, and the
// field-by-field comparison of one aligned call's outcome and arguments after it.

import (
	"fmt"
	"strings"

	"github.com/bond-tool/bond/adjudicate/oracle"
	"github.com/bond-tool/bond/adjudicate/oracle/embedded"
)

// keyedCall is a call with its alignment key: callee, arguments and rank among equal calls.
type keyedCall struct {
	key string
	c   embedded.Call
}

func keyed(calls []embedded.Call) []keyedCall {
	n := map[string]int{}
	out := make([]keyedCall, len(calls))
	for i, c := range calls {
		k := c.Callee + "\x00" + strings.Join(c.Args, "\x01")
		out[i] = keyedCall{key: fmt.Sprintf("%s\x00%d", k, n[k]), c: c}
		n[k]++
	}
	return out
}

func index(calls []embedded.Call) map[string]embedded.Call {
	m := make(map[string]embedded.Call, len(calls))
	for _, kc := range keyed(calls) {
		m[kc.key] = kc.c
	}
	return m
}

// sameKeys reports whether a and b made the same calls (as aligned): then a call made on one side
// only of the mutant comparison is a difference, not noise.
func sameKeys(a, b []embedded.Call) bool {
	if len(a) != len(b) {
		return false
	}
	ib := index(b)
	for _, kc := range keyed(a) {
		if _, ok := ib[kc.key]; !ok {
			return false
		}
	}
	return true
}

// callsOf are the calls of t made by the test file, the neighbour calls or the tests' own.
func callsOf(t *oracle.CallTrace, file string, neighbours bool) []embedded.Call {
	var out []embedded.Call
	for _, c := range t.Calls {
		if c.File == file && (c.Origin == "neighbour") == neighbours {
			out = append(out, c)
		}
	}
	return out
}

// compareCall compares one aligned call's outcome and arguments after it: the first path whose
// leaf differs in m while a and b agree on it, with both leaves, and how many paths a and b
// disagree on (masked).
func compareCall(a, b, m embedded.Call) (path, bv, mv string, masked int) {
	la, lb, lm := leaves(a), leaves(b), leaves(m)
	order := pathsOf(a)
	order = append(order, pathsOf(m)...)
	done := map[string]bool{}
	for _, p := range order {
		if done[p] {
			continue
		}
		done[p] = true
		va, okA := la[p]
		vb, okB := lb[p]
		if okA != okB || va != vb {
			masked++
			continue
		}
		vm, okM := lm[p]
		if okM != okA || vm != va {
			if path == "" {
				path, bv, mv = p, leafOr(va, okA), leafOr(vm, okM)
			}
		}
	}
	for p := range lb {
		if !done[p] {
			if _, ok := la[p]; !ok {
				masked++
			}
		}
	}
	return path, bv, mv, masked
}

func leafOr(v string, ok bool) string {
	if !ok {
		return "absent"
	}
	return v
}

// leaves maps each flattened path of a call's outcome and arguments after it to its leaf.
func leaves(c embedded.Call) map[string]string {
	m := make(map[string]string, len(c.Outcome)+len(c.After))
	for _, l := range append(append([]string{}, c.Outcome...), c.After...) {
		p, v, _ := strings.Cut(l, "=")
		m[p] = v
	}
	return m
}

func pathsOf(c embedded.Call) []string {
	out := make([]string, 0, len(c.Outcome)+len(c.After))
	for _, l := range append(append([]string{}, c.Outcome...), c.After...) {
		p, _, _ := strings.Cut(l, "=")
		out = append(out, p)
	}
	return out
}
