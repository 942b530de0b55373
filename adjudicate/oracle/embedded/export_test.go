package embedded

// withoutTrace turns r's value trace off, for the benchmark of what the trace costs.
func withoutTrace(r *Runner) { r.noTrace = true }
