package testconfig

// This file is the conditions of an env-chosen let in computed.go's evaluator: process.env
// reads combined with !, ||, &&, === and !==, and JavaScript's truthiness of the result.

// condition evaluates an if's condition over process.env reads, !, ||, &&, === and !==.
func (e *evaluator) condition(i int) (bool, error) {
	v, end, err := e.logic(i)
	if err != nil {
		return false, err
	}
	if !e.r.punct(end, ")") {
		return false, notEval("a condition bond does not read")
	}
	return cTruthy(v), nil
}

func cTruthy(v cValue) bool {
	switch v.kind {
	case cString:
		return v.s != ""
	case cBool:
		return v.b
	case cUndefined:
		return false
	}
	return true
}

// logic reads a || b and a && b (&& binding tighter) over comparisons.
func (e *evaluator) logic(i int) (cValue, int, error) {
	or := func(i int) (cValue, int, error) {
		v, i, err := e.compare(i)
		for err == nil && e.r.punct(i, "&&") {
			var w cValue
			w, i, err = e.compare(i + 1)
			if cTruthy(v) {
				v = w
			}
		}
		return v, i, err
	}
	v, i, err := or(i)
	for err == nil && e.r.punct(i, "||") {
		var w cValue
		w, i, err = or(i + 1)
		if !cTruthy(v) {
			v = w
		}
	}
	return v, i, err
}

// compare reads !x, x === y and x !== y, x an expression the evaluator reads.
func (e *evaluator) compare(i int) (cValue, int, error) {
	r := e.r
	if r.punct(i, "!") {
		v, next, err := e.compare(i + 1)
		return cValue{kind: cBool, b: !cTruthy(v)}, next, err
	}
	v, i, err := e.eval(r, i, nil)
	if err != nil {
		return v, i, err
	}
	if r.punct(i, "===") || r.punct(i, "!==") {
		neg := r.punct(i, "!==")
		w, next, err := e.eval(r, i+1, nil)
		if err != nil {
			return w, next, err
		}
		eq := v.kind == w.kind && v.s == w.s && v.b == w.b && (v.kind == cString || v.kind == cUndefined || v.kind == cBool)
		return cValue{kind: cBool, b: eq != neg}, next, nil
	}
	if v.kind != cString && v.kind != cUndefined && v.kind != cBool {
		return v, i, notEval("a condition on a value bond does not compare")
	}
	return v, i, nil
}
