// The built package, which the tests never reach: they run under --conditions development, which
// resolves the package's own name to src/ (package.json's exports).
throw new Error('dist/index.js is not built in this fixture: run the tests with --conditions development');
