const test = require('node:test');
test('asks for one huge block', () => {
  const s = 'x'.repeat(2 ** 31 - 1);
  return s.length;
});
