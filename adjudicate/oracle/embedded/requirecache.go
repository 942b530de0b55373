package embedded

// This file's one job: whether a module of the bundle has run yet in this run, for
// `delete require.cache[…]` (js/requireresolve.js): Node would load a deleted module afresh on
// its next require, the bundle never does, so a deletion is served only for a module that has
// not run, whose next require runs it in both.

import (
	"encoding/json"
	"path"
	"regexp"
	"strconv"
	"strings"

	"github.com/dop251/goja"
)

// wrapperStart is where esbuild's lazy module wrappers begin in a bundle: a module loaded by
// require (`__commonJS({ "path"(exports, module) {` …) or an ES module that must be initialised
// lazily (`__esm({ "path"() {` …), its path being the module's as esbuild names it, relative to
// the root. The wrapper function's body is the rest of that line (where the instrumenter puts
// the body's own probe) and the lines after it indented deeper than it.
var wrapperStart = regexp.MustCompile(`(?m)^( *)"((?:[^"\\\n]|\\.)*)"\([\w$, ]*\) \{`)

var probeRef = regexp.MustCompile(regexp.QuoteMeta(probeVar+"[") + `(\d+)\]=1;`)

// moduleProbes maps each wrapped module's path to the probes inside its wrapper function, which
// fire only once the module runs.
func moduleProbes(code string) map[string][]int {
	out := map[string][]int{}
	for _, m := range wrapperStart.FindAllStringSubmatchIndex(code, -1) {
		name, err := strconv.Unquote(code[m[4]-1 : m[5]+1])
		if err != nil {
			continue
		}
		indent := m[3] - m[2]
		rest := code[m[1]:]
		end := len(rest)
		if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
			end = nl
			for at := nl + 1; at < len(rest); {
				line := rest[at:]
				if nl2 := strings.IndexByte(line, '\n'); nl2 >= 0 {
					line = line[:nl2]
				}
				if strings.TrimSpace(line) != "" && len(line)-len(strings.TrimLeft(line, " ")) <= indent {
					break
				}
				at += len(line) + 1
				end = at - 1
			}
		}
		var ids []int
		for _, p := range probeRef.FindAllStringSubmatch(rest[:end], -1) {
			if id, err := strconv.Atoi(p[1]); err == nil {
				ids = append(ids, id)
			}
		}
		key := path.Clean(name)
		out[key] = append(out[key], ids...)
	}
	return out
}

// lendModuleRan sets host.moduleRan(rel): whether the module at rel (relative to the root) may
// have run in this run. A wrapped module has run when any probe inside its wrapper fired; a
// module the bundle holds unwrapped (an ES module esbuild hoisted, the test file itself) ran
// when the bundle started, so it counts as run; a file the bundle does not hold has not run.
// What it reads is worked out on the first call: most runs never ask.
func lendModuleRan(host *goja.Object, f *jobFile, probes goja.ArrayBuffer) error {
	var wrapped map[string][]int
	var sources map[string]bool
	return host.Set("moduleRan", func(rel string) bool {
		if wrapped == nil {
			wrapped = moduleProbes(f.Code)
			sources = map[string]bool{}
			var sm struct {
				Sources []string `json:"sources"`
			}
			if err := json.Unmarshal(f.Map, &sm); err != nil {
				return true // unknown: taken as run, so the deletion is refused
			}
			for _, s := range sm.Sources {
				if p := cleanSource(s); p != "" {
					sources[p] = true
				}
			}
		}
		rel = path.Clean(strings.ReplaceAll(rel, "\\", "/"))
		ids, ok := wrapped[rel]
		if !ok {
			return sources[rel]
		}
		b := probes.Bytes()
		for _, id := range ids {
			if id < len(b) && b[id] != 0 {
				return true
			}
		}
		return false
	})
}
