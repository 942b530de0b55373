const test = require('node:test');
test('allocates inside one native call', () => {
  const keep = new Array(4e7).fill(0);
  return keep.length;
});
