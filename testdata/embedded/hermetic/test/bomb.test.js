const test = require('node:test');
test('allocates without bound', () => {
  const a = [];
  for (;;) a.push(new Array(1e6).fill(1));
});
