package main

import "github.com/spf13/cobra"

// certifyOptions holds the flags of bond certify. Placeholder until the command lands.
type certifyOptions struct{}

func newCertifyCmd(s *Streams, runF func(*certifyOptions) error) *cobra.Command {
	return &cobra.Command{
		Use:   "certify",
		Short: "(not built yet)",
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usageErrorf("bond certify is not built yet")
		},
	}
}
