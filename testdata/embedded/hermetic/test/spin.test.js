const test = require('node:test');
test('spins forever', () => {
  for (;;) { /* never ends */ }
});
