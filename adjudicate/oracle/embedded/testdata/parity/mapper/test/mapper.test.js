const { area, kind } = require('shape');
const { toCm } = require('@lib/units.js');
const { label } = require('../src/format.js');

describe('mapper', () => {
  test('the first matching key wins', () => {
    expect(kind).toBe('shapes');
  });
  test('converts millimetres before squaring', () => {
    expect(area(20)).toBe(4);
  });
  test('maps under <rootDir> with a group', () => {
    expect(toCm(15)).toBe(1.5);
  });
  test('falls back to the second candidate', () => {
    expect(label(25)).toBe('2.5 cm');
  });
});
