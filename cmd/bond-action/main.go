// Command bond-action is the logic of the GitHub Action at the repository root (action.yml): it
// runs bond certify on a pull request against the PR's base, writes the markdown report to the
// job summary, creates or updates one sticky comment on the pull request (found by a hidden
// marker), writes SARIF and workflow annotations when asked, and exits with bond's exit code.
//
// It reads everything from the environment the Actions runner provides (GITHUB_EVENT_PATH,
// GITHUB_API_URL, GITHUB_REPOSITORY, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT, GITHUB_WORKSPACE) and
// the action's inputs as BOND_* variables (action.yml maps them), so a test can run it offline
// against a fixture repository and a local API server.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bond-tool/bond/internal/safefile"
)

// Marker is the hidden line that identifies bond's sticky comment on a pull request.
const Marker = "<!-- bond -->"

func main() {
	os.Exit(run(context.Background(), os.Getenv, os.Stdout, os.Stderr))
}

// config is the action's inputs and the runner's environment.
type config struct {
	Bond      string   // the bond binary (BOND_BIN, default "bond" on PATH)
	Workspace string   // the checked-out pull request
	Oracle    []string // test files, whitespace- or newline-separated
	OracleCmd string
	Gates     []string // NAME=CMD, one per line
	Base      string   // default: the PR's base sha from the event
	Regime    string
	Budget    string
	// OperatorSet is the operator-set input (--operator-set 1|2), "" for bond's default.
	OperatorSet string
	SARIF       string // path to write SARIF to, "" for none
	Comment     bool
	Token       string
	APIURL      string
	Repository  string
	EventPath   string
	Summary     string
	Output      string
}

func readConfig(getenv func(string) string) config {
	c := config{
		Bond: getenv("BOND_BIN"), Workspace: getenv("GITHUB_WORKSPACE"),
		Oracle: strings.Fields(getenv("BOND_ORACLE")), OracleCmd: getenv("BOND_ORACLE_CMD"),
		Base: getenv("BOND_BASE"), Regime: getenv("BOND_REGIME"), Budget: getenv("BOND_BUDGET"), OperatorSet: getenv("BOND_OPERATOR_SET"), SARIF: getenv("BOND_SARIF"),
		Comment: getenv("BOND_COMMENT") != "false", Token: getenv("GITHUB_TOKEN"), APIURL: getenv("GITHUB_API_URL"),
		Repository: getenv("GITHUB_REPOSITORY"), EventPath: getenv("GITHUB_EVENT_PATH"), Summary: getenv("GITHUB_STEP_SUMMARY"),
		Output: getenv("GITHUB_OUTPUT"),
	}
	for _, g := range strings.Split(getenv("BOND_GATES"), "\n") {
		if g = strings.TrimSpace(g); g != "" {
			c.Gates = append(c.Gates, g)
		}
	}
	if c.Bond == "" {
		c.Bond = "bond"
	}
	if c.Workspace == "" {
		c.Workspace = "."
	}
	if c.APIURL == "" {
		c.APIURL = "https://api.github.com"
	}
	return c
}

// event is the part of a pull_request event payload the action reads.
type event struct {
	Number      int `json:"number"`
	PullRequest *struct {
		Number int `json:"number"`
		Base   struct {
			Sha string `json:"sha"`
			Ref string `json:"ref"`
		} `json:"base"`
	} `json:"pull_request"`
	Repository struct {
		FullName string `json:"full_name"`
	} `json:"repository"`
}

func readEvent(path string) (event, error) {
	var e event
	if path == "" {
		return e, nil
	}
	b, err := safefile.Read(path, safefile.DataMax)
	if err != nil {
		return e, fmt.Errorf("reading the event payload %s: %w", path, err)
	}
	if err := json.Unmarshal(b, &e); err != nil {
		return e, fmt.Errorf("the event payload %s is not JSON: %w", path, err)
	}
	return e, nil
}

// certifyArgs are bond certify's arguments for the inputs, writing the JSON report to report.
func (c config) certifyArgs(base, report string) []string {
	args := []string{"certify", "--repo", c.Workspace, "--base", base, "--format", "markdown", "-q", "-o", report}
	if c.OracleCmd != "" {
		args = append(args, "--oracle-cmd", c.OracleCmd)
	}
	for _, o := range c.Oracle {
		args = append(args, "--oracle", o)
	}
	for _, g := range c.Gates {
		args = append(args, "--gate", g)
	}
	if c.Regime != "" {
		args = append(args, "--regime", c.Regime)
	}
	if c.Budget != "" {
		args = append(args, "--budget", c.Budget)
	}
	if c.OperatorSet != "" {
		args = append(args, "--operator-set", c.OperatorSet)
	}
	return args
}

// run does the action's job and returns bond's exit code (3 when the action itself fails before
// or after bond, as bond's own internal errors do).
func run(ctx context.Context, getenv func(string) string, stdout, stderr io.Writer) int {
	c := readConfig(getenv)
	ev, err := readEvent(c.EventPath)
	if err != nil {
		fmt.Fprintf(stderr, "bond-action: %v\n", err)
		return 3
	}
	base := c.Base
	pr := ev.Number
	if ev.PullRequest != nil {
		pr = ev.PullRequest.Number
		if base == "" {
			base = ev.PullRequest.Base.Sha
		}
	}
	if c.Repository == "" {
		c.Repository = ev.Repository.FullName
	}
	if base == "" {
		fmt.Fprintln(stderr, "bond-action: no base: run on a pull_request event, or set the base input")
		return 2
	}
	tmp, err := os.MkdirTemp("", "bond-action-")
	if err != nil {
		fmt.Fprintf(stderr, "bond-action: %v\n", err)
		return 3
	}
	defer os.RemoveAll(tmp)
	report := filepath.Join(tmp, "report.json")

	var md, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, c.Bond, c.certifyArgs(base, report)...)
	cmd.Stdout = &md
	cmd.Stderr = io.MultiWriter(stderr, &errb)
	code := 0
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			fmt.Fprintf(stderr, "bond-action: running %s: %v\n", c.Bond, err)
			return 3
		}
		code = ee.ExitCode()
	}
	body := md.String()
	if body == "" {
		// bond stopped before a report (exit 2: bad input or setup): show what it said.
		body = fmt.Sprintf("### bond: could not certify (exit %d)\n\n%s\n", code, codeBlock(strings.TrimSpace(errb.String())))
	}
	fmt.Fprint(stdout, body)

	failed := false
	step := func(what string, err error) {
		if err != nil {
			fmt.Fprintf(stderr, "bond-action: %s: %v\n", what, err)
			failed = true
		}
	}
	if _, err := os.Stat(report); err == nil {
		// Annotations on the PR's diff, from the stored report (bond inspect re-renders it).
		step("annotations", inspect(ctx, c, report, "github", stdout))
		if c.SARIF != "" {
			f, err := os.Create(c.SARIF)
			if err == nil {
				err = inspect(ctx, c, report, "sarif", f)
				if cerr := f.Close(); err == nil {
					err = cerr
				}
			}
			step("writing SARIF to "+c.SARIF, err)
		}
	}
	if c.Summary != "" {
		step("writing the job summary", appendFile(c.Summary, body+"\n"))
	}
	if c.Comment && pr != 0 {
		gh := &github{API: c.APIURL, Token: c.Token, Repo: c.Repository}
		id, created, err := gh.upsertComment(ctx, pr, Marker+"\n"+body)
		step("the sticky comment", err)
		if err == nil {
			verb := "updated"
			if created {
				verb = "created"
			}
			fmt.Fprintf(stderr, "bond-action: %s comment %d on #%d\n", verb, id, pr)
		}
	}
	if c.Output != "" {
		step("writing outputs", appendFile(c.Output, "exit-code="+strconv.Itoa(code)+"\n"))
	}
	if failed && code == 0 {
		return 3
	}
	return code
}

// codeBlock fences text in backticks one longer than its longest backtick run (at least three),
// so nothing in bond's error output can close the block and become markdown: no mention, link,
// image or HTML reaches the comment.
func codeBlock(text string) string {
	longest, run := 0, 0
	for _, c := range text {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	fence := strings.Repeat("`", max(3, longest+1))
	return fence + "\n" + text + "\n" + fence
}

// inspect re-renders the stored report in a format.
func inspect(ctx context.Context, c config, report, format string, w io.Writer) error {
	cmd := exec.CommandContext(ctx, c.Bond, "inspect", report, "--repo", c.Workspace, "--format", format)
	cmd.Stdout = w
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("bond inspect --format %s: %v: %s", format, err, strings.TrimSpace(errb.String()))
	}
	return nil
}

func appendFile(path, s string) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.WriteString(s); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
