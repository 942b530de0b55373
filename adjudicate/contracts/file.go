// Package contracts judges named mutation contracts (issue 14): a deliberate, named change to a
// file of the repository, with the tests it must turn red (fires), the tests it may turn red
// (may_fire), or the promise that it turns nothing red (invisible). Each is applied in its own
// sandbox copy, the oracle runs with coverage and per-test results, the file is restored and its
// SHA-256 checked, and a pure function turns the recorded facts into a verdict.
//
// It is a package of its own, beside corpus, rather than part of adjudicate: like corpus it is a
// consumer of the engine (sandboxes, process groups, coverage, per-test results), not a stage of
// certify. Its sandboxes are certify's, through oracle.Lab (snapshot, confinement, workspace
// links, the end-of-run tree check); it reads coverage and per-test results through
// adjudicate/oracle/coverage and adjudicate/oracle/testresults; runners sit behind the Runner interface
// defined here, so the restructured engine can be plugged in without touching the judging.
//
// This file is the contracts file format: the File and Mutation it holds, its keys, loading it
// and selecting mutations by name. validate.go checks it.
package contracts

import (
	"strings"

	"github.com/bond-tool/bond/internal/input"
	"github.com/bond-tool/bond/internal/safefile"
	"github.com/bond-tool/bond/internal/tomlcheck"
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
	// (see defaultOracle).
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

// Load reads and validates the contracts file at path, whose mutation files resolve against the
// repository root repo. Every problem is reported at once, in one input.Error.
func Load(path, repo string) (*File, error) {
	data, err := safefile.Read(path, safefile.DataMax)
	if err != nil {
		return nil, input.Errorf("contracts file %s: %w; pass the path of a contracts TOML file (conventionally test/mutations.toml)", path, err)
	}
	return Parse(path, repo, data)
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
		return nil, input.Errorf("--only %s: not a mutation of %s (its mutations: %s)", strings.Join(tomlcheck.SortedKeys(want), ", "), f.Path, strings.Join(names, ", "))
	}
	return out, nil
}
