// Package contracts judges named mutation contracts (issue 14): a deliberate, named change to a
// file of the repository, with the tests it must turn red (fires), the tests it may turn red
// (may_fire), or the promise that it turns nothing red (invisible). Each is applied in its own
// sandbox copy, the oracle runs with coverage and per-test results, the file is restored and its
// SHA-256 checked, and a pure function turns the recorded facts into a verdict.
//
// It is a package of its own, beside corpus, rather than part of adjudicate: like corpus it is a
// consumer of the engine (sandboxes, process groups, coverage), not a stage of certify, and it
// reaches the engine only through adjudicate/coverage's exported API and the Runner interface
// defined here, so the restructured engine can be plugged in without touching the judging.
//
// This file reads and validates the contracts file as a whole before anything runs.
package contracts

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/bond-tool/bond/internal/input"
)

// Format is the contracts file format this bond reads.
const Format = 1

// File is a validated contracts file.
type File struct {
	// Path is the file as the user named it.
	Path string
	// SHA256 is the hex SHA-256 of its bytes, carried into the report.
	SHA256 string
	// OracleCmd is the shell command that runs the tests; Oracle the test files to run with
	// `node --test`. At most one is set; when neither is, the oracle is the repository's default
	// (see DefaultOracle).
	OracleCmd string
	Oracle    []string
	// Mutations are the contracts in file order.
	Mutations []Mutation
}

// Mutation is one named contract.
type Mutation struct {
	// Name identifies the contract in the output and in --only.
	Name string `json:"name"`
	// File is the repository-relative, slash-separated path of the file to change.
	File string `json:"file"`
	// Old is the exact text to replace; it must occur exactly Count times. New replaces it.
	Old string `json:"old"`
	New string `json:"new"`
	// Fires are substrings of full test names (file › suite › test), each of which must match a
	// test that fails under the mutation. MayFire are substrings of tests allowed to fail.
	Fires   []string `json:"fires,omitempty"`
	MayFire []string `json:"may_fire,omitempty"`
	// Count is how many times Old must occur (default 1).
	Count int `json:"count"`
	// Note is free text carried into the output.
	Note string `json:"note,omitempty"`
	// Invisible marks an invariance: under the mutation nothing may fail, and coverage must show
	// the mutated lines ran.
	Invisible bool `json:"invisible,omitempty"`
}

// topKeys and mutationKeys are the positive lists of keys; anything else is a problem, so a
// misspelt key (`fire =`) cannot silently drop a contract's expectations.
var (
	topKeys      = []string{"format", "mutation", "oracle", "oracle_cmd"}
	mutationKeys = []string{"count", "file", "fires", "invisible", "may_fire", "name", "new", "note", "old"}
)

// problems collects every problem of the file so they are reported together.
type problems struct {
	path string
	list []string
}

func (p *problems) addf(format string, args ...any) {
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	noun := "problem"
	if len(p.list) > 1 {
		noun = "problems"
	}
	return input.Errorf("%s: %d %s in the contracts file; fix them and run again:\n  %s", p.path, len(p.list), noun, strings.Join(p.list, "\n  "))
}

// Load reads and validates the contracts file at path, whose mutation files resolve against the
// repository root repo. Every problem is reported at once, in one input.Error.
func Load(path, repo string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, input.Errorf("contracts file %s: %w; pass the path of a contracts TOML file (conventionally test/mutations.toml)", path, err)
	}
	return Parse(path, repo, data)
}

// Parse validates the bytes of a contracts file named path against the repository root repo.
func Parse(path, repo string, data []byte) (*File, error) {
	var raw map[string]any
	if err := toml.Unmarshal(data, &raw); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return nil, input.Errorf("%s:%d:%d: %v; the contracts file must be valid TOML", path, row, col, de)
		}
		return nil, input.Errorf("%s: %v; the contracts file must be valid TOML", path, err)
	}
	sum := sha256.Sum256(data)
	f := &File{Path: path, SHA256: hex.EncodeToString(sum[:])}
	p := &problems{path: path}

	for _, k := range sortedKeys(raw) {
		if !contains(topKeys, k) {
			p.addf("top level: unknown key %q%s (known: %s)", k, hint(k, topKeys, raw), strings.Join(topKeys, ", "))
		}
	}
	switch v, ok := raw["format"]; {
	case !ok:
		p.addf("top level: missing required key \"format\"; write format = %d", Format)
	default:
		if n, isInt := v.(int64); !isInt || n != Format {
			p.addf("top level: format = %v: this bond reads format = %d", v, Format)
		}
	}
	_, hasCmd := raw["oracle_cmd"]
	_, hasFiles := raw["oracle"]
	if hasCmd && hasFiles {
		p.addf("top level: keys \"oracle_cmd\" and \"oracle\" are both set; give the oracle either as a command or as test files")
	}
	if hasCmd {
		f.OracleCmd = str(p, "top level", "oracle_cmd", raw["oracle_cmd"])
		if strings.TrimSpace(f.OracleCmd) == "" {
			p.addf("top level: key \"oracle_cmd\" is empty; give the command that runs the tests, or remove it")
		}
	}
	if hasFiles {
		f.Oracle = strList(p, "top level", "oracle", raw["oracle"])
		if len(f.Oracle) == 0 {
			p.addf("top level: key \"oracle\" lists no test files")
		}
		for _, o := range f.Oracle {
			checkPath(p, "top level", "oracle", repo, o)
		}
	}

	var tables []map[string]any
	switch v := raw["mutation"].(type) {
	case nil:
		p.addf("top level: no [[mutation]] tables; add at least one contract")
	case []any:
		for i, t := range v {
			m, ok := t.(map[string]any)
			if !ok {
				p.addf("mutation %d: is not a table; write each contract as a [[mutation]] table", i+1)
				continue
			}
			tables = append(tables, m)
		}
	case []map[string]any:
		tables = v
	default:
		p.addf("top level: key \"mutation\" is not an array of tables; write each contract as a [[mutation]] table")
	}

	firstAt := map[string]int{}
	for i, m := range tables {
		mu := parseMutation(p, repo, i, m)
		if mu.Name != "" {
			if j, dup := firstAt[mu.Name]; dup {
				p.addf("mutation %q (mutation %d): duplicate name, first used by mutation %d; names must be unique", mu.Name, i+1, j+1)
			} else {
				firstAt[mu.Name] = i
			}
		}
		f.Mutations = append(f.Mutations, mu)
	}
	if err := p.err(); err != nil {
		return nil, err
	}
	return f, nil
}

// parseMutation validates one [[mutation]] table, adding every problem to p.
func parseMutation(p *problems, repo string, i int, m map[string]any) Mutation {
	mu := Mutation{Count: 1}
	name, _ := m["name"].(string)
	where := fmt.Sprintf("mutation %d (no name)", i+1)
	if name != "" {
		where = fmt.Sprintf("mutation %q (mutation %d)", name, i+1)
	}
	for _, k := range sortedKeys(m) {
		if !contains(mutationKeys, k) {
			p.addf("%s: unknown key %q%s (known: %s)", where, k, hint(k, mutationKeys, m), strings.Join(mutationKeys, ", "))
		}
	}
	for _, k := range []string{"name", "file", "old", "new"} {
		if _, ok := m[k]; !ok {
			p.addf("%s: missing required key %q", where, k)
		}
	}
	mu.Name = str(p, where, "name", m["name"])
	if _, ok := m["name"]; ok && strings.TrimSpace(mu.Name) == "" {
		p.addf("%s: key \"name\" is empty; give the contract a unique name", where)
	}
	mu.File = str(p, where, "file", m["file"])
	if _, ok := m["file"]; ok {
		checkPath(p, where, "file", repo, mu.File)
	}
	mu.Old = str(p, where, "old", m["old"])
	mu.New = str(p, where, "new", m["new"])
	if _, ok := m["old"]; ok && mu.Old == "" {
		p.addf("%s: key \"old\" is empty; give the exact text to replace", where)
	}
	if _, ok := m["new"]; ok && mu.Old != "" && mu.Old == mu.New {
		p.addf("%s: \"old\" and \"new\" are the same text, so the mutation changes nothing; write the changed text in \"new\"", where)
	}
	if v, ok := m["fires"]; ok {
		mu.Fires = patterns(p, where, "fires", v)
	}
	if v, ok := m["may_fire"]; ok {
		mu.MayFire = patterns(p, where, "may_fire", v)
	}
	if v, ok := m["count"]; ok {
		n, isInt := v.(int64)
		if !isInt || n < 1 || n > 1<<20 {
			p.addf("%s: count = %v: must be a positive integer, how many times \"old\" occurs in the file", where, v)
		} else {
			mu.Count = int(n)
		}
	}
	mu.Note = str(p, where, "note", m["note"])
	if v, ok := m["invisible"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			p.addf("%s: key \"invisible\" must be true or false, not %s", where, tomlType(v))
		}
		mu.Invisible = b
	}
	_, hasFires := m["fires"]
	_, hasMay := m["may_fire"]
	switch {
	case mu.Invisible && hasFires:
		p.addf("%s: \"fires\" is set on an invisible mutation; an invariance must fail nothing, so remove \"fires\" or \"invisible\"", where)
	case mu.Invisible && hasMay:
		p.addf("%s: \"may_fire\" is set on an invisible mutation; an invariance allows no failure, so remove \"may_fire\" or \"invisible\"", where)
	case !mu.Invisible && len(mu.Fires) == 0:
		p.addf("%s: no \"fires\"; name the tests the mutation must turn red, or set invisible = true if it must turn nothing red", where)
	}
	return mu
}

// checkPath adds a problem unless rel is a repository-relative path to an existing regular file
// that stays inside repo once symbolic links are resolved.
func checkPath(p *problems, where, key, repo, rel string) {
	switch {
	case rel == "":
		p.addf("%s: key %q is empty; give a repository-relative path", where, key)
		return
	case filepath.IsAbs(rel) || strings.HasPrefix(rel, "/"):
		p.addf("%s: %s %q is absolute; give a path relative to the repository root", where, key, rel)
		return
	case !filepath.IsLocal(filepath.FromSlash(rel)):
		p.addf("%s: %s %q leaves the repository (..); give a path inside it", where, key, rel)
		return
	}
	abs := filepath.Join(repo, filepath.FromSlash(rel))
	fi, err := os.Stat(abs)
	if err != nil {
		p.addf("%s: %s %q does not exist in the repository %s; check the path (it is relative to the repository root)", where, key, rel, repo)
		return
	}
	if !fi.Mode().IsRegular() {
		p.addf("%s: %s %q is not a regular file", where, key, rel)
		return
	}
	realRepo, err1 := filepath.EvalSymlinks(repo)
	realFile, err2 := filepath.EvalSymlinks(abs)
	if err1 != nil || err2 != nil {
		p.addf("%s: %s %q: cannot resolve its path: %v", where, key, rel, errors.Join(err1, err2))
		return
	}
	if r, err := filepath.Rel(realRepo, realFile); err != nil || !filepath.IsLocal(r) {
		p.addf("%s: %s %q is a symbolic link to %s, outside the repository; name the file itself", where, key, rel, realFile)
	}
}

// patterns reads fires or may_fire: an array of non-empty strings.
func patterns(p *problems, where, key string, v any) []string {
	list := strList(p, where, key, v)
	var out []string
	for _, s := range list {
		if strings.TrimSpace(s) == "" {
			p.addf("%s: %s holds an empty string, which would match every test; remove it", where, key)
			continue
		}
		out = append(out, s)
	}
	return out
}

func str(p *problems, where, key string, v any) string {
	if v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		p.addf("%s: key %q must be a string, not %s", where, key, tomlType(v))
	}
	return s
}

func strList(p *problems, where, key string, v any) []string {
	list, ok := v.([]any)
	if !ok {
		p.addf("%s: key %q must be an array of strings, not %s", where, key, tomlType(v))
		return nil
	}
	var out []string
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			p.addf("%s: key %q must hold only strings, not %s", where, key, tomlType(e))
			continue
		}
		out = append(out, s)
	}
	return out
}

func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("%T", v)
}

// hint returns ` (did you mean "x"?)` for the known key closest to k, when one is close and
// not already set in the table (so `fire` next to `file` suggests fires, not file).
func hint[V any](k string, known []string, table map[string]V) string {
	best, bestD := "", max(3, len(k)/3+1) // a third of a long key may be wrong
	for _, c := range known {
		if _, set := table[c]; set {
			continue
		}
		if d := editDistance(k, c); d < bestD || (d == bestD && strings.HasPrefix(c, k)) {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Select returns the mutations named in only, in file order, or all of them when only is empty.
// A name that is not in the file is an input error naming it and the known names.
func (f *File) Select(only []string) ([]Mutation, error) {
	if len(only) == 0 {
		return f.Mutations, nil
	}
	want := map[string]bool{}
	for _, n := range only {
		want[n] = true
	}
	var out []Mutation
	var names []string
	for _, m := range f.Mutations {
		names = append(names, m.Name)
		if want[m.Name] {
			out = append(out, m)
			delete(want, m.Name)
		}
	}
	if len(want) > 0 {
		return nil, input.Errorf("--only %s: not a mutation of %s (its mutations: %s)", strings.Join(sortedKeys(want), ", "), f.Path, strings.Join(names, ", "))
	}
	return out, nil
}
