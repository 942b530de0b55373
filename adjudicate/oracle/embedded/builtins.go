package embedded

// This file names the Node built-in modules the embedded runtime provides (js/timers.js,
// js/events.js, js/util.js, js/os.js, js/fs.js (over fs.go) beside path, assert and test) and lends the runtime the
// engine facts those modules need and JavaScript cannot see. What a provided module does not
// emulate is refused member by member in JavaScript (refuseMembers in js/nodeerrors.js), naming
// module.member; an unprovided module is refused before any run (UnsupportedError).

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding"
	"encoding/base64"
	"encoding/hex"
	"hash"
	"math/rand/v2"
	"reflect"

	"github.com/dop251/goja"
)

// providedBuiltins are the Node built-ins the runtime provides, by name without "node:" (bare
// "test" is read as node:test, see providedModule). path/win32 is not one: the runtime does not
// emulate Windows paths.
var providedBuiltins = map[string]bool{
	"test": true, "assert": true, "assert/strict": true, "path": true, "path/posix": true,
	"timers": true, "timers/promises": true, "events": true, "util": true, "util/types": true,
	"os": true, "crypto": true, "buffer": true, "querystring": true, "url": true, "string_decoder": true,
	"fs": true, "fs/promises": true, "tty": true, "process": true,
}

// providedNames lists what the runtime provides, for refusal messages.
const providedNames = "node:test, node:assert, node:path, node:timers, node:timers/promises, node:events, node:util, node:util/types, node:os (its constants), node:crypto (hashes, randomUUID), node:buffer, node:querystring, node:url (URL, URLSearchParams, file URLs), node:string_decoder, node:tty (no descriptor is a terminal), node:process (the global process), node:fs and node:fs/promises (read-only, the repository), vitest, @jest/globals, mocha, uvu, tape, ava and tap"

var proxyType = reflect.TypeOf(goja.Proxy{})

// promiseType is what a native promise exports as (ExportType reads it without converting).
var promiseType = reflect.TypeOf((*goja.Promise)(nil))

// hashes are node:crypto's digests the runtime computes, by OpenSSL's names for them (which Node
// takes in any case); any other algorithm is refused in js/crypto.js.
var hashes = map[string]func() hash.Hash{
	"md5": md5.New, "rsa-md5": md5.New,
	"sha1": sha1.New, "sha-1": sha1.New, "rsa-sha1": sha1.New,
	"sha256": sha256.New, "sha-256": sha256.New, "rsa-sha256": sha256.New,
	"sha512": sha512.New, "sha-512": sha512.New, "rsa-sha512": sha512.New,
}

// lendBuiltins sets on host the functions the built-in modules use and JavaScript cannot
// provide. Their state (open hashes, the random stream) belongs to the one runtime they are lent
// to.
//
// className(v) is what the engine knows of an object: "Proxy" and "Promise" (by the Go value
// they export as), else goja's class name ("Date", "RegExp", "Error", "Array", "Arguments",
// "Function", "Object", …), "" for a primitive. goja names Maps, Sets, weak collections,
// iterators and async functions "Object" or "Function", so js/util.js tells those apart by
// brand checks; node:util/types answers by these, as Node answers by V8's internal slots, so an
// object faking its Symbol.toStringTag is not taken for a Date.
//
// hashNew(alg) opens a hash (0 when alg is not one of hashes), hashUpdate(id, bytes|string)
// feeds it (a string as UTF-8, as Node's default), hashCopy(id) clones one, and
// hashDigest(id, "hex"|"base64"|"base64url") closes it.
//
// randomBytes(n) is n bytes of a PCG stream seeded with the run's seed (its own stream, apart
// from Math.random's), as hex: node:crypto's randomUUID and getRandomValues are deterministic
// per run (see js/crypto.js for why that is safe).
func lendBuiltins(host *goja.Object, seed uint64) error {
	type openHash struct {
		h  hash.Hash
		mk func() hash.Hash
	}
	open := map[int64]openHash{}
	var next int64
	rng := rand.New(rand.NewPCG(seed, 0x75756964)) // "uuid"
	fns := map[string]any{
		"className": func(v goja.Value) string {
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
		},
		"hashNew": func(alg string) int64 {
			mk, ok := hashes[alg]
			if !ok {
				return 0
			}
			next++
			open[next] = openHash{mk(), mk}
			return next
		},
		"hashUpdate": func(id int64, data goja.Value) {
			h := open[id].h
			if h == nil {
				return
			}
			switch d := data.Export().(type) {
			case []byte:
				h.Write(d)
			case string:
				h.Write([]byte(d))
			}
		},
		"hashCopy": func(id int64) int64 {
			o, ok := open[id]
			if !ok {
				return 0
			}
			state, err := o.h.(encoding.BinaryMarshaler).MarshalBinary()
			if err != nil {
				return 0
			}
			c := o.mk()
			if c.(encoding.BinaryUnmarshaler).UnmarshalBinary(state) != nil {
				return 0
			}
			next++
			open[next] = openHash{c, o.mk}
			return next
		},
		"hashDigest": func(id int64, enc string) string {
			h := open[id].h
			if h == nil {
				return ""
			}
			delete(open, id)
			sum := h.Sum(nil)
			switch enc {
			case "base64":
				return base64.StdEncoding.EncodeToString(sum)
			case "base64url":
				return base64.RawURLEncoding.EncodeToString(sum)
			}
			return hex.EncodeToString(sum)
		},
		"randomBytes": func(n int) string {
			b := make([]byte, n)
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			return hex.EncodeToString(b)
		},
	}
	for name, fn := range fns {
		if err := host.Set(name, fn); err != nil {
			return err
		}
	}
	return nil
}
