// bond version: what identifies this build (version, VCS stamp, Go version, operator digests).

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/internal/version"
	"github.com/bond-tool/bond/operators"
	"github.com/bond-tool/bond/plan"
)

// versionOptions holds the streams and flags of bond version.
type versionOptions struct {
	Out    io.Writer
	Format string
	// buildInfo overrides debug.ReadBuildInfo in tests.
	buildInfo func() (*debug.BuildInfo, bool)
}

// versionInfo is what bond version prints: enough to tell two builds apart and to know which
// operator set produced a report.
type versionInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	// Module is the module version go install recorded ("v0.1.0", "(devel)" in a checkout).
	Module string `json:"module"`
	// Commit and BuildDate come from the VCS stamp Go adds when building in a git checkout
	// (vcs.revision, vcs.time); "unknown" when the binary has none (go run, go test).
	Commit    string `json:"commit"`
	Modified  bool   `json:"modified"`
	BuildDate string `json:"build_date"`
	GoVersion string `json:"go_version"`
	// OperatorDigest is the digest of the default operator set at its default budget, the
	// value every report of a default run records; Budget is that budget.
	OperatorDigest string          `json:"operator_digest"`
	Budget         plan.BudgetInfo `json:"budget"`
	// OperatorSets lists every operator set with its digest at its own default budget, the
	// value a report of a run with --operator-set N records, so a report of either set can be
	// matched to this build.
	OperatorSets  []versionSet `json:"operator_sets"`
	SchemaVersion string       `json:"schema_version"`
}

// versionSet is one operator set as bond version prints it.
type versionSet struct {
	Set     int             `json:"set"`
	Default bool            `json:"default"`
	Digest  string          `json:"digest"`
	Budget  plan.BudgetInfo `json:"budget"`
}

func readVersion(bi func() (*debug.BuildInfo, bool)) versionInfo {
	v := versionInfo{Name: version.ToolName, Version: version.Tool, Module: "unknown", Commit: "unknown", BuildDate: "unknown", GoVersion: "unknown",
		SchemaVersion: version.Schema}
	for _, n := range operators.Sets() {
		// Every listed set exists and has a default budget, so neither call can fail.
		b, _ := plan.DefaultBudgetOf(n)
		set, _ := plan.OperatorSetFor(n, b)
		vs := versionSet{Set: n, Default: n == operators.DefaultSet, Digest: set.Digest, Budget: b}
		if vs.Default {
			v.OperatorDigest, v.Budget = vs.Digest, vs.Budget
		}
		v.OperatorSets = append(v.OperatorSets, vs)
	}
	info, ok := bi()
	if !ok {
		return v
	}
	v.GoVersion = info.GoVersion
	if info.Main.Version != "" {
		v.Module = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.BuildDate = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// text is the human form, also printed by bond --version.
func (v versionInfo) text() string {
	commit := v.Commit
	if v.Modified {
		commit += " (modified)"
	}
	if v.Commit == "unknown" {
		commit += " (this binary has no VCS stamp: go build -buildvcs=auto in a git checkout records it)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\nmodule     %s\ncommit     %s\nbuilt      %s\ngo         %s\n", v.Name, v.Version, v.Module, commit, v.BuildDate, v.GoVersion)
	for i, s := range v.OperatorSets {
		label := "operators "
		if i > 0 {
			label = "          "
		}
		def := ""
		if s.Default {
			def = "; the default set"
		}
		fmt.Fprintf(&b, "%s set %d %s (budget %d, %d per operator%s)\n", label, s.Set, s.Digest, s.Budget.Total, s.Budget.PerOperator, def)
	}
	fmt.Fprintf(&b, "schema     %s\n", v.SchemaVersion)
	return b.String()
}

func newVersionCmd(s *Streams, runF func(*versionOptions) error) *cobra.Command {
	opts := &versionOptions{Out: s.Out, buildInfo: debug.ReadBuildInfo}
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print bond's version, commit, build date, Go version and operator digests",
		Long: `version prints what identifies this build of bond: its version, the module version and VCS
commit and time Go stamped into the binary (unknown under go run), the Go version, and each
operator set's digest at its default budget (the value a report of a run with that set and no
--budget records), marking the set bond uses when none is asked for. bond --version prints the
same.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.Format != "human" && opts.Format != "json" {
				return usageErrorf("--format %q: want human or json", opts.Format)
			}
			if runF != nil {
				return runF(opts)
			}
			return runVersion(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "human", "human|json")
	return cmd
}

func runVersion(opts *versionOptions) error {
	v := readVersion(opts.buildInfo)
	if opts.Format == "json" {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return err
		}
		_, err = opts.Out.Write(append(b, '\n'))
		return err
	}
	_, err := io.WriteString(opts.Out, v.text())
	return err
}
