// Command bond tells whether a patch's own tests pin down the JavaScript/TypeScript lines the
// patch added. See README.md and docs/ for the commands; SPEC lives beside the repository.
//
// Each command is one file with an options struct, newXxxCmd and runXxx (STYLE.md §6). Where
// the SPEC rules of the CLI live:
//
//	§2.6 bond plan                                  plan.go (planFlags: flags shared with certify)
//	§3.1 .bond.toml with flags winning              config.go (the file itself: internal/config)
//	§4   bond certify, report files                 certify.go
//	§4   exit codes                                 exitcode.go
//	§4   bond inspect                               inspect.go
//	§4   bond operators                             operators.go
//	§4   human, markdown, github renderings         render.go
//	§6.2–§6.4 bond corpus run, report, compare      corpus.go
//	§6.5 bond prereg freeze                         prereg.go
//	§6.6 bond lab parse-rate, shapes                lab.go (the measurements: plan/lab)
package main
