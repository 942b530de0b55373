const { stats } = require('../src/stats.js');

test('stats sums', () => {
  expect(stats([1, 2, 3]).total).toBe(6);
});
