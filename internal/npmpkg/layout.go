package npmpkg

// This file's one job: the layout of the npm packages (package.json files, the main package's
// launcher, the archive names); npmpkg.go builds them.

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/template"
	"time"
)

// packageJSON is the subset of npm's package.json the release writes.
type packageJSON struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	Description          string            `json:"description"`
	Repository           map[string]string `json:"repository"`
	Bin                  map[string]string `json:"bin,omitempty"`
	OptionalDependencies map[string]string `json:"optionalDependencies,omitempty"`
	OS                   []string          `json:"os,omitempty"`
	CPU                  []string          `json:"cpu,omitempty"`
	// PreferUnplugged asks Yarn's Plug'n'Play to keep the package on disk, so the binary can run.
	PreferUnplugged bool `json:"preferUnplugged,omitempty"`
}

func repository() map[string]string {
	return map[string]string{"type": "git", "url": "git+" + Repository + ".git"}
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

func writePlatformPackage(dir string, p Platform, v string) error {
	pj := packageJSON{
		Name:            p.Package(),
		Version:         v,
		Description:     fmt.Sprintf("The bond binary for %s %s; install %s, which runs it.", p.OS, p.CPU, MainPackage),
		Repository:      repository(),
		OS:              []string{p.OS},
		CPU:             []string{p.CPU},
		PreferUnplugged: true,
	}
	if err := writeJSON(filepath.Join(dir, "package.json"), pj); err != nil {
		return err
	}
	readme := fmt.Sprintf("# %s\n\nThe bond binary (%s) for %s %s. Do not install this package directly: install\n[`%s`](https://www.npmjs.com/package/%s), whose launcher runs the binary of the platform\npackage npm chose for the machine. See %s.\n",
		p.Package(), "bin/bond", p.OS, p.CPU, MainPackage, MainPackage, Repository)
	return os.WriteFile(filepath.Join(dir, "README.md"), []byte(readme), 0o644)
}

//go:embed launcher.js.tmpl
var launcherTmpl string

var launcher = template.Must(template.New("launcher").Parse(launcherTmpl))

// Launcher returns the main package's bin/bond for version v: the JavaScript that finds the
// platform package for process.platform and process.arch and runs its binary.
func Launcher(v string) ([]byte, error) {
	pkgs := map[string]string{}
	for _, p := range Platforms {
		pkgs[p.OS+" "+p.CPU] = p.Package()
	}
	pj, err := json.MarshalIndent(pkgs, "", "  ")
	if err != nil {
		return nil, err
	}
	vj, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = launcher.Execute(&b, struct{ Version, Packages, Name, Scope string }{string(vj), string(pj), MainPackage, Scope})
	return b.Bytes(), err
}

func writeMainPackage(dir, v string) error {
	deps := map[string]string{}
	for _, p := range Platforms {
		deps[p.Package()] = v
	}
	pj := packageJSON{
		Name:                 MainPackage,
		Version:              v,
		Description:          "bond: do a patch's tests pin down the JavaScript and TypeScript lines it adds? (the Go binary, for npx)",
		Repository:           repository(),
		Bin:                  map[string]string{"bond": "bin/bond"},
		OptionalDependencies: deps,
	}
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, "package.json"), pj); err != nil {
		return err
	}
	js, err := Launcher(v)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", "bond"), js, 0o755); err != nil {
		return err
	}
	readme := fmt.Sprintf("# %s\n\n[bond](%s) as an npm package: `npx %s certify …`, or install it as a dev dependency\n(`npm install --save-dev %s`) and run `npx bond …`. The binary comes from the optional\ndependency `%s/<os>-<cpu>` npm installs for the machine; published for %s.\n",
		MainPackage, Repository, MainPackage, MainPackage, Scope, platformList())
	return os.WriteFile(filepath.Join(dir, "README.md"), []byte(readme), 0o644)
}

func platformList() string {
	var names []string
	for _, p := range Platforms {
		names = append(names, p.Name())
	}
	return strings.Join(names, ", ")
}

// ArchiveName is the release archive of p at version v: bond_<v>_<goos>_<goarch>.tar.gz.
func ArchiveName(p Platform, v string) string {
	return fmt.Sprintf("bond_%s_%s_%s.tar.gz", v, p.GOOS, p.GOARCH)
}

// writeArchive packs bin alone (as bond, mode 0755, owner root, time stamp) into
// out/ArchiveName, so that the same commit gives the same bytes.
func writeArchive(out string, p Platform, v, bin string, stamp time.Time) (string, error) {
	data, err := os.ReadFile(bin)
	if err != nil {
		return "", err
	}
	path := filepath.Join(out, ArchiveName(p, v))
	var b bytes.Buffer
	gz := gzip.NewWriter(&b)
	tw := tar.NewWriter(gz)
	h := &tar.Header{Name: "bond", Mode: 0o755, Size: int64(len(data)), ModTime: stamp, Typeflag: tar.TypeReg, Format: tar.FormatUSTAR}
	if err := tw.WriteHeader(h); err != nil {
		return "", err
	}
	if _, err := tw.Write(data); err != nil {
		return "", err
	}
	if err := tw.Close(); err != nil {
		return "", err
	}
	if err := gz.Close(); err != nil {
		return "", err
	}
	return path, os.WriteFile(path, b.Bytes(), 0o644)
}

func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", path, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
