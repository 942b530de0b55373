// The GitHub REST calls of the action: find bond's sticky comment on a pull request by its
// marker, then update it, or create it when there is none.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// github is a minimal REST client for one repository.
type github struct {
	API   string // e.g. https://api.github.com, or a test server
	Token string
	Repo  string // owner/name
	HTTP  *http.Client
}

type comment struct {
	ID   int64  `json:"id"`
	Body string `json:"body"`
	User struct {
		Login string `json:"login"`
		Type  string `json:"type"`
	} `json:"user"`
}

// ours says whether c is bond's sticky comment: it starts with the marker and a bot wrote it.
// A person's comment that quotes the marker is never edited: the job's token could edit it.
func (c comment) ours() bool {
	return strings.HasPrefix(c.Body, Marker) && c.User.Type == "Bot"
}

func (g *github) do(ctx context.Context, method, path string, in, out any) error {
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(g.API, "/")+path, body)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/vnd.github+json")
	req.Header.Set("X-GitHub-Api-Version", "2022-11-28")
	if g.Token != "" {
		req.Header.Set("Authorization", "Bearer "+g.Token)
	}
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	client := g.HTTP
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s: %s (does the workflow grant pull-requests: write?)", method, path, resp.Status, strings.TrimSpace(string(b)))
	}
	if out != nil {
		return json.Unmarshal(b, out)
	}
	return nil
}

// findComment pages through the pull request's comments for the first of bond's (see ours).
func (g *github) findComment(ctx context.Context, pr int) (*comment, error) {
	for page := 1; ; page++ {
		var cs []comment
		if err := g.do(ctx, http.MethodGet, fmt.Sprintf("/repos/%s/issues/%d/comments?per_page=100&page=%d", g.Repo, pr, page), nil, &cs); err != nil {
			return nil, err
		}
		for i := range cs {
			if cs[i].ours() {
				return &cs[i], nil
			}
		}
		if len(cs) < 100 {
			return nil, nil
		}
	}
}

// upsertComment updates bond's comment on the pull request, or creates it; it returns the
// comment's id and whether it was created.
func (g *github) upsertComment(ctx context.Context, pr int, body string) (int64, bool, error) {
	if g.Repo == "" {
		return 0, false, fmt.Errorf("no repository (GITHUB_REPOSITORY is empty)")
	}
	old, err := g.findComment(ctx, pr)
	if err != nil {
		return 0, false, err
	}
	var c comment
	if old != nil {
		err := g.do(ctx, http.MethodPatch, fmt.Sprintf("/repos/%s/issues/comments/%d", g.Repo, old.ID), map[string]string{"body": body}, &c)
		return old.ID, false, err
	}
	err = g.do(ctx, http.MethodPost, fmt.Sprintf("/repos/%s/issues/%d/comments", g.Repo, pr), map[string]string{"body": body}, &c)
	return c.ID, true, err
}
