// Package version names bond and the versions of what it writes, in one place every document
// (plan documents, certify reports, verdict documents, corpus rows) reads.
package version

// ToolName and Tool identify bond in every plan document, certify report and corpus row.
// Tool enters corpus fingerprints, so bump it when a release changes any recorded fact.
const (
	ToolName = "bond"
	Tool     = "0.1.0"
)

// Schema is the version of the JSON documents bond writes. See docs/report-schema.md.
const Schema = "1"
