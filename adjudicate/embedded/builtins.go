package embedded

// This file names the Node built-in modules the embedded runtime provides (js/timers.js,
// js/events.js, js/util.js, js/os.js beside path, assert and test) and lends the runtime the
// engine facts those modules need and JavaScript cannot see. What a provided module does not
// emulate is refused member by member in JavaScript (refuseMembers in js/nodeerrors.js), naming
// module.member; an unprovided module is refused before any run (UnsupportedError).

import (
	"reflect"

	"github.com/dop251/goja"
)

// providedBuiltins are the Node built-ins the runtime provides, by name without "node:" (bare
// "test" is read as node:test, see providedModule). path/win32 is not one: the runtime does not
// emulate Windows paths.
var providedBuiltins = map[string]bool{
	"test": true, "assert": true, "assert/strict": true, "path": true, "path/posix": true,
	"timers": true, "timers/promises": true, "events": true, "util": true, "util/types": true,
	"os": true,
}

// providedNames lists what the runtime provides, for refusal messages.
const providedNames = "node:test, node:assert, node:path, node:timers, node:timers/promises, node:events, node:util, node:util/types, node:os (its constants), vitest, @jest/globals and mocha"

var proxyType = reflect.TypeOf(goja.Proxy{})

var promiseType = reflect.TypeOf((*goja.Promise)(nil))

// lendBuiltins sets the host functions the built-in modules use on host. className(v) is what
// the engine knows of an object and JavaScript cannot ask it: "Proxy" and "Promise" (by the Go
// value they export as), else goja's class name ("Date", "RegExp", "Error", "Array",
// "Arguments", "Function", "Object", …), "" for a primitive. goja names Maps, Sets, weak
// collections, iterators and async functions "Object" or "Function", so js/util.js tells those
// apart by brand checks; node:util/types answers by these, as Node answers by V8's internal
// slots, so an object faking its Symbol.toStringTag is not taken for a Date.
func lendBuiltins(host *goja.Object) error {
	return host.Set("className", func(v goja.Value) string {
		o, ok := v.(*goja.Object)
		if !ok {
			return ""
		}
		switch o.ExportType() {
		case proxyType:
			return "Proxy"
		case promiseType:
			return "Promise"
		}
		return o.ClassName()
	})
}
