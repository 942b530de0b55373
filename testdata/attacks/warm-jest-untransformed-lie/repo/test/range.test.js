const { clamp, width } = require('../src/range.js');

describe('clamp', () => {
  test('below', () => { expect(clamp(-5, 0, 10)).toBe(0); });
  test('above', () => { expect(clamp(50, 0, 10)).toBe(10); });
  test('inside', () => { expect(clamp(5, 0, 10)).toBe(5); });
});

test('width', () => { expect(width(2, 7)).toBe(5); });
