const test = require('node:test');
test('passes but leaks an interval', () => {
  setInterval(() => {}, 1000);
});
