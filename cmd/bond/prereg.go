package main

import "github.com/spf13/cobra"

func newPreregCmd(s *Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "prereg",
		Short: "(not built yet)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond prereg is not built yet")
		},
	}
}
