package report

// WarmInfo is what --warm did in one certify (docs/warm-workers.md): a long-lived runner
// process per sandbox ran mutants, each mutated module carrying a run-unique probe the worker
// had to report back. Only its kills count; every mutant it accepted ran again cold, and every
// answer it could not prove fresh was thrown away and run cold.
type WarmInfo struct {
	// Worker names the warm worker (vitest or jest), or "" when none could stand for the
	// oracle command (Refused says why).
	Worker string `json:"worker"`
	// Refused says why no warm worker ran (or why the workers stopped being used): the oracle
	// command is not one the worker can run as written, the configuration turns isolation off,
	// the worker did not start, or its control run of the unmutated tree did not pass.
	Refused string `json:"refused,omitempty"`
	// Started counts the worker processes started (one per sandbox, plus replacements).
	Started int `json:"started"`
	// Controls counts the worker's runs of the unmutated tree (each new worker's first run, then
	// one every few mutant runs): each must pass every test and report its probe.
	Controls int `json:"controls"`
	// Killed counts mutants the worker's answer killed, with the probe proving it ran this run's
	// code: the only answers taken as they are.
	Killed int `json:"killed"`
	// Confirmed counts mutants the worker accepted, each then run cold; ColdDisagreed counts
	// those the cold run killed (the worker was replaced).
	Confirmed     int `json:"confirmed_cold"`
	ColdDisagreed int `json:"cold_disagreed,omitempty"`
	// Discarded counts answers thrown away and run cold: a missing or wrong probe (stale code),
	// an error outside a test, a timeout, a worker that died. The worker was replaced each time.
	Discarded int `json:"discarded"`
	// Why lists the reasons of the first discarded answers (at most 5).
	Why []string `json:"why,omitempty"`
}
