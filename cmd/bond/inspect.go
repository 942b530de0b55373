package main

import "github.com/spf13/cobra"

// inspectOptions holds the flags of bond inspect. Placeholder until the command lands.
type inspectOptions struct{}

func newInspectCmd(s *Streams, runF func(*inspectOptions) error) *cobra.Command {
	return &cobra.Command{
		Use:   "inspect",
		Short: "(not built yet)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond inspect is not built yet")
		},
	}
}
