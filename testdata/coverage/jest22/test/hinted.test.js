const { describe } = require('../src/hinted.js');

test('a number is a number', () => {
  expect(describe(1)).toBe('number');
});
