package main

import "github.com/spf13/cobra"

func newLabCmd(s *Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "lab",
		Short: "(not built yet)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond lab is not built yet")
		},
	}
}
