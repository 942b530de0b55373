// vitest's side of the parity fixture: globals like jest's, node environment, the shared files
// and the vitest-only ones.
export default {
  test: {
    globals: true,
    environment: 'node',
    include: ['test/*.test.js', 'test/*.vitest.js', 'bench/*.test.js'],
  },
};
