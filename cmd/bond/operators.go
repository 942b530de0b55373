package main

import "github.com/spf13/cobra"

// operatorsOptions holds the flags of bond operators. Placeholder until the command lands.
type operatorsOptions struct{}

func newOperatorsCmd(s *Streams, runF func(*operatorsOptions) error) *cobra.Command {
	return &cobra.Command{
		Use:   "operators",
		Short: "(not built yet)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond operators is not built yet")
		},
	}
}
