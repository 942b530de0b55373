package suggest

// This file's one job: a recorded call's outcome and arguments after it, decoded into what the
// suggested test asserts.

import (
	"strconv"
	"strings"
)

// Outcome is what the caller saw, as the suggested test asserts it.
type Outcome struct {
	// Kind is "return", "resolved", "throw" or "rejected".
	Kind string
	// Value is the literal of a returned or resolved value, or of a thrown value that is not an
	// Error.
	Value string
	// Type is set instead of Value for a returned or resolved function, which no literal
	// rebuilds: its typeof ("function"), what the test then asserts. It tells the patched code
	// from a mutant that throws or gives anything but a function; the suggestion is kept only
	// where the mutant fails it (verified), so asserting less than the value never passes off a
	// test that does not kill.
	Type string
	// Error is set when an Error was thrown or rejected: its name and message (from its
	// toString, "TypeError: val must be…"), and its own enumerable properties' literals.
	Error *ErrorShape
}

// ErrorShape is a thrown Error as assert.throws checks it.
type ErrorShape struct {
	Name, Message string
	// Props are its own enumerable properties, key and literal, in recorded order.
	Props [][2]string
}

// Decoded is a recorded call, decoded: its arguments, its outcome, and the arguments whose value
// after the call differs from before it (index → literal after).
type Decoded struct {
	Args    []string
	Outcome Outcome
	After   map[int]string
}

// Decode decodes a call's flattened arguments (under "args"), outcome (under "return",
// "resolved", "throw" or "rejected") and arguments after the call (under "after"), or returns a
// *Refusal naming the part a literal cannot rebuild.
func Decode(args, outcome, after []string) (Decoded, error) {
	var d Decoded
	var err error
	if d.Args, err = Args(args, "args"); err != nil {
		return d, refuse("the call's %v", err)
	}
	if d.Outcome, err = decodeOutcome(outcome); err != nil {
		return d, err
	}
	d.After, err = changedArgs(args, after, len(d.Args))
	return d, err
}

func decodeOutcome(lines []string) (Outcome, error) {
	if len(lines) == 0 {
		return Outcome{}, refuse("the call's outcome was not recorded (its promise never settled)")
	}
	p, leaf, _ := strings.Cut(lines[0], "=")
	switch p {
	case "return", "resolved":
		if strings.HasPrefix(leaf, "function ") {
			return Outcome{Kind: p, Type: "function"}, nil
		}
		v, err := Literal(lines, p)
		if err != nil {
			return Outcome{}, refuse("the outcome: %v", err)
		}
		return Outcome{Kind: p, Value: v}, nil
	case "throw", "rejected":
		if inner, ok := strings.CutPrefix(leaf, "Error("); ok && strings.HasSuffix(inner, ")") {
			e, err := errorShape(strings.TrimSuffix(inner, ")"), lines, p)
			if err != nil {
				return Outcome{}, err
			}
			return Outcome{Kind: p, Error: e}, nil
		}
		v, err := Literal(lines, p)
		if err != nil {
			return Outcome{}, refuse("the thrown value: %v", err)
		}
		return Outcome{Kind: p, Value: v}, nil
	}
	return Outcome{}, refuse("the outcome %s is not one bond asserts", p)
}

// errorShape reads an Error's name and message from its toString and its own properties from
// the lines under root.
func errorShape(text string, lines []string, root string) (*ErrorShape, error) {
	name, msg, ok := strings.Cut(text, ": ")
	if !ok {
		// toString is the name alone when the message is empty.
		name, msg = text, ""
	}
	if name == "" || strings.ContainsAny(name, " \n") {
		return nil, refuse("the thrown error's toString %q does not say its name exactly", text)
	}
	e := &ErrorShape{Name: name, Message: msg}
	for _, l := range lines[1:] {
		p, _, _ := strings.Cut(l, "=")
		key, ok := strings.CutPrefix(p, root+".")
		if !ok || strings.ContainsAny(key, ".[{") {
			continue // a nested line: read by Literal below
		}
		v, err := Literal(lines, p)
		if err != nil {
			return nil, refuse("the thrown error's property %s: %v", key, err)
		}
		e.Props = append(e.Props, [2]string{key, v})
	}
	return e, nil
}

// changedArgs decodes the arguments whose flattened value after the call differs from before it.
func changedArgs(args, after []string, n int) (map[int]string, error) {
	if len(after) == 0 {
		return nil, nil
	}
	out := map[int]string{}
	for i := range n {
		before := under(args, "args["+strconv.Itoa(i)+"]", "x")
		now := under(after, "after["+strconv.Itoa(i)+"]", "x")
		if strings.Join(before, "\n") == strings.Join(now, "\n") {
			continue
		}
		lit, err := Literal(after, "after["+strconv.Itoa(i)+"]")
		if err != nil {
			return nil, refuse("argument %d after the call: %v", i+1, err)
		}
		out[i] = lit
	}
	return out, nil
}

// under returns the lines under root with root renamed to as, so two roots compare.
func under(lines []string, root, as string) []string {
	var out []string
	for _, l := range lines {
		if rest, ok := strings.CutPrefix(l, root); ok && (rest == "" || strings.ContainsAny(rest[:1], "=.[{")) {
			out = append(out, as+rest)
		}
	}
	return out
}
