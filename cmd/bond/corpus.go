package main

import "github.com/spf13/cobra"

func newCorpusCmd(s *Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "corpus",
		Short: "(not built yet)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond corpus is not built yet")
		},
	}
}
