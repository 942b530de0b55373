package testconfig

// The package.json files the tests' fixtures declare their framework with.
const (
	jestPkg = `{"devDependencies": {"jest": "^29.7.0"}}`
	vitePkg = `{"devDependencies": {"vitest": "^3.2.0"}}`
)
