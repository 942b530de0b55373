package testconfig

// This file's one job: what bond knows of the environment the real runner's process starts
// with because of how the oracle command launches it, for the config values that branch on it.

// Launch is what the launcher chain of the oracle command (oraclecmd.Invocation.Via) sets in the
// real runner's environment that a config may read. The zero value knows nothing: every npm_*
// variable is refused by name, as before.
type Launch struct {
	// Known says NpmLifecycleEvent was derived from the command (oraclecmd.NpmLifecycleEvent).
	Known bool
	// NpmLifecycleEvent is process.env.npm_lifecycle_event as the runner sees it, "" when it is
	// unset: npm sets it to the script's name for `npm run NAME` and `npm test` ("test"), and to
	// "npx" for `npx …` and `npm exec …` (npm 7 and later); a runner started directly has none,
	// since bond's command runner passes no npm_lifecycle_event through (internal/isolate's
	// allow-list).
	NpmLifecycleEvent string
}

// WithLaunch makes the evaluator read process.env.npm_lifecycle_event as l says; nil stays nil.
func (e *evaluator) WithLaunch(l Launch) *evaluator {
	if e != nil {
		e.launch = l
	}
	return e
}
