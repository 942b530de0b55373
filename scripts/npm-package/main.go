// Command npm-package builds bond's release from this checkout: the bond binary cross-compiled
// for each platform, the npm packages (bond-cli and @bond-tool/<os>-<cpu>), release archives
// and SHA256SUMS. It publishes nothing. See docs/release.md.
//
//	go run ./scripts/npm-package [--out dist] [--version X.Y.Z] [--host]
//
// It is a Go program rather than a shell script so that the archives and checksums come out the
// same on every machine (no tar, zip or sha256sum flavours) and so that go test can run the
// same code (internal/npmpkg).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/bond-tool/bond/internal/npmpkg"
)

func main() {
	var opts npmpkg.Options
	flag.StringVar(&opts.Out, "out", "dist", "output directory; must not exist or be empty")
	flag.StringVar(&opts.Version, "version", "", "version of the packages and archives (semver, e.g. 0.1.0; default: from git describe)")
	flag.BoolVar(&opts.HostOnly, "host", false, "build only this machine's platform, and allow a binary without a clean VCS stamp (tests, CI)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./scripts/npm-package [--out DIR] [--version X.Y.Z] [--host]\n\nBuilds bond's npm packages, release archives and SHA256SUMS from this checkout (docs/release.md).\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	opts.Log = os.Stderr
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := npmpkg.Build(ctx, opts)
	if err != nil {
		fmt.Fprintf(os.Stderr, "npm-package: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("version %s\n", res.Version)
	fmt.Printf("npm package %s\n", res.MainDir)
	for _, d := range res.PlatformDirs {
		fmt.Printf("npm package %s\n", d)
	}
	for _, a := range res.Archives {
		fmt.Printf("archive %s\n", a)
	}
	fmt.Printf("checksums %s\n", res.Sums)
}
