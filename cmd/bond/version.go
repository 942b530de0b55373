// bond version: what identifies this build (version, VCS stamp, Go version, operator digest).

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"

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
	// OperatorDigest is the digest of the operator table at the default budget, the value
	// every report of a default run records.
	OperatorDigest string          `json:"operator_digest"`
	Budget         plan.BudgetInfo `json:"budget"`
	SchemaVersion  string          `json:"schema_version"`
}

func readVersion(bi func() (*debug.BuildInfo, bool)) versionInfo {
	v := versionInfo{Name: version.ToolName, Version: version.Tool, Module: "unknown", Commit: "unknown", BuildDate: "unknown", GoVersion: "unknown",
		Budget: plan.BudgetInfo{Total: plan.DefaultBudget, PerOperator: plan.DefaultPerOperator}, SchemaVersion: version.Schema}
	v.OperatorDigest = operators.Digest(operators.Table(), operators.Budget{Total: plan.DefaultBudget, PerOperator: plan.DefaultPerOperator})
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
	return fmt.Sprintf("%s %s\nmodule     %s\ncommit     %s\nbuilt      %s\ngo         %s\noperators  %s (budget %d, %d per operator)\nschema     %s\n",
		v.Name, v.Version, v.Module, commit, v.BuildDate, v.GoVersion, v.OperatorDigest, v.Budget.Total, v.Budget.PerOperator, v.SchemaVersion)
}

func newVersionCmd(s *Streams, runF func(*versionOptions) error) *cobra.Command {
	opts := &versionOptions{Out: s.Out, buildInfo: debug.ReadBuildInfo}
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print bond's version, commit, build date, Go version and operator digest",
		Long: `version prints what identifies this build of bond: its version, the module version and VCS
commit and time Go stamped into the binary (unknown under go run), the Go version, and the digest
of the operator table at the default budget, which every report of a default run records.
bond --version prints the same.`,
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
