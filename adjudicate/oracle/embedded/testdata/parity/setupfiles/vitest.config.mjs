// The setup-file parity fixture: vitest runs test/setup.js before each test file, as the
// embedded runner must. It shares the parity fixture's install (../node_modules).
export default {
  test: {
    globals: true,
    environment: 'node',
    include: ['test/*.test.js'],
    setupFiles: ['./test/setup.js'],
  },
};
