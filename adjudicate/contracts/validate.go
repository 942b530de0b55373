package contracts

// This file validates a contracts file as a whole before anything runs: every problem (unknown
// keys, wrong types, unsafe paths, old == new, fires on an invariance, duplicate names) is
// collected and reported at once, exit 2.

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/tomlcheck"
	"github.com/pelletier/go-toml/v2"
)

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
	p := &tomlcheck.Problems{Path: path}

	for _, k := range tomlcheck.SortedKeys(raw) {
		if !contains(topKeys, k) {
			p.Addf("top level: unknown key %q%s (known: %s)", k, hint(k, topKeys, raw), strings.Join(topKeys, ", "))
		}
	}
	switch v, ok := raw["format"]; {
	case !ok:
		p.Addf("top level: missing required key \"format\"; write format = %d", Format)
	default:
		if n, isInt := v.(int64); !isInt || n != Format {
			p.Addf("top level: format = %v: this bond reads format = %d", v, Format)
		}
	}
	_, hasCmd := raw["oracle_cmd"]
	_, hasFiles := raw["oracle"]
	if hasCmd && hasFiles {
		p.Addf("top level: keys \"oracle_cmd\" and \"oracle\" are both set; give the oracle either as a command or as test files")
	}
	if hasCmd {
		f.OracleCmd = p.Str("top level", "oracle_cmd", raw["oracle_cmd"])
		if strings.TrimSpace(f.OracleCmd) == "" {
			p.Addf("top level: key \"oracle_cmd\" is empty; give the command that runs the tests, or remove it")
		}
	}
	if hasFiles {
		f.Oracle = p.StrList("top level", "oracle", raw["oracle"])
		if len(f.Oracle) == 0 {
			p.Addf("top level: key \"oracle\" lists no test files")
		}
		for _, o := range f.Oracle {
			checkPath(p, "top level", "oracle", repo, o)
		}
	}

	var tables []map[string]any
	switch v := raw["mutation"].(type) {
	case nil:
		p.Addf("top level: no [[mutation]] tables; add at least one contract")
	case []any:
		for i, t := range v {
			m, ok := t.(map[string]any)
			if !ok {
				p.Addf("mutation %d: is not a table; write each contract as a [[mutation]] table", i+1)
				continue
			}
			tables = append(tables, m)
		}
	case []map[string]any:
		tables = v
	default:
		p.Addf("top level: key \"mutation\" is not an array of tables; write each contract as a [[mutation]] table")
	}

	firstAt := map[string]int{}
	for i, m := range tables {
		mu := parseMutation(p, repo, i, m)
		if mu.Name != "" {
			if j, dup := firstAt[mu.Name]; dup {
				p.Addf("mutation %q (mutation %d): duplicate name, first used by mutation %d; names must be unique", mu.Name, i+1, j+1)
			} else {
				firstAt[mu.Name] = i
			}
		}
		f.Mutations = append(f.Mutations, mu)
	}
	if err := p.Err("contracts file"); err != nil {
		return nil, err
	}
	return f, nil
}

// parseMutation validates one [[mutation]] table, adding every problem to p.
func parseMutation(p *tomlcheck.Problems, repo string, i int, m map[string]any) Mutation {
	mu := Mutation{Count: 1}
	name, _ := m["name"].(string)
	where := fmt.Sprintf("mutation %d (no name)", i+1)
	if name != "" {
		where = fmt.Sprintf("mutation %q (mutation %d)", name, i+1)
	}
	for _, k := range tomlcheck.SortedKeys(m) {
		if !contains(mutationKeys, k) {
			p.Addf("%s: unknown key %q%s (known: %s)", where, k, hint(k, mutationKeys, m), strings.Join(mutationKeys, ", "))
		}
	}
	for _, k := range []string{"name", "file", "old", "new"} {
		if _, ok := m[k]; !ok {
			p.Addf("%s: missing required key %q", where, k)
		}
	}
	mu.Name = p.Str(where, "name", m["name"])
	if _, ok := m["name"]; ok && strings.TrimSpace(mu.Name) == "" {
		p.Addf("%s: key \"name\" is empty; give the contract a unique name", where)
	}
	mu.File = p.Str(where, "file", m["file"])
	if _, ok := m["file"]; ok {
		checkPath(p, where, "file", repo, mu.File)
	}
	mu.Old = p.Str(where, "old", m["old"])
	mu.New = p.Str(where, "new", m["new"])
	if _, ok := m["old"]; ok && mu.Old == "" {
		p.Addf("%s: key \"old\" is empty; give the exact text to replace", where)
	}
	if _, ok := m["new"]; ok && mu.Old != "" && mu.Old == mu.New {
		p.Addf("%s: \"old\" and \"new\" are the same text, so the mutation changes nothing; write the changed text in \"new\"", where)
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
			p.Addf("%s: count = %v: must be a positive integer, how many times \"old\" occurs in the file", where, v)
		} else {
			mu.Count = int(n)
		}
	}
	mu.Note = p.Str(where, "note", m["note"])
	if v, ok := m["invisible"]; ok {
		b, isBool := v.(bool)
		if !isBool {
			p.Addf("%s: key \"invisible\" must be true or false, not %s", where, tomlcheck.TypeName(v))
		}
		mu.Invisible = b
	}
	_, hasFires := m["fires"]
	_, hasMay := m["may_fire"]
	switch {
	case mu.Invisible && hasFires:
		p.Addf("%s: \"fires\" is set on an invisible mutation; an invariance must fail nothing, so remove \"fires\" or \"invisible\"", where)
	case mu.Invisible && hasMay:
		p.Addf("%s: \"may_fire\" is set on an invisible mutation; an invariance allows no failure, so remove \"may_fire\" or \"invisible\"", where)
	case !mu.Invisible && len(mu.Fires) == 0:
		p.Addf("%s: no \"fires\"; name the tests the mutation must turn red, or set invisible = true if it must turn nothing red", where)
	}
	return mu
}

// checkPath adds a problem unless rel is a repository-relative path to an existing regular file
// that stays inside repo once symbolic links are resolved.
func checkPath(p *tomlcheck.Problems, where, key, repo, rel string) {
	switch {
	case rel == "":
		p.Addf("%s: key %q is empty; give a repository-relative path", where, key)
		return
	case filepath.IsAbs(rel) || strings.HasPrefix(rel, "/"):
		p.Addf("%s: %s %q is absolute; give a path relative to the repository root", where, key, rel)
		return
	case !filepath.IsLocal(filepath.FromSlash(rel)):
		p.Addf("%s: %s %q leaves the repository (..); give a path inside it", where, key, rel)
		return
	}
	abs := filepath.Join(repo, filepath.FromSlash(rel))
	fi, err := os.Stat(abs)
	if err != nil {
		p.Addf("%s: %s %q does not exist in the repository %s; check the path (it is relative to the repository root)", where, key, rel, repo)
		return
	}
	if !fi.Mode().IsRegular() {
		p.Addf("%s: %s %q is not a regular file", where, key, rel)
		return
	}
	realRepo, err1 := filepath.EvalSymlinks(repo)
	realFile, err2 := filepath.EvalSymlinks(abs)
	if err1 != nil || err2 != nil {
		p.Addf("%s: %s %q: cannot resolve its path: %v", where, key, rel, errors.Join(err1, err2))
		return
	}
	if r, err := filepath.Rel(realRepo, realFile); err != nil || !filepath.IsLocal(r) {
		p.Addf("%s: %s %q is a symbolic link to %s, outside the repository; name the file itself", where, key, rel, realFile)
	}
}

// patterns reads fires or may_fire: an array of non-empty strings.
func patterns(p *tomlcheck.Problems, where, key string, v any) []string {
	list := p.StrList(where, key, v)
	var out []string
	for _, s := range list {
		if strings.TrimSpace(s) == "" {
			p.Addf("%s: %s holds an empty string, which would match every test; remove it", where, key)
			continue
		}
		out = append(out, s)
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
