// The alias parity fixture: the tests and the source import through resolve.alias, an exact
// name ('geometry') and a path prefix ('@lib'), whose relative replacements vite resolves from
// the importing file (test/ and src/ are both one level down, so '../src' is src/ from either).
// It shares the parity fixture's install (../node_modules).
export default {
  resolve: {
    alias: {
      geometry: '../src/index.js',
      '@lib': '../src',
    },
  },
  test: {
    environment: 'node',
    include: ['test/*.test.js'],
  },
};
