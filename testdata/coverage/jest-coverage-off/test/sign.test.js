const { sign } = require('../src/sign.js');

test('a positive number is non-negative', () => {
  expect(sign(5)).toBe('non-negative');
});
