import { describe, expect, test } from 'vitest';
import { clamp } from '../src/clamp';

describe('clamp', () => {
  test('keeps a number inside the range', () => {
    expect(clamp(5, 0, 10)).toBe(5);
  });
  test('raises a number below the range', () => {
    expect(clamp(-1, 0, 10)).toBe(0);
  });
  test('lowers a number above the range', () => {
    expect(clamp(11, 0, 10)).toBe(10);
  });
});
