const test = require('node:test');
test('grows without bound', () => {
  const keep = [];
  for (;;) keep.push(new Array(4096).fill(keep.length));
});
