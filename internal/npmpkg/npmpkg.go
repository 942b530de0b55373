// Package npmpkg builds bond's release from a checkout: the bond binary cross-compiled per
// platform, npm packages in esbuild's layout (a small main package whose launcher runs the
// binary from the one per-platform optional dependency npm installed), release archives and
// their SHA256SUMS. scripts/npm-package is its command line; docs/release.md is the manual.
package npmpkg

import (
	"bytes"
	"context"
	"debug/buildinfo"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bond-tool/bond/internal/bondbin"
	"github.com/bond-tool/bond/internal/version"
)

// MainPackage is the npm package users install (npx bond-cli …); its bin is named bond. The
// unscoped name "bond" belongs to an unrelated npm package.
const MainPackage = "bond-cli"

// Scope holds the per-platform packages, Scope + "/" + Platform.Name().
const Scope = "@bond-tool"

// Repository is the repository URL written into every package.json.
const Repository = "https://github.com/bond-tool/bond"

// Platform is one target of the release: Go's names for the cross-compile and Node's for the
// npm package's os and cpu fields (process.platform and process.arch).
type Platform struct {
	GOOS, GOARCH string
	// OS and CPU are Node's process.platform and process.arch.
	OS, CPU string
}

// Name is the platform's npm name without the scope, e.g. "linux-x64".
func (p Platform) Name() string { return p.OS + "-" + p.CPU }

// Package is the npm package holding the platform's binary, e.g. "@bond-tool/linux-x64".
func (p Platform) Package() string { return Scope + "/" + p.Name() }

// Platforms are the release's targets: Linux only, because bond builds only there (its
// sandboxes use Linux namespaces and mounts in internal/isolate, and openat2 in
// internal/safefile; a darwin or windows go build fails in both). bond is pure Go
// (CGO_ENABLED=0), so the binaries are static and run on glibc and musl (Alpine) alike. The
// launcher tells users of other systems to run bond in Linux.
var Platforms = []Platform{
	{GOOS: "linux", GOARCH: "amd64", OS: "linux", CPU: "x64"},
	{GOOS: "linux", GOARCH: "arm64", OS: "linux", CPU: "arm64"},
}

// HostPlatform is the entry of Platforms for the machine running this code.
func HostPlatform() (Platform, error) {
	for _, p := range Platforms {
		if p.GOOS == runtime.GOOS && p.GOARCH == runtime.GOARCH {
			return p, nil
		}
	}
	return Platform{}, fmt.Errorf("this machine (%s/%s) is not one of the release's platforms (%s); add it to npmpkg.Platforms", runtime.GOOS, runtime.GOARCH, platformNames())
}

func platformNames() string {
	var names []string
	for _, p := range Platforms {
		names = append(names, p.GOOS+"/"+p.GOARCH)
	}
	return strings.Join(names, ", ")
}

// Options configures Build. The zero value builds every platform from the current directory's
// module into ./dist, versioned by git describe.
type Options struct {
	// Root is the module's root directory ("." when empty).
	Root string
	// Out is the output directory ("dist" when empty). It must not exist or be empty.
	Out string
	// Version is the npm and archive version, semver without a leading v ("" = from git
	// describe, see VersionFromGit).
	Version string
	// HostOnly builds only HostPlatform (tests, CI). A full build also insists that every
	// binary carries a clean VCS stamp; a host-only build allows a missing or modified one.
	HostOnly bool
	// Log receives one line per step (nothing when nil).
	Log io.Writer
}

// Result says what Build wrote, every path inside Options.Out.
type Result struct {
	Version string
	// MainDir is the main package's directory; PlatformDirs the platform packages', in the
	// order of Platforms.
	MainDir      string
	PlatformDirs []string
	// Archives are the release archives; Sums the SHA256SUMS file that lists them.
	Archives []string
	Sums     string
	// Built are the platforms built.
	Built []Platform
}

// Build cross-compiles bond for each platform and writes, under opts.Out:
//
//	npm/bond-cli/          the main package: package.json, README.md, bin/bond (the launcher)
//	npm/<os>-<cpu>/        one package per platform: package.json, README.md, bin/bond
//	bond_<version>_<goos>_<goarch>.tar.gz   the binary alone, as bond
//	SHA256SUMS             the archives' digests, as sha256sum -c reads them
//
// The main package's optionalDependencies always list every platform of Platforms, so a
// host-only build tests the manifest a release publishes.
func Build(ctx context.Context, opts Options) (Result, error) {
	if opts.Root == "" {
		opts.Root = "."
	}
	if opts.Out == "" {
		opts.Out = "dist"
	}
	logf := func(format string, a ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", a...)
		}
	}
	var res Result
	v := opts.Version
	if v == "" {
		var err error
		if v, err = VersionFromGit(ctx, opts.Root); err != nil {
			return res, err
		}
	}
	v = strings.TrimPrefix(v, "v")
	if !semverRE.MatchString(v) {
		return res, fmt.Errorf("version %q is not semver as npm needs it (MAJOR.MINOR.PATCH, an optional -prerelease, no +build); pass e.g. --version 0.1.0", v)
	}
	res.Version = v
	if err := emptyDir(opts.Out); err != nil {
		return res, err
	}
	targets := Platforms
	if opts.HostOnly {
		host, err := HostPlatform()
		if err != nil {
			return res, err
		}
		targets = []Platform{host}
	}
	stamp := time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	var sums []string
	for _, p := range targets {
		dir := filepath.Join(opts.Out, "npm", p.Name())
		bin := filepath.Join(dir, "bin", "bond")
		logf("go build %s/%s -> %s", p.GOOS, p.GOARCH, bin)
		if err := bondbin.BuildFor(ctx, opts.Root, p.GOOS, p.GOARCH, bin); err != nil {
			return res, err
		}
		when, err := checkStamp(bin, !opts.HostOnly)
		if err != nil {
			return res, err
		}
		if !when.IsZero() {
			stamp = when
		}
		if err := writePlatformPackage(dir, p, v); err != nil {
			return res, err
		}
		res.PlatformDirs = append(res.PlatformDirs, dir)
		archive, err := writeArchive(opts.Out, p, v, bin, stamp)
		if err != nil {
			return res, err
		}
		logf("archive %s", archive)
		sum, err := fileSHA256(archive)
		if err != nil {
			return res, err
		}
		sums = append(sums, sum+"  "+filepath.Base(archive)+"\n")
		res.Archives = append(res.Archives, archive)
		res.Built = append(res.Built, p)
	}
	res.MainDir = filepath.Join(opts.Out, "npm", MainPackage)
	if err := writeMainPackage(res.MainDir, v); err != nil {
		return res, err
	}
	logf("npm packages in %s", filepath.Join(opts.Out, "npm"))
	sort.Strings(sums)
	res.Sums = filepath.Join(opts.Out, "SHA256SUMS")
	if err := os.WriteFile(res.Sums, []byte(strings.Join(sums, "")), 0o644); err != nil {
		return res, err
	}
	logf("checksums %s", res.Sums)
	return res, nil
}

// semverRE is what npm accepts as a version, less build metadata (npm drops it, so two builds
// would publish the same version).
var semverRE = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// emptyDir makes dir exist and be empty, refusing to clear one that has files: a previous
// release's output is not ours to delete.
func emptyDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		return err
	}
	if len(ents) > 0 {
		return fmt.Errorf("output directory %s is not empty; remove it or pass another --out", dir)
	}
	return nil
}

// checkStamp reads the VCS stamp Go wrote into bin and returns its commit time (zero when there
// is none). With strict, a missing or modified stamp is an error: a release binary must name
// the commit it was built from.
func checkStamp(bin string, strict bool) (time.Time, error) {
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: reading its build info: %w", bin, err)
	}
	s := stampOf(info)
	if strict && s.revision == "" {
		return time.Time{}, fmt.Errorf("%s has no VCS stamp, so bond version would print commit unknown: Go stamps a build only in a git checkout whose .git is a directory (not a git worktree, not a source archive); cut the release from a clone", bin)
	}
	if strict && s.modified {
		return time.Time{}, fmt.Errorf("%s was built from a checkout with uncommitted changes (vcs.modified); commit or stash them, then run again", bin)
	}
	return s.time, nil
}

type vcsStamp struct {
	revision string
	time     time.Time
	modified bool
}

func stampOf(info *debug.BuildInfo) vcsStamp {
	var s vcsStamp
	for _, kv := range info.Settings {
		switch kv.Key {
		case "vcs.revision":
			s.revision = kv.Value
		case "vcs.time":
			s.time, _ = time.Parse(time.RFC3339, kv.Value)
		case "vcs.modified":
			s.modified = kv.Value == "true"
		}
	}
	return s
}

// VersionFromGit derives the release version from git describe in root: a tag vX.Y.Z on HEAD
// gives X.Y.Z; commits after it give X.Y.(Z+1)-dev.N.gSHA (so that it sorts after the tag);
// no tag at all gives internal/version.Tool-dev.N.gSHA with N the commit count; uncommitted
// changes add .dirty.
func VersionFromGit(ctx context.Context, root string) (string, error) {
	git := func(args ...string) (string, error) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...)
		out, err := cmd.Output()
		if err != nil {
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(ee.Stderr))
			}
			return "", fmt.Errorf("git %s in %s: %w; pass --version instead", strings.Join(args, " "), root, err)
		}
		return strings.TrimSpace(string(out)), nil
	}
	desc, err := git("describe", "--tags", "--match", "v[0-9]*", "--long", "--dirty", "--always", "--abbrev=12")
	if err != nil {
		return "", err
	}
	count, err := git("rev-list", "--count", "HEAD")
	if err != nil {
		return "", err
	}
	n, err := strconv.Atoi(count)
	if err != nil {
		return "", fmt.Errorf("git rev-list --count HEAD in %s printed %q; pass --version instead", root, count)
	}
	return versionFromDescribe(desc, n, version.Tool)
}

var (
	describeTagRE  = regexp.MustCompile(`^v(.+)-(\d+)-g([0-9a-f]+)(-dirty)?$`)
	describeHashRE = regexp.MustCompile(`^([0-9a-f]+)(-dirty)?$`)
)

// versionFromDescribe turns git describe --long --dirty --always output into a version (see
// VersionFromGit); commits is HEAD's commit count, tool the version a tagless history uses.
func versionFromDescribe(desc string, commits int, tool string) (string, error) {
	if m := describeTagRE.FindStringSubmatch(desc); m != nil {
		base, after, hash, dirty := m[1], m[2], m[3], m[4] != ""
		if !semverRE.MatchString(base) {
			return "", fmt.Errorf("git tag v%s is not vMAJOR.MINOR.PATCH[-prerelease]; tag releases so, or pass --version", base)
		}
		v := base
		if after != "0" {
			if strings.Contains(base, "-") {
				v = base + ".dev." + after + ".g" + hash
			} else {
				v = bumpPatch(base) + "-dev." + after + ".g" + hash
			}
		}
		if dirty {
			if strings.Contains(v, "-") {
				v += ".dirty"
			} else {
				v += "-dirty"
			}
		}
		return v, nil
	}
	if m := describeHashRE.FindStringSubmatch(desc); m != nil {
		v := fmt.Sprintf("%s-dev.%d.g%s", tool, commits, m[1])
		if m[2] != "" {
			v += ".dirty"
		}
		return v, nil
	}
	return "", fmt.Errorf("git describe printed %q, which is neither vX.Y.Z-N-gHASH nor a hash; pass --version", desc)
}

// bumpPatch adds one to the patch number of a MAJOR.MINOR.PATCH version.
func bumpPatch(v string) string {
	i := strings.LastIndexByte(v, '.')
	n, _ := strconv.Atoi(v[i+1:])
	return v[:i+1] + strconv.Itoa(n+1)
}
