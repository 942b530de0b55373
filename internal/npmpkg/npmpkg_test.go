package npmpkg

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"debug/buildinfo"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bond-tool/bond/internal/bondbin"
)

// root is the module's root, relative to this package.
const root = "../.."

func TestVersionFromDescribe(t *testing.T) {
	tests := []struct {
		desc    string
		commits int
		want    string
		err     string
	}{
		{desc: "v1.2.3-0-gabcdef123456", want: "1.2.3"},
		{desc: "v1.2.3-0-gabcdef123456-dirty", want: "1.2.3-dirty"},
		{desc: "v1.2.3-4-gabcdef123456", want: "1.2.4-dev.4.gabcdef123456"},
		{desc: "v1.2.9-4-gabcdef123456-dirty", want: "1.2.10-dev.4.gabcdef123456.dirty"},
		{desc: "v2.0.0-rc.1-0-gabcdef123456", want: "2.0.0-rc.1"},
		{desc: "v2.0.0-rc.1-3-gabcdef123456", want: "2.0.0-rc.1.dev.3.gabcdef123456"},
		{desc: "abcdef123456", commits: 618, want: "0.1.0-dev.618.gabcdef123456"},
		{desc: "abcdef123456-dirty", commits: 618, want: "0.1.0-dev.618.gabcdef123456.dirty"},
		{desc: "v1.2-0-gabcdef123456", err: "git tag v1.2 is not vMAJOR.MINOR.PATCH"},
		{desc: "release-1-0-gxyz", err: `git describe printed "release-1-0-gxyz"`},
	}
	for _, tt := range tests {
		got, err := versionFromDescribe(tt.desc, tt.commits, "0.1.0")
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("versionFromDescribe(%q) = %q, %v; want an error containing %q", tt.desc, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("versionFromDescribe(%q) = %q, %v; want %q", tt.desc, got, err, tt.want)
		}
		if err == nil && !semverRE.MatchString(got) {
			t.Errorf("versionFromDescribe(%q) = %q, which npm would not accept", tt.desc, got)
		}
	}
}

func TestBuildRejects(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "old"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Build(context.Background(), Options{Root: root, Out: dir, Version: "1.0.0", HostOnly: true})
	if err == nil || !strings.Contains(err.Error(), dir+" is not empty") {
		t.Errorf("Build into a non-empty directory: %v; want an error naming it", err)
	}
	_, err = Build(context.Background(), Options{Root: root, Out: t.TempDir(), Version: "1.0", HostOnly: true})
	if err == nil || !strings.Contains(err.Error(), `version "1.0" is not semver`) {
		t.Errorf("Build --version 1.0: %v; want an error naming the version", err)
	}
}

// fakeInstall lays out node_modules as npm installs bond-cli at version main with the host's
// platform package at version plat (none when plat is ""), whose binary is the shell script
// script. It returns the launcher's path.
func fakeInstall(t *testing.T, main, plat, script string) string {
	t.Helper()
	host, err := HostPlatform()
	if err != nil {
		t.Skip(err)
	}
	nm := filepath.Join(t.TempDir(), "node_modules")
	if err := writeMainPackage(filepath.Join(nm, MainPackage), main); err != nil {
		t.Fatal(err)
	}
	if plat != "" {
		dir := filepath.Join(nm, filepath.FromSlash(host.Package()))
		if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := writePlatformPackage(dir, host, plat); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "bin", "bond"), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(nm, MainPackage, "bin", "bond")
}

func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not on PATH, so the npm launcher cannot run here (CI has it)")
	}
}

// exitOf runs cmd and returns its exit code (-1 when a signal ended it) and stderr.
func exitOf(t *testing.T, cmd *exec.Cmd) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%s: %v", cmd, err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// The launcher runs the platform package's binary with the arguments, stdin and stdout passed
// through, and exits with its code.
func TestLauncherPassesThrough(t *testing.T) {
	needNode(t)
	launcher := fakeInstall(t, "1.0.0", "1.0.0", "#!/bin/sh\nprintf '%s|' \"$@\"\ncat\nexit 7\n")
	cmd := exec.Command("node", launcher, "certify", "--repo", "a b", "")
	cmd.Stdin = strings.NewReader("from stdin\n")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	code, stderr := exitOf(t, cmd)
	if code != 7 || stderr != "" {
		t.Errorf("exit %d, stderr %q; want 7 and nothing", code, stderr)
	}
	if want := "certify|--repo|a b||from stdin\n"; stdout.String() != want {
		t.Errorf("stdout %q; want %q", stdout.String(), want)
	}
}

// A SIGTERM to the launcher reaches bond, which stops cleanly and exits 143 (its own code); a
// binary killed by a signal kills the launcher with the same signal.
func TestLauncherSignals(t *testing.T) {
	needNode(t)
	// The fake binary reports it is ready, then waits for SIGTERM and exits as bond does; after
	// 10 s without one it gives up, so that the test fails rather than hangs.
	launcher := fakeInstall(t, "1.0.0", "1.0.0", "#!/bin/sh\ntrap 'echo got TERM; exit 143' TERM\necho ready\ni=0\nwhile [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done\necho no TERM\n")
	cmd := exec.Command("node", launcher)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(out)
	if line, err := r.ReadString('\n'); line != "ready\n" {
		cmd.Process.Kill()
		t.Fatalf("first line %q, %v; want ready", line, err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(r)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 143 || string(rest) != "got TERM\n" {
		t.Errorf("after SIGTERM: exit %d, output %q; want 143 and the binary's trap output", code, rest)
	}

	launcher = fakeInstall(t, "1.0.0", "1.0.0", "#!/bin/sh\nkill -KILL $$\n")
	cmd = exec.Command("node", launcher)
	cmd.Run()
	ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Errorf("binary killed by SIGKILL: launcher ended %v; want killed by SIGKILL too", cmd.ProcessState)
	}
}

// Without a binary for the machine, the launcher says which platform and package, and what to
// do, and exits 3 (an environment failure), never bond's 1 (refused) or 2.
func TestLauncherErrors(t *testing.T) {
	needNode(t)
	host, err := HostPlatform()
	if err != nil {
		t.Skip(err)
	}
	key := host.OS + " " + host.CPU
	tests := []struct {
		name, plat string
		preload    string
		want       []string
	}{
		{name: "not installed", want: []string{host.Package(), "(" + key + ")", "is not installed", "npm install " + host.Package() + "@1.0.0"}},
		{name: "other version", plat: "0.9.0", want: []string{host.Package() + " is version 0.9.0", "bond-cli is 1.0.0", "npm install bond-cli@1.0.0 " + host.Package() + "@1.0.0"}},
		{name: "unpublished platform", plat: "1.0.0", preload: "Object.defineProperty(process, 'arch', {value: 'mips'});",
			want: []string{"no bond binary is published for this platform (" + host.OS + " mips)", "published: linux arm64, linux x64.", "bond runs on Linux only"}},
		{name: "binary missing", plat: "1.0.0", want: []string{"cannot run ", filepath.Join(filepath.FromSlash(host.Package()), "bin", "bond"), "ENOENT"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			launcher := fakeInstall(t, "1.0.0", tt.plat, "#!/bin/sh\necho ran\n")
			if tt.name == "binary missing" {
				if err := os.Remove(filepath.Join(filepath.Dir(filepath.Dir(launcher)), "..", filepath.FromSlash(host.Package()), "bin", "bond")); err != nil {
					t.Fatal(err)
				}
			}
			args := []string{launcher, "version"}
			if tt.preload != "" {
				pre := filepath.Join(t.TempDir(), "preload.js")
				if err := os.WriteFile(pre, []byte(tt.preload), 0o644); err != nil {
					t.Fatal(err)
				}
				args = append([]string{"--require", pre}, args...)
			}
			cmd := exec.Command("node", args...)
			code, stderr := exitOf(t, cmd)
			if code != 3 {
				t.Errorf("exit %d; want 3", code)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q\nwants %q", stderr, w)
				}
			}
		})
	}
}

// offlineNpm returns the environment of an npm that cannot reach any registry and starts from an
// empty cache and no user configuration, so anything that needed the network fails.
func offlineNpm(t *testing.T, dir string) []string {
	t.Helper()
	rc, grc := filepath.Join(dir, "npmrc"), filepath.Join(dir, "global-npmrc")
	for _, f := range []string{rc, grc} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return append(os.Environ(),
		"npm_config_registry=http://127.0.0.1:9/",
		"npm_config_offline=true",
		"npm_config_cache="+filepath.Join(dir, "npm-cache"),
		"npm_config_userconfig="+rc,
		"npm_config_globalconfig="+grc,
		"npm_config_update_notifier=false",
		"npm_config_audit=false",
		"npm_config_fund=false",
	)
}

// The done-when of issue 26: the generated packages, npm packed, install into a scratch project
// with no network, and npx bond certify on the README's demo gives the documented verdict and
// exit code; npx bond version prints the commit the binary was built from. The release archive
// holds the same binary and SHA256SUMS matches it.
func TestPackInstallCertifyOffline(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("npm is not on PATH: the npm package cannot be packed and installed here (CI has it)")
	}
	if err := bondbin.ConsultSources(root); err != nil {
		t.Fatal(err)
	}
	demo, err := filepath.Abs(filepath.Join(root, "testdata", "demo"))
	if err != nil {
		t.Fatal(err)
	}
	// Read the demo too, so that go test's cache sees a change to it (bondbin's package comment).
	if err := filepath.WalkDir(demo, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			_, err = os.ReadFile(p)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	const v = "0.0.0-test.1"
	start := time.Now()
	res, err := Build(context.Background(), Options{Root: root, Out: filepath.Join(tmp, "dist"), Version: v, HostOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("host build: %s", time.Since(start).Round(time.Millisecond))
	host := res.Built[0]
	bin := filepath.Join(res.PlatformDirs[0], "bin", "bond")
	checkArchive(t, res, bin)

	env := offlineNpm(t, tmp)
	npm := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("npm", args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("npm %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
		}
		return string(out)
	}
	tgz := filepath.Join(tmp, "tgz")
	if err := os.Mkdir(tgz, 0o755); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	npm(tmp, "pack", "--silent", "--pack-destination", tgz, res.MainDir, res.PlatformDirs[0])
	mainTgz := filepath.Join(tgz, MainPackage+"-"+v+".tgz")
	platTgz := filepath.Join(tgz, strings.NewReplacer("@", "", "/", "-").Replace(host.Package())+"-"+v+".tgz")
	project := func(name string, tarballs ...string) string {
		dir := filepath.Join(tmp, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"name": "scratch", "version": "1.0.0", "private": true}`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		npm(dir, append([]string{"install", "--offline", "--no-audit", "--no-fund"}, tarballs...)...)
		return dir
	}
	proj := project("scratch", mainTgz, platTgz)
	t.Logf("npm pack + offline install: %s", time.Since(start).Round(time.Millisecond))

	npx := func(dir string, args ...string) (code int, stdout, stderr string) {
		t.Helper()
		cmd := exec.Command("npx", append([]string{"--offline", "--no"}, args...)...)
		cmd.Dir, cmd.Env = dir, env
		var out bytes.Buffer
		cmd.Stdout = &out
		code, stderr = exitOf(t, cmd)
		return code, out.String(), stderr
	}

	// The README's first command, through npx: bond refuses the demo's patch.
	code, stdout, stderr := npx(proj, "bond", "certify", "--repo", demo, "--diff", filepath.Join(demo, "patch.diff"), "--oracle", "test/pricing.test.js")
	const verdict = "bond: refused: bond vacuous under witness-recorded"
	if code != 1 || !strings.Contains(stderr, verdict) || !strings.HasPrefix(stdout, "bond VACUOUS under witness-recorded") {
		t.Errorf("npx bond certify on the demo: exit %d; want 1 (refused) and %q on stderr\nstdout:\n%s\nstderr:\n%s", code, verdict, stdout, stderr)
	}

	// bond version names the commit Go stamped into the packaged binary, and that is HEAD when
	// the checkout can be stamped (Go stamps only where .git is a directory: not in a worktree).
	// npx bond-cli is the README's form for a project that has not installed it; here it must
	// find the installed one, since nothing can be fetched.
	code, stdout, stderr = npx(proj, MainPackage, "version", "--format", "json")
	var got struct {
		Name, Version, Commit string
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil {
		t.Fatalf("npx bond-cli version --format json: exit %d, %v\nstdout:\n%s\nstderr:\n%s", code, err, stdout, stderr)
	}
	info, err := buildinfo.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	stamp := stampOf(info)
	want := stamp.revision
	if want == "" {
		want = "unknown"
	}
	if got.Name != "bond" || got.Commit != want {
		t.Errorf("npx bond-cli version: name %q, commit %q; want bond and the binary's stamp %q", got.Name, got.Commit, want)
	}
	if fi, err := os.Stat(filepath.Join(root, ".git")); err == nil && fi.IsDir() {
		head, err := exec.Command("git", "-C", root, "rev-parse", "HEAD").Output()
		if err != nil {
			t.Fatal(err)
		}
		if h := strings.TrimSpace(string(head)); got.Commit != h {
			t.Errorf("npx bond-cli version: commit %q; want HEAD %q", got.Commit, h)
		}
	} else {
		t.Logf("%s/.git is not a directory (a git worktree?), so Go could not stamp the commit; bond version says %q", root, got.Commit)
	}
	for _, s := range info.Settings {
		if s.Key == "CGO_ENABLED" && s.Value != "0" || s.Key == "-trimpath" && s.Value != "true" {
			t.Errorf("packaged binary built with %s=%s; want CGO_ENABLED=0 and -trimpath", s.Key, s.Value)
		}
	}

	// Installed without its platform package (npm --omit=optional does this), the launcher says
	// which package to install and exits 3.
	bare := project("bare", mainTgz)
	code, _, stderr = npx(bare, "bond", "version")
	if code != 3 || !strings.Contains(stderr, host.Package()+", the package holding bond's binary for this platform") {
		t.Errorf("bond-cli without %s: exit %d, stderr %q; want 3 and the package named", host.Package(), code, stderr)
	}
}

// checkArchive checks that SHA256SUMS lists every archive with its digest and that the host's
// archive holds bin alone, as bond, executable.
func checkArchive(t *testing.T, res Result, bin string) {
	t.Helper()
	sums, err := os.ReadFile(res.Sums)
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, a := range res.Archives {
		data, err := os.ReadFile(a)
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(data)
		want.WriteString(hex.EncodeToString(h[:]) + "  " + filepath.Base(a) + "\n")
	}
	if string(sums) != want.String() {
		t.Errorf("SHA256SUMS:\n%s\nwant:\n%s", sums, want.String())
	}
	if len(res.Archives) != 1 || filepath.Base(res.Archives[0]) != ArchiveName(res.Built[0], res.Version) {
		t.Fatalf("archives %v; want the host's only", res.Archives)
	}
	f, err := os.Open(res.Archives[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	h, err := tr.Next()
	if err != nil {
		t.Fatal(err)
	}
	packed, err := io.ReadAll(tr)
	if err != nil {
		t.Fatal(err)
	}
	built, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	if h.Name != "bond" || h.Mode != 0o755 || !bytes.Equal(packed, built) {
		t.Errorf("archive entry %s mode %o, %d bytes; want bond, 0755, the %d bytes of %s", h.Name, h.Mode, len(packed), len(built), bin)
	}
	if _, err := tr.Next(); err != io.EOF {
		t.Errorf("archive has more than the binary (%v)", err)
	}
}
