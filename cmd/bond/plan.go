package main

import "github.com/spf13/cobra"

// planOptions holds the flags of bond plan. Placeholder until the command lands.
type planOptions struct{}

func newPlanCmd(s *Streams, runF func(*planOptions) error) *cobra.Command {
	return &cobra.Command{
		Use:   "plan",
		Short: "(not built yet)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond plan is not built yet")
		},
	}
}
