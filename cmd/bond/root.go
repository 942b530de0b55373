package main

import (
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/bond-tool/bond/internal/version"
)

// cobraCommand is a short name for the command type used throughout this package.
type cobraCommand = cobra.Command

// newRootCmd builds the whole command tree. Each verb lives in its own file with its own
// options struct (see STYLE.md §Applied to bond, 6).
func newRootCmd(s *Streams) *cobra.Command {
	root := &cobra.Command{
		Use:           "bond",
		Short:         "Tell whether a patch's own tests pin down the JS/TS lines it added",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.Err)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageErrorf("%v (see '%s --help')", err, c.CommandPath())
	})
	// bond --version prints what bond version does; bond completion SHELL prints a completion
	// script (cobra's, documented in the README).
	root.Version = version.Tool
	root.SetVersionTemplate(readVersion(debug.ReadBuildInfo).text())
	root.AddCommand(
		newVersionCmd(s, nil),
		newPlanCmd(s, nil),
		newOperatorsCmd(s, nil),
		newLabCmd(s),
		newCertifyCmd(s, nil),
		newInspectCmd(s, nil),
		newCorpusCmd(s),
		newPreregCmd(s),
		newContractsCmd(s, nil, nil),
		newTermsTopic(),
	)
	return root
}
