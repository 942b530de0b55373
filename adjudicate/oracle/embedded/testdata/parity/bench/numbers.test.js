// The jest-style benchmark suite, part 2 of 4: numbers (about 100 tests in all).
const { isPrime, gcd, clamp } = require('./lib');

describe('isPrime', () => {
  test.each([2, 3, 5, 7, 11, 13, 17, 19, 23, 29])('%i is prime', (n) => expect(isPrime(n)).toBe(true));
  test.each([0, 1, 4, 6, 8, 9, 15, 21, 25, 27])('%i is not prime', (n) => expect(isPrime(n)).toBe(false));
});

describe('gcd', () => {
  test.each`
    a     | b     | want
    ${12} | ${18} | ${6}
    ${7}  | ${5}  | ${1}
    ${0}  | ${9}  | ${9}
    ${-4} | ${6}  | ${2}
    ${100}| ${75} | ${25}
  `('gcd($a, $b) is $want', ({ a, b, want }) => {
    expect(gcd(a, b)).toBe(want);
  });
});

describe('clamp', () => {
  test('below', () => expect(clamp(-5, 0, 10)).toBe(0));
  test('above', () => expect(clamp(50, 0, 10)).toBe(10));
  test('inside', () => expect(clamp(5, 0, 10)).toBe(5));
  test('edges', () => {
    expect(clamp(0, 0, 10)).toBe(0);
    expect(clamp(10, 0, 10)).toBe(10);
  });
  test('floats', () => expect(clamp(0.15, 0.1, 0.2)).toBeCloseTo(0.15));
});

describe('clamp table', () => {
  test.each(Array.from({ length: 18 }, (_, i) => [i * 7 - 40, -20, 60]))('clamp(%i, %i, %i) stays in range', (x, lo, hi) => {
    const c = clamp(x, lo, hi);
    expect(c).toBeGreaterThanOrEqual(lo);
    expect(c).toBeLessThanOrEqual(hi);
    if (x >= lo && x <= hi) expect(c).toBe(x);
  });
});
